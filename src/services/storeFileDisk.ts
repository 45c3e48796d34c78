/**
 * What the file store asks of the disk, and how it makes a write survive a crash or a power loss.
 *
 * A rename is atomic, but only durable once the directory holding it is flushed, and a file's
 * bytes only once the file is: after a power loss, a renamed file whose data was never flushed can
 * come back empty (ext4's delayed allocation leaves a zero-length file), and a rename never followed
 * by a flush of its directory can be undone. So a write is: the text to a temporary file, `fsync`
 * it, rename it over the document, `fsync` the directory (POSIX rename(2), fsync(2); the sequence
 * SQLite and PostgreSQL use). Only then is the write acknowledged.
 *
 * The operations are an interface so that a test can stand in a disk that records what was flushed
 * and shows what a power loss would leave (test/services/storeFilePowerLoss.test.ts).
 */
import { randomBytes } from "node:crypto"
import * as fs from "node:fs/promises"
import * as path from "node:path"

export interface DiskOps {
  /** The file's text; undefined when it does not exist. */
  readonly readFile: (file: string) => Promise<string | undefined>
  /** Writes `text` to `file` (`exclusive`: only if it does not exist yet, else EEXIST); not yet durable. */
  readonly writeFile: (file: string, text: string, options?: { readonly exclusive?: boolean; readonly mode?: number }) => Promise<void>
  /** Flushes a file's data, or a directory's entries, to the disk. */
  readonly fsync: (file: string) => Promise<void>
  readonly rename: (from: string, to: string) => Promise<void>
  /** A hard link `to` of `from`; EEXIST when `to` exists (atomically, unlike a rename). */
  readonly link: (from: string, to: string) => Promise<void>
  readonly rm: (file: string) => Promise<void>
  readonly readdir: (directory: string) => Promise<ReadonlyArray<string>>
  readonly mtimeMs: (file: string) => Promise<number | undefined>
  readonly mkdir: (directory: string) => Promise<void>
}

export const errno = (error: unknown): string | undefined => (error as { code?: unknown })?.code as string | undefined

const absent = (error: unknown) => (errno(error) === "ENOENT" ? undefined : Promise.reject(error))

export const nodeDisk: DiskOps = {
  readFile: (file) => fs.readFile(file, "utf8").catch(absent),
  writeFile: (file, text, options) =>
    fs.writeFile(file, text, { flag: options?.exclusive ? "wx" : "w", ...(options?.mode === undefined ? {} : { mode: options.mode }) }),
  fsync: async (file) => {
    const handle = await fs.open(file, "r")
    try {
      await handle.sync()
    } finally {
      await handle.close()
    }
  },
  rename: (from, to) => fs.rename(from, to),
  link: (from, to) => fs.link(from, to),
  rm: (file) => fs.rm(file, { force: true }),
  readdir: (directory) => fs.readdir(directory),
  mtimeMs: (file) => fs.stat(file).then((s) => s.mtimeMs, absent),
  mkdir: (directory) => fs.mkdir(directory, { recursive: true }).then(() => undefined)
}

let counter = 0

/** Writes `text` as `file` so that once this resolves, a crash or power loss leaves either the old document or this one, whole. */
export const writeDurably = async (disk: DiskOps, file: string, text: string): Promise<void> => {
  const temp = `${file}.${process.pid}.${++counter}.tmp`
  try {
    await disk.writeFile(temp, text)
    await disk.fsync(temp)
    await disk.rename(temp, file)
  } catch (error) {
    await disk.rm(temp).catch(() => undefined)
    throw error
  }
  await disk.fsync(path.dirname(file))
}

/** Removes `file` durably: its directory is flushed after the unlink. */
export const removeDurably = async (disk: DiskOps, file: string): Promise<void> => {
  await disk.rm(file)
  await disk.fsync(path.dirname(file))
}

const secretName = ".session-secret"

/** 32 random bytes, hex: what a sound secret file holds. */
const secretPattern = /^[0-9a-f]{64}$/

/**
 * The directory's session secret, made durably on first start. A file that does not hold 64 hex
 * digits (empty after a power loss during an older release's write, or edited) is never used as a
 * key: it is moved aside as `.session-secret.damaged-<time>` and a new secret made, and `onDamage`
 * says so (the ids signed with the old one are no longer recognised).
 */
export const readSecret = async (disk: DiskOps, directory: string, onDamage: (moved: string) => void): Promise<Uint8Array> => {
  const file = path.join(directory, secretName)
  const text = (await disk.readFile(file))?.trim()
  if (text !== undefined && secretPattern.test(text)) return Buffer.from(text, "hex")
  if (text !== undefined) {
    const moved = `${file}.damaged-${Date.now()}`
    await disk.rename(file, moved)
    onDamage(path.basename(moved))
  }
  const secret = randomBytes(32)
  await writeDurably(disk, file, secret.toString("hex"))
  return secret
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return errno(error) === "EPERM"
  }
}

const lockName = ".lock"

const holderOf = (text: string | undefined): number | undefined => {
  const pid = Number.parseInt((text ?? "").split(" ")[0] ?? "", 10)
  return Number.isInteger(pid) && pid > 0 ? pid : undefined
}

const inUse = (file: string, holder: number) =>
  `is in use by another process (pid ${holder}${holder === process.pid ? ", this one" : ""}): the file store serves one process per directory (two would lose each other's writes). Give each process its own directory, or share workspaces through redis://. If no dimensional process runs there, delete ${file}`

/**
 * Takes the directory's lock (`token`: this process's pid and a random part); a message when another
 * live process holds it. The lock is made whole, then linked into place, so it never exists empty.
 * A lock naming a process that no longer runs (`kill -9`) is taken over, by one process at a time:
 * it first takes `.lock.takeover` (created exclusively), reads the lock again and only then moves
 * it aside. Deleting a stale lock without that let two processes start together (issue 33, item
 * 12): one deleted the lock the other had just taken.
 */
export const takeLock = async (disk: DiskOps, directory: string, token: string): Promise<string | undefined> => {
  const file = path.join(directory, lockName)
  const mine = `${file}.${randomBytes(6).toString("hex")}.tmp`
  await disk.writeFile(mine, token)
  try {
    for (let attempt = 0; attempt < 50; attempt++) {
      try {
        await disk.link(mine, file)
        return undefined
      } catch (error) {
        // ENOENT: the holder's start-up removed our temporary file with its leftovers; make it again
        if (errno(error) === "ENOENT") await disk.writeFile(mine, token)
        else if (errno(error) !== "EEXIST") throw error
      }
      const holder = holderOf(await disk.readFile(file))
      if (holder !== undefined && alive(holder)) return inUse(file, holder)
      await takeOver(disk, file, mine, token)
    }
    return `could not be locked (${file} keeps changing)`
  } finally {
    await disk.rm(mine)
  }
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/**
 * Moves a stale lock aside, holding `.lock.takeover` meanwhile; returns without doing so when another
 * process is taking over. The mark is linked into place from `mine` (already holding `token`), like
 * the lock itself: a mark created empty and written after could be read in between as naming no
 * process, be moved aside as a dead one's, and let two processes take over at once (each removing
 * the lock the other had just taken; seen once in 40 rounds of three takers).
 */
const takeOver = async (disk: DiskOps, file: string, mine: string, token: string) => {
  const takeover = `${file}.takeover`
  try {
    await disk.link(mine, takeover)
  } catch (error) {
    if (errno(error) === "ENOENT" && (await disk.readFile(mine)) === undefined) return disk.writeFile(mine, token)
    if (errno(error) !== "EEXIST") throw error
    const text = await disk.readFile(takeover)
    // gone meanwhile: the taker finished; try the lock again
    if (text === undefined) return
    const taker = holderOf(text)
    // another process takes over now: let it
    if (taker !== undefined && alive(taker)) return pause(taker === process.pid ? 5 : 20)
    // one that died at it left its mark: move it aside, and put back a live mark moved by a race
    const aside = `${takeover}.${randomBytes(6).toString("hex")}.tmp`
    const moved = await disk.rename(takeover, aside).then(
      () => true,
      () => false
    )
    if (moved && (await disk.readFile(aside)) !== text) await disk.link(aside, takeover).catch(() => undefined)
    if (moved) await disk.rm(aside)
    return
  }
  try {
    // under the takeover mark nobody else moves the lock: it is stale still, or gone, or a new live one
    const holder = holderOf(await disk.readFile(file))
    if (holder === undefined || !alive(holder)) await disk.rm(file)
  } finally {
    await disk.rm(takeover)
  }
}

/** Releases the lock if it is still this process's. */
export const releaseLock = async (disk: DiskOps, directory: string, token: string): Promise<void> => {
  const file = path.join(directory, lockName)
  if ((await disk.readFile(file)) === token) await disk.rm(file)
}
