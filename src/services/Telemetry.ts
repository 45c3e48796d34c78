/**
 * Whether this process records telemetry, and the store's part of it. Traces go out over OTLP
 * (`--otlp-endpoint`), metrics are served for Prometheus (`--metrics`, HTTP only); both are off by
 * default, and then nothing here runs on a call: the decision is read once, when a layer is built
 * or, on paths that are already slow (a correction, a question to the client's model), once per
 * use, and everything that records sits behind it.
 *
 * The store's operations are spans named `WorkspaceStore.get` / `.set` / `.delete` (with the kind
 * of store as an attribute), and with metrics on:
 *
 *   dimensional_store_operation_duration_seconds{store,operation}   latency (histogram)
 *   dimensional_store_errors_total{store,operation}                 failed operations
 *
 * The labels come from closed sets (memory, file, redis; get, set, delete, end, ended): never a
 * workspace id or a path.
 */
import { Context, Effect, Exit, Metric, Option, Tracer } from "effect"
import type { WorkspaceStore } from "./storeCommon.ts"
import type { ReplicaState } from "./ReplicaState.ts"

export interface TelemetrySettings {
  /** Spans are exported (an OTLP endpoint is set): create them. */
  readonly traced: boolean
  /** Metrics are served (`--metrics`): record them. */
  readonly metrics: boolean
  /** The share of traces that start here to record (head sampling; 1 when absent). */
  readonly sampleRatio?: number
}

export const telemetryOff: TelemetrySettings = { traced: false, metrics: false }

/**
 * Whether a trace that starts here is recorded: drawn once at its root, at the configured ratio
 * (a trace continued from a caller follows the caller's sampled flag instead). An unrecorded trace
 * runs with the tracer off, so it makes no span at all.
 */
export const startsSampled = (settings: TelemetrySettings): boolean => {
  const ratio = settings.sampleRatio ?? 1
  return ratio >= 1 || (ratio > 0 && Math.random() < ratio)
}

/** What this process records; off unless the composition root (src/layers.ts) or the HTTP server says otherwise. */
export const Telemetry = Context.Reference<TelemetrySettings>("dimensional/Telemetry", { defaultValue: () => telemetryOff })

/** Whether anything is recorded at all. */
export const recording = (settings: TelemetrySettings): boolean => settings.traced || settings.metrics

/** What the tool call being served records as it runs. */
export interface CallRecord {
  /** Time spent in the workspace store: each operation adds its duration. */
  storeSeconds: number
  /** The call's span, when the call is traced: the parent of the spans made inside it. */
  span: Tracer.Span | undefined
}

/**
 * The tool call being served (set per call by the tool-call telemetry, src/mcp/toolTelemetry.ts;
 * absent outside a call). The call's span travels here rather than as the fiber's current span:
 * making a span current rebuilds the fiber's cached context, which cost a traced call more than the
 * span itself, and only the few spans below a call need their parent.
 */
export const CurrentCall = Context.Reference<CallRecord | undefined>("dimensional/CurrentCall", { defaultValue: () => undefined })

/**
 * `effect` with the current tool call's span as its parent, when the call has one and no span made
 * inside the call (the correctors') is current already.
 */
export const underCallSpan = <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
  Effect.withFiber((fiber) => {
    const call = fiber.getRef(CurrentCall)
    if (call?.span === undefined || Option.isSome(Context.getOption(fiber.context, Tracer.ParentSpan))) return effect
    return Effect.withParentSpan(effect, call.span)
  })

/**
 * Span options without the call site's stack trace, which Effect captures by default for every span
 * (an Error per span, exported as `code.stacktrace`): on a per-call path that cost more than the
 * span itself. Typed wide because `Effect.fn`'s options do not name the setting its spans honour.
 */
export const spanOptions = (attributes: Record<string, unknown>, more: { readonly kind?: "client" | "server" | "internal" } = {}) => {
  const options = { attributes, ...more, captureStackTrace: false }
  return options as { readonly attributes: Record<string, unknown>; readonly kind?: "client" | "server" | "internal" }
}

/** Latency buckets from a memory read (microseconds) to a Redis call at its 3 s time-out. */
export const latencyBoundaries = [0.00005, 0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5]

const storeDuration = Metric.histogram("dimensional_store_operation_duration_seconds", {
  description: "Time a workspace store operation took, by kind of store and operation",
  boundaries: latencyBoundaries
})
const storeErrors = Metric.counter("dimensional_store_errors_total", {
  description: "Workspace store operations that failed (store_unavailable), by kind of store and operation",
  incremental: true
})

export type StoreKind = "memory" | "file" | "redis"

/** The kind of store a description names ("memory", "file:/dir", "redis://host"). */
export const storeKindOf = (description: string): StoreKind => (description.startsWith("redis") ? "redis" : description.startsWith("file:") ? "file" : "memory")

/** `get` for a read, `set` for a compare-and-set write, `delete` for a removal; `end` and `ended` for a session's end. */
type StoreOperation = "get" | "set" | "delete" | "end" | "ended"

const instrumentOperation = <Args extends ReadonlyArray<unknown>, A, E>(
  settings: TelemetrySettings,
  store: StoreKind,
  operation: StoreOperation,
  run: (...args: Args) => Effect.Effect<A, E>
): ((...args: Args) => Effect.Effect<A, E>) => {
  const attributes = { store, operation }
  const duration = Metric.withAttributes(storeDuration, attributes)
  const errors = Metric.withAttributes(storeErrors, attributes)
  const measured = (...args: Args): Effect.Effect<A, E> =>
    Effect.suspend(() => {
      const started = performance.now()
      return Effect.onExit(run(...args), (exit) =>
        Effect.flatMap(CurrentCall, (call) => {
          const seconds = (performance.now() - started) / 1000
          if (call !== undefined) call.storeSeconds += seconds
          if (!settings.metrics) return Effect.void
          // a store that did not answer is an error; a write it refused (a principal's quota) is its answer
          const unavailable = Option.exists(Exit.findErrorOption(exit), (e) => (e as { _tag?: string } | undefined)?._tag === "StoreUnavailable")
          return unavailable ? Effect.andThen(Metric.update(duration, seconds), Metric.update(errors, 1)) : Metric.update(duration, seconds)
        })
      )
    })
  // an in-process map is no I/O boundary: its time still counts in the call's store time, but a span
  // of its own would double what tracing costs a call and say nothing the call's span does not
  if (!settings.traced || store === "memory") return measured
  // a named span per operation at the I/O boundary, a child of the tool call's span. Effect.withSpan
  // rather than Effect.fn: a store operation runs on nearly every call, and Effect.fn captures its
  // call site (an Error) each time, as a span does by default; both were the largest part of what
  // tracing added to a call (bench/telemetry.ts), and neither says more than the span's name.
  const name = `WorkspaceStore.${operation}`
  const options = spanOptions({ "dimensional.store": store })
  return (...args: Args) => underCallSpan(Effect.withSpan(measured(...args), name, options))
}

/** The store with its operations timed, counted and (when traced) spanned; the store itself when nothing is recorded. */
export const instrumentStore = (store: WorkspaceStore["Service"], settings: TelemetrySettings): WorkspaceStore["Service"] => {
  if (!recording(settings)) return store
  const kind = storeKindOf(store.description)
  return {
    ...store,
    read: instrumentOperation(settings, kind, "get", store.read),
    write: instrumentOperation(settings, kind, "set", store.write),
    remove: instrumentOperation(settings, kind, "delete", store.remove)
  }
}

/** The replica state kept by the same store, its session ends timed, counted and spanned like the store's operations. */
export const instrumentReplicaState = (state: ReplicaState["Service"], kind: StoreKind, settings: TelemetrySettings): ReplicaState["Service"] => {
  if (!recording(settings)) return state
  return { ...state, end: instrumentOperation(settings, kind, "end", state.end), ended: instrumentOperation(settings, kind, "ended", state.ended) }
}
