/**
 * The issuer's signing keys (its JWKS), fetched by this server and handed to jose as a local key set
 * (https://github.com/panva/jose, `createLocalJWKSet`), so that when and how they are fetched is
 * decided here:
 *
 * - a set older than `maxAgeMs` is fetched again before the next token is checked, so a key the
 *   issuer removed (a leaked key, revoked) stops verifying within that time (jose's own remote set
 *   keeps one for ten minutes);
 * - a token naming a key id the set lacks fetches it again (rotation), at most every `cooldownMs`,
 *   so made-up key ids cannot make the server flood the issuer;
 * - a fetch that fails (no answer, a 5xx, a document that is not a key set) keeps the last good set:
 *   tokens of keys already known still pass while the issuer is away, and a token whose key could
 *   only be learnt from the issuer is `unavailable` (503), never invalid (401): it may well be good.
 */
import { createLocalJWKSet, type JSONWebKeySet, type JWTVerifyGetKey } from "jose"

export interface KeySetOptions {
  readonly jwksUri: URL
  readonly maxAgeMs: number
  readonly cooldownMs: number
  readonly timeoutMs: number
  readonly now?: () => number
}

/** The key set could not be fetched: the token's key may exist, the server cannot tell. */
export class KeysUnavailable extends Error {
  override readonly name = "KeysUnavailable"
}

export interface KeySet {
  /** jose's key lookup over the current set; throws KeysUnavailable when the key can only come from an issuer that does not answer. */
  readonly getKey: JWTVerifyGetKey
  /** Fetches the set now; false when the issuer did not give one. */
  readonly reload: () => Promise<boolean>
}

const fetchSet = async (url: URL, timeoutMs: number): Promise<JSONWebKeySet> => {
  let response: Response
  try {
    response = await fetch(url, {
      headers: { accept: "application/json, application/jwk-set+json" },
      redirect: "error",
      signal: AbortSignal.timeout(timeoutMs)
    })
  } catch (error) {
    throw new KeysUnavailable(`the key set at ${url.href} did not answer (${error instanceof Error ? error.message : String(error)})`)
  }
  if (response.status !== 200) {
    await response.body?.cancel()
    throw new KeysUnavailable(`the key set at ${url.href} answered HTTP ${response.status}`)
  }
  const document = (await response.json().catch(() => undefined)) as { keys?: unknown } | undefined
  if (typeof document !== "object" || document === null || !Array.isArray(document.keys)) throw new KeysUnavailable(`${url.href} is not a JSON Web Key Set`)
  return document as JSONWebKeySet
}

export const makeKeySet = (options: KeySetOptions): KeySet => {
  const now = options.now ?? Date.now
  let local: { readonly getKey: JWTVerifyGetKey; readonly at: number } | undefined
  let pending: Promise<void> | undefined
  let lastAttempt = Number.NEGATIVE_INFINITY
  let lastError: unknown

  /** One fetch at a time; its failure is remembered, the last good set kept. */
  const refresh = (): Promise<void> => {
    pending ??= (async () => {
      lastAttempt = now()
      try {
        const document = await fetchSet(options.jwksUri, options.timeoutMs)
        local = { getKey: createLocalJWKSet(document), at: now() }
        lastError = undefined
      } catch (error) {
        lastError = error instanceof KeysUnavailable ? error : new KeysUnavailable(error instanceof Error ? error.message : String(error))
      } finally {
        pending = undefined
      }
    })()
    return pending
  }

  const getKey: JWTVerifyGetKey = async (header, token) => {
    if (local === undefined || now() - local.at >= options.maxAgeMs) {
      if (local === undefined || now() - lastAttempt >= options.cooldownMs) await refresh()
      if (local === undefined) throw lastError ?? new KeysUnavailable("the key set has not been fetched")
    }
    try {
      return await local.getKey(header, token)
    } catch (error) {
      if ((error as { code?: unknown }).code !== "ERR_JWKS_NO_MATCHING_KEY") throw error
      // a key id the set lacks: rotation, once per cool-down
      if (now() - lastAttempt >= options.cooldownMs) await refresh()
      else if (pending !== undefined) await pending
      if (lastError !== undefined) throw lastError
      return local.getKey(header, token)
    }
  }

  return {
    getKey,
    reload: async () => {
      await refresh()
      return lastError === undefined
    }
  }
}
