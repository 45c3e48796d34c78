/**
 * The request rate of one client, as a token bucket (https://en.wikipedia.org/wiki/Token_bucket):
 * a client may burst N requests, then N per period. Shared by both transports: over HTTP each
 * principal has its bucket (http/clientLimits.ts; in Redis when replicas share one), over stdio
 * the one client has one (stdio.ts), and an over-rate tools/call answers `rate_limited`.
 *
 *   --rate-limit 20/second        DIMENSIONAL_HTTP_RATE_LIMIT (default: none); N/second, N/minute, N/hour
 */
import { Config, ConfigProvider } from "effect"

export const rateLimitEnv = "DIMENSIONAL_HTTP_RATE_LIMIT"

export interface Rate {
  /** Requests per period, also the burst. */
  readonly requests: number
  readonly periodMs: number
}

const periods: Readonly<Record<string, number>> = { s: 1_000, sec: 1_000, second: 1_000, m: 60_000, min: 60_000, minute: 60_000, h: 3_600_000, hour: 3_600_000 }

/** "20/second", "600/minute", "5000/hour" (also s, min, h). */
export const parseRate = (text: string): Rate | undefined => {
  const m = /^(\d{1,9})\s*\/\s*([a-z]+)$/.exec(text.trim().toLowerCase())
  const periodMs = m ? periods[m[2]!] : undefined
  const requests = m ? Number(m[1]) : 0
  return periodMs !== undefined && requests > 0 ? { requests, periodMs } : undefined
}

/** The configured rate, undefined when none is set. */
export const rateSetting: Config.Config<Rate | undefined> = Config.option(
  Config.String(rateLimitEnv).pipe(
    Config.flatMap((text) => {
      const rate = parseRate(text)
      return rate === undefined
        ? Config.fail(
            new ConfigProvider.SourceError({
              message: `${rateLimitEnv}: expected requests per period such as "20/second", "600/minute" or "5000/hour", got '${text}'`
            })
          )
        : Config.succeed(rate)
    })
  )
).pipe(Config.map((o) => (o._tag === "Some" ? o.value : undefined)))

export interface RateBuckets {
  /** Takes one request of `client`'s rate: 0 when granted, else the milliseconds until one is. */
  readonly take: (client: string) => number
}

/** Clients remembered at most: past this, the one seen longest ago is forgotten (its bucket was full again long ago, or nearly). */
const maxClients = 100_000

/** Buckets in this process's memory, bounded in number. */
export const makeRateBuckets = (rate: Rate, now: () => number = Date.now): RateBuckets => {
  const buckets = new Map<string, { tokens: number; at: number }>()
  const perMs = rate.requests / rate.periodMs
  return {
    take: (client) => {
      const t = now()
      const known = buckets.get(client)
      const tokens = known ? Math.min(rate.requests, known.tokens + (t - known.at) * perMs) : rate.requests
      // Map order is insertion order, and each use re-inserts: the first entry was seen longest ago
      buckets.delete(client)
      if (buckets.size >= maxClients) buckets.delete(buckets.keys().next().value!)
      if (tokens < 1) {
        buckets.set(client, { tokens, at: t })
        return Math.max(1, Math.ceil((1 - tokens) / perMs))
      }
      buckets.set(client, { tokens: tokens - 1, at: t })
      return 0
    }
  }
}
