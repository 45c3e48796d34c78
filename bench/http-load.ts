/**
 * Bounded load test of `dimensional mcp --http` on loopback (not part of the test suite):
 * waves of concurrent SDK clients, each a session making many tool calls, thousands of sessions in
 * all. Half end their session with DELETE; the other half just disconnect and are left to the
 * idle time-out and the session cap. Reports failed calls (must be zero), call latency, the
 * server's RSS (baseline after a warm-up, peak, and after every session has gone) and its live
 * session count at the end (must be zero).
 *
 *   npm run bench:http -- [--sessions 2000] [--concurrency 50] [--calls 20] [--max-sessions 120] [--idle "10 seconds"]
 *
 * The defaults make both limits work: abandoned sessions pile up faster than the idle time-out
 * clears them, so the cap evicts the longest idle (always an abandoned one: active sessions made a
 * call moments ago). An idle time-out shorter than the longest pause between one session's calls
 * under this load (seconds, on a busy machine) would expire sessions still in use.
 *
 * The server runs with --inspect on loopback so the load test can force a full garbage collection
 * before reading its memory: heap used after the run must be within 8 MB of the baseline. Exits 1
 * on any failed call, on sessions left over, on that heap growth, or on RSS after the run above
 * baseline + max(64 MB, 50%).
 */
import { spawn } from "node:child_process"
import { readFileSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client"

interface Options {
  readonly sessions: number
  readonly concurrency: number
  readonly calls: number
  readonly maxSessions: number
  readonly idle: string
}

const parseOptions = (argv: ReadonlyArray<string>): Options => {
  const value = (flag: string, fallback: string) => {
    const i = argv.indexOf(flag)
    return i >= 0 && argv[i + 1] !== undefined ? argv[i + 1]! : fallback
  }
  return {
    sessions: Number(value("--sessions", "2000")),
    concurrency: Number(value("--concurrency", "50")),
    calls: Number(value("--calls", "20")),
    maxSessions: Number(value("--max-sessions", "120")),
    idle: value("--idle", "10 seconds")
  }
}

const repoRoot = fileURLToPath(new URL("..", import.meta.url))

const rssMb = (pid: number): number => {
  const status = readFileSync(`/proc/${pid}/status`, "utf8")
  const kb = /VmRSS:\s+(\d+) kB/.exec(status)
  return kb ? Number(kb[1]) / 1024 : Number.NaN
}

/** CPU seconds (user + system) the process has used, from /proc/<pid>/stat. */
const cpuSeconds = (pid: number): number => {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ")
  return (Number(fields[11]) + Number(fields[12])) / 100
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

interface Memory {
  readonly rss: number
  readonly heapUsed: number
}

/** The server's own view of its memory through the inspector, after a full garbage collection. */
const inspector = (wsUrl: string) =>
  new Promise<{ readonly memoryAfterGc: () => Promise<Memory>; readonly close: () => void }>((resolve, reject) => {
    const socket = new WebSocket(wsUrl)
    let nextId = 1
    const pending = new Map<number, (result: any) => void>()
    const send = (method: string, params: Record<string, unknown> = {}) =>
      new Promise<any>((done) => {
        const id = nextId++
        pending.set(id, done)
        socket.send(JSON.stringify({ id, method, params }))
      })
    socket.onmessage = (event) => {
      const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown }
      if (message.id !== undefined) pending.get(message.id)?.(message.result)
    }
    socket.onerror = () => reject(new Error(`cannot reach the inspector at ${wsUrl}`))
    socket.onopen = () =>
      resolve({
        memoryAfterGc: async () => {
          await send("HeapProfiler.collectGarbage")
          const evaluated = await send("Runtime.evaluate", { expression: "JSON.stringify(process.memoryUsage())", returnByValue: true })
          const usage = JSON.parse(evaluated.result.value) as { rss: number; heapUsed: number }
          return { rss: usage.rss / 2 ** 20, heapUsed: usage.heapUsed / 2 ** 20 }
        },
        close: () => socket.close()
      })
  })

const startServer = (options: Options) =>
  new Promise<{ url: string; pid: number; inspectorUrl: string; stop: () => Promise<number | null> }>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        "--inspect=127.0.0.1:0",
        "src/cli/main.ts",
        "mcp",
        "--http",
        "--port",
        "0",
        "--log-level",
        "Warn",
        "--max-sessions",
        String(options.maxSessions),
        "--idle-timeout",
        options.idle
      ],
      { cwd: repoRoot, stdio: ["ignore", "pipe", "pipe"] }
    )
    const exited = new Promise<number | null>((done) => child.once("exit", (code) => done(code)))
    let stdout = ""
    let stderr = ""
    const ready = () => {
      const url = /listening on (http:\/\/\S+\/mcp)/.exec(stdout)?.[1]
      const inspectorUrl = /Debugger listening on (ws:\/\/\S+)/.exec(stderr)?.[1]
      if (url && inspectorUrl) resolve({ url, pid: child.pid!, inspectorUrl, stop: () => (child.kill("SIGTERM"), exited) })
    }
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString()
      ready()
    })
    child.stderr.on("data", (chunk: Buffer) => {
      const text = chunk.toString()
      stderr += text
      for (const line of text.split("\n")) if (line.trim() && !/Debugger|inspector|For help, see/.test(line)) process.stderr.write(`  [server] ${line}\n`)
      ready()
    })
    void exited.then((code) => reject(new Error(`server exited (${code}) before listening\n${stderr}`)))
  })

/** The calls a session makes, cycling: conversions, a dimension check, a look-up. */
const callFor = (i: number): { name: string; arguments: Record<string, unknown> } => {
  switch (i % 4) {
    case 0:
      return { name: "convert", arguments: { value: i + 1, from_unit: "km/h", to_unit: "m/s" } }
    case 1:
      return { name: "convert", arguments: { value: 98.6, from_unit: "degF", to_unit: "degC" } }
    case 2:
      return { name: "check_dimensions", arguments: { unit_a: "N*m", unit_b: "J" } }
    default:
      return { name: "convert", arguments: { value: 2, from_unit: "mcg/(kg*min)", to_unit: "mg/(kg*h)" } }
  }
}

interface Tally {
  calls: number
  failed: number
  sessionsFailed: number
  readonly latencies: Array<number>
  readonly errors: Map<string, number>
}

const runSession = async (url: string, index: number, calls: number, tally: Tally) => {
  const transport = new StreamableHTTPClientTransport(new URL(url))
  const client = new Client({ name: `load-${index}`, version: "1.0.0" })
  const fail = (error: unknown) => {
    const key = error instanceof Error ? error.message.slice(0, 120) : String(error)
    tally.errors.set(key, (tally.errors.get(key) ?? 0) + 1)
  }
  try {
    await client.connect(transport)
    for (let i = 0; i < calls; i++) {
      const call = callFor(index + i)
      const started = performance.now()
      try {
        const result = await client.callTool(call)
        tally.latencies.push(performance.now() - started)
        tally.calls++
        if (result.isError) {
          tally.failed++
          fail(new Error(`${call.name} returned isError: ${JSON.stringify(result.structuredContent).slice(0, 100)}`))
        }
      } catch (error) {
        tally.calls++
        tally.failed++
        fail(error)
      }
    }
    // half end their session properly, half just go away
    if (index % 2 === 0) await transport.terminateSession()
  } catch (error) {
    tally.sessionsFailed++
    fail(error)
  } finally {
    await client.close().catch(() => undefined)
  }
}

const percentile = (sorted: ReadonlyArray<number>, p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN

interface Health {
  readonly sessions: number
  readonly opened: number
  readonly closed: Record<string, number>
}

const health = async (url: string) => (await (await fetch(new URL("/healthz", url))).json()) as Health

const liveSessions = async (url: string) => (await health(url)).sessions

const main = async () => {
  const options = parseOptions(process.argv.slice(2))
  const server = await startServer(options)
  console.log(`dimensional HTTP load test against ${server.url}`)
  console.log(
    `  ${options.sessions} sessions, ${options.concurrency} at a time, ${options.calls} calls each; server: --max-sessions ${options.maxSessions} --idle-timeout "${options.idle}"`
  )
  try {
    // warm-up: JIT, catalog, allocator; then the baseline once the warm-up sessions are gone
    const warm: Tally = { calls: 0, failed: 0, sessionsFailed: 0, latencies: [], errors: new Map() }
    for (let wave = 0; wave < 4; wave++)
      await Promise.all(Array.from({ length: options.concurrency }, (_, i) => runSession(server.url, wave * 1000 + i * 2, options.calls, warm)))
    while ((await liveSessions(server.url)) > 0) await sleep(200)
    const memory = await inspector(server.inspectorUrl)
    const baseline = await memory.memoryAfterGc()

    const tally: Tally = { calls: 0, failed: 0, sessionsFailed: 0, latencies: [], errors: new Map() }
    let peak = baseline.rss
    let peakLive = 0
    let sampling = true
    const sampler = (async () => {
      while (sampling) {
        peak = Math.max(peak, rssMb(server.pid))
        peakLive = Math.max(peakLive, await liveSessions(server.url).catch(() => 0))
        await sleep(100)
      }
    })()
    const started = performance.now()
    const serverCpuBefore = cpuSeconds(server.pid)
    const clientCpuBefore = process.cpuUsage()
    let next = 0
    await Promise.all(
      Array.from({ length: options.concurrency }, async () => {
        while (next < options.sessions) await runSession(server.url, next++, options.calls, tally)
      })
    )
    const elapsed = (performance.now() - started) / 1000
    const serverCpu = cpuSeconds(server.pid) - serverCpuBefore
    const clientCpuUsage = process.cpuUsage(clientCpuBefore)
    const clientCpu = (clientCpuUsage.user + clientCpuUsage.system) / 1e6
    sampling = false
    await sampler

    // every abandoned session must go (idle time-out); then let the heap settle
    const drainStarted = performance.now()
    while ((await liveSessions(server.url)) > 0 && performance.now() - drainStarted < 60_000) await sleep(200)
    const final = await health(server.url)
    const leftOver = final.sessions
    const after = await memory.memoryAfterGc()
    memory.close()

    const sorted = [...tally.latencies].sort((a, b) => a - b)
    console.log(
      `  sessions: ${options.sessions} (${tally.sessionsFailed} failed to run), peak live on the server ${peakLive}, left after the idle time-out ${leftOver}`
    )
    console.log(
      `  server sessions: opened ${final.opened}, closed ${Object.entries(final.closed)
        .map(([reason, n]) => `${reason} ${n}`)
        .join(", ")}`
    )
    console.log(
      `  calls: ${tally.calls} in ${elapsed.toFixed(1)} s (${Math.round(tally.calls / elapsed)} calls/s, ${Math.round(options.sessions / elapsed)} sessions/s), failed ${tally.failed}`
    )
    console.log(
      `  CPU: server ${serverCpu.toFixed(1)} s (${((serverCpu / tally.calls) * 1000).toFixed(2)} ms per call incl. session set-up), load-test clients ${clientCpu.toFixed(1)} s`
    )
    console.log(
      `  call latency: p50 ${percentile(sorted, 50).toFixed(2)} ms, p99 ${percentile(sorted, 99).toFixed(2)} ms, max ${percentile(sorted, 100).toFixed(2)} ms`
    )
    const delta = (a: number, b: number) => `${a - b >= 0 ? "+" : ""}${(a - b).toFixed(1)} MB`
    console.log(
      `  server RSS: baseline ${baseline.rss.toFixed(1)} MB, peak ${peak.toFixed(1)} MB, after ${after.rss.toFixed(1)} MB (${delta(after.rss, baseline.rss)})`
    )
    console.log(
      `  server heap used (after a full GC): baseline ${baseline.heapUsed.toFixed(1)} MB, after ${after.heapUsed.toFixed(1)} MB (${delta(after.heapUsed, baseline.heapUsed)})`
    )
    for (const [message, count] of tally.errors) console.log(`  error ×${count}: ${message}`)

    // a leak of even 2 kB per session would show as 4 MB of heap after 2000 sessions
    const heapLimit = baseline.heapUsed + 8
    const rssLimit = baseline.rss + Math.max(64, baseline.rss * 0.5)
    const problems = [
      ...(tally.failed > 0 || tally.sessionsFailed > 0 ? [`${tally.failed} failed calls, ${tally.sessionsFailed} failed sessions`] : []),
      ...(leftOver > 0 ? [`${leftOver} sessions left over`] : []),
      ...(after.heapUsed > heapLimit ? [`heap after ${after.heapUsed.toFixed(1)} MB is over ${heapLimit.toFixed(1)} MB`] : []),
      ...(after.rss > rssLimit ? [`RSS after ${after.rss.toFixed(1)} MB is over ${rssLimit.toFixed(1)} MB`] : [])
    ]
    console.log(problems.length === 0 ? "  OK" : `  FAILED: ${problems.join("; ")}`)
    process.exitCode = problems.length === 0 ? 0 : 1
  } finally {
    const code = await server.stop()
    if (code !== 0) console.log(`  server exited with code ${code}`)
  }
}

await main()
