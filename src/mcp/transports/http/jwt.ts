/**
 * Access tokens as JWTs (RFC 9068), validated locally with `jose` (https://github.com/panva/jose):
 * the header's `typ` (`at+jwt`, RFC 9068 section 4: an ID token or any other JWT of the issuer is
 * not an access token), the signature against the issuer's keys (keySet.ts), then `iss` (the
 * configured issuer exactly), `aud` (this resource's URL, RFC 8707: a token minted for another
 * server is refused), `exp` and `nbf` (with a minute of clock skew). Only asymmetric algorithms are
 * accepted, so `alg: none` and an HMAC token signed with a public key as its secret are refused
 * before any key is looked at.
 *
 * The JWKS URL comes from the issuer's metadata: RFC 8414 first
 * (`/.well-known/oauth-authorization-server`, inserted before the issuer's path), then OpenID
 * Connect Discovery (`/.well-known/openid-configuration`, appended), as the MCP authorization
 * specification has clients try them. The metadata must name the same issuer (RFC 8414 section 3.3).
 * The key set is fetched again once older than `keysMaxAgeMs` (a removed key stops verifying) and
 * for a key id it does not hold (rotation), at most every `cooldownMs`.
 *
 * The principal is `sub:SUBJECT`, or `client:ID` for a client-credentials token with no subject: a
 * client named like a user never reaches that user's workspaces.
 */
import { errors, jwtVerify, type JWTPayload } from "jose"
import { audienceForms, checkedUrl } from "./authConfig.ts"
import { KeysUnavailable, makeKeySet } from "./keySet.ts"

export interface VerifiedToken {
  /** `sub`, or the client (`client_id`, `azp`) for a client-credentials token without one. */
  readonly principal: string
  readonly clientId: string
  readonly scopes: ReadonlyArray<string>
  readonly expiresAt: number | undefined
}

/** Why a token was not accepted: `invalid` → 401 invalid_token; `unavailable` → 503 (the keys could not be fetched: the token may well be good). */
export type TokenProblem =
  | { readonly _tag: "invalid"; readonly reason: string; readonly description: string }
  | { readonly _tag: "unavailable"; readonly description: string }

export type TokenCheck = { readonly _tag: "valid"; readonly token: VerifiedToken } | TokenProblem

const asymmetric = ["RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "ES512", "EdDSA", "Ed25519"]

export interface JwtVerifierOptions {
  readonly issuer: URL
  readonly audience: string
  /** Least time between two JWKS fetches caused by unknown key ids. */
  readonly cooldownMs?: number
  readonly timeoutMs?: number
  /** A key set older than this is fetched again before it verifies (default a minute). */
  readonly keysMaxAgeMs?: number
}

/** How long a fetched key set is trusted when the issuer answers: a removed key verifies no longer than this. */
export const defaultKeysMaxAgeMs = 60_000

/** The metadata URLs to try for `issuer`, in order (MCP authorization, "Authorization Server Metadata Discovery"). */
export const metadataUrls = (issuer: URL): ReadonlyArray<string> => {
  const path = issuer.pathname.replace(/\/+$/, "")
  return path === ""
    ? [`${issuer.origin}/.well-known/oauth-authorization-server`, `${issuer.origin}/.well-known/openid-configuration`]
    : [
        `${issuer.origin}/.well-known/oauth-authorization-server${path}`,
        `${issuer.origin}/.well-known/openid-configuration${path}`,
        `${issuer.origin}${path}/.well-known/openid-configuration`
      ]
}

/**
 * The issuer's metadata document, from the first URL that answers (metadataUrls), checked to name
 * the issuer it was fetched for (RFC 8414 section 3.3).
 */
export const issuerMetadata = async (
  issuer: URL,
  timeoutMs: number
): Promise<{ readonly issuer: string; readonly url: string; readonly document: Readonly<Record<string, unknown>> }> => {
  const problems: Array<string> = []
  for (const url of metadataUrls(issuer)) {
    let response: Response
    try {
      response = await fetch(url, { headers: { accept: "application/json" }, redirect: "error", signal: AbortSignal.timeout(timeoutMs) })
    } catch (error) {
      problems.push(`${url}: ${error instanceof Error ? error.message : String(error)}`)
      continue
    }
    if (!response.ok) {
      await response.body?.cancel()
      problems.push(`${url}: HTTP ${response.status}`)
      continue
    }
    const document = (await response.json().catch(() => undefined)) as Record<string, unknown> | undefined
    if (typeof document !== "object" || document === null || typeof document.issuer !== "string") throw new Error(`${url}: the metadata names no issuer`)
    if (document.issuer !== issuer.href && document.issuer !== issuer.href.replace(/\/$/, ""))
      throw new Error(`${url}: names issuer '${document.issuer}', not '${issuer.href}'`)
    return { issuer: document.issuer, url, document }
  }
  throw new Error(`no authorization server metadata for ${issuer.href} (${problems.join("; ")})`)
}

/** A URL the metadata names under `field`, checked as the issuer's own URL is (https, or http on loopback). */
export const metadataEndpoint = (metadata: Awaited<ReturnType<typeof issuerMetadata>>, field: string): URL => {
  const value = metadata.document[field]
  if (typeof value !== "string") throw new Error(`${metadata.url}: the metadata has no ${field}`)
  const checked = checkedUrl(value)
  if (typeof checked === "string") throw new Error(`${metadata.url}: ${field}: ${checked}`)
  return checked
}

/** The issuer's `issuer` and `jwks_uri`, from the first metadata document that answers. */
export const discover = async (issuer: URL, timeoutMs: number): Promise<{ readonly issuer: string; readonly jwksUri: URL }> => {
  const metadata = await issuerMetadata(issuer, timeoutMs)
  return { issuer: metadata.issuer, jwksUri: metadataEndpoint(metadata, "jwks_uri") }
}

export const stringClaim = (payload: JWTPayload, name: string): string | undefined => {
  const value = payload[name]
  return typeof value === "string" && value.length > 0 ? value : undefined
}

/** `scope` (RFC 9068: space-separated) or `scp` (an array, as some issuers send). */
export const scopesOf = (payload: JWTPayload): ReadonlyArray<string> => {
  if (typeof payload.scope === "string") return payload.scope.split(" ").filter((s) => s.length > 0)
  const scp = payload.scp
  return Array.isArray(scp) ? scp.filter((s): s is string => typeof s === "string") : typeof scp === "string" ? scp.split(" ").filter((s) => s.length > 0) : []
}

export interface JwtVerifier {
  readonly verify: (token: string) => Promise<TokenCheck>
  /** Whether the issuer's metadata and keys can be fetched now (for readiness). */
  readonly reachable: () => Promise<boolean>
}

export const makeJwtVerifier = (options: JwtVerifierOptions): JwtVerifier => {
  const timeoutMs = options.timeoutMs ?? 5_000
  const cooldownMs = options.cooldownMs ?? 2_000
  // discovered once; a failed discovery is tried again by a token after the cool-down (until then
  // tokens get its failure at once, rather than each waiting on an issuer that does not answer)
  let keys: Promise<{ readonly issuer: string; readonly set: ReturnType<typeof makeKeySet> }> | undefined
  let failedAt = Number.NEGATIVE_INFINITY
  let keysFailed: Promise<never> | undefined
  const keySet = () => {
    if (keys === undefined && Date.now() - failedAt < cooldownMs) return keysFailed!
    keys ??= discover(options.issuer, timeoutMs).then(
      (found) => ({
        issuer: found.issuer,
        set: makeKeySet({ jwksUri: found.jwksUri, maxAgeMs: options.keysMaxAgeMs ?? defaultKeysMaxAgeMs, cooldownMs, timeoutMs })
      }),
      (error) => {
        keys = undefined
        failedAt = Date.now()
        keysFailed = Promise.reject(error)
        keysFailed.catch(() => undefined)
        throw error
      }
    )
    return keys
  }
  const unavailable = (error: unknown): TokenProblem => ({
    _tag: "unavailable",
    description: `the authorization server's keys cannot be fetched right now (${error instanceof Error ? error.message : String(error)})`
  })
  const invalid = (reason: string, description: string): TokenProblem => ({ _tag: "invalid", reason, description })
  const audience = audienceForms(options.audience)

  const verify = async (token: string): Promise<TokenCheck> => {
    let found: Awaited<ReturnType<typeof keySet>>
    try {
      found = await keySet()
    } catch (error) {
      return unavailable(error)
    }
    try {
      const { payload } = await jwtVerify(token, found.set.getKey, {
        issuer: found.issuer,
        audience,
        algorithms: asymmetric,
        typ: "at+jwt",
        clockTolerance: 60,
        requiredClaims: ["exp"]
      })
      return principalOf(payload) ?? invalid("no_subject", "the token names neither a subject (sub) nor a client (client_id, azp)")
    } catch (error) {
      return problemOf(error) ?? unavailable(error)
    }
  }

  const reachable = async () => {
    try {
      return await (await keySet()).set.reload()
    } catch {
      return false
    }
  }

  return { verify, reachable }
}

/** The verified token's principal: its subject, else (client credentials) its client, each in its own namespace. */
const principalOf = (payload: JWTPayload): TokenCheck | undefined => {
  const clientId = stringClaim(payload, "client_id") ?? stringClaim(payload, "azp")
  const subject = stringClaim(payload, "sub")
  const principal = subject !== undefined ? `sub:${subject}` : clientId !== undefined ? `client:${clientId}` : undefined
  if (principal === undefined) return undefined
  return { _tag: "valid", token: { principal, clientId: clientId ?? subject!, scopes: scopesOf(payload), expiresAt: payload.exp } }
}

const invalidBecause = (reason: string, description: string): TokenProblem => ({ _tag: "invalid", reason, description })

/** Why jose refused the token; undefined when it could not tell (the keys could not be fetched: 503). */
const problemOf = (error: unknown): TokenProblem | undefined => {
  if (error instanceof KeysUnavailable) return undefined
  if (error instanceof errors.JWTExpired) return invalidBecause("expired", "the token has expired")
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === "aud") return invalidBecause("wrong_audience", "the token was issued for another resource (aud)")
    if (error.claim === "iss") return invalidBecause("wrong_issuer", "the token was issued by another authorization server (iss)")
    if (error.claim === "nbf") return invalidBecause("not_yet_valid", "the token is not valid yet (nbf)")
    if (error.claim === "typ") return invalidBecause("wrong_type", "the token is not an access token (its header's typ is not at+jwt, RFC 9068)")
    return invalidBecause("claims", `the token's ${error.claim} claim is not acceptable`)
  }
  if (error instanceof errors.JWSSignatureVerificationFailed) return invalidBecause("bad_signature", "the token's signature does not verify")
  if (error instanceof errors.JOSEAlgNotAllowed) return invalidBecause("algorithm", "the token's algorithm is not accepted (asymmetric signatures only)")
  if (error instanceof errors.JWKSNoMatchingKey) return invalidBecause("unknown_key", "no key of the authorization server matches the token")
  if (error instanceof errors.JOSEError) return invalidBecause("malformed", "the token is not a valid signed JWT")
  return undefined
}
