/**
 * The memory store after a creation flood and its expiry, in process (no HTTP sessions to blur the
 * numbers): 9,000 workspaces, each created by a write of one unit, with a 1-second idle time-out,
 * through `Workspace.layer` over the memory store as a server builds it. Reported: heap used after a
 * full GC, before, right after the flood, and 3 s later (past the time-out and a sweep). Each
 * workspace holds one unit with 50 aliases.
 *
 * Usage: node --expose-gc bench/workspace-memory.ts [repository root, default this one].
 */
import { Effect, Layer } from "effect"

const root = process.argv[2] ?? new URL("..", import.meta.url).pathname
process.env.DIMENSIONAL_WORKSPACE_IDLE_TIMEOUT = "1 second"
const { Workspace } = await import(`${root}/src/services/Workspace.ts`)
const { layerMemory } = await import(`${root}/src/services/WorkspaceStore.ts`)
const { UnitCatalog } = await import(`${root}/src/services/UnitCatalog.ts`)
const { parseDimension } = await import(`${root}/src/engine/units/DimensionExpression.ts`)

// under the default cap of 10,000 live workspaces (the release after issue 20 refuses the 10,001st)
const count = 9_000
const heapMb = () => {
  ;(globalThis as { gc?: () => void }).gc?.()
  return process.memoryUsage().heapUsed / 1024 / 1024
}
const dimension = parseDimension("count")

const program = Effect.gen(function* () {
  const workspaces = yield* Workspace
  const before = heapMb()
  for (let i = 0; i < count; i++) {
    const w = yield* workspaces.open(undefined, "write")
    yield* w.modify((data: { units: ReadonlyArray<unknown> }) =>
      Effect.succeed([
        undefined,
        { ...data, units: [...data.units, { name: `widget${i}`, dimension, aliases: Array.from({ length: 50 }, (_, a) => `w${i}_${a}`) }] }
      ] as const)
    )
  }
  const flooded = heapMb()
  yield* Effect.sleep("3 seconds")
  const expired = heapMb()
  console.log(
    `memory store (${root}): heap ${before.toFixed(1)} MB before; ${flooded.toFixed(1)} MB after ${count} workspaces; ${expired.toFixed(1)} MB after their expiry`
  )
})

await Effect.runPromise(
  program.pipe(Effect.provide(Workspace.layer.pipe(Layer.provide(Layer.merge(layerMemory, UnitCatalog.layer)))), Effect.scoped) as Effect.Effect<void>
)
