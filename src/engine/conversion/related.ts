/**
 * Conversions that need something the units do not carry, stated by the caller: a valence or particle
 * count for equivalents and osmoles, a molar mass or substance for mass ↔ amount of substance, a
 * physical equivalence, the atmosphere of a gauge pressure. Read once per call (prepare) and used
 * where the dimensions alone refuse (relatedConverter); see StatedRelation.ts for the relations.
 */
import type { Catalog } from "../units/Catalog.ts"
import { type Converter, atmosphericConverter, reciprocalConverter, scaledAffine } from "./between.ts"
import * as Dimension from "../Dimension.ts"
import * as DimensionNames from "../DimensionNames.ts"
import { InvalidInput, type UnitError, isEngineError, locate } from "../errors.ts"
import * as Rational from "../Rational.ts"
import { Role } from "../roles.ts"
import * as StatedRelation from "./StatedRelation.ts"
import * as Substances from "../units/Substance.ts"
import { type UnitExpression, fromTerms, resolveUnitExpression } from "../units/UnitExpression.ts"
import { readLeftToRight } from "../units/UnitSyntax.ts"

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

export interface Prepared {
  readonly valence: number | undefined
  readonly particles: number | undefined
  readonly molarMass: { readonly value: Rational.Rational; readonly described: string; readonly note: string | undefined } | undefined
  readonly equivalence: StatedRelation.Equivalence | undefined
  readonly atmosphere: { readonly pascal: Rational.Rational; readonly written: string } | undefined
}

export const noRelations: Prepared = { valence: undefined, particles: undefined, molarMass: undefined, equivalence: undefined, atmosphere: undefined }

/** A stated quantity ("180.156 g/mol", "1 atm") read as a positive amount of one dimension. */
const statedQuantity = (
  catalog: Catalog,
  written: string,
  role: string,
  dimension: Dimension.Dimension,
  example: string
): Rational.Rational | InvalidInput | UnitError => {
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
export const prepare = (catalog: Catalog, stated: StatedRelations | undefined): Prepared | InvalidInput | UnitError => {
  if (!stated || Object.values(stated).every((v) => v === undefined)) return noRelations
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
        hints: [
          ...(similar.length > 0 ? [`Similar substances: ${similar.join(", ")}`] : []),
          `Known substances: ${Substances.names().join(", ")}`,
          "For any other substance, state its molar mass (e.g. '342.3 g/mol')"
        ]
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
export const withSubstance = (expression: UnitExpression, substance: Prepared): UnitExpression => {
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
export const relatedConverter = (
  source: UnitExpression,
  target: UnitExpression,
  stated: Prepared,
  options: { readonly reciprocal: boolean } = { reciprocal: true }
): Converter | undefined => {
  if (source.level || target.level || source.temperatureInterval || target.temperatureInterval) return undefined
  // a grouping guessed left to right (mg/kg·d) is no ground for a reciprocal: mg/kg·d to mg/(kg·d) answered 1e12
  const guessed = [...source.notes, ...target.notes].some(readLeftToRight)
  const relation =
    (stated.molarMass && StatedRelation.byMolarMass(source.dimension, target.dimension, stated.molarMass.value, stated.molarMass.described)) ||
    (stated.equivalence && StatedRelation.byEquivalence(stated.equivalence, source.dimension, target.dimension)) ||
    (options.reciprocal && !guessed ? StatedRelation.reciprocal(source.dimension, target.dimension) : undefined)
  if (!relation) return undefined
  const notes = [
    ...source.notes,
    ...target.notes,
    relation.note,
    ...(stated.molarMass?.note && relation.note.startsWith("Mass and amount") ? [stated.molarMass.note] : [])
  ]
  if (relation.mode === "linear") return scaledAffine(source, target, relation.constant, notes)
  if (source.temperatureScale || target.temperatureScale) return undefined
  return reciprocalConverter(source, target, relation.constant, notes)
}

/**
 * Gauge ↔ absolute pressure with the atmosphere the caller stated: the one side's plain or absolute
 * unit is read as absolute, the gauge side's zero as that atmosphere. Undefined where no gauge unit
 * meets a non-gauge one, or no atmosphere was stated (the plain converter then refuses, with readings).
 */
export const gaugeConverter = (source: UnitExpression, target: UnitExpression, stated: Prepared): Converter | undefined => {
  const gaugeSide = source.pressureReference === "gauge" ? source : target.pressureReference === "gauge" ? target : undefined
  const other = gaugeSide === source ? target : source
  if (!stated.atmosphere || !gaugeSide || other.pressureReference === "gauge" || !Dimension.equals(source.dimension, target.dimension) || other.level)
    return undefined
  return atmosphericConverter(source, target, stated.atmosphere.pascal, [
    ...source.notes,
    ...target.notes,
    `'${gaugeSide.input}' is relative to the stated atmosphere ${stated.atmosphere.written}; '${other.input}' is read as an absolute pressure`
  ])
}
