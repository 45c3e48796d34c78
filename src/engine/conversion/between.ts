/**
 * Converting a value between two unit expressions: linear (a ratio of SI factors), affine (a
 * standalone temperature on a scale with an offset) or logarithmic (a level such as dBm).
 *
 * Temperatures: a standalone °C or °F is a point on its scale, and its offset applies against any
 * absolute temperature (K, °R, or a compound of them such as K·mm/m, which pint reads the same
 * way): 100 °C → °F is 212 and 10 °C → K·mm/m is 283150. Inside a compound unit a degree is a
 * difference (J/(kg·°C) → J/(kg·K) is a factor of 1). A point never converts to or from a
 * difference unit (delta_degC): 10 °C of warming is not the temperature 10 °C (GNU units keeps
 * tempC() and degC apart for the same reason). A point below absolute zero is refused.
 *
 * Levels: a level with a reference (dBm, dBV, dB SPL) converts to its quantity; a bare dB, B or Np
 * to a plain ratio is refused with both readings, the power ratio and the field ratio.
 */
import { type Catalog, type UnitRecord, describeUnit } from "../units/Catalog.ts"
import * as Dimension from "../Dimension.ts"
import * as DimensionNames from "../DimensionNames.ts"
import { AmbiguousInput, ComputationError, DimensionMismatch, InvalidValue, NoConversionPath } from "../errors.ts"
import { type Converter, affine, gaugeWithoutAtmosphere, levelToRatio, linear, logarithmic } from "./converter.ts"
import * as Rational from "../Rational.ts"
import { kindsApart } from "./reservedKinds.ts"
import * as StatedRelation from "./StatedRelation.ts"
import type { UnitExpression } from "../units/UnitExpression.ts"
import { readLeftToRight } from "../units/UnitSyntax.ts"

export type { Converter } from "./converter.ts"
export { atmosphericConverter, linear, reciprocalConverter, scaledAffine } from "./converter.ts"

const isTemperature = (e: UnitExpression): boolean => Dimension.equals(e.dimension, Dimension.base("Θ"))

/** A point ↔ difference conversion changes the meaning: refused, saying how to write each. */
const pointVersusDifference = (point: UnitExpression, difference: UnitExpression, pointIsSource: boolean): DimensionMismatch => {
  const [from, to] = pointIsSource ? [point, difference] : [difference, point]
  return new DimensionMismatch({
    message:
      `Cannot convert '${from.input}' to '${to.input}': '${point.input}' is a point on a temperature scale and ` +
      `'${difference.input}' is a temperature difference; converting one into the other would change the meaning`,
    fromDimension: pointIsSource ? "temperature (a point on a scale)" : "temperature difference",
    toDimension: pointIsSource ? "temperature difference" : "temperature (a point on a scale)",
    got: to.input,
    expected: pointIsSource ? "a temperature scale or an absolute temperature (K, degR)" : "a temperature difference unit (K, delta_degC, delta_degF)",
    hints: [
      "A reading of a thermometer (20 degC) is a point; a change or an interval (warmed by 10 degC) is a difference",
      "For a point, convert between scales: degC, degF, K, degR",
      "For a difference, use difference units on both sides: delta_degC, delta_degF, K, degR"
    ]
  })
}

/** A scale inside a compound of temperature dimension (degC·mm/m): point or difference cannot be told. */
const pointVersusCompound = (point: UnitExpression, compound: UnitExpression): AmbiguousInput =>
  new AmbiguousInput({
    message: `Cannot convert between '${point.input}' and '${compound.input}': '${compound.input}' has a temperature scale inside a compound unit, which reads as a difference, while '${point.input}' is a point`,
    got: compound.input,
    hints: [
      // °, escaped: a literal non-ASCII character makes V8 hold the whole bundle chunk as a two-byte string (scripts/build.ts)
      `Write the compound with kelvin (an absolute scale, e.g. ${compound.input.replace(/\u00b0C|degC|\u00b0F|degF/g, "K")}) to convert a point`,
      "Or use difference units on both sides (delta_degC) for a difference"
    ],
    readings: [
      { meaning: `'${compound.input}' as an absolute temperature: the offset of '${point.input}' applies` },
      { meaning: `'${compound.input}' as a temperature difference: no offset, and '${point.input}' must be a difference too` }
    ]
  })

const dimensionText = (e: UnitExpression): string => DimensionNames.describe(e.dimension)

/** Each mass unit's force of gravity, its symbol and its name (NIST SP 811 B.8). */
const gravitationalForce: Readonly<Record<string, readonly [string, string]>> = {
  lb: ["lbf", "pound-force"],
  kg: ["kgf", "kilogram-force"],
  g: ["gf", "gram-force"],
  mg: ["mgf", "milligram-force"],
  oz: ["ozf", "ounce-force"],
  t: ["tf", "tonne-force"]
}

/** The mass units whose name a volume shares (NIST SP 811 B.8: ounce and fluid ounce, dram and fluid dram). */
const fluidNamesake: Readonly<Record<string, readonly [string, string]>> = {
  oz: ["floz", "fluid ounce, the US one; the imperial one is imp_floz"],
  dr: ["fldr", "fluid dram, the US one; the imperial one is imp_fldr"]
}

/**
 * lb/ft² → Pa, 8 oz → mL: a mass where its namesake of another quantity was meant, a force
 * (lbf, kgf) or a volume (fl oz). Found by what the other side lacks: an acceleration for a force,
 * a volume per mass for a volume. A hint, never a fix: the mass may be meant (a density missing).
 */
const namesakeOfMass = (from: UnitExpression, to: UnitExpression): string | undefined => {
  // the mass as written, prefix and all: kg is the gram with kilo, and its force is kgf
  const written = (t: UnitExpression["terms"][number]) => `${t.prefix?.symbol ?? ""}${t.unit.symbol}`
  const ratio = Dimension.divide(to.dimension, from.dimension)
  const lacking: ReadonlyArray<readonly [Dimension.Dimension, Readonly<Record<string, readonly [string, string]>>, string]> = [
    [Dimension.fromExponents({ L: 1, T: -2 }), gravitationalForce, "force"],
    [Dimension.fromExponents({ L: 3, M: -1 }), fluidNamesake, "volume"]
  ]
  for (const [per, table, quantity] of lacking) {
    const [massSide, other] = Dimension.equals(ratio, per)
      ? [from, to]
      : Dimension.equals(ratio, Dimension.power(per, -1))
        ? [to, from]
        : [undefined, undefined]
    const mass = massSide?.terms.find((t) => Object.hasOwn(table, written(t)))
    const namesake = mass && table[written(mass)]
    if (namesake && other) {
      const where = massSide!.input.trim() === written(mass) ? `'${written(mass)}'` : `'${written(mass)}' in '${massSide!.input}'`
      return `${where} is a mass; if the ${quantity} is meant (as in '${other.input}'), write '${namesake[0]}' (${namesake[1]})`
    }
  }
  return undefined
}

/**
 * K/µL → 10*9/L: a lab count's K (thousand) or M (million), read here as the kelvin or the molar.
 * The side with the unprefixed K or M, divided out, leaves the other side's dimension.
 */
const countMultiplier: Readonly<Record<string, string>> = { K: "thousand (10*3)", M: "million (10*6)" }
const countLetter = (from: UnitExpression, to: UnitExpression): string | undefined => {
  for (const [side, other] of [
    [from, to],
    [to, from]
  ] as const) {
    const letter = side.terms.find((t) => t.prefix === undefined && t.exponent === 1 && Object.hasOwn(countMultiplier, t.unit.symbol))
    if (letter === undefined) continue
    const rest = Dimension.divide(side.dimension, letter.unit.dimension)
    if (Dimension.equalsIgnoringPseudo(rest, other.dimension)) {
      const symbol = letter.unit.symbol
      return `'${symbol}' in '${side.input}' is the ${symbol === "K" ? "kelvin" : "molar (mol/L)"}; a lab count's ${symbol} means ${countMultiplier[symbol]}: write ${symbol === "K" ? "10*3" : "10*6"} instead (e.g. ${side.input.replace(symbol, symbol === "K" ? "10*3" : "10*6")})`
    }
  }
  return undefined
}

/** 25 C → F: the coulomb and the farad where the Celsius and Fahrenheit scales were meant. */
const scaleOfLetter: Readonly<Record<string, string>> = { C: "the coulomb; for Celsius write °C (degC)", F: "the farad; for Fahrenheit write °F (degF)" }
const temperatureLetters = (from: UnitExpression, to: UnitExpression): Array<string> => {
  const letterOf = (e: UnitExpression): string | undefined => {
    const [only, ...more] = e.terms
    return only && more.length === 0 && only.prefix === undefined && only.exponent === 1 && Object.hasOwn(scaleOfLetter, only.unit.symbol)
      ? only.unit.symbol
      : undefined
  }
  const hints: Array<string> = []
  for (const [side, other] of [
    [from, to],
    [to, from]
  ] as const) {
    const letter = letterOf(side)
    if (letter && (Dimension.equals(other.dimension, Dimension.base("Θ")) || letterOf(other))) hints.push(`'${letter}' is ${scaleOfLetter[letter]}`)
  }
  return hints
}

/** Up to `limit` catalog units of a dimension, most common first (catalog order). */
export const unitsOfDimension = (catalog: Catalog, dimension: Dimension.Dimension, limit = 5): Array<string> =>
  catalog
    .allRecords()
    .filter((r) => Dimension.equals(r.dimension, dimension) && !r.custom)
    .slice(0, limit)
    .map((r) => r.symbol)

const pseudoExplanation: Record<string, string> = {
  angle: "To turn an angle into a ratio or a frequency, divide by the angle of a full turn explicitly (e.g. rad/(2π rad), or 1 rev = 2π rad).",
  solid_angle: "Luminous flux (lm = cd·sr) and intensity (cd) differ by the solid angle: multiply or divide by sr explicitly.",
  count: "Counted items (each, drops, tablets) are not a ratio: multiply or divide by a count unit explicitly (e.g. 15 gtt/mL).",
  biological_activity:
    "International units (IU) measure a substance-specific biological activity: IU ↔ mass needs that substance's factor (e.g. vitamin D3: 40 IU = 1 µg), given explicitly as a compute factor."
}

/** Why a built-in unit that converts only to itself does (a drug's units, the erlang, UCUM's arbitrary units). */
const onlyItself = (unit: UnitRecord): string =>
  `'${unit.symbol}' converts only to itself: ${unit.note ?? "an arbitrary unit (UCUM), defined by its assay or procedure"}`

/**
 * A custom unit without edges to known units must cancel out exactly between the two sides (a group
 * of custom units related only to one another, as a whole); returns one that does not.
 */
const unconnectedDifference = (from: UnitExpression, to: UnitExpression): UnitRecord | undefined => {
  const net = new Map<string, { unit: UnitRecord; exponent: number }>()
  for (const [e, sign] of [
    [from, 1],
    [to, -1]
  ] as const) {
    for (const t of e.terms) {
      if (!t.unit.unconnected) continue
      const key = t.unit.group === undefined ? `unit ${t.unit.name}` : `group ${t.unit.group}`
      net.set(key, { unit: t.unit, exponent: (net.get(key)?.exponent ?? 0) + sign * t.exponent })
    }
  }
  for (const { unit, exponent } of net.values()) if (Math.abs(exponent) > 1e-12) return unit
  return undefined
}

/**
 * Why two expressions of different dimensions do not convert, with what would relate them. A
 * pseudo-dimension (angle, solid angle, count, IU) is a dimension here: rad → % is a mismatch,
 * with the isolation explained.
 */
const acrossDimensions = (catalog: Catalog, from: UnitExpression, to: UnitExpression): DimensionMismatch => {
  const fromDim = dimensionText(from)
  const toDim = dimensionText(to)
  const mismatch = (hints: ReadonlyArray<string>) =>
    new DimensionMismatch({
      message: `Cannot convert '${from.input}' to '${to.input}': ${fromDim} is not compatible with ${toDim}`,
      fromDimension: fromDim,
      toDimension: toDim,
      got: toDim,
      expected: fromDim,
      hints: [`${from.input} is ${fromDim}; ${to.input} is ${toDim}`, ...hints]
    })
  if (Dimension.equalsIgnoringPseudo(from.dimension, to.dimension)) {
    const isolated = Dimension.differingPseudo(from.dimension, to.dimension)
    const names = [fromDim, toDim].filter((n, i, all) => all.indexOf(n) === i)
    return mismatch([
      `${isolated.join(" and ")} ${isolated.length > 1 ? "are isolated pseudo-dimensions" : "is an isolated pseudo-dimension"}: ${names.join(" and ")} cannot interconvert`,
      ...isolated.map((p) => pseudoExplanation[p]!).filter(Boolean)
    ])
  }
  const hints: Array<string> = []
  for (const p of Dimension.differingPseudo(from.dimension, to.dimension)) if (p === "biological_activity") hints.push(pseudoExplanation[p]!)
  // a unit that converts only to itself (a drug's units, the erlang) has no compatible units to offer
  const alone = from.terms.find((t) => t.unit.unconnected && !t.unit.custom)?.unit
  const compatible = alone ? [] : unitsOfDimension(catalog, from.dimension)
  if (alone) hints.push(onlyItself(alone))
  if (compatible.length > 0) hints.push(`Compatible ${fromDim} units: ${compatible.join(", ")}`)
  // a grouping read left to right (mg/kg·d) is the likelier cause than a reciprocal, and no reciprocal is built on it
  const guessed = [...from.notes, ...to.notes].filter(readLeftToRight)
  hints.push(...guessed)
  if (guessed.length === 0 && StatedRelation.reciprocal(from.dimension, to.dimension)) {
    hints.push(`'${from.input}' and '${to.input}' are reciprocals: a conversion of the value answers 1/x (e.g. fuel economy L/100km ↔ mi/gal)`)
  }
  for (const c of StatedRelation.connections(from.dimension, to.dimension)) hints.push(`${fromDim} and ${toDim} are related by ${c}`)
  const namesake = namesakeOfMass(from, to)
  if (namesake) hints.push(namesake)
  const count = countLetter(from, to)
  if (count) hints.push(count)
  hints.push(...temperatureLetters(from, to))
  hints.push("Compare the two units' dimensions before combining them")
  return mismatch(hints)
}

const buildConverter = (catalog: Catalog, from: UnitExpression, to: UnitExpression): Converter | DimensionMismatch | NoConversionPath | AmbiguousInput => {
  // a note both sides carry (1 gal → gal) is said once
  const notes = [...new Set([...from.notes, ...to.notes])]
  if (!Dimension.equals(from.dimension, to.dimension) && Dimension.equals(Dimension.foldSolidAngle(from.dimension), Dimension.foldSolidAngle(to.dimension))) {
    // a solid angle is a plane angle squared (SI Brochure 2.3.3): deg² → sr, 41253 deg² = 4π sr
    return linear(Rational.divide(from.factor, to.factor), [...notes, "Solid angle as plane angle squared: 1 sr = 1 rad²"])
  }
  if (!Dimension.equals(from.dimension, to.dimension)) return acrossDimensions(catalog, from, to)
  const kinds = kindsApart(from, to)
  if (kinds) return kinds
  const stranded = unconnectedDifference(from, to)
  if (stranded) {
    return new NoConversionPath({
      message: `No conversion path from '${from.input}' to '${to.input}'`,
      from: from.input,
      to: to.input,
      hints: stranded.custom
        ? [
            stranded.group === undefined
              ? `'${stranded.name}' is a custom unit with no conversion edge to any other unit: units of the same dimension still need an edge to relate them`
              : `'${stranded.name}' is related only to custom units (those of '${stranded.group}'): it converts among them, not to other units`,
            `Relate it to a known unit with a conversion edge (dst = src × factor)`
          ]
        : [onlyItself(stranded)]
    })
  }
  if (from.pressureReference === "gauge" || to.pressureReference === "gauge") return gaugeWithoutAtmosphere(from, to, notes)
  if (from.gaugeInside || to.gaugeInside) notes.push("A gauge unit inside a compound is a pressure difference: psig/s is psi/s, with no atmosphere added")
  if (from.level || to.level) {
    const bare = (from.level ?? to.level)!
    const ratioLevel =
      (from.level === undefined || to.level === undefined) &&
      Dimension.isDimensionless(bare.dimension) &&
      bare.logarithmic!.ratioOf === undefined &&
      !bare.logarithmic!.complement
    return ratioLevel ? levelToRatio(from, to, notes) : logarithmic(from, to, notes)
  }
  if ((from.temperatureScale || to.temperatureScale) && isTemperature(from)) {
    const [point, other, pointIsSource] = from.temperatureScale ? [from, to, true] : [to, from, false]
    if (other.temperatureScale) return affine(from, to, notes)
    if (other.temperatureInterval) return pointVersusDifference(point, other, pointIsSource)
    if (other.temperatureDifference) return pointVersusCompound(point, other)
    // an absolute temperature (K, degR, mK, K·mm/m): the point's offset applies
    return affine(from, to, notes)
  }
  if (isTemperature(from) && !from.temperatureInterval && !to.temperatureInterval && !from.temperatureDifference && !to.temperatureDifference) {
    // absolute scales on both sides (K → degR): points and differences agree, nothing to refuse
    return linear(Rational.divide(from.factor, to.factor), notes)
  }
  const differenceNote =
    from.temperatureDifference || to.temperatureDifference
      ? ["Degrees inside a compound unit are temperature differences: 1 °C = 1 K and 1 °F = 5/9 K there, with no offset."]
      : []
  return linear(Rational.divide(from.factor, to.factor), [...notes, ...differenceNote])
}

/**
 * Converters found so far, by source and target expression. A converter depends only on the two
 * expressions (the catalog only shapes the hints of a failure, which is why failures are not kept),
 * and resolved expressions are cached per catalog, so a repeated conversion skips the dimension
 * check and the exact-ratio arithmetic. Keyed weakly by the source, so expressions built on the fly
 * are not retained; a source keeps at most TARGETS_PER_SOURCE targets.
 */
const converters = new WeakMap<UnitExpression, Map<UnitExpression, Converter>>()
/** Bounds the targets kept per source, for targets built afresh on every call. */
const TARGETS_PER_SOURCE = 256

/**
 * The converter from one expression to another, or why there is none: a DimensionMismatch for
 * different dimensions (pseudo-dimensions included: angle, solid angle, count and IU never convert
 * into each other or into pure ratios), a NoConversionPath for one dimension with no path (units
 * reserved for different kinds, custom units no edge relates), an AmbiguousInput for two readings.
 */
export const converterBetween = (
  catalog: Catalog,
  from: UnitExpression,
  to: UnitExpression
): Converter | DimensionMismatch | NoConversionPath | AmbiguousInput => {
  let byTarget = converters.get(from)
  const cached = byTarget?.get(to)
  if (cached) return cached
  const result = buildConverter(catalog, from, to)
  if (!(result instanceof DimensionMismatch || result instanceof NoConversionPath || result instanceof AmbiguousInput)) {
    if (!byTarget) converters.set(from, (byTarget = new Map()))
    else if (byTarget.size >= TARGETS_PER_SOURCE) byTarget.clear()
    byTarget.set(to, result)
  }
  return result
}

/**
 * Applies a converter, failing when the value is below absolute zero on a temperature scale, when
 * the conversion has several readings (each shown with its value), or when the result is not a
 * finite number (log of a negative level).
 */
export const applyConverter = (converter: Converter, value: number): number | ComputationError | InvalidValue | AmbiguousInput => {
  const refusal = converter.refusal
  if (refusal) {
    return new AmbiguousInput({
      message: `${value} has more than one reading here: the answer depends on ${refusal.dependsOn}`,
      got: String(value),
      hints: [...refusal.readings.map((r) => `${r.meaning}: ${r.apply(value)}`), refusal.advice],
      readings: refusal.readings.map((r) => ({ meaning: r.meaning, value: r.apply(value) }))
    })
  }
  if (converter.lowest && value < Rational.toNumber(converter.lowest.value)) {
    const limit = Rational.toNumber(converter.lowest.value)
    const { unit, quantity } = converter.lowest
    return new InvalidValue({
      message:
        quantity === "temperature"
          ? `${value} ${unit} is below absolute zero (${limit} ${unit}): no temperature is that low`
          : `${value} ${unit} is below vacuum (${limit} ${unit} at the stated atmosphere): no absolute pressure is negative`,
      got: String(value),
      expected: `at least ${limit} ${unit}`,
      hints: [
        quantity === "temperature"
          ? "For a temperature difference (a change of temperature), use difference units: delta_degC, delta_degF or K"
          : "For a pressure difference, convert it as a plain pressure unit (psi, bar, Pa) on both sides"
      ]
    })
  }
  const result = converter.apply(value)
  if (!Number.isFinite(result)) {
    return new ComputationError({
      message: `The conversion of ${value} has no finite result`,
      hints: converter.kind === "logarithmic" ? ["A logarithmic level needs a positive linear value"] : ["The value is too large for this conversion"]
    })
  }
  // a nonzero value that a linear factor takes below the smallest double (5e-324 m in km) is not zero
  if (result === 0 && value !== 0 && converter.kind === "linear") {
    return new ComputationError({
      message: `The conversion of ${value} is smaller than the smallest number a double holds (about 5e-324): it is not 0`,
      hints: ["Convert to a smaller unit, or scale the value first"]
    })
  }
  return result
}

export { describeUnit }
