/**
 * The /mcp handler: the guards in the order they apply (guards.ts), then by method and protocol era
 * either a 2025-era session's transport (sessionLookup.ts) or the SDK's 2026-07-28 handler (per
 * request, no session: the SDK's createMcpHandler, strict modern). A step that refuses fails with
 * its answer; the answers are given in one place, at the end.
 */
import { isLegacyRequest } from "@modelcontextprotocol/server"
import { Effect, Option } from "effect"
import { type HttpServerRequest, HttpServerResponse } from "effect/http"
import { logName } from "../../../services/logName.ts"
import { requestSpans } from "../../toolTelemetry.ts"
import { ErrorCodes, jsonRpcError, mediaTypes, sessionNotFound, sessionRequired } from "./answers.ts"
import { readJsonBody } from "./body.ts"
import { originAllowed } from "./config.ts"
import { corsHeaders, preflight } from "./cors.ts"
import { isInitializeRequest, plainlyLegacy } from "./era.ts"
import { admit, authenticate, authorizeScope, checkHostAndOrigin, checkMediaTypes, paceCreation } from "./guards.ts"
import { boundedAnswer } from "./modernAnswers.ts"
import { checkParams } from "./paramsCheck.ts"
import type { RequestLog } from "./requestLog.ts"
import { type McpRoute, refuse } from "./route.ts"
import { type SessionsBusy, lookupSession, openSession } from "./sessionLookup.ts"
import type { McpSession } from "./sessions.ts"
import { asStandaloneStream, toWebRequest, withNegotiated } from "./webRequest.ts"

export type { McpRoute } from "./route.ts"

/** /mcp: the order of the steps, on one screen. */
export const makeMcpHandler = (route: McpRoute) => (request: HttpServerRequest.HttpServerRequest, log: RequestLog) =>
  Effect.gen(function* () {
    yield* checkHostAndOrigin(route.allow, request)
    if (request.method !== "OPTIONS") {
      // every request but a CORS preflight (which a browser sends without credentials) needs a token
      yield* authenticate(route, request, log)
      yield* admit(route, request, log)
    }
    return yield* byMethod(route, request, log)
  }).pipe(
    Effect.catchTags({
      Refused: (refused) => Effect.succeed(refused.response),
      SessionUnknown: (unknown) => Effect.succeed(sessionNotFound(unknown.id)),
      SessionStoreDown: (down) => Effect.succeed(storeDown(down.retryAfterSeconds)),
      SessionsBusy: (full) => Effect.succeed(busy(full))
    }),
    Effect.map((response) => withCors(route, request, response))
  )

/** A browser client on an allowed origin may read the answer and the MCP headers (CORS); a refused origin learns nothing. */
const withCors = (route: McpRoute, request: HttpServerRequest.HttpServerRequest, response: HttpServerResponse.HttpServerResponse) => {
  const { origin, host } = request.headers
  return origin === undefined || !originAllowed(route.allow, origin, host) ? response : HttpServerResponse.setHeaders(response, corsHeaders(origin))
}

const byMethod = (route: McpRoute, request: HttpServerRequest.HttpServerRequest, log: RequestLog) => {
  switch (request.method) {
    case "POST":
      return post(route, request, log)
    case "GET":
      return mediaTypes(request.headers.accept).includes("text/event-stream")
        ? toSession(route, request, log)
        : refuse(jsonRpcError(406, ErrorCodes.server, "Not Acceptable: the Accept header must list text/event-stream"))
    case "DELETE":
      return Effect.tap(toSession(route, request, log), (response) => (response.status < 300 ? ended(route, log) : Effect.void))
    case "OPTIONS":
      return Effect.succeed(
        request.headers.origin === undefined
          ? HttpServerResponse.empty({ status: 204, headers: { allow: "GET, POST, DELETE, OPTIONS" } })
          : preflight(request.headers["access-control-request-headers"])
      )
    default:
      return refuse(
        jsonRpcError(405, ErrorCodes.server, `Method Not Allowed: ${request.method.slice(0, 20)} (use POST, GET or DELETE)`, {
          allow: "GET, POST, DELETE, OPTIONS"
        })
      )
  }
}

/** A JSON-RPC message: to the 2026-07-28 handler, or to the session it belongs to (an initialize opens one). */
const post = (route: McpRoute, request: HttpServerRequest.HttpServerRequest, log: RequestLog) =>
  Effect.gen(function* () {
    yield* checkMediaTypes(request)
    const message = yield* readJsonBody(request, route.settings.maxBodyBytes, route.bodies)
    const called = message as { method?: unknown; params?: { name?: unknown } }
    if (called.method === "tools/call" && typeof called.params?.name === "string") log.tool = called.params.name.slice(0, 64)
    yield* authorizeScope(route, log, message)
    // the era is per request: a message carrying the 2026-07-28 envelope goes to the modern handler
    const web = toWebRequest(request)
    const legacy =
      plainlyLegacy(request, message) || (yield* Effect.promise(() => isLegacyRequest(web, message, { maxRequestBodySize: route.settings.maxBodyBytes })))
    if (!legacy) {
      yield* paceCreation(route, request, log, message)
      yield* checkParams(message)
      return yield* serveModern(route, web, message, log)
    }
    const session = yield* lookupSession(route, request, log)
    if (session === undefined && !isInitializeRequest(message)) return yield* refuse(sessionRequired)
    yield* checkParams(message)
    return yield* session === undefined ? initialize(route, request, log, message, web) : handOver(route, session, request, log, message, web)
  })

/** An initialize: a new session, its client's declaration kept for any replica that takes it over. */
const initialize = (route: McpRoute, request: HttpServerRequest.HttpServerRequest, log: RequestLog, message: unknown, web: Request) =>
  Effect.gen(function* () {
    const session = yield* openSession(route, log)
    const response = yield* handOver(route, session, request, log, message, web)
    // an initialize the transport refused leaves a session nobody can name: drop it (nothing was
    // stored for it: a session's workspace is written by its first definition, and any replica
    // recognises the signed id without a store entry)
    if (session.transport.sessionId === undefined || response.status >= 400) {
      yield* route.sessions.close(session.id, "not-initialized")
      return response
    }
    // in the background: the client's answer does not wait on the store (a replica taking the session over reads it later)
    yield* Effect.forkDetach(remember(route, session))
    return response
  })

/** What the client declared at initialize, for a replica that takes the session over; a store that does not answer costs the session nothing here. */
const remember = (route: McpRoute, session: McpSession) =>
  Effect.suspend(() => {
    const capabilities = session.server.getClientCapabilities()
    const clientInfo = session.server.getClientVersion()
    const protocolVersion = session.server.getNegotiatedProtocolVersion()
    if (capabilities === undefined || clientInfo === undefined || protocolVersion === undefined) return Effect.void
    const record = {
      protocolVersion,
      capabilities: capabilities as Record<string, unknown>,
      clientInfo: { name: String(clientInfo.name), version: String(clientInfo.version) }
    }
    return route.replica
      .remember(session.id, record, route.workspaces.idleTimeout)
      .pipe(
        Effect.catch(() =>
          Effect.logWarning(
            `session ${logName(session.id)}: what its client declared could not be kept; another replica taking it over will not know its capabilities`
          )
        )
      )
  })

/** A session its client ended (DELETE): every replica learns it before the answer goes, so none takes it over. */
const ended = (route: McpRoute, log: RequestLog) =>
  log.sessionId === undefined
    ? Effect.void
    : route.replica
        .end(log.sessionId, route.settings.idleTimeout)
        .pipe(
          Effect.catch(() =>
            Effect.logWarning(`session ${logName(log.sessionId!)} ended here, but the store could not record it: another replica may take it over`)
          )
        )

/** A GET (its stream) or DELETE handed to the session the request names, or why there is none. */
const toSession = (route: McpRoute, request: HttpServerRequest.HttpServerRequest, log: RequestLog) =>
  Effect.flatMap(lookupSession(route, request, log), (session) => (session === undefined ? refuse(sessionRequired) : handOver(route, session, request, log)))

/**
 * `effect` after the request's span is filed for the tool call the SDK runs for `web`, when spans
 * are exported; `effect` itself otherwise.
 */
const withRequestSpan = <A, E, R>(route: McpRoute, web: Request, effect: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
  route.traced
    ? Effect.andThen(
        Effect.map(Effect.option(Effect.currentSpan), (span) => (Option.isSome(span) ? void requestSpans.set(web, span.value) : undefined)),
        effect
      )
    : effect

const authInfoOf = (log: RequestLog) => (log.principal === undefined ? {} : { authInfo: log.principal.authInfo })

/** The request, to the session's transport. */
const handOver = (
  route: McpRoute,
  session: McpSession,
  request: HttpServerRequest.HttpServerRequest,
  log: RequestLog,
  parsedBody?: unknown,
  web = toWebRequest(request)
) =>
  withRequestSpan(
    route,
    web,
    Effect.promise(async () => {
      const negotiated = withNegotiated(web, session.server.getNegotiatedProtocolVersion())
      const response = await session.transport.handleRequest(negotiated, { ...(parsedBody === undefined ? {} : { parsedBody }), ...authInfoOf(log) })
      return HttpServerResponse.fromWeb(asStandaloneStream(response, request.method))
    })
  ).pipe(Effect.ensuring(route.sessions.touch(session.id)))

/** A 2026-07-28 request: the SDK's per-request handler answers it (its own checks of the envelope included). */
const serveModern = (route: McpRoute, web: Request, parsedBody: unknown, log: RequestLog) =>
  withRequestSpan(
    route,
    web,
    Effect.promise(async () => boundedAnswer(await route.modern.fetch(web, { parsedBody, ...authInfoOf(log) })))
  ).pipe(Effect.map((response) => HttpServerResponse.fromWeb(response)))

const storeDown = (retryAfterSeconds: number) =>
  jsonRpcError(
    503,
    ErrorCodes.server,
    "Service Unavailable: the workspace store cannot say whether this session exists right now; retry shortly (the session is not lost)",
    { "retry-after": String(retryAfterSeconds) }
  )

const busy = (full: SessionsBusy) =>
  full.perPrincipal
    ? jsonRpcError(
        429,
        ErrorCodes.server,
        `Too Many Requests: this client already holds ${full.maxSessions} sessions, all busy (see --max-sessions-per-principal); end one (DELETE) or retry shortly`,
        { "retry-after": "1" }
      )
    : jsonRpcError(503, ErrorCodes.server, `Service Unavailable: all ${full.maxSessions} sessions are busy; retry shortly`, { "retry-after": "1" })
