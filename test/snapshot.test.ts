// The start-up snapshot as an MCP client meets it: the installed bin (bin/dimensional.js beside a
// dist/ built into a temporary directory, the layout of an install) spawned by the SDK's Client over
// stdio, with its own cache directory. The first start serves normally and builds the blob in the
// background; later starts run from it (seen in /proc/<pid>/cmdline: Node was re-executed with
// --snapshot-blob) and answer exactly as the normal start does. Settings given at run time (flags
// after the blob, the environment) reach the server; each process has its own workspace; an unsafe
// cache directory or blob, or DIMENSIONAL_SNAPSHOT=0, means the normal start.
import { execFile } from "node:child_process"
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync
} from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { promisify } from "node:util"
import { Client } from "@modelcontextprotocol/client"
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio"
import type { CallToolResult } from "@modelcontextprotocol/client"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { builtPackage } from "./support/builtCommand.ts"
import { servesStdio } from "../src/cli/argv.ts"
import { cacheDirectory, snapshotAllowed } from "../src/startup/launch.ts"
import { type OtlpReceiver, startOtlpReceiver } from "./support/otlpReceiver.ts"

const linux = process.platform === "linux"

describe("which starts may use the snapshot (src/startup/launch.ts)", () => {
  it("is the stdio server: the bare command with stdin not a terminal, or `mcp` without --http", () => {
    expect(servesStdio([], false)).toBe(true)
    expect(servesStdio([], true)).toBe(false)
    expect(servesStdio(["mcp"], true)).toBe(true)
    expect(servesStdio(["mcp", "--max-retries", "0"], false)).toBe(true)
    expect(servesStdio(["mcp", "--http"], false)).toBe(false)
    expect(servesStdio(["mcp", "--port", "3001", "--http=true"], false)).toBe(false)
    expect(servesStdio(["convert", "5", "km", "mi"], false)).toBe(false)
    expect(servesStdio(["--help"], false)).toBe(false)
  })

  it("is off with DIMENSIONAL_SNAPSHOT 0, off, false or no", () => {
    for (const off of ["0", "off", "false", "no", "OFF", " 0 "]) expect(snapshotAllowed({ DIMENSIONAL_SNAPSHOT: off }), off).toBe(false)
    for (const on of [undefined, "", "1", "on"]) expect(snapshotAllowed({ DIMENSIONAL_SNAPSHOT: on }), String(on)).toBe(true)
  })

  it("keeps the blob in DIMENSIONAL_CACHE_DIR, else $XDG_CACHE_HOME/dimensional, else the platform's cache directory", () => {
    expect(cacheDirectory({ DIMENSIONAL_CACHE_DIR: "/c/d", XDG_CACHE_HOME: "/x" }, "linux", "/home/u")).toBe("/c/d")
    expect(cacheDirectory({ XDG_CACHE_HOME: "/x" }, "linux", "/home/u")).toBe("/x/dimensional")
    expect(cacheDirectory({ XDG_CACHE_HOME: "relative" }, "linux", "/home/u")).toBe("/home/u/.cache/dimensional")
    expect(cacheDirectory({}, "linux", "/home/u")).toBe("/home/u/.cache/dimensional")
    expect(cacheDirectory({}, "darwin", "/Users/u")).toBe("/Users/u/Library/Caches/dimensional")
  })
})

describe.skipIf(!linux)("the stdio server started from the snapshot", () => {
  let scratch: string
  let bin: string
  let cache: string
  /** The environment of every start here: the suite's DIMENSIONAL_SNAPSHOT=0 (vitest.config.ts) left out, this cache. */
  let env: Record<string, string>

  beforeAll(async () => {
    scratch = mkdtempSync(join(tmpdir(), "dimensional-snapshot-"))
    // a copy of the suite's built package (test/globalSetup.ts): the snapshot is built beside it
    cpSync(builtPackage(), join(scratch, "package"), { recursive: true })
    bin = join(scratch, "package", "bin", "dimensional.js")
    cache = join(scratch, "cache")
    env = { ...(process.env as Record<string, string>), DIMENSIONAL_CACHE_DIR: cache }
    delete env.DIMENSIONAL_SNAPSHOT
    delete env.NODE_OPTIONS
  })

  afterAll(() => {
    if (scratch) rmSync(scratch, { recursive: true, force: true })
  })

  const blobs = () => (existsSync(cache) ? readdirSync(cache).filter((f) => f.endsWith(".blob")) : [])

  interface Started {
    readonly client: Client
    readonly fromSnapshot: boolean
    readonly stderr: () => string
    readonly call: (name: string, args: Record<string, unknown>) => Promise<{ isError: boolean; data: any }>
  }

  /** Starts the bin with `args` as an MCP client does, and says whether the process now runs from a blob. */
  const start = async (args: ReadonlyArray<string> = [], extraEnv: Record<string, string> = {}): Promise<Started> => {
    const transport = new StdioClientTransport({ command: process.execPath, args: [bin, ...args], env: { ...env, ...extraEnv }, stderr: "pipe" })
    let stderr = ""
    transport.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")))
    const client = new Client({ name: "dimensional-snapshot-test", version: "1.0.0" })
    await client.connect(transport).catch((e: unknown) => {
      throw new Error(`the bin did not initialize: ${String(e)}\n${stderr}`)
    })
    // the exec keeps the pid: read what the process runs now, after it answered
    const cmdline = readFileSync(`/proc/${transport.pid}/cmdline`, "utf8").split("\0")
    return {
      client,
      fromSnapshot: cmdline.includes("--snapshot-blob"),
      stderr: () => stderr,
      call: async (name, args) => {
        const result = (await client.callTool({ name, arguments: args })) as CallToolResult
        return { isError: result.isError === true, data: result.structuredContent }
      }
    }
  }

  /** The answers to compare between starts: a convert, a compute, an error, a definition used in the session. */
  const answers = async (s: Started) => {
    const defined = await s.call("define_unit", { name: "snapshot_widget", dimension: "count", aliases: ["swdg"] })
    const edge = await s.call("define_conversion", { src: "snapshot_widget", dst: "ea", factor: 12 })
    return {
      convert: await s.call("convert", { value: 5, from_unit: "km", to_unit: "mi" }),
      compute: await s.call("compute", {
        initial_value: 154,
        initial_unit: "lb",
        factors: [
          { value: 1, numerator: "kg", denominator: "2.2 lb" },
          { value: 5, numerator: "mg", denominator: "kg*day" }
        ]
      }),
      error: await s.call("convert", { value: 1, from_unit: "lb", to_unit: "s" }),
      typo: await s.call("convert", { value: 1, from_unit: "kilomter", to_unit: "m" }),
      defined: { success: defined.data.success, applied: edge.data.applied, workspace: typeof defined.data.workspace },
      used: await s.call("convert", { value: 2, from_unit: "swdg", to_unit: "ea" }),
      tools: (await s.client.listTools()).tools.map((t) => t.name)
    }
  }

  let normalAnswers: Awaited<ReturnType<typeof answers>>

  it("starts normally the first time and builds the blob in the background, checked, into a private cache directory", async () => {
    const first = await start()
    try {
      expect(first.fromSnapshot).toBe(false)
      normalAnswers = await answers(first)
      expect(normalAnswers.convert.data.quantity).toBe(3.1068559611866697)
      expect(normalAnswers.used.data.quantity).toBe(24)
      // the builder starts a few seconds after the server; the build log says why if no blob comes
      const deadline = Date.now() + 150_000
      while (blobs().length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250))
      const log = existsSync(join(cache, "build.log")) ? readFileSync(join(cache, "build.log"), "utf8") : "(no build.log)"
      expect(blobs(), log).toHaveLength(1)
      expect(log).toMatch(/check: exit 0/)
    } finally {
      await first.client.close()
    }
    expect(statSync(cache).mode & 0o777).toBe(0o700)
    expect(readdirSync(cache).filter((f) => f.includes(".tmp-") || f === "build.lock")).toEqual([])
  }, 180_000)

  it("starts from the blob next time, and answers exactly as the normal start did", async () => {
    const second = await start()
    try {
      expect(second.fromSnapshot, second.stderr()).toBe(true)
      expect(await answers(second)).toEqual(normalAnswers)
      expect(second.stderr()).toMatch(/listening on stdio/)
    } finally {
      await second.client.close()
    }
  })

  it("passes the command line after the blob to the CLI, not to Node: `mcp --max-retries 0 --rate-limit 1/minute`", async () => {
    const s = await start(["mcp", "--max-retries", "0", "--rate-limit", "1/minute"])
    try {
      expect(s.fromSnapshot, s.stderr()).toBe(true)
      expect((await s.call("convert", { value: 1, from_unit: "m", to_unit: "cm" })).data.quantity).toBe(100)
      const over = await s.call("convert", { value: 2, from_unit: "m", to_unit: "cm" })
      expect(over.isError).toBe(true)
      expect(over.data.error_type).toBe("rate_limited")
    } finally {
      await s.client.close()
    }
  })

  it("serves, rather than checking the blob, when the environment holds the builder's check switch", async () => {
    const s = await start([], { DIMENSIONAL_SNAPSHOT_CHECK: "1" })
    try {
      expect(s.fromSnapshot, s.stderr()).toBe(true)
      expect((await s.call("convert", { value: 5, from_unit: "km", to_unit: "mi" })).data.quantity).toBe(3.1068559611866697)
    } finally {
      await s.client.close()
    }
  })

  it("gives each process its own default workspace, over a store named in the environment at run time", async () => {
    const store = join(scratch, "store")
    const storeEnv = { DIMENSIONAL_STORE: `file:${store}` }
    const a = await start([], storeEnv)
    let workspace: string
    try {
      expect(a.fromSnapshot, a.stderr()).toBe(true)
      const defined = await a.call("define_unit", { name: "process_a_gadget", dimension: "count" })
      expect(defined.data.success).toBe(true)
      workspace = defined.data.workspace
    } finally {
      await a.client.close()
    }
    // the file store serves one process at a time: the second starts once the first has gone
    const b = await start([], storeEnv)
    try {
      expect(b.fromSnapshot, b.stderr()).toBe(true)
      expect((await b.call("convert", { value: 1, from_unit: "process_a_gadget", to_unit: "process_a_gadget" })).data.error_type).toBe("unknown_unit")
      // the store is the one the environment named (not the memory store the blob was built with): a's workspace is there
      expect((await b.call("convert", { value: 1, from_unit: "process_a_gadget", to_unit: "process_a_gadget", workspace })).data.quantity).toBe(1)
      const own = await b.call("define_unit", { name: "process_b_gadget", dimension: "count" })
      expect(own.data.workspace).not.toBe(workspace)
    } finally {
      await b.client.close()
    }
  })

  it("exports spans from the snapshot when OTEL_EXPORTER_OTLP_ENDPOINT is set (the exporter is loaded on demand inside the blob)", async () => {
    const receiver: OtlpReceiver = await startOtlpReceiver()
    const began = Date.now()
    const s = await start([], { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint })
    try {
      expect(s.fromSnapshot, s.stderr()).toBe(true)
      await s.call("convert", { value: 3, from_unit: "km", to_unit: "m" })
      const call = await receiver.spanWith((span) => span.name === "tools/call convert")
      // stamped with this process's clock: after this test began (the snapshot was built seconds before it)
      const started = Number(BigInt((call as unknown as { startTimeUnixNano: string }).startTimeUnixNano) / 1_000_000n)
      expect(started).toBeGreaterThanOrEqual(began - 500)
      expect(started).toBeLessThanOrEqual(Date.now() + 500)
    } finally {
      await s.client.close()
      await receiver.close()
    }
  })

  it("loads the Redis client from beside the blob's bundle for a redis:// store", async () => {
    // port 1 refuses at once: the message comes from node-redis itself, so the client was loaded
    const failed = await promisify(execFile)(process.execPath, [bin, "mcp", "--store", "redis://127.0.0.1:1"], { env, timeout: 30_000 }).then(
      () => ({ code: 0, stderr: "" }),
      (e: { code: number; stderr: string }) => e
    )
    expect(failed.code).not.toBe(0)
    expect(failed.stderr).toMatch(/store \(redis:\/\/127\.0\.0\.1:1\) cannot be reached: connect ECONNREFUSED/)
  })

  it("is not used with DIMENSIONAL_SNAPSHOT=0", async () => {
    const s = await start([], { DIMENSIONAL_SNAPSHOT: "0" })
    try {
      expect(s.fromSnapshot).toBe(false)
      expect((await s.call("convert", { value: 5, from_unit: "km", to_unit: "mi" })).data.quantity).toBe(3.1068559611866697)
    } finally {
      await s.client.close()
    }
  })

  /** Waits for the background builder a start left to finish: build.log rewritten after `since`, the lock gone. */
  const rebuilt = async (since: number) => {
    const log = join(cache, "build.log")
    const deadline = Date.now() + 150_000
    while (Date.now() < deadline && !(existsSync(log) && statSync(log).mtimeMs > since && !existsSync(join(cache, "build.lock"))))
      await new Promise((r) => setTimeout(r, 250))
    return readFileSync(log, "utf8")
  }

  it("is not used from a cache directory others can write (nor built there)", async () => {
    chmodSync(cache, 0o777)
    try {
      const s = await start()
      expect(s.fromSnapshot).toBe(false)
      expect(s.stderr()).toMatch(/not starting from the start-up snapshot: .* is not a directory of this user's that only it can write/)
      await s.client.close()
    } finally {
      chmodSync(cache, 0o700)
    }
  })

  it("is not used from a blob others can write, which a checked one then replaces", async () => {
    const [blob] = blobs()
    const since = statSync(join(cache, "build.log")).mtimeMs
    chmodSync(join(cache, blob!), 0o666)
    const s = await start()
    expect(s.fromSnapshot).toBe(false)
    expect(s.stderr()).toMatch(/is not a file of this user's that only it can write/)
    await s.client.close()
    expect(await rebuilt(since)).toMatch(/check: exit 0/)
    expect(statSync(join(cache, blob!)).mode & 0o777).toBe(0o600)
    const again = await start()
    expect(again.fromSnapshot).toBe(true)
    await again.client.close()
  }, 180_000)

  /** A copy of the package whose dist/snapshot.cjs is `entry`, started as a client does with a cache of its own: from the snapshot?, and its convert answer. */
  const brokenPackage = (label: string, entry: string) => {
    const dir = join(scratch, label)
    cpSync(join(scratch, "package"), dir, { recursive: true })
    writeFileSync(join(dir, "dist", "snapshot.cjs"), entry)
    const brokenCache = join(scratch, `${label}-cache`)
    const startBroken = async () => {
      const transport = new StdioClientTransport({
        command: process.execPath,
        args: [join(dir, "bin", "dimensional.js")],
        env: { ...env, DIMENSIONAL_CACHE_DIR: brokenCache },
        stderr: "pipe"
      })
      const client = new Client({ name: "dimensional-snapshot-test", version: "1.0.0" })
      await client.connect(transport)
      const fromSnapshot = readFileSync(`/proc/${transport.pid}/cmdline`, "utf8").split("\0").includes("--snapshot-blob")
      const result = (await client.callTool({ name: "convert", arguments: { value: 5, from_unit: "km", to_unit: "mi" } })) as CallToolResult
      await client.close()
      return { fromSnapshot, quantity: (result.structuredContent as { quantity: number }).quantity }
    }
    /** The build log once the first start's builder has written it. */
    const builtLog = async () => {
      const log = join(brokenCache, "build.log")
      const deadline = Date.now() + 150_000
      while (!existsSync(log) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250))
      return readFileSync(log, "utf8")
    }
    return { cache: brokenCache, start: startBroken, builtLog }
  }

  const normalStart = { fromSnapshot: false, quantity: 3.1068559611866697 }

  it("keeps no blob that fails its check, starts normally, and does not build again on every start", async () => {
    // a snapshot that builds, but whose main answers the check wrongly
    const broken = brokenPackage(
      "wrong-answer",
      'require("node:v8").startupSnapshot.setDeserializeMainFunction(() => process.stdout.write(JSON.stringify({ quantity: 1 }) + "\\n"))\n'
    )
    expect(await broken.start()).toEqual(normalStart)
    expect(await broken.builtLog()).toMatch(/check: exit 0\n\{"quantity":1\}[\s\S]*no blob/)
    expect(readdirSync(broken.cache).filter((f) => f.endsWith(".blob"))).toEqual([])
    expect(readdirSync(broken.cache).filter((f) => f.endsWith(".blob.failed"))).toHaveLength(1)
    const since = statSync(join(broken.cache, "build.log")).mtimeMs
    expect(await broken.start()).toEqual(normalStart)
    // a builder would start at the latest when the server exits, and take the lock at once
    await new Promise((r) => setTimeout(r, 3_000))
    expect(statSync(join(broken.cache, "build.log")).mtimeMs).toBe(since)
    expect(existsSync(join(broken.cache, "build.lock"))).toBe(false)
  }, 180_000)

  it("keeps no blob whose processes draw the same random values (a UUID pool frozen at build time), and clears what earlier builds left", async () => {
    // the right answer, but values drawn when the snapshot was built, as a frozen pool would hand out
    const broken = brokenPackage(
      "frozen",
      [
        'const frozen = { quantity: 3.1068559611866697, uuid: crypto.randomUUID(), random: Math.random(), workspace: "ws_frozen" }',
        'require("node:v8").startupSnapshot.setDeserializeMainFunction(() => process.stdout.write(JSON.stringify(frozen) + "\\n"))',
        ""
      ].join("\n")
    )
    // left by earlier builds: a temporary file of one that died, blobs of other keys used two days, five
    // minutes and a minute ago: the cache keeps this build's blob and the newest other, never more
    mkdirSync(broken.cache, { mode: 0o700 })
    const aged = (file: string, minutes: number) => {
      writeFileSync(join(broken.cache, file), "x", { mode: 0o600 })
      const at = new Date(Date.now() - minutes * 60_000)
      utimesSync(join(broken.cache, file), at, at)
    }
    aged("dimensional-0.0.1-node24.0.0-x64-0000000000000000.blob.tmp-1", 30)
    aged("dimensional-0.0.1-node24.0.0-x64-0000000000000001.blob", 2 * 24 * 60)
    aged("dimensional-0.0.1-node24.0.0-x64-0000000000000002.blob", 1)
    aged("dimensional-0.0.1-node24.0.0-x64-0000000000000003.blob", 5)
    expect(await broken.start()).toEqual(normalStart)
    expect(await broken.builtLog()).toMatch(/two processes drew the same uuid, random, workspace[\s\S]*no blob/)
    expect(readdirSync(broken.cache).filter((f) => f.includes(".blob") && !f.endsWith(".failed"))).toEqual([
      "dimensional-0.0.1-node24.0.0-x64-0000000000000002.blob"
    ])
  }, 180_000)

  it.skipIf(process.getuid?.() !== 0)(
    "is not used from a blob another user owns",
    async () => {
      const [blob] = blobs()
      const since = statSync(join(cache, "build.log")).mtimeMs
      chownSync(join(cache, blob!), 65534, 65534)
      const s = await start()
      expect(s.fromSnapshot).toBe(false)
      await s.client.close()
      expect(await rebuilt(since)).toMatch(/check: exit 0/)
      expect(statSync(join(cache, blob!)).uid).toBe(0)
    },
    180_000
  )
})
