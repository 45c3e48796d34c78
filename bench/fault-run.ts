/**
 * A fault run (issue 33): two replicas behind nginx (round robin, no affinity) on one Redis with
 * persistence on (append-only, fsync always) and a real OpenID provider, six clients working
 * through the balancer (three 2025-era sessions, three 2026-07-28 clients with a workspace each),
 * each defining a unit and converting in a loop. Faults, one after another: each replica killed
 * (kill -9) and restarted; Redis killed and restarted; Redis paused (5 s); the issuer stopped (5 s);
 * the issuer's key set answering 503 (5 s); Redis losing its data (FLUSHALL) while a third replica
 * starts. Reported per fault: whether the service recovered (every client's define and convert
 * succeeds again within 60 s), the time from the fault's end to that, the share of calls answered
 * during the fault, whether both replicas were not ready at once (a balancer following /readyz would
 * have taken the whole service out), and, after the data loss, whether every replica still knows
 * every session (none answers another's 404). At the end, every acknowledged definition made before
 * the data loss is looked for: writes lost.
 *
 * Usage: node bench/fault-run.ts [repository root of the servers, default this one]
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process"
import { mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { freePort } from "../test/support/httpServer.ts"
import { newSigningKey, startIssuer, type TestClient } from "../test/support/oidc.ts"
import { redisCommand, redisServer } from "../test/support/redis.ts"

const root = process.argv[2] ?? new URL("..", import.meta.url).pathname
const dir = mkdtempSync(join(tmpdir(), "dimensional-fault-run-"))
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const agent: TestClient = { id: "agent", secret: "agent-secret-0123456789abcdef0123456789", scope: "units:read units:write" }

const [redisPort, lbPort, portA, portB, portC] = await Promise.all([freePort(), freePort(), freePort(), freePort(), freePort()])
const url = `http://127.0.0.1:${lbPort}/mcp`

let redis: ChildProcess | undefined
const startRedis = async () => {
  redis = spawn(
    redisServer!,
    ["--port", String(redisPort), "--bind", "127.0.0.1", "--dir", dir, "--appendonly", "yes", "--appendfsync", "always", "--save", ""],
    {
      stdio: "ignore"
    }
  )
  while (!(await redisCommand(redisPort, "PING").catch(() => ""))) await sleep(50)
}
const killRedis = async () => {
  const child = redis!
  const exited = new Promise((r) => child.once("exit", r))
  child.kill("SIGKILL")
  await exited
}

const key = await newSigningKey("fault-key")
let issuer = await startIssuer({ keys: [key], clients: [agent], ttlSeconds: 3600 })
await startRedis()

interface Replica {
  child: ChildProcess
  readonly port: number
}
const args = (port: number) => ["--port", String(port), "--store", `redis://127.0.0.1:${redisPort}`, "--auth-issuer", issuer.issuer, "--auth-audience", url]
const startReplica = (port: number) =>
  new Promise<Replica>((resolve, reject) => {
    const child = spawn(process.execPath, ["src/cli/main.ts", "mcp", "--http", ...args(port)], { cwd: root, stdio: ["ignore", "pipe", "ignore"] })
    child.stdout!.on("data", (c: Buffer) => c.toString().includes("listening on") && resolve({ child, port }))
    child.once("exit", (code) => reject(new Error(`replica on ${port} exited (${code})`)))
  })
const kill9 = async (replica: Replica) => {
  const exited = new Promise((r) => replica.child.once("exit", r))
  replica.child.kill("SIGKILL")
  await exited
}
const replicas = await Promise.all([startReplica(portA), startReplica(portB)])

const nginx = execFileSync("sh", ["-c", "command -v nginx || echo /usr/sbin/nginx"]).toString().trim()
writeFileSync(
  join(dir, "nginx.conf"),
  `daemon off; worker_processes 1; pid ${dir}/nginx.pid; error_log ${dir}/nginx-error.log warn;
events { worker_connections 512; }
http { access_log off; client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/f; uwsgi_temp_path ${dir}/u; scgi_temp_path ${dir}/s;
  upstream dimensional { server 127.0.0.1:${portA} max_fails=1 fail_timeout=2s; server 127.0.0.1:${portB} max_fails=1 fail_timeout=2s; }
  server { listen 127.0.0.1:${lbPort}; location / { proxy_pass http://dimensional; proxy_http_version 1.1; proxy_set_header Host $http_host; proxy_set_header Connection ""; proxy_buffering off; proxy_next_upstream error timeout http_502 non_idempotent; } } }`
)
const lb = spawn(nginx, ["-p", dir, "-c", join(dir, "nginx.conf")], { stdio: "ignore" })
while ((await fetch(`http://127.0.0.1:${lbPort}/healthz`).catch(() => undefined))?.status !== 200) await sleep(100)

const token = await issuer.token(agent, url, "units:read units:write")
const headers = { "content-type": "application/json", accept: "application/json, text/event-stream", authorization: `Bearer ${token}` }
const meta = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientInfo": { name: "fault", version: "1" },
  "io.modelcontextprotocol/clientCapabilities": {}
}

/** The JSON-RPC answer of a POST (JSON or SSE), or undefined. */
const answer = async (response: Response) => {
  const text = await response.text()
  const line = text.startsWith("{")
    ? text
    : text
        .split("\n")
        .find((l) => l.startsWith("data: {"))
        ?.slice(6)
  return line === undefined ? undefined : (JSON.parse(line) as { result?: { isError?: boolean; structuredContent?: any }; error?: unknown })
}

interface Worker {
  readonly name: string
  /** A tool call: its structured content when it succeeded, else undefined. */
  readonly call: (tool: string, args: Record<string, unknown>) => Promise<any>
  workspace?: string | undefined
  readonly acknowledged: Array<string>
  sessionId?: string
}

const legacyWorker = async (n: number): Promise<Worker> => {
  const opened = await fetch(url, {
    method: "POST",
    headers,
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 0,
      method: "initialize",
      params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "fault", version: "1" } }
    })
  })
  await opened.text()
  const sessionId = opened.headers.get("mcp-session-id")!
  const h = { ...headers, "mcp-session-id": sessionId, "mcp-protocol-version": "2025-11-25" }
  await (await fetch(url, { method: "POST", headers: h, body: JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }) })).text()
  let id = 1
  return {
    name: `session${n}`,
    sessionId,
    acknowledged: [],
    call: async (tool, a) => {
      const r = await fetch(url, {
        method: "POST",
        headers: h,
        body: JSON.stringify({ jsonrpc: "2.0", id: ++id, method: "tools/call", params: { name: tool, arguments: a } }),
        signal: AbortSignal.timeout(10_000)
      })
      const got = await answer(r).catch(() => undefined)
      if (got?.result?.structuredContent?.error_type === "unknown_workspace") lostWorkspace.add(`session${n}`)
      return r.status === 200 && got?.result && got.result.isError !== true ? got.result.structuredContent : undefined
    }
  }
}

const modernWorker = (n: number): Worker => ({
  name: `modern${n}`,
  acknowledged: [],
  call: async (tool, a) => {
    const r = await fetch(url, {
      method: "POST",
      headers: { ...headers, "mcp-protocol-version": "2026-07-28", "mcp-method": "tools/call", "mcp-name": tool },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: tool, arguments: a, _meta: meta } }),
      signal: AbortSignal.timeout(10_000)
    })
    const got = await answer(r).catch(() => undefined)
    if (got?.result?.structuredContent?.error_type === "unknown_workspace") lostWorkspace.add(`modern${n}`)
    return r.status === 200 && got?.result && got.result.isError !== true ? got.result.structuredContent : undefined
  }
})

/** Workers told their workspace is gone (after a data loss): like a client, they start a new one. */
const lostWorkspace = new Set<string>()

const workers = [...(await Promise.all([0, 1, 2].map(legacyWorker))), ...[0, 1, 2].map(modernWorker)]
let counter = 0
let phase = "warm-up"
const written = new Map<string, string>() // unit → phase it was acknowledged in

/** One round: every worker defines a unit and converts; how many of the 2 × workers calls succeeded. */
const round = async () => {
  const ok = await Promise.all(
    workers.map(async (w) => {
      if (lostWorkspace.delete(w.name) && w.sessionId === undefined) w.workspace = undefined
      const name = `u${++counter}`
      const defined = await w.call("define_unit", { name, dimension: "length", ...(w.workspace ? { workspace: w.workspace } : {}) }).catch(() => undefined)
      if (defined !== undefined) {
        w.workspace ??= w.sessionId === undefined ? defined.workspace : undefined
        w.acknowledged.push(name)
        written.set(`${w.name}/${name}`, phase)
      }
      const converted = await w.call("convert", { value: 1, from_unit: "km", to_unit: "m" }).catch(() => undefined)
      return (defined !== undefined ? 1 : 0) + (converted?.quantity === 1000 ? 1 : 0)
    })
  )
  return ok.reduce((a, b) => a + b, 0)
}

const notReadyAtOnce = async () => {
  const states = await Promise.all(
    replicas.map((r) =>
      fetch(`http://127.0.0.1:${r.port}/readyz`).then(
        (x) => x.status,
        () => 0
      )
    )
  )
  return states.every((s) => s === 503)
}

interface Outcome {
  readonly fault: string
  readonly recovered: boolean
  readonly recoverMs: number
  readonly servedDuring: number
  readonly allNotReady: boolean
  readonly note?: string
}
const outcomes: Array<Outcome> = []

/** Works through `during` (the fault), then after `restore` until a full round succeeds. */
const fault = async (name: string, inject: () => Promise<void>, restore: () => Promise<void>, holdMs = 5_000, after?: () => Promise<string>) => {
  phase = name
  await inject()
  const until = Date.now() + holdMs
  let ok = 0
  let total = 0
  let allNotReady = false
  while (Date.now() < until) {
    ok += await round()
    total += workers.length * 2
    if (await notReadyAtOnce()) allNotReady = true
  }
  await restore()
  const restored = Date.now()
  let recovered = false
  while (Date.now() - restored < 60_000) {
    if ((await round()) === workers.length * 2) {
      recovered = true
      break
    }
    await sleep(250)
  }
  const recoverMs = Date.now() - restored
  const note = after === undefined ? undefined : await after()
  outcomes.push({
    fault: name,
    recovered,
    recoverMs,
    servedDuring: total === 0 ? 1 : ok / total,
    allNotReady,
    ...(note ? { note } : {})
  })
}

for (let i = 0; i < 5; i++) await round()
for (const [i, label] of [
  [0, "kill -9 replica A"],
  [1, "kill -9 replica B"]
] as const)
  await fault(
    label,
    () => kill9(replicas[i]!),
    async () => void (replicas[i] = await startReplica(replicas[i]!.port)),
    3_000
  )
await fault("kill -9 Redis, restart (append-only, fsync always)", killRedis, startRedis, 3_000)
await fault(
  "Redis paused 5 s (CLIENT PAUSE)",
  async () => void (await redisCommand(redisPort, "CLIENT", "PAUSE", "5000", "ALL")),
  async () => undefined,
  5_000
)
await fault(
  "issuer stopped 5 s",
  () => issuer.stop(),
  async () => void (issuer = await startIssuer({ keys: [key], clients: [agent], ttlSeconds: 3600, port: issuer.port })),
  5_000
)
await fault(
  "issuer's key set answers 503 for 5 s",
  async () => void (issuer.faults.jwks = 503),
  async () => void (issuer.faults.jwks = undefined),
  5_000
)

/** Whether `worker` still has `unit` (three tries: a look-up that fails for a moment is not a loss). */
const has = async (worker: Worker, unit: string) => {
  for (let attempt = 0; attempt < 3; attempt++) {
    const found = await worker
      .call("convert", { value: 1, from_unit: unit, to_unit: unit, ...(worker.workspace ? { workspace: worker.workspace } : {}) })
      .catch(() => undefined)
    if (found?.quantity === 1) return true
    await sleep(200)
  }
  return false
}
// writes lost: every acknowledged definition, looked for once the faults above are over
let lost = 0
let acknowledged = 0
for (const w of workers)
  for (const unit of w.acknowledged) {
    acknowledged++
    if (!(await has(w, unit))) lost++
  }

// the data loss: every workspace goes (expected); what matters is whether the replicas still agree
let third: Replica | undefined
await fault(
  "Redis FLUSHALL while a third replica starts",
  async () => {
    await redisCommand(redisPort, "FLUSHALL")
    third = await startReplica(portC)
  },
  async () => undefined,
  3_000,
  async () => {
    // every session through every replica directly, once the replicas had a few seconds to agree
    await sleep(5_000)
    let refused = 0
    for (const w of workers.filter((x) => x.sessionId !== undefined))
      for (const r of [...replicas, third!]) {
        const response = await fetch(`http://127.0.0.1:${r.port}/mcp`, {
          method: "POST",
          headers: { ...headers, "mcp-session-id": w.sessionId!, "mcp-protocol-version": "2025-11-25" },
          body: JSON.stringify({ jsonrpc: "2.0", id: 99, method: "tools/call", params: { name: "list_dimensions", arguments: {} } })
        })
        await response.text()
        if (response.status === 404) refused++
      }
    return `${refused} of 9 session look-ups answered 404 after the loss`
  }
)
await kill9(third!)

console.log(JSON.stringify({ root, outcomes, writes: { acknowledged, lost } }, null, 2))
for (const r of replicas) r.child.kill("SIGKILL")
lb.kill("SIGKILL")
await killRedis()
await issuer.stop()
