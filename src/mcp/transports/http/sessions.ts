/**
 * The live MCP sessions of the HTTP server. Each session is its own SDK Server and web-standard
 * transport (in a scope of its own, forked from the registry's) whose default workspace is the
 * session's own, so a unit defined in one session is invisible to every other. Memory stays bounded: a session
 * with no request for `idleTimeout` is closed (a sweeper runs a few times per time-out, and a
 * request naming an expired session closes it on the spot); a principal holds at most
 * `maxSessionsPerPrincipal`, and at `maxSessions` a new session evicts the longest idle of the
 * principal holding the most (sessionTable.ts). A session is busy, never evicted or expired, while
 * one of its JSON-RPC requests is unanswered; an open GET stream alone does not keep it alive.
 * Closing tells the client why (a logging notification on its open stream) and then ends its
 * streams. The operations are sessionRegistry.ts.
 */
import { Clock, Context, Duration, Effect, Layer, Schedule } from "effect"
import { type SessionRecord, makeEndedSessions } from "../../../services/ReplicaState.ts"
import { Workspace } from "../../../services/Workspace.ts"
import { type ToolServices, tools } from "../../../tools/index.ts"
import { type ServerFactory, makeServerFactory } from "../../server.ts"
import { type CloseReason, SessionTable, type TableStats } from "./sessionTable.ts"
import { type Entry, type McpSession, type Registry, type SessionLimitReached, closeEntry, expire, initializeAs, openWith } from "./sessionRegistry.ts"
import type { Corrector } from "../../repair/Corrector.ts"
import type { RetryPolicy } from "../../repair/RetryPolicy.ts"

export { type McpSession, SessionLimitReached } from "./sessionRegistry.ts"
export type { CloseReason }

/** How long a shutdown waits for calls in flight (a wait on a client's model ends at once). */
const shutdownGraceMs = 1_000

/** What every session shares: the process-wide services the tools need. */
export type SharedServices = ToolServices | RetryPolicy | Corrector

export interface SessionLimits {
  readonly idleTimeout: Duration.Duration
  readonly maxSessions: number
  /** Sessions one principal holds at most (default a tenth of `maxSessions`). */
  readonly maxSessionsPerPrincipal?: number | undefined
  /** Sessions serve the conformance suite's fixture tools too (see HttpSettings). */
  readonly conformanceFixtures?: boolean
}

/** A tenth of the table, so that one principal cannot take it all (at least one). */
export const defaultPerPrincipal = (maxSessions: number) => Math.max(1, Math.floor(maxSessions / 10))

export type SessionStats = TableStats

export class HttpSessions extends Context.Service<
  HttpSessions,
  {
    /** A new session (counted against the caps at once); the caller hands it the initialize request. */
    readonly open: Effect.Effect<McpSession, SessionLimitReached>
    /** `open` for an authorized client: the session's id is bound to `principal` (sessionIds.ts), and counted as its. */
    readonly openFor: (principal: string | undefined) => Effect.Effect<McpSession, SessionLimitReached>
    /**
     * Takes over a session another replica opened (its workspace is in the shared store): a session
     * with that id, initialized here as its client did (`record`), so a load balancer without
     * affinity can send each request anywhere.
     */
    readonly adopt: (id: string, principal: string | undefined, record: SessionRecord) => Effect.Effect<McpSession, SessionLimitReached>
    /** The live session with this id, marked active; an expired one is closed and not returned. */
    readonly lookup: (id: string) => Effect.Effect<McpSession | undefined>
    /** Whether this replica's client ended the session `id` (DELETE): known at once, before the store says so. */
    readonly endedHere: (id: string) => boolean
    /** Marks a session active (request start and end). */
    readonly touch: (id: string) => Effect.Effect<void>
    readonly close: (id: string, reason: CloseReason) => Effect.Effect<void>
    /** Closes every session (shutdown). */
    readonly closeAll: (reason: CloseReason) => Effect.Effect<void>
    /** Whether the replica is shutting down (its sessions closed or being closed): it should get no new requests. */
    readonly draining: () => boolean
    /** Closes every session idle for the time-out now; the sweeper runs this periodically. Returns how many. */
    readonly expire: Effect.Effect<number>
    readonly stats: Effect.Effect<SessionStats>
    readonly limits: SessionLimits
    /** Builds the SDK servers: a session's (2025 era) and one per 2026-07-28 request. */
    readonly serverFactory: ServerFactory
  }
>()("dimensional/HttpSessions") {
  /** The registry; needs the shared services, closes every session when its scope closes. */
  static readonly layer = (limits: SessionLimits): Layer.Layer<HttpSessions, never, SharedServices> =>
    Layer.effect(
      HttpSessions,
      Effect.gen(function* () {
        const workspaces = yield* Workspace
        const serverFactory = yield* makeServerFactory<ToolServices>(tools)
        const clock = yield* Clock.Clock
        const perPrincipal = limits.maxSessionsPerPrincipal ?? defaultPerPrincipal(limits.maxSessions)
        const ended = makeEndedSessions()
        const r: Registry = {
          table: new SessionTable<Entry>(limits.maxSessions, Duration.toMillis(limits.idleTimeout), perPrincipal),
          scope: yield* Effect.scope,
          now: () => clock.currentTimeMillisUnsafe(),
          serverFactory,
          conformanceFixtures: limits.conformanceFixtures === true,
          onDeleted: (id) => ended.add(id, limits.idleTimeout)
        }
        const openFor = (principal: string | undefined) => Effect.suspend(() => openWith(r, workspaces.sessionIds.issue(principal), principal))
        const lookup = (id: string) =>
          Effect.suspend(() => {
            const entry = r.table.get(id)
            if (!entry) return Effect.succeed(undefined)
            if (r.table.isExpired(id, r.now())) return Effect.as(closeEntry(r, entry, "expired"), undefined)
            r.table.touch(id, r.now())
            return Effect.succeed(entry.session)
          })
        let draining = false
        const closeAll = (reason: CloseReason) =>
          Effect.suspend(() => {
            if (reason === "shutdown") draining = true
            return Effect.forEach(r.table.values(), (entry) => closeEntry(r, entry, reason), { concurrency: "unbounded", discard: true })
          })
        // a few sweeps per time-out, at least every 30 seconds
        const sweepEvery = Duration.millis(Math.min(30_000, Math.max(50, r.table.idleMillis / 4)))
        yield* expire(r).pipe(Effect.repeat(Schedule.spaced(sweepEvery)), Effect.forkScoped)
        // at shutdown, calls waiting on a client's model answer first (with the agent's own error), then sessions close
        yield* Effect.addFinalizer(() =>
          Effect.andThen(
            Effect.promise(() => serverFactory.drain(shutdownGraceMs)),
            closeAll("shutdown")
          )
        )
        return HttpSessions.of({
          open: openFor(undefined),
          openFor,
          adopt: (id, principal, record) => Effect.tap(openWith(r, id, principal), (session) => initializeAs(session, record)),
          lookup,
          endedHere: ended.has,
          touch: (id) => Effect.sync(() => r.table.touch(id, r.now())),
          close: (id, reason) => Effect.suspend(() => (r.table.get(id) ? closeEntry(r, r.table.get(id)!, reason) : Effect.void)),
          closeAll,
          draining: () => draining,
          expire: expire(r),
          stats: Effect.sync(() => r.table.stats()),
          limits,
          serverFactory
        })
      })
    )
}
