/**
 * Workspaces: what an agent defined (custom units, conversion edges, constants, quantity kinds,
 * the active computation declaration), kept in the configured store (WorkspaceStore.ts) so it
 * survives restarts and is shared by every replica.
 *
 * ## Interface for the protocol seam (transports, server factory)
 * - `DefaultWorkspace` (a Context.Reference, default `undefined`) is the workspace a call uses when
 *   it names none. Provide it per call or per connection:
 *     stdio: one per process (`newWorkspaceId()` once at start-up);
 *     2025-era HTTP session: the session's own id (any replica reaches it through the store);
 *     2026-07-28 (no session): leave it undefined.
 *   e.g. `Effect.provideService(handler, DefaultWorkspace, sessionId)` or
 *   `Context.make(DefaultWorkspace, id)` merged into the context the server is built with.
 * - `Workspace.layer` (process-wide) needs a `WorkspaceStore` (`WorkspaceStore.layerFromConfig`)
 *   and the `UnitCatalog`.
 *
 * ## For tools
 * `Workspace.open(requested, mode)` gives the `OpenWorkspace` of one call. `requested` is the
 * call's `workspace` argument: when given it must name a live workspace (else unknown_workspace).
 * Without it, the default is used; with no default, "read" gives an empty, unnamed workspace (the
 * built-in catalog) and "write" creates a new workspace whose id the tool returns. Ids are 144
 * random bits (crypto), never sequential: knowing one id reaches exactly that workspace.
 *
 * Writes re-read and retry on a version conflict (compare-and-set in the store), so concurrent
 * writes from two replicas are both kept. Each change is checked against the quotas; the catalog
 * overlay is built once per workspace version and cached (bounded), so reading calls reuse it.
 */
import { Config, Context, Duration, Effect, Layer } from "effect"
import type { Catalog } from "../engine/Catalog.ts"
import { type CustomEdge, type CustomUnit, overlayCatalog } from "../engine/customUnits.ts"
import type { Constant } from "../engine/Constants.ts"
import { asUnit } from "../engine/constants/sessionConstant.ts"
import type { QuantityKind } from "../engine/QuantityKind.ts"
import { InvalidInput, isEngineError, StoreUnavailable, type UnitError, UnknownWorkspace } from "../engine/errors.ts"
import { UnitCatalog } from "./UnitCatalog.ts"
import { layerMemory as storeInMemory, WorkspaceStore } from "./WorkspaceStore.ts"

/** A constant defined with define_constant; it is also a unit of the workspace named by its symbol. */
export type WorkspaceConstant = Pick<Constant, "symbol" | "name" | "value" | "unit" | "uncertainty" | "source">

/** The active declaration of declare_computation. */
export interface Declaration {
  readonly id: string
  readonly kind: string
  readonly expectedUnit: string
  readonly context: Readonly<Record<string, string>>
}

export interface WorkspaceData {
  readonly units: ReadonlyArray<CustomUnit>
  readonly edges: ReadonlyArray<CustomEdge>
  readonly constants: ReadonlyArray<WorkspaceConstant>
  /** Kinds defined with define_quantity_kind; the built-in ones live in the engine. */
  readonly kinds: ReadonlyArray<QuantityKind>
  readonly declaration: Declaration | undefined
}

export const emptyWorkspace: WorkspaceData = { units: [], edges: [], constants: [], kinds: [], declaration: undefined }

export type CatalogError = InvalidInput | UnitError

export type WorkspaceError = StoreUnavailable | UnknownWorkspace

/**
 * What one workspace may hold: generous for real work (a few hundred custom units is a large
 * project), and a bound on the store's memory and on the cost of building the workspace's catalog.
 */
export const WorkspaceQuota = { units: 500, aliases: 2000, edges: 1000, constants: 200, kinds: 200 } as const

const sizes = (d: WorkspaceData) => ({
  units: d.units.length,
  aliases: d.units.reduce((n, u) => n + u.aliases.length, 0),
  edges: d.edges.length,
  constants: d.constants.length,
  kinds: d.kinds.length
})

/** The first quota a change passes, as the error for it; growth only, so a workspace at a cap can still shrink. */
const overQuota = (before: WorkspaceData, after: WorkspaceData): InvalidInput | undefined => {
  const was = sizes(before)
  const now = sizes(after)
  for (const key of Object.keys(WorkspaceQuota) as Array<keyof typeof WorkspaceQuota>) {
    if (now[key] > WorkspaceQuota[key] && now[key] > was[key]) {
      return new InvalidInput({
        message: `This workspace already holds ${was[key]} ${key}; at most ${WorkspaceQuota[key]} are kept per workspace`,
        got: String(now[key]),
        expected: `at most ${WorkspaceQuota[key]} ${key}`,
        hints: ["Reset the workspace (reset_session) to start again, or define units inline for one call"]
      })
    }
  }
  return undefined
}

/** The workspace a call uses when it names none; provided by the protocol seam (see the top of this file). */
export const DefaultWorkspace = Context.Reference<string | undefined>("dimensional/DefaultWorkspace", { defaultValue: () => undefined })

/** A new workspace id: 144 bits from the platform's cryptographic random source, URL-safe. */
export const newWorkspaceId = (): string => `ws_${Buffer.from(crypto.getRandomValues(new Uint8Array(18))).toString("base64url")}`

const idPattern = /^[A-Za-z0-9_-]{1,100}$/

/** One call's workspace: the same operations whatever the store. */
export interface OpenWorkspace {
  /** The workspace's id; undefined for the empty, unnamed workspace of a read with nothing to read. */
  readonly id: string | undefined
  readonly get: Effect.Effect<WorkspaceData, StoreUnavailable>
  /** Applies `f` atomically (retried on a concurrent change); a failure, or a change past a quota, leaves the workspace unchanged. */
  readonly modify: <A, E>(f: (data: WorkspaceData) => Effect.Effect<readonly [A, WorkspaceData], E>) => Effect.Effect<A, E | InvalidInput | StoreUnavailable>
  /** The built-in catalog with this workspace's units over it, plus optional inline units for one call. */
  readonly catalog: (inline?: { readonly units: ReadonlyArray<CustomUnit>; readonly edges: ReadonlyArray<CustomEdge> }) => Effect.Effect<Catalog, CatalogError | StoreUnavailable>
  /** The catalog a candidate state would have: validates a change before it is stored. */
  readonly catalogOf: (data: WorkspaceData) => Effect.Effect<Catalog, CatalogError>
  readonly reset: Effect.Effect<void, StoreUnavailable>
}

export interface WorkspaceSettings {
  /** A workspace not used for this long is gone (its id then answers unknown_workspace). */
  readonly idleTimeout: Duration.Duration
}

export const workspaceIdleEnv = "DIMENSIONAL_WORKSPACE_IDLE_TIMEOUT"

export const defaultWorkspaceSettings: WorkspaceSettings = { idleTimeout: Duration.days(7) }

/** How many times a write re-reads and re-applies after another writer changed the workspace first. */
const maxWriteAttempts = 20

/** Catalogs kept per process, one per workspace version: enough for the workspaces in active use. */
const catalogCacheSize = 256

export class Workspace extends Context.Service<
  Workspace,
  {
    readonly open: (requested: string | undefined, mode: "read" | "write") => Effect.Effect<OpenWorkspace, WorkspaceError>
    /** Records an (empty) workspace under `id` unless one is there: how a 2025-era session is known to every replica. */
    readonly register: (id: string) => Effect.Effect<void, StoreUnavailable>
    /** Drops the workspace `id` and everything in it (its 2025-era session ended). */
    readonly forget: (id: string) => Effect.Effect<void, StoreUnavailable>
    /** Whether `id` names a live workspace. */
    readonly exists: (id: string) => Effect.Effect<boolean, StoreUnavailable>
  }
>()("dimensional/Workspace") {
  static readonly make = (settings: WorkspaceSettings) =>
    Effect.gen(function* () {
      const { catalog: builtin } = yield* UnitCatalog
      const store = yield* WorkspaceStore
      const ttl = settings.idleTimeout
      const ttlMs = Duration.toMillis(ttl)

      // the overlay is built once per workspace version; Map order gives least-recently-used eviction
      const catalogs = new Map<string, Catalog>()
      const byData = new WeakMap<WorkspaceData, Catalog>()
      const overlayOf = (data: WorkspaceData): Catalog | CatalogError => {
        const known = byData.get(data)
        if (known) return known
        const overlay = overlayCatalog(builtin, [...data.units, ...data.constants.map(asUnit)], data.edges)
        if (!isEngineError(overlay)) byData.set(data, overlay)
        return overlay
      }
      const cachedCatalog = (key: string | undefined, data: WorkspaceData): Catalog | CatalogError => {
        if (key === undefined) return overlayOf(data)
        const hit = catalogs.get(key)
        if (hit) {
          catalogs.delete(key)
          catalogs.set(key, hit)
          return hit
        }
        const built = overlayOf(data)
        if (isEngineError(built)) return built
        catalogs.set(key, built)
        if (catalogs.size > catalogCacheSize) catalogs.delete(catalogs.keys().next().value!)
        return built
      }

      interface Snapshot {
        readonly version: number
        readonly touched: number
        readonly data: WorkspaceData
        readonly live: boolean
      }
      const load = (id: string): Effect.Effect<Snapshot, StoreUnavailable> =>
        Effect.map(store.read(id), (doc) => {
          if (!doc) return { version: 0, touched: 0, data: emptyWorkspace, live: false }
          const expired = Date.now() - doc.touched > ttlMs
          return { version: doc.version, touched: doc.touched, data: expired ? emptyWorkspace : (doc.data as WorkspaceData), live: !expired }
        })

      // reads keep a workspace alive: its idle clock restarts, written at most every quarter time-out
      const touch = (id: string, snap: Snapshot) =>
        snap.live && Date.now() - snap.touched > ttlMs / 4
          ? Effect.ignore(store.write(id, snap.version, { version: snap.version, touched: Date.now(), data: snap.data }, ttl))
          : Effect.void

      const handle = (id: string): OpenWorkspace => {
        const current = Effect.tap(load(id), (snap) => touch(id, snap))
        const modify = <A, E>(f: (data: WorkspaceData) => Effect.Effect<readonly [A, WorkspaceData], E>): Effect.Effect<A, E | InvalidInput | StoreUnavailable> =>
          Effect.gen(function* () {
            for (let attempt = 0; attempt < maxWriteAttempts; attempt++) {
              const snap = yield* load(id)
              const [result, next] = yield* f(snap.data)
              const over = overQuota(snap.data, next)
              if (over) return yield* Effect.fail(over)
              const written = yield* store.write(id, snap.version, { version: snap.version + 1, touched: Date.now(), data: next }, ttl)
              if (written) return result
              // another replica changed the workspace first: its change stays, ours is applied again on top
              yield* Effect.sleep(Duration.millis(Math.floor(Math.random() * (5 + attempt * 5))))
            }
            return yield* new StoreUnavailable({
              message: `Workspace ${id} kept changing under this write (${maxWriteAttempts} attempts); nothing was written`,
              hints: ["Try the call again"]
            })
          })
        return {
          id,
          get: Effect.map(current, (s) => s.data),
          modify,
          catalog: (inline) =>
            Effect.flatMap(current, (snap) => {
              const base = cachedCatalog(snap.live ? `${id}@${snap.version}` : undefined, snap.data)
              if (isEngineError(base)) return Effect.fail(base)
              if (!inline || (inline.units.length === 0 && inline.edges.length === 0)) return Effect.succeed(base)
              // inline definitions apply to this call only: a fresh overlay, never cached
              const data = snap.data
              const merged = overlayCatalog(builtin, [...data.units, ...data.constants.map(asUnit), ...inline.units], [...data.edges, ...inline.edges])
              return isEngineError(merged) ? Effect.fail(merged) : Effect.succeed(merged)
            }),
          catalogOf: (data) =>
            Effect.suspend(() => {
              const c = overlayOf(data)
              return isEngineError(c) ? Effect.fail(c) : Effect.succeed(c)
            }),
          // emptying never passes a quota (quotas refuse growth only)
          reset: modify(() => Effect.succeed([undefined, emptyWorkspace] as const)).pipe(Effect.catchTag("InvalidInput", Effect.die))
        }
      }

      /** The unnamed empty workspace of a reading call with no workspace at all. */
      const none: OpenWorkspace = {
        id: undefined,
        get: Effect.succeed(emptyWorkspace),
        modify: (f) => Effect.map(f(emptyWorkspace), ([a]) => a),
        catalog: (inline) =>
          Effect.suspend(() => {
            const c = inline ? overlayCatalog(builtin, inline.units, inline.edges) : builtin
            return isEngineError(c) ? Effect.fail(c) : Effect.succeed(c)
          }),
        catalogOf: (data) =>
          Effect.suspend(() => {
            const c = overlayOf(data)
            return isEngineError(c) ? Effect.fail(c) : Effect.succeed(c)
          }),
        reset: Effect.void
      }

      const unknown = (id: string) =>
        new UnknownWorkspace({
          message: `No workspace '${id.length > 100 ? `${id.slice(0, 100)}…` : id}': it was never created here, or it expired after ${Duration.format(ttl)} unused`,
          role: "workspace",
          got: id.slice(0, 100),
          hints: ["Use the exact id a define_* tool returned in its 'workspace' field", "Omit 'workspace' in a define_* call to start a new workspace, then define your units again"]
        })

      // one handle per workspace id, reused by every call (a connection's workspace is opened on each call)
      const handles = new Map<string, OpenWorkspace>()
      const handleOf = (id: string): OpenWorkspace => {
        const known = handles.get(id)
        if (known) return known
        const made = handle(id)
        handles.set(id, made)
        if (handles.size > catalogCacheSize) handles.delete(handles.keys().next().value!)
        return made
      }

      const open = (requested: string | undefined, mode: "read" | "write"): Effect.Effect<OpenWorkspace, WorkspaceError> =>
        Effect.flatMap(Effect.service(DefaultWorkspace), (fallback): Effect.Effect<OpenWorkspace, WorkspaceError> => {
          if (requested === undefined) return Effect.succeed(fallback !== undefined ? handleOf(fallback) : mode === "write" ? handle(newWorkspaceId()) : none)
          if (!idPattern.test(requested)) return Effect.fail(unknown(requested))
          // the connection's own workspace is always there, even before its first definition
          if (requested === fallback) return Effect.succeed(handleOf(requested))
          return Effect.flatMap(load(requested), (snap) => (snap.live ? Effect.succeed(handleOf(requested)) : Effect.fail(unknown(requested))))
        })

      const register = (id: string) =>
        Effect.gen(function* () {
          const snap = yield* load(id)
          if (snap.live) return
          yield* store.write(id, snap.version, { version: snap.version + 1, touched: Date.now(), data: emptyWorkspace }, ttl)
        })
      const exists = (id: string) => (idPattern.test(id) ? Effect.map(load(id), (snap) => snap.live) : Effect.succeed(false))

      const forget = (id: string) => store.remove(id)

      return Workspace.of({ open, register, forget, exists })
    })

  /** The workspaces over the given store, with settings from configuration (DIMENSIONAL_WORKSPACE_IDLE_TIMEOUT). */
  static readonly layer: Layer.Layer<Workspace, Config.ConfigError, WorkspaceStore | UnitCatalog> = Layer.effect(
    Workspace,
    Effect.gen(function* () {
      const idleTimeout = yield* Config.Duration(workspaceIdleEnv).pipe(Config.withDefault(defaultWorkspaceSettings.idleTimeout))
      return yield* Workspace.make({ idleTimeout })
    })
  )

  /**
   * Workspaces in this process's memory, `defaultId` being every call's default: the set-up of the
   * library, of tests and of one stdio client (today's behaviour).
   */
  static readonly layerInMemory = (defaultId: string = newWorkspaceId()): Layer.Layer<Workspace, never, UnitCatalog> =>
    Layer.merge(Layer.effect(Workspace, Workspace.make(defaultWorkspaceSettings)), Layer.succeed(DefaultWorkspace, defaultId)).pipe(Layer.provide(storeInMemory))
}
