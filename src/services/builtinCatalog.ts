/**
 * The built-in unit catalog, once per process. The bundle carries it precomputed (scripts/build.ts
 * builds it, refusing any problem), so a start restores it (src/engine/units/catalogSnapshot.ts);
 * from the source, it is built from the catalog data. A catalog with problems (a broken definition,
 * a name used twice) is a defect, thrown. Plain code, not a service: the command line's one-shot
 * answers load it without Effect's service modules (issue 29); UnitCatalog.layer serves it.
 */
import type { Catalog } from "../engine/units/Catalog.ts"
import { buildCatalog } from "../engine/units/buildCatalog.ts"
import { builtinEntries } from "../engine/catalog/index.ts"
import { precomputedCatalog } from "../engine/catalog/precomputed.ts"
import { restoreCatalog } from "../engine/units/catalogSnapshot.ts"

/**
 * Immutable and the same for every caller. Kept in this module so a start-up snapshot
 * (src/startup/snapshotEntry.ts), whose warm-up loaded it, carries it instead of restoring it on
 * every start.
 */
let loaded: Catalog | undefined

const load = (): Catalog => {
  const restored = precomputedCatalog === undefined ? undefined : restoreCatalog(precomputedCatalog, builtinEntries)
  if (restored) return restored
  const { catalog, problems } = buildCatalog(builtinEntries)
  if (problems.length > 0) throw new Error(`Unit catalog is inconsistent: ${problems.map((p) => `${p.symbol}: ${p.problem}`).join("; ")}`)
  return catalog
}

export const builtinCatalog = (): Catalog => (loaded ??= load())
