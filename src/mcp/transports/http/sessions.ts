/**
 * The live MCP sessions of the HTTP server. Each session is its own SDK Server and web-standard
 * transport (in a scope of its own, forked from the registry's) whose default workspace is the
 * session's own, so a unit defined in one session is invisible to every other. Memory stays bounded: a session
 * with no request for `idleTimeout` is closed (a sweeper runs a few times per time-out, and a
 * request naming an expired session closes it on the spot), and at `maxSessions` a new session
 * evicts the one idle the longest. A session is busy, never evicted or expired, while one of its
 * JSON-RPC requests is unanswered; an open GET stream alone does not keep it alive. Closing tells
 * the client why (a logging notification on its open stream) and then ends its streams.
 */
import {
  type JSONRPCMessage,
  type RequestId,
  type Server,
  WebStandardStreamableHTTPServerTransport,
  isJSONRPCErrorResponse,
  isJSONRPCNotification,
  isJSONRPCRequest,
  isJSONRPCResultResponse
} from "@modelcontextprotocol/server"
import { Clock, Context, Duration, Effect, Exit, Layer, Schedule, Schema, Scope } from "effect"
import { logName } from "../../../services/logName.ts"
import { Workspace } from "../../../services/Workspace.ts"
import { type ToolServices, tools } from "../../../tools/index.ts"
import { type ServerFactory, makeServerFactory } from "../../server.ts"
import { makeEventStore } from "./eventStore.ts"
import { type CloseReason, SessionTable, type TableStats } from "./sessionTable.ts"
import type { Corrector } from "../../repair/Corrector.ts"
import type { RetryPolicy } from "../../repair/RetryPolicy.ts"

/** How long a shutdown waits for calls in flight (a wait on a client's model ends at once). */
const shutdownGraceMs = 1_000

/** What every session shares: the process-wide services the tools need. */
export type SharedServices = ToolServices | RetryPolicy | Corrector

export interface SessionLimits {
  readonly idleTimeout: Duration.Duration
  readonly maxSessions: number
  /** Sessions serve the conformance suite's fixture tools too (see HttpSettings). */
  readonly conformanceFixtures?: boolean
}

export type { CloseReason }

export class SessionLimitReached extends Schema.TaggedError<SessionLimitReached>()("SessionLimitReached", {
  maxSessions: Schema.Number
}) {}

/** The SDK transport, counting the session's unanswered JSON-RPC requests. */
class SessionTransport extends WebStandardStreamableHTTPServerTransport {
  /** Called for each response or error the server sends back. */
  answered: (id: RequestId) => void = () => {}

  override async send(message: JSONRPCMessage, options?: Parameters<WebStandardStreamableHTTPServerTransport["send"]>[1]): Promise<void> {
    if (isJSONRPCResultResponse(message) || isJSONRPCErrorResponse(message)) {
      if (message.id !== undefined) this.answered(message.id)
    }
    return super.send(message, options)
  }
}

export interface McpSession {
  readonly id: string
  readonly server: Server
  readonly transport: WebStandardStreamableHTTPServerTransport
}

interface Entry {
  readonly session: McpSession
  readonly scope: Scope.Closeable
  closing: boolean
}

export type SessionStats = TableStats

const closeMessages: Record<CloseReason, string> = {
  deleted: "Session ended by the client.",
  expired: "Session closed after being idle; its id is no longer valid. Start a new session (initialize without Mcp-Session-Id).",
  evicted: "Session closed to make room for a new one (the server's session cap was reached and this session was idle the longest). Start a new session.",
  shutdown: "The server is shutting down.",
  "not-initialized": "Session never initialized."
}

export class HttpSessions extends Context.Service<
  HttpSessions,
  {
    /** A new session (counted against the cap at once); the caller hands it the initialize request. */
    readonly open: Effect.Effect<McpSession, SessionLimitReached>
    /** `open` for an authorized client: the session's id is bound to `principal` (sessionIds.ts). */
    readonly openFor: (principal: string | undefined) => Effect.Effect<McpSession, SessionLimitReached>
    /**
     * Takes over a session another replica opened (its workspace is in the shared store): a session
     * with that id, initialized here for `protocolVersion`, so a load balancer without affinity can
     * send each request anywhere. The client's capabilities stay unknown to this replica.
     */
    readonly adopt: (id: string, protocolVersion: string) => Effect.Effect<McpSession, SessionLimitReached>
    /** The live session with this id, marked active; an expired one is closed and not returned. */
    readonly lookup: (id: string) => Effect.Effect<McpSession | undefined>
    /** Marks a session active (request start and end). */
    readonly touch: (id: string) => Effect.Effect<void>
    readonly close: (id: string, reason: CloseReason) => Effect.Effect<void>
    /** Closes every session (shutdown). */
    readonly closeAll: (reason: CloseReason) => Effect.Effect<void>
    /** Closes every session idle for the time-out now; the sweeper runs this periodically. Returns how many. */
    readonly expire: Effect.Effect<number>
    readonly stats: Effect.Effect<SessionStats>
    readonly limits: SessionLimits
    /** Builds the SDK servers: a session's (2025 era) and one per 2026-07-28 request. */
    readonly serverFactory: ServerFactory
  }
>()("dimensional/HttpSessions") {
  /** The registry; needs the shared services, closes every session when its scope closes. */
  // Long on purpose: a service constructor wiring SDK servers to the session table (sessionTable.ts
  // holds every rule); each operation below is short.
  static readonly layer = (limits: SessionLimits): Layer.Layer<HttpSessions, never, SharedServices> =>
    Layer.effect(
      HttpSessions,
      Effect.gen(function* () {
        const workspaces = yield* Workspace
        const serverFactory = yield* makeServerFactory<ToolServices>(tools)
        const registryScope = yield* Effect.scope
        const clock = yield* Clock.Clock
        const now = () => clock.currentTimeMillisUnsafe()
        const table = new SessionTable<Entry>(limits.maxSessions, Duration.toMillis(limits.idleTimeout))

        /** Forgets the entry and releases its scope; runs once, from the transport's onclose. */
        const release = (entry: Entry, reason: CloseReason) => {
          table.remove(entry.session.id, entry)
          if (entry.closing) return
          entry.closing = true
          table.recordClose(reason)
          Effect.runFork(Scope.close(entry.scope, Exit.void))
          // only a session its client ended (DELETE) takes its workspace with it. Idling out, eviction,
          // a restart or a shutdown close this process's copy only: another replica may be serving
          // the same session right now, and the store's own expiry deletes the workspace once
          // nobody uses it (finding 3 of issue 20: a copy idling out on one replica deleted a
          // workspace still in use through another)
          // (the transport closes itself, reason "deleted", only on the client's DELETE; and only ids
          // issued as session ids ever become sessions, see http.ts)
          if (reason === "deleted") Effect.runFork(Effect.ignore(workspaces.forget(entry.session.id, limits.idleTimeout)))
        }

        const closeEntry = (entry: Entry, reason: CloseReason): Effect.Effect<void> =>
          Effect.gen(function* () {
            if (entry.closing) return
            table.remove(entry.session.id, entry)
            const { server, id } = entry.session
            if (reason !== "deleted" && reason !== "not-initialized") {
              // best effort: the client learns why on its open stream, if it has one
              yield* Effect.tryPromise(() => server.sendLoggingMessage({ level: "notice", logger: "dimensional", data: closeMessages[reason] }, id)).pipe(
                Effect.ignore
              )
            }
            yield* Effect.logDebug(`session ${logName(id)} closed: ${reason}`)
            release(entry, reason)
            yield* Effect.tryPromise(() => server.close()).pipe(Effect.ignore)
          })

        const expire = Effect.gen(function* () {
          const expired = table.expired(now())
          for (const entry of expired) yield* closeEntry(entry, "expired")
          if (expired.length > 0) yield* Effect.logInfo(`closed ${expired.length} idle session(s)`).pipe(Effect.annotateLogs({ live: table.size }))
          return expired.length
        })

        const openWith = (adopted: string | undefined, principal?: string) =>
          Effect.gen(function* () {
            if (!table.hasRoom()) {
              yield* expire
              if (!table.hasRoom()) {
                const oldestIdle = table.evictionCandidate()
                if (!oldestIdle) return yield* new SessionLimitReached({ maxSessions: limits.maxSessions })
                yield* Effect.logInfo(`session cap ${limits.maxSessions} reached: evicting session ${logName(oldestIdle.session.id)}, the longest idle`)
                yield* closeEntry(oldestIdle, "evicted")
              }
            }
            table.reserve()
            return yield* setUp(adopted, principal).pipe(Effect.ensuring(Effect.sync(() => table.unreserve())))
          })
        const open = openWith(undefined)
        const openFor = (principal: string | undefined) => openWith(undefined, principal)

        const adopt = (id: string, protocolVersion: string) =>
          Effect.gen(function* () {
            const session = yield* openWith(id)
            const post = (message: object, extra: Record<string, string>) =>
              Effect.promise(async () => {
                const response = await session.transport.handleRequest(
                  new Request("http://127.0.0.1/mcp", {
                    method: "POST",
                    headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...extra },
                    body: JSON.stringify(message)
                  })
                )
                await response.body?.cancel()
              })
            yield* post(
              {
                jsonrpc: "2.0",
                id: `adopt-${id}`,
                method: "initialize",
                params: { protocolVersion, capabilities: {}, clientInfo: { name: "adopted", version: "0" } }
              },
              {}
            )
            yield* post({ jsonrpc: "2.0", method: "notifications/initialized" }, { "mcp-session-id": id, "mcp-protocol-version": protocolVersion })
            return session
          })

        const setUp = (adopted: string | undefined, principal: string | undefined) =>
          Effect.gen(function* () {
            const id = adopted ?? workspaces.sessionIds.issue(principal)
            const scope = yield* Scope.fork(registryScope, "sequential")
            // the session's own workspace is its default: any replica reaches it through the store
            const server = serverFactory({ era: "legacy", defaultWorkspace: id, conformanceFixtures: limits.conformanceFixtures === true })
            // resumable streams: a client reconnecting with Last-Event-ID gets what it missed
            const transport = new SessionTransport({ sessionIdGenerator: () => id, eventStore: makeEventStore(), retryInterval: 1000 })
            const session: McpSession = { id, server, transport }
            const entry: Entry = { session, scope, closing: false }
            transport.answered = (requestId) => table.requestEnded(id, requestId, now())
            transport.onmessage = (message) => {
              if (isJSONRPCRequest(message)) table.requestStarted(id, message.id)
              else if (isJSONRPCNotification(message) && message.method === "notifications/cancelled") {
                const requestId = (message.params as { requestId?: RequestId } | undefined)?.requestId
                if (requestId !== undefined) table.requestEnded(id, requestId)
              }
            }
            transport.onclose = () => release(entry, "deleted")
            yield* Effect.promise(() => server.connect(transport))
            table.add(id, entry, now())
            return session
          })

        const lookup = (id: string) =>
          Effect.gen(function* () {
            const entry = table.get(id)
            if (!entry) return undefined
            if (table.isExpired(id, now())) {
              yield* closeEntry(entry, "expired")
              return undefined
            }
            table.touch(id, now())
            return entry.session
          })

        const touch = (id: string) => Effect.sync(() => table.touch(id, now()))

        const close = (id: string, reason: CloseReason) =>
          Effect.suspend(() => {
            const entry = table.get(id)
            return entry ? closeEntry(entry, reason) : Effect.void
          })

        const closeAll = (reason: CloseReason) =>
          Effect.suspend(() => Effect.forEach(table.values(), (entry) => closeEntry(entry, reason), { concurrency: "unbounded", discard: true }))

        const stats = Effect.sync(() => table.stats())

        // a few sweeps per time-out, at least every 30 seconds
        const sweepEvery = Duration.millis(Math.min(30_000, Math.max(50, table.idleMillis / 4)))
        yield* expire.pipe(Effect.repeat(Schedule.spaced(sweepEvery)), Effect.forkScoped)
        // at shutdown, calls waiting on a client's model answer first (with the agent's own error), then sessions close
        yield* Effect.addFinalizer(() =>
          Effect.andThen(
            Effect.promise(() => serverFactory.drain(shutdownGraceMs)),
            closeAll("shutdown")
          )
        )

        return HttpSessions.of({ open, openFor, adopt, lookup, touch, close, closeAll, expire, stats, limits, serverFactory })
      })
    )
}
