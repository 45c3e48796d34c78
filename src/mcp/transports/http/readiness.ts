/**
 * `GET /readyz`: whether *this* replica can serve right now, for a load balancer or an orchestrator
 * to send its requests elsewhere while it cannot (`/healthz` stays liveness: the process answers).
 * Only the replica's own state decides: it is shutting down, its event loop lags (it is saturated),
 * or its heap is near its limit. What every replica shares (the workspace store, the issuer's keys)
 * never makes it not ready: when one of them is briefly away, every replica would be not ready at
 * once and a balancer following `/readyz` would take the whole service out (issue 33, item 2),
 * while calls that need neither (built-in conversions, tokens of keys already fetched) still
 * answer. Shared dependencies surface instead where they matter: a 503 or `store_unavailable` on
 * the calls that need them, a warning in the log when one goes away and a line when it is back,
 * the metric `dimensional_dependency_up{dependency}`, and their state in this answer:
 *
 *   200 {"status":"ready","replica":"ok","store":"ok","issuer":"ok"}     ("issuer":"none" without one)
 *   200 {"status":"ready","replica":"ok","store":"unavailable: …","issuer":"ok"}
 *   503 {"status":"not ready","replica":"shutting down","store":"ok","issuer":"ok"}
 *
 * The dependencies are watched in the background (every `everyMs`), so a probe from every balancer
 * every second costs the issuer and the store nothing.
 */
import { monitorEventLoopDelay } from "node:perf_hooks"
import { getHeapStatistics } from "node:v8"
import { Effect, Metric, Schedule } from "effect"
import { HttpServerResponse } from "effect/http"
import type { StoreUnavailable } from "../../../engine/errors.ts"

export const readyPath = "/readyz"

export interface DependencyChecks {
  /** Any cheap call of the store. */
  readonly store: Effect.Effect<unknown, StoreUnavailable>
  /** undefined without an issuer. */
  readonly issuerKeys: (() => Promise<boolean>) | undefined
}

const dependencyUp = Metric.gauge("dimensional_dependency_up", {
  description: "Whether a dependency every replica shares answers (1) or not (0), by dependency: store, issuer"
})

type State = "ok" | "none" | `unavailable: ${string}`

/** The shared dependencies' last known state, kept by a background watch for as long as the scope lives. */
export const watchDependencies = (checks: DependencyChecks, options: { readonly everyMs?: number; readonly metrics?: boolean } = {}) =>
  Effect.gen(function* () {
    const states: { store: State; issuer: State } = { store: "ok", issuer: checks.issuerKeys === undefined ? "none" : "ok" }
    const downSince: { store?: number; issuer?: number } = {}
    const note = (name: "store" | "issuer", next: State) =>
      Effect.gen(function* () {
        const was = states[name]
        if (options.metrics === true && next !== "none") yield* Metric.update(Metric.withAttributes(dependencyUp, { dependency: name }), next === "ok" ? 1 : 0)
        if (was === "ok" && next !== "ok" && next !== "none") {
          downSince[name] = Date.now()
          yield* Effect.logWarning(
            `${name === "store" ? "the workspace store" : "the issuer's keys"}: ${next}; the calls that need it answer 503 or store_unavailable, the others are served, and this replica stays ready`
          )
        } else if (was !== "ok" && next === "ok" && downSince[name] !== undefined) {
          yield* Effect.logInfo(
            `${name === "store" ? "the workspace store answers" : "the issuer's keys can be fetched"} again, after ${((Date.now() - downSince[name]!) / 1000).toFixed(1)} s`
          )
          delete downSince[name]
        }
        // said in the log first: whoever reads the new state finds its line there
        states[name] = next
      })
    const probe = Effect.gen(function* () {
      const store = yield* checks.store.pipe(
        Effect.as<State>("ok"),
        Effect.catch((error) => Effect.succeed<State>(`unavailable: ${error.message}`))
      )
      const keys = checks.issuerKeys
      const issuer =
        keys === undefined
          ? ("none" as const)
          : yield* Effect.promise(async (): Promise<State> => ((await keys()) ? "ok" : "unavailable: the issuer's metadata or keys cannot be fetched"))
      yield* note("store", store)
      yield* note("issuer", issuer)
    })
    // in the background from the start: an issuer that does not answer must not hold the start-up
    yield* probe.pipe(Effect.repeat(Schedule.spaced(`${options.everyMs ?? 5_000} millis`)), Effect.forkScoped)
    return { current: () => ({ ...states }) }
  })

/** This replica's own state: whether it shuts down (`draining`), how its event loop and heap fare. */
export const makeReplicaHealth = (draining: () => boolean, limits: { readonly maxLagMs?: number; readonly maxHeapShare?: number } = {}) => {
  const lag = monitorEventLoopDelay({ resolution: 20 })
  lag.enable()
  return {
    /** "ok", or why this replica should get no requests now. */
    state: (): string => {
      if (draining()) return "shutting down"
      const p99 = lag.percentile(99) / 1e6
      lag.reset()
      if (p99 > (limits.maxLagMs ?? 2_000)) return `overloaded: its event loop lags ${Math.round(p99)} ms`
      const heap = getHeapStatistics()
      const share = heap.used_heap_size / heap.heap_size_limit
      if (share > (limits.maxHeapShare ?? 0.9)) return `out of memory soon: its heap is at ${Math.round(share * 100)} % of its limit`
      return "ok"
    },
    stop: () => lag.disable()
  }
}

export type ReplicaHealth = ReturnType<typeof makeReplicaHealth>

/** The answer to `GET /readyz`. */
export const readiness = (
  health: { readonly state: () => string },
  dependencies: { readonly current: () => { readonly store: State; readonly issuer: State } }
) =>
  Effect.sync(() => {
    const replica = health.state()
    const ready = replica === "ok"
    return HttpServerResponse.jsonUnsafe(
      { status: ready ? "ready" : "not ready", replica, ...dependencies.current() },
      { status: ready ? 200 : 503, headers: { "cache-control": "no-store" } }
    )
  })
