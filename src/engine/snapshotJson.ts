/**
 * What the build-time snapshots (catalogSnapshot.ts, notations/ucumSnapshot.ts) share: dimension
 * vectors stored once each and named by index, and factors only where JSON carries them exactly.
 */
import type * as Dimension from "./Dimension.ts"
import type { Rational } from "./Rational.ts"

/** Distinct dimension vectors, in first-seen order, and the index naming each. */
export const dimensionTable = () => {
  const indexes = new Map<string, number>()
  const dimensions: Array<Dimension.Dimension> = []
  const indexOf = (dimension: Dimension.Dimension): number => {
    const key = dimension.join(",")
    let index = indexes.get(key)
    if (index === undefined) {
      index = dimensions.push(dimension) - 1
      indexes.set(key, index)
    }
    return index
  }
  return { dimensions, indexOf }
}

/** A snapshot's stored vectors as Dimension.ts makes every vector: frozen. */
export const frozenDimensions = (stored: ReadonlyArray<ReadonlyArray<number>>): ReadonlyArray<Dimension.Dimension> => stored.map((d) => Object.freeze(d))

/** `factor` as [n, d, power of π, power of ten]; throws, naming `what`, when JSON cannot carry it exactly (NaN, ±Infinity). */
export const exactFactor = (factor: Rational, what: string): readonly [number, number, number, number] => {
  for (const x of [factor.n, factor.d]) if (!Number.isFinite(x)) throw new Error(`${what} is ${x}, which JSON cannot carry`)
  return [factor.n, factor.d, factor.pi, factor.ten]
}
