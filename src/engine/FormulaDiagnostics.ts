/**
 * What a failed formula call tells the agent: the closest formula or parameter name to a typo,
 * how a parameter is written, and unit problems re-placed at the formula parameter with their own
 * likely fix and hints kept (ucon gave none for a misspelt unit inside call_formula).
 */
import { distance } from "fastest-levenshtein"
import type { Catalog } from "./Catalog.ts"
import { unitsOfDimension } from "./Conversion.ts"
import { FormulaError, type NoConversionPath, type ParseError, type UnknownUnit } from "./errors.ts"
import type { ParameterExample } from "./Formula.ts"
import type { PreparedFormula, PreparedParameter } from "./PreparedFormula.ts"

const similarity = (a: string, b: string): number => 1 - distance(a.toLowerCase(), b.toLowerCase()) / Math.max(a.length, b.length, 1)

/** Names within reach of a typo, best first: similar spelling, or one containing the other (`reynolds` → `reynolds_number`). */
export const closestNames = (name: string, candidates: ReadonlyArray<string>, limit = 3): Array<string> =>
  candidates
    .map((c) => {
      const lower = name.toLowerCase()
      const contained = lower.length >= 3 && (c.includes(lower) || lower.includes(c)) ? 0.8 : 0
      return { c, score: Math.max(similarity(name, c), contained) }
    })
    .filter((x) => x.score >= 0.6)
    .sort((a, b) => b.score - a.score || a.c.localeCompare(b.c))
    .slice(0, limit)
    .map((x) => x.c)

/** The one close name, when it clearly beats the runner-up. */
export const likelyName = (name: string, candidates: ReadonlyArray<string>): string | undefined => {
  const [first, second] = closestNames(name, candidates, 2)
  if (first === undefined) return undefined
  if (second === undefined) return first
  return similarity(name, first) - similarity(name, second) >= 0.1 ? first : undefined
}

export const closestParameter = (name: string, parameters: ReadonlyArray<string>): string | undefined => likelyName(name, parameters)

/** `{"value": 1.75, "unit": "m"}` */
export const exampleText = (example: ParameterExample): string => JSON.stringify(example.unit === undefined ? { value: example.value } : { value: example.value, unit: example.unit })

export const parameterHints = (catalog: Catalog, p: PreparedParameter): Array<string> => {
  const units = unitsOfDimension(catalog, p.dimension)
  return units.length > 0 ? [`Units of ${p.spec.dimension}: ${units.join(", ")}`] : []
}

/** A unit that does not resolve or convert, reported as invalid_parameter at the formula parameter. */
export const unitProblem = (prepared: PreparedFormula, p: PreparedParameter, unit: string, error: UnknownUnit | ParseError | NoConversionPath): FormulaError =>
  new FormulaError({
    kind: "invalid_parameter",
    formula: prepared.formula.name,
    message: `Parameter '${p.name}' of ${prepared.formula.name}: ${error.message}`,
    parameter: p.name,
    got: unit,
    expected: p.spec.dimension,
    likelyFix: error.likelyFix,
    hints: [...error.hints, `Parameter '${p.name}' expects dimension: ${p.spec.dimension} (e.g. ${exampleText(p.spec.example)})`]
  })
