/**
 * Builds the start-up snapshot's blob, in the background, for the bin (src/startup/launch.ts `buildLater`
 * spawns it detached, with its output discarded):
 *
 *   node dist/snapshot-builder.js <cache directory> <blob file name>
 *
 * At the lowest priority it takes a lock (one builder at a time per cache directory), removes what
 * earlier builds left, builds the blob into a temporary file
 * (`node --snapshot-blob <temp> --build-snapshot dist/snapshot.cjs`,
 * https://nodejs.org/api/cli.html#--build-snapshot-entry), starts a process from it in check mode
 * twice (src/startup/snapshotEntry.ts: each must answer a convert in process, exit 0, and draw random values
 * of its own, not ones frozen into the snapshot), and only then renames it
 * into place, atomically: the bin never sees a blob that has not passed. Whatever fails leaves no
 * blob, so starts stay normal; what the build and the check said is kept in build.log there.
 */
import { spawnSync } from "node:child_process"
import { chmodSync, closeSync, lstatSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync, writeSync } from "node:fs"
import { setPriority } from "node:os"
import { join } from "node:path"
import { blobPrefix, checkAnswer, checkEnv, failedSuffix, privateTo } from "./launch.ts"

/** A lock older than this is a builder that died (a build takes seconds). */
const lockStaleMs = 10 * 60_000
/**
 * Blobs of other keys (another Node, another version, another install) not read for this long are
 * removed, and of those read lately only the newest stays: the cache holds this build's blob and at
 * most one other (two installs in use side by side, an npx cache and a global install, keep theirs),
 * so never much more than twice a blob's size. Reading a blob (a start) updates its access time at
 * most daily on Linux's default `relatime` mounts; where access times are not kept, a blob of another
 * key goes a day after it was built (and its install builds it again).
 */
const otherKeysKeptMs = 24 * 60 * 60_000
const buildTimeoutMs = 5 * 60_000
const checkTimeoutMs = 2 * 60_000

const lines: Array<string> = []
const note = (line: string) => lines.push(`${new Date().toISOString()} ${line}`)

const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM"
  }
}

/** Takes the lock (O_EXCL): false when another builder holds it. A stale lock is renamed away first, so two builders cannot both take it over. */
const acquire = (lock: string, token: string): boolean => {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lock, "wx", 0o600)
      writeSync(fd, token)
      closeSync(fd)
      return true
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e
    }
    let holder: ReadonlyArray<string>
    try {
      holder = readFileSync(lock, "utf8").split(" ")
    } catch {
      continue
    }
    const [pid, since] = [Number(holder[0]), Number(holder[1])]
    const stale = !(Date.now() - since < lockStaleMs) || !(Number.isInteger(pid) && alive(pid))
    if (!stale) return false
    try {
      renameSync(lock, `${lock}.stale-${process.pid}`)
      rmSync(`${lock}.stale-${process.pid}`, { force: true })
    } catch {
      // another builder took it over first
    }
  }
  return false
}

const release = (lock: string, token: string) => {
  try {
    if (readFileSync(lock, "utf8") === token) rmSync(lock, { force: true })
  } catch {
    // gone already
  }
}

/**
 * Temporary files of builds that died, other keys' failure marks and blobs unused for a day, and of
 * the other blobs used within a day all but the newest.
 */
const cleanUp = (dir: string, name: string) => {
  const others: Array<{ readonly path: string; readonly used: number }> = []
  for (const file of readdirSync(dir)) {
    if (!file.startsWith(blobPrefix) || file === name || file === `${name}${failedSuffix}`) continue
    const path = join(dir, file)
    const stats = lstatSync(path)
    const used = Math.max(stats.mtimeMs, stats.atimeMs)
    const age = Date.now() - used
    if (/\.blob\.tmp-\d+$/.test(file)) {
      if (age > lockStaleMs) rmSync(path, { force: true })
    } else if (file.endsWith(`.blob${failedSuffix}`)) {
      if (age > otherKeysKeptMs) rmSync(path, { force: true })
    } else if (file.endsWith(".blob")) {
      if (age > otherKeysKeptMs) rmSync(path, { force: true })
      else others.push({ path, used })
    }
  }
  for (const stale of others.sort((a, b) => b.used - a.used).slice(1)) rmSync(stale.path, { force: true })
}

const build = (dir: string, name: string): boolean => {
  const temp = join(dir, `${name}.tmp-${process.pid}`)
  const env: NodeJS.ProcessEnv = { ...process.env }
  delete env[checkEnv]
  delete env.NODE_OPTIONS
  try {
    const started = Date.now()
    const made = spawnSync(process.execPath, ["--snapshot-blob", temp, "--build-snapshot", join(import.meta.dirname, "snapshot.cjs")], {
      cwd: dir,
      env,
      stdio: ["ignore", "pipe", "pipe"],
      encoding: "utf8",
      timeout: buildTimeoutMs
    })
    note(`build: exit ${made.status ?? made.signal} in ${Date.now() - started} ms${made.error ? `, ${made.error.message}` : ""}\n${made.stdout}${made.stderr}`)
    if (made.status !== 0) return false
    // twice: each process must answer, and draw its own random values (a UUID, Math.random, a workspace id)
    const checks = [1, 2].map(() => {
      const checked = spawnSync(process.execPath, ["--snapshot-blob", temp, "--"], {
        cwd: dir,
        env: { ...env, [checkEnv]: "1" },
        stdio: ["ignore", "pipe", "pipe"],
        encoding: "utf8",
        timeout: checkTimeoutMs
      })
      note(`check: exit ${checked.status ?? checked.signal}${checked.error ? `, ${checked.error.message}` : ""}\n${checked.stdout}${checked.stderr}`)
      try {
        return checked.status === 0 ? (JSON.parse(checked.stdout.trim()) as Record<string, unknown>) : undefined
      } catch {
        return undefined
      }
    })
    const [a, b] = checks
    if (a?.quantity !== checkAnswer || b?.quantity !== checkAnswer) return false
    const same = ["uuid", "random", "workspace"].filter((key) => a[key] === undefined || a[key] === b[key])
    if (same.length > 0) {
      note(`check: two processes drew the same ${same.join(", ")}: a value the snapshot froze`)
      return false
    }
    chmodSync(temp, 0o600)
    renameSync(temp, join(dir, name))
    return true
  } finally {
    rmSync(temp, { force: true })
  }
}

const main = (dir: string, name: string) => {
  try {
    setPriority(19)
  } catch {
    // as it is
  }
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  const uid = process.getuid?.()
  const stats = lstatSync(dir)
  if (uid === undefined || !stats.isDirectory() || !privateTo(stats, uid)) return
  const lock = join(dir, "build.lock")
  const token = `${process.pid} ${Date.now()}`
  if (!acquire(lock, token)) return
  try {
    cleanUp(dir, name)
    const ready = (() => {
      try {
        const blob = lstatSync(join(dir, name))
        return blob.isFile() && privateTo(blob, uid) && blob.size > 0
      } catch {
        return false
      }
    })()
    if (ready) return
    const built = build(dir, name)
    note(built ? `built ${name}` : `no blob: ${name} did not build or did not pass its check; starts try again in a day`)
    // the mark keeps a build that cannot succeed here from running again on every start (src/startup/launch.ts)
    if (built) rmSync(join(dir, `${name}${failedSuffix}`), { force: true })
    else writeFileSync(join(dir, `${name}${failedSuffix}`), "", { mode: 0o600 })
    writeFileSync(join(dir, "build.log"), `${lines.join("\n")}\n`, { mode: 0o600 })
  } finally {
    release(lock, token)
  }
}

const [dir, name] = process.argv.slice(2)
if (dir === undefined || name === undefined || !name.startsWith(blobPrefix) || name.includes("/")) {
  process.stderr.write("usage: node dist/snapshot-builder.js <cache directory> <blob file name>\n")
  process.exitCode = 2
} else main(dir, name)
