/**
 * The 2025-era session a request names, as a value (undefined when it names none), or why there is
 * none it may use, as one of three errors the handler answers: unknown (404: the client starts
 * again), the store cannot say (503 with Retry-After: never 404, the session and its workspace may
 * well be intact), or no room for it (503, or 429 when its principal holds its most).
 *
 * Another replica's session (or one this process served before it restarted, or whose local copy
 * idled out while its workspace lives) is taken over here: its id is signed (Workspace.sessionIds),
 * so it is known without a workspace in the store while it is younger than the idle time-out
 * (unless its client ended it: DELETE), and after that while its workspace lives. It is initialized
 * as its client initialized it where it opened (ReplicaState's record), so its capabilities
 * (sampling) hold here too. An id never issued as a session id is unknown.
 */
import { Data, Duration, Effect } from "effect"
import type { HttpServerRequest } from "effect/http"
import type { SessionRecord } from "../../../services/ReplicaState.ts"
import { sessionHeader } from "./answers.ts"
import type { RequestLog } from "./requestLog.ts"
import type { McpRoute } from "./route.ts"
import type { McpSession } from "./sessions.ts"

export class SessionUnknown extends Data.TaggedError("SessionUnknown")<{ readonly id: string }> {}
export class SessionStoreDown extends Data.TaggedError("SessionStoreDown")<{ readonly retryAfterSeconds: number }> {}
export class SessionsBusy extends Data.TaggedError("SessionsBusy")<{ readonly maxSessions: number; readonly perPrincipal: boolean }> {}

export type SessionRefusal = SessionUnknown | SessionStoreDown | SessionsBusy

/** What a client the replica never saw initialize is taken to have declared: its revision, no capabilities. */
const unknownClient = (protocolVersion: string): SessionRecord => ({ protocolVersion, capabilities: {}, clientInfo: { name: "adopted", version: "0" } })

/** Whether the session `id`, issued at `issued`, is still live as far as the store knows. */
const stillLive = (route: McpRoute, id: string, issued: number) =>
  Date.now() - issued < Duration.toMillis(route.settings.idleTimeout) ? Effect.map(route.replica.ended(id), (ended) => !ended) : route.workspaces.exists(id)

/** Takes the session over on this replica, as its client declared itself where it opened. */
const adopt = (route: McpRoute, request: HttpServerRequest.HttpServerRequest, id: string, principal: string | undefined) =>
  Effect.gen(function* () {
    const recalled = yield* Effect.orElseSucceed(route.replica.recall(id), () => undefined)
    const record = recalled ?? unknownClient(request.headers["mcp-protocol-version"] ?? "2025-03-26")
    return yield* route.sessions
      .adopt(id, principal, record)
      .pipe(Effect.mapError((full) => new SessionsBusy({ maxSessions: full.maxSessions, perPrincipal: full.perPrincipal })))
  })

/** The session the request names (undefined: none named), or why it may not use one. */
export const lookupSession = (
  route: McpRoute,
  request: HttpServerRequest.HttpServerRequest,
  log: RequestLog
): Effect.Effect<McpSession | undefined, SessionRefusal> =>
  Effect.gen(function* () {
    const id = request.headers[sessionHeader]
    if (id === undefined || id.length === 0) return undefined
    log.sessionId = id
    const principal = log.principal?.name
    // an authorized client reaches only the sessions issued to it: another's id is unknown to it
    const issued = route.workspaces.sessionIds.issuedAt(id, principal)
    if (issued === undefined || route.sessions.endedHere(id)) return yield* new SessionUnknown({ id })
    const session = yield* route.sessions.lookup(id)
    if (session) return session
    const live = yield* stillLive(route, id, issued).pipe(Effect.mapError(() => new SessionStoreDown({ retryAfterSeconds: 2 })))
    if (!live) return yield* new SessionUnknown({ id })
    return yield* adopt(route, request, id, principal)
  })

/** A new session for the request's principal (its initialize is handed to it next). */
export const openSession = (route: McpRoute, log: RequestLog): Effect.Effect<McpSession, SessionsBusy> =>
  route.sessions.openFor(log.principal?.name).pipe(
    Effect.tap((session) => Effect.sync(() => void (log.sessionId = session.id))),
    Effect.mapError((full) => new SessionsBusy({ maxSessions: full.maxSessions, perPrincipal: full.perPrincipal }))
  )
