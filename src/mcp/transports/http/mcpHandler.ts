/** The /mcp handler: Host, Origin and media-type checks, the body, the era, then a 2025-era session (opened, found, adopted) or the 2026-07-28 handler. */
import { type McpHttpHandler, isLegacyRequest } from "@modelcontextprotocol/server"
import { Duration, Effect, Option } from "effect"
import { type HttpServerRequest, HttpServerResponse } from "effect/http"
import type { Workspace } from "../../../services/Workspace.ts"
import { createsWorkspace, makeCreationPace } from "./creationPace.ts"
import { type AllowList, type HttpSettings, hostAllowed, httpDefaults, httpEnv, originAllowed } from "./config.ts"
import type { HttpSessions, McpSession } from "./sessions.ts"
import type { Authorizer } from "./auth.ts"
import { admitRequest, tooManyRequests } from "./admission.ts"
import type { ClientLimiter, SharedBuckets } from "./clientLimits.ts"
import { ErrorCodes, jsonRpcError, mediaTypes, sessionHeader, sessionNotFound, sessionRequired } from "./answers.ts"
import { readJsonBody } from "./body.ts"
import { corsHeaders, preflight } from "./cors.ts"
import { isInitializeRequest, plainlyLegacy } from "./era.ts"
import type { RequestLog } from "./requestLog.ts"
import { requestSpans } from "../../toolTelemetry.ts"
import { asStandaloneStream, toWebRequest, withNegotiated } from "./webRequest.ts"

/**
 * The /mcp handler: checks, then by protocol era either the 2025-era session's transport or the
 * SDK's 2026-07-28 handler (per request, no session: the SDK's createMcpHandler, strict modern).
 */
// Long on purpose: one request's steps in the order they apply (Host and Origin, media types, the body, the era, the session), sharing its log entry; each step is a named function above or beside it.
export const makeMcpHandler = (
  sessions: HttpSessions["Service"],
  workspaces: Workspace["Service"],
  settings: HttpSettings,
  allow: AllowList,
  modern: McpHttpHandler,
  auth?: Authorizer,
  limiter?: ClientLimiter,
  shared?: SharedBuckets,
  /** Spans are exported: a tool call's span becomes a child of its request's (toolTelemetry.ts). */
  traced = false
) => {
  /**
   * `effect` after the request's span is filed for the tool call the SDK runs for `web`, when spans
   * are exported; `effect` itself otherwise.
   */
  const withRequestSpan = <A, E, R>(web: Request, effect: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
    traced
      ? Effect.andThen(
          Effect.map(Effect.option(Effect.currentSpan), (span) => (Option.isSome(span) ? void requestSpans.set(web, span.value) : undefined)),
          effect
        )
      : effect
  const handOver = (
    session: McpSession,
    request: HttpServerRequest.HttpServerRequest,
    log: RequestLog,
    parsedBody?: unknown,
    web: Request = toWebRequest(request)
  ) =>
    withRequestSpan(
      web,
      Effect.promise(async () => {
        const response = await session.transport.handleRequest(withNegotiated(web, session.server.getNegotiatedProtocolVersion()), {
          ...(parsedBody === undefined ? {} : { parsedBody }),
          ...(log.principal === undefined ? {} : { authInfo: log.principal.authInfo })
        })
        return HttpServerResponse.fromWeb(asStandaloneStream(response, request.method))
      })
    ).pipe(Effect.ensuring(sessions.touch(session.id)))

  const idleMillis = Duration.toMillis(settings.idleTimeout)

  /**
   * The session a request names. Another replica's session (or one this process served before it
   * restarted, or whose local copy idled out while its workspace lives) is taken over here: its id
   * is signed (Workspace.sessionIds), so it is known without a workspace in the store while it is
   * younger than the idle time-out (unless its client ended it: DELETE), and after that while its
   * workspace lives. An id never issued as a session id
   * is Unknown (404). When only the store could say and it cannot answer: StoreDown (503 with
   * Retry-After, never 404: the session and its workspace may well be intact).
   */
  const existing = (request: HttpServerRequest.HttpServerRequest, log: RequestLog) =>
    Effect.gen(function* () {
      const id = request.headers[sessionHeader]
      if (id === undefined || id.length === 0) return { _tag: "Missing" as const }
      log.sessionId = id
      // an authorized client reaches only the sessions issued to it: another's id is unknown to it
      if (log.principal !== undefined && workspaces.sessionIds.issuedAt(id, log.principal.name) === undefined) return { _tag: "Unknown" as const, id }
      const session = yield* sessions.lookup(id)
      if (session) return { _tag: "Found" as const, session }
      const issued = workspaces.sessionIds.issuedAt(id, log.principal?.name)
      if (issued === undefined) return { _tag: "Unknown" as const, id }
      // young: live unless its client ended it; older: live while its workspace is
      const known = yield* Effect.result(Date.now() - issued < idleMillis ? Effect.map(workspaces.ended(id), (ended) => !ended) : workspaces.exists(id))
      if (known._tag === "Failure") return { _tag: "StoreDown" as const }
      if (!known.success) return { _tag: "Unknown" as const, id }
      const adopted = yield* Effect.result(sessions.adopt(id, request.headers["mcp-protocol-version"] ?? "2025-03-26"))
      if (adopted._tag === "Failure") return { _tag: "Busy" as const, maxSessions: adopted.failure.maxSessions }
      return { _tag: "Found" as const, session: adopted.success }
    })

  const perMinute = settings.maxCreationsPerMinute ?? httpDefaults.maxCreationsPerMinute
  const pace = makeCreationPace(perMinute)
  const creationRate = { requests: perMinute, periodMs: 60_000 }
  /**
   * Seconds until `client` (its principal, else its address) may create a workspace; 0 now. With a
   * store shared by replicas the pace is counted there, as the rate is (clientLimits.ts), and
   * measured in this process while the store does not answer.
   */
  const creationWait = (client: string): Effect.Effect<number> =>
    shared === undefined
      ? Effect.sync(() => pace.take(client))
      : shared.take(`create:${client}`, creationRate).pipe(
          Effect.map((ms) => (ms === 0 ? 0 : Math.max(1, Math.ceil(ms / 1000)))),
          Effect.catch((error: unknown) =>
            Effect.andThen(
              shared.onFallback(error),
              Effect.sync(() => pace.take(client))
            )
          )
        )
  const tooManyCreations = (seconds: number) =>
    jsonRpcError(
      429,
      ErrorCodes.server,
      `Too Many Requests: at most ${perMinute} new workspaces a minute from one client (see --max-creations-per-minute); pass an existing workspace id as 'workspace', or retry in ${seconds} s`,
      { "retry-after": String(seconds) }
    )

  const storeDown = jsonRpcError(
    503,
    ErrorCodes.server,
    "Service Unavailable: the workspace store cannot say whether this session exists right now; retry shortly (the session is not lost)",
    { "retry-after": "2" }
  )

  const busy = (maxSessions: number) =>
    jsonRpcError(503, ErrorCodes.server, `Service Unavailable: all ${maxSessions} sessions are busy; retry shortly`, { "retry-after": "1" })

  /** A 2026-07-28 request: the SDK's per-request handler answers it (its own checks of the envelope and headers included). */
  const serveModern = (web: Request, parsedBody: unknown, log: RequestLog) =>
    withRequestSpan(
      web,
      Effect.promise(() => modern.fetch(web, { parsedBody, ...(log.principal === undefined ? {} : { authInfo: log.principal.authInfo }) }))
    ).pipe(Effect.map((response) => HttpServerResponse.fromWeb(response)))

  const post = (request: HttpServerRequest.HttpServerRequest, log: RequestLog) =>
    Effect.gen(function* () {
      const accepted = mediaTypes(request.headers.accept)
      if (!accepted.includes("application/json") || !accepted.includes("text/event-stream")) {
        return jsonRpcError(406, ErrorCodes.server, "Not Acceptable: the Accept header must list both application/json and text/event-stream")
      }
      const [contentType] = mediaTypes(request.headers["content-type"])
      if (contentType !== "application/json") {
        return jsonRpcError(415, ErrorCodes.server, `Unsupported Media Type: Content-Type must be application/json (got ${contentType ?? "none"})`)
      }
      const body = yield* readJsonBody(request, settings.maxBodyBytes)
      if (body._tag === "Rejected") return body.response
      const called = body.value as { method?: unknown; params?: { name?: unknown } }
      if (called.method === "tools/call" && typeof called.params?.name === "string") log.tool = called.params.name.slice(0, 64)
      const forbidden = auth !== undefined && log.principal !== undefined ? auth.authorize(log.principal, body.value) : undefined
      if (forbidden !== undefined) return forbidden
      // the era is per request: a message carrying the 2026-07-28 envelope goes to the modern handler
      const web = toWebRequest(request)
      const legacy =
        plainlyLegacy(request, body.value) || (yield* Effect.promise(() => isLegacyRequest(web, body.value, { maxRequestBodySize: settings.maxBodyBytes })))
      if (!legacy) {
        if (createsWorkspace(body.value)) {
          const wait = yield* creationWait(log.principal?.name ?? `peer:${Option.getOrElse(request.remoteAddress, () => "unknown")}`)
          if (wait > 0) return tooManyCreations(wait)
        }
        return yield* serveModern(web, body.value, log)
      }
      const found = yield* existing(request, log)
      if (found._tag === "Found") return yield* handOver(found.session, request, log, body.value, web)
      if (found._tag === "Busy") return busy(found.maxSessions)
      if (found._tag === "StoreDown") return storeDown
      if (found._tag === "Unknown") return sessionNotFound(found.id)
      if (!isInitializeRequest(body.value)) return sessionRequired
      const opened = yield* Effect.result(sessions.openFor(log.principal?.name))
      if (opened._tag === "Failure") return busy(opened.failure.maxSessions)
      const session = opened.success
      log.sessionId = session.id
      const response = yield* handOver(session, request, log, body.value, web)
      // an initialize the transport refused leaves a session nobody can name: drop it (nothing was
      // stored for it: a session's workspace is written by its first definition, and any replica
      // recognises the signed id without a store entry)
      if (session.transport.sessionId === undefined || response.status >= 400) yield* sessions.close(session.id, "not-initialized")
      return response
    })

  /** A GET (its stream) or DELETE handed to the session the request names, or why there is none. */
  const toSession = (request: HttpServerRequest.HttpServerRequest, log: RequestLog) =>
    Effect.gen(function* () {
      const found = yield* existing(request, log)
      if (found._tag === "Missing") return sessionRequired
      if (found._tag === "Busy") return busy(found.maxSessions)
      if (found._tag === "StoreDown") return storeDown
      if (found._tag === "Unknown") return sessionNotFound(found.id)
      return yield* handOver(found.session, request, log)
    })

  const get = (request: HttpServerRequest.HttpServerRequest, log: RequestLog) =>
    mediaTypes(request.headers.accept).includes("text/event-stream")
      ? toSession(request, log)
      : Effect.succeed(jsonRpcError(406, ErrorCodes.server, "Not Acceptable: the Accept header must list text/event-stream"))

  const del = toSession

  return (request: HttpServerRequest.HttpServerRequest, log: RequestLog) =>
    Effect.gen(function* () {
      const host = request.headers.host
      if (!hostAllowed(allow, host)) {
        yield* Effect.logWarning(`refused Host '${host ?? ""}' (DNS-rebinding protection)`)
        return jsonRpcError(403, ErrorCodes.server, `Forbidden: Host '${host ?? ""}' is not allowed (DNS-rebinding protection; see ${httpEnv.allowedHosts})`)
      }
      const origin = request.headers.origin
      if (!originAllowed(allow, origin, host)) {
        yield* Effect.logWarning(`refused Origin '${origin}'`)
        return jsonRpcError(403, ErrorCodes.server, `Forbidden: Origin '${origin}' is not allowed (see ${httpEnv.allowedOrigins})`)
      }
      // every request but a CORS preflight (which a browser sends without credentials) needs a token
      const authentication =
        auth === undefined || request.method === "OPTIONS" ? undefined : yield* Effect.promise(() => auth.authenticate(request.headers.authorization))
      if (authentication?._tag === "Authenticated") log.principal = authentication.principal
      else if (authentication?._tag === "Refused") {
        log.refusal = authentication.reason
        yield* Effect.logInfo(`refused: ${authentication.reason}`)
      }
      const limited =
        authentication?._tag === "Refused" || limiter === undefined || request.method === "OPTIONS"
          ? undefined
          : yield* admitRequest(limiter, request, log.principal?.name)
      if (limited?._tag === "Limited") {
        log.refusal = limited.why
        yield* Effect.logInfo(`refused: over the ${limited.why === "rate" ? "rate limit" : "concurrency limit"}`)
      }
      const response = yield* Effect.suspend(() => {
        if (authentication?._tag === "Refused") return Effect.succeed(authentication.response)
        if (limited?._tag === "Limited") return Effect.succeed(tooManyRequests(limited.why, limited.retryAfterSeconds))
        switch (request.method) {
          case "POST":
            return post(request, log)
          case "GET":
            return get(request, log)
          case "DELETE":
            return del(request, log)
          case "OPTIONS":
            return Effect.succeed(
              origin === undefined
                ? HttpServerResponse.empty({ status: 204, headers: { allow: "GET, POST, DELETE, OPTIONS" } })
                : preflight(request.headers["access-control-request-headers"])
            )
          default:
            return Effect.succeed(
              jsonRpcError(405, ErrorCodes.server, `Method Not Allowed: ${request.method} (use POST, GET or DELETE)`, { allow: "GET, POST, DELETE, OPTIONS" })
            )
        }
      })
      // a browser client on an allowed origin may read the answer and the MCP headers (CORS)
      return origin === undefined ? response : HttpServerResponse.setHeaders(response, corsHeaders(origin))
    })
}
