/**
 * The coherent SI unit of a dimension, written as a unit expression: energy is `kg*m^2*s^-2`,
 * concentration `mol*m^-3`, a pure number `1`. Each slot of the dimension vector has one coherent
 * unit (the pseudo-dimensions too: rad, sr, one counted item ea, and IU), so a value in this unit is
 * the number a formula written in SI expects.
 */
import * as Dimension from "../Dimension.ts"

/** The coherent unit of each slot, in `Dimension.baseQuantities` order. */
const COHERENT_SYMBOLS: Readonly<Record<Dimension.BaseKey, string>> = {
  L: "m",
  M: "kg",
  T: "s",
  I: "A",
  Θ: "K",
  N: "mol",
  J: "cd",
  B: "bit",
  A: "rad",
  Ω: "sr",
  "#": "ea",
  IU: "IU"
}

/** The order symbols are written in: kg first, as in kg·m²/s². */
const rank = (key: Dimension.BaseKey): number => (key === "M" ? -1 : Dimension.baseQuantities.findIndex((q) => q.key === key))

/** `kg*m^2*s^-2` for energy; `1` for a pure number. Parses back to the same dimension with factor 1. */
export const coherentUnitOf = (dimension: Dimension.Dimension): string => {
  const factors = Dimension.baseQuantities
    .map(({ key }, i) => ({ key, i }))
    .sort((a, b) => rank(a.key) - rank(b.key))
    .flatMap(({ key, i }) => {
      const exponent = dimension[i] ?? 0
      if (exponent === 0) return []
      const symbol = COHERENT_SYMBOLS[key]
      return [exponent === 1 ? symbol : `${symbol}^${exponent}`]
    })
  return factors.length === 0 ? "1" : factors.join("*")
}
