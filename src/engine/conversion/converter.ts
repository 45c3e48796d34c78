/**
 * The converters a conversion is made of, each a value-independent function with the notes it
 * carries: linear (a ratio of SI factors), affine (a point on a temperature scale, or a gauge
 * pressure with a stated atmosphere), logarithmic (a level), reciprocal (1/x between inverse
 * dimensions), and the refusals that show each reading's value (a bare level against a ratio, a
 * gauge pressure without its atmosphere). Conversion.ts decides which one two expressions need.
 */
import * as Exact from "../Exact.ts"
import * as Rational from "../Rational.ts"
import type { UnitExpression } from "../units/UnitExpression.ts"

export interface Converter {
  readonly kind: "linear" | "affine" | "logarithmic" | "reciprocal"
  /** For linear and affine conversions: y = x × slope + intercept. */
  readonly slope: Rational.Rational
  readonly intercept: Rational.Rational
  readonly apply: (value: number) => number
  readonly notes: ReadonlyArray<string>
  /** The least value the source may take: absolute zero on a temperature scale, vacuum for a pressure. */
  readonly lowest?: { readonly value: Rational.Rational; readonly unit: string; readonly quantity: "temperature" | "pressure" }
  /** Set when the answer depends on something the call does not say: applying it refuses, showing each reading. */
  readonly refusal?: {
    /** What the answer depends on: "whether the level is of a power or a field quantity". */
    readonly dependsOn: string
    readonly advice: string
    readonly readings: ReadonlyArray<{ readonly meaning: string; readonly apply: (value: number) => number }>
  }
}

/** A float result, unless it shows float noise and the exact decimal one can be had (Exact.ts). */
const refine = (y: number, exact: () => Exact.Exact | undefined): number => {
  if (!Exact.looksNoisy(y)) return y
  const e = exact()
  return e ? Exact.toNumber(e) : y
}

/**
 * The exact decimal result rounded once, where the value and the slope are exact but their
 * product outgrows a double's integers (8262.7 km → nm: 8262700000000000, where the float product
 * is 8262700000000001, an integer no noise test can tell from a true one; 1 m → ly, whose last
 * digit was off with no noise to see); else as `refine`. About 3 µs a conversion against 1.2 µs
 * for the float product and a noise test, paid only where the decimal path above cannot be exact.
 */
const exactly = (x: number, slope: Rational.Rational): number => {
  const e = Exact.multiply(Exact.fromNumber(x), Exact.fromRational(slope))
  return e ? Exact.toNumber(e) : Rational.scale(x, slope)
}

export const linear = (slope: Rational.Rational, notes: ReadonlyArray<string>): Converter => ({
  kind: "linear",
  slope,
  intercept: Rational.zero,
  apply: (x) => Exact.scaleExactly(x, slope) ?? exactly(x, slope),
  notes
})

/** Offset of a standalone temperature: zero for kelvin and rankine, which start at absolute zero. */
const offsetOf = (e: UnitExpression): Rational.Rational => e.temperatureScale?.offset ?? Rational.zero

export const affine = (from: UnitExpression, to: UnitExpression, notes: ReadonlyArray<string>): Converter => scaledAffine(from, to, Rational.one, notes)

/** y = x × slope + intercept, exact for decimals whose parts fit a double, else refined when it shows noise. */
const affineApply =
  (slope: Rational.Rational, intercept: Rational.Rational) =>
  (x: number): number =>
    Exact.scaleExactly(x, slope, intercept) ??
    refine(Rational.scale(x, slope) + Rational.toNumber(intercept), () =>
      Exact.add(Exact.multiply(Exact.fromNumber(x), Exact.fromRational(slope)), Exact.fromRational(intercept))
    )

/**
 * A conversion where the target's SI value is `constant` × the source's, either side possibly a
 * point on a temperature scale: kelvin = (x + offFrom) × fFrom; y = constant × kelvin / fTo − offTo.
 * The constant is 1 within a dimension and a stated relation's across two (k_B for temperature ↔ energy).
 */
export const scaledAffine = (from: UnitExpression, to: UnitExpression, constant: Rational.Rational, notes: ReadonlyArray<string>): Converter => {
  const slope = Rational.divide(Rational.multiply(from.factor, constant), to.factor)
  if (!from.temperatureScale && !to.temperatureScale) return linear(slope, notes)
  const intercept = Rational.subtract(Rational.multiply(offsetOf(from), slope), offsetOf(to))
  return {
    kind: "affine",
    slope,
    intercept,
    apply: affineApply(slope, intercept),
    // absolute zero in the source unit: x = −offset (0 for an absolute scale)
    lowest: { value: Rational.subtract(Rational.zero, offsetOf(from)), unit: from.input, quantity: "temperature" },
    notes: [...notes, "Converted as absolute temperatures (points on the scale). For a temperature difference, use delta units such as delta_degC or K."]
  }
}

/**
 * y = constant / x in coherent SI (1/x for exact inverses, c/λ for the spectral equivalence); in
 * the units' own terms y = (constant / (fFrom × fTo)) / x. Zero has no reciprocal.
 */
export const reciprocalConverter = (from: UnitExpression, to: UnitExpression, constant: Rational.Rational, notes: ReadonlyArray<string>): Converter => {
  const k = Rational.divide(constant, Rational.multiply(from.factor, to.factor))
  return {
    kind: "reciprocal",
    slope: k,
    intercept: Rational.zero,
    apply: (x) => refine(Rational.toNumber(k) / x, () => Exact.divide(Exact.fromRational(k), Exact.fromNumber(x))),
    notes
  }
}

/** A bare ratio level (dB, B, Np) against a plain ratio: power and field readings differ. */
export const levelToRatio = (from: UnitExpression, to: UnitExpression, notes: ReadonlyArray<string>): Converter => {
  const level = (from.level ?? to.level)!
  const scale = level.logarithmic!
  const reading = (divisor: number) => (x: number) =>
    from.level ? scale.base ** (x / divisor) / Rational.toNumber(to.factor) : (divisor * Math.log(x * Rational.toNumber(from.factor))) / Math.log(scale.base)
  // the catalog defines dB, B and Np by their power ratio (1 Np = e² in power); a field ratio is the square root
  const powerDivisor = scale.divisor
  return {
    kind: "logarithmic",
    slope: Rational.one,
    intercept: Rational.zero,
    apply: reading(powerDivisor),
    refusal: {
      dependsOn: "whether the level is of a power or a field quantity",
      advice:
        "Say which: use a level with its reference (dBW, dBm, dBV, dBSPL), or compute the ratio from the definition (power: 10^(L/10 dB); field: 10^(L/20 dB))",
      readings: [
        { meaning: `'${level.symbol}' as a level of a power quantity (power, energy, intensity)`, apply: reading(powerDivisor) },
        { meaning: `'${level.symbol}' as a level of a field (root-power) quantity (voltage, pressure, amplitude)`, apply: reading(powerDivisor * 2) }
      ]
    },
    notes
  }
}

/** The standard atmosphere, 101325 Pa (10th CGPM 1954): shown as one reading, never assumed. */
const STANDARD_ATMOSPHERE = Rational.make(101325)

/**
 * A gauge pressure is a point on a scale whose zero is the local atmosphere (NIST SP 811 §7.4, ISO
 * 80000-4 item 4-15.2). Between two gauge units it converts as it stands; to an absolute pressure it
 * needs the atmosphere, which the call must state (see relatedConversion.ts): without it the
 * conversion refuses, showing the value as a gauge reading and at the standard atmosphere.
 */
export const atmosphericConverter = (from: UnitExpression, to: UnitExpression, atmosphere: Rational.Rational, notes: ReadonlyArray<string>): Converter => {
  const slope = Rational.divide(from.factor, to.factor)
  const shift = Rational.divide(atmosphere, to.factor)
  const intercept = from.pressureReference === "gauge" ? shift : Rational.subtract(Rational.zero, shift)
  const toAbsolute = from.pressureReference === "gauge"
  return {
    kind: "affine",
    slope,
    intercept,
    apply: affineApply(slope, intercept),
    // vacuum in the source unit: −atmosphere for a gauge reading, 0 for an absolute one
    lowest: {
      value: toAbsolute ? Rational.subtract(Rational.zero, Rational.divide(atmosphere, from.factor)) : Rational.zero,
      unit: from.input,
      quantity: "pressure"
    },
    notes
  }
}

export const gaugeWithoutAtmosphere = (from: UnitExpression, to: UnitExpression, notes: ReadonlyArray<string>): Converter => {
  if (from.pressureReference === "gauge" && to.pressureReference === "gauge") {
    return linear(Rational.divide(from.factor, to.factor), [...notes, "Gauge pressures on both sides: both relative to the same atmosphere"])
  }
  const [gauge, other] = from.pressureReference === "gauge" ? [from, to] : [to, from]
  const atStandard = atmosphericConverter(from, to, STANDARD_ATMOSPHERE, notes)
  const asGauge = linear(Rational.divide(from.factor, to.factor), notes)
  const readings =
    other.pressureReference === "absolute"
      ? [{ meaning: `with the standard atmosphere (101.325 kPa) as the zero of '${gauge.input}'`, apply: atStandard.apply }]
      : [
          { meaning: `'${other.input}' as a gauge pressure too (both relative to the atmosphere)`, apply: asGauge.apply },
          {
            meaning: `'${other.input}' as an absolute pressure, with the standard atmosphere (101.325 kPa) as the zero of '${gauge.input}'`,
            apply: atStandard.apply
          }
        ]
  return {
    ...asGauge,
    refusal: {
      dependsOn: `the atmospheric pressure that '${gauge.input}' is relative to${other.pressureReference === "absolute" ? "" : `, and on whether '${other.input}' is gauge or absolute`}`,
      advice: `State the atmospheric pressure (e.g. 101.325 kPa, the standard atmosphere) to convert between gauge and absolute pressure${other.pressureReference === "absolute" ? "" : ", or write both sides as gauge units (psig, barg, kPag)"}`,
      readings
    }
  }
}

const toLinear = (e: UnitExpression, x: number): number => {
  const scale = e.level!.logarithmic!
  // expm1/log1p keep the digits of availabilities near 1 (six nines = 0.999999)
  const ratio = scale.complement ? -Math.expm1((-x / scale.divisor) * Math.log(scale.base)) : scale.base ** (x / scale.divisor)
  return ratio * Rational.toNumber(e.factor)
}

const fromLinear = (e: UnitExpression, si: number): number => {
  const scale = e.level!.logarithmic!
  const ratio = si / Rational.toNumber(e.factor)
  return scale.complement ? (-scale.divisor * Math.log1p(-ratio)) / Math.log(scale.base) : (scale.divisor * Math.log(ratio)) / Math.log(scale.base)
}

export const logarithmic = (from: UnitExpression, to: UnitExpression, notes: ReadonlyArray<string>): Converter => ({
  kind: "logarithmic",
  slope: Rational.one,
  intercept: Rational.zero,
  apply: (x) => {
    const si = from.level ? toLinear(from, x) : x * Rational.toNumber(from.factor)
    const y = to.level ? fromLinear(to, si) : si / Rational.toNumber(to.factor)
    // a level's value is transcendental in general: rounded once, to 15 digits, when it shows noise (3 nines = 99.9 %)
    return Exact.looksNoisy(y) ? Number(y.toPrecision(15)) : y
  },
  notes: [...notes, "Logarithmic level: the conversion is not a constant factor."]
})
