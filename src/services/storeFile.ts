/**
 * The embedded file store: one file per workspace in one directory that belongs to one process.
 *
 * - One process per directory, enforced: start-up takes `.lock` (created exclusively, holding the
 *   pid); a second process on the same directory refuses to start and says which process holds it.
 *   A lock left by a process that died (`kill -9`) names a pid that no longer runs and is taken over.
 *   Two processes would each cache and version on their own and lose each other's writes.
 * - Writes go to a temporary file renamed over the old one (atomic within a directory on POSIX),
 *   so a crash never leaves half a document; temporary files left by a crash are removed at start-up.
 * - Start-up writes and removes a probe file, so a read-only or full disk stops the server there,
 *   with the reason, instead of failing every later definition.
 * - Expired documents are deleted by `sweep`: a file's modification time is its last write, and the
 *   workspace's `touched` (which decides expiry) is never later than that, so a file unchanged for
 *   the idle time-out holds an expired workspace.
 */
import { randomBytes } from "node:crypto"
import * as fs from "node:fs/promises"
import * as path from "node:path"
import { Duration, Effect, Semaphore } from "effect"
import { StoreUnavailable } from "../engine/errors.ts"
import { type StoredDocument, decodeDocument, encodeDocument } from "./WorkspaceDocument.ts"
import {
  type StoreLimits,
  WorkspaceStore,
  guardedCall,
  keyOf,
  makeEndedSessions,
  makeOwnerCounts,
  principalFull,
  storeFull,
  unreadable
} from "./storeCommon.ts"

const publicName = "file store"
const prefix = encodeURIComponent(keyOf(""))
const lockName = ".lock"
const secretName = ".session-secret"

/** Decoded documents kept in memory, bounded by the bytes of their stored text. */
const cacheBytes = 32 * 1024 * 1024
/** ...and in number (a known absence costs an entry too: a session reads its workspace before its first definition). */
const cacheEntries = 10_000

const errno = (error: unknown): string | undefined => (error as { code?: unknown })?.code as string | undefined

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

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return errno(error) === "EPERM"
  }
}

/** Takes the directory's lock; a message when another live process holds it. */
const takeLock = async (directory: string, token: string): Promise<string | undefined> => {
  const file = path.join(directory, lockName)
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      await fs.writeFile(file, token, { flag: "wx" })
      return undefined
    } catch (error) {
      if (errno(error) !== "EEXIST") throw error
    }
    const holder = Number.parseInt((await fs.readFile(file, "utf8").catch(() => "")).split(" ")[0] ?? "", 10)
    if (Number.isInteger(holder) && holder > 0 && alive(holder)) {
      return `is in use by another process (pid ${holder}${holder === process.pid ? ", this one" : ""}): the file store serves one process per directory (two would lose each other's writes). Give each process its own directory, or share workspaces through redis://. If no dimensional process runs there, delete ${file}`
    }
    // left by a process that no longer runs: take it over
    await fs.rm(file, { force: true })
  }
  return `could not be locked (${file} keeps reappearing)`
}

const readSecret = async (directory: string): Promise<Uint8Array> => {
  const file = path.join(directory, secretName)
  try {
    await fs.writeFile(file, randomBytes(32).toString("hex"), { flag: "wx", mode: 0o600 })
  } catch (error) {
    if (errno(error) !== "EEXIST") throw error
  }
  return Buffer.from((await fs.readFile(file, "utf8")).trim(), "hex")
}

// Long on purpose: a service constructor; its operations close over the state it builds (cache, locks, counters), and each one below is short.
export const fileStore = (directoryText: string, limits: StoreLimits) =>
  Effect.gen(function* () {
    const directory = path.resolve(directoryText)
    const description = `file:${directory}`
    const cannotStart = (what: string) =>
      new StoreUnavailable({
        message: `The workspace store (${description}) ${what}`,
        hints: ["Fix the store directory or choose another with --store / DIMENSIONAL_STORE"]
      })
    const token = `${process.pid} ${randomBytes(8).toString("hex")}`

    const prepared = yield* Effect.tryPromise({
      try: async () => {
        await fs.mkdir(directory, { recursive: true })
        const refused = await takeLock(directory, token)
        if (refused) return { refused } as const
        // a read-only or full disk shows here, before any client depends on it
        const probe = path.join(directory, `.probe.${process.pid}.tmp`)
        await fs.writeFile(probe, "probe")
        await fs.rm(probe, { force: true })
        const names = await fs.readdir(directory)
        // the lock is ours: every temporary file is a crashed write's leftover
        await Promise.all(names.filter((n) => n.endsWith(".tmp")).map((n) => fs.rm(path.join(directory, n), { force: true })))
        const ids = names.filter((n) => n.startsWith(prefix) && !n.endsWith(".tmp")).map((n) => decodeURIComponent(n).slice(keyOf("").length))
        return { ids, secret: await readSecret(directory) } as const
      },
      catch: (error) => cannotStart(`cannot be opened: it ${reasonOf(error)}`)
    })
    if ("refused" in prepared) return yield* Effect.fail(cannotStart(`cannot be opened: it ${prepared.refused}`))
    yield* Effect.addFinalizer(() =>
      Effect.promise(async () => {
        const file = path.join(directory, lockName)
        if ((await fs.readFile(file, "utf8").catch(() => "")) === token) await fs.rm(file, { force: true })
      })
    )

    const fileOf = (id: string) => path.join(directory, encodeURIComponent(keyOf(id)))
    const ids = new Set(prepared.ids)
    // who owns what is this process's knowledge (not in the documents): workspaces from before its
    // start count toward the store's bound only (the directory has one process, see the lock above)
    const owners = makeOwnerCounts()
    const ownerFull = (owner: string | undefined) =>
      owner !== undefined && limits.maxWorkspacesPerPrincipal !== undefined && owners.count(owner) >= limits.maxWorkspacesPerPrincipal
    const lock = Semaphore.makeUnsafe(1)
    const call = <A>(what: () => Promise<A>) =>
      guardedCall(description, publicName, Effect.tryPromise({ try: what, catch: (error) => new Error(reasonOf(error)) }))

    // the directory is this process's, so what it last read or wrote is what the file holds
    const cache = new Map<string, { readonly doc: StoredDocument | undefined; readonly bytes: number }>()
    let cachedBytes = 0
    const forget = (id: string) => {
      const hit = cache.get(id)
      if (hit) cachedBytes -= hit.bytes
      cache.delete(id)
    }
    const remember = (id: string, doc: StoredDocument | undefined, bytes: number) => {
      forget(id)
      cache.set(id, { doc, bytes })
      cachedBytes += bytes
      for (const key of cache.keys()) {
        if ((cachedBytes <= cacheBytes && cache.size <= cacheEntries) || cache.size <= 1) break
        forget(key)
      }
    }
    // writes begun and finished: a read caches what it read only if no write overlapped it
    let writes = 0
    let counter = 0

    const read = (id: string): Effect.Effect<StoredDocument | undefined, StoreUnavailable> =>
      Effect.suspend(() => {
        const hit = cache.get(id)
        if (hit) {
          cache.delete(id)
          cache.set(id, hit)
          return Effect.succeed(hit.doc)
        }
        const before = writes
        return call(() => fs.readFile(fileOf(id), "utf8").catch((error) => (errno(error) === "ENOENT" ? undefined : Promise.reject(error)))).pipe(
          Effect.flatMap((text) => {
            if (text === undefined) {
              if (writes === before) remember(id, undefined, 64)
              return Effect.succeed(undefined)
            }
            const doc = decodeDocument(text)
            if ("_tag" in doc) return unreadable(description, publicName, id, doc)
            if (writes === before) remember(id, doc, text.length)
            return Effect.succeed(doc)
          })
        )
      })

    const sweepOne = (id: string, cutoff: number) =>
      lock.withPermits(1)(
        call(async () => {
          const stat = await fs.stat(fileOf(id)).catch(() => undefined)
          if (stat && stat.mtimeMs >= cutoff) return 0
          writes++
          await fs.rm(fileOf(id), { force: true })
          writes++
          forget(id)
          ids.delete(id)
          owners.drop(id)
          return stat ? 1 : 0
        })
      )

    const sweep = (idle: Duration.Duration) =>
      Effect.gen(function* () {
        // wall-clock time on purpose: it is compared with the files' modification times
        const cutoff = Date.now() - Duration.toMillis(idle)
        const stale: Array<string> = []
        for (const id of ids) {
          const stat = yield* call(() => fs.stat(fileOf(id)).catch(() => undefined))
          if (!stat || stat.mtimeMs < cutoff) stale.push(id)
        }
        let removed = 0
        for (const id of stale) removed += yield* sweepOne(id, cutoff)
        return removed
      })

    const write = (id: string, expected: number, next: StoredDocument, ttl: Duration.Duration, owner?: string) =>
      lock.withPermits(1)(
        Effect.gen(function* () {
          const current = yield* read(id)
          if ((current?.version ?? 0) !== expected) return false
          if (!ids.has(id) && ownerFull(owner)) {
            yield* sweep(ttl)
            if (ownerFull(owner)) return yield* principalFull(limits)
          }
          if (!ids.has(id) && ids.size >= limits.maxWorkspaces) {
            yield* sweep(ttl)
            if (ids.size >= limits.maxWorkspaces) return yield* storeFull(description, publicName, limits)
          }
          const text = encodeDocument(next)
          const temp = `${fileOf(id)}.${process.pid}.${++counter}.tmp`
          writes++
          forget(id)
          yield* call(async () => {
            try {
              await fs.writeFile(temp, text)
              await fs.rename(temp, fileOf(id))
            } catch (error) {
              await fs.rm(temp, { force: true }).catch(() => undefined)
              throw error
            }
          }).pipe(Effect.ensuring(Effect.sync(() => writes++)))
          ids.add(id)
          if (owner !== undefined) owners.add(id, owner)
          remember(id, next, text.length)
          return true
        })
      )

    const remove = (id: string) =>
      lock.withPermits(1)(
        Effect.suspend(() => {
          writes++
          forget(id)
          ids.delete(id)
          owners.drop(id)
          return call(() => fs.rm(fileOf(id), { force: true })).pipe(Effect.ensuring(Effect.sync(() => writes++)))
        })
      )

    const endedSessions = makeEndedSessions()
    return WorkspaceStore.of({
      description,
      read,
      write,
      remove,
      end: (id, ttl) => Effect.tap(remove(id), () => Effect.sync(() => endedSessions.add(id, ttl))),
      ended: (id) => Effect.sync(() => endedSessions.has(id)),
      sweep,
      count: Effect.sync(() => ids.size),
      secret: prepared.secret
    })
  })
