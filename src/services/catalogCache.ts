/**
 * The catalogs of workspaces: the built-in catalog with a workspace's units over it, built once per
 * workspace version and kept in the one byte-bounded cache (byteLru.ts), so reading calls reuse
 * it. A catalog is counted by an estimate of its heap (three times the stored bytes of the
 * workspace it was built from, as measured for 450 units with aliases), so the cache holds at most
 * `maxBytes` of heap however large the workspaces are.
 *
 * A stored workspace is checked when it is decoded (storeCommon.ts decodeStored); should building
 * its catalog still throw, the workspace is reported damaged instead of failing every call with an
 * internal error (issue 33, item 14).
 */
import type { Catalog } from "../engine/units/Catalog.ts"
import { type CustomEdge, type CustomUnit, overlayCatalog } from "../engine/units/customUnits.ts"
import { asUnit } from "../engine/constants/workspaceConstant.ts"
import { type InvalidInput, type UnitError, WorkspaceDamaged, isEngineError } from "../engine/errors.ts"
import { makeByteLru } from "./byteLru.ts"
import { type WorkspaceData, storedBytes } from "./WorkspaceDocument.ts"

export type CatalogError = InvalidInput | UnitError

/** A catalog takes about three times the stored bytes of its workspace in heap. */
const catalogOverhead = 3

/** Catalogs kept per process, in estimated heap bytes. */
const catalogCacheBytes = 64 * 1024 * 1024

/** ...and in number: enough for the workspaces in active use. */
export const catalogCacheSize = 256

export interface CatalogCache {
  /** The catalog of `data` (remembered per data object while it lives); a definition problem is its CatalogError. */
  readonly overlayOf: (
    data: WorkspaceData,
    extra?: { readonly units: ReadonlyArray<CustomUnit>; readonly edges: ReadonlyArray<CustomEdge> }
  ) => Catalog | CatalogError | WorkspaceDamaged
  /** The catalog of a stored workspace version (`key`), built once while it stays in the cache. */
  readonly cached: (key: string, data: WorkspaceData) => Catalog | CatalogError | WorkspaceDamaged
}

const damaged = (error: unknown) =>
  new WorkspaceDamaged({
    message: `This workspace's definitions cannot be built into a catalog (${error instanceof Error ? error.message.slice(0, 200) : "an internal fault"}); nothing of it is used`,
    hints: [
      "Empty the workspace with reset_session to start it over, then define your units again",
      "Or omit 'workspace' in a define_* call to start a new workspace"
    ]
  })

export const makeCatalogCache = (builtin: Catalog): CatalogCache => {
  const catalogs = makeByteLru<string, Catalog>({ maxBytes: catalogCacheBytes, maxEntries: catalogCacheSize })
  const byData = new WeakMap<WorkspaceData, Catalog>()
  const build = (data: WorkspaceData, extra?: { readonly units: ReadonlyArray<CustomUnit>; readonly edges: ReadonlyArray<CustomEdge> }) => {
    try {
      return overlayCatalog(builtin, [...data.units, ...data.constants.map(asUnit), ...(extra?.units ?? [])], [...data.edges, ...(extra?.edges ?? [])])
    } catch (error) {
      return damaged(error)
    }
  }
  const overlayOf: CatalogCache["overlayOf"] = (data, extra) => {
    if (extra !== undefined) return build(data, extra)
    const known = byData.get(data)
    if (known) return known
    const overlay = build(data)
    if (!isEngineError(overlay)) byData.set(data, overlay)
    return overlay
  }
  const cached: CatalogCache["cached"] = (key, data) => {
    const hit = catalogs.get(key)
    if (hit) return hit
    const built = overlayOf(data)
    if (!isEngineError(built)) catalogs.set(key, built, storedBytes(data) * catalogOverhead)
    return built
  }
  return { overlayOf, cached }
}
