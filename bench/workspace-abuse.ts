/**
 * The workspace store under abuse and faults (issue 20), measured on a real server process:
 *
 * 1. a creation flood and its expiry (workspace idle time-out 3 s): 3,000 bare initializes, 300
 *    sessions that each define a unit, and 3,000 define_unit calls of clients pinned to 2026-07-28
 *    naming no workspace (each creates one); workspace files on disk and their bytes, and the
 *    server's RSS, after the flood and once the time-out has passed; for the file and memory stores
 *    (creation pacing lifted: what is measured is the store, not the pacing);
 * 2. a bystander's latency (a session converting km to m in a loop) while another session defines
 *    the largest quantity kinds the server accepts (200 aliases of 4,000 characters and a
 *    4,000-character description where allowed, else the largest within the caps), 60 attempts;
 * 3. two processes started on one file-store directory, 400 definitions into one workspace through
 *    both, then one process restarted: how many acknowledged definitions it still has.
 *
 * Usage: node bench/workspace-abuse.ts [repository root, default this one]: pass an older checkout's
 * root to measure the release before (its node_modules must be present or linked).
 */
import { type ChildProcess, spawn } from "node:child_process"
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client"

const root = process.argv[2] ?? new URL("..", import.meta.url).pathname

interface Server {
  readonly url: string
  readonly child: ChildProcess
  readonly stop: () => Promise<void>
}

const start = (args: ReadonlyArray<string>): Promise<Server> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["src/cli/main.ts", "mcp", "--http", ...args], {
      cwd: root,
      env: { ...process.env, DIMENSIONAL_HTTP_PORT: "0", DIMENSIONAL_HTTP_MAX_CREATIONS_PER_MINUTE: "1000000" },
      stdio: ["ignore", "pipe", "pipe"]
    })
    let out = ""
    let err = ""
    child.stderr!.on("data", (c: Buffer) => (err = (err + c.toString()).slice(-4000)))
    child.stdout!.on("data", (c: Buffer) => {
      out += c.toString()
      const m = /listening on (http:\/\/\S+\/mcp)/.exec(out)
      if (m) resolve({ url: m[1]!, child, stop: () => new Promise<void>((done) => (child.once("exit", () => done()), child.kill("SIGKILL"))) })
    })
    child.once("exit", (code) => reject(new Error(`server exited (${code}) before listening: ${err.slice(-500)}`)))
  })

const headers = { "content-type": "application/json", accept: "application/json, text/event-stream" }
const post = (url: string, body: object, extra: Record<string, string> = {}) =>
  fetch(url, { method: "POST", headers: { ...headers, ...extra }, body: JSON.stringify(body) })

/** The JSON-RPC answer in a response (plain JSON or one SSE event). */
const answerOf = async (response: Response): Promise<any> => {
  const text = await response.text()
  if (!text) return undefined
  const data = text.startsWith("{")
    ? text
    : text
        .split("\n")
        .filter((l) => l.startsWith("data: "))
        .map((l) => l.slice(6))
        .find((l) => l.startsWith("{"))
  return data ? JSON.parse(data) : undefined
}

const session = async (url: string) => {
  const response = await post(url, {
    jsonrpc: "2.0",
    id: 0,
    method: "initialize",
    params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "bench", version: "1" } }
  })
  await response.text()
  const id = response.headers.get("mcp-session-id")!
  const h = { "mcp-session-id": id, "mcp-protocol-version": "2025-11-25" }
  await (await post(url, { jsonrpc: "2.0", method: "notifications/initialized" }, h)).text()
  let n = 1
  return {
    id,
    call: async (name: string, args: Record<string, unknown>) =>
      (await answerOf(await post(url, { jsonrpc: "2.0", id: n++, method: "tools/call", params: { name, arguments: args } }, h)))?.result
  }
}

const inBatches = async (count: number, width: number, task: (i: number) => Promise<unknown>) => {
  for (let i = 0; i < count; i += width) await Promise.all(Array.from({ length: Math.min(width, count - i) }, (_, j) => task(i + j)))
}

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))![1]) / 1024

const files = (dir: string) => {
  const names = readdirSync(dir).filter((n) => n.startsWith("dimensional%3Aworkspace%3A"))
  return { count: names.length, mb: names.reduce((s, n) => s + statSync(join(dir, n)).size, 0) / 1024 / 1024 }
}

/** Workspaces the store holds, from /healthz (null where the server does not report them). */
const stored = async (url: string): Promise<number | null> =>
  ((await (await fetch(new URL("/healthz", url))).json()) as { workspaces?: number }).workspaces ?? null

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

const flood = async (store: "file" | "memory") => {
  const dir = mkdtempSync(join(tmpdir(), "dimensional-bench-flood-"))
  const server = await start(["--store", store === "file" ? `file:${dir}` : "memory", "--workspace-idle-timeout", "3 seconds"])
  try {
    const before = rssMb(server.child.pid!)
    await inBatches(3000, 50, () =>
      post(server.url, {
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "flood", version: "1" } }
      }).then((r) => r.text())
    )
    await inBatches(300, 20, async (i) => (await session(server.url)).call("define_unit", { name: `widget${i}`, dimension: "count", aliases: [`w${i}`] }))
    const modern = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const client = new Client({ name: "flood", version: "1" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } })
        await client.connect(new StreamableHTTPClientTransport(new URL(server.url)))
        return client
      })
    )
    await inBatches(3000, 4, (i) => modern[i % 4]!.callTool({ name: "define_unit", arguments: { name: `gadget${i}`, dimension: "count", aliases: [`g${i}`] } }))
    await Promise.all(modern.map((c) => c.close()))
    await sleep(1_000)
    const afterFlood = { rss: rssMb(server.child.pid!), stored: await stored(server.url), ...(store === "file" ? files(dir) : { count: NaN, mb: NaN }) }
    await sleep(6_000)
    // a few calls so a lazily expiring store gets the chance it would get in service
    await (await session(server.url)).call("convert", { value: 1, from_unit: "km", to_unit: "m" })
    const afterExpiry = { rss: rssMb(server.child.pid!), stored: await stored(server.url), ...(store === "file" ? files(dir) : { count: NaN, mb: NaN }) }
    return { before, afterFlood, afterExpiry }
  } finally {
    await server.stop()
    rmSync(dir, { recursive: true, force: true })
  }
}

const bystander = async () => {
  const server = await start(["--store", "memory", "--max-body", "4194304"])
  try {
    const attacker = await session(server.url)
    const quiet = await session(server.url)
    for (let i = 0; i < 20; i++) await quiet.call("convert", { value: 1, from_unit: "km", to_unit: "m" })
    let running = true
    const latencies: Array<number> = []
    const loop = (async () => {
      while (running) {
        const t = performance.now()
        await quiet.call("convert", { value: 1, from_unit: "km", to_unit: "m" }).catch(() => undefined)
        latencies.push(performance.now() - t)
      }
    })()
    let accepted = 0
    let refused = 0
    let attackMs = 0
    for (let k = 0; k < 60; k++) {
      const huge = {
        name: `huge_${k}`,
        dimension: "length",
        description: "d".repeat(4000),
        aliases: Array.from({ length: 200 }, (_, i) => `k${k}_${i}_${"a".repeat(4000)}`)
      }
      const capped = {
        name: `capped_${k}`,
        dimension: "length",
        description: "d".repeat(1000),
        aliases: Array.from({ length: 200 }, (_, i) => `k${k}_${i}_${"a".repeat(90)}`),
        disambiguation_hints: Array.from({ length: 20 }, () => "h".repeat(1000))
      }
      const t = performance.now()
      const attempt = (args: object) =>
        attacker.call("define_quantity_kind", args as Record<string, unknown>).catch((e: unknown) => ({ isError: true, failed: String(e) }))
      let result = await attempt(huge)
      if (result?.isError) result = await attempt(capped)
      attackMs = Math.max(attackMs, performance.now() - t)
      if (result?.isError) refused++
      else accepted++
    }
    running = false
    await loop
    const sorted = [...latencies].sort((a, b) => a - b)
    return {
      accepted,
      refused,
      worstDefineMs: attackMs,
      bystanderCalls: sorted.length,
      p50: sorted[Math.floor(sorted.length / 2)]!,
      worst: sorted.at(-1)!,
      rss: rssMb(server.child.pid!)
    }
  } finally {
    await server.stop()
  }
}

const twoProcesses = async () => {
  const dir = mkdtempSync(join(tmpdir(), "dimensional-bench-two-"))
  const args = ["--store", `file:${dir}`]
  const a = await start(args)
  const b = await start(args).catch(() => undefined)
  try {
    const sa = await session(a.url)
    const sb = b ? await session(b.url) : sa
    const first = await sa.call("define_unit", { name: "unit0", dimension: "count" })
    const workspace = first.structuredContent.workspace as string
    let acknowledged = 1
    await inBatches(399, 8, async (i) => {
      const r = await (i % 2 === 0 ? sa : sb).call("define_unit", { name: `unit${i + 1}`, dimension: "count", workspace })
      if (r && !r.isError) acknowledged++
    })
    await a.stop()
    await b?.stop()
    const c = await start(args)
    try {
      const sc = await session(c.url)
      let kept = 0
      for (let page: string | undefined = "0"; page !== undefined; ) {
        const r = await sc.call("list_units", { workspace, query: "unit", limit: 100, ...(page === "0" ? {} : { cursor: page }) })
        kept += (r.structuredContent.result as Array<{ name: string }>).filter((u) => /^unit\d+$/.test(u.name)).length
        page = r.structuredContent.next_cursor ?? undefined
      }
      return { secondStarted: b !== undefined, acknowledged, kept }
    } finally {
      await c.stop()
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

const main = async () => {
  console.log(`workspace store under abuse: ${root}`)
  for (const store of ["file", "memory"] as const) {
    const r = await flood(store)
    const where = (x: { count: number; mb: number; stored: number | null; rss: number }) =>
      `${store === "file" ? `${x.count} files (${x.mb.toFixed(2)} MB)` : `${x.stored ?? "n/a"} workspaces in memory`}, RSS ${x.rss.toFixed(0)} MB`
    console.log(
      `flood (${store}): RSS ${r.before.toFixed(0)} MB before; after 3,000 initializes + 300 session defines + 3,000 workspace-creating defines: ${where(r.afterFlood)}; after expiry: ${where(r.afterExpiry)}`
    )
  }
  const by = await bystander()
  console.log(
    `largest kinds: ${by.accepted} accepted, ${by.refused} refused, slowest define ${by.worstDefineMs.toFixed(0)} ms; bystander convert over ${by.bystanderCalls} calls: p50 ${by.p50.toFixed(1)} ms, worst ${by.worst.toFixed(0)} ms; RSS ${by.rss.toFixed(0)} MB`
  )
  const two = await twoProcesses()
  console.log(
    `two processes on one directory: second ${two.secondStarted ? "started" : "refused to start"}; ${two.kept} of ${two.acknowledged} acknowledged definitions kept`
  )
}

await main()
