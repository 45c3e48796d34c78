/**
 * Session ids a server issued, recognisable by every process on the same store without a write per
 * session: an id carries when it was issued and a MAC (HMAC-SHA-256 with the store's shared secret,
 * RFC 2104) over that and 144 random bits. So a replica can take over a session another replica
 * opened although nothing was stored for it (no workspace is written until the session defines
 * something), and an id never issued as a session id (a 2026-07-28 workspace id, a guess) is never
 * taken for one: it is not adopted as a session and a DELETE naming it deletes nothing.
 */
import { createHmac, timingSafeEqual } from "node:crypto"

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

export const makeSessionIds = (secret: Uint8Array): SessionIds => {
  // the principal after a NUL, which no principal name contains: "a" + "\0b" cannot pass for "a\0" + "b"
  const mac = (body: string, principal: string | undefined) =>
    createHmac("sha256", secret)
      .update(principal === undefined ? body : `${body}\0${principal}`)
      .digest("base64url")
      .slice(0, macChars)
  return {
    issue: (principal) => {
      // wall-clock time on purpose: every replica reads the issue time back from the id
      const body = `s${Date.now().toString(36).padStart(timeDigits, "0")}${Buffer.from(crypto.getRandomValues(new Uint8Array(18))).toString("base64url")}`
      return `${body}${mac(body, principal)}`
    },
    issuedAt: (id, principal) => {
      if (id.length !== idLength || id[0] !== "s") return undefined
      const body = id.slice(0, idLength - macChars)
      const given = Buffer.from(id.slice(idLength - macChars))
      const expected = Buffer.from(mac(body, principal))
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined
      const issued = Number.parseInt(id.slice(1, 1 + timeDigits), 36)
      return Number.isFinite(issued) ? issued : undefined
    }
  }
}
