// Cost of one definition as a workspace grows (issue 13: each definition should cost the same however
// many came before), and of a convert call against a full workspace. In-process SDK client, memory store.
import { connectClient } from "../test/support/mcp.ts"

const c = await connectClient("growth")
const n = 500
const times: Array<number> = []
for (let i = 0; i < n; i++) {
  const t = performance.now()
  await c.call("define_unit", { name: `widget${i}`, dimension: "count", aliases: [`wdg${i}`] })
  await c.call("define_conversion", { src: `widget${i}`, dst: "ea", factor: i + 1 })
  times.push(performance.now() - t)
}
const avg = (xs: Array<number>) => (xs.reduce((a, b) => a + b, 0) / xs.length).toFixed(2)
console.log(`define_unit + define_conversion: first 20 ${avg(times.slice(0, 20))} ms, last 20 ${avg(times.slice(-20))} ms (${n} units)`)
const calls: Array<number> = []
for (let i = 0; i < 200; i++) {
  const t = performance.now()
  await c.call("convert", { value: 1, from_unit: "widget7", to_unit: "ea" })
  calls.push(performance.now() - t)
}
console.log(`convert with ${n} units in the workspace: ${avg(calls.slice(100))} ms per call`)
await c.close()
