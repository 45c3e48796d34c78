/**
 * Session ids a server issued, recognisable by every process on the same store without a write per
 * session: an id carries when it was issued and a MAC (HMAC-SHA-256 with the store's shared secret,
 * RFC 2104) over that and 144 random bits. So a replica can take over a session another replica
 * opened although nothing was stored for it (no workspace is written until the session defines
 * something), and an id never issued as a session id (a 2026-07-28 workspace id, a guess) is never
 * taken for one: it is not adopted as a session and a DELETE naming it deletes nothing.
 */
import { createHmac, timingSafeEqual } from "node:crypto"

/**
 * The store's secret keys: new ids are signed with `signing`, and an id signed with any `accepted`
 * key is recognised. Usually one key; after the store lost its copy (a Redis restart without
 * persistence, a FLUSHALL, a failover to an empty replica) a replica started afterwards may have made
 * a new one, and the replicas then accept both (storeRedisSecret.ts) so that none refuses the
 * others' sessions.
 */
export interface SessionKeys {
  readonly signing: () => Uint8Array
  /** The signing key and any other key ids may carry (at most a few). */
  readonly accepted: () => ReadonlyArray<Uint8Array>
}

/** One key that never changes (memory store, tests). */
export const fixedKeys = (secret: Uint8Array): SessionKeys => ({ signing: () => secret, accepted: () => [secret] })

/** Whether `given` is the MAC `mac(key)` under any accepted key, each compared in constant time. */
export const signedByAny = (keys: SessionKeys, given: string, mac: (key: Uint8Array) => string): boolean => {
  const received = Buffer.from(given)
  let found = false
  for (const key of keys.accepted()) {
    const expected = Buffer.from(mac(key))
    if (expected.length === received.length && timingSafeEqual(expected, received)) found = true
  }
  return found
}

export interface SessionIds {
  /**
   * A new session id: `s`, the issue time (9 base-36 digits, ms), 24 random characters, 22 of MAC.
   * With a `principal` (an authorized server), the MAC covers it too: the id is that principal's only.
   */
  readonly issue: (principal?: string) => string
  /** When `id` was issued (to `principal`, if given), if a process on this store issued it; undefined for anything else. */
  readonly issuedAt: (id: string, principal?: string) => number | undefined
}

const timeDigits = 9
const randomChars = 24
const macChars = 22
const idLength = 1 + timeDigits + randomChars + macChars

export const makeSessionIds = (secret: Uint8Array | SessionKeys): SessionIds => {
  const keys = secret instanceof Uint8Array ? fixedKeys(secret) : secret
  // the principal after a NUL, which no principal name contains: "a" + "\0b" cannot pass for "a\0" + "b"
  const mac = (key: Uint8Array, body: string, principal: string | undefined) =>
    createHmac("sha256", key)
      .update(principal === undefined ? body : `${body}\0${principal}`)
      .digest("base64url")
      .slice(0, macChars)
  return {
    issue: (principal) => {
      // wall-clock time on purpose: every replica reads the issue time back from the id
      const body = `s${Date.now().toString(36).padStart(timeDigits, "0")}${Buffer.from(crypto.getRandomValues(new Uint8Array(18))).toString("base64url")}`
      return `${body}${mac(keys.signing(), body, principal)}`
    },
    issuedAt: (id, principal) => {
      if (id.length !== idLength || id[0] !== "s") return undefined
      const body = id.slice(0, idLength - macChars)
      if (!signedByAny(keys, id.slice(idLength - macChars), (key) => mac(key, body, principal))) return undefined
      const issued = Number.parseInt(id.slice(1, 1 + timeDigits), 36)
      return Number.isFinite(issued) ? issued : undefined
    }
  }
}
