/**
 * Calling a prepared formula: each parameter's value and unit are resolved against the caller's
 * catalog (a session's, so its own units and constants work), checked against the declared
 * dimension, converted to coherent SI (a standalone °C or °F as an absolute temperature unless the
 * parameter is a difference), and the body's result is converted into the output unit. Standard
 * uncertainties of parameters and of measured constants are propagated to first order.
 */
import type { Catalog } from "../units/Catalog.ts"
import { applyConverter, converterBetween, type Converter, unitsOfDimension } from "../conversion/between.ts"
import * as Dimension from "../Dimension.ts"
import * as DimensionNames from "../DimensionNames.ts"
import { DimensionMismatch, FormulaError, isEngineError } from "../errors.ts"
import { Role } from "../roles.ts"
import { numeric, OutOfDomain } from "./Formula.ts"
import type { PreparedFormula, PreparedParameter } from "./PreparedFormula.ts"
import * as Rational from "../Rational.ts"
import { propagate } from "../Uncertainty.ts"
import { type UnitExpression, fixFitting, format, resolveFitting } from "../units/UnitExpression.ts"
import { closestParameter, exampleText, parameterHints, unitProblem } from "./FormulaDiagnostics.ts"

/** One parameter as an agent passes it: `{ value: 70, unit: "kg" }`, `{ value: 2.5 }`, `{ value: 9.81, unit: "m/s^2", uncertainty: 0.01 }`. */
export interface FormulaInput {
  readonly value: number
  readonly unit?: string | undefined
  /** Standard uncertainty, in the same unit as the value. */
  readonly uncertainty?: number | undefined
}

export interface FormulaResult {
  readonly formula: string
  readonly quantity: number
  /** The output unit as written back to the agent: `kg/m²`, `N`, `mL/min`. */
  readonly unit: string
  readonly dimension: string
  /** Combined standard uncertainty in `unit`; null when every input and constant is exact. */
  readonly uncertainty: number | null
  /** How each input was read and converted, and the constants used. */
  readonly steps: ReadonlyArray<string>
}

export type FormulaCallError = FormulaError | DimensionMismatch

export interface SiInputs {
  readonly si: Readonly<Record<string, number>>
  readonly uncertainty: Readonly<Record<string, number>>
  readonly steps: ReadonlyArray<string>
}

/** How a unit expression is written back: its canonical symbols, or the input when it holds numbers. */
export const unitText = (e: UnitExpression): string => (Rational.isOne(e.numeric) ? format(e.terms) : e.input)

const show = (x: number): string => String(Number(x.toPrecision(12)))

const formulaError = (
  prepared: PreparedFormula,
  kind: FormulaError["kind"],
  fields: {
    message: string
    role?: string | undefined
    got?: string | undefined
    expected?: string | undefined
    likelyFix?: string | undefined
    hints?: ReadonlyArray<string>
  }
) =>
  new FormulaError({
    kind,
    formula: prepared.formula.name,
    message: fields.message,
    role: fields.role,
    got: fields.got,
    expected: fields.expected,
    likelyFix: fields.likelyFix,
    hints: [...(fields.hints ?? [])]
  })

/** A parameter may omit its unit when it is a pure number or a count of items (3 failures). */
const mayOmitUnit = (p: PreparedParameter): boolean => p.dimension.every((e, i) => e === 0 || Dimension.baseQuantities[i]!.key === "#")

const convertParameter = (
  catalog: Catalog,
  prepared: PreparedFormula,
  p: PreparedParameter,
  input: FormulaInput
): { si: number; u: number | undefined; step: string } | FormulaCallError => {
  const { name, spec } = p
  const unit = input.unit?.trim() || undefined
  if (unit === undefined && !mayOmitUnit(p)) {
    return formulaError(prepared, "invalid_parameter", {
      message: `Parameter '${name}' of ${prepared.formula.name} needs a unit of ${spec.dimension}`,
      role: name,
      expected: spec.dimension,
      hints: [`Pass it as ${exampleText(spec.example)}`, ...parameterHints(catalog, p)]
    })
  }
  if (input.uncertainty !== undefined && !(input.uncertainty >= 0 && Number.isFinite(input.uncertainty))) {
    return formulaError(prepared, "invalid_parameter", {
      message: `The uncertainty of '${name}' must be a finite number ≥ 0, got ${input.uncertainty}`,
      role: name,
      got: String(input.uncertainty),
      hints: ['Give the standard uncertainty in the same unit as the value, e.g. {"value": 9.81, "unit": "m/s^2", "uncertainty": 0.01}']
    })
  }
  const fits = (e: UnitExpression) => Dimension.equals(e.dimension, p.dimension)
  const given = unit === undefined ? p.coherent : resolveFitting(catalog, unit, fits, `of ${spec.dimension}, as '${name}' needs`)
  if (isEngineError(given)) return unitProblem(prepared, p, unit ?? "", fixFitting(catalog, given, fits, `is a ${spec.dimension}, as '${name}' needs`))
  if (!Dimension.equals(given.dimension, p.dimension)) return dimensionMismatch(catalog, prepared, p, given)
  const converter = converterBetween(catalog, given, p.coherent)
  // same dimension, so only an unconnected custom unit can fail here
  if (isEngineError(converter))
    return converter._tag === "DimensionMismatch" ? dimensionMismatch(catalog, prepared, p, given) : unitProblem(prepared, p, unit ?? "", converter)
  // a difference parameter takes only the scale's slope, and may be negative
  const { lowest: _absoluteZero, ...asDifference } = converter
  const used: Converter = spec.difference && converter.kind === "affine" ? { ...asDifference, apply: (x) => Rational.scale(x, converter.slope) } : converter
  const apply = used.apply
  const si = applyConverter(used, input.value)
  if (isEngineError(si)) return formulaError(prepared, "invalid_parameter", { message: `Parameter '${name}': ${si.message}`, role: name, hints: si.hints })
  const u = input.uncertainty ? Math.abs(apply(input.value + input.uncertainty) - apply(input.value - input.uncertainty)) / 2 : undefined
  const note = spec.difference && converter.kind === "affine" ? " (a temperature difference: no offset)" : ""
  return { si, u, step: stepText(name, input, unit, { value: si, uncertainty: u, unit: unitText(p.coherent) }) + note }
}

/** `velocity = 6 ± 0.1 ft/s = 1.8288 ± 0.03048 m/s`; just `mass = 70 kg` when nothing was converted. */
const stepText = (
  name: string,
  input: FormulaInput,
  unit: string | undefined,
  si: { value: number; uncertainty: number | undefined; unit: string }
): string => {
  const withUnit = (text: string, u: string | undefined) => (u === undefined || u === "1" ? text : `${text} ${u}`)
  const plusMinus = (x: number | undefined) => (x ? ` ± ${show(x)}` : "")
  const given = withUnit(`${show(input.value)}${plusMinus(input.uncertainty)}`, unit)
  const coherent = withUnit(`${show(si.value)}${plusMinus(si.uncertainty)}`, si.unit)
  return unit === undefined || given === coherent ? `${name} = ${coherent}` : `${name} = ${given} = ${coherent}`
}

/** Why a pseudo-dimension cannot be dropped or added, by its name in Dimension.baseQuantities. */
const PSEUDO_HINTS: Readonly<Record<string, string>> = {
  angle: "rad/s and rpm are angular velocities, Hz is a frequency",
  solid_angle: "lm is cd·sr, not cd",
  count: "counted items need a count unit, e.g. 15 gtt/mL rather than 15/mL",
  biological_activity: "IU is substance-specific and never converts to mass or moles"
}

const dimensionMismatch = (catalog: Catalog, prepared: PreparedFormula, p: PreparedParameter, given: UnitExpression): DimensionMismatch => {
  const got = DimensionNames.describe(given.dimension)
  const compatible = unitsOfDimension(catalog, p.dimension)
  const hints = [`Parameter '${p.name}' expects dimension: ${p.spec.dimension} (e.g. ${exampleText(p.spec.example)})`]
  if (compatible.length > 0) hints.push(`Compatible units: ${compatible.join(", ")}`)
  if (Dimension.equalsIgnoringPseudo(given.dimension, p.dimension)) {
    for (const pseudo of Dimension.differingPseudo(given.dimension, p.dimension))
      hints.push(`${pseudo} must match exactly: ${PSEUDO_HINTS[pseudo] ?? "it never converts to a plain number"}`)
  }
  return new DimensionMismatch({
    message: `Parameter '${p.name}' of ${prepared.formula.name} expects ${p.spec.dimension}, got ${got} ('${given.input}')`,
    role: p.name,
    fromDimension: got,
    toDimension: p.spec.dimension,
    got,
    expected: p.spec.dimension,
    hints
  })
}

/** Every parameter in coherent SI, with standard uncertainties where given, or the first problem. */
export const siInputs = (catalog: Catalog, prepared: PreparedFormula, inputs: Readonly<Record<string, FormulaInput>>): SiInputs | FormulaCallError => {
  const names = prepared.parameters.map((p) => p.name)
  const unexpected = Object.keys(inputs).filter((k) => !names.includes(k))
  const si: Record<string, number> = {}
  const uncertainty: Record<string, number> = {}
  const steps: Array<string> = []
  for (const p of prepared.parameters) {
    const input = inputs[p.name]
    if (input === undefined) {
      return formulaError(prepared, "missing_parameter", {
        message: `Missing required parameter: '${p.name}'`,
        role: p.name,
        expected: p.spec.dimension,
        likelyFix: unexpected.length === 1 ? `Rename '${unexpected[0]}' to '${p.name}'` : undefined,
        hints: [
          `Parameter '${p.name}' expects dimension: ${p.spec.dimension} (e.g. ${exampleText(p.spec.example)})`,
          ...unexpected.map((u) => `'${u}' is not a parameter of ${prepared.formula.name}`)
        ]
      })
    }
    const converted = convertParameter(catalog, prepared, p, input)
    if (isEngineError(converted)) return converted
    si[p.name] = converted.si
    if (converted.u) uncertainty[p.name] = converted.u
    steps.push(converted.step)
  }
  const extra = unexpected[0]
  if (extra !== undefined) {
    const close = closestParameter(extra, names)
    return formulaError(prepared, "invalid_parameter", {
      message: `Unexpected parameter '${extra}' for formula '${prepared.formula.name}'`,
      role: extra,
      got: extra,
      likelyFix: close === undefined ? undefined : `Use '${close}'`,
      hints: [`${prepared.formula.name} takes: ${prepared.parameters.map((q) => `${q.name} (${q.spec.dimension})`).join(", ")}`]
    })
  }
  return { si, uncertainty, steps }
}

/** Runs a prepared formula on an agent's inputs; `outputUnit` asks for the result in another unit of the same dimension. */
export const evaluateFormula = (
  catalog: Catalog,
  prepared: PreparedFormula,
  inputs: Readonly<Record<string, FormulaInput>>,
  outputUnit?: string
): FormulaResult | FormulaCallError => {
  const { formula } = prepared
  const target =
    outputUnit === undefined
      ? prepared.output
      : resolveFitting(catalog, outputUnit, (e) => Dimension.equals(e.dimension, prepared.output.dimension), "of the formula's output dimension")
  if (isEngineError(target))
    return formulaError(prepared, "invalid_parameter", {
      message: target.message,
      role: Role.outputUnit,
      got: outputUnit,
      likelyFix: target.likelyFix,
      hints: target.hints
    })
  const toOutput = converterBetween(catalog, prepared.outputCoherent, target)
  if (isEngineError(toOutput)) {
    const expected = DimensionNames.describe(prepared.output.dimension)
    const got = DimensionNames.describe(target.dimension)
    return new DimensionMismatch({
      message: `${formula.name} gives ${expected}; the output unit '${outputUnit}' is ${got}`,
      role: Role.outputUnit,
      fromDimension: expected,
      toDimension: got,
      got,
      expected,
      hints: [`Ask for a unit of ${expected}, e.g. '${unitText(prepared.output)}'`, ...toOutput.hints.slice(1)]
    })
  }
  const inputsSi = siInputs(catalog, prepared, inputs)
  if (isEngineError(inputsSi)) return inputsSi
  const point: Record<string, number> = { ...inputsSi.si }
  const uncertainties: Record<string, number> = { ...inputsSi.uncertainty }
  const steps = [...inputsSi.steps]
  for (const { key, constant, unit } of prepared.constants) {
    point[key] = constant.value
    if (constant.uncertainty) uncertainties[key] = constant.uncertainty
    const u = constant.uncertainty === null ? "exact" : `u = ${constant.uncertainty}`
    steps.push(`${constant.symbol} = ${constant.value} ${unitText(unit)} (${constant.name}, ${u}, ${constant.source})`)
  }
  let y: number | OutOfDomain
  try {
    y = formula.compute(point)
  } catch (error) {
    // a body never throws by design (outside its domain it returns OutOfDomain); a bug in one still answers as an error
    return formulaError(prepared, "execution_error", {
      message: `${formula.name} failed: ${error instanceof Error ? error.message : String(error)}`,
      hints: steps
    })
  }
  if (y instanceof OutOfDomain) return formulaError(prepared, "execution_error", { message: y.message, hints: steps })
  const quantity = toOutput.apply(y)
  if (!Number.isFinite(quantity)) {
    return formulaError(prepared, "execution_error", {
      message: `${formula.name} has no finite result for these inputs (got ${y})`,
      hints: ["Check for zero or negative values where the formula divides, takes a root or a logarithm", ...steps]
    })
  }
  const uSi = Object.keys(uncertainties).length === 0 ? undefined : propagate(numeric(formula), point, uncertainties)
  const uncertainty = uSi === undefined ? null : Math.abs(toOutput.apply(y + uSi) - toOutput.apply(y - uSi)) / 2
  if (uSi === undefined && Object.keys(uncertainties).length > 0)
    steps.push("The uncertainty could not be propagated: the result has no finite sensitivity at this point")
  return { formula: formula.name, quantity, unit: unitText(target), dimension: DimensionNames.describe(target.dimension), uncertainty, steps }
}
