/**
 * A unit catalog: the records built from catalog entries and the indexes that resolve a token
 * ("km", "kilometres", "°C") to a unit and prefix. Built once by the catalog service; a session's
 * custom units form an overlay over it that never shadows a built-in name.
 *
 * Resolution order for one token: an exact symbol or alias (case-sensitive), then a spelled name
 * or plural (case-insensitive), then a qualified name ("gallon (UK)", "gal{UK}": catalog/qualifiers.ts),
 * then a prefix the unit accepts followed by a symbol ("km") or by a name ("kilometre"). Symbols are
 * never matched case-insensitively: `Kg`, `c` and `MM` are unknown, not silently something else.
 */
import type * as Dimension from "../Dimension.ts"
import * as DimensionNames from "../DimensionNames.ts"
import * as Prefix from "../Prefix.ts"
import type * as Rational from "../Rational.ts"
import type { UnitEntry } from "../catalog/define.ts"
import { canonicalQualifier, isReferenceTemperature, qualified, type QualifiedReadings, readsAsUnits } from "../catalog/qualifiers.ts"
import { ambiguous } from "../catalog/readings.ts"

export interface LogarithmicScale {
  readonly base: number
  readonly divisor: number
  readonly complement: boolean
  /** What the ratio compares where the definition fixes it; undefined for dB, B, Np (see define.ts). */
  readonly ratioOf: "power" | "field" | undefined
}

export interface UnitRecord {
  readonly symbol: string
  readonly name: string
  readonly aliases: ReadonlyArray<string>
  readonly names: ReadonlyArray<string>
  /** Irregular plurals, or false when the names never take one. */
  readonly plurals: ReadonlyArray<string> | false
  readonly dimension: Dimension.Dimension
  /** Coherent SI value of one unit; for a temperature scale, the size of one degree. */
  readonly factor: Rational.Rational
  /** Set for temperature scales: kelvin = (x + offset) × factor. */
  readonly offset: Rational.Rational | undefined
  /** A temperature difference unit (delta_degC), never a point on a scale. */
  readonly interval?: boolean
  /** Set for logarithmic levels; `factor` is then the reference value. */
  readonly logarithmic: LogarithmicScale | undefined
  readonly prefixes: Prefix.PrefixPolicy
  readonly exact: boolean
  readonly source: string | undefined
  readonly note: string | undefined
  readonly system: string
  /** Defined in a session (define_unit or inline custom_units), not built in. */
  readonly custom: boolean
  /** A custom unit no conversion edge reaches yet: it converts only to itself (or within its group). */
  readonly unconnected?: boolean
  /**
   * For an unconnected custom unit that edges relate to other custom units only: the group's first
   * unit. Units of one group convert among themselves; the group as a whole must cancel otherwise.
   */
  readonly group?: string
  /** A gauge pressure (zero at the local atmosphere) or an explicitly absolute one (see define.ts). */
  readonly pressureReference?: "gauge" | "absolute"
  /** The kind of quantity the unit is reserved for (absorbed dose, activity, reactive power): see catalog/define.ts. */
  readonly kind?: string
}

export interface Resolved {
  readonly unit: UnitRecord
  readonly prefix: Prefix.Prefix | undefined
}

/** Regular English plurals: meter → meters, inch → inches, henry → henries; hertz, lux, siemens stay. */
export const pluralOf = (name: string): string | undefined => {
  const last = name.split(" ").at(-1)!
  if (/[sxz]$/i.test(last)) return undefined
  if (/(ch|sh)$/i.test(last)) return name + "es"
  if (/[^aeiou]y$/i.test(last)) return name.slice(0, -1) + "ies"
  return name + "s"
}

/** Every spelled form of a unit's names, lowercased: names and their plurals, with `_` and space variants. */
export const spelledForms = (
  record: { readonly name: string; readonly names: ReadonlyArray<string> },
  plurals: ReadonlyArray<string> | false
): Array<string> => {
  const forms = new Set<string>()
  for (const n of [record.name, ...record.names]) {
    // "pound mass" is also written pound_mass and pound-mass (the hyphen joins a name's words as well as a product's)
    const variants = new Set([n, n.replaceAll(" ", "_"), n.replaceAll("_", " "), n.replaceAll(" ", "-")])
    for (const v of variants) {
      forms.add(v.toLowerCase())
      if (plurals !== false) {
        const p = pluralOf(v)
        if (p) forms.add(p.toLowerCase())
      }
    }
  }
  if (plurals !== false) for (const p of plurals) forms.add(p.toLowerCase())
  return [...forms]
}

/** `gallon (UK)`, `gal{UK}`, `fl oz{US}`: a name, then a qualifier in parentheses or braces, and nothing after. */
const QUALIFIED = /^(.*?\S)\s*(?:\(([^(){}]*)\)|\{([^(){}]*)\})$/u

/** The name and the qualifier text of a qualified token, or undefined when the token has no qualifier. */
export const splitQualified = (token: string): { readonly head: string; readonly qualifier: string; readonly braces: boolean } | undefined => {
  const m = QUALIFIED.exec(token)
  if (!m) return undefined
  return m[3] !== undefined ? { head: m[1]!, qualifier: m[3], braces: true } : { head: m[1]!, qualifier: m[2]!, braces: false }
}

const qualifiedBySymbol = new Map<string, QualifiedReadings>()
for (const q of qualified) for (const h of q.heads) qualifiedBySymbol.set(h, q)

/** What a qualified token means, or why it has no meaning: the rule qualifiers.ts states. */
export type QualifiedResolution =
  | { readonly ok: true; readonly resolved: Resolved; readonly qualifier: string }
  | {
      readonly ok: false
      readonly problem: "unknown-name" | "unknown-qualifier" | "not-applicable"
      readonly head: string
      readonly qualifier: string
      readonly known: ReadonlyArray<string>
    }

export class Catalog {
  private readonly symbols = new Map<string, UnitRecord>()
  private readonly names = new Map<string, UnitRecord>()
  /** first word (lowercased) → full multi-word names starting with it, longest first */
  readonly multiWordNames = new Map<string, Array<string>>()
  readonly records: Array<UnitRecord> = []

  readonly parent: Catalog | undefined

  constructor(parent: Catalog | undefined = undefined) {
    this.parent = parent
  }

  /** This catalog's own indexes (not its parent's): what a test compares to check a restored catalog (catalogSnapshot.ts). */
  ownIndexes(): { readonly symbols: ReadonlyMap<string, UnitRecord>; readonly names: ReadonlyMap<string, UnitRecord> } {
    return { symbols: this.symbols, names: this.names }
  }

  /**
   * A root catalog from indexes `add` built earlier (catalogSnapshot.ts restores the precomputed
   * built-in catalog this way, skipping the spelled forms' derivation): the same records, and the
   * same keys in the same order, each key naming its record by its place in `records`; undefined
   * when a place is not in `records`.
   */
  static fromIndexes(indexes: {
    readonly records: ReadonlyArray<UnitRecord>
    readonly symbols: ReadonlyArray<readonly [string, number]>
    readonly names: ReadonlyArray<readonly [string, number]>
    readonly multiWordNames: ReadonlyArray<readonly [string, Array<string>]>
  }): Catalog | undefined {
    const catalog = new Catalog()
    const { records } = indexes
    catalog.records.push(...records)
    // straight into the maps, a record by its place in `records` (a start restores about 4,700 keys)
    for (const [k, i] of indexes.symbols) {
      if (records[i] === undefined) return undefined
      catalog.symbols.set(k, records[i])
    }
    for (const [k, i] of indexes.names) {
      if (records[i] === undefined) return undefined
      catalog.names.set(k, records[i])
    }
    for (const [k, list] of indexes.multiWordNames) catalog.multiWordNames.set(k, list)
    return catalog
  }

  /** Adds a record under its symbol, aliases and spelled forms. Returns the keys that were already taken. */
  add(record: UnitRecord, plurals: ReadonlyArray<string> | false): Array<string> {
    const clashes: Array<string> = []
    this.records.push(record)
    for (const s of [record.symbol, ...record.aliases]) {
      if (this.symbols.has(s) || this.parent?.symbolRecord(s)) clashes.push(s)
      else this.symbols.set(s, record)
    }
    for (const n of spelledForms(record, plurals)) {
      if (this.names.has(n) || this.parent?.nameRecord(n)) {
        if (this.names.get(n) !== record) clashes.push(n)
        continue
      }
      this.names.set(n, record)
      if (n.includes(" ")) {
        const first = n.split(" ")[0]!
        const list = this.multiWordNames.get(first) ?? []
        list.push(n)
        list.sort((a, b) => b.length - a.length)
        this.multiWordNames.set(first, list)
      }
    }
    return clashes
  }

  symbolRecord(symbol: string): UnitRecord | undefined {
    return this.symbols.get(symbol) ?? this.parent?.symbolRecord(symbol)
  }

  nameRecord(lowercaseName: string): UnitRecord | undefined {
    return this.names.get(lowercaseName) ?? this.parent?.nameRecord(lowercaseName)
  }

  /** All multi-word names of this catalog and its parents. */
  multiWords(): ReadonlyMap<string, ReadonlyArray<string>> {
    if (!this.parent) return this.multiWordNames
    // nothing to merge (an overlay without multi-word names): the parent's map as it is, not a copy
    if (this.multiWordNames.size === 0) return this.parent.multiWords()
    const merged = new Map(this.parent.multiWords())
    for (const [k, v] of this.multiWordNames)
      merged.set(
        k,
        [...(merged.get(k) ?? []), ...v].sort((a, b) => b.length - a.length)
      )
    return merged
  }

  allRecords(): ReadonlyArray<UnitRecord> {
    return this.parent ? [...this.parent.allRecords(), ...this.records] : this.records
  }

  /**
   * A qualified token ("gallon (UK)", "kcal{IT}", "ton (US)"): its head resolved as any token (or as a
   * name refused alone in readings.ts, such as "ton"), its qualifier through the table in
   * catalog/qualifiers.ts. A prefix on the head carries over when the reading takes it.
   */
  resolveQualified(token: string): QualifiedResolution | undefined {
    const split = splitQualified(token)
    if (!split) return undefined
    const { head, qualifier, braces } = split
    // in parentheses, a unit as written is a unit, not a qualifier (gallon (us) is gallon × µs): as UnitSyntax reads it
    // (a reference temperature, 39 °F, is a qualifier in parentheses too: NIST SP 811 B.8 writes it so)
    if (!braces && !isReferenceTemperature(qualifier) && (/\d/.test(qualifier) || readsAsUnits(qualifier, (w) => this.resolve(w) !== undefined)))
      return undefined
    const headResolved = this.resolve(head)
    const lower = head.toLowerCase()
    const refused = ambiguous.find((a) => a.names.some((n) => n === head || (a.anyCase && n.toLowerCase() === lower)))
    const table =
      headResolved && !headResolved.unit.custom
        ? qualifiedBySymbol.get(headResolved.unit.symbol)
        : refused
          ? refused.names.map((n) => qualifiedBySymbol.get(n)).find((q) => q)
          : undefined
    if (!table) return { ok: false, problem: headResolved || refused ? "not-applicable" : "unknown-name", head, qualifier, known: [] }
    const known = Object.keys(table.readings)
    const canonical = canonicalQualifier(qualifier)
    if (!("canonical" in canonical)) return { ok: false, problem: "unknown-qualifier", head, qualifier, known }
    const reading = table.readings[canonical.canonical]
    const record = reading === undefined ? undefined : this.symbolRecord(reading)
    const prefix = headResolved?.prefix
    // a prefixed head whose reading takes no prefix may name a unit of its own: kilogram (force) is kgf
    const own = prefix && reading !== undefined ? this.symbolRecord(prefix.symbol + reading) : undefined
    if (own) return { ok: true, resolved: { unit: own, prefix: undefined }, qualifier: canonical.canonical }
    if (!record || (prefix && !Prefix.allows(record.prefixes, prefix))) return { ok: false, problem: "not-applicable", head, qualifier, known }
    return { ok: true, resolved: { unit: record, prefix }, qualifier: canonical.canonical }
  }

  /**
   * Resolves one token of a unit expression, or undefined. With `foldNames` false a spelled name is
   * matched only as written (lower case): a name in capitals is the capitals convention's to read.
   */
  resolve(token: string, foldNames = true): Resolved | undefined {
    const exact = this.symbolRecord(token)
    if (exact) return { unit: exact, prefix: undefined }
    const lower = token.toLowerCase()
    const named = this.nameRecord(lower)
    // a name the catalog itself writes in capitals (TME) is as written
    if (named && (foldNames || named.name === token || named.names.includes(token))) return { unit: named, prefix: undefined }
    // after the exact forms, so a name that itself ends in a bracket (a session's "widget (big)") stays whole
    if (token.endsWith(")") || token.endsWith("}")) {
      const q = this.resolveQualified(token)
      if (q) return q.ok ? q.resolved : undefined
    }
    for (const [form, prefix] of Prefix.symbolForms) {
      if (token.length > form.length && token.startsWith(form)) {
        const unit = this.symbolRecord(token.slice(form.length))
        if (unit && Prefix.allows(unit.prefixes, prefix)) return { unit, prefix }
      }
    }
    for (const [form, prefix] of foldNames ? Prefix.nameForms : []) {
      if (lower.length > form.length && lower.startsWith(form)) {
        const unit = this.nameRecord(lower.slice(form.length))
        if (unit && Prefix.allows(unit.prefixes, prefix)) return { unit, prefix }
      }
    }
    return undefined
  }
}

/** The symbol an agent reads back for a prefixed unit: "km", "µg". */
export const symbolOf = ({ unit, prefix }: Resolved): string => (prefix ? prefix.symbol + unit.symbol : unit.symbol)

/** The spelled name of a prefixed unit: "kilometer". */
export const nameOf = ({ unit, prefix }: Resolved): string => (prefix ? prefix.name + unit.name : unit.name)

/** `kilogram (kg)`: how suggestions name a unit. */
export const describeUnit = (resolved: Resolved): string => {
  const name = nameOf(resolved)
  const symbol = symbolOf(resolved)
  return name === symbol ? name : `${name} (${symbol})`
}

export const dimensionName = (record: UnitRecord): string => DimensionNames.describe(record.dimension)

export type { UnitEntry }
