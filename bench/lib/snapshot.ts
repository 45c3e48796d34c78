/**
 * Our bin's start-up snapshot in the benchmarks (src/startup/launch.ts): every start of ours gets a cache
 * directory of the benchmark's own (never the user's), and the blob is built before anything is
 * timed, as it is for a client's second start on; the normal start is measured with
 * DIMENSIONAL_SNAPSHOT=0, what a first start (or a platform without `process.execve`) gets.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs"
import { join } from "node:path"
import { type ServerCommand, callConvert, connectStdio } from "./mcp.ts"

/** `server` with its snapshot cache in `cacheDir`. */
export const withSnapshotCache = (server: ServerCommand, cacheDir: string, name = server.name): ServerCommand => ({
  ...server,
  name,
  env: { ...server.env, DIMENSIONAL_CACHE_DIR: cacheDir }
})

/** `server` started without the snapshot. */
export const withoutSnapshot = (server: ServerCommand, name = server.name): ServerCommand => ({
  ...server,
  name,
  env: { ...server.env, DIMENSIONAL_SNAPSHOT: "0" }
})

export interface SnapshotFacts {
  readonly blob: string
  readonly bytes: number
  /** How long `node --build-snapshot` took in the background builder (its build.log), at the lowest priority. */
  readonly buildMs: number | undefined
}

/** Starts `server` once, waits for the blob its start builds in the background, and checks the next start runs from it. */
export const ensureSnapshot = async (server: ServerCommand, timeoutMs = 180_000): Promise<SnapshotFacts> => {
  const cacheDir = server.env?.DIMENSIONAL_CACHE_DIR
  if (cacheDir === undefined) throw new Error(`${server.name} has no DIMENSIONAL_CACHE_DIR of its own`)
  const blobs = () => (existsSync(cacheDir) ? readdirSync(cacheDir).filter((f) => f.endsWith(".blob")) : [])
  if (blobs().length === 0) {
    const first = await connectStdio(server)
    await callConvert(first.client)
    await first.close()
    const deadline = Date.now() + timeoutMs
    while (blobs().length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250))
  }
  const [blob] = blobs()
  const log = existsSync(join(cacheDir, "build.log")) ? readFileSync(join(cacheDir, "build.log"), "utf8") : ""
  if (blob === undefined) throw new Error(`${server.name} built no start-up snapshot in ${cacheDir}:\n${log}`)
  const again = await connectStdio(server)
  try {
    if (!readFileSync(`/proc/${again.pid}/cmdline`, "utf8").split("\0").includes("--snapshot-blob"))
      throw new Error(`${server.name} did not start from its snapshot ${blob}:\n${again.stderr()}`)
  } finally {
    await again.close()
  }
  const built = /build: exit 0 in (\d+) ms/.exec(log)
  return { blob: join(cacheDir, blob), bytes: statSync(join(cacheDir, blob)).size, buildMs: built ? Number(built[1]) : undefined }
}
