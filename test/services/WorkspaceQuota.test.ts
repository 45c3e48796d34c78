// A session's definitions are bounded: past a quota a change is refused with a clear error and the
// session is left as it was; the same conversion edge is not stored twice.
import { Effect, Layer } from "effect"
import { describe, expect, it } from "vitest"
import { Workspace, WorkspaceQuota } from "../../src/services/Workspace.ts"
import { UnitCatalog } from "../../src/services/UnitCatalog.ts"
import { connectClient } from "../support/mcp.ts"

const run = <A, E>(effect: Effect.Effect<A, E, Workspace>) =>
  Effect.runPromise(Effect.result(effect).pipe(Effect.provide(Workspace.layerInMemory("quota").pipe(Layer.provide(UnitCatalog.layer)))))

describe("session quotas", () => {
  it("refuses a change past a quota, naming it, and keeps the session unchanged", async () => {
    const units = Array.from({ length: WorkspaceQuota.units + 1 }, (_, i) => ({ name: `widget${i}`, dimension: "count", aliases: [] })) as never
    const result = await run(
      Effect.gen(function* () {
        const session = yield* (yield* Workspace).open(undefined, "write")
        const outcome = yield* Effect.result(session.modify((data) => Effect.succeed([undefined, { ...data, units }] as const)))
        return { outcome, after: (yield* session.get).units.length }
      })
    )
    if (result._tag !== "Success") throw new Error("expected the program to run")
    expect(result.success.outcome._tag).toBe("Failure")
    if (result.success.outcome._tag === "Failure") expect(result.success.outcome.failure.message).toMatch(`at most ${WorkspaceQuota.units} are kept`)
    expect(result.success.after).toBe(0)
  })

  it("refuses the same conversion edge twice, through the tool", async () => {
    const c = await connectClient("quota-edges")
    await c.call("define_unit", { name: "gizmo", dimension: "count" })
    const first = await c.call("define_conversion", { src: "gizmo", dst: "ea", factor: 12 })
    const again = await c.call("define_conversion", { src: "gizmo", dst: "ea", factor: 12 })
    expect(first.isError).toBe(false)
    expect(again.isError).toBe(true)
    expect(again.data.error).toMatch(/already defined/)
    await c.close()
  })
})
