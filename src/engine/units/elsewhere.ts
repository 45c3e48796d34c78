/**
 * Names other tools define and this catalog does not (catalog/elsewhere.json, from pint): what such
 * a name means there, and the catalog unit that means exactly the same, if any. A name that is a
 * unit elsewhere is never "corrected" into another quantity (Suggestions.ts).
 */
import type { Catalog, Resolved } from "./Catalog.ts"
import elsewhere from "../catalog/elsewhere.json" with { type: "json" }
import * as Dimension from "../Dimension.ts"
import * as Rational from "../Rational.ts"

/** Tokens this short are too ambiguous for a likely fix unless only case or doubling differs, or to be read into a meaning elsewhere. */
export const SHORT_TOKEN = 2

/** A unit pint defines under a name this catalog does not know. */
export interface ForeignUnit {
  readonly name: string
  readonly si: number
  readonly dimension: Dimension.Dimension
  /** The coherent SI expression of its dimension: "m^3/s". */
  readonly siUnit: string
  readonly source: string
}

const SI_SYMBOLS: Readonly<Record<string, string>> = { L: "m", M: "kg", T: "s", I: "A", Θ: "K", N: "mol", J: "cd", B: "bit" }

let foreignUnits: Map<string, ForeignUnit> | undefined

/** The names of catalog/elsewhere.json, indexed on the first unknown token (not at start-up). */
export const foreign = (name: string): ForeignUnit | undefined => {
  if (foreignUnits === undefined) {
    foreignUnits = new Map()
    for (const [n, si, code, source] of elsewhere.rows) {
      // the file is data: a row that is not (name, value, dimension, source) is skipped, never misread
      if (typeof n !== "string" || typeof si !== "number" || typeof code !== "string" || typeof source !== "string") continue
      const exponents: Record<string, number> = {}
      // Θ, escaped: a literal non-ASCII character makes V8 hold the whole bundle chunk as a two-byte string (scripts/build.ts)
      for (const m of code.matchAll(/([LMTI\u0398NJB])(-?\d*)/gu)) exponents[m[1]!] = m[2] ? Number(m[2]) : 1
      const up = Object.entries(exponents)
        .filter(([, e]) => e > 0)
        .map(([k, e]) => SI_SYMBOLS[k] + (e === 1 ? "" : `^${e}`))
      const down = Object.entries(exponents)
        .filter(([, e]) => e < 0)
        .map(([k, e]) => SI_SYMBOLS[k] + (e === -1 ? "" : `^${-e}`))
      const siUnit = (up.length > 0 ? up.join("*") : "1") + (down.length > 0 ? `/${down.length > 1 ? `(${down.join("*")})` : down[0]}` : "")
      foreignUnits.set(n, { name: n, si, dimension: Dimension.fromExponents(exponents), siUnit, source })
    }
  }
  return foreignUnits.get(name)
}

/** Whether a catalog unit means the foreign one: same dimension, SI values within `tolerance`. */
export const means = (r: Resolved, f: ForeignUnit, tolerance: number): boolean => {
  const value = Rational.toNumber(r.prefix ? Rational.multiply(r.prefix.factor, r.unit.factor) : r.unit.factor)
  return Dimension.equals(r.unit.dimension, f.dimension) && Math.abs(value - f.si) <= tolerance * Math.abs(f.si)
}

/** The catalog unit that means exactly what pint means by the name, if any. */
export const sameMeaningOf = (catalog: Catalog, elsewhere: ForeignUnit): Resolved | undefined => {
  if (elsewhere.source === "disputed") return undefined
  const record = catalog.allRecords().find((r) => !r.custom && means({ unit: r, prefix: undefined }, elsewhere, 1e-9))
  return record ? { unit: record, prefix: undefined } : undefined
}

/**
 * A name this catalog does not define but pint does (undisputed), whose
 * meaning is exactly a unit here: read as that unit. cusec is the cubic foot per second.
 */
export const sameMeaning = (catalog: Catalog, token: string): { readonly unit: Resolved; readonly elsewhere: ForeignUnit } | undefined => {
  const elsewhere = foreign(token)
  // one or two letters (D, c, k) mean too many things to be read even into the same meaning
  const unit = elsewhere && token.length > SHORT_TOKEN ? sameMeaningOf(catalog, elsewhere) : undefined
  return elsewhere && unit ? { unit, elsewhere } : undefined
}
