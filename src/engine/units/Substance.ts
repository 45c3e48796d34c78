/**
 * Substances by name (catalog/substances.ts) and their molar masses, computed from the formula with
 * exact decimal atomic weights so the molar mass is the exact sum the table's sources give.
 */
import { atomicWeights, type SubstanceEntry, substances } from "../catalog/substances.ts"
import * as Rational from "../Rational.ts"
import { closestNames } from "../similarity.ts"

export interface Substance {
  readonly entry: SubstanceEntry
  /** Molar mass in kg/mol (coherent SI). */
  readonly molarMass: Rational.Rational
  /** "180.156 g/mol (glucose, C6H12O6)". */
  readonly described: string
}

/** g/mol from a formula such as C6H12O6 or C63H88CoN14O14P: the sum of count × atomic weight. */
export const gramsPerMole = (formula: string): Rational.Rational => {
  let sum = Rational.zero
  for (const [, element, count] of formula.matchAll(/([A-Z][a-z]?)(\d*)/g)) {
    const weight = atomicWeights[element!]
    if (weight === undefined) throw new RangeError(`No atomic weight for ${element} in ${formula}`)
    sum = Rational.add(sum, Rational.multiply(Rational.fromDecimal(weight), Rational.make(count ? Number(count) : 1)))
  }
  return sum
}

/** Built on first use, not when the module loads: most calls name no substance, and a start pays for none (issue 29). */
let table: Map<string, Substance> | undefined

const byName = (): Map<string, Substance> => {
  if (table) return table
  table = new Map()
  for (const entry of substances) {
    const grams = gramsPerMole(entry.formula)
    const value: Substance = {
      entry,
      molarMass: Rational.divide(grams, Rational.make(1000)),
      described: `${Number(Rational.toNumber(grams).toFixed(3))} g/mol (${entry.name}, ${entry.formula}, CIAAW 2021 atomic weights)`
    }
    for (const name of [entry.name, ...entry.aliases]) table.set(name.toLowerCase(), value)
  }
  return table
}

/** A substance by name or alias, ignoring case. */
export const find = (name: string): Substance | undefined => byName().get(name.trim().toLowerCase())

/** The names closest to an unknown one, for a hint. */
export const similarNames = (name: string): ReadonlyArray<string> => closestNames(name.toLowerCase(), [...byName().keys()], 3)

export const names = (): ReadonlyArray<string> => substances.map((s) => s.name)
