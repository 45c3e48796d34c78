/**
 * Limits per client, so one client cannot take the whole server: a request rate (a token bucket
 * per principal, ../rateLimit.ts) and a bound on its requests in flight. The client is the
 * authorized principal (http/auth.ts), or the peer address on a server without authorization
 * (behind a proxy that is the proxy: configure authorization there).
 *
 *   --rate-limit 20/second        DIMENSIONAL_HTTP_RATE_LIMIT (default: none); N/second, N/minute, N/hour.
 *                                 A client may burst N requests, then N per period.
 *   --client-concurrency N        DIMENSIONAL_HTTP_CLIENT_CONCURRENCY (default 32): requests of one
 *                                 client being answered at once (a session's open GET stream is not counted)
 *
 * Over either, the answer is 429 Too Many Requests with Retry-After (RFC 6585 section 4): the
 * request did nothing, and the client may send it again then. With a store shared by replicas
 * (Redis) the rate's buckets live there, so a principal gets the configured rate in all, however
 * the balancer spreads its requests; requests in flight are counted per replica (a slot is held by
 * this process's own connection).
 */
import { Config, ConfigProvider, Effect } from "effect"
import { type Rate, makeRateBuckets, rateLimitEnv, rateSetting } from "../rateLimit.ts"

export { type Rate, parseRate } from "../rateLimit.ts"

export const clientLimitsEnv = { rate: rateLimitEnv, concurrency: "DIMENSIONAL_HTTP_CLIENT_CONCURRENCY" } as const

export interface ClientLimitSettings {
  readonly rate: Rate | undefined
  readonly concurrency: number
}

export const defaultClientConcurrency = 32

export const clientLimitSettings: Config.Config<ClientLimitSettings> = Config.all({
  rate: rateSetting,
  concurrency: Config.Int(clientLimitsEnv.concurrency).pipe(
    Config.flatMap((n) =>
      n >= 1 && n <= 100_000
        ? Config.succeed(n)
        : Config.fail(new ConfigProvider.SourceError({ message: `${clientLimitsEnv.concurrency}: expected 1 to 100000, got ${n}` }))
    ),
    Config.withDefault(defaultClientConcurrency)
  )
})

export type Admission =
  | { readonly _tag: "Admitted"; readonly release: () => void }
  | { readonly _tag: "Limited"; readonly why: "rate" | "concurrency"; readonly retryAfterSeconds: number }

export interface ClientLimiter {
  /** Takes a token and (with `slot`) a place in flight for `client`, or says how long to wait. */
  readonly admit: (client: string, slot?: boolean) => Effect.Effect<Admission>
}

/** The rate's buckets in a store every replica shares (WorkspaceStore's `rateBucket`). */
export interface SharedBuckets {
  /** 0 when granted, else the milliseconds until a request is; fails when the store does not answer. */
  readonly take: (client: string, rate: Rate) => Effect.Effect<number, unknown>
  /** Told each time a request was measured against this process's own bucket instead (logs, metrics). */
  readonly onFallback: (error: unknown) => Effect.Effect<void>
}

export interface LimiterOptions {
  readonly now?: () => number
  readonly shared?: SharedBuckets | undefined
}

const admitted: Admission = { _tag: "Admitted", release: () => {} }

export const makeClientLimiter = (settings: ClientLimitSettings, options: LimiterOptions = {}): ClientLimiter => {
  const rate = settings.rate
  const local = rate === undefined ? undefined : makeRateBuckets(rate, options.now)
  const shared = options.shared
  // requests in flight per client; an entry lives only while it is above 0, so the map is bounded by them
  const inFlight = new Map<string, number>()

  const localWait = (client: string) => Effect.sync(() => local?.take(client) ?? 0)
  // When the shared store does not answer, each replica measures the client against its own bucket:
  // the rate is then at most (replicas × rate), still a bound, and every request is told to the
  // operator (a warning in the log, a metric). Failing closed (503 to everyone) would turn a Redis
  // outage into an outage of the calls that never touch Redis (convert, compute, the listings).
  const rateWait = (client: string): Effect.Effect<number> =>
    rate === undefined
      ? Effect.succeed(0)
      : shared === undefined
        ? localWait(client)
        : shared.take(client, rate).pipe(Effect.catch((error: unknown) => Effect.andThen(shared.onFallback(error), localWait(client))))

  const takeSlot = (client: string): Admission => {
    inFlight.set(client, (inFlight.get(client) ?? 0) + 1)
    let released = false
    return {
      _tag: "Admitted",
      release: () => {
        if (released) return
        released = true
        const n = (inFlight.get(client) ?? 1) - 1
        if (n <= 0) inFlight.delete(client)
        else inFlight.set(client, n)
      }
    }
  }

  const full = (client: string) => (inFlight.get(client) ?? 0) >= settings.concurrency
  const busy: Admission = { _tag: "Limited", why: "concurrency", retryAfterSeconds: 1 }

  const admit = (client: string, slot = true): Effect.Effect<Admission> =>
    Effect.suspend(() => {
      if (slot && full(client)) return Effect.succeed(busy)
      return Effect.map(rateWait(client), (waitMs): Admission => {
        if (waitMs > 0) return { _tag: "Limited", why: "rate", retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) }
        if (!slot) return admitted
        // checked again: the shared bucket's answer took a round trip, in which others may have come in
        return full(client) ? busy : takeSlot(client)
      })
    })

  return { admit }
}

/**
 * The `onFallback` of the shared buckets: a warning at most every `everyMs` (an outage of the store
 * would otherwise log one line per request), and `count` for each request.
 */
export const fallbackReporter = (count: Effect.Effect<void>, everyMs = 10_000, now: () => number = Date.now) => {
  let lastWarned = Number.NEGATIVE_INFINITY
  let since = 0
  return (error: unknown): Effect.Effect<void> =>
    Effect.suspend(() => {
      since++
      const t = now()
      if (t - lastWarned < everyMs) return count
      const requests = since
      lastWarned = t
      since = 0
      const reason =
        error instanceof Error ? error.message : typeof error === "object" && error !== null && "message" in error ? String(error.message) : String(error)
      return Effect.andThen(
        count,
        Effect.logWarning(
          `rate limit: the shared store did not answer (${reason}); ${requests} request(s) measured against this replica's own bucket, so each replica grants the rate until it answers again`
        )
      )
    })
}
