/**
 * What a failed formula call tells the agent: the closest formula or parameter name to a typo,
 * how a parameter is written, and unit problems re-placed at the formula parameter with their own
 * likely fix and hints kept (ucon gave none for a misspelt unit inside call_formula).
 */
import type { Catalog } from "../units/Catalog.ts"
import { unitsOfDimension } from "../conversion/between.ts"
import { type AmbiguousInput, FormulaError, type NoConversionPath, type UnitError } from "../errors.ts"
import type { ParameterExample } from "./Formula.ts"
import { closestNames, likelyName } from "../similarity.ts"
import type { PreparedFormula, PreparedParameter } from "./PreparedFormula.ts"

export { closestNames, likelyName }

export const closestParameter = (name: string, parameters: ReadonlyArray<string>): string | undefined => likelyName(name, parameters)

/** `{"value": 1.75, "unit": "m"}` */
export const exampleText = (example: ParameterExample): string =>
  JSON.stringify(example.unit === undefined ? { value: example.value } : { value: example.value, unit: example.unit })

export const parameterHints = (catalog: Catalog, p: PreparedParameter): Array<string> => {
  const units = unitsOfDimension(catalog, p.dimension)
  return units.length > 0 ? [`Units of ${p.spec.dimension}: ${units.join(", ")}`] : []
}

/** A unit that does not resolve or convert, reported as invalid_parameter at the formula parameter. */
export const unitProblem = (
  prepared: PreparedFormula,
  p: PreparedParameter,
  unit: string,
  error: UnitError | NoConversionPath | AmbiguousInput
): FormulaError =>
  new FormulaError({
    kind: "invalid_parameter",
    formula: prepared.formula.name,
    message: `Parameter '${p.name}' of ${prepared.formula.name}: ${error.message}`,
    role: p.name,
    got: unit,
    expected: p.spec.dimension,
    likelyFix: error.likelyFix,
    hints: [...error.hints, `Parameter '${p.name}' expects dimension: ${p.spec.dimension} (e.g. ${exampleText(p.spec.example)})`]
  })
