/**
 * Turns catalog entries (data) into a Catalog (indexes). Entries may reference each other in any
 * order; each is resolved once every unit its definition names is known. Problems (a reference
 * that never resolves, a symbol or name used twice) are returned, never thrown: the catalog test
 * asserts there are none, and the service refuses to start with any.
 */
import { Catalog, type UnitRecord } from "./Catalog.ts"
import * as Dimension from "../Dimension.ts"
import * as Rational from "../Rational.ts"
import type { UnitEntry } from "../catalog/define.ts"
import { isEngineError } from "../errors.ts"
import { type UnitExpression, resolveUnitExpression } from "./UnitExpression.ts"
import * as UnitSyntax from "./UnitSyntax.ts"

export interface CatalogProblem {
  readonly symbol: string
  readonly problem: string
}

const namesIn = (node: UnitSyntax.Node): Array<string> => {
  switch (node._tag) {
    case "Name":
      return [node.name]
    case "Number":
      return []
    case "Power":
      return namesIn(node.base)
    case "Binary":
      return [...namesIn(node.left), ...namesIn(node.right)]
  }
}

const referencesResolve = (catalog: Catalog, expression: string): boolean => {
  const parsed = UnitSyntax.parse(expression, { multiWordNames: catalog.multiWords() })
  if (!parsed.ok) return true // let the evaluation report the syntax error
  return namesIn(parsed.value.ast).every((n) => catalog.resolve(n) ?? catalog.resolve(n.replace(/\d+$/, "")))
}

const referencedExpression = (entry: UnitEntry): string | undefined =>
  entry.definition.kind === "scaled" ? entry.definition.of : entry.definition.kind === "logarithmic" ? entry.definition.reference : undefined

/**
 * What resolving a scaled or logarithmic definition gives its record: the dimension and the
 * coherent SI factor (for a scaled unit, its own factor times the reference's). The precomputed
 * built-in catalog stores these (catalogSnapshot.ts); the rest of a record is its entry's.
 */
export interface ResolvedScale {
  readonly dimension: Dimension.Dimension
  readonly factor: Rational.Rational
}

const scaleOf = (entry: UnitEntry, reference: UnitExpression): ResolvedScale => ({
  dimension: reference.dimension,
  factor: entry.definition.kind === "scaled" ? Rational.multiply(entry.definition.factor, reference.factor) : reference.factor
})

/** An entry's record; `scale` is required for a scaled or logarithmic definition. */
export const toRecord = (entry: UnitEntry, custom: boolean, scale: ResolvedScale | undefined): UnitRecord => {
  const d = entry.definition
  const common = {
    symbol: entry.symbol,
    name: entry.name,
    aliases: entry.aliases,
    names: entry.names,
    plurals: entry.plurals,
    prefixes: entry.prefixes,
    exact: entry.exact,
    source: entry.source,
    note: entry.note,
    system: entry.system,
    custom,
    ...(entry.interval ? { interval: true } : {}),
    ...(entry.pressureReference ? { pressureReference: entry.pressureReference } : {}),
    ...(entry.kind ? { kind: entry.kind } : {}),
    // the equivalent and the osmole: the relation to the mole is the substance's, never assumed
    ...(entry.perSubstance ? { unconnected: true, note: entry.perSubstance } : {}),
    // the erlang: dimensionless, yet no plain number is what it means
    ...(entry.standalone ? { unconnected: true, note: entry.standalone } : {})
  }
  switch (d.kind) {
    case "base":
      return { ...common, dimension: d.base ? Dimension.base(d.base) : Dimension.dimensionless, factor: d.factor, offset: undefined, logarithmic: undefined }
    case "scaled":
      return { ...common, dimension: scale!.dimension, factor: scale!.factor, offset: undefined, logarithmic: undefined }
    case "affine":
      return { ...common, dimension: Dimension.base("Θ"), factor: d.factor, offset: d.offset, logarithmic: undefined }
    case "logarithmic":
      return {
        ...common,
        dimension: scale!.dimension,
        factor: scale!.factor,
        offset: undefined,
        logarithmic: { base: d.base, divisor: d.divisor, complement: d.complement ?? false, ratioOf: d.ratioOf }
      }
  }
}

/** Builds a catalog (or an overlay over `parent`) from entries, with every problem found. */
export const buildCatalog = (
  entries: ReadonlyArray<UnitEntry>,
  options: { readonly parent?: Catalog; readonly custom?: boolean } = {}
): { readonly catalog: Catalog; readonly problems: ReadonlyArray<CatalogProblem> } => {
  // resolution happens on a scratch catalog, so the real one's expression cache never sees a half-built state
  const scratch = new Catalog(options.parent)
  const problems: Array<CatalogProblem> = []
  const resolved = new Map<UnitEntry, UnitRecord>()
  let pending = [...entries]
  while (pending.length > 0) {
    const deferred: Array<UnitEntry> = []
    for (const entry of pending) {
      const expression = referencedExpression(entry)
      if (expression !== undefined && !referencesResolve(scratch, expression)) {
        deferred.push(entry)
        continue
      }
      let reference: UnitExpression | undefined
      if (expression !== undefined) {
        const r = resolveUnitExpression(new Catalog(scratch), expression, "written")
        if (isEngineError(r)) {
          problems.push({ symbol: entry.symbol, problem: `definition '${expression}': ${r.message}` })
          continue
        }
        reference = r
      }
      const record = toRecord(entry, options.custom ?? false, reference && scaleOf(entry, reference))
      resolved.set(entry, record)
      for (const clash of scratch.add(record, entry.plurals)) problems.push({ symbol: entry.symbol, problem: `'${clash}' is already taken by another unit` })
    }
    if (deferred.length === pending.length) {
      for (const entry of deferred)
        problems.push({ symbol: entry.symbol, problem: `definition '${referencedExpression(entry)}' names a unit that is never defined` })
      break
    }
    pending = deferred
  }
  return { catalog: indexRecords(entries, resolved, options.parent), problems }
}

/** The catalog of the entries' records (those that resolved), indexed in entry order. */
export const indexRecords = (entries: ReadonlyArray<UnitEntry>, records: ReadonlyMap<UnitEntry, UnitRecord>, parent?: Catalog): Catalog => {
  const catalog = new Catalog(parent)
  for (const entry of entries) {
    const record = records.get(entry)
    if (record) catalog.add(record, entry.plurals)
  }
  return catalog
}
