/**
 * A tool call's telemetry, over both transports: a span per call and, with `--metrics` (HTTP),
 * the calls by tool, outcome and error_type. Used only when telemetry is on (services/Telemetry.ts):
 * off, the server runs the call exactly as before.
 *
 * The span (`tools/call <tool>`, named as OpenTelemetry's MCP conventions name it:
 * https://opentelemetry.io/docs/specs/semconv/gen-ai/mcp/) carries the tool, the era, the outcome,
 * the error_type, the corrected dispatches (retries) and the time spent in the workspace store. Its
 * parent is, in this order:
 * 1. a W3C `traceparent` in the request's `params._meta` (the MCP convention for trace context:
 *    https://modelcontextprotocol.io/specification/2025-11-25/basic/index#meta). It wins over the
 *    HTTP header because it belongs to this one message, end to end: it travels unchanged through
 *    any proxy or gateway and over stdio, while a `traceparent` header belongs to the HTTP hop (a
 *    proxy or the client's HTTP library may have started or replaced it). The HTTP request's span is
 *    then linked, so the hop stays one click away;
 * 2. the HTTP request's span (itself continuing an incoming `traceparent` header);
 * 3. none: the call starts a trace (stdio without `_meta`).
 * A `tracestate` beside it is kept as an attribute (Effect's spans carry no trace state of their own).
 *
 *   dimensional_tool_calls_total{tool,outcome,error_type}     calls answered: success or error
 *   dimensional_tool_call_duration_seconds{tool}              their latency (histogram)
 *
 * Labels come from closed sets: the server's tool names (an unknown name never reaches a tool) and
 * the error types of the failure table (repair/failures.ts), never a unit or an argument's value.
 */
import { Effect, Exit, Metric, Tracer } from "effect"
import { type CallRecord, CurrentCall, type TelemetrySettings, latencyBoundaries, startsSampled } from "../services/Telemetry.ts"
import type { CallOutcome } from "./repair/callOutcome.ts"
import type { Answer } from "./toolResult.ts"

/**
 * The span of each HTTP request handed to the SDK, by the web Request the SDK hands back to the
 * handler (`ctx.http.req`): how a tool call finds its request's span across the SDK's callbacks.
 * Weak, so an answered request takes its entry with it.
 */
export const requestSpans = new WeakMap<Request, Tracer.AnySpan>()

const toolCalls = Metric.counter("dimensional_tool_calls_total", {
  description: "Tool calls answered, by tool, outcome (success or error) and error_type",
  incremental: true
})
const toolDuration = Metric.histogram("dimensional_tool_call_duration_seconds", {
  description: "Time to answer a tool call, corrections and store included",
  boundaries: latencyBoundaries
})

/**
 * Each labelled series built once and kept: the labels are closed sets (tools × error types), so
 * these stay small, and a call does not build its series' key anew.
 */
const toolCallSeries = new Map<string, Metric.Metric<number, unknown>>()
const durationSeries = new Map<string, Metric.Metric<number, unknown>>()
const seriesOf = <M>(series: Map<string, M>, key: string, make: () => M): M => {
  const known = series.get(key)
  if (known !== undefined) return known
  const made = make()
  series.set(key, made)
  return made
}

/** Success, or the failure's error_type (one of the table's; `internal_error` and `result_too_large` are in it). */
const outcomeOf = (answer: Answer): { readonly outcome: "success" | "error"; readonly errorType: string } =>
  answer.errorType === undefined ? { outcome: "success", errorType: "" } : { outcome: "error", errorType: answer.errorType }

/** W3C trace context values are short; anything longer is not one (https://www.w3.org/TR/trace-context/#tracestate-header). */
const MAX_TRACESTATE = 512

/**
 * A W3C `traceparent` of version 00 (https://www.w3.org/TR/trace-context/#traceparent-header):
 * `00-<trace-id: 32 lowercase hex>-<parent-id: 16 lowercase hex>-<flags: 2 hex>`, neither id all
 * zeros; bit 0 of the flags says the caller sampled it. Read here, as effect/http's
 * HttpTraceContext.w3c reads a header, because importing effect/http would put its whole HTTP
 * stack (about 150 KB) in the start of every stdio server.
 */
const traceparentForm = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/

const traceparentSpan = (traceparent: string): Tracer.ExternalSpan | undefined => {
  const parts = traceparentForm.exec(traceparent)
  if (parts === null) return undefined
  const [, traceId, spanId, flags] = parts as unknown as [string, string, string, string]
  if (/^0+$/.test(traceId) || /^0+$/.test(spanId)) return undefined
  return Tracer.externalSpan({ traceId, spanId, sampled: (Number.parseInt(flags, 16) & 1) === 1 })
}

/** The trace a request's `_meta` continues, with its `tracestate`; none when `_meta` carries no valid `traceparent`. */
export const metaTraceContext = (meta: unknown): { readonly parent: Tracer.ExternalSpan; readonly tracestate: string | undefined } | undefined => {
  if (typeof meta !== "object" || meta === null) return undefined
  const { traceparent, tracestate } = meta as { traceparent?: unknown; tracestate?: unknown }
  if (typeof traceparent !== "string" || traceparent.length > 55) return undefined
  const parent = traceparentSpan(traceparent)
  if (parent === undefined) return undefined
  return { parent, tracestate: typeof tracestate === "string" && tracestate.length <= MAX_TRACESTATE ? tracestate : undefined }
}

/** What the server knows of a call before it runs. */
export interface ToolCallFacts {
  readonly tool: string
  readonly era: "legacy" | "modern"
  /** The request's `params._meta`. */
  readonly meta: unknown
  /** The HTTP request it came in (absent over stdio). */
  readonly request: Request | undefined
}

/** Told the call's outcome once it is known (the retry executor's report). */
export type CallObserver = (outcome: CallOutcome) => void

/**
 * Runs a call under its telemetry: `run` builds the call, passing the observer to the tool runner.
 * Never fails, as the call does not.
 */
export const observeToolCall = <R>(
  settings: TelemetrySettings,
  facts: ToolCallFacts,
  run: (observe: CallObserver) => Effect.Effect<Answer, never, R>
): Effect.Effect<Answer, never, R> =>
  Effect.suspend(() => {
    const started = performance.now()
    const call: CallRecord = { storeSeconds: 0, span: undefined }
    let retries = 0
    const body = Effect.provideService(
      run((outcome) => {
        retries = outcome.retry === undefined ? 0 : outcome.retry.attempts - 1
      }),
      CurrentCall,
      call
    )
    const record = (answer: Answer) => {
      const { outcome, errorType } = outcomeOf(answer)
      return Effect.andThen(
        Metric.update(
          seriesOf(toolCallSeries, `${facts.tool}\u0000${errorType}`, () =>
            Metric.withAttributes(toolCalls, { tool: facts.tool, outcome, error_type: errorType })
          ),
          1
        ),
        Metric.update(
          seriesOf(durationSeries, facts.tool, () => Metric.withAttributes(toolDuration, { tool: facts.tool })),
          (performance.now() - started) / 1000
        )
      )
    }
    const measured = settings.metrics ? Effect.tap(body, record) : body
    if (!settings.traced) return measured
    const fromMeta = metaTraceContext(facts.meta)
    const requestSpan = facts.request === undefined ? undefined : requestSpans.get(facts.request)
    // head sampling, parent-based: a caller's traceparent decides; over HTTP a request the server
    // did not record (its span unmade) is not recorded below either; a trace starting here is drawn
    const sampled = fromMeta !== undefined ? fromMeta.parent.sampled : facts.request !== undefined ? requestSpan?.sampled === true : startsSampled(settings)
    if (!sampled) return Effect.withTracerEnabled(measured, false)
    const parent = fromMeta?.parent ?? requestSpan
    const links: Array<Tracer.SpanLink> =
      fromMeta !== undefined && requestSpan !== undefined ? [{ span: requestSpan, attributes: { "dimensional.link": "http request" } }] : []
    const options = {
      ...(parent === undefined ? { root: true } : { parent }),
      links,
      // the request's own span is the server span over HTTP; over stdio the call is the server's work
      kind: requestSpan === undefined ? ("server" as const) : ("internal" as const),
      attributes: {
        "mcp.method.name": "tools/call",
        "mcp.tool": facts.tool,
        "mcp.era": facts.era === "modern" ? "2026-07-28" : "2025",
        ...(fromMeta?.tracestate === undefined ? {} : { "w3c.tracestate": fromMeta.tracestate })
      }
    }
    // the span is the call's (CurrentCall), not the fiber's current span: see services/Telemetry.ts
    return Effect.flatMap(Effect.makeSpan(`tools/call ${facts.tool}`, options), (span) => {
      call.span = span
      return Effect.onExit(measured, (exit) =>
        Effect.clockWith((clock) =>
          Effect.sync(() => {
            if (Exit.isSuccess(exit)) {
              const { outcome, errorType } = outcomeOf(exit.value)
              span.attribute("dimensional.outcome", outcome)
              if (errorType !== "") span.attribute("dimensional.error_type", errorType)
              span.attribute("dimensional.retries", retries)
              span.attribute("dimensional.store_time_ms", Math.round(call.storeSeconds * 1e6) / 1e3)
            }
            span.end(clock.currentTimeNanosUnsafe(), exit)
          })
        )
      )
    })
  })
