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
 * writes from two replicas are both kept (workspaceHandle.ts). Each change is checked against the
 * quotas; the catalog overlay is built once per workspace version and cached, bounded by bytes
 * (catalogCache.ts), so reading calls reuse it.
 */
import { Config, Context, Duration, Effect, Layer, Schedule } from "effect"
import { Role } from "../engine/roles.ts"
import { type StoreUnavailable, UnknownWorkspace, type WorkspaceDamaged } from "../engine/errors.ts"
import { makeCatalogCache } from "./catalogCache.ts"
import { UnitCatalog } from "./UnitCatalog.ts"
import { layerMemory as storeInMemory, WorkspaceStore } from "./WorkspaceStore.ts"
import { type SessionIds, makeSessionIds } from "./sessionIds.ts"
import { type OpenWorkspace, type Workspaces, handle, load, none } from "./workspaceHandle.ts"
import { idPattern, newWorkspaceId, ownedIds } from "./workspaceIds.ts"

export { type Declaration, type WorkspaceConstant, type WorkspaceData, emptyWorkspace } from "./WorkspaceDocument.ts"
export type { CatalogError } from "./catalogCache.ts"
export type { OpenWorkspace } from "./workspaceHandle.ts"
export { newWorkspaceId } from "./workspaceIds.ts"
export { LengthLimits, WorkspaceQuota } from "./workspaceLimits.ts"

export type WorkspaceError = StoreUnavailable | UnknownWorkspace | WorkspaceDamaged

/** The workspace a call uses when it names none; provided by the protocol seam (see the top of this file). */
export const DefaultWorkspace = Context.Reference<string | undefined>("dimensional/DefaultWorkspace", { defaultValue: () => undefined })

/**
 * Who is calling, on a server that authorizes its clients (src/mcp/transports/http/auth.ts): the
 * token's subject or client, or the API key's name. undefined without authorization (stdio, an open
 * loopback server): then every id reaches its workspace, as before. With a principal, a workspace
 * belongs to the principal that created it: its id carries a MAC over that principal (see
 * workspaceIds.ts), and any other principal naming it gets unknown_workspace, exactly as for an id
 * that never existed, on every replica that shares the store's keys.
 */
export const CurrentPrincipal = Context.Reference<string | undefined>("dimensional/CurrentPrincipal", { defaultValue: () => undefined })

export interface WorkspaceSettings {
  /** A workspace not used for this long is gone (its id then answers unknown_workspace). */
  readonly idleTimeout: Duration.Duration
}

export const workspaceIdleEnv = "DIMENSIONAL_WORKSPACE_IDLE_TIMEOUT"

export const defaultWorkspaceSettings: WorkspaceSettings = { idleTimeout: Duration.days(7) }

/** Handles kept for reuse: a connection's workspace is opened on every call. */
const handleCacheSize = 256

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

const unknown = (id: string, ttl: Duration.Duration) =>
  new UnknownWorkspace({
    message: `No workspace '${id.length > 100 ? `${id.slice(0, 100)}…` : id}': it was never created here, or it expired after ${Duration.format(ttl)} unused`,
    role: Role.workspace,
    got: id.slice(0, 100),
    hints: [
      "Use the exact id a define_* tool returned in its 'workspace' field",
      "Omit 'workspace' in a define_* call to start a new workspace, then define your units again"
    ]
  })

/** One handle per workspace id, reused by every call; the least recently opened is forgotten first. */
const handleCache = (w: Workspaces) => {
  const handles = new Map<string, OpenWorkspace>()
  return (id: string): OpenWorkspace => {
    const known = handles.get(id)
    if (known) return known
    const made = handle(w, id)
    handles.set(id, made)
    if (handles.size > handleCacheSize) handles.delete(handles.keys().next().value!)
    return made
  }
}

export class Workspace extends Context.Service<
  Workspace,
  {
    readonly open: (requested: string | undefined, mode: "read" | "write") => Effect.Effect<OpenWorkspace, WorkspaceError>
    /**
     * Issues and recognises 2025-era session ids (a session's id is its workspace's): signed with the
     * store's keys, so every replica on the store knows an id was issued as a session id.
     */
    readonly sessionIds: SessionIds
    /** Whether `id` names a live workspace (a damaged one counts: its calls answer workspace_damaged). */
    readonly exists: (id: string) => Effect.Effect<boolean, StoreUnavailable>
    /** How long an unused workspace lives (a 2025-era session lives as long as its workspace). */
    readonly idleTimeout: Duration.Duration
  }
>()("dimensional/Workspace") {
  static readonly make = (settings: WorkspaceSettings) =>
    Effect.gen(function* () {
      const { catalog: builtin } = yield* UnitCatalog
      const store = yield* WorkspaceStore
      const w: Workspaces = { store, ttl: settings.idleTimeout, catalogs: makeCatalogCache(builtin), owner: Effect.service(CurrentPrincipal) }
      const handleOf = handleCache(w)
      const empty = none(w, builtin)
      const sessionIds = makeSessionIds(store.keys)
      const owned = ownedIds(store.keys)
      /** Whether `principal` may reach `id`: a workspace or a session it was issued (a session's id is its workspace's). */
      const reaches = (id: string, principal: string | undefined) =>
        principal === undefined || owned.ownedBy(id, principal) || sessionIds.issuedAt(id, principal) !== undefined
      /** Whether `id` is live: stored and unexpired, or damaged (its calls then say so). */
      const live = (id: string) =>
        load(w, id).pipe(
          Effect.map((snap) => snap.live),
          Effect.catchTag("WorkspaceDamaged", () => Effect.succeed(true))
        )
      /** A new workspace for a `define_*` call naming none: the principal's own where there is one. */
      const created = Effect.map(w.owner, (principal) => handle(w, principal === undefined ? newWorkspaceId() : owned.issue(principal)))
      /** A workspace the call names: reachable by its principal, and live (the connection's own always is). */
      const named = (requested: string, fallback: string | undefined) =>
        Effect.flatMap(w.owner, (principal): Effect.Effect<OpenWorkspace, WorkspaceError> => {
          if (!idPattern.test(requested) || !reaches(requested, principal)) return Effect.fail(unknown(requested, w.ttl))
          if (requested === fallback) return Effect.succeed(handleOf(requested))
          // a damaged workspace is opened: its calls answer its damage, and reset_session starts it over
          return Effect.flatMap(live(requested), (isLive) => (isLive ? Effect.succeed(handleOf(requested)) : Effect.fail(unknown(requested, w.ttl))))
        })
      // the principal is read only where it decides something (a new workspace, a named one): the
      // calls on a connection's own workspace, nearly all of them, do not pay for it
      const open = (requested: string | undefined, mode: "read" | "write"): Effect.Effect<OpenWorkspace, WorkspaceError> =>
        Effect.flatMap(Effect.service(DefaultWorkspace), (fallback): Effect.Effect<OpenWorkspace, WorkspaceError> => {
          if (requested !== undefined) return named(requested, fallback)
          if (fallback !== undefined) return Effect.succeed(handleOf(fallback))
          return mode === "read" ? Effect.succeed(empty) : created
        })
      const exists = (id: string) => (idPattern.test(id) ? live(id) : Effect.succeed(false))
      return Workspace.of({ open, sessionIds, exists, idleTimeout: settings.idleTimeout })
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
