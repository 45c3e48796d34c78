/**
 * The built-in unit catalog as a service (builtinCatalog.ts loads it once per process). A catalog
 * with problems is a defect: the server refuses to start.
 */
import { Context, Effect, Layer } from "effect"
import type { Catalog } from "../engine/units/Catalog.ts"
import { builtinCatalog } from "./builtinCatalog.ts"

export class UnitCatalog extends Context.Service<UnitCatalog, { readonly catalog: Catalog }>()("dimensional/UnitCatalog") {
  static readonly layer = Layer.effect(
    UnitCatalog,
    Effect.sync(() => UnitCatalog.of({ catalog: builtinCatalog() }))
  )
}
