/**
 * The file store through a simulated power loss (issue 33, item 5): 40 acknowledged writes over 8
 * workspaces, and after each one the directory as a power loss would leave it (the disk model of
 * test/support/crashDisk.ts keeps only what was flushed); a store started on each such directory
 * looks for every write acknowledged until then. Run once as the store is (flushing the file before
 * the rename and the directory after it) and once with every flush a no-op (the store before issue
 * 33): acknowledged writes lost, summed over the 40 crash points, and at the worst one.
 *
 * Usage: node bench/power-loss.ts
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Duration, Effect, Exit } from "effect"
import { fileStore } from "../src/services/storeFile.ts"
import { crashDisk, restore } from "../test/support/crashDisk.ts"
import { parseDimension } from "../src/engine/units/DimensionExpression.ts"

const length = parseDimension("length") as ReadonlyArray<number>
const doc = (version: number) => ({
  version,
  touched: Date.now(),
  data: { units: [{ name: `u${version}`, dimension: length, aliases: [] }], edges: [], constants: [], kinds: [], declaration: undefined }
})
const made: Array<string> = []
const fresh = () => {
  const root = mkdtempSync(join(tmpdir(), "dimensional-power-"))
  made.push(root)
  return join(root, "store")
}
process.on("exit", () => {
  for (const root of made) rmSync(root, { recursive: true, force: true })
})
const limits = { maxWorkspaces: 1000 }

const run = async (flushes: boolean) => {
  const directory = fresh()
  const disk = crashDisk(directory, { flushes })
  const crashes: Array<{ left: Map<string, string>; acknowledged: Map<string, number> }> = []
  await Effect.runPromise(
    Effect.scoped(
      Effect.gen(function* () {
        const { store } = yield* fileStore(directory, limits, disk)
        const acknowledged = new Map<string, number>()
        for (let i = 0; i < 40; i++) {
          const id = `ws_power${i % 8}`
          const version = (acknowledged.get(id) ?? 0) + 1
          yield* store.write(id, version - 1, doc(version), Duration.days(1))
          acknowledged.set(id, version)
          crashes.push({ left: disk.crash(), acknowledged: new Map(acknowledged) })
        }
      })
    )
  )
  const lost: Array<number> = []
  for (const crash of crashes) {
    const after = fresh()
    restore(crash.left, after)
    lost.push(
      await Effect.runPromise(
        Effect.scoped(
          Effect.gen(function* () {
            const { store } = yield* fileStore(after, limits)
            let n = 0
            for (const [id, version] of crash.acknowledged) {
              const read = yield* Effect.exit(store.read(id))
              if (Exit.isFailure(read) || (read.value?.version ?? 0) < version) n++
            }
            return n
          })
        )
      )
    )
  }
  return { acknowledgedWrites: 40, crashPoints: crashes.length, lostSummed: lost.reduce((a, b) => a + b, 0), lostAtWorst: Math.max(...lost) }
}

console.log(JSON.stringify({ flushing: await run(true), neverFlushing: await run(false) }))
