/**
 * The sum of quantities written in different units of one dimension: 1 cup + 2 tbsp in mL,
 * 5 ft + 7 in in cm. Each quantity is converted into the result unit and the values added.
 *
 * What a sum cannot mean is refused, never guessed: a temperature on a scale with an offset
 * (°C, °F) is a point, and points do not add (20 °C + 10 °C is 30 °C only if the second is a
 * difference, 303.15 °C if both are points taken from absolute zero). A point and differences do
 * (20 °C + 5 K is 25 °C): the differences are in units without an offset (K, °R, delta_degF), as
 * the SI Brochure (2.3.1) writes temperature differences, and the sum is a point. A level (dB, Np) is a
 * logarithm, and levels add as powers, not as numbers; quantities of inverse dimensions (mpg and
 * L/100km) convert as 1/x, so their values are not parts of one sum.
 */
import * as Effect from "effect/Effect"
import type { Catalog } from "../units/Catalog.ts"
import { type ConversionResult, type ConvertError, convertValue, type Notation, resolveIn } from "./convert.ts"
import { ComputationError, InvalidInput, isEngineError, locate } from "../errors.ts"
import * as Rational from "../Rational.ts"
import { Role } from "../roles.ts"
import { isUnitList, type Part, readUnitList, toParts } from "./parts.ts"

export interface Summand {
  readonly value: number
  readonly unit: string
}

export interface Sum {
  readonly quantity: number
  readonly unit: string
  readonly dimension: string
  /** Each quantity as it was added, in the result unit. */
  readonly terms: ReadonlyArray<number>
  readonly notes: ReadonlyArray<string>
}

/** Whether `unit` is a point on a temperature scale with an offset (°C, °F). */
const isPoint = (catalog: Catalog, unit: string, notation: Notation): boolean => {
  const read = resolveIn(catalog, unit, notation)
  return !isEngineError(read) && read.temperatureScale !== undefined
}

/** A unit whose values do not add: a point on an offset scale, or a level. */
const notAdditive = (catalog: Catalog, unit: string, notation: Notation): string | undefined => {
  const read = resolveIn(catalog, unit, notation)
  if (isEngineError(read)) return undefined
  if (read.temperatureScale !== undefined)
    return `'${unit}' is a temperature on a scale with an offset, a point: points do not add (is 10 ${unit} a second point or a difference?). Write differences as K (20 °C + 5 K is 25 °C) or as delta_degC, delta_degF, or convert each point first`
  if (read.level !== undefined) return `'${unit}' is a level (a logarithm): levels add as powers, not as numbers. Convert each to its linear unit first`
  return undefined
}

/**
 * One point on a temperature scale and differences (20 °C + 5 K + 9 delta_degF): the point converted
 * as a point into `to` (by default the point's unit), each difference into the degrees of `to` by
 * the exact ratio of the two degrees, and the values added as decimals: 68 °F + 5 delta_degF is 73 °F,
 * not 72.99999999999994 as through kelvin.
 */
const sumAroundPoint = (
  catalog: Catalog,
  quantities: ReadonlyArray<Summand>,
  point: number,
  to: string | undefined,
  notation: Notation
): Sum | ConvertError => {
  const target = to ?? quantities[point]!.unit
  const targetRole = to === undefined ? Role.summandUnit(point) : Role.outputUnit
  const at = (e: ConvertError, i: number) =>
    locate(e, { role: e.role === Role.value ? Role.summandValue(i) : e.role === Role.targetUnit ? targetRole : Role.summandUnit(i) })
  const anchor = quantities[point]!
  const converted = convertValue(catalog, anchor.value, anchor.unit, target, notation)
  if (isEngineError(converted)) return at(converted, point)
  const degree = resolveIn(catalog, target, notation)
  if (isEngineError(degree)) return locate(degree, { role: targetRole })
  const terms: Array<number> = []
  const notes = new Set<string>(converted.notes)
  for (const [i, q] of quantities.entries()) {
    if (i === point) {
      terms.push(converted.quantity)
      continue
    }
    const refused = notAdditive(catalog, q.unit, notation)
    if (refused) return new InvalidInput({ message: refused, role: Role.summandUnit(i), got: q.unit, hints: [] })
    // a temperature difference: its unit is a temperature without an offset (K, °R, delta_degF)
    const checked = convertValue(catalog, q.value, q.unit, "K", notation)
    // the kelvin here is this sum's own, never the caller's: any failure is the difference's
    if (isEngineError(checked)) return locate(checked, { role: checked.role === Role.value ? Role.summandValue(i) : Role.summandUnit(i) })
    for (const note of checked.notes) notes.add(note)
    const read = resolveIn(catalog, q.unit, notation)
    if (isEngineError(read)) return at(read, i)
    terms.push(Rational.scale(q.value, Rational.divide(read.factor, degree.factor)))
  }
  const quantity = exactSum(terms) ?? neumaierSum(terms)
  const differences = quantities.filter((_, i) => i !== point).map((q) => `${q.value} ${q.unit}`)
  if (differences.length > 0)
    notes.add(
      `'${anchor.value} ${anchor.unit}' is a point on its temperature scale; ${differences.join(", ")} added to it as temperature difference${differences.length > 1 ? "s" : ""}, so the sum is a point`
    )
  return { quantity, unit: target, dimension: converted.dimension, terms, notes: [...notes] }
}

/**
 * Adds `quantities`, the result in `to` (by default the first quantity's unit, or the point's around
 * a temperature point). Failures name the
 * quantity at fault by its role ("quantity 2 unit"); the result unit's by `Role.outputUnit`.
 */
export const sumValues = (
  catalog: Catalog,
  quantities: ReadonlyArray<Summand>,
  to: string | undefined,
  notation: Notation = "conventional"
): Sum | ConvertError => {
  const first = quantities[0]
  if (first === undefined) return new InvalidInput({ message: "Nothing to add: give at least one quantity", role: Role.quantities, hints: [] })
  // one point and differences add to a point; two points do not (refused below, on the first)
  const points = quantities.flatMap((q, i) => (isPoint(catalog, q.unit, notation) ? [i] : []))
  if (points.length === 1) return sumAroundPoint(catalog, quantities, points[0]!, to, notation)
  const target = to ?? first.unit
  const targetRole = to === undefined ? Role.summandUnit(0) : Role.outputUnit
  const refusedTarget = notAdditive(catalog, target, notation)
  if (refusedTarget) return new InvalidInput({ message: refusedTarget, role: targetRole, got: target, hints: [] })
  const terms: Array<number> = []
  const notes = new Set<string>()
  let result: ConversionResult | undefined
  for (const [i, q] of quantities.entries()) {
    const refused = notAdditive(catalog, q.unit, notation)
    if (refused) return new InvalidInput({ message: refused, role: Role.summandUnit(i), got: q.unit, hints: [] })
    const converted = convertValue(catalog, q.value, q.unit, target, notation)
    if (isEngineError(converted)) {
      // the source unit of the conversion is this quantity's, and so is a dimension that differs from
      // the result's; an unknown or malformed result unit is the result unit's
      const mine = converted.role === Role.sourceUnit || converted._tag === "DimensionMismatch" || converted._tag === "NoConversionPath"
      const role = converted.role === Role.value ? Role.summandValue(i) : mine ? Role.summandUnit(i) : targetRole
      return locate(converted, { role })
    }
    if (converted.conversion === "reciprocal")
      return new InvalidInput({
        message: `'${q.unit}' and '${target}' are inverse dimensions (converted as 1/x), so their values are not parts of one sum`,
        role: Role.summandUnit(i),
        got: q.unit,
        hints: [`Convert each quantity to '${target}' first, if a sum of those is what is meant`]
      })
    terms.push(converted.quantity)
    for (const note of converted.notes) notes.add(note)
    result = converted
  }
  const quantity = exactSum(terms) ?? neumaierSum(terms)
  if (!Number.isFinite(quantity))
    return new ComputationError({ message: `The sum is not a finite number (${quantity})`, role: Role.quantities, got: String(quantity), hints: [] })
  return { quantity, unit: target, dimension: result!.dimension, terms, notes: [...notes] }
}

/**
 * The sum in a unit list (ft;in): in its last unit, split into parts, and as a quantity of its first
 * unit; otherwise as `sumValues`.
 */
export const sumInParts = (
  catalog: Catalog,
  quantities: ReadonlyArray<Summand>,
  to: string | undefined,
  notation: Notation = "conventional"
): (Sum & { readonly parts?: ReadonlyArray<Part> }) | ConvertError => {
  if (to === undefined || !isUnitList(to)) return sumValues(catalog, quantities, to, notation)
  const list = readUnitList(catalog, to, Role.outputUnit, notation)
  if (isEngineError(list)) return locate(list, { role: Role.outputUnit })
  const inLast = sumValues(catalog, quantities, list.units.at(-1)!, notation)
  if (isEngineError(inLast)) return inLast
  const inFirst = convertValue(catalog, inLast.quantity, list.units.at(-1)!, list.units[0]!, notation)
  if (isEngineError(inFirst)) return inFirst
  return { ...inLast, quantity: inFirst.quantity, unit: list.units[0]!, parts: toParts(list, inLast.quantity) }
}

/** `sumInParts` as an Effect. */
export const sum = (
  catalog: Catalog,
  quantities: ReadonlyArray<Summand>,
  to: string | undefined,
  notation: Notation = "conventional"
): Effect.Effect<Sum & { readonly parts?: ReadonlyArray<Part> }, ConvertError> =>
  Effect.suspend(() => {
    const result = sumInParts(catalog, quantities, to, notation)
    return isEngineError(result) ? Effect.fail(result) : Effect.succeed(result)
  })

/**
 * The terms added as the decimals they print as (each is a conversion rounded once: 236.5882365 mL
 * a cup, 29.5735295625 mL two tablespoons), exactly, and rounded once: 266.1617660625 mL, where
 * adding the doubles gives 266.16176606249996. Undefined when the ratio outgrows exact integers.
 */
const exactSum = (values: ReadonlyArray<number>): number | undefined => {
  let total = Rational.zero
  for (const v of values) total = Rational.add(total, Rational.fromNumber(v))
  return Number.isSafeInteger(total.n) && Number.isSafeInteger(total.d) ? Rational.toNumber(total) : undefined
}

/**
 * Otherwise a compensated sum (Neumaier 1974, "Rundungsfehleranalyse einiger Verfahren zur Summation
 * endlicher Summen", ZAMM 54): the rounding error of each addition is carried, so 0.1 + 0.2 + 0.3
 * is 0.6 and a large term does not swallow small ones.
 */
const neumaierSum = (values: ReadonlyArray<number>): number => {
  let total = 0
  let carried = 0
  for (const v of values) {
    const t = total + v
    carried += Math.abs(total) >= Math.abs(v) ? total - t + v : v - t + total
    total = t
  }
  return total + carried
}
