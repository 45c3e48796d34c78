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
import { createHmac, timingSafeEqual } from "node:crypto"
import { Clock, Config, Context, Data, Duration, Effect, Layer, Schedule } from "effect"
import type { Catalog } from "../engine/units/Catalog.ts"
import { type CustomEdge, type CustomUnit, overlayCatalog } from "../engine/units/customUnits.ts"
import { asUnit } from "../engine/constants/workspaceConstant.ts"
import { type InvalidInput, isEngineError, type QuotaExceeded, StoreUnavailable, type UnitError, UnknownWorkspace } from "../engine/errors.ts"
import { UnitCatalog } from "./UnitCatalog.ts"
import { type WorkspaceData, emptyWorkspace, storedBytes } from "./WorkspaceDocument.ts"
import { layerMemory as storeInMemory, WorkspaceStore } from "./WorkspaceStore.ts"
import { type SessionIds, makeSessionIds } from "./sessionIds.ts"
import { Role } from "../engine/roles.ts"
import { overQuota } from "./workspaceLimits.ts"

export { type Declaration, type WorkspaceConstant, type WorkspaceData, emptyWorkspace } from "./WorkspaceDocument.ts"

export type CatalogError = InvalidInput | UnitError

export type WorkspaceError = StoreUnavailable | UnknownWorkspace

export { LengthLimits, WorkspaceQuota } from "./workspaceLimits.ts"

/** The workspace a call uses when it names none; provided by the protocol seam (see the top of this file). */
export const DefaultWorkspace = Context.Reference<string | undefined>("dimensional/DefaultWorkspace", { defaultValue: () => undefined })

/**
 * Who is calling, on a server that authorizes its clients (src/mcp/transports/http/auth.ts): the
 * token's subject or client, or the API key's name. undefined without authorization (stdio, an open
 * loopback server): then every id reaches its workspace, as before. With a principal, a workspace
 * belongs to the principal that created it: its id carries a MAC over that principal (see
 * `ownedIds`), and any other principal naming it gets unknown_workspace, exactly as for an id that
 * never existed, on every replica that shares the store's secret.
 */
export const CurrentPrincipal = Context.Reference<string | undefined>("dimensional/CurrentPrincipal", { defaultValue: () => undefined })

/** A new workspace id: 144 bits from the platform's cryptographic random source, URL-safe. */
export const newWorkspaceId = (): string => `ws_${Buffer.from(crypto.getRandomValues(new Uint8Array(18))).toString("base64url")}`

const idPattern = /^[A-Za-z0-9_-]{1,100}$/

/**
 * Workspace ids bound to a principal: `wo`, 24 random characters (144 bits), then 22 characters of
 * HMAC-SHA-256 (store secret) over them and the principal, as the signed session ids do
 * (sessionIds.ts). Checking one needs no store read, so another principal's id is refused before
 * anything about it (whether it exists, when it was used) can be learnt.
 */
const ownedIds = (secret: Uint8Array) => {
  const mac = (body: string, principal: string) =>
    createHmac("sha256", secret).update(`workspace-owner\0${body}\0${principal}`).digest("base64url").slice(0, 22)
  return {
    issue: (principal: string) => {
      const body = `wo${Buffer.from(crypto.getRandomValues(new Uint8Array(18))).toString("base64url")}`
      return `${body}${mac(body, principal)}`
    },
    ownedBy: (id: string, principal: string) => {
      if (id.length !== 48 || !id.startsWith("wo")) return false
      const given = Buffer.from(id.slice(26))
      const expected = Buffer.from(mac(id.slice(0, 26), principal))
      return given.length === expected.length && timingSafeEqual(given, expected)
    }
  }
}

/** One call's workspace: the same operations whatever the store. */
export interface OpenWorkspace {
  /** The workspace's id; undefined for the empty, unnamed workspace of a read with nothing to read. */
  readonly id: string | undefined
  readonly get: Effect.Effect<WorkspaceData, StoreUnavailable>
  /** Applies `f` atomically (retried on a concurrent change); a failure, or a change past a quota, leaves the workspace unchanged. */
  readonly modify: <A, E>(
    f: (data: WorkspaceData) => Effect.Effect<readonly [A, WorkspaceData], E>
  ) => Effect.Effect<A, E | InvalidInput | QuotaExceeded | StoreUnavailable>
  /** The built-in catalog with this workspace's units over it, plus optional inline units for one call. */
  readonly catalog: (inline?: {
    readonly units: ReadonlyArray<CustomUnit>
    readonly edges: ReadonlyArray<CustomEdge>
  }) => Effect.Effect<Catalog, CatalogError | StoreUnavailable>
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

/** Another writer changed the workspace between this write's read and its compare-and-set. */
class WriteConflict extends Data.TaggedError("WriteConflict") {}

/** Up to maxWriteAttempts in all: a few milliseconds apart, growing, jittered so two writers part ways. */
const writeRetries = Schedule.exponential("1 millis", 1.3).pipe(Schedule.jittered, Schedule.upTo({ times: maxWriteAttempts - 1 }))

/** Catalogs kept per process, one per workspace version: enough for the workspaces in active use. */
const catalogCacheSize = 256

/**
 * ...and by the stored bytes of the workspaces they were built from (a catalog's size follows its
 * workspace's), so 256 workspaces at the byte quota cannot hold gigabytes.
 */
const catalogCacheBytes = 64 * 1024 * 1024

/**
 * Deletes expired workspaces from the store for as long as the layer lives: a few times per idle
 * time-out, at least every minute (Redis deletes them itself by TTL; its sweep does nothing).
 */
const sweeper = (idleTimeout: Duration.Duration) =>
  Effect.gen(function* () {
    const store = yield* WorkspaceStore
    const every = Duration.millis(Math.min(60_000, Math.max(50, Duration.toMillis(idleTimeout) / 4)))
    const once = store.sweep(idleTimeout).pipe(
      Effect.tap((n) => (n > 0 ? Effect.logInfo(`deleted ${n} expired workspace(s)`) : Effect.void)),
      Effect.catch(() => Effect.void)
    )
    yield* once.pipe(Effect.repeat(Schedule.spaced(every)), Effect.forkScoped)
  })

export class Workspace extends Context.Service<
  Workspace,
  {
    readonly open: (requested: string | undefined, mode: "read" | "write") => Effect.Effect<OpenWorkspace, WorkspaceError>
    /**
     * Issues and recognises 2025-era session ids (a session's id is its workspace's): signed with the
     * store's secret, so every replica on the store knows an id was issued as a session id.
     */
    readonly sessionIds: SessionIds
    /**
     * Drops the workspace `id` and everything in it, and remembers for `sessionLifetime` that the
     * session ended (so no replica takes it over): only when a 2025-era session is ended on purpose (DELETE).
     */
    readonly forget: (id: string, sessionLifetime: Duration.Duration) => Effect.Effect<void, StoreUnavailable>
    /** Whether the session `id` was ended on purpose (see forget). */
    readonly ended: (id: string) => Effect.Effect<boolean, StoreUnavailable>
    /** Whether `id` names a live workspace. */
    readonly exists: (id: string) => Effect.Effect<boolean, StoreUnavailable>
  }
>()("dimensional/Workspace") {
  // Long on purpose: a service constructor; its operations close over the state it builds (cache, locks, counters), and each one below is short.
  static readonly make = (settings: WorkspaceSettings) =>
    Effect.gen(function* () {
      const { catalog: builtin } = yield* UnitCatalog
      const store = yield* WorkspaceStore
      const ttl = settings.idleTimeout
      const ttlMs = Duration.toMillis(ttl)

      // the overlay is built once per workspace version; Map order gives least-recently-used eviction
      const catalogs = new Map<string, { readonly catalog: Catalog; readonly bytes: number }>()
      let catalogBytes = 0
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
          return hit.catalog
        }
        const built = overlayOf(data)
        if (isEngineError(built)) return built
        const bytes = storedBytes(data)
        catalogs.set(key, { catalog: built, bytes })
        catalogBytes += bytes
        for (const [oldest, entry] of catalogs) {
          if ((catalogs.size <= catalogCacheSize && catalogBytes <= catalogCacheBytes) || catalogs.size <= 1) break
          catalogs.delete(oldest)
          catalogBytes -= entry.bytes
        }
        return built
      }

      interface Snapshot {
        readonly version: number
        readonly touched: number
        readonly data: WorkspaceData
        readonly live: boolean
      }
      // time is Effect's Clock, so tests drive expiry with TestClock rather than sleeping
      const load = (id: string): Effect.Effect<Snapshot, StoreUnavailable> =>
        Effect.flatMap(store.read(id), (doc) =>
          doc
            ? Effect.map(Clock.currentTimeMillis, (now) => {
                const expired = now - doc.touched > ttlMs
                return { version: doc.version, touched: doc.touched, data: expired ? emptyWorkspace : doc.data, live: !expired }
              })
            : Effect.succeed({ version: 0, touched: 0, data: emptyWorkspace, live: false })
        )

      // reads keep a workspace alive: its idle clock restarts, written at most every quarter time-out
      // every write names its principal: the store counts the workspace as that principal's (its quota),
      // and a principal reaches only its own workspaces (see `reaches`)
      const touch = (id: string, snap: Snapshot) =>
        snap.live
          ? Effect.flatMap(Clock.currentTimeMillis, (now) =>
              now - snap.touched > ttlMs / 4
                ? Effect.flatMap(Effect.service(CurrentPrincipal), (owner) =>
                    Effect.ignore(store.write(id, snap.version, { version: snap.version, touched: now, data: snap.data }, ttl, owner))
                  )
                : Effect.void
            )
          : Effect.void

      const handle = (id: string): OpenWorkspace => {
        const current = Effect.tap(load(id), (snap) => touch(id, snap))
        const modify = <A, E>(
          f: (data: WorkspaceData) => Effect.Effect<readonly [A, WorkspaceData], E>
        ): Effect.Effect<A, E | InvalidInput | QuotaExceeded | StoreUnavailable> =>
          Effect.gen(function* () {
            const snap = yield* load(id)
            const [result, next] = yield* f(snap.data)
            const over = overQuota(snap.data, next)
            if (over) return yield* Effect.fail(over)
            const touched = yield* Clock.currentTimeMillis
            const owner = yield* Effect.service(CurrentPrincipal)
            const written = yield* store.write(id, snap.version, { version: snap.version + 1, touched, data: next }, ttl, owner)
            // another replica changed the workspace first: its change stays, ours is applied again on top
            if (!written) return yield* new WriteConflict()
            return result
          }).pipe(
            // a conflict is retried on Effect's Schedule (jitter from Effect's Random), so tests can drive it
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
          reset: modify(() => Effect.succeed([undefined, emptyWorkspace] as const)).pipe(
            Effect.catchTags({ InvalidInput: Effect.die, QuotaExceeded: Effect.die })
          )
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
          role: Role.workspace,
          got: id.slice(0, 100),
          hints: [
            "Use the exact id a define_* tool returned in its 'workspace' field",
            "Omit 'workspace' in a define_* call to start a new workspace, then define your units again"
          ]
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

      const sessionIds = makeSessionIds(store.secret)
      const owned = ownedIds(store.secret)
      /** Whether `principal` may reach `id`: a workspace or a session it was issued (a session's id is its workspace's). */
      const reaches = (id: string, principal: string | undefined) =>
        principal === undefined || owned.ownedBy(id, principal) || sessionIds.issuedAt(id, principal) !== undefined

      // the principal is read only where it decides something (a new workspace, a named one): the
      // calls on a connection's own workspace, nearly all of them, do not pay for it
      const open = (requested: string | undefined, mode: "read" | "write"): Effect.Effect<OpenWorkspace, WorkspaceError> =>
        Effect.flatMap(Effect.service(DefaultWorkspace), (fallback): Effect.Effect<OpenWorkspace, WorkspaceError> => {
          if (requested === undefined) {
            if (fallback !== undefined) return Effect.succeed(handleOf(fallback))
            if (mode === "read") return Effect.succeed(none)
            return Effect.map(Effect.service(CurrentPrincipal), (principal) => handle(principal === undefined ? newWorkspaceId() : owned.issue(principal)))
          }
          if (!idPattern.test(requested)) return Effect.fail(unknown(requested))
          return Effect.flatMap(Effect.service(CurrentPrincipal), (principal): Effect.Effect<OpenWorkspace, WorkspaceError> => {
            if (!reaches(requested, principal)) return Effect.fail(unknown(requested))
            // the connection's own workspace is always there, even before its first definition
            if (requested === fallback) return Effect.succeed(handleOf(requested))
            return Effect.flatMap(load(requested), (snap) => (snap.live ? Effect.succeed(handleOf(requested)) : Effect.fail(unknown(requested))))
          })
        })

      const exists = (id: string) => (idPattern.test(id) ? Effect.map(load(id), (snap) => snap.live) : Effect.succeed(false))

      const forget = (id: string, sessionLifetime: Duration.Duration) => store.end(id, sessionLifetime)

      return Workspace.of({ open, sessionIds, forget, ended: store.ended, exists })
    })

  /** The workspaces over the given store, with settings from configuration (DIMENSIONAL_WORKSPACE_IDLE_TIMEOUT). */
  static readonly layer: Layer.Layer<Workspace, Config.ConfigError, WorkspaceStore | UnitCatalog> = Layer.effect(
    Workspace,
    Effect.gen(function* () {
      const idleTimeout = yield* Config.Duration(workspaceIdleEnv).pipe(Config.withDefault(defaultWorkspaceSettings.idleTimeout))
      const workspaces = yield* Workspace.make({ idleTimeout })
      yield* sweeper(idleTimeout)
      return workspaces
    })
  )

  /**
   * Workspaces in this process's memory, `defaultId` being every call's default: the set-up of the
   * library, of tests and of one stdio client (today's behaviour). Without one, an id is drawn
   * each time the layer is built, not when it is made: a layer made at module load (the CLI's) and
   * held in a start-up snapshot must not give every process the same workspace.
   */
  static readonly layerInMemory = (defaultId?: string): Layer.Layer<Workspace, never, UnitCatalog> =>
    Layer.merge(
      Layer.effect(
        Workspace,
        Effect.tap(Workspace.make(defaultWorkspaceSettings), () => sweeper(defaultWorkspaceSettings.idleTimeout))
      ),
      Layer.sync(DefaultWorkspace, () => defaultId ?? newWorkspaceId())
    ).pipe(Layer.provide(storeInMemory))
}
