/**
 * The formulas list_formulas shows and call_formula runs. `register` checks a formula against the
 * built-in unit catalog and the CODATA 2022 constants (PreparedFormula.prepare) and refuses a name that is
 * taken; the default layer registers the built-in formulas through that same `register`, so an
 * Effect application adds its own exactly the way the built-ins are added:
 *
 *   Layer.effectDiscard(FormulaRegistry.use((r) => r.register(myFormula))).pipe(Layer.provideMerge(FormulaRegistry.layer))
 */
import { Context, Effect, Layer, Ref } from "effect"
import { DuplicateDefinition, FormulaError, type InvalidInput, isEngineError } from "../engine/errors.ts"
import { lift } from "../engine/conversion/convert.ts"
import type { Formula } from "../engine/formulas/Formula.ts"
import { type FormulaCallError, type FormulaInput, type FormulaResult, evaluateFormula } from "../engine/formulas/FormulaEvaluation.ts"
import { closestNames, likelyName } from "../engine/formulas/FormulaDiagnostics.ts"
import * as Constants from "../engine/constants/Constants.ts"
import { asUconCall } from "../engine/formulas/builtin/ucon.ts"
import { type PreparedFormula, prepare } from "../engine/formulas/PreparedFormula.ts"
import type { Catalog } from "../engine/units/Catalog.ts"
import { UnitCatalog } from "./UnitCatalog.ts"
import { Action } from "../engine/actions.ts"
import { Role } from "../engine/roles.ts"

export class FormulaRegistry extends Context.Service<
  FormulaRegistry,
  {
    /** Adds a formula; fails with DuplicateDefinition for a taken name, InvalidInput for a defective formula. */
    readonly register: (formula: Formula) => Effect.Effect<PreparedFormula, DuplicateDefinition | InvalidInput>
    /** Every registered formula, in registration order. */
    readonly list: Effect.Effect<ReadonlyArray<PreparedFormula>>
    /** The formula called `name`, or FormulaError unknown_formula with the closest names. */
    readonly get: (name: string) => Effect.Effect<PreparedFormula, FormulaError>
    /**
     * Evaluates a formula with units of the built-in catalog (call_formula uses the session's
     * catalog instead): `registry.call("bmi", { mass: { value: 70, unit: "kg" }, height: { value: 1.75, unit: "m" } })`.
     */
    /** Evaluates a formula, by our names or ucon-tools' (ucon.ts); `catalog` defaults to the built-in one (a session's may be given). */
    readonly call: (
      name: string,
      parameters: Readonly<Record<string, FormulaInput>>,
      outputUnit?: string,
      catalog?: Catalog
    ) => Effect.Effect<FormulaResult, FormulaCallError>
  }
>()("dimensional/FormulaRegistry") {
  /** A registry with no formulas (needs the unit catalog to check what gets registered). */
  static readonly empty = Layer.effect(
    FormulaRegistry,
    Effect.gen(function* () {
      const { catalog } = yield* UnitCatalog
      const formulas = yield* Ref.make<ReadonlyMap<string, PreparedFormula>>(new Map())

      const register = (formula: Formula): Effect.Effect<PreparedFormula, DuplicateDefinition | InvalidInput> =>
        Effect.gen(function* () {
          const prepared = prepare(catalog, formula, Constants.lookup)
          if (isEngineError(prepared)) return yield* Effect.fail(prepared)
          const added = yield* Ref.modify(formulas, (map): readonly [boolean, ReadonlyMap<string, PreparedFormula>] =>
            map.has(formula.name) ? [false, map] : [true, new Map([...map, [formula.name, prepared]])]
          )
          if (!added) {
            return yield* new DuplicateDefinition({
              kind: "duplicate_symbol",
              message: `Formula '${formula.name}' is already registered`,
              role: Role.name,
              got: formula.name,
              hints: ["Choose another name; a registered formula cannot be replaced"]
            })
          }
          return prepared
        })

      const get = (name: string): Effect.Effect<PreparedFormula, FormulaError> =>
        Effect.gen(function* () {
          const map = yield* Ref.get(formulas)
          const found = map.get(name)
          if (found) return found
          const names = [...map.keys()]
          const fix = likelyName(name, names)
          const similar = closestNames(name, names)
          return yield* new FormulaError({
            kind: "unknown_formula",
            formula: name,
            message: `Unknown formula: '${name}'`,
            role: Role.name,
            got: name,
            likelyFix: fix,
            hints: [...(similar.length > 0 ? [`Similar formulas: ${similar.join(", ")}`] : []), `Available formulas: ${names.join(", ")}`],
            next: [Action.listFormulas]
          })
        })

      const call = (
        name: string,
        parameters: Readonly<Record<string, FormulaInput>>,
        outputUnit?: string,
        within: Catalog = catalog
      ): Effect.Effect<FormulaResult, FormulaCallError> =>
        Effect.gen(function* () {
          // a call written for ucon-tools: its formula and parameter names, read as ours and said in the steps
          const known = (yield* Ref.get(formulas)).get(name)
          const ucon = asUconCall(name, parameters, known?.parameters.map((p) => p.name) ?? [])
          const formula = yield* get(ucon?.formula ?? name)
          const given = ucon?.parameters ?? parameters
          let result = evaluateFormula(within, formula, given, outputUnit)
          // the same equation over other dimensions (ΔG of the whole system, not per mole): the quantities given decide
          const otherForm = formula.formula.otherForm
          if (isEngineError(result) && result._tag === "DimensionMismatch" && otherForm !== undefined) {
            const other = evaluateFormula(within, yield* get(otherForm), given, outputUnit)
            if (!isEngineError(other)) result = { ...other, steps: [`Read as ${otherForm}: the quantities given are of its dimensions`, ...other.steps] }
          }
          const answered = yield* lift(result)
          return ucon
            ? { ...answered, steps: [`Read as ucon-tools' ${name}(${Object.keys(parameters).join(", ")}): ${formula.formula.name}`, ...answered.steps] }
            : answered
        })

      return FormulaRegistry.of({ register, list: Ref.get(formulas).pipe(Effect.map((map) => [...map.values()])), get, call })
    })
  )

  /**
   * The registry with every built-in formula, loaded and registered through `register` on first
   * use rather than at start-up (loading, preparing them and checking their examples would delay a
   * server's first answer by the time it takes). A defective built-in fails that first use as a defect; the
   * formula tests run every built-in.
   */
  static readonly layer = Layer.effect(
    FormulaRegistry,
    Effect.gen(function* () {
      const registry = yield* FormulaRegistry
      // the formulas' data is loaded then too: a server that is never asked for a formula never parses it
      const ready = yield* Effect.cached(
        Effect.promise(() => import("../engine/formulas/builtin/index.ts")).pipe(
          Effect.flatMap(({ builtinFormulas }) => Effect.forEach(builtinFormulas, (formula) => Effect.orDie(registry.register(formula)), { discard: true }))
        )
      )
      return FormulaRegistry.of({
        register: (formula) => Effect.andThen(ready, registry.register(formula)),
        list: Effect.andThen(ready, registry.list),
        get: (name) => Effect.andThen(ready, registry.get(name)),
        call: (name, parameters, outputUnit, catalog) => Effect.andThen(ready, registry.call(name, parameters, outputUnit, catalog))
      })
    })
  ).pipe(Layer.provide(FormulaRegistry.empty))
}
