// The Workspace service over one shared store, as two replicas see it: writes from both are kept,
// ids are unguessable capabilities, an unknown or expired id is refused, reset clears one workspace.
import { Duration, Effect, Layer } from "effect"
import { it as effectIt } from "@effect/vitest"
import { TestClock } from "effect/testing"
import { describe, expect, it } from "vitest"

const effect = effectIt.effect
import { DefaultWorkspace, newWorkspaceId, Workspace } from "../../src/services/Workspace.ts"
import { layerMemory } from "../../src/services/WorkspaceStore.ts"
import { UnitCatalog } from "../../src/services/UnitCatalog.ts"
import { parseDimension } from "../../src/engine/units/DimensionExpression.ts"

const count = parseDimension("count") as ReadonlyArray<number>

/** Two Workspace services (two replicas) over one store. */
const replicas = (idleTimeout: Duration.Duration = Duration.days(1)) =>
  Effect.gen(function* () {
    const make = Workspace.make({ idleTimeout })
    return [yield* make, yield* make] as const
  }).pipe(Effect.provide(Layer.merge(layerMemory, UnitCatalog.layer)))

const addUnit = (name: string) => (data: { readonly units: ReadonlyArray<{ name: string }> }) =>
  Effect.succeed([undefined, { ...data, units: [...data.units, { name, dimension: count, aliases: [] }] }] as never)

describe("Workspace", () => {
  it("keeps every write when two replicas write one workspace at the same time", async () => {
    const names = await Effect.runPromise(
      Effect.gen(function* () {
        const [a, b] = yield* replicas()
        const first = yield* a.open(undefined, "write")
        yield* first.modify(addUnit("u0"))
        const id = first.id!
        const [wa, wb] = [yield* a.open(id, "write"), yield* b.open(id, "write")]
        yield* Effect.all(
          Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? wa : wb).modify(addUnit(`u${i + 1}`))),
          { concurrency: "unbounded" }
        )
        return (yield* (yield* b.open(id, "read")).get).units.map((u) => u.name)
      })
    )
    expect(new Set(names)).toEqual(new Set(Array.from({ length: 21 }, (_, i) => `u${i}`)))
  })

  it("gives ids no one can guess and refuses ids that name no workspace", async () => {
    const ids = new Set(Array.from({ length: 1000 }, newWorkspaceId))
    expect(ids.size).toBe(1000)
    for (const id of ids) expect(Buffer.from(id.slice(3), "base64url").length).toBe(18)
    const failure = await Effect.runPromise(
      Effect.gen(function* () {
        const [a] = yield* replicas()
        return yield* Effect.flip(a.open(newWorkspaceId(), "read"))
      })
    )
    expect(failure._tag).toBe("UnknownWorkspace")
  })

  // time is Effect's Clock inside the service: the test moves it instead of sleeping
  effect("forgets a workspace idle for longer than the time-out", () =>
    Effect.gen(function* () {
      const [a] = yield* replicas(Duration.millis(20))
      const w = yield* a.open(undefined, "write")
      yield* w.modify(addUnit("brief"))
      expect((yield* a.open(w.id!, "read")).id).toBe(w.id)
      yield* TestClock.adjust("19 millis")
      expect((yield* a.open(w.id!, "read")).id).toBe(w.id)
      yield* TestClock.adjust("60 millis")
      expect((yield* Effect.flip(a.open(w.id!, "read")))._tag).toBe("UnknownWorkspace")
    })
  )

  it("uses the connection's default workspace when a call names none, and reset clears only that one", async () => {
    const [mine, other] = await Effect.runPromise(
      Effect.gen(function* () {
        const [a] = yield* replicas()
        const own = yield* a.open(undefined, "write").pipe(Effect.provideService(DefaultWorkspace, "session-a"))
        expect(own.id).toBe("session-a")
        yield* own.modify(addUnit("kept"))
        const elsewhere = yield* a.open(undefined, "write")
        yield* elsewhere.modify(addUnit("other"))
        yield* own.reset
        return [(yield* own.get).units.length, (yield* (yield* a.open(elsewhere.id!, "read")).get).units.length]
      })
    )
    expect(mine).toBe(0)
    expect(other).toBe(1)
  })
})
