/**
 * One workspace as a call sees it (OpenWorkspace): read, change atomically, its catalog, emptied.
 * Each operation is a short function over what the Workspace service built once (the store, the
 * idle time-out, the catalog cache); Workspace.ts decides which workspace a call gets.
 *
 * Reads keep a workspace alive: its idle clock restarts, written at most every quarter time-out.
 * Writes are a compare-and-set on the document's version: another writer's change stays, and this
 * one is applied again on top (retried on Effect's Schedule, jittered, so tests can drive it).
 */
import { Clock, Data, Duration, Effect, Schedule } from "effect"
import type { Catalog } from "../engine/units/Catalog.ts"
import type { CustomEdge, CustomUnit } from "../engine/units/customUnits.ts"
import { type InvalidInput, type QuotaExceeded, StoreUnavailable, type WorkspaceDamaged, isEngineError } from "../engine/errors.ts"
import type { CatalogCache, CatalogError } from "./catalogCache.ts"
import type { WorkspaceStore } from "./storeCommon.ts"
import { type WorkspaceData, emptyWorkspace } from "./WorkspaceDocument.ts"
import { overQuota } from "./workspaceLimits.ts"

/** What reading a workspace can fail with: the store did not answer, or its document is damaged. */
export type ReadError = StoreUnavailable | WorkspaceDamaged

/** One call's workspace: the same operations whatever the store. */
export interface OpenWorkspace {
  /** The workspace's id; undefined for the empty, unnamed workspace of a read with nothing to read. */
  readonly id: string | undefined
  readonly get: Effect.Effect<WorkspaceData, ReadError>
  /** Applies `f` atomically (retried on a concurrent change); a failure, or a change past a quota, leaves the workspace unchanged. */
  readonly modify: <A, E>(
    f: (data: WorkspaceData) => Effect.Effect<readonly [A, WorkspaceData], E>
  ) => Effect.Effect<A, E | InvalidInput | QuotaExceeded | ReadError>
  /** The built-in catalog with this workspace's units over it, plus optional inline units for one call. */
  readonly catalog: (inline?: {
    readonly units: ReadonlyArray<CustomUnit>
    readonly edges: ReadonlyArray<CustomEdge>
  }) => Effect.Effect<Catalog, CatalogError | ReadError>
  /** The catalog a candidate state would have: validates a change before it is stored. */
  readonly catalogOf: (data: WorkspaceData) => Effect.Effect<Catalog, CatalogError | WorkspaceDamaged>
  /** Empties the workspace; a damaged one is deleted (its quarantined copy kept for the operator) and starts over. */
  readonly reset: Effect.Effect<void, StoreUnavailable>
}

/** What every handle shares. */
export interface Workspaces {
  readonly store: WorkspaceStore["Service"]
  readonly ttl: Duration.Duration
  readonly catalogs: CatalogCache
  /** Who writes: the store counts a new workspace as this principal's (its quota). */
  readonly owner: Effect.Effect<string | undefined>
}

interface Snapshot {
  readonly version: number
  readonly touched: number
  readonly data: WorkspaceData
  readonly live: boolean
}

/** How many times a write re-reads and re-applies after another writer changed the workspace first. */
const maxWriteAttempts = 20

/** Another writer changed the workspace between this write's read and its compare-and-set. */
class WriteConflict extends Data.TaggedError("WriteConflict") {}

/** Up to maxWriteAttempts in all: a few milliseconds apart, growing, jittered so two writers part ways. */
const writeRetries = Schedule.exponential("1 millis", 1.3).pipe(Schedule.jittered, Schedule.upTo({ times: maxWriteAttempts - 1 }))

/** The workspace `id` as stored now; an expired one reads empty (time is Effect's Clock, so tests drive expiry). */
export const load = (w: Workspaces, id: string): Effect.Effect<Snapshot, ReadError> =>
  Effect.flatMap(w.store.read(id), (doc) =>
    doc
      ? Effect.map(Clock.currentTimeMillis, (now) => {
          const expired = now - doc.touched > Duration.toMillis(w.ttl)
          return { version: doc.version, touched: doc.touched, data: expired ? emptyWorkspace : doc.data, live: !expired }
        })
      : Effect.succeed({ version: 0, touched: 0, data: emptyWorkspace, live: false })
  )

const touch = (w: Workspaces, id: string, snap: Snapshot) =>
  snap.live
    ? Effect.flatMap(Clock.currentTimeMillis, (now) =>
        now - snap.touched > Duration.toMillis(w.ttl) / 4
          ? Effect.flatMap(w.owner, (owner) =>
              Effect.ignore(w.store.write(id, snap.version, { version: snap.version, touched: now, data: snap.data }, w.ttl, owner))
            )
          : Effect.void
      )
    : Effect.void

const modifyOf =
  (w: Workspaces, id: string) =>
  <A, E>(f: (data: WorkspaceData) => Effect.Effect<readonly [A, WorkspaceData], E>): Effect.Effect<A, E | InvalidInput | QuotaExceeded | ReadError> =>
    Effect.gen(function* () {
      const snap = yield* load(w, id)
      const [result, next] = yield* f(snap.data)
      const over = overQuota(snap.data, next)
      if (over) return yield* Effect.fail(over)
      const touched = yield* Clock.currentTimeMillis
      const written = yield* w.store.write(id, snap.version, { version: snap.version + 1, touched, data: next }, w.ttl, yield* w.owner)
      if (!written) return yield* new WriteConflict()
      return result
    }).pipe(
      Effect.retry({ while: (e) => e instanceof WriteConflict, schedule: writeRetries }),
      Effect.catchIf(
        (e): e is WriteConflict => e instanceof WriteConflict,
        () =>
          Effect.fail(
            new StoreUnavailable({
              message: `Workspace ${id} kept changing under this write (${maxWriteAttempts} attempts); nothing was written`,
              hints: ["Try the call again"]
            })
          )
      )
    )

const asEffect = (built: Catalog | CatalogError | WorkspaceDamaged): Effect.Effect<Catalog, CatalogError | WorkspaceDamaged> =>
  isEngineError(built) ? Effect.fail(built as CatalogError | WorkspaceDamaged) : Effect.succeed(built as Catalog)

const catalogOfData = (w: Workspaces) => (data: WorkspaceData) => Effect.suspend(() => asEffect(w.catalogs.overlayOf(data)))

/**
 * Empties the workspace: emptying never passes a quota (quotas refuse growth only). A damaged
 * document is deleted first (the file store keeps its quarantined copy for the operator), and the
 * workspace starts over, empty and live.
 */
const resetOf = (w: Workspaces, id: string, modify: ReturnType<typeof modifyOf>): Effect.Effect<void, StoreUnavailable> => {
  const empty = modify(() => Effect.succeed([undefined, emptyWorkspace] as const))
  return empty.pipe(
    Effect.catchTag("WorkspaceDamaged", () => Effect.andThen(w.store.remove(id), empty)),
    Effect.catchTags({ InvalidInput: Effect.die, QuotaExceeded: Effect.die, WorkspaceDamaged: Effect.die })
  )
}

/** The workspace `id`, named by a call. */
export const handle = (w: Workspaces, id: string): OpenWorkspace => {
  const current = Effect.tap(load(w, id), (snap) => touch(w, id, snap))
  const modify = modifyOf(w, id)
  return {
    id,
    get: Effect.map(current, (s) => s.data),
    modify,
    catalog: (inline) =>
      Effect.flatMap(current, (snap) => {
        // inline definitions apply to this call only: a fresh overlay, never cached
        const extra = inline && (inline.units.length > 0 || inline.edges.length > 0) ? inline : undefined
        const built =
          extra !== undefined
            ? w.catalogs.overlayOf(snap.data, extra)
            : snap.live
              ? w.catalogs.cached(`${id}@${snap.version}`, snap.data)
              : w.catalogs.overlayOf(snap.data)
        return asEffect(built)
      }),
    catalogOf: catalogOfData(w),
    reset: resetOf(w, id, modify)
  }
}

/** The unnamed empty workspace of a reading call with no workspace at all. */
export const none = (w: Workspaces, builtin: Catalog): OpenWorkspace => ({
  id: undefined,
  get: Effect.succeed(emptyWorkspace),
  modify: (f) => Effect.map(f(emptyWorkspace), ([a]) => a),
  catalog: (inline) => Effect.suspend(() => (inline ? asEffect(w.catalogs.overlayOf(emptyWorkspace, inline)) : Effect.succeed(builtin))),
  catalogOf: catalogOfData(w),
  reset: Effect.void
})
