/**
 * Failed authentications, throttled per source (issue 33, item 9: 559 wrong keys a second got 559
 * answers). Each source (the peer address: behind a proxy, the proxy) may fail `perMinute` times in
 * a burst, then `perMinute` a minute (a token bucket that only failures drain); past that, its
 * requests get 429 with Retry-After before any token is checked, so guessing keys or forging tokens
 * costs the guesser time and the server nothing. A token that passed recently (by its SHA-256, never
 * the token) is still checked while its source is throttled: clients behind the same proxy as a
 * guesser keep working.
 *
 *   --max-auth-failures-per-minute N    DIMENSIONAL_HTTP_MAX_AUTH_FAILURES_PER_MINUTE (default 30)
 *
 * Counted per replica (a source spread over replicas by a balancer gets N per replica): a bound,
 * not a quota.
 */
import { createHash } from "node:crypto"
import { makeByteLru } from "../../../services/byteLru.ts"

/** Sources remembered at most, and tokens known good: the least recently seen are forgotten first. */
const maxSources = 100_000
const maxGoodTokens = 10_000

export interface AuthFailures {
  /** Seconds until `source` may be checked again, 0 now; a token known good is always checked. */
  readonly wait: (source: string, authorization: string | undefined) => number
  /** `source` sent a credential that was refused. */
  readonly failed: (source: string) => void
  /** `authorization` was accepted: it is checked even while its source is throttled. */
  readonly passed: (authorization: string) => void
}

const digest = (authorization: string) => createHash("sha256").update(authorization).digest("base64url")

export const makeAuthFailures = (perMinute: number, now: () => number = Date.now): AuthFailures => {
  const perMs = perMinute / 60_000
  const buckets = makeByteLru<string, { readonly tokens: number; readonly at: number }>({ maxBytes: maxSources, maxEntries: maxSources })
  const good = makeByteLru<string, true>({ maxBytes: maxGoodTokens, maxEntries: maxGoodTokens })
  const tokensOf = (source: string, t: number) => {
    const known = buckets.get(source)
    return known === undefined ? perMinute : Math.min(perMinute, known.tokens + (t - known.at) * perMs)
  }
  return {
    wait: (source, authorization) => {
      const tokens = tokensOf(source, now())
      if (tokens >= 1 || (authorization !== undefined && good.has(digest(authorization)))) return 0
      return Math.max(1, Math.ceil((1 - tokens) / perMs / 1000))
    },
    failed: (source) => {
      const t = now()
      buckets.set(source, { tokens: tokensOf(source, t) - 1, at: t }, 1)
    },
    passed: (authorization) => good.set(digest(authorization), true, 1)
  }
}
