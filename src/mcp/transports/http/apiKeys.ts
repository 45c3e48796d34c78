/**
 * Static API keys for small deployments, instead of (or beside) an issuer. The file holds only
 * hashes, one key per line, so reading it does not give a key away. Several lines may name the same
 * client, which is how a key is rotated: add a line with the new key under the same name, move the
 * client over, delete the old line (each change read at the next start):
 *
 *   # name      SHA-256 of the key, hex                                              scopes (optional)
 *   ci-runner   sha256:9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08 units:read
 *   lab-agent   sha256:60303ae22b998861bce3b28f33eec1be758a213c86c93c076dbe9f558c11c752
 *   lab-agent   sha256:fd61a03af4f77d870fc21e05e7e80678095c92d808cfb3b5c279ee04c74aca13  (its next key)
 *
 * A line's hash: `printf %s "$KEY" | sha256sum`. Without scopes a key has every scope. A client
 * sends the key as a bearer token (`Authorization: Bearer KEY`); its principal is `key:NAME`, so
 * the workspaces it makes are that key's (a rotated key keeps its name and its workspaces).
 * A key is long and random (e.g. `openssl rand -base64 32`), so one unsalted hash suffices: no
 * dictionary reaches it.
 */
import { createHash, timingSafeEqual } from "node:crypto"
import { readFile } from "node:fs/promises"

export interface ApiKey {
  readonly name: string
  readonly hash: Buffer
  /** undefined: every scope. */
  readonly scopes: ReadonlyArray<string> | undefined
}

/** The keys of the file's text, or a message naming the first bad line. */
export const parseApiKeys = (text: string): ReadonlyArray<ApiKey> | string => {
  const keys: Array<ApiKey> = []
  const lines = text.split(/\r?\n/)
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.replace(/#.*$/, "").trim()
    if (line.length === 0) continue
    const m = /^([A-Za-z0-9._@-]{1,64})\s+sha256:([0-9a-fA-F]{64})(?:\s+(\S+(?:\s+\S+)*))?$/.exec(line)
    if (!m) return `line ${i + 1}: expected 'NAME sha256:HEX [scope scope…]' (NAME of letters, digits, . _ @ -; HEX the 64 digits of the key's SHA-256)`
    keys.push({ name: m[1]!, hash: Buffer.from(m[2]!, "hex"), scopes: m[3] === undefined ? undefined : m[3].split(/[\s,]+/) })
  }
  return keys.length === 0 ? "the file holds no key" : keys
}

export const readApiKeys = async (path: string): Promise<ReadonlyArray<ApiKey>> => {
  const parsed = parseApiKeys(await readFile(path, "utf8"))
  if (typeof parsed === "string") throw new Error(`${path}: ${parsed}`)
  return parsed
}

/** The key `token` is, comparing every line in constant time (no early exit that a timing could tell). */
export const matchApiKey = (keys: ReadonlyArray<ApiKey>, token: string): ApiKey | undefined => {
  const hash = createHash("sha256").update(token, "utf8").digest()
  let found: ApiKey | undefined
  for (const key of keys) if (timingSafeEqual(key.hash, hash) && found === undefined) found = key
  return found
}
