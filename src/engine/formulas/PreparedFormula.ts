/**
 * A formula checked against a unit catalog and a constant table, ready to evaluate: every
 * parameter dimension parsed, the coherent SI unit of each resolved, the output unit resolved,
 * each named constant found, the examples evaluated to a finite result, and (unless the formula is
 * an empirical fit) its body proven dimensionally homogeneous by rescaling the base units.
 *
 * `prepare` is what a registry runs on `register`: a formula that fails here is a defect in the
 * formula, reported as InvalidInput naming the field at fault, never a surprise at call time.
 */
import type { Catalog } from "../units/Catalog.ts"
import { coherentUnitOf } from "../units/CoherentUnit.ts"
import { converterBetween } from "../conversion/between.ts"
import type * as Dimension from "../Dimension.ts"
import * as Rational from "../Rational.ts"
import { parseDimension } from "../units/DimensionExpression.ts"
import { homogeneityDefect } from "./DimensionalHomogeneity.ts"
import * as DimensionNames from "../DimensionNames.ts"
import { InvalidInput, isEngineError } from "../errors.ts"
import { type Formula, type FormulaConstant, type FormulaParameter, numeric } from "./Formula.ts"
import { evaluateFormula, siInputs } from "./FormulaEvaluation.ts"
import { type UnitExpression, resolveUnitExpression } from "../units/UnitExpression.ts"

export interface PreparedParameter {
  readonly name: string
  readonly spec: FormulaParameter
  readonly dimension: Dimension.Dimension
  /** The coherent SI unit of the declared dimension: what `compute` receives. */
  readonly coherent: UnitExpression
}

export interface PreparedConstant {
  /** The spelling the body uses (`g_n`), which may be an alias of the constant's symbol (`gₙ`). */
  readonly key: string
  readonly constant: FormulaConstant
  readonly unit: UnitExpression
  readonly dimension: Dimension.Dimension
}

export interface PreparedFormula {
  readonly formula: Formula
  readonly parameters: ReadonlyArray<PreparedParameter>
  readonly constants: ReadonlyArray<PreparedConstant>
  /** The declared output unit. */
  readonly output: UnitExpression
  /** The coherent SI unit of the output dimension: what `compute` returns. */
  readonly outputCoherent: UnitExpression
}

/** Looks a constant up by symbol. */
export type ConstantTable = (symbol: string) => FormulaConstant | undefined

const NAME = /^[a-z][a-z0-9_]*$/
const PARAMETER = /^[A-Za-z_][A-Za-z0-9_]*$/

const invalid = (formula: Formula, parameter: string, message: string, hints: ReadonlyArray<string> = []): InvalidInput =>
  new InvalidInput({ message: `Formula '${formula.name}': ${message}`, role: parameter, hints: [...hints] })

const resolve = (catalog: Catalog, formula: Formula, field: string, expression: string): UnitExpression | InvalidInput => {
  const r = resolveUnitExpression(catalog, expression, "written")
  return isEngineError(r) ? invalid(formula, field, `'${expression}' does not resolve: ${r.message}`, r.hints) : r
}

const prepareParameter = (catalog: Catalog, formula: Formula, name: string, spec: FormulaParameter): PreparedParameter | InvalidInput => {
  const field = `parameters.${name}`
  if (!PARAMETER.test(name)) return invalid(formula, field, `parameter name '${name}' must be an identifier`)
  if (formula.constants.includes(name)) return invalid(formula, field, `parameter '${name}' has the same name as a constant`)
  const dimension = parseDimension(spec.dimension)
  if (isEngineError(dimension)) return invalid(formula, `${field}.dimension`, dimension.message, dimension.hints)
  const coherent = resolve(catalog, formula, `${field}.dimension`, coherentUnitOf(dimension))
  return isEngineError(coherent) ? coherent : { name, spec, dimension, coherent }
}

const prepareConstant = (catalog: Catalog, formula: Formula, symbol: string, table: ConstantTable): PreparedConstant | InvalidInput => {
  const constant = table(symbol)
  if (!constant) return invalid(formula, "constants", `unknown constant '${symbol}'`)
  const unit = resolve(catalog, formula, "constants", constant.unit)
  if (isEngineError(unit)) return unit
  if (Math.abs(Rational.toNumber(unit.factor) - 1) > 1e-12)
    return invalid(formula, "constants", `constant '${symbol}' is not given in a coherent SI unit ('${constant.unit}')`)
  return { key: symbol, constant, unit, dimension: unit.dimension }
}

/** Checks a formula and resolves everything it needs, or names the first defect. */
export const prepare = (catalog: Catalog, formula: Formula, constants: ConstantTable): PreparedFormula | InvalidInput => {
  if (!NAME.test(formula.name)) return invalid(formula, "name", "a formula name is snake_case: lowercase letters, digits and _")
  if (formula.domain.trim() === "") return invalid(formula, "domain", "the domain is empty")
  const parameters: Array<PreparedParameter> = []
  for (const [name, spec] of Object.entries(formula.parameters)) {
    const p = prepareParameter(catalog, formula, name, spec)
    if (isEngineError(p)) return p
    parameters.push(p)
  }
  const prepared: Array<PreparedConstant> = []
  for (const symbol of formula.constants) {
    const c = prepareConstant(catalog, formula, symbol, constants)
    if (isEngineError(c)) return c
    prepared.push(c)
  }
  const output = resolve(catalog, formula, "output.unit", formula.output.unit)
  if (isEngineError(output)) return output
  const outputCoherent = resolve(catalog, formula, "output.unit", coherentUnitOf(output.dimension))
  if (isEngineError(outputCoherent)) return outputCoherent
  const outputConversion = converterBetween(catalog, outputCoherent, output)
  if (isEngineError(outputConversion)) return invalid(formula, "output.unit", outputConversion.message, outputConversion.hints)
  const result: PreparedFormula = { formula, parameters, constants: prepared, output, outputCoherent }
  return checkExamples(catalog, result) ?? result
}

/** Evaluates the examples and, for a homogeneous formula, rescales the base units around them. */
const checkExamples = (catalog: Catalog, prepared: PreparedFormula): InvalidInput | undefined => {
  const { formula } = prepared
  const examples = Object.fromEntries(prepared.parameters.map((p) => [p.name, p.spec.example]))
  const evaluated = evaluateFormula(catalog, prepared, examples)
  if (isEngineError(evaluated)) {
    const field = evaluated.role ? `parameters.${evaluated.role}.example` : "compute"
    return invalid(formula, field, `its examples fail: ${evaluated.message}`, evaluated.hints)
  }
  if (formula.conventionalUnits !== undefined) return undefined
  const inputs = siInputs(catalog, prepared, examples)
  if (isEngineError(inputs)) return invalid(formula, "parameters", inputs.message)
  const point: Record<string, number> = { ...inputs.si }
  const dimensions: Record<string, Dimension.Dimension> = {}
  for (const p of prepared.parameters) dimensions[p.name] = p.dimension
  for (const c of prepared.constants) {
    point[c.key] = c.constant.value
    dimensions[c.key] = c.dimension
  }
  const defect = homogeneityDefect(numeric(formula), point, dimensions, prepared.output.dimension)
  if (defect === undefined) return undefined
  return invalid(
    formula,
    "compute",
    `the body is not dimensionally homogeneous for an output of ${DimensionNames.describe(prepared.output.dimension)}: ${defect}`,
    [
      "Check every term against the declared parameter dimensions and the output unit",
      "An empirical fit whose coefficients assume particular units must say so in conventionalUnits"
    ]
  )
}
