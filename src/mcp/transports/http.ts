/**
 * MCP over Streamable HTTP on the platform layer: effect/http routes on @effect/platform-node's
 * server. Each request's era decides who answers it: a message carrying the 2026-07-28 envelope goes
 * to the SDK's per-request handler (createMcpHandler, strict modern: no session, a fresh server per
 * request); anything else belongs to a 2025-era session, handled by the SDK's web-standard
 * transport (see httpSessions.ts).
 *
 *   POST   /mcp     JSON-RPC messages (2026-07-28 per request; 2025 era: initialize without
 *                   Mcp-Session-Id opens a session)
 *   GET    /mcp     the session's server-to-client SSE stream
 *   DELETE /mcp     ends the session
 *   GET    /healthz liveness: {"status":"ok","sessions":live,"opened":N,"closed":{by reason},"workspaces":N}
 *   GET    /readyz  readiness: the store answers and the issuer's keys can be fetched (http/readiness.ts)
 *   GET    /.well-known/oauth-protected-resource[/mcp]  with authorization (http/auth.ts)
 *
 * Every /mcp request is checked before it reaches a session, each failure a 4xx with a JSON-RPC
 * error body: Host and Origin against the allow-lists (403, DNS-rebinding protection), the Accept
 * header (406), the content type (415), the body size (413), the JSON (400 parse error), batches
 * (400, not supported), and the session id (400 missing, 404 unknown, expired or ended: the client
 * starts again with initialize; 503 with Retry-After when only the store could say and it does not
 * answer). A 2026-07-28 define_* call naming no workspace creates one, paced per client (429). Logs go to stderr, one line per request, each with its request id (also
 * sent back as X-Request-Id). Shutdown first ends every session, which ends their SSE streams (a
 * GET stream's connection closes with it), and the node server gives anything still open one
 * second (STACK.md pitfall 4).
 */
import { type IncomingMessage, type ServerResponse, createServer } from "node:http"
import { type McpHttpHandler, SUPPORTED_PROTOCOL_VERSIONS, createMcpHandler, isLegacyRequest } from "@modelcontextprotocol/server"
import { NodeHttpServer, NodeHttpServerRequest } from "@effect/platform-node"
import { Console, Duration, Effect, Layer, Logger, Option, References } from "effect"
import { HttpRouter, HttpServer, type HttpServerRequest, HttpServerResponse } from "effect/http"
import { logName } from "../../services/logName.ts"
import { Workspace } from "../../services/Workspace.ts"
import * as WorkspaceStore from "../../services/WorkspaceStore.ts"
import { createsWorkspace, makeCreationPace } from "./creationPace.ts"
import { type AllowList, type HttpSettings, allowListFor, hostAllowed, httpDefaults, httpEnv, httpSettings, isWildcard, originAllowed } from "./httpConfig.ts"
import { HttpSessions, type McpSession } from "./httpSessions.ts"
import { serverInfo } from "../server.ts"
import { LogToStderr } from "../logging.ts"
import { MAX_MESSAGE_DEPTH, nestingDepth } from "./messageDepth.ts"
import { type AuthSettings, authConfigured, authSettings } from "./http/authConfig.ts"
import { type Authorizer, type Principal, defaultAudience, makeAuthorizer } from "./http/auth.ts"
import { admitRequest, tooManyRequests } from "./http/admission.ts"
import { mayListen } from "./http/exposure.ts"
import { makeReadiness, readyPath } from "./http/readiness.ts"
import { type LogFormat, logFormat, stderrLogger } from "./http/logFormat.ts"
import { metricsPath, metricsResponse, recordRequest } from "./http/metrics.ts"
import { metricsEnabled, otlpEndpoint } from "./http/metricsConfig.ts"
import { tracingLayer } from "./http/tracing.ts"
import { type ClientLimitSettings, type ClientLimiter, clientLimitSettings, makeClientLimiter } from "./http/clientLimits.ts"

export const mcpPath = "/mcp"
export const healthPath = "/healthz"

/** JSON-RPC error codes used in HTTP error bodies. */
const ErrorCodes = { parse: -32700, invalidRequest: -32600, server: -32000, sessionNotFound: -32001 } as const

const jsonRpcError = (status: number, code: number, message: string, headers: Record<string, string> = {}) =>
  HttpServerResponse.jsonUnsafe({ jsonrpc: "2.0", error: { code, message }, id: null }, { status, headers })

/** Media types of a header value, lower-case, parameters dropped. */
const mediaTypes = (value: string | undefined): ReadonlyArray<string> =>
  (value ?? "")
    .split(",")
    .map((part) => part.split(";")[0]!.trim().toLowerCase())
    .filter((part) => part.length > 0)

const sessionHeader = "mcp-session-id"

/** The per-request facts the log line reports. */
interface RequestLog {
  readonly requestId: string
  sessionId: string | undefined
  /** Who sent it, on a server that authorizes (http/auth.ts). */
  principal?: Principal
  /** The tool a tools/call names (its arguments are never logged). */
  tool?: string
  /** Why the request was refused by authorization or a limit per client (for the metrics). */
  refusal?: string
}

const requestIdPattern = /^[A-Za-z0-9._:-]{1,64}$/

/** The Effect request as the web Request the SDK takes (its body was already read, if any). */
const toWebRequest = (request: HttpServerRequest.HttpServerRequest): Request => {
  const headers = new Headers()
  for (const [name, value] of Object.entries(request.headers)) if (typeof value === "string") headers.set(name, value)
  let url: URL
  try {
    url = new URL(request.url, `http://${request.headers.host ?? "localhost"}`)
  } catch {
    url = new URL(request.url, "http://localhost")
  }
  return new Request(url, { method: request.method, headers })
}

/**
 * For a session, the revision agreed at initialize stands in for an MCP-Protocol-Version header
 * naming another supported revision: what the client can read (an SSE priming event with empty
 * data needs 2025-11-25) was settled by that agreement.
 */
const withNegotiated = (web: Request, negotiated: string | undefined): Request => {
  const sent = web.headers.get("mcp-protocol-version")
  if (negotiated !== undefined && sent !== null && sent !== negotiated && SUPPORTED_PROTOCOL_VERSIONS.includes(sent))
    web.headers.set("mcp-protocol-version", negotiated)
  return web
}

const openingComment = new TextEncoder().encode(": stream open\n\n")

/**
 * Node sends a response's headers with its first body bytes, and the standalone GET stream may stay
 * silent for minutes: start it with an SSE comment (clients ignore it) so the client sees 200 at
 * once. (A POST's stream carries its answer promptly.) Cancelling the wrapper (client gone)
 * cancels the transport's stream, which frees the session's GET slot for a reconnect.
 */
const asStandaloneStream = (response: Response, method: string): Response => {
  if (method !== "GET" || response.body === null || !(response.headers.get("content-type") ?? "").startsWith("text/event-stream")) return response
  const reader = response.body.getReader()
  const body = new ReadableStream<Uint8Array>({
    start: (controller) => controller.enqueue(openingComment),
    pull: async (controller) => {
      const { done, value } = await reader.read()
      if (done) controller.close()
      else controller.enqueue(value)
    },
    cancel: (reason) => reader.cancel(reason)
  })
  const headers = new Headers(response.headers)
  // the stream lives as long as the session: its connection is not worth keeping, and closing it
  // with the stream lets shutdown finish without waiting for an idle connection
  headers.set("connection", "close")
  return new Response(body, { status: response.status, statusText: response.statusText, headers })
}

type Read = { readonly _tag: "Bytes"; readonly bytes: Uint8Array } | { readonly _tag: "Failed"; readonly tooLarge: boolean }

/**
 * The body's bytes, read from the node request directly (a POST body here is a few hundred bytes:
 * the platform's body stream costs more than the read itself), stopping at `maxBodyBytes`.
 */
const readBytes = (request: HttpServerRequest.HttpServerRequest, maxBodyBytes: number): Effect.Effect<Read> =>
  Effect.callback<Read>((resume) => {
    const incoming = NodeHttpServerRequest.toIncomingMessage(request)
    const chunks: Array<Buffer> = []
    let size = 0
    const cleanup = () => {
      incoming.off("data", onData)
      incoming.off("end", onEnd)
      incoming.off("error", onError)
      incoming.off("close", onClose)
    }
    const finish = (read: Read) => {
      cleanup()
      resume(Effect.succeed(read))
    }
    const onData = (chunk: Buffer) => {
      size += chunk.length
      if (size > maxBodyBytes) finish({ _tag: "Failed", tooLarge: true })
      else chunks.push(chunk)
    }
    const onEnd = () => finish({ _tag: "Bytes", bytes: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks) })
    const onError = () => finish({ _tag: "Failed", tooLarge: false })
    const onClose = () => finish({ _tag: "Failed", tooLarge: false })
    if (incoming.readableEnded) return void finish({ _tag: "Bytes", bytes: new Uint8Array(0) })
    incoming.on("data", onData)
    incoming.once("end", onEnd)
    incoming.once("error", onError)
    incoming.once("close", onClose)
    return Effect.sync(cleanup)
  })

type Body = { readonly _tag: "Json"; readonly value: unknown } | { readonly _tag: "Rejected"; readonly response: HttpServerResponse.HttpServerResponse }

/** Reads and parses a POST body, refusing what is too large, not UTF-8, not JSON, a batch or not a JSON-RPC message. */
const readJsonBody = (request: HttpServerRequest.HttpServerRequest, maxBodyBytes: number): Effect.Effect<Body> =>
  Effect.gen(function* () {
    // the rest of the body is never read: the connection must close with the answer, or its unread
    // bytes would be taken for the next request on a kept-alive connection (and reset it)
    const tooLarge = (): Body => ({
      _tag: "Rejected",
      response: jsonRpcError(413, ErrorCodes.server, `Payload Too Large: the request body must not exceed ${maxBodyBytes} bytes`, { connection: "close" })
    })
    const declared = Number(request.headers["content-length"])
    if (Number.isFinite(declared) && declared > maxBodyBytes) return tooLarge()
    const read = yield* readBytes(request, maxBodyBytes)
    if (read._tag === "Failed")
      return read.tooLarge ? tooLarge() : { _tag: "Rejected", response: jsonRpcError(400, ErrorCodes.parse, "Parse error: the request body could not be read") }
    let text: string
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(read.bytes)
    } catch {
      return { _tag: "Rejected", response: jsonRpcError(400, ErrorCodes.parse, "Parse error: the request body is not valid UTF-8") }
    }
    if (nestingDepth(text) > MAX_MESSAGE_DEPTH) {
      return {
        _tag: "Rejected",
        response: jsonRpcError(
          400,
          ErrorCodes.invalidRequest,
          `Invalid Request: the message nests arrays and objects more than ${MAX_MESSAGE_DEPTH} levels deep`
        )
      }
    }
    let value: unknown
    try {
      value = JSON.parse(text)
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error)
      return { _tag: "Rejected", response: jsonRpcError(400, ErrorCodes.parse, `Parse error: the request body is not valid JSON (${detail})`) }
    }
    if (Array.isArray(value)) {
      return {
        _tag: "Rejected",
        response: jsonRpcError(400, ErrorCodes.invalidRequest, "Invalid Request: JSON-RPC batches are not supported; send one JSON-RPC message per POST")
      }
    }
    if (typeof value !== "object" || value === null || (value as { jsonrpc?: unknown }).jsonrpc !== "2.0") {
      return {
        _tag: "Rejected",
        response: jsonRpcError(400, ErrorCodes.invalidRequest, 'Invalid Request: the body must be one JSON-RPC 2.0 message (an object with "jsonrpc": "2.0")')
      }
    }
    return { _tag: "Json", value }
  })

const envelopePrefix = "io.modelcontextprotocol/"
const legacyRevisions = new Set(SUPPORTED_PROTOCOL_VERSIONS.filter((v) => v < "2026"))

/**
 * A 2025-era message beyond doubt: no 2026-07-28 header (MCP-Protocol-Version naming a 2026
 * revision, Mcp-Method) and no reserved envelope key in `params._meta`. The SDK's own classifier
 * (isLegacyRequest) decides everything else; on these it says legacy too, and skipping it saves
 * a session's every request its cost.
 */
export const plainlyLegacy = (request: { readonly headers: Readonly<Record<string, string | undefined>> }, body: unknown): boolean => {
  const version = request.headers["mcp-protocol-version"]
  if ((version !== undefined && !legacyRevisions.has(version)) || request.headers["mcp-method"] !== undefined) return false
  const meta = (body as { params?: { _meta?: unknown } }).params?._meta
  if (meta === undefined) return true
  if (typeof meta !== "object" || meta === null) return false
  for (const key in meta) if (key.startsWith(envelopePrefix)) return false
  return true
}

const isInitializeRequest = (message: unknown): boolean => {
  const m = message as { method?: unknown; id?: unknown }
  return m.method === "initialize" && (typeof m.id === "string" || typeof m.id === "number")
}

const sessionNotFound = (id: string) =>
  jsonRpcError(
    404,
    ErrorCodes.sessionNotFound,
    `Session not found: '${id.slice(0, 80)}' is unknown or expired. Start a new session: send initialize without an Mcp-Session-Id header.`
  )

const sessionRequired = jsonRpcError(400, ErrorCodes.server, "Bad Request: Mcp-Session-Id header is required (only initialize may come without one)")

/**
 * The /mcp handler: checks, then by protocol era either the 2025-era session's transport or the
 * SDK's 2026-07-28 handler (per request, no session: the SDK's createMcpHandler, strict modern).
 */
export const makeMcpHandler = (
  sessions: HttpSessions["Service"],
  workspaces: Workspace["Service"],
  settings: HttpSettings,
  allow: AllowList,
  modern: McpHttpHandler,
  auth?: Authorizer,
  limiter?: ClientLimiter
) => {
  const handOver = (
    session: McpSession,
    request: HttpServerRequest.HttpServerRequest,
    log: RequestLog,
    parsedBody?: unknown,
    web: Request = toWebRequest(request)
  ) =>
    Effect.promise(async () => {
      const response = await session.transport.handleRequest(withNegotiated(web, session.server.getNegotiatedProtocolVersion()), {
        ...(parsedBody === undefined ? {} : { parsedBody }),
        ...(log.principal === undefined ? {} : { authInfo: log.principal.authInfo })
      })
      return HttpServerResponse.fromWeb(asStandaloneStream(response, request.method))
    }).pipe(Effect.ensuring(sessions.touch(session.id)))

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
  const tooManyCreations = (seconds: number) =>
    jsonRpcError(
      429,
      ErrorCodes.server,
      `Too Many Requests: at most ${perMinute} new workspaces a minute from one client; pass an existing workspace id as 'workspace', or retry in ${seconds} s`,
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
    Effect.promise(() => modern.fetch(web, { parsedBody, ...(log.principal === undefined ? {} : { authInfo: log.principal.authInfo }) })).pipe(
      Effect.map((response) => HttpServerResponse.fromWeb(response))
    )

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
          const wait = pace.take(Option.getOrElse(request.remoteAddress, () => "unknown"))
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

  const get = (request: HttpServerRequest.HttpServerRequest, log: RequestLog) =>
    Effect.gen(function* () {
      if (!mediaTypes(request.headers.accept).includes("text/event-stream")) {
        return jsonRpcError(406, ErrorCodes.server, "Not Acceptable: the Accept header must list text/event-stream")
      }
      const found = yield* existing(request, log)
      if (found._tag === "Missing") return sessionRequired
      if (found._tag === "Busy") return busy(found.maxSessions)
      if (found._tag === "StoreDown") return storeDown
      if (found._tag === "Unknown") return sessionNotFound(found.id)
      return yield* handOver(found.session, request, log)
    })

  const del = (request: HttpServerRequest.HttpServerRequest, log: RequestLog) =>
    Effect.gen(function* () {
      const found = yield* existing(request, log)
      if (found._tag === "Missing") return sessionRequired
      if (found._tag === "Busy") return busy(found.maxSessions)
      if (found._tag === "StoreDown") return storeDown
      if (found._tag === "Unknown") return sessionNotFound(found.id)
      return yield* handOver(found.session, request, log)
    })

  return (request: HttpServerRequest.HttpServerRequest, log: RequestLog) =>
    Effect.gen(function* () {
      const host = request.headers.host
      if (!hostAllowed(allow, host)) {
        yield* Effect.logWarning(`refused Host '${host ?? ""}' (DNS-rebinding protection)`)
        return jsonRpcError(403, ErrorCodes.server, `Forbidden: Host '${host ?? ""}' is not allowed (DNS-rebinding protection; see ${httpEnv.allowedHosts})`)
      }
      const origin = request.headers.origin
      if (!originAllowed(allow, origin)) {
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
          : admitRequest(limiter, request, log.principal?.name)
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

/** What a browser needs to call /mcp from an allowed origin and read its session and protocol headers. */
const corsHeaders = (origin: string): Record<string, string> => ({
  "access-control-allow-origin": origin,
  "access-control-expose-headers": "mcp-session-id, mcp-protocol-version, x-request-id, www-authenticate, retry-after",
  vary: "Origin, Access-Control-Request-Headers"
})

/** Request headers a browser client may send: the 2025-era session headers and the 2026-07-28 standard headers. */
const corsRequestHeaders = [
  "content-type",
  "accept",
  "mcp-session-id",
  "mcp-protocol-version",
  "mcp-method",
  "mcp-name",
  "last-event-id",
  "authorization",
  "x-request-id"
]

/**
 * The answer to a CORS preflight from an allowed origin (a disallowed one got 403 above). A
 * 2026-07-28 client may also send one `Mcp-Param-<name>` header per mirrored tool argument
 * (SEP-2243), whose names cannot be listed ahead: those it asks for are allowed by name.
 */
const preflight = (requested: string | undefined) => {
  const params = (requested ?? "")
    .split(",")
    .map((h) => h.trim().toLowerCase())
    .filter((h) => /^mcp-param-[a-z0-9_.-]{1,64}$/.test(h))
  return HttpServerResponse.empty({
    status: 204,
    headers: {
      "access-control-allow-methods": "GET, POST, DELETE, OPTIONS",
      "access-control-allow-headers": [...corsRequestHeaders, ...params.slice(0, 50)].join(", "),
      "access-control-max-age": "86400"
    }
  })
}

/** Wraps a handler: request id (X-Request-Id in and out), log annotations, one log line per request and, with `record` (--metrics), its metrics under `route`. */
const observed =
  <E, R>(
    handle: (request: HttpServerRequest.HttpServerRequest, log: RequestLog) => Effect.Effect<HttpServerResponse.HttpServerResponse, E, R>,
    route?: string,
    record?: typeof recordRequest,
    traced = false
  ) =>
  (request: HttpServerRequest.HttpServerRequest) =>
    Effect.gen(function* () {
      const given = request.headers["x-request-id"]
      const log: RequestLog = { requestId: given !== undefined && requestIdPattern.test(given) ? given : crypto.randomUUID(), sessionId: undefined }
      const started = Date.now()
      const response = yield* handle(request, log).pipe(Effect.annotateLogs({ requestId: log.requestId }))
      // the request's span (effect/http opens one per request, under an incoming traceparent): what
      // the seam knows, when it is exported (sampled under an exporting tracer)
      const span = Option.getOrUndefined(yield* Effect.option(Effect.currentSpan))
      const session = log.sessionId ? logName(log.sessionId) : undefined
      if (span !== undefined && traced) {
        if (log.tool) span.attribute("mcp.tool", log.tool)
        if (log.principal) span.attribute("enduser.id", log.principal.name)
        if (log.refusal) span.attribute("dimensional.refusal", log.refusal)
        if (session) span.attribute("mcp.session", session)
      }
      if (record !== undefined && route !== undefined) {
        yield* record({
          path: route,
          method: request.method,
          status: response.status,
          seconds: (Date.now() - started) / 1000,
          tool: log.tool,
          refusal: log.refusal
        })
      }
      const path = request.url.split("?")[0]
      // the line is written beside the answer, not before it: a request does not wait for its log
      yield* Effect.logInfo(`${request.method} ${path} ${response.status}`).pipe(
        Effect.annotateLogs({
          requestId: log.requestId,
          ms: Date.now() - started,
          ...(session ? { session } : {}),
          ...(log.principal ? { principal: log.principal.name } : {}),
          ...(log.tool ? { tool: log.tool } : {}),
          ...(span ? { traceId: span.traceId } : {})
        }),
        Effect.forkDetach
      )
      return HttpServerResponse.setHeader(response, "x-request-id", log.requestId)
    })

/** What the HTTP server adds for deployments beyond one machine: authorization, limits per client, metrics. */
export interface HttpGuards {
  readonly authorization?: AuthSettings | undefined
  readonly clientLimits?: ClientLimitSettings | undefined
  /** Serve /metrics (Prometheus) and record what it reports. */
  readonly metrics?: boolean | undefined
  /** Export traces over OTLP/HTTP to this endpoint. */
  readonly otlpEndpoint?: string | undefined
}

/** The routes, bound to the session registry. */

export const McpRoutes = (settings: HttpSettings, guards: HttpGuards = {}) =>
  HttpRouter.use((router) =>
    Effect.gen(function* () {
      const auth = guards.authorization === undefined ? undefined : yield* authorizerFor(guards.authorization)
      const limiter = guards.clientLimits === undefined ? undefined : makeClientLimiter(guards.clientLimits)
      const sessions = yield* HttpSessions
      const modern = createMcpHandler(() => sessions.serverFactory({ era: "modern" }), {
        legacy: "reject",
        maxRequestBodySize: settings.maxBodyBytes,
        onerror: (error) => Effect.runFork(Effect.logDebug(`2026-07-28 request: ${error.message}`))
      })
      yield* Effect.addFinalizer(() => Effect.promise(() => modern.close()))
      const mcp = makeMcpHandler(sessions, yield* Workspace, settings, allowListFor(settings), modern, auth, limiter)
      // RFC 9728: public, and readable by a browser client on any origin (it holds no secret)
      if (auth !== undefined)
        for (const path of auth.metadataPaths)
          yield* router.add(
            "GET",
            path as `/${string}`,
            observed(() =>
              Effect.succeed(HttpServerResponse.jsonUnsafe(auth.metadata, { headers: { "access-control-allow-origin": "*", "cache-control": "max-age=3600" } }))
            )
          )
      const store = yield* WorkspaceStore.WorkspaceStore
      const record = guards.metrics === true ? recordRequest : undefined
      const traced = guards.otlpEndpoint !== undefined
      yield* router.add("*", mcpPath, observed(mcp, mcpPath, record, traced))
      const readiness = makeReadiness({ store: store.count, issuerKeys: auth?.issuerKeys })
      yield* router.add(
        "GET",
        readyPath,
        observed(() => readiness, readyPath, record)
      )
      if (guards.metrics === true) {
        const gauges = Effect.all({ sessions: Effect.map(sessions.stats, (s) => s.live), workspaces: Effect.orElseSucceed(store.count, () => null) })
        const scrape = metricsResponse(gauges)
        yield* router.add(
          "GET",
          metricsPath,
          observed(() => scrape)
        )
      }
      yield* router.add(
        "GET",
        healthPath,
        observed(() =>
          Effect.gen(function* () {
            const stats = yield* sessions.stats
            // workspaces the store holds (null while it does not answer: liveness is not the store's)
            const workspaces = yield* Effect.orElseSucceed(store.count, () => null)
            return HttpServerResponse.jsonUnsafe({
              status: "ok",
              name: serverInfo.name,
              version: serverInfo.version,
              sessions: stats.live,
              opened: stats.opened,
              closed: stats.closed,
              workspaces
            })
          })
        )
      )
    })
  )

/**
 * The whole HTTP server as a layer: node server, routes, session registry and shared services.
 * It listens once built (port 0: a free port, see HttpServer.HttpServer's address).
 */
export const HttpMcpServer = (settings: HttpSettings, guards: HttpGuards = {}) =>
  HttpRouter.serve(McpRoutes(settings, guards), { disableLogger: true, disableListenLog: true }).pipe(
    // the port opens last, once the store and the sessions are ready (layers build from the bottom up)
    Layer.provideMerge(
      NodeHttpServer.layer(startingServer, {
        port: settings.port,
        host: settings.host,
        gracefulShutdownTimeout: Duration.seconds(1)
      })
    ),
    Layer.provideMerge(
      HttpSessions.layer({ idleTimeout: settings.idleTimeout, maxSessions: settings.maxSessions, conformanceFixtures: settings.conformanceFixtures })
    ),
    Layer.provideMerge(Layer.succeed(References.MinimumLogLevel, settings.logLevel)),
    Layer.provideMerge(guards.otlpEndpoint === undefined ? Layer.empty : tracingLayer(guards.otlpEndpoint))
  )

/**
 * The node server. The platform listens before it attaches its request handler, and Node leaves a
 * request with no handler unanswered: until the handler is attached, a request gets 503 with
 * Retry-After (a client that connects the moment the port opens retries instead of hanging).
 */
const startingServer = () => {
  const server = createServer({ headersTimeout: 30_000, requestTimeout: 60_000, keepAliveTimeout: 5_000 })
  const starting = (_: IncomingMessage, response: ServerResponse) => {
    response.writeHead(503, { "content-type": "application/json", "retry-after": "1", connection: "close" })
    response.end(
      JSON.stringify({ jsonrpc: "2.0", error: { code: ErrorCodes.server, message: "Service Unavailable: the server is starting; retry shortly" }, id: null })
    )
  }
  server.on("request", starting)
  const attached = (event: string | symbol, listener: unknown) => {
    if (event !== "request" || listener === starting) return
    server.off("newListener", attached)
    // after this event: the platform's handler is being added now
    queueMicrotask(() => server.off("request", starting))
  }
  server.on("newListener", attached)
  return server
}

/** Where clients connect, e.g. http://127.0.0.1:3000/mcp. */
export const mcpUrl = Effect.gen(function* () {
  const server = yield* HttpServer.HttpServer
  const formatted = HttpServer.formatAddress(server.address)
  if (server.address._tag === "UnixPathAddress") return `${formatted}${mcpPath}`
  const url = new URL(formatted)
  if (isWildcard(url.hostname)) url.hostname = "localhost"
  return `${url.origin}${mcpPath}`
})

/** The authorizer of the settings, for the URL this server listens on; a start that cannot build it fails with the reason. */
const authorizerFor = (authorization: AuthSettings) =>
  Effect.gen(function* () {
    const listening = yield* mcpUrl
    return yield* Effect.tryPromise({
      try: async () => makeAuthorizer(authorization, defaultAudience(authorization, listening)),
      catch: (error) => new Error(`authorization: ${error instanceof Error ? error.message : String(error)}`)
    })
  })

/** Serves until interrupted (SIGINT/SIGTERM), then ends every session before the server closes. */
export const serveHttp = (settings: HttpSettings, guards: HttpGuards = {}) =>
  Effect.gen(function* () {
    const sessions = yield* HttpSessions
    const url = yield* mcpUrl
    const store = yield* WorkspaceStore.WorkspaceStore
    yield* Console.log(
      `dimensional MCP server listening on ${url} (Streamable HTTP; health: ${url.replace(/\/mcp$/, healthPath)}; workspaces: ${store.description})`
    )
    yield* Effect.logInfo(`listening on ${url}`).pipe(
      Effect.annotateLogs({ idleTimeout: Duration.format(settings.idleTimeout), maxSessions: settings.maxSessions, maxBodyBytes: settings.maxBodyBytes })
    )
    if (isWildcard(settings.host) && settings.allowedHosts.length === 0) {
      yield* Effect.logWarning(`bound to ${settings.host}, but only loopback Host names are allowed; set ${httpEnv.allowedHosts} to the names clients use`)
    }
    return yield* Effect.never.pipe(
      Effect.onInterrupt(() =>
        Effect.gen(function* () {
          const { live } = yield* sessions.stats
          yield* Effect.logInfo(`shutting down: closing ${live} session(s)`)
          // calls waiting on a client's model answer first (with the agent's own error), then sessions close
          yield* Effect.promise(() => sessions.serverFactory.drain(1_000))
          yield* sessions.closeAll("shutdown")
        })
      )
    )
  }).pipe(Effect.provide(HttpMcpServer(settings, guards)))

/** One line per entry on stderr (timestamp, level, message, requestId, session, principal, tool, ...): logfmt, or JSON (--log-format json). */
export const httpLoggerFor = (format: LogFormat) => Layer.merge(LogToStderr, Logger.layer([stderrLogger(format)]))

export const HttpLogger = httpLoggerFor("logfmt")

/** `dimensional mcp --http`: settings from the environment (and flags, via the ConfigProvider). */
export const runHttpServer = Effect.gen(function* () {
  const format = yield* logFormat.pipe(Effect.tapError((error) => Console.error(`dimensional: invalid HTTP setting: ${error.message}`)))
  return yield* serveFromConfig.pipe(Effect.provide(httpLoggerFor(format)))
})

const serveFromConfig = Effect.gen(function* () {
  const settings = yield* httpSettings.pipe(Effect.tapError((error) => Console.error(`dimensional: invalid HTTP setting: ${error.message}`)))
  const authorization = yield* authSettings
  if (!(yield* mayListen(settings.host, authorization))) return
  const clientLimits = yield* clientLimitSettings
  const metrics = yield* metricsEnabled
  const otlp = yield* otlpEndpoint
  return yield* serveHttp(settings, { authorization: authConfigured(authorization) ? authorization : undefined, clientLimits, metrics, otlpEndpoint: otlp })
})
