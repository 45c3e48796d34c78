/**
 * What the installed bin (bin/dimensional.js) decides before it loads the bundle: whether this
 * command line serves MCP over stdio, and if so whether it can start from the start-up snapshot
 * (a V8 heap holding the server loaded and warmed, built from src/startup/snapshotEntry.ts), by
 * re-executing Node with `--snapshot-blob` (https://nodejs.org/api/cli.html#--snapshot-blob-path).
 * Bundled alone into dist/launch.js, which the bin loads on every start: only node:fs, node:os and
 * node:path here, node:child_process only when a blob has to be built.
 *
 * The blob lives in a cache directory: DIMENSIONAL_CACHE_DIR, else $XDG_CACHE_HOME/dimensional,
 * else ~/.cache/dimensional (~/Library/Caches/dimensional on macOS). Its file name holds a key of
 * everything the blob depends on: Node refuses (or crashes on) a blob built by another binary, and
 * after an exec there is no going back to the normal start, so a blob is used only by the exact
 * binary and package build that made it. A blob is code that runs as whoever starts the server, so
 * the directory and the blob are used only when they belong to this user and nobody else can write
 * them. DIMENSIONAL_SNAPSHOT=0 (or off, false) turns all of this off.
 */
import type { Stats } from "node:fs"
import { homedir } from "node:os"
import { join, resolve } from "node:path"
import { servesStdio, stdinMayBeTerminal } from "../cli/argv.ts"
import { fs } from "../cli/fs.ts"

const { lstatSync, readFileSync, statSync } = fs

export const snapshotEnv = "DIMENSIONAL_SNAPSHOT"
export const cacheDirEnv = "DIMENSIONAL_CACHE_DIR"
/** Set by the builder: a process started from a new blob checks it (src/startup/snapshotEntry.ts) instead of serving. */
export const checkEnv = "DIMENSIONAL_SNAPSHOT_CHECK"
/** What that check must answer: 5 km in miles. */
export const checkAnswer = 3.1068559611866697

/** Whether DIMENSIONAL_SNAPSHOT lets a start use the snapshot (anything but 0, off, false, no). */
export const snapshotAllowed = (env: NodeJS.ProcessEnv): boolean => !/^(0|off|false|no)$/i.test((env[snapshotEnv] ?? "").trim())

/** The cache directory (see above); XDG_CACHE_HOME counts only as an absolute path, as the XDG Base Directory spec says. */
export const cacheDirectory = (env: NodeJS.ProcessEnv, platform: NodeJS.Platform = process.platform, home: string = homedir()): string => {
  const own = env[cacheDirEnv]
  if (own) return resolve(own)
  const xdg = env.XDG_CACHE_HOME
  if (xdg?.startsWith("/")) return join(xdg, "dimensional")
  return platform === "darwin" ? join(home, "Library", "Caches", "dimensional") : join(home, ".cache", "dimensional")
}

/** Whether a file or directory (lstat: a symbolic link is not followed) is `uid`'s and not writable by its group or others. */
export const privateTo = (stats: Stats, uid: number): boolean => stats.uid === uid && (stats.mode & 0o022) === 0

/** The blob's file names all start so (the builder removes other keys' blobs by it). */
export const blobPrefix = "dimensional-"
/** Beside a blob's name, the mark of a build of it that failed; starts try again a day later. */
export const failedSuffix = ".failed"
const retryFailedAfterMs = 24 * 60 * 60_000

/** FNV-1a, 64 bits, as hex (http://www.isthe.com/chongo/tech/comp/fnv/): a file name for a key, not a secret. */
const fnv1a64 = (text: string): string => {
  let hash = 0xcbf29ce484222325n
  for (let i = 0; i < text.length; i++) hash = ((hash ^ BigInt(text.charCodeAt(i))) * 0x100000001b3n) & 0xffffffffffffffffn
  return hash.toString(16).padStart(16, "0")
}

export interface Snapshot {
  /** The cache directory. */
  readonly dir: string
  /** The blob's file name: this Node binary's and this package build's. */
  readonly name: string
  readonly blob: string
  /** The blob is there and safe to start from. */
  readonly ready: boolean
  /** Whether to build it (in the background) after this start: the directory is missing, or ours and private. */
  readonly build: boolean
  /** Why the cache directory or the blob is not used, for one line on stderr. */
  readonly refused?: string
}

const lstatOrUndefined = (path: string): Stats | undefined => {
  try {
    return lstatSync(path)
  } catch {
    return undefined
  }
}

/**
 * This start's snapshot, or undefined where the process starts as it always has: not the stdio
 * server; Windows, or a Node without `process.execve` (before 22.15 and 23.11,
 * https://nodejs.org/api/process.html#processexecvefile-args-env); DIMENSIONAL_SNAPSHOT off; Node
 * options given to this process (on its command line, lost in the re-execution, or in NODE_OPTIONS,
 * which the blob was neither built nor checked with); no snapshot in the package build (`distDir`).
 *
 * The key: Node's version and architecture, the binary's path, size and modification time, the
 * package's version and a hash of dist/snapshot.cjs (dist/snapshot.json, written by the build), and
 * the dist directory itself (the blob loads files from it, the Redis client).
 */
export const snapshotFor = (distDir: string, argv: ReadonlyArray<string>, env: NodeJS.ProcessEnv = process.env): Snapshot | undefined => {
  if (process.platform === "win32" || typeof process.execve !== "function" || typeof process.getuid !== "function") return undefined
  if (!snapshotAllowed(env) || process.execArgv.length > 0 || (env.NODE_OPTIONS ?? "").trim() !== "") return undefined
  if (!servesStdio(argv, stdinMayBeTerminal())) return undefined
  let build: { readonly version: string; readonly hash: string }
  try {
    build = JSON.parse(readFileSync(join(distDir, "snapshot.json"), "utf8"))
  } catch {
    return undefined
  }
  const node = statSync(process.execPath)
  const key = [process.version, process.arch, process.execPath, node.size, node.mtimeMs, build.version, build.hash, distDir].join("\n")
  const name = `${blobPrefix}${build.version}-node${process.versions.node}-${process.arch}-${fnv1a64(key)}.blob`
  const dir = cacheDirectory(env)
  const blob = join(dir, name)
  const uid = process.getuid()
  const dirStats = lstatOrUndefined(dir)
  if (dirStats === undefined) return { dir, name, blob, ready: false, build: true }
  if (!dirStats.isDirectory() || !privateTo(dirStats, uid))
    return { dir, name, blob, ready: false, build: false, refused: `${dir} is not a directory of this user's that only it can write` }
  const blobStats = lstatOrUndefined(blob)
  if (blobStats === undefined) {
    // a build of this key that failed lately is not tried again on every start (src/startup/snapshotBuilder.ts)
    const failed = lstatOrUndefined(`${blob}${failedSuffix}`)
    return { dir, name, blob, ready: false, build: failed === undefined || Date.now() - failed.mtimeMs > retryFailedAfterMs }
  }
  // the directory is ours: the builder may replace a blob that is not (rename over it)
  if (!blobStats.isFile() || !privateTo(blobStats, uid) || blobStats.size === 0)
    return { dir, name, blob, ready: false, build: true, refused: `${blob} is not a file of this user's that only it can write` }
  return { dir, name, blob, ready: true, build: false }
}

/**
 * Replaces this process with Node started from the blob, the command line passed after `--` so Node
 * reads none of it as its own options, and the environment as it is but for the builder's check
 * switch (which would make the process check the blob instead of serving).
 */
export const execFromSnapshot = (snapshot: Snapshot, argv: ReadonlyArray<string>): never => {
  const env: NodeJS.ProcessEnv = { ...process.env }
  delete env[checkEnv]
  return process.execve!(process.execPath, [process.execPath, "--snapshot-blob", snapshot.blob, "--", ...argv], env) as never
}

/**
 * Builds the blob in the background once this start is under way: `delayMs` later, or when the
 * process exits if sooner, so the first session's start is not slowed. One detached child,
 * unreferenced (the server does not wait for it), its output discarded (this process's stdout is
 * the protocol); it lowers its own priority, takes a lock and checks the blob before it is used
 * (src/startup/snapshotBuilder.ts). A failure to spawn it changes nothing: later starts build again.
 */
export const buildLater = (snapshot: Snapshot, distDir: string, delayMs = 2_000): void => {
  let started = false
  const start = () => {
    if (started) return
    started = true
    try {
      const { spawn } = process.getBuiltinModule("node:child_process")
      const env: NodeJS.ProcessEnv = { ...process.env }
      delete env[checkEnv]
      spawn(process.execPath, [join(distDir, "snapshot-builder.js"), snapshot.dir, snapshot.name], { detached: true, stdio: "ignore", cwd: "/", env }).unref()
    } catch {
      // no build this time; the next start tries again
    }
  }
  setTimeout(start, delayMs).unref()
  process.once("exit", start)
}
