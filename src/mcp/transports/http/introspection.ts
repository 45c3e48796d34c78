/**
 * Opaque access tokens, checked by token introspection (RFC 7662,
 * https://www.rfc-editor.org/rfc/rfc7662): the issuer's `introspection_endpoint` (from its
 * metadata, as for the JWKS in jwt.ts) is asked about each token, this server authenticating as a
 * confidential client with HTTP Basic (RFC 7662 section 2.1; RFC 6749 section 2.3.1 encodes the id
 * and secret before joining them). The answer is checked as a JWT's claims are: `active` must be
 * true, `iss` (when given) the configured issuer, `aud` must name this resource (RFC 8707), `exp`
 * must be given and not past, `nbf` not ahead (a minute of clock skew either way); the scopes are
 * `scope`'s.
 *
 *   --auth-introspection                on when set (DIMENSIONAL_AUTH_INTROSPECTION); needs --auth-issuer
 *   --auth-client-id ID                 this server's client at the issuer (DIMENSIONAL_AUTH_CLIENT_ID)
 *   --auth-client-secret-file PATH      its secret, in a file (DIMENSIONAL_AUTH_CLIENT_SECRET_FILE)
 *
 * Answers are cached, so a client's every request is not a round trip to the issuer: by the
 * token's SHA-256 (the token itself is never kept), for at most `cacheMs` (60 s) and never past
 * the token's `exp`; at most `cacheEntries` tokens, the least recently used forgotten first, so
 * made-up tokens cannot grow the cache. A revoked token is therefore refused within `cacheMs`. An
 * issuer that does not answer is never cached: its tokens get 503 until it does (never a 401: the
 * token may well be good). At most `maxInFlight` (32) questions are open at once: a flood of made-up
 * tokens (each new, so none is cached) gets 503 beyond that, rather than being passed on to the issuer.
 */
import { createHash } from "node:crypto"
import { type TokenCheck, type TokenProblem, issuerMetadata, metadataEndpoint, scopesOf, stringClaim } from "./jwt.ts"
import { audienceForms } from "./authConfig.ts"
import type { JWTPayload } from "jose"

export interface IntrospectionOptions {
  readonly issuer: URL
  /** This resource's URL: the `aud` every token must name. */
  readonly audience: string
  readonly clientId: string
  readonly clientSecret: string
  readonly timeoutMs?: number
  readonly cacheMs?: number
  readonly cacheEntries?: number
  readonly maxInFlight?: number
  readonly now?: () => number
}

export interface Introspector {
  readonly verify: (token: string) => Promise<TokenCheck>
  /** Whether the issuer's metadata names an introspection endpoint that can be reached now (for readiness). */
  readonly reachable: () => Promise<boolean>
  /** How many issuer round trips were made (tests read it to see the cache at work). */
  readonly requests: () => number
}

/** The clock skew allowed on `exp` and `nbf`, as for JWTs (jwt.ts). */
const skewSeconds = 60

const unavailable = (error: unknown): TokenProblem => ({
  _tag: "unavailable",
  description: `the authorization server cannot check the token right now (${error instanceof Error ? error.message : String(error)})`
})
const invalid = (reason: string, description: string): TokenProblem => ({ _tag: "invalid", reason, description })

/** The introspection answer, checked as a JWT's claims are. */
const judge = (answer: Record<string, unknown>, issuer: string, audience: string, at: number): TokenCheck => {
  if (answer.active !== true) return invalid("inactive", "the token is not active (expired, revoked, or never issued)")
  if (answer.iss !== undefined && answer.iss !== issuer) return invalid("wrong_issuer", "the token was issued by another authorization server (iss)")
  const aud = answer.aud
  const audiences = typeof aud === "string" ? [aud] : Array.isArray(aud) ? aud.filter((a): a is string => typeof a === "string") : []
  if (!audiences.some((a) => audienceForms(audience).includes(a))) return invalid("wrong_audience", "the token was issued for another resource (aud)")
  if (typeof answer.exp !== "number") return invalid("claims", "the introspection answer gives no expiry (exp)")
  if (answer.exp + skewSeconds <= at / 1000) return invalid("expired", "the token has expired")
  if (typeof answer.nbf === "number" && answer.nbf - skewSeconds > at / 1000) return invalid("not_yet_valid", "the token is not valid yet (nbf)")
  const claims = answer as JWTPayload
  const clientId = stringClaim(claims, "client_id")
  const subject = stringClaim(claims, "sub")
  // a client's principal is in its own namespace: a client named like a user is not that user
  const principal = subject !== undefined ? `sub:${subject}` : clientId !== undefined ? `client:${clientId}` : undefined
  if (principal === undefined) return invalid("no_subject", "the token names neither a subject (sub) nor a client (client_id)")
  return { _tag: "valid", token: { principal, clientId: clientId ?? subject!, scopes: scopesOf(claims), expiresAt: answer.exp } }
}

/** One question to the issuer's introspection endpoint, as this server's client (HTTP Basic). */
const introspect = async (
  token: string,
  found: { readonly issuer: string; readonly url: URL },
  how: { readonly basic: string; readonly timeoutMs: number; readonly audience: string; readonly at: () => number }
): Promise<TokenCheck> => {
  let response: Response
  try {
    response = await fetch(found.url, {
      method: "POST",
      headers: { authorization: how.basic, "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body: new URLSearchParams({ token, token_type_hint: "access_token" }),
      redirect: "error",
      signal: AbortSignal.timeout(how.timeoutMs)
    })
  } catch (error) {
    return unavailable(error)
  }
  const answer = (await response.json().catch(() => undefined)) as Record<string, unknown> | undefined
  // 401 here is this server's own client being refused: a fault of the configuration, not the token
  if (!response.ok || typeof answer !== "object" || answer === null)
    return unavailable(
      new Error(
        `the introspection endpoint answered HTTP ${response.status}${typeof answer?.error === "string" ? ` ${answer.error.slice(0, 100)}` : ""}${typeof answer?.error_description === "string" ? `: ${answer.error_description.slice(0, 200)}` : ""}${response.status === 401 ? " (check --auth-client-id and its secret)" : ""}`
      )
    )
  return judge(answer, found.issuer, how.audience, how.at())
}

export const makeIntrospector = (options: IntrospectionOptions): Introspector => {
  const timeoutMs = options.timeoutMs ?? 5_000
  const cacheMs = options.cacheMs ?? 60_000
  const cacheEntries = options.cacheEntries ?? 10_000
  const now = options.now ?? Date.now
  const maxInFlight = options.maxInFlight ?? 32
  let inFlight = 0
  const basic = `Basic ${Buffer.from(`${encodeURIComponent(options.clientId)}:${encodeURIComponent(options.clientSecret)}`).toString("base64")}`
  let round = 0

  // discovered once; a failed discovery is tried again by the next token
  let endpoint: Promise<{ readonly issuer: string; readonly url: URL }> | undefined
  const endpointOf = () => {
    endpoint ??= issuerMetadata(options.issuer, timeoutMs).then(
      (metadata) => ({ issuer: metadata.issuer, url: metadataEndpoint(metadata, "introspection_endpoint") }),
      (error) => {
        endpoint = undefined
        throw error
      }
    )
    return endpoint
  }

  // by the token's hash: an answer (or one being fetched, so that a burst of one token's requests makes one round trip)
  const cache = new Map<string, { readonly check: Promise<TokenCheck>; until: number }>()

  const ask = async (token: string): Promise<TokenCheck> => {
    let found: Awaited<ReturnType<typeof endpointOf>>
    try {
      found = await endpointOf()
    } catch (error) {
      return unavailable(error)
    }
    if (inFlight >= maxInFlight) return unavailable(new Error(`${maxInFlight} tokens are being checked already`))
    inFlight++
    try {
      round++
      return await introspect(token, found, { basic, timeoutMs, audience: options.audience, at: now })
    } finally {
      inFlight--
    }
  }

  const verify = (token: string): Promise<TokenCheck> => {
    const key = createHash("sha256").update(token).digest("base64url")
    const at = now()
    const hit = cache.get(key)
    if (hit !== undefined && hit.until > at) {
      cache.delete(key)
      cache.set(key, hit)
      return hit.check
    }
    cache.delete(key)
    const entry = { check: ask(token), until: at + cacheMs }
    cache.set(key, entry)
    for (const oldest of cache.keys()) {
      if (cache.size <= cacheEntries) break
      cache.delete(oldest)
    }
    void entry.check.then((check) => {
      if (check._tag === "unavailable") {
        if (cache.get(key) === entry) cache.delete(key)
        return
      }
      // never kept past the token's expiry
      if (check._tag === "valid" && check.token.expiresAt !== undefined) entry.until = Math.min(entry.until, check.token.expiresAt * 1000)
    })
    return entry.check
  }

  // fetched afresh each time: readiness asks whether the issuer answers now
  const reachable = async () => {
    try {
      metadataEndpoint(await issuerMetadata(options.issuer, timeoutMs), "introspection_endpoint")
      return true
    } catch {
      return false
    }
  }

  return { verify, reachable, requests: () => round }
}
