// Run with a small heap (node --max-old-space-size=N): fills a memory store through the Workspace
// service with workspaces of about 16 kB of JSON each until the store refuses one, then prints what
// it held as one line of JSON. A store whose caps sit beyond the heap dies of it instead.
import { Effect, Layer } from "effect"
import { parseDimension } from "../../src/engine/units/DimensionExpression.ts"
import { UnitCatalog } from "../../src/services/UnitCatalog.ts"
import { Workspace } from "../../src/services/Workspace.ts"
import { layerMemory } from "../../src/services/WorkspaceStore.ts"

const length = parseDimension("length") as ReadonlyArray<number>

const program = Effect.gen(function* () {
  const workspaces = yield* Workspace
  for (let i = 0; ; i++) {
    const w = yield* workspaces.open(undefined, "write")
    const aliases = Array.from({ length: 400 }, (_, a) => `w${i}_alias_${a}_${"x".repeat(24)}`)
    const written = yield* Effect.result(
      w.modify((data) => Effect.succeed([undefined, { ...data, units: [{ name: `widget${i}`, dimension: length, aliases }] }] as const))
    )
    if (written._tag === "Failure") {
      const heap = process.memoryUsage()
      return { workspaces: i, refused: written.failure._tag, message: written.failure.message, heapUsedMb: Math.round(heap.heapUsed / 1024 / 1024) }
    }
  }
})

const result = await Effect.runPromise(
  program.pipe(Effect.provide(Workspace.layer.pipe(Layer.provide(Layer.merge(layerMemory, UnitCatalog.layer)))), Effect.scoped) as Effect.Effect<unknown>
)
process.stdout.write(`${JSON.stringify(result)}\n`)
