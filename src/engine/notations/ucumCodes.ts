/**
 * Writing UCUM: the UCUM code of a resolved expression, for results a lab system reads back
 * (HL7, FHIR). An engine unit's code is the atom of the same symbol when it means the same, else an
 * atom (prefixed where UCUM's metric atoms allow) with the same dimension, value and offset.
 */
import type { UnitRecord } from "../units/Catalog.ts"
import * as Dimension from "../Dimension.ts"
import { isEngineError } from "../errors.ts"
import type * as Prefix from "../Prefix.ts"
import * as Rational from "../Rational.ts"
import type { Term, UnitExpression } from "../units/UnitExpression.ts"
import { atomTable, resolveUcum, ucumPrefixes } from "./ucum.ts"

/**
 * Values that name the same unit: equal to 10 ppm, because UCUM fixes some conventional values
 * to fewer digits (mm[Hg] is 133.322 Pa there, 133.322387415 Pa in NIST SP 811).
 */
const sameValue = (a: Rational.Rational, b: Rational.Rational): boolean =>
  Math.abs(Rational.toNumber(a) - Rational.toNumber(b)) <= 1e-5 * Math.abs(Rational.toNumber(b))

/** A dimension as UCUM sees it: counts, IU and information are numbers there, the mole too. */
const asUcumSees = (d: Dimension.Dimension): Dimension.Dimension =>
  Dimension.fromExponents({ L: d[0], M: d[1], T: d[2], I: d[3], Θ: d[4], J: d[6], A: d[8], Ω: d[9] } as Partial<Record<Dimension.BaseKey, number>>)

/** The engine's mole is the amount-of-substance base; UCUM's is a number: they meet at mol itself. */
const amountToUcum = (term: Term): Dimension.Dimension => {
  const n = term.unit.dimension[5] ?? 0
  return n === 0 ? term.unit.dimension : Dimension.multiply(term.unit.dimension, Dimension.power(Dimension.base("N"), -n))
}

/**
 * Engine units with no UCUM counterpart by value: the international unit is UCUM's arbitrary [IU];
 * the equivalent and the osmole, which convert to the mole only with the substance's valence or
 * particles, are UCUM's eq and osm (never mol: 1 mEq of Ca²⁺ is 0.5 mmol).
 */
const pseudoCodes: Readonly<Record<string, string>> = { IU: "[IU]", Eq: "eq", Osm: "osm" }

/**
 * The UCUM code of one engine unit (no prefix): the atom of the same symbol when it means the same,
 * else an atom (or prefixed metric atom: mm[Hg]) with the same dimension, value and offset.
 */
const unitCodes = new WeakMap<UnitRecord, string | null>()

const codeOfUnit = (unit: UnitRecord, term: Term): string | undefined => {
  const known = unitCodes.get(unit)
  if (known !== undefined) return known ?? undefined
  const code = searchCodeOfUnit(unit, term)
  unitCodes.set(unit, code ?? null)
  return code
}

/** The search behind codeOfUnit, once per unit (a scan of UCUM's table, prefixed atoms included). */
const searchCodeOfUnit = (unit: UnitRecord, term: Term): string | undefined => {
  if (Object.hasOwn(pseudoCodes, unit.symbol)) return pseudoCodes[unit.symbol]
  // a unit that converts only to itself (a custom unit with no edge, the erlang) has a placeholder
  // factor: matching it by value would name another unit
  if (unit.unconnected) return undefined
  const table = atomTable()
  const dimension = amountToUcum(term)
  const factor = (unit.dimension[5] ?? 0) !== 0 ? Rational.multiply(unit.factor, Rational.fromNumber(6.02214076e23 ** (unit.dimension[5] ?? 0))) : unit.factor
  const fits = (r: UnitRecord, value: Rational.Rational) =>
    !r.unconnected &&
    !r.logarithmic &&
    !!r.offset === !!unit.offset &&
    Dimension.equals(r.dimension, dimension) &&
    sameValue(value, factor) &&
    (!unit.offset || (r.offset !== undefined && sameValue(r.offset, unit.offset)))
  const own = table.get(unit.symbol)
  if (own && !own.unsupported && fits(own.record, own.record.factor)) return unit.symbol
  let best: string | undefined
  for (const [code, atom] of table) {
    if (atom.unsupported || code.includes("eq")) continue
    if (fits(atom.record, atom.record.factor) && (best === undefined || code.length < best.length)) best = code
  }
  if (best !== undefined || unit.offset) return best
  for (const [code, atom] of table) {
    if (!atom.metric || atom.unsupported) continue
    for (const p of ucumPrefixes) {
      const value = Rational.multiply(p.factor, atom.record.factor)
      if (fits(atom.record, value) && (best === undefined || p.symbol.length + code.length < best.length)) best = p.symbol + code
    }
  }
  return best
}

const ucumPrefixOf = (prefix: Prefix.Prefix): string | undefined =>
  ucumPrefixes.find((p) => p.system === prefix.system && sameValue(p.factor, prefix.factor))?.symbol

/**
 * The UCUM code for an engine expression, when every unit in it has one ("km/h", "[lb_av]",
 * "mm[Hg]", "Cel"); checked by reading it back, so a code is never given for a different unit.
 */
export const ucumCodeOf = (expression: UnitExpression): string | undefined => {
  const known = codes.get(expression)
  if (known !== undefined) return known ?? undefined
  const code = codeOf(expression)
  codes.set(expression, code ?? null)
  return code
}

/** Codes found so far: expressions are cached by the catalog, so a warm conversion pays one look-up. */
const codes = new WeakMap<UnitExpression, string | null>()

const codeOf = (expression: UnitExpression): string | undefined => {
  if (expression.level) return undefined
  const parts: Array<{ code: string; exponent: number }> = []
  for (const t of expression.terms) {
    let code: string | undefined
    if (t.prefix) {
      const bare = codeOfUnit(t.unit, { ...t, prefix: undefined })
      const prefix = ucumPrefixOf(t.prefix)
      code = bare && prefix && atomTable().get(bare)?.metric ? prefix + bare : undefined
    } else code = codeOfUnit(t.unit, t)
    if (code === undefined) return undefined
    parts.push({ code, exponent: t.exponent })
  }
  if (!Number.isInteger(Math.log10(Rational.toNumber(expression.numeric))) && !Rational.isOne(expression.numeric)) return undefined
  const power = Math.round(Math.log10(Rational.toNumber(expression.numeric)))
  const up = parts.filter((p) => p.exponent > 0).map((p) => p.code + (p.exponent === 1 ? "" : p.exponent))
  const down = parts.filter((p) => p.exponent < 0).map((p) => p.code + (p.exponent === -1 ? "" : -p.exponent))
  if (power !== 0) up.unshift(`10*${power}`)
  if (parts.some((p) => !Number.isInteger(p.exponent))) return undefined
  const code = (up.length > 0 ? up.join(".") : down.length > 0 ? "" : "1") + down.map((d) => `/${d}`).join("")
  const back = resolveUcum(code)
  if (isEngineError(back) || !Dimension.equals(asUcumSees(back.dimension), asUcumSees(expression.dimension))) return undefined
  return code
}
