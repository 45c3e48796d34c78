/**
 * A Prometheus endpoint (`GET /metrics`, off by default: `--metrics`), from Effect's own metrics
 * (effect/Metric, rendered by effect/observability's PrometheusMetrics): what an operator watches
 * on a replica.
 *
 *   dimensional_http_requests_total{path,method,status,tool}      requests answered
 *   dimensional_http_request_duration_seconds{path,tool}          their latency (histogram)
 *   dimensional_auth_failures_total{reason}                       401/503 of authorization, by reason
 *   dimensional_client_limited_total{why}                         429s: "rate" or "concurrency"
 *   dimensional_rate_limit_fallbacks_total                        requests measured against this replica's
 *                                                                 own bucket because the shared store did not answer
 *   dimensional_sessions_open, dimensional_workspaces_live        gauges, read at each scrape
 *
 * Rendered here too, recorded where they happen: tool calls by tool, outcome and error_type
 * (src/mcp/toolTelemetry.ts), corrections and retries (src/mcp/repair/repairTelemetry.ts), store
 * latency and errors by kind and operation (src/services/Telemetry.ts).
 *
 * Label values come from closed sets only (the server's routes, its tools' names, the reasons this
 * code names): a client cannot grow the series by sending new names. Nothing is recorded while the
 * endpoint is off.
 *
 *   --metrics                 DIMENSIONAL_HTTP_METRICS (default off; metricsConfig.ts)
 */
import { Effect, Metric } from "effect"
import { HttpServerResponse } from "effect/http"
import { PrometheusMetrics } from "effect/observability"
import { tools } from "../../../tools/index.ts"

export const metricsPath = "/metrics"

const toolNames = new Set(tools.map((t) => t.name))

const requests = Metric.counter("dimensional_http_requests_total", {
  description: "HTTP requests answered, by route, method, status and tool",
  incremental: true
})
const duration = Metric.histogram("dimensional_http_request_duration_seconds", {
  description: "Time to answer an HTTP request (for a stream: until its response started)",
  boundaries: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]
})
const authFailures = Metric.counter("dimensional_auth_failures_total", {
  description: "Requests refused by authorization (401) or unable to check a token (503), by reason",
  incremental: true
})
const limited = Metric.counter("dimensional_client_limited_total", {
  description: "Requests refused 429 by the limits per client, by limit",
  incremental: true
})
const rateFallbacks = Metric.counter("dimensional_rate_limit_fallbacks_total", {
  description: "Requests whose rate was measured against this replica's own bucket because the shared store (Redis) did not answer",
  incremental: true
})
/** One request measured against the local bucket (clientLimits.ts). */
export const recordRateFallback: Effect.Effect<void> = Metric.update(rateFallbacks, 1)
const sessionsOpen = Metric.gauge("dimensional_sessions_open", { description: "2025-era sessions open on this replica" })
const workspacesLive = Metric.gauge("dimensional_workspaces_live", { description: "Workspaces the store holds (-1 while it does not answer)" })

/** What one answered request contributes. */
export interface RequestFacts {
  readonly path: string
  readonly method: string
  readonly status: number
  readonly seconds: number
  readonly tool?: string | undefined
  /** An authorization refusal's reason (http/auth.ts), or `rate` / `concurrency` for a 429. */
  readonly refusal?: string | undefined
}

const methods = new Set(["GET", "POST", "DELETE", "OPTIONS"])

export const recordRequest = (facts: RequestFacts): Effect.Effect<void> => {
  const tool = facts.tool === undefined ? "" : toolNames.has(facts.tool) ? facts.tool : "unknown"
  const method = methods.has(facts.method) ? facts.method : "other"
  const updates: Array<Effect.Effect<void>> = [
    Metric.update(Metric.withAttributes(requests, { path: facts.path, method, status: String(facts.status), tool }), 1),
    Metric.update(Metric.withAttributes(duration, { path: facts.path, tool }), facts.seconds)
  ]
  if (facts.refusal !== undefined) {
    if (facts.status === 429) updates.push(Metric.update(Metric.withAttributes(limited, { why: facts.refusal }), 1))
    else updates.push(Metric.update(Metric.withAttributes(authFailures, { reason: facts.refusal }), 1))
  }
  return Effect.all(updates, { discard: true })
}

/** The scrape: the gauges read now, then every metric in Prometheus's text format. */
export const metricsResponse = (gauges: Effect.Effect<{ readonly sessions: number; readonly workspaces: number | null }>) =>
  Effect.gen(function* () {
    const now = yield* gauges
    yield* Metric.update(sessionsOpen, now.sessions)
    yield* Metric.update(workspacesLive, now.workspaces ?? -1)
    const body = yield* PrometheusMetrics.format()
    return HttpServerResponse.text(body, { contentType: "text/plain; version=0.0.4; charset=utf-8" })
  })
