/**
 * Factor-label computation: a starting quantity multiplied through a chain of factors
 * ("value numerator / denominator"), with units cancelling as they would on paper. Unlike ucon,
 * every step is unit-aware: a factor relating two units of the same dimension (1 kg / 2.205 lb) is
 * checked against the true conversion and a wrong one is reported; leftover units of the same
 * dimension (mcg·mL/(mg·min)) are pointed out; and an expected unit, when compatible, also
 * receives the result converted into it.
 */
import * as Effect from "effect/Effect"
import type { Catalog } from "../units/Catalog.ts"
import { applyConverter, converterBetween } from "./between.ts"
import { ucumCodeOf } from "../notations/ucumCodes.ts"
import { lift, type Notation, resolveUnit } from "./convert.ts"
import { isUnitList, type Part, readUnitList, toParts } from "./parts.ts"
import { type StatedRelations, prepare, relatedConverter } from "./related.ts"
import * as Dimension from "../Dimension.ts"
import * as DimensionNames from "../DimensionNames.ts"
import { ComputationError, DimensionMismatch, type EngineError, InvalidInput, isEngineError, locate } from "../errors.ts"
import { Role } from "../roles.ts"
import * as Exact from "../Exact.ts"
import * as Rational from "../Rational.ts"
import { type Term, type UnitExpression, fixFitting, format, fromTerms, multiplyTerms } from "../units/UnitExpression.ts"

export interface Factor {
  readonly value: number
  readonly numerator: string
  readonly denominator: string
}

export interface ComputeStep {
  readonly factor: string
  readonly quantity: number
  readonly unit: string
  readonly dimension: string
}

export interface ComputeResult {
  readonly quantity: number
  readonly unit: string
  readonly dimension: string
  readonly steps: ReadonlyArray<ComputeStep>
  /** Problems the agent must hear about: a factor that disagrees with the true conversion. */
  readonly warnings: ReadonlyArray<string>
  /** How input was read and what was simplified. */
  readonly notes: ReadonlyArray<string>
  /** The result in the expected unit, when one was given. */
  readonly converted: { readonly quantity: number; readonly unit: string; readonly parts?: ReadonlyArray<Part> } | null
  /** The result unit as a UCUM code, for writing back to HL7/FHIR; null where UCUM has none. */
  readonly ucum: string | null
}

/** A same-dimension factor more than this far from the true conversion is reported (2.205 lb/kg is fine, 2.0 is not). */
export const FACTOR_TOLERANCE = 0.005

const show = (x: number): string => String(Number(x.toPrecision(12)))

/**
 * Leftover units of one dimension with opposite signs (mcg against mg⁻¹). They are kept: mg/kg is
 * a meaningful dose per body weight, so nothing is reduced behind the agent's back; the note says
 * how to get a single unit (an expected unit).
 */
export const mixedUnitsNote = (terms: ReadonlyArray<Term>): string | undefined => {
  for (const up of terms) {
    if (up.exponent <= 0 || Dimension.isDimensionless(up.unit.dimension)) continue
    const down = terms.find((b) => b.exponent < 0 && Dimension.equals(up.unit.dimension, b.unit.dimension))
    if (down) {
      const pair = `${format([{ ...up, exponent: 1 }])}/${format([{ ...down, exponent: 1 }])}`
      return `The result keeps ${pair}, two ${DimensionNames.describe(up.unit.dimension)} units; name an expected unit to have it converted into the unit you want`
    }
  }
  return undefined
}

const dimensionHints = (actual: Dimension.Dimension, expected: Dimension.Dimension): Array<string> => {
  const hints: Array<string> = []
  const gap = Dimension.divide(expected, actual)
  gap.forEach((e, i) => {
    if (e === 0) return
    const name = Dimension.baseQuantities[i]!.name
    hints.push(
      e > 0
        ? `Missing '${name}' (exponent ${e}) in the result: multiply by a factor carrying ${name}`
        : `Missing 'per ${name}' (exponent ${e}) in the result: divide by a factor carrying ${name}`
    )
  })
  return hints
}

type StepError = EngineError

/** Runs a factor-label chain. Failures name the factor by `step` (0-based index into `factors`). */
export const compute = (
  catalog: Catalog,
  initialValue: number,
  initialUnit: string,
  factors: ReadonlyArray<Factor>,
  expectedUnit?: string,
  notation: Notation = "conventional",
  stated?: StatedRelations
): Effect.Effect<ComputeResult, StepError> =>
  Effect.gen(function* () {
    const relations = yield* lift(prepare(catalog, stated))
    if (!Number.isFinite(initialValue)) {
      return yield* new InvalidInput({ message: `The initial value must be a finite number, got ${initialValue}`, role: Role.initialValue, hints: [] })
    }
    const initial = yield* resolveUnit(catalog, initialUnit, Role.initialUnit, notation)
    const notes: Array<string> = [...initial.notes]
    const warnings: Array<string> = []
    let value = Rational.scale(initialValue, initial.numeric)
    // the same chain in exact decimals, for results the floating-point one leaves noisy
    let exact = Exact.multiply(Exact.fromNumber(initialValue), Exact.fromRational(initial.numeric))
    const refined = (x: number) => (exact && Exact.looksNoisy(x) ? Exact.toNumber(exact) : x)
    if (!Rational.isOne(initial.numeric)) notes.push(`The number in '${initialUnit}' was folded into the value (×${show(Rational.toNumber(initial.numeric))})`)
    let terms: Array<Term> = [...initial.terms]
    const unitText = () => (terms.length === 0 ? "1" : format(terms))
    const dimensionOf = (ts: ReadonlyArray<Term>) => fromTerms("", ts, Rational.one).dimension
    const steps: Array<ComputeStep> = [
      { factor: `${show(initialValue)} ${initialUnit}`, quantity: value, unit: unitText(), dimension: DimensionNames.describe(dimensionOf(terms)) }
    ]
    for (const [step, factor] of factors.entries()) {
      const at = (e: StepError) => locate(e, { step })
      const numerator = yield* resolveUnit(catalog, factor.numerator, Role.factorNumerator, notation).pipe(Effect.mapError(at))
      const denominator = yield* resolveUnit(catalog, factor.denominator, Role.factorDenominator, notation).pipe(Effect.mapError(at))
      if (!Number.isFinite(factor.value)) {
        return yield* new InvalidInput({ message: `Factor ${step} has a non-finite value`, role: Role.factorValue, step, hints: [] })
      }
      if (factor.value === 0) {
        return yield* new ComputationError({
          message: `Factor ${step} has value 0, which makes the whole chain 0`,
          role: Role.factorValue,
          step,
          hints: ["A conversion factor is never zero: check the value"]
        })
      }
      notes.push(...numerator.notes, ...denominator.notes)
      checkSameDimension(catalog, factor, numerator, denominator, step, warnings)
      exact = Exact.divide(
        Exact.multiply(Exact.multiply(exact, Exact.fromNumber(factor.value)), Exact.fromRational(numerator.numeric)),
        Exact.fromRational(denominator.numeric)
      )
      value = refined((value * factor.value * Rational.toNumber(numerator.numeric)) / Rational.toNumber(denominator.numeric))
      terms = multiplyTerms(multiplyTerms(terms, numerator.terms, 1), denominator.terms, -1)
      steps.push({
        factor: `× (${show(factor.value)} ${factor.numerator} / ${factor.denominator})`,
        quantity: value,
        unit: unitText(),
        dimension: DimensionNames.describe(dimensionOf(terms))
      })
    }
    const mixed = mixedUnitsNote(terms)
    if (mixed && expectedUnit === undefined) notes.push(mixed)
    if (!Number.isFinite(value)) {
      return yield* new ComputationError({
        message: "The computation overflowed to a non-finite number",
        hints: ["Check the factor values for a misplaced exponent"]
      })
    }
    const result: UnitExpression = fromTerms(unitText(), terms, Rational.one)
    let converted: ComputeResult["converted"] = null
    if (expectedUnit !== undefined) {
      // a unit list (h;min): the result in its first unit, and in parts
      const list = isUnitList(expectedUnit) ? yield* lift(readUnitList(catalog, expectedUnit, Role.expectedUnit, notation)) : undefined
      const single = list?.units[0] ?? expectedUnit
      // an unknown expected unit's fix is the near unit the result converts to, when there is one
      const expected = yield* resolveUnit(catalog, single, Role.expectedUnit, notation).pipe(
        Effect.mapError((e) =>
          fixFitting(catalog, e, (read) => !isEngineError(converterBetween(catalog, result, read)), `the result (${unitText()}) converts to`)
        )
      )
      // a stated relation (molar mass, equivalence) may relate the chain's result to the expected unit;
      // a reciprocal never does here: a chain that ends inverted is more likely a misplaced factor
      let converter = converterBetween(catalog, result, expected)
      if (isEngineError(converter) && converter._tag === "DimensionMismatch") {
        const related = relatedConverter(result, expected, relations, { reciprocal: false })
        if (related) notes.push(...related.notes)
        converter = related ?? converter
      }
      // the same dimension with no path (Gy to Sv, a custom unit with no edge), or two readings: said as found
      if (isEngineError(converter) && converter._tag !== "DimensionMismatch") return yield* Effect.fail(locate(converter, { role: Role.expectedUnit }))
      if (isEngineError(converter)) {
        const got = DimensionNames.describe(result.dimension)
        const want = DimensionNames.describe(expected.dimension)
        return yield* new DimensionMismatch({
          message: `The result is ${show(value)} ${unitText()} (${got}), which is not compatible with the expected unit '${expectedUnit}' (${want})`,
          role: Role.expectedUnit,
          fromDimension: got,
          toDimension: want,
          got,
          expected: want,
          // where only pseudo-dimensions differ, what isolates them (dimensionHints name no pseudo-dimension)
          hints: [
            ...dimensionHints(result.dimension, expected.dimension),
            ...(Dimension.equalsIgnoringPseudo(result.dimension, expected.dimension) ? converter.hints.slice(1) : [])
          ]
        })
      }
      // applyConverter: a point below absolute zero or a level with two readings is refused here too
      converted = { quantity: yield* lift(applyConverter(converter, value)), unit: single }
      if (list !== undefined) {
        const inLast = converterBetween(catalog, result, list.expressions.at(-1)!)
        if (!isEngineError(inLast)) converted = { ...converted, parts: toParts(list, yield* lift(applyConverter(inLast, value))) }
      }
    }
    return {
      quantity: value,
      unit: unitText(),
      dimension: DimensionNames.describe(result.dimension),
      steps,
      warnings,
      notes: [...new Set(notes)],
      converted,
      ucum: ucumCodeOf(result) ?? null
    }
  })

/** A factor whose two sides share a dimension is a conversion: check it against the catalog. */
const checkSameDimension = (
  catalog: Catalog,
  factor: Factor,
  numerator: UnitExpression,
  denominator: UnitExpression,
  step: number,
  warnings: Array<string>
): void => {
  if (!Dimension.equals(numerator.dimension, denominator.dimension) || numerator.terms.length === 0 || denominator.terms.length === 0) return
  const converter = converterBetween(catalog, denominator, numerator)
  if (isEngineError(converter) || converter.kind !== "linear") return
  // the factor claims: value × numerator = 1 × denominator; the catalog says 1 denominator = slope numerator
  const claimed = factor.value
  const truth = Rational.toNumber(converter.slope)
  const error = Math.abs(claimed - truth) / Math.abs(truth)
  if (error > FACTOR_TOLERANCE) {
    warnings.push(
      `Factor ${step} (${show(factor.value)} ${factor.numerator} / ${factor.denominator}) claims ${factor.denominator} = ${show(claimed)} ${factor.numerator}, ` +
        `but ${factor.denominator} = ${show(truth)} ${factor.numerator} (off by ${(error * 100).toPrecision(3)}%). The result uses the factor as given; ` +
        `use value ${show(truth)} for the exact conversion.`
    )
  }
}
