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
import { type ByteLru, makeByteLru } from "./byteLru.ts"
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
    const files = filesOf(disk, directory, limits, prepared)
    const remove = (id: string) => removeOne(files, id)
    const store = WorkspaceStore.of({
      description,
      read: (id) => read(files, id),
      write: (id, expected, next, ttl, owner) => write(files, id, expected, next, ttl, owner),
      remove,
      sweep: (idle) => sweep(files, idle),
      count: Effect.sync(() => files.ids.size),
      keys: fixedKeys(prepared.secret)
    })
    return { store, replica: replicaStateInProcess(remove) }
  })

/** The store's state: its directory, what it holds, and what this process knows of it (the directory is its alone). */
interface Files {
  readonly disk: DiskOps
  readonly directory: string
  readonly description: string
  readonly limits: StoreLimits
  /** The workspaces with a document. */
  readonly ids: Set<string>
  /** Quarantined workspaces, with what was wrong. */
  readonly damaged: Map<string, string>
  /** Who owns each workspace written since the start (the documents do not say): its principal's quota. */
  readonly owners: ReturnType<typeof makeOwnerCounts>
  /** One change of the directory at a time. */
  readonly lock: Semaphore.Semaphore
  /** What it last read or wrote, decoded (a known absence too). */
  readonly cache: ByteLru<string, StoredDocument | undefined>
  /** Changes begun and finished: a read caches what it read only if no change overlapped it. */
  changes: number
}

const filesOf = (
  disk: DiskOps,
  directory: string,
  limits: StoreLimits,
  prepared: { readonly ids: ReadonlyArray<string>; readonly damaged: ReadonlyArray<string> }
): Files => ({
  disk,
  directory,
  description: `file:${directory}`,
  limits,
  ids: new Set(prepared.ids),
  damaged: new Map(prepared.damaged.map((id) => [id, "it was quarantined earlier"])),
  owners: makeOwnerCounts(),
  lock: Semaphore.makeUnsafe(1),
  cache: makeByteLru({ maxBytes: cacheBytes, maxEntries: cacheEntries }),
  changes: 0
})

const fileOf = (files: Files, id: string) => path.join(files.directory, encodeURIComponent(keyOf(id)))

const call = <A>(files: Files, what: () => Promise<A>) =>
  guardedCall(files.description, publicName, Effect.tryPromise({ try: what, catch: (error) => new Error(reasonOf(error)) }))

/** Moves a damaged document aside (`.damaged`) and answers its damage; of two reads finding it at once, the second finds it moved. */
const quarantine = (files: Files, id: string, reason: string) =>
  call(files, () =>
    files.disk
      .rename(fileOf(files, id), `${fileOf(files, id)}${damagedSuffix}`)
      .catch((error) => (errno(error) === "ENOENT" ? undefined : Promise.reject(error)))
  ).pipe(
    Effect.tap(() =>
      Effect.sync(() => {
        files.ids.delete(id)
        files.damaged.set(id, reason)
      })
    ),
    Effect.andThen(
      Effect.logWarning(
        `workspace store ${files.description}: workspace ${logName(id)} is damaged (${reason}); quarantined as its file name + '${damagedSuffix}'`
      )
    ),
    Effect.andThen(Effect.fail(damagedWorkspace(publicName, reason)))
  )

const read = (files: Files, id: string): Effect.Effect<StoredDocument | undefined, StoreUnavailable | WorkspaceDamaged> =>
  Effect.suspend(() => {
    const why = files.damaged.get(id)
    if (why !== undefined) return Effect.fail(damagedWorkspace(publicName, why))
    if (files.cache.has(id)) return Effect.succeed(files.cache.get(id))
    const before = files.changes
    return call(files, () => files.disk.readFile(fileOf(files, id))).pipe(
      Effect.flatMap((text) => {
        if (text === undefined) {
          if (files.changes === before) files.cache.set(id, undefined, 64)
          return Effect.succeed(undefined)
        }
        const doc = decodeStored(text)
        if ("_tag" in doc) return doc.newerFormat !== undefined ? unreadable(files.description, publicName, id, doc) : quarantine(files, id, doc.reason)
        if (files.changes === before) files.cache.set(id, doc, text.length * decodedOverhead)
        return Effect.succeed(doc)
      })
    )
  })

/** Runs `effect` as a change of the directory: reads overlapping it cache nothing, and the cached entry goes. */
const changing = <A, E>(files: Files, id: string, effect: Effect.Effect<A, E>) =>
  Effect.suspend(() => {
    files.changes++
    files.cache.delete(id)
    return effect.pipe(Effect.ensuring(Effect.sync(() => files.changes++)))
  })

const forgetId = (files: Files, id: string) => {
  files.ids.delete(id)
  files.owners.drop(id)
}

const sweepOne = (files: Files, id: string, cutoff: number) =>
  files.lock.withPermits(1)(
    changing(
      files,
      id,
      call(files, async () => {
        const mtime = await files.disk.mtimeMs(fileOf(files, id))
        if (mtime !== undefined && mtime >= cutoff) return 0
        await removeDurably(files.disk, fileOf(files, id))
        return mtime === undefined ? 0 : 1
      })
    ).pipe(Effect.tap((n) => Effect.sync(() => (n === 1 || !files.ids.has(id) ? forgetId(files, id) : undefined))))
  )

const sweep = (files: Files, idle: Duration.Duration) =>
  Effect.gen(function* () {
    // wall-clock time on purpose: it is compared with the files' modification times
    const cutoff = Date.now() - Duration.toMillis(idle)
    const stale: Array<string> = []
    for (const id of files.ids) {
      const mtime = yield* call(files, () => files.disk.mtimeMs(fileOf(files, id)))
      if (mtime === undefined || mtime < cutoff) stale.push(id)
    }
    let removed = 0
    for (const id of stale) removed += yield* sweepOne(files, id, cutoff)
    return removed
  })

const ownerFull = (files: Files, owner: string | undefined) =>
  owner !== undefined && files.limits.maxWorkspacesPerPrincipal !== undefined && files.owners.count(owner) >= files.limits.maxWorkspacesPerPrincipal

/** Room for a new workspace of `owner`: after a sweep if full, else why not. */
const room = (files: Files, id: string, owner: string | undefined, ttl: Duration.Duration) =>
  Effect.gen(function* () {
    if (files.ids.has(id)) return
    if (ownerFull(files, owner) || files.ids.size >= files.limits.maxWorkspaces) yield* sweep(files, ttl)
    if (ownerFull(files, owner)) return yield* principalFull(files.limits)
    if (files.ids.size >= files.limits.maxWorkspaces) return yield* storeFull(files.description, publicName, files.limits)
  })

const write = (files: Files, id: string, expected: number, next: StoredDocument, ttl: Duration.Duration, owner?: string) =>
  files.lock.withPermits(1)(
    Effect.gen(function* () {
      const current = yield* read(files, id)
      if ((current?.version ?? 0) !== expected) return false
      yield* room(files, id, owner, ttl)
      const text = encodeDocument(next)
      yield* changing(
        files,
        id,
        call(files, () => writeDurably(files.disk, fileOf(files, id), text))
      )
      files.ids.add(id)
      if (owner !== undefined) files.owners.add(id, owner)
      files.cache.set(id, next, text.length * decodedOverhead)
      return true
    })
  )

/** Deletes a workspace; a quarantined one's copy is archived (`.damaged-<time>`), so the workspace starts over. */
const removeOne = (files: Files, id: string) =>
  files.lock.withPermits(1)(
    changing(
      files,
      id,
      call(files, async () => {
        await removeDurably(files.disk, fileOf(files, id))
        if (files.damaged.has(id))
          await files.disk.rename(`${fileOf(files, id)}${damagedSuffix}`, `${fileOf(files, id)}${damagedSuffix}-${Date.now()}`).catch(() => undefined)
      })
    ).pipe(
      Effect.tap(() =>
        Effect.sync(() => {
          forgetId(files, id)
          files.damaged.delete(id)
        })
      )
    )
  )
