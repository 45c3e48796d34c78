/**
 * The built-in unit catalog as a service, built once from the catalog data. A catalog with
 * problems (a broken definition, a name used twice) is a defect: the server refuses to start. The
 * bundle carries it precomputed (scripts/build.ts builds it, refusing any problem), so a start
 * restores it instead (src/engine/units/catalogSnapshot.ts).
 */
import { Context, Effect, Layer } from "effect"
import type { Catalog } from "../engine/units/Catalog.ts"
import { buildCatalog } from "../engine/units/buildCatalog.ts"
import { builtinEntries } from "../engine/catalog/index.ts"
import { precomputedCatalog } from "../engine/catalog/precomputed.ts"
import { restoreCatalog } from "../engine/units/catalogSnapshot.ts"

/**
 * The catalog restored from the bundle, once per process: it is immutable, and the same for every
 * layer built from it. Kept here so a start-up snapshot (src/startup/snapshotEntry.ts), whose warm-up built
 * the layer, carries it restored instead of restoring it on every start.
 */
let restored: Catalog | undefined

export class UnitCatalog extends Context.Service<UnitCatalog, { readonly catalog: Catalog }>()("dimensional/UnitCatalog") {
  static readonly layer = Layer.effect(
    UnitCatalog,
    Effect.suspend(() => {
      restored ??= precomputedCatalog === undefined ? undefined : restoreCatalog(precomputedCatalog, builtinEntries)
      if (restored) return Effect.succeed(UnitCatalog.of({ catalog: restored }))
      const { catalog, problems } = buildCatalog(builtinEntries)
      if (problems.length > 0) return Effect.die(new Error(`Unit catalog is inconsistent: ${problems.map((p) => `${p.symbol}: ${p.problem}`).join("; ")}`))
      return Effect.succeed(UnitCatalog.of({ catalog }))
    })
  )
}
