// The library API as an Effect app uses it: yield* a conversion, catchTag its failures.
import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import * as Dimensional from "../src/index.ts"

describe("library API", () => {
  it.effect("yields a conversion", () =>
    Effect.gen(function* () {
      const r = yield* Dimensional.convert(5, "km", "mi")
      assert.closeTo(r.quantity, 3.10685596118667, 1e-13)
      assert.strictEqual(r.dimension, "length")
    }).pipe(Effect.provide(Dimensional.layer))
  )

  it.effect("fails with a typed DimensionMismatch that catchTag can handle", () =>
    Effect.gen(function* () {
      const recovered = yield* Dimensional.convert(1, "kg", "m").pipe(
        Effect.catchTag("DimensionMismatch", (e) => Effect.succeed(`${e.fromDimension} vs ${e.toDimension}`))
      )
      assert.strictEqual(recovered, "mass vs length")
      const error = yield* Effect.flip(Dimensional.convert(1, "kilgoram", "kg"))
      assert.instanceOf(error, Dimensional.UnknownUnit)
      assert.strictEqual(error.likelyFix, "kilogram (kg)")
    }).pipe(Effect.provide(Dimensional.layer))
  )

  it.effect("runs compute and decompose", () =>
    Effect.gen(function* () {
      const d = yield* Dimensional.decompose("mcg/(kg*min)", "mg/h", [{ value: 70, unit: "kg" }])
      const r = yield* Dimensional.compute(5, "mcg/(kg*min)", d.factors, "mg/h")
      assert.closeTo(r.converted!.quantity, 21, 1e-10)
    }).pipe(Effect.provide(Dimensional.layer))
  )
})
