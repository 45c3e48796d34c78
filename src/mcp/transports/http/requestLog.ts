/** One log line (and, with --metrics, the metrics) per request, with its request id. */
import { Effect, Option } from "effect"
import { type HttpServerRequest, HttpServerResponse } from "effect/http"
import { logName } from "../../../services/logName.ts"
import type { Principal } from "./auth.ts"
import type { recordRequest } from "./metrics.ts"

/** The per-request facts the log line reports. */
export interface RequestLog {
  readonly requestId: string
  sessionId: string | undefined
  /** Who sent it, on a server that authorizes (http/auth.ts). */
  principal?: Principal
  /** The tool a tools/call names (its arguments are never logged). */
  tool?: string
  /** Why the request was refused by authorization or a limit per client (for the metrics). */
  refusal?: string
}

export const requestIdPattern = /^[A-Za-z0-9._:-]{1,64}$/

/** Wraps a handler: request id (X-Request-Id in and out), log annotations, one log line per request and, with `record` (--metrics), its metrics under `route`. */
export const observed =
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
