// Scale-out with real parts: a real redis-server, two server processes sharing it, and nginx in front
// (round robin, no affinity), all on loopback. Through the load balancer a client's definitions hold
// on every call whichever replica answers; a replica killed mid-run loses nothing; a store restart
// gives structured store_unavailable errors while it is down, and the replicas reconnect.
// Needs redis-server and nginx (Debian: apt-get install redis-server nginx-light); without them the
// suite reports itself skipped in one line.
import { type ChildProcess, execFileSync, spawn } from "node:child_process"
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { createServer } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Client } from "@modelcontextprotocol/client"
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/client"
import type { CallToolResult } from "@modelcontextprotocol/client"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { freePort, type SpawnedServer, spawnServer } from "../support/httpServer.ts"

const which = (command: string): string | undefined => {
  for (const dir of ["/usr/sbin", "/usr/bin", "/usr/local/sbin", "/usr/local/bin", ...(process.env.PATH ?? "").split(":")]) {
    try {
      execFileSync("test", ["-x", join(dir, command)])
      return join(dir, command)
    } catch {
      // not in this directory
    }
  }
  return undefined
}

const redisServer = which("redis-server")
const nginx = which("nginx")
const missing = [redisServer ? undefined : "redis-server", nginx ? undefined : "nginx"].filter((x) => x !== undefined)
if (missing.length > 0) console.warn(`scale-out suite skipped: ${missing.join(" and ")} not installed (apt-get install redis-server nginx-light)`)

const waitFor = async (what: string, ready: () => Promise<boolean>, ms = 60_000) => {
  const until = Date.now() + ms
  while (Date.now() < until) {
    if (await ready().catch(() => false)) return
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`${what} not ready within ${ms} ms`)
}

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = createServer().listen(port, "127.0.0.1")
    socket.once("listening", () => socket.close(() => resolve(false)))
    socket.once("error", () => resolve(true))
  })

interface LbClient {
  readonly call: (name: string, args?: Record<string, unknown>) => Promise<{ readonly isError: boolean; readonly data: any }>
  /** The replicas (upstream addresses) that answered so far. */
  readonly upstreams: Set<string>
  readonly close: () => Promise<void>
}

/**
 * An SDK client through the load balancer that notes which replica answered each request (nginx's
 * X-Upstream): a 2025-era session, or pinned to 2026-07-28 (no session; state in a named workspace).
 */
const connect = async (url: string, era: "2025" | "2026-07-28" = "2025"): Promise<LbClient> => {
  const upstreams = new Set<string>()
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    fetch: async (input, init) => {
      const response = await fetch(input, init)
      const upstream = response.headers.get("x-upstream")
      // after a retry nginx lists every upstream it tried; the last one answered
      if (upstream) upstreams.add(upstream.split(",").at(-1)!.trim())
      return response
    }
  })
  const client = new Client({ name: "scaleout", version: "1.0.0" }, era === "2025" ? {} : { versionNegotiation: { mode: { pin: era } } })
  await client.connect(transport)
  return {
    upstreams,
    call: async (name, args = {}) => {
      const result = (await client.callTool({ name, arguments: args })) as CallToolResult
      return { isError: result.isError === true, data: result.structuredContent }
    },
    close: () => client.close()
  }
}

describe.skipIf(missing.length > 0)("scale-out: replicas sharing Redis behind nginx", () => {
  let dir = ""
  let redisPort = 0
  let lbPort = 0
  let redis: ChildProcess | undefined
  let lb: ChildProcess | undefined
  const replicas: Array<SpawnedServer> = []

  const startRedis = async () => {
    // append-only with fsync on every write: a restarted store comes back with every definition
    redis = spawn(
      redisServer!,
      ["--port", String(redisPort), "--bind", "127.0.0.1", "--dir", dir, "--appendonly", "yes", "--appendfsync", "always", "--save", ""],
      { stdio: "ignore" }
    )
    await waitFor("redis-server", () => listening(redisPort))
  }

  const stopRedis = async () => {
    const child = redis
    if (!child || child.exitCode !== null) return
    const exited = new Promise((r) => child.once("exit", r))
    child.kill("SIGTERM")
    await exited
  }

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "dimensional-scaleout-"))
    redisPort = await freePort()
    lbPort = await freePort()
    await startRedis()
    const ports = [await freePort(), await freePort()]
    for (const port of ports) replicas.push(await spawnServer({ args: ["--port", String(port), "--store", `redis://127.0.0.1:${redisPort}`] }))
    const conf = join(dir, "nginx.conf")
    writeFileSync(
      conf,
      `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/nginx-error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream dimensional {
    # round robin, no affinity: consecutive requests of one session go to different replicas
    server 127.0.0.1:${ports[0]} max_fails=1 fail_timeout=2s;
    server 127.0.0.1:${ports[1]} max_fails=1 fail_timeout=2s;
  }
  server {
    listen 127.0.0.1:${lbPort};
    location / {
      proxy_pass http://dimensional;
      proxy_http_version 1.1;
      proxy_set_header Host $http_host;
      proxy_set_header Connection "";
      proxy_buffering off;
      proxy_read_timeout 60s;
      proxy_next_upstream error timeout;
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`
    )
    lb = spawn(nginx!, ["-p", dir, "-c", conf, "-e", join(dir, "nginx-error.log")], { stdio: "ignore" })
    await waitFor("nginx", () => listening(lbPort))
  })

  afterAll(async () => {
    await Promise.all(replicas.map((r) => r.stop(3_000)))
    lb?.kill("SIGTERM")
    await stopRedis()
    if (dir) rmSync(dir, { recursive: true, force: true })
  })

  const url = () => `http://127.0.0.1:${lbPort}/mcp`

  it("keeps definitions on every call in both eras, whichever replica answers, through a killed replica and a store restart", async () => {
    // a 2025-era session (its workspace is the session's) and a 2026-07-28 client (its workspace is named on each call)
    const legacy = await connect(url())
    const modern = await connect(url(), "2026-07-28")
    expect((await legacy.call("define_unit", { name: "smoot", dimension: "length" })).isError).toBe(false)
    expect((await legacy.call("define_conversion", { src: "smoot", dst: "m", factor: 1.7018 })).isError).toBe(false)
    const created = await modern.call("define_unit", { name: "smoot", dimension: "length" })
    const workspace = created.data.workspace as string
    expect(workspace).toMatch(/^ws_/)
    expect((await modern.call("define_conversion", { src: "smoot", dst: "m", factor: 1.7018, workspace })).isError).toBe(false)
    const clients = [
      { client: legacy, args: {} },
      { client: modern, args: { workspace } }
    ]

    for (const { client, args } of clients) {
      for (let i = 0; i < 8; i++) {
        const r = await client.call("convert", { value: 2, from_unit: "smoot", to_unit: "m", ...args })
        expect(r.isError).toBe(false)
        expect(r.data.quantity).toBeCloseTo(3.4036, 12)
      }
      expect(client.upstreams.size, "both replicas answered").toBe(2)
    }

    // one replica dies mid-run: nginx sends everything to the other, which has the state through the store
    replicas[0]!.child.kill("SIGKILL")
    await replicas[0]!.exited
    for (const { client, args } of clients) {
      for (let i = 0; i < 6; i++) {
        const r = await client.call("convert", { value: 1, from_unit: "smoot", to_unit: "cm", ...args })
        expect(r.isError).toBe(false)
        expect(r.data.quantity).toBeCloseTo(170.18, 10)
      }
      expect((await client.call("define_unit", { name: "furlongish", dimension: "length", ...args })).isError).toBe(false)
    }

    // the store goes away: calls that need it are structured errors, never a crash or a hang
    await stopRedis()
    for (const { client, args } of clients) {
      const during = await client.call("convert", { value: 1, from_unit: "smoot", to_unit: "m", ...args })
      expect(during.isError).toBe(true)
      expect(during.data.error_type).toBe("store_unavailable")
    }

    // and comes back: the replica reconnects and nothing was lost
    await startRedis()
    for (const { client, args } of clients) {
      let after = { isError: true, data: undefined as any }
      await waitFor("a call after the store restart", async () => {
        after = await client.call("convert", { value: 1, from_unit: "smoot", to_unit: "m", ...args })
        return !after.isError
      })
      expect(after.data.quantity).toBeCloseTo(1.7018, 12)
      const units = await client.call("list_units", { query: "furlongish", ...args })
      expect(JSON.stringify(units.data)).toContain("furlongish")
      await client.close()
    }
  })

  it("reaches a workspace by its id from another session, and never from a made-up id", async () => {
    const a = await connect(url())
    const defined = await a.call("define_unit", { name: "widget", dimension: "count" })
    const id = defined.data.workspace as string
    expect(id).toMatch(/^[A-Za-z0-9_-]{20,}$/)
    const b = await connect(url())
    const seen = await b.call("check_dimensions", { unit_a: "widget", unit_b: "widget", workspace: id })
    expect(seen.isError).toBe(false)
    const forged = await b.call("check_dimensions", { unit_a: "widget", unit_b: "widget", workspace: `${id.slice(0, -2)}xx` })
    expect(forged.isError).toBe(true)
    expect(forged.data.error_type).toBe("unknown_workspace")
    await a.close()
    await b.close()
  })

  it("keeps both of two concurrent writes to one workspace made through different replicas", async () => {
    // replica 0 is gone after the first test only if it ran; start from whatever is alive
    const a = await connect(url())
    const first = await a.call("define_unit", { name: "zork0", dimension: "count" })
    const id = first.data.workspace as string
    const writers = await Promise.all([connect(url()), connect(url(), "2026-07-28"), connect(url()), connect(url(), "2026-07-28")])
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => writers[i % writers.length]!.call("define_unit", { name: `zork${i + 1}`, dimension: "count", workspace: id }))
    )
    expect(results.filter((r) => r.isError)).toEqual([])
    const listed = await a.call("list_units", { query: "zork", workspace: id, limit: 50 })
    for (let i = 0; i <= 12; i++) expect(JSON.stringify(listed.data)).toContain(`"zork${i}"`)
    await Promise.all([a, ...writers].map((c) => c.close()))
  })
})
