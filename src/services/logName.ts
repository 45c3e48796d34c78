/**
 * How logs name a session or a workspace: a short hash of its id, never the id. An id is a
 * capability (it grants full read, write and delete access to a workspace), and logs are read by
 * more people and kept longer than the store. The same id always gives the same name, so one
 * session's lines can still be followed; the name cannot be turned back into the id.
 */
import { createHash } from "node:crypto"

export const logName = (id: string): string => `#${createHash("sha256").update(id).digest("hex").slice(0, 12)}`

/**
 * `text` with every workspace or session id in it (as ids are issued: `ws_…`, `wo…`, `s…`, bare or
 * inside a store key or file name, URL-encoded or not) replaced by its logName: error messages from
 * the file system and Redis name the files and keys they failed on.
 */
export const redactIds = (text: string): string =>
  text.replace(/(?:(?<=%3A)|(?<![A-Za-z0-9_-]))(ws_[A-Za-z0-9_-]{20,}|wo[A-Za-z0-9_-]{46}|s[0-9a-z]{9}[A-Za-z0-9_-]{46})(?![A-Za-z0-9_-])/g, (id) =>
    logName(id)
  )
