// The formula registry as an Effect app uses it: the built-ins come through the same `register`,
// an app registers its own formula and calls it (directly, and through call_formula with a
// session), names are unique, and a defective formula is refused at registration.
import { assert, describe, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { builtinFormulas } from "../../src/engine/formulas/builtin/index.ts"
import { DuplicateDefinition, Formula, FormulaError, FormulaRegistry, InvalidInput, UnitCatalog, Workspace } from "../../src/index.ts"
import { callFormula } from "../../src/tools/call_formula.ts"

/** An application's own formula: fuel consumption in the European convention. */
const fuelSpec = {
  name: "fuel_consumption",
  domain: "automotive",
  description: "Fuel used per distance, in litres per 100 km",
  equation: "consumption = fuel / distance",
  source: "Definition (ISO 80000-4 quantity 'consumption')",
  parameters: {
    fuel: { dimension: "volume", description: "Fuel used", example: { value: 40, unit: "L" } },
    distance: { dimension: "length", description: "Distance driven", example: { value: 500, unit: "km" } }
  },
  output: { unit: "L/(100 km)", description: "Fuel consumption" }
} as const
const fuelConsumption = Formula.make({ ...fuelSpec, compute: ({ fuel, distance }) => fuel / distance })

const App = Layer.mergeAll(FormulaRegistry.layer, Workspace.layerInMemory("registry-test")).pipe(Layer.provideMerge(UnitCatalog.layer))

describe("FormulaRegistry", () => {
  it.effect("holds every built-in formula, registered in order", () =>
    Effect.gen(function* () {
      const formulas = yield* (yield* FormulaRegistry).list
      assert.deepStrictEqual(
        formulas.map((f) => f.formula.name),
        builtinFormulas.map((f) => f.name)
      )
    }).pipe(Effect.provide(App))
  )

  it.effect("lets an app register its own formula and call it: 10 US gal over 300 mi is 7.84 L/100 km", () =>
    Effect.gen(function* () {
      const registry = yield* FormulaRegistry
      yield* registry.register(fuelConsumption)
      const direct = yield* registry.call("fuel_consumption", { fuel: { value: 10, unit: "gal" }, distance: { value: 300, unit: "mi" } })
      assert.closeTo(direct.quantity, ((10 * 3.785411784) / (300 * 1.609344)) * 100, 1e-12)
      assert.strictEqual(direct.unit, "L/(100 km)")
      // the same formula through the MCP tool, with the session's catalog
      const viaTool = yield* callFormula.handler({
        name: "fuel_consumption",
        parameters: { fuel: { value: 40, unit: "L" }, distance: { value: 500, unit: "km" } }
      })
      assert.closeTo(viaTool.quantity, 8, 1e-12)
    }).pipe(Effect.provide(App))
  )

  it.effect("registers from an app's own layer at startup, as the README shows", () =>
    Effect.gen(function* () {
      const r = yield* (yield* FormulaRegistry).call("fuel_consumption", { fuel: { value: 6, unit: "L" }, distance: { value: 100, unit: "km" } })
      assert.closeTo(r.quantity, 6, 1e-12)
    }).pipe(
      Effect.provide(
        Layer.effectDiscard(FormulaRegistry.use((registry) => registry.register(fuelConsumption))).pipe(
          Layer.provideMerge(FormulaRegistry.layer),
          Layer.provide(UnitCatalog.layer)
        )
      )
    )
  )

  it.effect("refuses a second formula of the same name with DuplicateDefinition", () =>
    Effect.gen(function* () {
      const registry = yield* FormulaRegistry
      const bmiAgain = Formula.make({ ...fuelSpec, name: "bmi", compute: ({ fuel, distance }) => fuel / distance })
      const error = yield* Effect.flip(registry.register(bmiAgain))
      assert.instanceOf(error, DuplicateDefinition)
      assert.strictEqual(error.message, "Formula 'bmi' is already registered")
    }).pipe(Effect.provide(App))
  )

  it.effect("refuses a defective formula with InvalidInput naming the field", () =>
    Effect.gen(function* () {
      const registry = yield* FormulaRegistry
      const broken = Formula.make({ ...fuelSpec, name: "broken_consumption", compute: ({ fuel, distance }) => fuel * distance })
      const error = yield* Effect.flip(registry.register(broken))
      assert.instanceOf(error, InvalidInput)
      assert.strictEqual(error.role, "compute")
      yield* Effect.flip(registry.get("broken_consumption")) // nothing was added
    }).pipe(Effect.provide(App))
  )

  it.effect("answers an unknown name with unknown_formula, the close name as likely fix and every name in the hints", () =>
    Effect.gen(function* () {
      const error = yield* Effect.flip((yield* FormulaRegistry).get("reynolds"))
      assert.instanceOf(error, FormulaError)
      assert.strictEqual(error.kind, "unknown_formula")
      assert.strictEqual(error.likelyFix, "reynolds_number")
      assert.isTrue(error.hints.some((h) => h.startsWith("Available formulas: bmi, bsa,")))
    }).pipe(Effect.provide(App))
  )

  it.effect("starts empty with FormulaRegistry.empty, for apps that want only their own formulas", () =>
    Effect.gen(function* () {
      const registry = yield* FormulaRegistry
      assert.lengthOf(yield* registry.list, 0)
      yield* registry.register(fuelConsumption)
      assert.lengthOf(yield* registry.list, 1)
    }).pipe(Effect.provide(FormulaRegistry.empty.pipe(Layer.provide(UnitCatalog.layer))))
  )
})
