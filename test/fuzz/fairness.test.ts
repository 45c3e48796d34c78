// Over HTTP every session shares one process: while one session sends hostile calls, another
// session's ordinary calls are answered as usual. The latencies are printed for the record; the
// test asserts only that every call of the quiet session succeeded while the storm was on.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type HttpTestClient, type SpawnedServer, connectHttpClient, spawnServer } from "../support/httpServer.ts"

let server: SpawnedServer
beforeAll(async () => (server = await spawnServer()))
afterAll(() => server.stop())

const hostile = [
  { name: "list_units", arguments: { dimension: "x".repeat(500_000) } },
  { name: "call_formula", arguments: { name: "y".repeat(4000), parameters: {} } },
  { name: "convert", arguments: { value: 1, from_unit: "m*".repeat(499) + "m", to_unit: "m" } },
  { name: "define_unit", arguments: { name: "z".repeat(4000), dimension: "w".repeat(4000) } },
  {
    name: "decompose",
    arguments: {
      initial_unit: "mcg/(kg*min)",
      target_unit: "mL/h",
      known_quantities: Array.from({ length: 12 }, (_, i) => ({ value: i + 1, unit: ["kg", "mg", "mL", "h"][i % 4] }))
    }
  }
]

const percentile = (xs: ReadonlyArray<number>, p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))]!

describe("fair sharing over HTTP", () => {
  it("answers a quiet session's calls while another session sends hostile ones", async () => {
    const quiet: HttpTestClient = await connectHttpClient(server.url, "quiet")
    const noisy: HttpTestClient = await connectHttpClient(server.url, "noisy")
    const timed = async () => {
      const start = performance.now()
      const r = await quiet.call("convert", { value: 5, from_unit: "km", to_unit: "mi" })
      return { ms: performance.now() - start, ok: !r.isError }
    }
    const baseline: Array<number> = []
    for (let i = 0; i < 30; i++) baseline.push((await timed()).ms)
    let storming = true
    const storm = (async () => {
      let sent = 0
      while (storming && sent < 300) {
        await noisy.call(hostile[sent % hostile.length]!.name, hostile[sent % hostile.length]!.arguments)
        sent++
      }
      return sent
    })()
    const during: Array<{ ms: number; ok: boolean }> = []
    for (let i = 0; i < 60; i++) during.push(await timed())
    storming = false
    const sent = await storm
    console.log(
      `quiet session p50/p95 ms: alone ${percentile(baseline, 0.5).toFixed(2)}/${percentile(baseline, 0.95).toFixed(2)}, during ${sent} hostile calls ${percentile(
        during.map((d) => d.ms),
        0.5
      ).toFixed(2)}/${percentile(
        during.map((d) => d.ms),
        0.95
      ).toFixed(2)}`
    )
    expect(during.every((d) => d.ok)).toBe(true)
    expect(sent).toBeGreaterThan(0)
    await quiet.close()
    await noisy.close()
  })
})
