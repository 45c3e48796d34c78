/**
 * What an unknown token reads as when a prefix is glued onto a catalog unit that does not take it
 * as written: centineper is centi + neper, kilomile kilo + mile, and mcmol the clinical "mc" for
 * micro (mcg, mcL: ISMP's spellings) + mole. Such a token means that unit scaled, so it is never
 * "corrected" into a neighbour (centineper is not centimeter, mcmol is not mmol, a thousand times
 * more): the suggestions offer no fix, and the hint says what it reads as and how to write it.
 * "mc" is not a prefix in the catalog because it would make mcd, the millicandela of LED data
 * sheets, a microcandela.
 */
import type { Catalog, Resolved } from "./Catalog.ts"
import * as Prefix from "../Prefix.ts"
import * as Rational from "../Rational.ts"

export interface PrefixReading {
  /** The prefix as written and what it is: "centi (c, ×0.01)". */
  readonly prefix: string
  /** The unit after it, unprefixed. */
  readonly unit: Resolved
  /** How to say it instead: "give the value in Np instead", "write µmol (or umol)". */
  readonly instead: string
}

const notTaken = (prefix: Prefix.Prefix, unit: Resolved["unit"]): PrefixReading => ({
  prefix: `${prefix.name} (${prefix.symbol}, ×${Rational.toNumber(prefix.factor)})`,
  unit: { unit, prefix: undefined },
  instead: `which this catalog does not prefix: give the value in ${unit.symbol} instead`
})

const clinicalMicro = (catalog: Catalog, token: string): PrefixReading | undefined => {
  if (token.length < 3 || !token.startsWith("mc")) return undefined
  const rest = token.slice(2)
  const prefix = "mc (micro, the clinical spelling in mcg)"
  const micro = catalog.resolve(`µ${rest}`)
  if (micro && !micro.unit.custom && micro.prefix?.symbol === "µ")
    return { prefix, unit: { unit: micro.unit, prefix: undefined }, instead: `so write µ${rest} (or u${rest})` }
  // micro before a unit that takes no micro (mcdeg, mcgsm)
  const unit = catalog.resolve(rest)
  return unit && !unit.unit.custom && unit.prefix === undefined
    ? { prefix, unit, instead: `which this catalog does not prefix with micro: give the value in ${rest} instead` }
    : undefined
}

export const prefixReading = (catalog: Catalog, token: string): PrefixReading | undefined => {
  const lower = token.toLowerCase()
  for (const [form, prefix] of Prefix.nameForms) {
    if (lower.length > form.length + 2 && lower.startsWith(form)) {
      const unit = catalog.nameRecord(lower.slice(form.length))
      if (unit && !unit.custom && !Prefix.allows(unit.prefixes, prefix)) return notTaken(prefix, unit)
    }
  }
  // symbols only where the rest is a symbol of at least two characters: "kmi", not "ms" read as m·s
  for (const [form, prefix] of Prefix.symbolForms) {
    if (token.length >= form.length + 2 && token.startsWith(form)) {
      const unit = catalog.symbolRecord(token.slice(form.length))
      if (unit && !unit.custom && !Prefix.allows(unit.prefixes, prefix)) return notTaken(prefix, unit)
    }
  }
  return clinicalMicro(catalog, token)
}
