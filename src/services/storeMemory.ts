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
import { makeByteLru } from "./byteLru.ts"
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

/** The memory store and its replica state, `maxBytes` the text of all its workspaces together. */
export const memoryStore = (limits: StoreLimits, maxBytes: number = memoryStoreBytes()) => {
  const docs = new Map<string, Entry>()
  const decoded = makeByteLru<string, StoredDocument>({ maxBytes: decodedCacheBytes() })
  const owners = makeOwnerCounts()
  let total = 0
  const drop = (id: string) => {
    const entry = docs.get(id)
    if (entry) total -= entry.text.length
    docs.delete(id)
    decoded.delete(id)
    owners.drop(id)
  }
  const ownerFull = (owner: string | undefined) =>
    owner !== undefined && limits.maxWorkspacesPerPrincipal !== undefined && owners.count(owner) >= limits.maxWorkspacesPerPrincipal
  const lock = Semaphore.makeUnsafe(1)
  // `now` from Effect's Clock: the same clock the Workspace service stamps `touched` with
  const sweepNow = (now: number, idleMs: number) => {
    const cutoff = now - idleMs
    let removed = 0
    for (const [id, entry] of docs) if (entry.touched < cutoff && (drop(id), true)) removed++
    return removed
  }
  const read = (id: string) =>
    Effect.sync(() => {
      const entry = docs.get(id)
      if (entry === undefined) return undefined
      const hit = decoded.get(id)
      if (hit !== undefined) return hit
      // the text was encoded by this process from a checked document: it decodes
      const doc = decodeDocument(entry.text) as StoredDocument
      decoded.set(id, doc, entry.text.length * decodedOverhead)
      return doc
    })
  const bytesFull = storeFailure(
    "memory",
    "memory",
    `already holds its maximum of ${sizeText(maxBytes)} of workspaces; nothing more can be stored until some expire`,
    undefined,
    ["Empty a workspace you no longer need", "Definitions passed inline (custom_units, custom_edges) do not need the store"]
  )
  const write = (id: string, expected: number, next: StoredDocument, ttl: Duration.Duration, owner?: string) =>
    lock.withPermits(1)(
      Effect.flatMap(Clock.currentTimeMillis, (now): Effect.Effect<boolean, StoreUnavailable | QuotaExceeded> => {
        const current = docs.get(id)
        if ((current?.version ?? 0) !== expected) return Effect.succeed(false)
        if (current === undefined && ownerFull(owner)) {
          sweepNow(now, Duration.toMillis(ttl))
          if (ownerFull(owner)) return principalFull(limits)
        }
        const text = encodeDocument(next)
        const growth = text.length - (current?.text.length ?? 0)
        if ((current === undefined && docs.size >= limits.maxWorkspaces) || (growth > 0 && total + growth > maxBytes)) {
          // expired ones go first: the caps count live workspaces
          sweepNow(now, Duration.toMillis(ttl))
          if (current === undefined && docs.size >= limits.maxWorkspaces) return storeFull("memory", "memory", limits)
          if (growth > 0 && total + growth > maxBytes) return bytesFull
        }
        drop(id)
        docs.set(id, { text, version: next.version, touched: next.touched })
        decoded.set(id, next, text.length * decodedOverhead)
        total += text.length
        if (owner !== undefined) owners.add(id, owner)
        return Effect.succeed(true)
      })
    )
  const remove = (id: string) => Effect.sync(() => drop(id))
  const store = WorkspaceStore.of({
    description: "memory",
    read,
    write,
    remove,
    sweep: (idle) => lock.withPermits(1)(Effect.map(Clock.currentTimeMillis, (now) => sweepNow(now, Duration.toMillis(idle)))),
    count: Effect.sync(() => docs.size),
    keys: fixedKeys(crypto.getRandomValues(new Uint8Array(32)))
  })
  return { store, replica: replicaStateInProcess(remove) }
}
