/**
 * The operations of the session registry (sessions.ts), each a short function over one state
 * object: the table of live sessions (sessionTable.ts holds every rule), the scope sessions are
 * forked from, the clock, and the SDK server factory. Opening makes room first (expired sessions,
 * then the principal's own longest idle at its cap, then the longest idle of the principal holding
 * the most at the table's cap), then sets up an SDK server and transport under the session's id.
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
import { Effect, Exit, Schema, Scope } from "effect"
import { logName } from "../../../services/logName.ts"
import type { SessionRecord } from "../../../services/ReplicaState.ts"
import type { ServerFactory } from "../../server.ts"
import { makeEventStore } from "./eventStore.ts"
import type { CloseReason, SessionTable } from "./sessionTable.ts"

/** The table is full (`perPrincipal` false), or the principal holds its most (`perPrincipal` true), and every candidate is busy. */
export class SessionLimitReached extends Schema.TaggedError<SessionLimitReached>()("SessionLimitReached", {
  maxSessions: Schema.Number,
  perPrincipal: Schema.Boolean
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

export interface Entry {
  readonly session: McpSession
  readonly scope: Scope.Closeable
  closing: boolean
}

export interface Registry {
  readonly table: SessionTable<Entry>
  readonly scope: Scope.Scope
  readonly now: () => number
  readonly serverFactory: ServerFactory
  readonly conformanceFixtures: boolean
  /** Called once per session closed by its client (DELETE), synchronously. */
  readonly onDeleted: (id: string) => void
}

const closeMessages: Record<CloseReason, string> = {
  deleted: "Session ended by the client.",
  expired: "Session closed after being idle; its id is no longer valid. Start a new session (initialize without Mcp-Session-Id).",
  evicted: "Session closed to make room for a new one (the server's session cap was reached and this session was idle the longest). Start a new session.",
  shutdown: "The server is shutting down.",
  "not-initialized": "Session never initialized."
}

/**
 * Forgets the entry and releases its scope; runs once, from the transport's onclose. Only a
 * session its client ended (DELETE) is over for every replica: idling out, eviction, a restart or a
 * shutdown close this process's copy only (another replica may be serving it; the store's own
 * expiry deletes its workspace once nobody uses it: finding 3 of issue 20).
 */
export const release = (r: Registry, entry: Entry, reason: CloseReason) => {
  r.table.remove(entry.session.id, entry)
  if (entry.closing) return
  entry.closing = true
  r.table.recordClose(reason)
  Effect.runFork(Scope.close(entry.scope, Exit.void))
  if (reason === "deleted") r.onDeleted(entry.session.id)
}

export const closeEntry = (r: Registry, entry: Entry, reason: CloseReason): Effect.Effect<void> =>
  Effect.gen(function* () {
    if (entry.closing) return
    r.table.remove(entry.session.id, entry)
    const { server, id } = entry.session
    if (reason !== "deleted" && reason !== "not-initialized") {
      // best effort: the client learns why on its open stream, if it has one
      yield* Effect.tryPromise(() => server.sendLoggingMessage({ level: "notice", logger: "dimensional", data: closeMessages[reason] }, id)).pipe(Effect.ignore)
    }
    yield* Effect.logDebug(`session ${logName(id)} closed: ${reason}`)
    release(r, entry, reason)
    yield* Effect.tryPromise(() => server.close()).pipe(Effect.ignore)
  })

/** Closes every session idle for the time-out now; how many. */
export const expire = (r: Registry) =>
  Effect.gen(function* () {
    const expired = r.table.expired(r.now())
    for (const entry of expired) yield* closeEntry(r, entry, "expired")
    if (expired.length > 0) yield* Effect.logInfo(`closed ${expired.length} idle session(s)`).pipe(Effect.annotateLogs({ live: r.table.size }))
    return expired.length
  })

/** Room for one more session of `principal`: its own longest idle goes at its cap, the heaviest holder's at the table's. */
export const makeRoom = (r: Registry, principal: string | undefined) =>
  Effect.gen(function* () {
    if (!r.table.principalHasRoom(principal) || !r.table.hasRoom()) yield* expire(r)
    if (!r.table.principalHasRoom(principal)) {
      const own = r.table.evictionCandidate(principal)
      if (!own) return yield* new SessionLimitReached({ maxSessions: r.table.perPrincipal, perPrincipal: true })
      yield* Effect.logInfo(
        `principal ${principal} holds its ${r.table.perPrincipal} sessions: closing its session ${logName(own.session.id)}, idle the longest`
      )
      yield* closeEntry(r, own, "evicted")
    }
    if (!r.table.hasRoom()) {
      const oldestIdle = r.table.evictionCandidate()
      if (!oldestIdle) return yield* new SessionLimitReached({ maxSessions: r.table.capacity, perPrincipal: false })
      yield* Effect.logInfo(`session cap ${r.table.capacity} reached: evicting session ${logName(oldestIdle.session.id)}, of the principal holding the most`)
      yield* closeEntry(r, oldestIdle, "evicted")
    }
  })

/** An SDK server and transport under `id`, its workspace the session's own, added to the table. */
export const setUp = (r: Registry, id: string, principal: string | undefined) =>
  Effect.gen(function* () {
    const scope = yield* Scope.fork(r.scope, "sequential")
    // the session's own workspace is its default: any replica reaches it through the store
    const server = r.serverFactory({ era: "legacy", defaultWorkspace: id, conformanceFixtures: r.conformanceFixtures })
    // resumable streams: a client reconnecting with Last-Event-ID gets what it missed
    const transport = new SessionTransport({ sessionIdGenerator: () => id, eventStore: makeEventStore(), retryInterval: 1000 })
    const session: McpSession = { id, server, transport }
    const entry: Entry = { session, scope, closing: false }
    transport.answered = (requestId) => r.table.requestEnded(id, requestId, r.now())
    transport.onmessage = (message) => {
      if (isJSONRPCRequest(message)) r.table.requestStarted(id, message.id)
      else if (isJSONRPCNotification(message) && message.method === "notifications/cancelled") {
        const requestId = (message.params as { requestId?: RequestId } | undefined)?.requestId
        if (requestId !== undefined) r.table.requestEnded(id, requestId)
      }
    }
    transport.onclose = () => release(r, entry, "deleted")
    yield* Effect.promise(() => server.connect(transport))
    r.table.add(id, entry, r.now(), principal)
    return session
  })

/** Opens a session under `id` for `principal`: room made, a place held while it is set up. */
export const openWith = (r: Registry, id: string, principal: string | undefined) =>
  Effect.gen(function* () {
    yield* makeRoom(r, principal)
    r.table.reserve(principal)
    return yield* setUp(r, id, principal).pipe(Effect.ensuring(Effect.sync(() => r.table.unreserve(principal))))
  })

const post = (session: McpSession, message: object, headers: Record<string, string>) =>
  Effect.promise(async () => {
    const response = await session.transport.handleRequest(
      new Request("http://127.0.0.1/mcp", {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
        body: JSON.stringify(message)
      })
    )
    await response.body?.cancel()
  })

/**
 * Initializes a taken-over session as its client did when it opened it (`record`: revision,
 * capabilities, name, remembered by the replica that opened it), so sampling and the other client
 * capabilities are known here too.
 */
export const initializeAs = (session: McpSession, record: SessionRecord) =>
  Effect.andThen(
    post(session, { jsonrpc: "2.0", id: `adopt-${session.id}`, method: "initialize", params: record }, {}),
    post(session, { jsonrpc: "2.0", method: "notifications/initialized" }, { "mcp-session-id": session.id, "mcp-protocol-version": record.protocolVersion })
  )
