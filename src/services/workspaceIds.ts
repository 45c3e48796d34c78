/**
 * Workspace ids: capabilities, never sequential or guessable. An anonymous workspace's id is
 * `ws_` and 144 random bits; a principal's (on a server that authorizes) is bound to it by a MAC
 * with the store's keys, so another principal naming it is refused before anything about it
 * (whether it exists, when it was used) can be learnt.
 */
import { createHmac } from "node:crypto"
import { type SessionKeys, signedByAny } from "./sessionIds.ts"

/** A new workspace id: 144 bits from the platform's cryptographic random source, URL-safe. */
export const newWorkspaceId = (): string => `ws_${Buffer.from(crypto.getRandomValues(new Uint8Array(18))).toString("base64url")}`

/** What any id a client names must look like before anything is looked up. */
export const idPattern = /^[A-Za-z0-9_-]{1,100}$/

/**
 * Workspace ids bound to a principal: `wo`, 24 random characters (144 bits), then 22 characters of
 * HMAC-SHA-256 (store keys) over them and the principal, as the signed session ids do
 * (sessionIds.ts). Checking one needs no store read.
 */
export const ownedIds = (keys: SessionKeys) => {
  const mac = (key: Uint8Array, body: string, principal: string) =>
    createHmac("sha256", key).update(`workspace-owner\0${body}\0${principal}`).digest("base64url").slice(0, 22)
  return {
    issue: (principal: string) => {
      const body = `wo${Buffer.from(crypto.getRandomValues(new Uint8Array(18))).toString("base64url")}`
      return `${body}${mac(keys.signing(), body, principal)}`
    },
    ownedBy: (id: string, principal: string) =>
      id.length === 48 && id.startsWith("wo") && signedByAny(keys, id.slice(26), (key) => mac(key, id.slice(0, 26), principal))
  }
}
