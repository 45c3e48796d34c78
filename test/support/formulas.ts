// The built-in formulas prepared against the built-in catalog and CODATA constants, and helpers
// that call one and either return its result or its failure: for engine-level formula tests.
import * as Constants from "../../src/engine/constants/Constants.ts"
import { isEngineError } from "../../src/engine/errors.ts"
import { type FormulaCallError, type FormulaInput, type FormulaResult, evaluateFormula } from "../../src/engine/formulas/FormulaEvaluation.ts"
import { builtinFormulas } from "../../src/engine/formulas/builtin/index.ts"
import { type PreparedFormula, prepare } from "../../src/engine/formulas/PreparedFormula.ts"
import { catalog } from "./catalog.ts"

export const prepared: ReadonlyMap<string, PreparedFormula> = new Map(
  builtinFormulas.map((f) => {
    const p = prepare(catalog, f, Constants.lookup)
    if (isEngineError(p)) throw new Error(`${f.name}: ${p.message}`)
    return [f.name, p] as const
  })
)

const formula = (name: string): PreparedFormula => {
  const p = prepared.get(name)
  if (!p) throw new Error(`no built-in formula '${name}'`)
  return p
}

/** Calls a built-in formula that must succeed. */
export const callFormula = (name: string, parameters: Readonly<Record<string, FormulaInput>>, outputUnit?: string): FormulaResult => {
  const r = evaluateFormula(catalog, formula(name), parameters, outputUnit)
  if (isEngineError(r)) throw new Error(`${name}: ${r.message}`)
  return r
}

/** Calls a built-in formula that must fail, and returns the failure. */
export const failFormula = (name: string, parameters: Readonly<Record<string, FormulaInput>>, outputUnit?: string): FormulaCallError => {
  const r = evaluateFormula(catalog, formula(name), parameters, outputUnit)
  if (!isEngineError(r)) throw new Error(`${name} succeeded with ${r.quantity} ${r.unit}`)
  return r
}
