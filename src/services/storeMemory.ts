/**
 * The store in this process's memory (the stdio default, the library's, the tests'). Documents are
 * kept as their stored text, one byte a character, and decoded on a read through a small cache of
 * decoded documents: decoded, a workspace takes about four times its text in heap (issue 33, item
 * 13), so keeping every one decoded ran the heap out below the store's own caps (2,722 workspaces,
 * 49 MB of JSON, in a 512 MB heap). The bound on all documents together is in bytes of text, at
 * most an eighth of the heap V8 may grow to (its limit counts the young generation's reserve too:
 * 320 MB for --max-old-space-size=128), so the caps are reached before the heap is
 * (test/services/memoryStoreHeap.test.ts).
 */
import { getHeapStatistics } from "node:v8"
import { Clock, Duration, Effect, Semaphore } from "effect"
import type { QuotaExceeded, StoreUnavailable } from "../engine/errors.ts"
import { type ByteLru, makeByteLru } from "./byteLru.ts"
import { replicaStateInProcess } from "./ReplicaState.ts"
import { type StoreLimits, WorkspaceStore, makeOwnerCounts, principalFull, storeFailure, storeFull } from "./storeCommon.ts"
import { fixedKeys } from "./sessionIds.ts"
import { type StoredDocument, decodeDocument, encodeDocument } from "./WorkspaceDocument.ts"

/** All the workspaces of a memory store together, in bytes of their text: 512 MiB, or an eighth of the heap limit when that is less. */
export const memoryStoreBytes = () => Math.min(512 * 1024 * 1024, Math.floor(getHeapStatistics().heap_size_limit / 8))

/** A decoded document takes about four times its text in heap (measured: 3.6× for 450 units with aliases). */
export const decodedOverhead = 4

/** Decoded documents kept, counted in estimated heap bytes: 32 MiB, or a thirty-second of the heap limit when that is less. */
const decodedCacheBytes = () => Math.min(32 * 1024 * 1024, Math.floor(getHeapStatistics().heap_size_limit / 32))

interface Entry {
  readonly text: string
  readonly version: number
  readonly touched: number
}

const sizeText = (bytes: number) => (bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MiB` : `${bytes} bytes`)

/** The store's state: the documents' text, a cache of them decoded, and who owns what. */
interface Memory {
  readonly limits: StoreLimits
  readonly maxBytes: number
  readonly docs: Map<string, Entry>
  readonly decoded: ByteLru<string, StoredDocument>
  readonly owners: ReturnType<typeof makeOwnerCounts>
  readonly lock: Semaphore.Semaphore
  /** The text of every document together. */
  total: number
}

const drop = (m: Memory, id: string) => {
  const entry = m.docs.get(id)
  if (entry) m.total -= entry.text.length
  m.docs.delete(id)
  m.decoded.delete(id)
  m.owners.drop(id)
}

/** Deletes what expired by `now` (Effect's Clock: the one the Workspace service stamps `touched` with); how many. */
const sweepNow = (m: Memory, now: number, idleMs: number) => {
  let removed = 0
  for (const [id, entry] of m.docs) if (entry.touched < now - idleMs && (drop(m, id), true)) removed++
  return removed
}

const read = (m: Memory, id: string) =>
  Effect.sync(() => {
    const entry = m.docs.get(id)
    if (entry === undefined) return undefined
    const hit = m.decoded.get(id)
    if (hit !== undefined) return hit
    // the text was encoded by this process from a checked document: it decodes
    const doc = decodeDocument(entry.text) as StoredDocument
    m.decoded.set(id, doc, entry.text.length * decodedOverhead)
    return doc
  })

const ownerFull = (m: Memory, owner: string | undefined) =>
  owner !== undefined && m.limits.maxWorkspacesPerPrincipal !== undefined && m.owners.count(owner) >= m.limits.maxWorkspacesPerPrincipal

/** Why `id` may not grow by `growth` characters (a new one if `isNew`) after expired ones went, if it may not. */
const refusal = (m: Memory, isNew: boolean, growth: number, owner: string | undefined, now: number, ttl: Duration.Duration) => {
  const over = () =>
    isNew && ownerFull(m, owner)
      ? "principal"
      : isNew && m.docs.size >= m.limits.maxWorkspaces
        ? "count"
        : growth > 0 && m.total + growth > m.maxBytes
          ? "bytes"
          : undefined
  if (over() === undefined) return undefined
  // expired ones go first: the caps count live workspaces
  sweepNow(m, now, Duration.toMillis(ttl))
  const why = over()
  if (why === "principal") return principalFull(m.limits)
  if (why === "count") return storeFull("memory", "memory", m.limits)
  if (why === "bytes")
    return storeFailure(
      "memory",
      "memory",
      `already holds its maximum of ${sizeText(m.maxBytes)} of workspaces; nothing more can be stored until some expire`,
      undefined,
      ["Empty a workspace you no longer need", "Definitions passed inline (custom_units, custom_edges) do not need the store"]
    )
  return undefined
}

const write = (m: Memory, id: string, expected: number, next: StoredDocument, ttl: Duration.Duration, owner?: string) =>
  m.lock.withPermits(1)(
    Effect.flatMap(Clock.currentTimeMillis, (now): Effect.Effect<boolean, StoreUnavailable | QuotaExceeded> => {
      const current = m.docs.get(id)
      if ((current?.version ?? 0) !== expected) return Effect.succeed(false)
      const text = encodeDocument(next)
      const refused = refusal(m, current === undefined, text.length - (current?.text.length ?? 0), owner, now, ttl)
      if (refused !== undefined) return refused
      drop(m, id)
      m.docs.set(id, { text, version: next.version, touched: next.touched })
      m.decoded.set(id, next, text.length * decodedOverhead)
      m.total += text.length
      if (owner !== undefined) m.owners.add(id, owner)
      return Effect.succeed(true)
    })
  )

/** The memory store and its replica state, `maxBytes` the text of all its workspaces together. */
export const memoryStore = (limits: StoreLimits, maxBytes: number = memoryStoreBytes()) => {
  const m: Memory = {
    limits,
    maxBytes,
    docs: new Map(),
    decoded: makeByteLru({ maxBytes: decodedCacheBytes() }),
    owners: makeOwnerCounts(),
    lock: Semaphore.makeUnsafe(1),
    total: 0
  }
  const remove = (id: string) => Effect.sync(() => drop(m, id))
  const store = WorkspaceStore.of({
    description: "memory",
    read: (id) => read(m, id),
    write: (id, expected, next, ttl, owner) => write(m, id, expected, next, ttl, owner),
    remove,
    sweep: (idle) => m.lock.withPermits(1)(Effect.map(Clock.currentTimeMillis, (now) => sweepNow(m, now, Duration.toMillis(idle)))),
    count: Effect.sync(() => m.docs.size),
    keys: fixedKeys(crypto.getRandomValues(new Uint8Array(32)))
  })
  return { store, replica: replicaStateInProcess(remove) }
}
