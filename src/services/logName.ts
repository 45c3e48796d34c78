/**
 * How logs name a session or a workspace: a short hash of its id, never the id. An id is a
 * capability (it grants full read, write and delete access to a workspace), and logs are read by
 * more people and kept longer than the store. The same id always gives the same name, so one
 * session's lines can still be followed; the name cannot be turned back into the id.
 */
import { createHash } from "node:crypto"

export const logName = (id: string): string => `#${createHash("sha256").update(id).digest("hex").slice(0, 12)}`
