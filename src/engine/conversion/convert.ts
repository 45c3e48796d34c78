/**
 * The conversion operations as Effects over an explicit catalog: resolve a unit, convert a value,
 * check two units for compatibility. Each fails only with the typed errors of errors.ts.
 */
import * as Effect from "effect/Effect"
import type { Catalog } from "../units/Catalog.ts"
import { applyConverter, converterBetween } from "./between.ts"
import * as Dimension from "../Dimension.ts"
import * as DimensionNames from "../DimensionNames.ts"
import {
  AmbiguousInput,
  type InvalidValue,
  ComputationError,
  DimensionMismatch,
  type EngineError,
  InvalidInput,
  type NoConversionPath,
  ParseError,
  type UnitError,
  fieldsOf,
  isEngineError,
  locate
} from "../errors.ts"
import { Role } from "../roles.ts"
import * as Rational from "../Rational.ts"
import * as StatedRelation from "./StatedRelation.ts"
import { otherReadingHint } from "./otherReadings.ts"
import { type StatedRelations, gaugeConverter, prepare, relatedConverter, withSubstance } from "./related.ts"
import { looksLikeUcum, resolveUcum } from "../notations/ucum.ts"
import { caseSensitiveOf, resolveUcumCaseInsensitive } from "../notations/ucumCaseInsensitive.ts"
import { ucumCodeOf } from "../notations/ucumCodes.ts"
import { type UnitExpression, fixFitting, resolveUnitExpression } from "../units/UnitExpression.ts"
import { isCapitals } from "../units/capitals.ts"

const mapResolved = <E>(r: UnitExpression | E, f: (e: UnitExpression) => UnitExpression): UnitExpression | E => (isEngineError(r) ? r : f(r as UnitExpression))

/** Lifts `T | EngineError` into an Effect that fails with the error. */
export const lift = <T>(result: T): Effect.Effect<Exclude<T, EngineError>, Extract<T, EngineError>> =>
  isEngineError(result) ? Effect.fail(result as Extract<T, EngineError>) : Effect.succeed(result as Exclude<T, EngineError>)

/** How unit expressions are written: conventionally ("µg/dL", "mmHg", "°C") or in UCUM ("ug/dL", "mm[Hg]", "Cel"). */
export type Notation = "conventional" | "ucum" | "ucum_ci"

/**
 * A unit expression read in a notation. A conventional one that only UCUM reads ([in_i], mm[Hg],
 * {annotations}) is refused with the UCUM reading, since the two notations give some strings
 * different meanings (B: bel or byte; a: year or are) and the caller must say which is meant.
 */
export const resolveIn = (catalog: Catalog, expression: string, notation: Notation = "conventional"): UnitExpression | UnitError | InvalidInput => {
  if (notation === "ucum") return resolveUcum(expression)
  if (notation === "ucum_ci") return resolveUcumCaseInsensitive(expression)
  if (/[[{]/.test(expression) && looksLikeUcum(expression)) {
    // a name with a qualifier in braces that the conventional notation reads (pt{UK}, cal{IT}) is that name
    const conventional = /\[/.test(expression) ? undefined : resolveUnitExpression(catalog, expression)
    if (conventional !== undefined && !isEngineError(conventional)) {
      const reading = resolveUcum(expression)
      const ucum = isEngineError(reading) ? "" : ` (${Rational.toNumber(reading.factor)} in coherent SI, ${DimensionNames.describe(reading.dimension)})`
      return {
        ...conventional,
        notes: [...conventional.notes, `'${expression}' read as a qualified name; in UCUM notation it would read otherwise${ucum}, with {…} an annotation`]
      }
    }
    const reading = resolveUcum(expression)
    const described = isEngineError(reading) ? "" : ` (${Rational.toNumber(reading.factor)} in coherent SI, ${DimensionNames.describe(reading.dimension)})`
    return new ParseError({
      message: `'${expression}' is written in UCUM, not in conventional notation: ask for the UCUM reading`,
      expression,
      position: expression.search(/[[{]/),
      expected: 'a conventional unit expression, or the UCUM notation ("ucum") for this one',
      got: expression,
      hints: [
        `Read as UCUM, '${expression}' is a valid unit${described}: choose the UCUM notation ("ucum") to use it`,
        "Conventional notation writes in, lb, mmHg, cmH2O; brackets and {annotations} are UCUM's"
      ]
    })
  }
  if (/\[/.test(expression) && isCapitals(expression)) {
    // MM[HG], [IN_I]: UCUM's case-insensitive form, whose brackets conventional notation would read as parentheses
    const reading = resolveUcumCaseInsensitive(expression)
    if (!isEngineError(reading))
      return new ParseError({
        message: `'${expression}' is written in UCUM's case-insensitive form, not in conventional notation: ask for that reading`,
        expression,
        position: expression.search(/\[/),
        expected: 'a conventional unit expression, or the notation "ucum_ci" for this one',
        got: expression,
        hints: [
          `Read as UCUM's case-insensitive form, '${expression}' is a valid unit (${Rational.toNumber(reading.factor)} in coherent SI, ${DimensionNames.describe(reading.dimension)}): choose the notation "ucum_ci" to use it`,
          "Conventional notation writes mmHg, in, cmH2O; brackets are UCUM's"
        ]
      })
  }
  return resolveUnitExpression(catalog, expression)
}

export type { StatedRelations, Substance } from "./related.ts"

/** Resolves a unit expression in a notation, failing with the unit error placed at `role`. */
export const resolveUnit = (
  catalog: Catalog,
  expression: string,
  role?: string,
  notation: Notation = "conventional"
): Effect.Effect<UnitExpression, UnitError | InvalidInput> =>
  Effect.suspend(() => {
    const result = resolveIn(catalog, expression, notation)
    return isEngineError(result) ? Effect.fail(role ? locate(result, { role }) : result) : Effect.succeed(result)
  })

export interface ConversionResult {
  readonly quantity: number
  readonly unit: string
  readonly dimension: string
  readonly uncertainty: number | null
  /** linear: a constant factor; affine: a temperature scale with an offset; logarithmic: a level; reciprocal: 1/x between inverse dimensions. */
  readonly conversion: "linear" | "affine" | "logarithmic" | "reciprocal"
  /** The factor to multiply by, for a linear conversion. */
  readonly factor: number | null
  /** How ambiguous input was read, and caveats such as temperature offsets. */
  readonly notes: ReadonlyArray<string>
  /** The result unit as a UCUM code, for writing back to HL7/FHIR; null where UCUM has none. */
  readonly ucum: string | null
}

export type ConvertError = UnitError | DimensionMismatch | NoConversionPath | ComputationError | InvalidInput | InvalidValue | AmbiguousInput

/**
 * Converts `value` from one unit expression to another, synchronously: the result or the typed
 * error. A warm call (both expressions and their converter cached) costs a few map look-ups.
 */
export const convertValue = (
  catalog: Catalog,
  value: number,
  from: string,
  to: string,
  notation: Notation = "conventional",
  stated?: StatedRelations
): ConversionResult | ConvertError => {
  if (!Number.isFinite(value)) {
    return new InvalidInput({
      message: `The value must be a finite number, got ${value}`,
      role: Role.value,
      got: String(value),
      expected: "a finite number",
      hints: []
    })
  }
  const relations = prepare(catalog, stated)
  if (isEngineError(relations)) return relations
  const source = mapResolved(resolveIn(catalog, from, notation), (e) => withSubstance(e, relations))
  if (isEngineError(source))
    return source._tag === "AmbiguousInput"
      ? byTheCall(source, Role.sourceUnit, to, (u) => convertValue(catalog, value, u, to, notation, stated))
      : locate(
          fixFitting(catalog, source, (_, corrected) => fitsWith(convertValue(catalog, value, corrected, to, notation, stated)), `converts to '${to}'`),
          { role: Role.sourceUnit }
        )
  const target = mapResolved(resolveIn(catalog, to, notation), (e) => withSubstance(e, relations))
  if (isEngineError(target))
    return target._tag === "AmbiguousInput"
      ? byTheCall(target, Role.targetUnit, from, (u) => {
          const r = convertValue(catalog, value, from, u, notation, stated)
          // the answer is in the unit the caller wrote, read as the note says
          return isEngineError(r) ? r : { ...r, unit: to }
        })
      : locate(
          fixFitting(catalog, target, (_, corrected) => fitsWith(convertValue(catalog, value, from, corrected, notation, stated)), `'${from}' converts to`),
          { role: Role.targetUnit }
        )
  let converter = gaugeConverter(source, target, relations) ?? converterBetween(catalog, source, target)
  if (isEngineError(converter) && converter._tag === "DimensionMismatch") converter = relatedConverter(source, target, relations) ?? converter
  if (isEngineError(converter))
    return locate(
      withOtherReadings(catalog, converter, from, to, (f, t) => fitsWith(convertValue(catalog, value, f, t, notation, stated))),
      { role: Role.targetUnit }
    )
  if (converter.kind === "reciprocal" && value === 0) {
    return new ComputationError({
      message: "0 has no reciprocal: the conversion between inverse dimensions is 1/x",
      role: Role.value,
      got: "0",
      hints: ["A zero of one quantity is an infinite amount of its inverse (0 mpg is no finite L/100km)"]
    })
  }
  const quantity = applyConverter(converter, value)
  if (isEngineError(quantity)) return locate(quantity, { role: Role.value })
  return {
    quantity,
    unit: to,
    dimension: DimensionNames.describe(target.dimension),
    uncertainty: null,
    conversion: converter.kind,
    factor: converter.kind === "linear" ? Rational.toNumber(converter.slope) : null,
    notes: [...converter.notes, ...torqueNotes(catalog, source, target)],
    ucum: notation === "ucum" ? to : notation === "ucum_ci" ? (caseSensitiveOf(to) ?? null) : (ucumCodeOf(target) ?? null)
  }
}

/** A conversion refused on the quantity: a hint where another reading of either unit's name would fit (rad to Gy: the dose rad). */
const withOtherReadings = <E extends ConvertError>(
  catalog: Catalog,
  error: E,
  from: string,
  to: string,
  fits: (from: string, to: string) => boolean
): E | DimensionMismatch => {
  if (error._tag !== "DimensionMismatch") return error
  const hints = [otherReadingHint(catalog, from, (u) => fits(u, to)), otherReadingHint(catalog, to, (u) => fits(from, u))].filter((h) => h !== undefined)
  return hints.length === 0
    ? error
    : new DimensionMismatch({ ...(fieldsOf(error) as unknown as ConstructorParameters<typeof DimensionMismatch>[0]), hints: [...hints, ...error.hints] })
}

/**
 * Whether a corrected unit fits the rest of the call: the conversion answers, or fails for a reason
 * other than the quantity (a custom unit no edge reaches yet is still the unit meant).
 */
const fitsWith = (result: ConversionResult | ConvertError): boolean => !isEngineError(result) || result._tag === "NoConversionPath"

/**
 * Which of force and length an expression writes first, when it is exactly one force times one
 * length (N·m, lbf·ft, ft·lbf), or one unit named as such a product: the catalog names a product
 * unit by its factors' symbols in their order (N_m, lbf_ft for torque, ft_lbf for work), and every
 * spelling of it (Nm, lb-ft, foot-pound) is read in that order.
 */
const forceTimesLength = (catalog: Catalog, e: UnitExpression): "force first" | "length first" | undefined => {
  const only = e.terms.length === 1 && e.terms[0]!.exponent === 1 && e.terms[0]!.prefix === undefined ? e.terms[0]!.unit.symbol : undefined
  if (only?.includes("_")) {
    const product = resolveUnitExpression(catalog, only.replace("_", "*"), "written")
    return isEngineError(product) || product.terms.length !== 2 ? undefined : forceTimesLength(catalog, product)
  }
  const [a, b, ...rest] = e.terms
  if (a === undefined || b === undefined || rest.length > 0 || a.exponent !== 1 || b.exponent !== 1) return undefined
  const [force, length] = [DimensionNames.dimensionNamed("force")!, DimensionNames.dimensionNamed("length")!]
  if (Dimension.equals(a.unit.dimension, force) && Dimension.equals(b.unit.dimension, length)) return "force first"
  if (Dimension.equals(a.unit.dimension, length) && Dimension.equals(b.unit.dimension, force)) return "length first"
  return undefined
}

/**
 * A moment of force and an energy share a dimension but not a unit name: the SI Brochure (9th ed.,
 * table 4, note) writes torque in N·m and keeps the joule for energy, and US practice writes torque
 * lbf·ft and work ft·lbf. The number converts; the note says the quantities are not one.
 */
const torqueNotes = (catalog: Catalog, source: UnitExpression, target: UnitExpression): ReadonlyArray<string> => {
  if (!Dimension.equals(source.dimension, DimensionNames.dimensionNamed("energy")!)) return []
  const [a, b] = [forceTimesLength(catalog, source), forceTimesLength(catalog, target)]
  if (a !== undefined && b !== undefined && a !== b)
    return [
      `${a === "force first" ? source.input : target.input} is how a torque is written and ${a === "force first" ? target.input : source.input} how work is: the same number, but a torque is not an energy`
    ]
  if ((a === undefined) === (b === undefined)) return []
  // length first (ft·lbf, the foot-pound) is how work is written: an energy, as the joule is
  if ((a ?? b) === "length first") return []
  const [torque, energy] = a !== undefined ? [source.input, target.input] : [target.input, source.input]
  return [
    `${torque} is how a torque (moment of force) is written and ${energy} names an energy: the number converts, the quantity does not (the SI Brochure keeps the joule for energy and writes torque in N·m)`
  ]
}

/**
 * An ambiguous unit's readings, each with the answer it would give: the name replaced by the
 * reading's expression and the conversion tried again (a reading that fails keeps no value).
 */
const attempts = (error: AmbiguousInput, attempt: (expression: string) => ConversionResult | ConvertError) => {
  const { expression, position, token } = error
  if (expression === undefined || position === undefined || token === undefined) return undefined
  return error.readings.map((r) => ({
    reading: r,
    result: r.unit === undefined ? undefined : attempt(`${expression.slice(0, position)}(${r.unit})${expression.slice(position + token.length)}`)
  }))
}

/**
 * An ambiguous unit read by the whole call: when exactly one reading converts (the other side of
 * the call is a quantity only it has: 'MG' to mg is the milligram, never the megagauss), that is
 * the answer, with a note naming the readings set aside; otherwise the refusal, each reading with
 * its value.
 */
const byTheCall = (
  error: AmbiguousInput,
  role: string,
  other: string,
  attempt: (expression: string) => ConversionResult | ConvertError
): ConversionResult | ConvertError => {
  const tried = attempts(error, attempt)
  if (tried === undefined) return locate(error, { role })
  const answered = tried.filter((t) => t.result !== undefined && !isEngineError(t.result))
  // a reading is set aside only when the call's quantity does not fit it; one that could not be tried
  // (its spelling does not read back) leaves the choice open, so the call is refused with every reading
  const setAside = tried.every(
    (t) => t.result !== undefined && (!isEngineError(t.result) || t.result._tag === "DimensionMismatch" || t.result._tag === "NoConversionPath")
  )
  if (error.byContext === true && setAside && answered.length === 1 && tried.length > 1) {
    const [{ reading, result }] = answered as [{ reading: (typeof tried)[number]["reading"]; result: ConversionResult }]
    const others = tried.filter((t) => t.reading !== reading).map((t) => t.reading.meaning)
    const note = `'${error.token}' read as ${reading.meaning}: the only reading that converts with '${other}' (not ${others.join("; ")})`
    return { ...result, notes: [note, ...result.notes] }
  }
  // every reading answers, and with the same number (rad to rad): the answer does not depend on the reading
  const [first] = answered as Array<{ result: ConversionResult }>
  if (first !== undefined && answered.length === tried.length && answered.every((t) => (t.result as ConversionResult).quantity === first.result.quantity))
    return {
      ...first.result,
      // (the other side read the same way gives its own note on the token: said once here)
      notes: [
        `'${error.token}' reads ${tried.length} ways, all with this answer`,
        ...first.result.notes.filter((n) => !n.startsWith(`'${error.token}' read as`))
      ]
    }
  const readings = tried.map(({ reading, result }) => (result === undefined || isEngineError(result) ? reading : { ...reading, value: result.quantity }))
  return locate(new AmbiguousInput({ ...(fieldsOf(error) as unknown as ConstructorParameters<typeof AmbiguousInput>[0]), readings }), { role })
}

/** Converts `value` from one unit expression to another (convertValue as an Effect: one step, no generator). */
export const convert = (
  catalog: Catalog,
  value: number,
  from: string,
  to: string,
  notation: Notation = "conventional",
  stated?: StatedRelations
): Effect.Effect<ConversionResult, ConvertError> =>
  Effect.suspend(() => {
    const result = convertValue(catalog, value, from, to, notation, stated)
    return isEngineError(result) ? Effect.fail(result) : Effect.succeed(result)
  })

export interface DimensionCheck {
  readonly compatible: boolean
  /**
   * What relates two units that do not convert by themselves: "reciprocal" (a conversion answers
   * 1/x), "molar_mass", or an equivalence ("spectral", "thermal", "mass_energy") to state.
   */
  readonly relatedBy: ReadonlyArray<string>
  readonly dimensionA: string
  readonly dimensionB: string
  readonly signatureA: string
  readonly signatureB: string
  readonly reason: string | null
}

/** Whether two units convert into each other (CGS and SI do; rad/s and Hz do not). */
export const checkDimensions = (
  catalog: Catalog,
  a: string,
  b: string,
  notation: Notation = "conventional"
): Effect.Effect<DimensionCheck, UnitError | InvalidInput> =>
  Effect.gen(function* () {
    const ua = yield* resolveUnit(catalog, a, Role.firstUnit, notation)
    const ub = yield* resolveUnit(catalog, b, Role.secondUnit, notation)
    const verdict = converterBetween(catalog, ua, ub)
    const related = isEngineError(verdict) && verdict._tag === "DimensionMismatch" ? StatedRelation.relatedBy(ua.dimension, ub.dimension) : []
    return {
      compatible: !isEngineError(verdict),
      relatedBy: related,
      dimensionA: DimensionNames.describe(ua.dimension),
      dimensionB: DimensionNames.describe(ub.dimension),
      signatureA: Dimension.signature(ua.dimension),
      signatureB: Dimension.signature(ub.dimension),
      reason: isEngineError(verdict) ? [verdict.message, ...verdict.hints.slice(1, 2)].join(". ") : null
    }
  })
