/**
 * Checking that a numeric formula body is dimensionally homogeneous, without symbolic algebra.
 *
 * A physical law holds in every coherent system of units. Measuring length in a unit λ times
 * smaller multiplies every length by λ, every area by λ², every velocity by λ... and the result by
 * λ raised to its own length exponent. So we evaluate the body at a point, rescale each base unit
 * by an unrelated factor, evaluate again and compare: a body that adds a mass to a length, or
 * squares what should not be squared, breaks the scaling. Numeric slips (a factor 1000) do not,
 * which is what worked-value tests are for.
 *
 * The pseudo-dimensions (angle, solid angle, count, IU) are not rescaled: SI counts them as
 * dimensionless, so P = τ·ω in W legitimately drops the radian of ω.
 */
import * as Dimension from "../Dimension.ts"
import type { Model } from "../Uncertainty.ts"

/** The slots that are rescaled: the seven SI base quantities and information. */
const SCALED_SLOTS = Dimension.baseQuantities.map((_, i) => i).filter((i) => !Dimension.PSEUDO_SLOTS.includes(i))

/** Unrelated factors per slot (no two products of small powers coincide), in two rounds. */
const ROUNDS: ReadonlyArray<ReadonlyArray<number>> = [
  [2, 3, 5, 7, 11, 13, 17, 19],
  [0.37, 1.9, 0.61, 2.3, 0.83, 1.45, 0.29, 3.1]
]

const TOLERANCE = 1e-9

const scaleFor = (dimension: Dimension.Dimension, factors: ReadonlyArray<number>): number =>
  SCALED_SLOTS.reduce((product, slot, j) => product * (factors[j] ?? 1 + j / 7) ** (dimension[slot] ?? 0), 1)

/** The body's value, or NaN when it throws (a domain check that rescaling tripped). */
const safely = (f: Model, x: Readonly<Record<string, number>>): number => {
  try {
    return f(x)
  } catch {
    return Number.NaN
  }
}

const agrees = (actual: number, expected: number): boolean =>
  Math.abs(actual - expected) <= TOLERANCE * Math.max(Math.abs(actual), Math.abs(expected), Number.MIN_VALUE)

/**
 * Why `f` is not homogeneous, or undefined when it passes. `point` holds every input in coherent
 * SI, `dimensions` the dimension of each input and `output` the dimension of the result.
 */
export const homogeneityDefect = (
  f: Model,
  point: Readonly<Record<string, number>>,
  dimensions: Readonly<Record<string, Dimension.Dimension>>,
  output: Dimension.Dimension
): string | undefined => {
  const reference = safely(f, point)
  if (!Number.isFinite(reference)) return `the body gives ${reference} at the example point`
  for (const factors of ROUNDS) {
    const scaled: Record<string, number> = {}
    for (const [name, value] of Object.entries(point)) scaled[name] = value * scaleFor(dimensions[name] ?? Dimension.dimensionless, factors)
    const actual = safely(f, scaled)
    const expected = reference * scaleFor(output, factors)
    if (!agrees(actual, expected)) {
      return `rescaling the base units by [${factors.join(", ")}] should scale the result by ${scaleFor(output, factors)} but the result went from ${reference} to ${actual}`
    }
  }
  return undefined
}
