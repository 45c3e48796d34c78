/**
 * The embedded file store: one file per workspace in one directory that belongs to one process.
 *
 * - One process per directory, enforced: start-up takes `.lock` (storeFileDisk.ts); a second
 *   process on the same directory refuses to start and says which process holds it. A lock left by
 *   a process that died (`kill -9`) is taken over. Two processes would each cache and version on
 *   their own and lose each other's writes.
 * - A write is acknowledged once it is on the disk: the text to a temporary file, flushed, renamed
 *   over the document, the directory flushed (storeFileDisk.ts), so a crash or a power loss leaves
 *   the old document or the new one, whole; temporary files left by a crash are removed at start-up.
 * - A document that cannot be read (empty, as a power loss under an older release could leave one,
 *   not JSON, or holding what no release writes) is quarantined: moved aside as `<name>.damaged`,
 *   logged, and its workspace answers `workspace_damaged` naming the damage until it is emptied
 *   (reset_session), which archives the quarantined copy; every other workspace keeps working.
 * - Start-up writes and removes a probe file, so a read-only or full disk stops the server there,
 *   with the reason, instead of failing every later definition.
 * - Expired documents are deleted by `sweep`: a file's modification time is its last write, and the
 *   workspace's `touched` (which decides expiry) is never later than that, so a file unchanged for
 *   the idle time-out holds an expired workspace.
 */
import { randomBytes } from "node:crypto"
import * as path from "node:path"
import { Duration, Effect, Semaphore } from "effect"
import { StoreUnavailable, type WorkspaceDamaged } from "../engine/errors.ts"
import { makeByteLru } from "./byteLru.ts"
import { logName } from "./logName.ts"
import { replicaStateInProcess } from "./ReplicaState.ts"
import {
  type StoreLimits,
  WorkspaceStore,
  damagedWorkspace,
  decodeStored,
  guardedCall,
  keyOf,
  makeOwnerCounts,
  principalFull,
  storeFull,
  unreadable
} from "./storeCommon.ts"
import { type DiskOps, errno, nodeDisk, readSecret, releaseLock, removeDurably, takeLock, writeDurably } from "./storeFileDisk.ts"
import { fixedKeys } from "./sessionIds.ts"
import { decodedOverhead } from "./storeMemory.ts"
import { type StoredDocument, encodeDocument } from "./WorkspaceDocument.ts"

const publicName = "file store"
const prefix = encodeURIComponent(keyOf(""))
const damagedSuffix = ".damaged"

/** Decoded documents kept in memory, in estimated heap bytes (four times their text). */
const cacheBytes = 32 * 1024 * 1024
/** ...and in number (a known absence costs an entry too: a session reads its workspace before its first definition). */
const cacheEntries = 10_000

/** What an operator reads when a file operation fails: the reason in words, then the system's. */
const reasonOf = (error: unknown): string => {
  const code = errno(error)
  const words =
    code === "EROFS"
      ? "is on a read-only file system"
      : code === "EACCES" || code === "EPERM"
        ? "is not writable by this process"
        : code === "ENOSPC" || code === "EDQUOT"
          ? "is full"
          : code === "ENOTDIR" || code === "EEXIST"
            ? "is not a directory"
            : "cannot be used"
  return `${words} (${error instanceof Error ? error.message : String(error)})`
}

const idOf = (name: string) => decodeURIComponent(name).slice(keyOf("").length)

/** The directory made ready: locked, probed, emptied of a crash's leftovers; its workspaces, quarantined ones and secret. */
const prepare = async (disk: DiskOps, directory: string, token: string, warn: (line: string) => void) => {
  await disk.mkdir(directory)
  const refused = await takeLock(disk, directory, token)
  if (refused) return { refused } as const
  // a read-only or full disk shows here, before any client depends on it
  const probe = path.join(directory, `.probe.${process.pid}.tmp`)
  await disk.writeFile(probe, "probe")
  await disk.rm(probe)
  const names = await disk.readdir(directory)
  // the lock is ours: every temporary file is a crashed write's leftover
  await Promise.all(names.filter((n) => n.endsWith(".tmp")).map((n) => disk.rm(path.join(directory, n))))
  const documents = names.filter((n) => n.startsWith(prefix) && !n.endsWith(".tmp"))
  const ids = documents.filter((n) => !n.includes(".")).map(idOf)
  const damaged = documents.filter((n) => n.endsWith(damagedSuffix)).map((n) => idOf(n.slice(0, -damagedSuffix.length)))
  const secret = await readSecret(disk, directory, (moved) =>
    warn(`the session secret was damaged (moved aside as ${moved}); a new one is made: sessions and owned workspace ids issued before are no longer recognised`)
  )
  return { ids, damaged, secret } as const
}

export const fileStore = (directoryText: string, limits: StoreLimits, disk: DiskOps = nodeDisk) =>
  Effect.gen(function* () {
    const directory = path.resolve(directoryText)
    const description = `file:${directory}`
    const cannotStart = (what: string) =>
      new StoreUnavailable({
        message: `The workspace store (${description}) ${what}`,
        hints: ["Fix the store directory or choose another with --store / DIMENSIONAL_STORE"]
      })
    const token = `${process.pid} ${randomBytes(8).toString("hex")}`
    const warnings: Array<string> = []
    const prepared = yield* Effect.tryPromise({
      try: () => prepare(disk, directory, token, (line) => warnings.push(line)),
      catch: (error) => cannotStart(`cannot be opened: it ${reasonOf(error)}`)
    })
    if ("refused" in prepared) return yield* Effect.fail(cannotStart(`cannot be opened: it ${prepared.refused}`))
    for (const line of warnings) yield* Effect.logWarning(`workspace store ${description}: ${line}`)
    yield* Effect.addFinalizer(() => Effect.promise(() => releaseLock(disk, directory, token)))
    const files = {
      disk,
      directory,
      description,
      ids: new Set(prepared.ids),
      damaged: new Map(prepared.damaged.map((id) => [id, "it was quarantined earlier"]))
    }
    const store = fileOperations(files, limits)
    return { store: WorkspaceStore.of({ ...store, keys: fixedKeys(prepared.secret) }), replica: replicaStateInProcess(store.remove) }
  })

interface Files {
  readonly disk: DiskOps
  readonly directory: string
  readonly description: string
  /** The workspaces with a document. */
  readonly ids: Set<string>
  /** Quarantined workspaces, with what was wrong. */
  readonly damaged: Map<string, string>
}

/** The store's operations over its directory. */
const fileOperations = (files: Files, limits: StoreLimits) => {
  const { disk, description, ids, damaged } = files
  const fileOf = (id: string) => path.join(files.directory, encodeURIComponent(keyOf(id)))
  // who owns what is this process's knowledge (not in the documents): workspaces from before its
  // start count toward the store's bound only (the directory has one process, see the lock)
  const owners = makeOwnerCounts()
  const ownerFull = (owner: string | undefined) =>
    owner !== undefined && limits.maxWorkspacesPerPrincipal !== undefined && owners.count(owner) >= limits.maxWorkspacesPerPrincipal
  const lock = Semaphore.makeUnsafe(1)
  const call = <A>(what: () => Promise<A>) =>
    guardedCall(description, publicName, Effect.tryPromise({ try: what, catch: (error) => new Error(reasonOf(error)) }))
  // the directory is this process's, so what it last read or wrote is what the file holds
  const cache = makeByteLru<string, StoredDocument | undefined>({ maxBytes: cacheBytes, maxEntries: cacheEntries })
  // writes begun and finished: a read caches what it read only if no write overlapped it
  let writes = 0

  // two reads may find the damage at once: the second finds the file already moved
  const quarantine = (id: string, reason: string) =>
    call(() => disk.rename(fileOf(id), `${fileOf(id)}${damagedSuffix}`).catch((error) => (errno(error) === "ENOENT" ? undefined : Promise.reject(error)))).pipe(
      Effect.tap(() =>
        Effect.sync(() => {
          ids.delete(id)
          damaged.set(id, reason)
        })
      ),
      Effect.andThen(
        Effect.logWarning(`workspace store ${description}: workspace ${logName(id)} is damaged (${reason}); quarantined as its file name + '${damagedSuffix}'`)
      ),
      Effect.andThen(Effect.fail(damagedWorkspace(publicName, reason)))
    )

  const read = (id: string): Effect.Effect<StoredDocument | undefined, StoreUnavailable | WorkspaceDamaged> =>
    Effect.suspend(() => {
      const why = damaged.get(id)
      if (why !== undefined) return Effect.fail(damagedWorkspace(publicName, why))
      if (cache.has(id)) return Effect.succeed(cache.get(id))
      const before = writes
      return call(() => disk.readFile(fileOf(id))).pipe(
        Effect.flatMap((text) => {
          if (text === undefined) {
            if (writes === before) cache.set(id, undefined, 64)
            return Effect.succeed(undefined)
          }
          const doc = decodeStored(text)
          if ("_tag" in doc) return doc.newerFormat !== undefined ? unreadable(description, publicName, id, doc) : quarantine(id, doc.reason)
          if (writes === before) cache.set(id, doc, text.length * decodedOverhead)
          return Effect.succeed(doc)
        })
      )
    })

  /** Runs `effect` as a change of the directory: reads overlapping it cache nothing, and the cached entry goes. */
  const changing = <A, E>(id: string, effect: Effect.Effect<A, E>) =>
    Effect.suspend(() => {
      writes++
      cache.delete(id)
      return effect.pipe(Effect.ensuring(Effect.sync(() => writes++)))
    })

  const forgetId = (id: string) => {
    ids.delete(id)
    owners.drop(id)
  }

  const sweepOne = (id: string, cutoff: number) =>
    lock.withPermits(1)(
      changing(
        id,
        call(async () => {
          const mtime = await disk.mtimeMs(fileOf(id))
          if (mtime !== undefined && mtime >= cutoff) return 0
          await removeDurably(disk, fileOf(id))
          return mtime === undefined ? 0 : 1
        })
      ).pipe(Effect.tap((n) => Effect.sync(() => (n === 1 || !ids.has(id) ? forgetId(id) : undefined))))
    )

  const sweep = (idle: Duration.Duration) =>
    Effect.gen(function* () {
      // wall-clock time on purpose: it is compared with the files' modification times
      const cutoff = Date.now() - Duration.toMillis(idle)
      const stale: Array<string> = []
      for (const id of ids) {
        const mtime = yield* call(() => disk.mtimeMs(fileOf(id)))
        if (mtime === undefined || mtime < cutoff) stale.push(id)
      }
      let removed = 0
      for (const id of stale) removed += yield* sweepOne(id, cutoff)
      return removed
    })

  /** Room for a new workspace of `owner`: after a sweep if full, else why not. */
  const room = (id: string, owner: string | undefined, ttl: Duration.Duration) =>
    Effect.gen(function* () {
      if (ids.has(id)) return
      if (ownerFull(owner) || ids.size >= limits.maxWorkspaces) yield* sweep(ttl)
      if (ownerFull(owner)) return yield* principalFull(limits)
      if (ids.size >= limits.maxWorkspaces) return yield* storeFull(description, publicName, limits)
    })

  const write = (id: string, expected: number, next: StoredDocument, ttl: Duration.Duration, owner?: string) =>
    lock.withPermits(1)(
      Effect.gen(function* () {
        const current = yield* read(id)
        if ((current?.version ?? 0) !== expected) return false
        yield* room(id, owner, ttl)
        const text = encodeDocument(next)
        yield* changing(
          id,
          call(() => writeDurably(disk, fileOf(id), text))
        )
        ids.add(id)
        if (owner !== undefined) owners.add(id, owner)
        cache.set(id, next, text.length * decodedOverhead)
        return true
      })
    )

  /** Deletes a workspace; a quarantined one's copy is archived (`.damaged-<time>`), so the workspace starts over. */
  const remove = (id: string) =>
    lock.withPermits(1)(
      changing(
        id,
        call(async () => {
          await removeDurably(disk, fileOf(id))
          if (damaged.has(id)) await disk.rename(`${fileOf(id)}${damagedSuffix}`, `${fileOf(id)}${damagedSuffix}-${Date.now()}`).catch(() => undefined)
        })
      ).pipe(
        Effect.tap(() =>
          Effect.sync(() => {
            forgetId(id)
            damaged.delete(id)
          })
        )
      )
    )

  return { description, read, write, remove, sweep, count: Effect.sync(() => ids.size) }
}
