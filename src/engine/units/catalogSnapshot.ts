/**
 * The built-in catalog, precomputed. The declarative entries (catalog/*.ts) stay the source of
 * truth; what costs a cold start is resolving them: parsing each scaled or logarithmic definition
 * ("0.3048 m", "lbf*ft") against the units before it, pass after pass, about 15 ms and its garbage
 * on every spawn. scripts/build.ts does that once, at build time, and writes what it yields into
 * the bundle (catalog/precomputed.ts): each such entry's dimension and coherent factor, and the
 * indexes (every symbol, alias and spelled form with the record it names, in the order `Catalog.add`
 * put them in; deriving the spelled forms and plurals is the other cost). A start then makes each
 * record from its entry and that result (the same `toRecord`) and fills the indexes as they were.
 * test/engine/catalogSnapshot.test.ts proves the restored catalog equals the one built at run time.
 *
 * Never misread: a snapshot of another layout version, or one written for other entries (their
 * count and symbols, in order, are stored with it), is not read; the caller then builds the
 * catalog. A factor JSON cannot carry exactly (NaN, ±Infinity) refuses the snapshot at build time.
 */
import { Catalog, type UnitRecord } from "./Catalog.ts"
import { buildCatalog, type ResolvedScale, toRecord } from "./buildCatalog.ts"
import type { UnitEntry } from "../catalog/define.ts"
import { dimensionTable, exactFactor, frozenDimensions } from "../snapshotJson.ts"

/** Bump when the layout below changes. */
export const snapshotVersion = 3

interface Snapshot {
  readonly version: number
  /** The entries' symbols, in order: which entries the scales belong to. */
  readonly entries: ReadonlyArray<string>
  /** Distinct dimension vectors; a scale names one by index. */
  readonly dimensions: ReadonlyArray<ReadonlyArray<number>>
  /** Per entry: 0 for a base or affine definition (nothing to resolve), else [dimension index, factor n, factor d, power of π, power of ten]. */
  readonly scales: ReadonlyArray<0 | readonly [number, number, number, number, number]>
  /** The indexes in insertion order: key, then the index of the entry whose record it names. */
  readonly symbols: ReadonlyArray<readonly [string, number]>
  readonly names: ReadonlyArray<readonly [string, number]>
  readonly multiWordNames: ReadonlyArray<readonly [string, Array<string>]>
}

const resolves = (entry: UnitEntry): boolean => entry.definition.kind === "scaled" || entry.definition.kind === "logarithmic"

/** The snapshot of the catalog `entries` build, as the JSON text the bundle carries; throws on a catalog with problems. */
export const snapshotText = (entries: ReadonlyArray<UnitEntry>): string => {
  const { catalog, problems } = buildCatalog(entries)
  if (problems.length > 0) throw new Error(`the unit catalog is inconsistent: ${problems.map((p) => `${p.symbol}: ${p.problem}`).join("; ")}`)
  // with no problems, every entry resolved and buildCatalog listed its record in entry order
  const { dimensions, indexOf } = dimensionTable()
  const scales = entries.map((entry, i): Snapshot["scales"][number] => {
    const record = catalog.records[i]!
    if (!resolves(entry)) return 0
    return [indexOf(record.dimension), ...exactFactor(record.factor, `catalog snapshot: the factor of '${entry.symbol}'`)]
  })
  const recordIndex = new Map(catalog.records.map((r, i) => [r, i]))
  const keyed = (index: ReadonlyMap<string, UnitRecord>) => [...index].map(([k, r]) => [k, recordIndex.get(r)!] as const)
  const { symbols, names } = catalog.ownIndexes()
  const snapshot: Snapshot = {
    version: snapshotVersion,
    entries: entries.map((e) => e.symbol),
    dimensions,
    scales,
    symbols: keyed(symbols),
    names: keyed(names),
    multiWordNames: [...catalog.multiWordNames]
  }
  return JSON.stringify(snapshot)
}

/** The catalog of `entries` from their snapshot, or undefined when the snapshot is of another version or for other entries. */
export const restoreCatalog = (text: string, entries: ReadonlyArray<UnitEntry>): Catalog | undefined => {
  const snapshot = JSON.parse(text) as Snapshot
  if (snapshot.version !== snapshotVersion || snapshot.entries.length !== entries.length || snapshot.scales.length !== entries.length) return undefined
  const dimensions = frozenDimensions(snapshot.dimensions)
  const records: Array<UnitRecord> = []
  for (const [i, entry] of entries.entries()) {
    const stored = snapshot.scales[i]!
    if (snapshot.entries[i] !== entry.symbol || (stored === 0) === resolves(entry)) return undefined
    const dimension = stored === 0 ? undefined : dimensions[stored[0]]
    if (stored !== 0 && dimension === undefined) return undefined
    const scale: ResolvedScale | undefined =
      stored === 0 ? undefined : { dimension: dimension!, factor: { n: stored[1], d: stored[2], pi: stored[3], ten: stored[4] } }
    records.push(toRecord(entry, false, scale))
  }
  return Catalog.fromIndexes({ records, symbols: snapshot.symbols, names: snapshot.names, multiWordNames: snapshot.multiWordNames })
}
