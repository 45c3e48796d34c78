// The embedded file store keeps what it read and wrote in memory (the directory is this node's):
// a read that overlaps a write never puts the old document back, and what a restarted node reads
// is what was last written.
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Duration, Effect } from "effect"
import { afterAll, describe, expect, it } from "vitest"

const made: Array<string> = []
afterAll(() => {
  for (const root of made) rmSync(root, { recursive: true, force: true })
})
import { WorkspaceStore, layerFor } from "../../src/services/WorkspaceStore.ts"

const doc = (version: number) => ({
  version,
  touched: Date.now(),
  data: { units: [], edges: [], constants: [], kinds: [], declaration: undefined, marker: version }
})
const ttl = Duration.days(1)

describe("the file store", () => {
  it("never serves an older document after a write, whatever reads overlap it", async () => {
    const root = mkdtempSync(join(tmpdir(), "dimensional-store-"))
    made.push(root)
    const directory = join(root, "store")
    const program = Effect.gen(function* () {
      const store = yield* WorkspaceStore
      for (let round = 0; round < 60; round++) {
        // a workspace this node has not read yet (nothing cached), then one it has
        for (const id of [`ws_new_${round}`, `ws_${round % 3}`]) {
          const current = round < 3 || id.startsWith("ws_new") ? 0 : yield* Effect.map(store.read(id), (d) => d?.version ?? 0)
          // reads of the same workspace race the write, starting before it and while it runs
          const lateRead = (k: number) => Effect.andThen(k === 0 ? Effect.yieldNow : Effect.promise(() => new Promise((r) => setImmediate(r))), store.read(id))
          const [, written] = yield* Effect.all(
            [
              Effect.all([store.read(id), lateRead(0), lateRead(1), Effect.andThen(Effect.sleep(Duration.millis(round % 3)), store.read(id))], {
                concurrency: "unbounded"
              }),
              store.write(id, current, doc(current + 1), ttl)
            ],
            {
              concurrency: 2
            }
          )
          expect(written).toBe(true)
          expect((yield* store.read(id))?.version).toBe(current + 1)
        }
      }
    })
    await Effect.runPromise(program.pipe(Effect.provide(layerFor({ _tag: "file", directory }))))
    // a fresh node on the same directory reads what was written last
    const reread = Effect.gen(function* () {
      const store = yield* WorkspaceStore
      return yield* Effect.forEach(["ws_0", "ws_1", "ws_2"], (id) => Effect.map(store.read(id), (d) => d?.version))
    })
    expect(await Effect.runPromise(reread.pipe(Effect.provide(layerFor({ _tag: "file", directory }))))).toEqual([20, 20, 20])
  })
})
