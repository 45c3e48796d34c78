/**
 * One token read in capitals (catalog/capitals.ts): every unit it can mean when a letter's case
 * carries no meaning, as labels and HL7 v2 write units. A whole symbol or name is read before a
 * prefix split (HP is the horsepower, never hecto-poise; MIN the minute, never milli-inch), as the
 * catalog reads a token as written. More than one reading means the token keeps them all.
 */
import type { Catalog, Resolved, UnitRecord } from "./Catalog.ts"
import { capitalPrefixes, capitalsSymbol, caseAmbiguousPrefixes, smallBefore } from "../catalog/capitals.ts"
import * as Prefix from "../Prefix.ts"

export interface CapitalsReading {
  readonly resolved: Resolved
  /** A glued exponent: M2 is m². */
  readonly exponent: number
}

/** Whether an expression is written in capitals: ASCII letters only, at least one, none lower-case. */
export const isCapitals = (expression: string): boolean => /[A-Z]/.test(expression) && !/[^\P{L}A-Z]/u.test(expression)

/** Whether a token is written in capitals (an all-caps token inside a mixed expression included). */
export const isCapitalToken = (token: string): boolean => /[A-Z]/.test(token) && !/\p{Ll}/u.test(token)

const prefixBySymbol = new Map(Prefix.prefixes.map((p) => [p.symbol, p]))

const upperIndexes = new WeakMap<Catalog, Map<string, Array<UnitRecord>>>()

/** Every symbol and alias of the catalog by its capitals spelling. */
const upperIndex = (catalog: Catalog): Map<string, Array<UnitRecord>> => {
  const cached = upperIndexes.get(catalog)
  if (cached) return cached
  const index = new Map<string, Array<UnitRecord>>()
  for (const record of catalog.allRecords()) {
    for (const s of [record.symbol, ...record.aliases]) {
      const key = s.toUpperCase()
      const list = index.get(key) ?? []
      if (!list.includes(record)) list.push(record)
      index.set(key, list)
    }
  }
  upperIndexes.set(catalog, index)
  return index
}

/** The units a capitals symbol (no prefix) means: one where the spellings collide and capitals name one (catalog/capitals.ts). */
const symbolReadings = (catalog: Catalog, symbol: string): ReadonlyArray<UnitRecord> => {
  const records = upperIndex(catalog).get(symbol) ?? []
  if (records.length <= 1) return records
  const chosen = capitalsSymbol[symbol]
  const named = chosen === undefined ? undefined : records.find((r) => r.symbol === chosen || r.aliases.includes(chosen))
  return named ? [named] : records
}

/** The prefixes a capital prefix code stands for before a unit. */
const prefixesFor = (code: string, unit: UnitRecord): ReadonlyArray<Prefix.Prefix> => {
  const ambiguous = caseAmbiguousPrefixes[code]
  const symbols = ambiguous ? [smallBefore.has(unit.symbol) ? ambiguous[0] : ambiguous[1]] : capitalPrefixes[code] === undefined ? [] : [capitalPrefixes[code]!]
  return symbols.flatMap((s) => {
    const p = prefixBySymbol.get(s)
    return p && Prefix.allows(unit.prefixes, p) ? [p] : []
  })
}

const prefixCodes = [...new Set([...Object.keys(capitalPrefixes), ...Object.keys(caseAmbiguousPrefixes)])].sort((a, b) => b.length - a.length)

/** The readings of a token without a glued exponent. */
const plainReadings = (catalog: Catalog, token: string): Array<Resolved> => {
  const upper = token.toUpperCase()
  const whole = symbolReadings(catalog, upper)
  if (whole.length > 0) return whole.map((unit) => ({ unit, prefix: undefined }))
  const lower = token.toLowerCase()
  const named = catalog.nameRecord(lower)
  if (named) return [{ unit: named, prefix: undefined }]
  for (const [form, prefix] of Prefix.nameForms) {
    if (lower.length <= form.length || !lower.startsWith(form)) continue
    const unit = catalog.nameRecord(lower.slice(form.length))
    if (unit && Prefix.allows(unit.prefixes, prefix)) return [{ unit, prefix }]
  }
  const found: Array<Resolved> = []
  for (const code of prefixCodes) {
    if (upper.length <= code.length || !upper.startsWith(code)) continue
    for (const unit of symbolReadings(catalog, upper.slice(code.length)))
      for (const prefix of prefixesFor(code, unit)) if (!found.some((f) => f.unit === unit && f.prefix === prefix)) found.push({ unit, prefix })
  }
  return found
}

/** A short symbol glued to one digit carries its exponent (M2, CM3, FT2), as the conventional reading has it. */
const TRAILING_EXPONENT = /^(.{0,3}[^\d])([1-9])$/u

/** What a token means in capitals: every reading, or none. */
export const capitalsReadings = (catalog: Catalog, token: string): ReadonlyArray<CapitalsReading> => {
  const plain = plainReadings(catalog, token)
  if (plain.length > 0) return plain.map((resolved) => ({ resolved, exponent: 1 }))
  const split = TRAILING_EXPONENT.exec(token)
  if (!split) return []
  return plainReadings(catalog, split[1]!)
    .filter((r) => !r.unit.logarithmic)
    .map((resolved) => ({ resolved, exponent: Number(split[2]) }))
}
