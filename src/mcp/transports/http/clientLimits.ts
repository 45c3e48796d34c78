/**
 * Limits per client, so one client cannot take the whole server: a request rate (a token bucket
 * per principal, https://en.wikipedia.org/wiki/Token_bucket) and a bound on its requests in flight.
 * The client is the authorized principal (http/auth.ts), or the peer address on a server without
 * authorization (behind a proxy that is the proxy: configure authorization there).
 *
 *   --rate-limit 20/second        DIMENSIONAL_HTTP_RATE_LIMIT (default: none); N/second, N/minute, N/hour.
 *                                 A client may burst N requests, then N per period.
 *   --client-concurrency N        DIMENSIONAL_HTTP_CLIENT_CONCURRENCY (default 32): requests of one
 *                                 client being answered at once (a session's open GET stream is not counted)
 *
 * Over either, the answer is 429 Too Many Requests with Retry-After (RFC 6585 section 4): the
 * request did nothing, and the client may send it again then. The buckets live in this process:
 * with several replicas behind a balancer, each replica grants the rate (see the README).
 */
import { Config, ConfigProvider } from "effect"

export const clientLimitsEnv = { rate: "DIMENSIONAL_HTTP_RATE_LIMIT", concurrency: "DIMENSIONAL_HTTP_CLIENT_CONCURRENCY" } as const

export interface Rate {
  /** Requests per period, also the burst. */
  readonly requests: number
  readonly periodMs: number
}

export interface ClientLimitSettings {
  readonly rate: Rate | undefined
  readonly concurrency: number
}

export const defaultClientConcurrency = 32

const periods: Readonly<Record<string, number>> = { s: 1_000, sec: 1_000, second: 1_000, m: 60_000, min: 60_000, minute: 60_000, h: 3_600_000, hour: 3_600_000 }

/** "20/second", "600/minute", "5000/hour" (also s, min, h). */
export const parseRate = (text: string): Rate | undefined => {
  const m = /^(\d{1,9})\s*\/\s*([a-z]+)$/.exec(text.trim().toLowerCase())
  const periodMs = m ? periods[m[2]!] : undefined
  const requests = m ? Number(m[1]) : 0
  return periodMs !== undefined && requests > 0 ? { requests, periodMs } : undefined
}

export const clientLimitSettings: Config.Config<ClientLimitSettings> = Config.all({
  rate: Config.option(
    Config.String(clientLimitsEnv.rate).pipe(
      Config.flatMap((text) => {
        const rate = parseRate(text)
        return rate === undefined
          ? Config.fail(
              new ConfigProvider.SourceError({
                message: `${clientLimitsEnv.rate}: expected requests per period such as "20/second", "600/minute" or "5000/hour", got '${text}'`
              })
            )
          : Config.succeed(rate)
      })
    )
  ).pipe(Config.map((o) => (o._tag === "Some" ? o.value : undefined))),
  concurrency: Config.Int(clientLimitsEnv.concurrency).pipe(
    Config.flatMap((n) =>
      n >= 1 && n <= 100_000
        ? Config.succeed(n)
        : Config.fail(new ConfigProvider.SourceError({ message: `${clientLimitsEnv.concurrency}: expected 1 to 100000, got ${n}` }))
    ),
    Config.withDefault(defaultClientConcurrency)
  )
})

/** Clients remembered at most: past this, the one idle longest is forgotten (its bucket was full again long ago, or nearly). */
const maxClients = 100_000

export type Admission =
  | { readonly _tag: "Admitted"; readonly release: () => void }
  | { readonly _tag: "Limited"; readonly why: "rate" | "concurrency"; readonly retryAfterSeconds: number }

export interface ClientLimiter {
  /** Takes a token and (with `slot`) a place in flight for `client`, or says how long to wait. */
  readonly admit: (client: string, slot?: boolean) => Admission
}

interface Bucket {
  tokens: number
  updated: number
  inFlight: number
}

export const makeClientLimiter = (settings: ClientLimitSettings, now: () => number = Date.now): ClientLimiter => {
  const buckets = new Map<string, Bucket>()
  const rate = settings.rate
  const capacity = rate?.requests ?? 0
  const perMs = rate === undefined ? 0 : rate.requests / rate.periodMs

  const bucketOf = (client: string, at: number): Bucket => {
    let bucket = buckets.get(client)
    if (bucket === undefined) {
      bucket = { tokens: capacity, updated: at, inFlight: 0 }
      if (buckets.size >= maxClients) {
        // Map order is insertion order, and each use re-inserts: the first entry idled longest
        for (const [key, b] of buckets) {
          if (b.inFlight === 0) {
            buckets.delete(key)
            break
          }
        }
      }
    } else buckets.delete(client)
    buckets.set(client, bucket)
    if (rate !== undefined) {
      bucket.tokens = Math.min(capacity, bucket.tokens + (at - bucket.updated) * perMs)
      bucket.updated = at
    }
    return bucket
  }

  const admit = (client: string, slot = true): Admission => {
    const at = now()
    const bucket = bucketOf(client, at)
    if (slot && bucket.inFlight >= settings.concurrency) return { _tag: "Limited", why: "concurrency", retryAfterSeconds: 1 }
    if (rate !== undefined) {
      if (bucket.tokens < 1) return { _tag: "Limited", why: "rate", retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / perMs / 1000)) }
      bucket.tokens -= 1
    }
    if (!slot) return { _tag: "Admitted", release: () => {} }
    bucket.inFlight++
    let released = false
    return {
      _tag: "Admitted",
      release: () => {
        if (released) return
        released = true
        bucket.inFlight--
      }
    }
  }

  return { admit }
}
