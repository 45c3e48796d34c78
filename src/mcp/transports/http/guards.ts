/**
 * The guards of /mcp, in the order the handler applies them (mcpHandler.ts): each is a small
 * function that lets the request through or fails with the answer it refuses it with (Refused), as
 * the SDK's `hostHeaderValidation` middleware does. What a guard learns (the principal, why it
 * refused) goes on the request's log entry.
 */
import { Effect, Option } from "effect"
import type { HttpServerRequest } from "effect/http"
import { admitRequest, tooManyRequests } from "./admission.ts"
import { ErrorCodes, jsonRpcError, mediaTypes } from "./answers.ts"
import { type AllowList, hostAllowed, httpEnv, originAllowed } from "./config.ts"
import { createsWorkspace } from "./creationPace.ts"
import type { RequestLog } from "./requestLog.ts"
import { type McpRoute, refuse } from "./route.ts"

/** Who the request comes from when nobody is authorized: its peer address (behind a proxy, the proxy). */
export const peerOf = (request: HttpServerRequest.HttpServerRequest) => `peer:${Option.getOrElse(request.remoteAddress, () => "unknown")}`

/** Host and Origin must be allowed (DNS-rebinding protection): 403 otherwise. */
export const checkHostAndOrigin = (allow: AllowList, request: HttpServerRequest.HttpServerRequest) =>
  Effect.gen(function* () {
    const { host, origin } = request.headers
    if (!hostAllowed(allow, host)) {
      yield* Effect.logWarning(`refused Host '${host ?? ""}' (DNS-rebinding protection)`)
      return yield* refuse(
        jsonRpcError(403, ErrorCodes.server, `Forbidden: Host '${host ?? ""}' is not allowed (DNS-rebinding protection; see ${httpEnv.allowedHosts})`)
      )
    }
    if (!originAllowed(allow, origin, host)) {
      yield* Effect.logWarning(`refused Origin '${origin}'`)
      return yield* refuse(jsonRpcError(403, ErrorCodes.server, `Forbidden: Origin '${origin}' is not allowed (see ${httpEnv.allowedOrigins})`))
    }
  })

const tooManyFailures = (seconds: number) =>
  jsonRpcError(
    429,
    ErrorCodes.server,
    `Too Many Requests: too many failed authentications from this address (see --max-auth-failures-per-minute); retry in ${seconds} s`,
    { "retry-after": String(seconds) }
  )

/**
 * The bearer token, checked (auth.ts): the principal on the log entry, or the 401/400/503 the
 * authorizer answers. A source past its failed authentications gets 429 before its token is checked
 * (authFailures.ts); a credential refused counts against it (one merely missing, or one that could not
 * be checked because the issuer is away, does not).
 */
export const authenticate = (route: McpRoute, request: HttpServerRequest.HttpServerRequest, log: RequestLog) =>
  Effect.gen(function* () {
    const auth = route.auth
    if (auth === undefined) return
    const source = peerOf(request)
    const authorization = request.headers.authorization
    const wait = route.authFailures?.wait(source, authorization) ?? 0
    if (wait > 0) {
      log.refusal = "auth_failures"
      yield* Effect.logInfo("refused: too many failed authentications from this address")
      return yield* refuse(tooManyFailures(wait))
    }
    const checked = yield* Effect.promise(() => auth.authenticate(authorization))
    if (checked._tag === "Authenticated") {
      log.principal = checked.principal
      if (authorization !== undefined) route.authFailures?.passed(authorization)
      return
    }
    log.refusal = checked.reason
    yield* Effect.logInfo(`refused: ${checked.reason}`)
    if (checked.reason !== "missing" && checked.reason !== "keys_unavailable") route.authFailures?.failed(source)
    return yield* refuse(checked.response)
  })

/** The client's rate and requests in flight (clientLimits.ts): 429 over either. */
export const admit = (route: McpRoute, request: HttpServerRequest.HttpServerRequest, log: RequestLog) =>
  Effect.gen(function* () {
    if (route.limiter === undefined) return
    const admission = yield* admitRequest(route.limiter, request, log.principal?.name)
    if (admission._tag === "Admitted") return
    log.refusal = admission.why
    yield* Effect.logInfo(`refused: over the ${admission.why === "rate" ? "rate limit" : "concurrency limit"}`)
    return yield* refuse(tooManyRequests(admission.why, admission.retryAfterSeconds))
  })

/** A POST must accept both JSON and SSE answers and send JSON: 406 / 415 otherwise. */
export const checkMediaTypes = (request: HttpServerRequest.HttpServerRequest) =>
  Effect.suspend(() => {
    const accepted = mediaTypes(request.headers.accept)
    if (!accepted.includes("application/json") || !accepted.includes("text/event-stream"))
      return refuse(jsonRpcError(406, ErrorCodes.server, "Not Acceptable: the Accept header must list both application/json and text/event-stream"))
    const [contentType] = mediaTypes(request.headers["content-type"])
    if (contentType !== "application/json")
      return refuse(
        jsonRpcError(415, ErrorCodes.server, `Unsupported Media Type: Content-Type must be application/json (got ${(contentType ?? "none").slice(0, 100)})`)
      )
    return Effect.void
  })

/** The message's scope (auth.ts): 403 with the scope challenge when the principal's token lacks it. */
export const authorizeScope = (route: McpRoute, log: RequestLog, message: unknown) =>
  Effect.suspend(() => {
    const forbidden = route.auth !== undefined && log.principal !== undefined ? route.auth.authorize(log.principal, message) : undefined
    return forbidden === undefined ? Effect.void : refuse(forbidden)
  })

/** A 2026-07-28 define_* call that creates a workspace, paced per client (creationPace.ts): 429 over it. */
export const paceCreation = (route: McpRoute, request: HttpServerRequest.HttpServerRequest, log: RequestLog, message: unknown) =>
  Effect.gen(function* () {
    if (!createsWorkspace(message)) return
    const wait = yield* route.creations.wait(log.principal?.name ?? peerOf(request))
    if (wait === 0) return
    return yield* refuse(
      jsonRpcError(
        429,
        ErrorCodes.server,
        `Too Many Requests: at most ${route.creations.perMinute} new workspaces a minute from one client (see --max-creations-per-minute); pass an existing workspace id as 'workspace', or retry in ${wait} s`,
        { "retry-after": String(wait) }
      )
    )
  })
