/**
 * Dimensions as exponent vectors.
 *
 * The seven SI base quantities plus information, and three pseudo-dimensions that SI calls
 * dimensionless but that an agent must never mix up: plane angle, solid angle and count. Each has
 * its own slot, so rad/s is not Hz, lm is not cd, and "drops per minute" is not "per minute". A
 * fourth pseudo-dimension holds international units (IU), a substance-specific biological activity
 * that must never convert to mass. Pure ratios (percent, ppm, mg/kg) are the zero vector, named "ratio".
 */
import { dual } from "effect/Function"

export const baseQuantities = [
  { key: "L", name: "length" },
  { key: "M", name: "mass" },
  { key: "T", name: "time" },
  { key: "I", name: "current" },
  { key: "Θ", name: "temperature" },
  { key: "N", name: "amount_of_substance" },
  { key: "J", name: "luminous_intensity" },
  { key: "B", name: "information" },
  { key: "A", name: "angle" },
  { key: "Ω", name: "solid_angle" },
  { key: "#", name: "count" },
  { key: "IU", name: "biological_activity" }
] as const

export type BaseKey = (typeof baseQuantities)[number]["key"]

const SLOTS = baseQuantities.length
/** Slots 8..11 hold the pseudo-dimensions. */
export const PSEUDO_SLOTS: ReadonlyArray<number> = [8, 9, 10, 11]

/** An exponent per slot, in `baseQuantities` order. Always of length 12, never mutated. */
export type Dimension = ReadonlyArray<number>

export const dimensionless: Dimension = Object.freeze(new Array<number>(SLOTS).fill(0))

export const fromExponents = (exponents: Partial<Record<BaseKey, number>>): Dimension => Object.freeze(baseQuantities.map(({ key }) => exponents[key] ?? 0))

export const base = (key: BaseKey): Dimension => fromExponents({ [key]: 1 })

const clean = (x: number): number => (Math.abs(x - Math.round(x)) < 1e-9 ? Math.round(x) : x) || 0

// Plain loops rather than Array.prototype.map: map over a frozen array takes V8's slow path, and
// these run for every term of every expression resolved.
/**
 * The dimension of a product. Data-first or pipeable, as Effect's modules offer them.
 *
 * @example
 * multiply(base("L"), base("T")) // L·T
 * pipe(base("M"), multiply(base("L")), divide(power(base("T"), 2))) // force, M·L·T⁻²
 */
export const multiply: {
  (b: Dimension): (a: Dimension) => Dimension
  (a: Dimension, b: Dimension): Dimension
} = dual(2, (a: Dimension, b: Dimension): Dimension => {
  const out = new Array<number>(a.length)
  for (let i = 0; i < a.length; i++) out[i] = clean(a[i]! + (b[i] ?? 0))
  return Object.freeze(out)
})

/** The dimension of a quotient, data-first or pipeable. */
export const divide: {
  (b: Dimension): (a: Dimension) => Dimension
  (a: Dimension, b: Dimension): Dimension
} = dual(2, (a: Dimension, b: Dimension): Dimension => {
  const out = new Array<number>(a.length)
  for (let i = 0; i < a.length; i++) out[i] = clean(a[i]! - (b[i] ?? 0))
  return Object.freeze(out)
})

/** A dimension raised to a power (fractional for roots), data-first or pipeable. */
export const power: {
  (exponent: number): (a: Dimension) => Dimension
  (a: Dimension, exponent: number): Dimension
} = dual(2, (a: Dimension, exponent: number): Dimension => {
  const out = new Array<number>(a.length)
  for (let i = 0; i < a.length; i++) out[i] = clean(a[i]! * exponent)
  return Object.freeze(out)
})

// a plain loop: Array.prototype.every over these frozen arrays is not inlined and showed up as a
// third of a warm conversion's time
export const equals = (a: Dimension, b: Dimension): boolean => {
  for (let i = 0; i < a.length; i++) if (!(Math.abs(a[i]! - (b[i] ?? 0)) < 1e-9)) return false
  return true
}

export const isDimensionless = (a: Dimension): boolean => a.every((x) => x === 0)

/** Solid angle written as plane angle squared (sr = rad²), for comparing sr with deg². */
export const foldSolidAngle = (a: Dimension): Dimension => {
  if (a[9] === 0) return a
  const out = [...a]
  out[8] = clean(out[8]! + 2 * out[9]!)
  out[9] = 0
  return Object.freeze(out)
}

/** A stable map key. */
export const key = (a: Dimension): string => a.join(",")

/** Equal on the SI and information slots, ignoring the pseudo-dimensions. */
export const equalsIgnoringPseudo = (a: Dimension, b: Dimension): boolean => a.every((x, i) => PSEUDO_SLOTS.includes(i) || Math.abs(x - (b[i] ?? 0)) < 1e-9)

/** Names of the pseudo-dimensions whose exponents differ between a and b. */
export const differingPseudo = (a: Dimension, b: Dimension): Array<string> =>
  PSEUDO_SLOTS.filter((i) => Math.abs((a[i] ?? 0) - (b[i] ?? 0)) > 1e-9).map((i) => baseQuantities[i]!.name)

const SUPERSCRIPT: Record<string, string> = {
  "-": "⁻",
  ".": "·",
  "0": "⁰",
  "1": "¹",
  "2": "²",
  "3": "³",
  "4": "⁴",
  "5": "⁵",
  "6": "⁶",
  "7": "⁷",
  "8": "⁸",
  "9": "⁹"
}

/** `2` → `²`, `-1` → `⁻¹`; non-integers keep `^x` so they stay readable. */
export const superscript = (exponent: number): string =>
  Number.isInteger(exponent)
    ? String(exponent)
        .split("")
        .map((c) => SUPERSCRIPT[c] ?? c)
        .join("")
    : `^${exponent}`

/** ISO 80000 style signature, M·L²·T⁻²: the order ucon's kind-of-quantity tools use. */
const SIGNATURE_ORDER: ReadonlyArray<number> = [1, 0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]
const SIGNATURE_SYMBOL = ["L", "M", "T", "I", "Θ", "N", "J", "information", "angle", "solid_angle", "count", "IU"]

export const signature = (a: Dimension): string => {
  const parts = SIGNATURE_ORDER.filter((i) => a[i] !== 0).map((i) => {
    const e = a[i]!
    return SIGNATURE_SYMBOL[i] + (e === 1 ? "" : superscript(e))
  })
  return parts.length === 0 ? "1" : parts.join("·")
}
