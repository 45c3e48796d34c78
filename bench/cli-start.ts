/**
 * A one-shot command line (issue 29): wall time from spawning `dimensional convert 5 km mi` (the
 * published bin, bundle and compile cache as installed) to its exit, against a bare `node -e 0`
 * (Node's own start), rounds alternating so a busy moment costs both alike. Target: 2.5× the bare
 * start.
 */
import { spawnSync } from "node:child_process"
import type { Row } from "./lib/report.ts"
import { median } from "./lib/mcp.ts"

const wall = (args: ReadonlyArray<string>, env: NodeJS.ProcessEnv): number => {
  const t0 = process.hrtime.bigint()
  const r = spawnSync(process.execPath, args, { env, stdio: ["ignore", "pipe", "pipe"] })
  if (r.status !== 0) throw new Error(`${args.join(" ")} exited ${r.status}: ${r.stderr}`)
  return Number(process.hrtime.bigint() - t0) / 1e6
}

export const runCliStartBench = (bin: string, rounds: number, target: number): ReadonlyArray<Row> => {
  const env = { ...process.env, DIMENSIONAL_SNAPSHOT: "0" }
  // the first start fills the compile cache, as an installed command's first run does
  wall([bin, "convert", "5", "km", "mi"], env)
  const ours: Array<number> = []
  const bare: Array<number> = []
  for (let i = 0; i < rounds; i++) {
    bare.push(wall(["-e", "0"], env))
    ours.push(wall([bin, "convert", "5", "km", "mi"], env))
  }
  const [o, b] = [median(ours), median(bare)]
  return [
    {
      section: "command line",
      label: "one-shot convert, spawn to exit (ms)",
      ours: { value: o, unit: "ms" },
      others: [{ name: "bare node", value: { value: b, unit: "ms" } }],
      target: { text: `≤ ${target}× bare node -e`, met: o / b <= target }
    }
  ]
}
