/**
 * The conversion operations as Effects over an explicit catalog: resolve a unit, convert a value,
 * check two units for compatibility. Each fails only with the typed errors of errors.ts.
 */
import { Effect } from "effect"
import type { Catalog } from "./Catalog.ts"
import { type Converter, applyConverter, converterBetween, reciprocalConverter, scaledAffine } from "./Conversion.ts"
import * as Dimension from "./Dimension.ts"
import * as DimensionNames from "./DimensionNames.ts"
import {
  AmbiguousInput,
  type InvalidValue,
  ComputationError,
  type DimensionMismatch,
  type EngineError,
  InvalidInput,
  type NoConversionPath,
  ParseError,
  type UnitError,
  fieldsOf,
  isEngineError,
  locate
} from "./errors.ts"
import { Role } from "./roles.ts"
import * as Rational from "./Rational.ts"
import * as StatedRelation from "./StatedRelation.ts"
import * as Substances from "./Substance.ts"
import { looksLikeUcum, resolveUcum, ucumCodeOf } from "./notations/ucum.ts"
import { type UnitExpression, fromTerms, resolveUnitExpression } from "./UnitExpression.ts"

const mapResolved = <E>(r: UnitExpression | E, f: (e: UnitExpression) => UnitExpression): UnitExpression | E => (isEngineError(r) ? r : f(r as UnitExpression))

/** Lifts `T | EngineError` into an Effect that fails with the error. */
export const lift = <T>(result: T): Effect.Effect<Exclude<T, EngineError>, Extract<T, EngineError>> =>
  isEngineError(result) ? Effect.fail(result as Extract<T, EngineError>) : Effect.succeed(result as Exclude<T, EngineError>)

/** How unit expressions are written: conventionally ("µg/dL", "mmHg", "°C") or in UCUM ("ug/dL", "mm[Hg]", "Cel"). */
export type Notation = "conventional" | "ucum"

/**
 * A unit expression read in a notation. A conventional one that only UCUM reads ([in_i], mm[Hg],
 * {annotations}) is refused with the UCUM reading, since the two notations give some strings
 * different meanings (B: bel or byte; a: year or are) and the caller must say which is meant.
 */
export const resolveIn = (catalog: Catalog, expression: string, notation: Notation = "conventional"): UnitExpression | UnitError | InvalidInput => {
  if (notation === "ucum") return resolveUcum(expression)
  if (/[[{]/.test(expression) && looksLikeUcum(expression)) {
    const reading = resolveUcum(expression)
    const described = isEngineError(reading) ? "" : ` (${Rational.toNumber(reading.factor)} in coherent SI, ${DimensionNames.describe(reading.dimension)})`
    return new ParseError({
      message: `'${expression}' is written in UCUM, not in conventional notation: ask for the UCUM reading`,
      expression,
      position: expression.search(/[[{]/),
      expected: "a conventional unit expression, or the UCUM notation (\"ucum\") for this one",
      got: expression,
      hints: [`Read as UCUM, '${expression}' is a valid unit${described}: choose the UCUM notation ("ucum") to use it`, "Conventional notation writes in, lb, mmHg, cmH2O; brackets and {annotations} are UCUM's"]
    })
  }
  return resolveUnitExpression(catalog, expression)
}

/**
 * What the caller states about the quantity, for conversions the units alone cannot make: the
 * valence (charge number: 2 for Ca²⁺) and the particles per formula unit (2 for NaCl) for
 * equivalents and osmoles; a molar mass or a named substance for mass ↔ amount of substance; a
 * physical equivalence; the local atmospheric pressure for gauge ↔ absolute pressure.
 */
export interface StatedRelations {
  readonly valence?: number | undefined
  readonly particles?: number | undefined
  /** A molar mass as a quantity: "180.156 g/mol". */
  readonly molarMass?: string | undefined
  /** A substance of the table (catalog/substances.ts): its molar mass, and its valence for an ion. */
  readonly substance?: string | undefined
  readonly equivalence?: StatedRelation.Equivalence | undefined
  /** The atmospheric pressure a gauge reading is relative to: "101.325 kPa", "1 atm". */
  readonly atmosphere?: string | undefined
}

/** The earlier name of StatedRelations, when it held only the valence and the particles. */
export type Substance = StatedRelations

interface Prepared {
  readonly valence: number | undefined
  readonly particles: number | undefined
  readonly molarMass: { readonly value: Rational.Rational; readonly described: string; readonly note: string | undefined } | undefined
  readonly equivalence: StatedRelation.Equivalence | undefined
  readonly atmosphere: { readonly pascal: Rational.Rational; readonly written: string } | undefined
}

const noRelations: Prepared = { valence: undefined, particles: undefined, molarMass: undefined, equivalence: undefined, atmosphere: undefined }

/** A stated quantity ("180.156 g/mol", "1 atm") read as a positive amount of one dimension. */
const statedQuantity = (catalog: Catalog, written: string, role: string, dimension: Dimension.Dimension, example: string): Rational.Rational | InvalidInput | UnitError => {
  const r = resolveUnitExpression(catalog, written)
  if (isEngineError(r)) return locate(r, { role })
  if (!Dimension.equals(r.dimension, dimension) || !(Rational.toNumber(r.factor) > 0) || r.temperatureScale || r.level) {
    return new InvalidInput({
      message: `The ${role} must be a positive quantity of ${DimensionNames.describe(dimension)} with its unit, got '${written}' (${DimensionNames.describe(r.dimension)})`,
      role,
      got: written,
      expected: `a quantity such as '${example}'`,
      hints: [`Write the number with its unit: '${example}'`]
    })
  }
  return r.factor
}

const MOLAR_MASS = Dimension.divide(Dimension.base("M"), Dimension.base("N"))
const PRESSURE = Dimension.fromExponents({ M: 1, L: -1, T: -2 })

/** Checks what the caller stated and reads each part: the substance's molar mass and valence, the quantities. */
const prepare = (catalog: Catalog, stated: StatedRelations | undefined): Prepared | InvalidInput | UnitError => {
  if (!stated) return noRelations
  let valence = stated.valence
  let molarMass: Prepared["molarMass"]
  if (stated.substance !== undefined) {
    const found = Substances.find(stated.substance)
    if (!found) {
      const similar = Substances.similarNames(stated.substance)
      return new InvalidInput({
        message: `Unknown substance '${stated.substance}'`,
        role: Role.substance,
        got: stated.substance,
        expected: "a substance of the table, or its molar mass stated instead",
        hints: [...(similar.length > 0 ? [`Similar substances: ${similar.join(", ")}`] : []), `Known substances: ${Substances.names().join(", ")}`, "For any other substance, state its molar mass (e.g. '342.3 g/mol')"]
      })
    }
    if (valence !== undefined && found.entry.valence !== undefined && valence !== found.entry.valence) {
      return new InvalidInput({
        message: `The stated valence ${valence} contradicts ${found.entry.name}'s ${found.entry.valence}`,
        role: Role.substance,
        got: String(valence),
        expected: String(found.entry.valence),
        hints: [`${found.entry.name} has valence ${found.entry.valence}; leave the valence out, or name another substance`]
      })
    }
    valence ??= found.entry.valence
    molarMass = { value: found.molarMass, described: found.described, note: found.entry.note }
  }
  if (stated.molarMass !== undefined) {
    const value = statedQuantity(catalog, stated.molarMass, Role.molarMass, MOLAR_MASS, "180.156 g/mol")
    if (isEngineError(value)) return value
    if (molarMass && Math.abs(Rational.toNumber(value) / Rational.toNumber(molarMass.value) - 1) > 1e-3) {
      return new InvalidInput({
        message: `The stated molar mass ${stated.molarMass} contradicts the substance's ${molarMass.described}`,
        role: Role.molarMass,
        got: stated.molarMass,
        expected: molarMass.described,
        hints: ["State either the substance or its molar mass, not two that disagree"]
      })
    }
    molarMass = { value, described: stated.molarMass.trim(), note: molarMass?.note }
  }
  let atmosphere: Prepared["atmosphere"]
  if (stated.atmosphere !== undefined) {
    const pascal = statedQuantity(catalog, stated.atmosphere, Role.atmosphere, PRESSURE, "101.325 kPa")
    if (isEngineError(pascal)) return pascal
    atmosphere = { pascal, written: stated.atmosphere.trim() }
  }
  return { valence, particles: stated.particles, molarMass, equivalence: stated.equivalence, atmosphere }
}

const perSubstanceOf = (symbol: string): "valence" | "particles" | undefined =>
  symbol === "Eq" || symbol === "eq" ? "valence" : symbol === "Osm" || symbol === "osm" ? "particles" : undefined

/** Equivalents and osmoles made convertible with the substance's valence or particle count (1 Eq = 1/valence mol). */
const withSubstance = (expression: UnitExpression, substance: Prepared): UnitExpression => {
  if (substance.valence === undefined && substance.particles === undefined) return expression
  const notes: Array<string> = []
  const terms = expression.terms.map((t) => {
    const depends = perSubstanceOf(t.unit.symbol)
    const n = depends === undefined ? undefined : substance[depends]
    if (depends === undefined || n === undefined) return t
    notes.push(`${t.unit.symbol} read with ${depends} ${n}: 1 ${t.unit.symbol} = 1/${n} mol`)
    return { ...t, unit: { ...t.unit, unconnected: false, factor: Rational.divide(t.unit.factor, Rational.make(n, 1)) } }
  })
  return notes.length === 0 ? expression : fromTerms(expression.input, terms, expression.numeric, [...expression.notes, ...notes])
}

/**
 * Across two dimensions, the converter a stated relation gives (molar mass, equivalence), or the
 * reciprocal of exact inverses; undefined when nothing relates them. Levels never take part, and a
 * temperature scale only in a linear relation (thermal), where its offset applies.
 */
const relatedConverter = (source: UnitExpression, target: UnitExpression, stated: Prepared): Converter | undefined => {
  if (source.level || target.level || source.temperatureInterval || target.temperatureInterval) return undefined
  const relation =
    (stated.molarMass && StatedRelation.byMolarMass(source.dimension, target.dimension, stated.molarMass.value, stated.molarMass.described)) ||
    (stated.equivalence && StatedRelation.byEquivalence(stated.equivalence, source.dimension, target.dimension)) ||
    StatedRelation.reciprocal(source.dimension, target.dimension)
  if (!relation) return undefined
  const notes = [...source.notes, ...target.notes, relation.note, ...(stated.molarMass?.note && relation.note.startsWith("Mass and amount") ? [stated.molarMass.note] : [])]
  if (relation.mode === "linear") return scaledAffine(source, target, relation.constant, notes)
  if (source.temperatureScale || target.temperatureScale) return undefined
  return reciprocalConverter(source, target, relation.constant, notes)
}

/** Resolves a unit expression in a notation, failing with the unit error placed at `role`. */
export const resolveUnit = (catalog: Catalog, expression: string, role?: string, notation: Notation = "conventional"): Effect.Effect<UnitExpression, UnitError | InvalidInput> =>
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
export const convertValue = (catalog: Catalog, value: number, from: string, to: string, notation: Notation = "conventional", stated?: StatedRelations): ConversionResult | ConvertError => {
  if (!Number.isFinite(value)) {
    return new InvalidInput({ message: `The value must be a finite number, got ${value}`, role: "value", got: String(value), expected: "a finite number", hints: [] })
  }
  const relations = prepare(catalog, stated)
  if (isEngineError(relations)) return relations
  const source = mapResolved(resolveIn(catalog, from, notation), (e) => withSubstance(e, relations))
  if (isEngineError(source)) return locate(source._tag === "AmbiguousInput" ? withValues(source, (u) => convertValue(catalog, value, u, to, notation, stated)) : source, { role: Role.sourceUnit })
  const target = mapResolved(resolveIn(catalog, to, notation), (e) => withSubstance(e, relations))
  if (isEngineError(target)) return locate(target._tag === "AmbiguousInput" ? withValues(target, (u) => convertValue(catalog, value, from, u, notation, stated)) : target, { role: Role.targetUnit })
  let converter = converterBetween(catalog, source, target)
  if (isEngineError(converter) && converter._tag === "DimensionMismatch") converter = relatedConverter(source, target, relations) ?? converter
  if (isEngineError(converter)) return locate(converter, { role: Role.targetUnit })
  if (converter.kind === "reciprocal" && value === 0) {
    return new ComputationError({ message: "0 has no reciprocal: the conversion between inverse dimensions is 1/x", role: "value", got: "0", hints: ["A zero of one quantity is an infinite amount of its inverse (0 mpg is no finite L/100km)"] })
  }
  const quantity = applyConverter(converter, value)
  if (isEngineError(quantity)) return locate(quantity, { role: "value" })
  return {
    quantity,
    unit: to,
    dimension: DimensionNames.describe(target.dimension),
    uncertainty: null,
    conversion: converter.kind,
    factor: converter.kind === "linear" ? Rational.toNumber(converter.slope) : null,
    notes: converter.notes,
    ucum: notation === "ucum" ? to : (ucumCodeOf(target) ?? null)
  }
}

/**
 * An ambiguous unit name's readings, each with the answer it would give: the name replaced by the
 * reading's expression and the conversion tried again (a reading that fails keeps no value).
 */
const withValues = (error: AmbiguousInput, attempt: (expression: string) => ConversionResult | ConvertError): AmbiguousInput => {
  const { expression, position, token } = error
  if (expression === undefined || position === undefined || token === undefined) return error
  const readings = error.readings.map((r) => {
    if (r.unit === undefined) return r
    const result = attempt(`${expression.slice(0, position)}(${r.unit})${expression.slice(position + token.length)}`)
    return isEngineError(result) ? r : { ...r, value: result.quantity }
  })
  return new AmbiguousInput({ ...(fieldsOf(error) as unknown as ConstructorParameters<typeof AmbiguousInput>[0]), readings })
}

/** Converts `value` from one unit expression to another (convertValue as an Effect: one step, no generator). */
export const convert = (catalog: Catalog, value: number, from: string, to: string, notation: Notation = "conventional", stated?: StatedRelations): Effect.Effect<ConversionResult, ConvertError> =>
  Effect.suspend(() => {
    const result = convertValue(catalog, value, from, to, notation, stated)
    return isEngineError(result) ? Effect.fail(result) : Effect.succeed(result)
  })

export interface DimensionCheck {
  readonly compatible: boolean
  readonly dimension_a: string
  readonly dimension_b: string
  readonly signature_a: string
  readonly signature_b: string
  readonly reason: string | null
}

/** Whether two units convert into each other (CGS and SI do; rad/s and Hz do not). */
export const checkDimensions = (catalog: Catalog, a: string, b: string, notation: Notation = "conventional"): Effect.Effect<DimensionCheck, UnitError | InvalidInput> =>
  Effect.gen(function* () {
    const ua = yield* resolveUnit(catalog, a, Role.firstUnit, notation)
    const ub = yield* resolveUnit(catalog, b, Role.secondUnit, notation)
    const verdict = converterBetween(catalog, ua, ub)
    return {
      compatible: !isEngineError(verdict),
      dimension_a: DimensionNames.describe(ua.dimension),
      dimension_b: DimensionNames.describe(ub.dimension),
      signature_a: Dimension.signature(ua.dimension),
      signature_b: Dimension.signature(ub.dimension),
      reason: isEngineError(verdict) ? [verdict.message, ...verdict.hints.slice(1, 2)].join(". ") : null
    }
  })
