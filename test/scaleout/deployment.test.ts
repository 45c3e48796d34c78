// The README's deployment section, run as written: its shell lines start the replicas, its nginx
// block is the balancer and its Prometheus block the scraper, with only the ports and host names
// swapped for free loopback ones, on a real Redis and a real OpenID provider. What an operator then
// sees is issue 21's "done when": a read-scope client converts and is refused define_unit with 403
// and a scope challenge; no token gets 401 pointing at the metadata; a client over its rate gets
// 429 and recovers; one principal's workspace is invisible to another; Prometheus reads both
// replicas; every log line is JSON naming the principal, never the token.
import { type ChildProcess, spawn } from "node:child_process"
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { freePort, postRaw, type SpawnedServer, spawnServer } from "../support/httpServer.ts"
import { type Issuer, newSigningKey, oidcProviderAvailable, startIssuer, type TestClient } from "../support/oidc.ts"
import { type RunningRedis, redisServer, startRedis } from "../support/redis.ts"

const nginx = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((p) => existsSync(p))
const prometheus = ["/usr/bin/prometheus", "/usr/local/bin/prometheus"].find((p) => existsSync(p))
const missing = [
  redisServer ? undefined : "redis-server",
  nginx ? undefined : "nginx",
  prometheus ? undefined : "prometheus",
  (await oidcProviderAvailable()) ? undefined : "oidc-provider"
].filter((x) => x !== undefined)
if (missing.length > 0) console.warn(`deployment suite skipped: ${missing.join(", ")} missing (apt-get install redis-server nginx-light prometheus)`)

const readme = readFileSync(new URL("../../docs/http.md", import.meta.url), "utf8")
const section = readme.slice(readme.indexOf("### Deploy: replicas behind a balancer"))
const block = (language: string) => section.match(new RegExp("```" + language + "\\n([\\s\\S]*?)```"))![1]!

const reader: TestClient = { id: "ward-reader", secret: "ward-reader-secret-0123456789abcdef0123456", scope: "units:read" }
const writerA: TestClient = { id: "lab-a", secret: "lab-a-secret-0123456789abcdef0123456789abc", scope: "units:read units:write" }
const writerB: TestClient = { id: "lab-b", secret: "lab-b-secret-0123456789abcdef0123456789abc", scope: "units:read units:write" }
const hasty: TestClient = { id: "hasty", secret: "hasty-secret-0123456789abcdef0123456789abcd", scope: "units:read" }

/** A 2026-07-28 request: stateless, so round robin may send each to either replica. */
let id = 0
const modern = (method: string, params: Record<string, unknown>) =>
  JSON.stringify({
    jsonrpc: "2.0",
    id: ++id,
    method,
    params: { ...params, _meta: { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {} } }
  })
/** A tools/call through the balancer as a 2026-07-28 client sends it: the method and tool name in headers too. */
const call = (url: string, name: string, args: Record<string, unknown>, token?: string) =>
  postRaw(url, modern("tools/call", { name, arguments: args }), {
    "mcp-protocol-version": "2026-07-28",
    "mcp-method": "tools/call",
    "mcp-name": name,
    ...(token ? { authorization: `Bearer ${token}` } : {})
  })

/** The structured result of a tool call answered as JSON or as one SSE event. */
const structured = async (response: Response): Promise<Record<string, any>> => {
  const text = await response.text()
  expect(response.status, text).toBe(200)
  const json = text.startsWith("{")
    ? text
    : text
        .split("\n")
        .filter((l) => l.startsWith("data:") && l.length > 6)
        .at(-1)!
        .slice(5)
  return (JSON.parse(json) as { result: { structuredContent: Record<string, any> } }).result.structuredContent
}

describe.skipIf(missing.length > 0)("the README's deployment: two replicas behind nginx on Redis, an issuer, Prometheus, JSON logs", () => {
  let dir = ""
  let redis: RunningRedis
  let issuer: Issuer
  let lb: ChildProcess
  let scraper: ChildProcess
  let mcp = ""
  let prometheusApi = ""
  const replicas: Array<SpawnedServer> = []
  const tokens: Record<string, string> = {}

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "dimensional-deploy-"))
    redis = await startRedis()
    issuer = await startIssuer({ keys: [await newSigningKey("deploy-key")], clients: [reader, writerA, writerB, hasty] })
    const [lbPort, portA, portB, promPort] = [await freePort(), await freePort(), await freePort(), await freePort()]
    mcp = `http://127.0.0.1:${lbPort}/mcp`
    const local = (text: string) =>
      text
        .replaceAll("https://mcp.example.org", `http://127.0.0.1:${lbPort}`)
        .replaceAll("mcp.example.org", "127.0.0.1")
        .replaceAll("https://login.example.org/realms/lab", issuer.issuer)
        .replaceAll("127.0.0.1:6379", `127.0.0.1:${redis.port}`)
        .replaceAll("3001", String(portA))
        .replaceAll("3002", String(portB))

    // the replicas: the README's `dimensional mcp --http …` lines, as the shell splits them
    const lines = local(block("sh"))
      .split("\n")
      .filter((l) => l.startsWith("dimensional mcp --http "))
    expect(lines).toHaveLength(2)
    for (const line of lines) replicas.push(await spawnServer({ args: line.split(/\s+/).slice(3) }))

    // the balancer: the README's block inside the few lines nginx needs to run unprivileged in a directory
    const conf = join(dir, "nginx.conf")
    writeFileSync(
      conf,
      `daemon off;\nworker_processes 1;\npid ${dir}/nginx.pid;\nerror_log ${dir}/nginx-error.log warn;\nevents { worker_connections 256; }\nhttp {\n  access_log off;\n` +
        `  client_body_temp_path ${dir}/body;\n  proxy_temp_path ${dir}/proxy;\n  fastcgi_temp_path ${dir}/fastcgi;\n  uwsgi_temp_path ${dir}/uwsgi;\n  scgi_temp_path ${dir}/scgi;\n` +
        local(block("nginx")).replace("listen 80;", `listen 127.0.0.1:${lbPort};`) +
        "}\n"
    )
    lb = spawn(nginx!, ["-c", conf, "-p", dir], { stdio: "ignore" })

    // the scraper: the README's Prometheus block, every second instead of every 15
    writeFileSync(join(dir, "prometheus.yml"), local(block("yaml")).replace("scrape_interval: 15s", "scrape_interval: 1s"))
    prometheusApi = `http://127.0.0.1:${promPort}`
    scraper = spawn(
      prometheus!,
      [`--config.file=${join(dir, "prometheus.yml")}`, `--storage.tsdb.path=${join(dir, "data")}`, `--web.listen-address=127.0.0.1:${promPort}`],
      { stdio: "ignore" }
    )

    for (const client of [reader, writerA, writerB, hasty]) tokens[client.id] = await issuer.token(client, mcp, client.scope)
    // nginx is up once it answers
    for (let tries = 0; ; tries++) {
      const ok = await fetch(`http://127.0.0.1:${lbPort}/healthz`).then(
        (r) => r.ok,
        () => false
      )
      if (ok) break
      if (tries > 150) throw new Error("nginx did not come up")
      await new Promise((r) => setTimeout(r, 100))
    }
  })

  afterAll(async () => {
    lb?.kill("SIGTERM")
    scraper?.kill("SIGTERM")
    await Promise.all(replicas.map((r) => r.stop()))
    await issuer?.stop()
    await redis?.stop()
    for (const child of [lb, scraper]) if (child && child.exitCode === null) await new Promise((resolve) => child.once("exit", resolve))
    rmSync(dir, { recursive: true, force: true })
  })

  it("lets a read-scope client convert, and refuses it define_unit with 403 and a challenge for the write scope", async () => {
    const converted = await structured(await call(mcp, "convert", { value: 5, from_unit: "mg", to_unit: "mcg" }, tokens[reader.id]))
    expect(converted.quantity).toBe(5000)
    const refused = await call(mcp, "define_unit", { name: "smoot", dimension: "length" }, tokens[reader.id])
    expect(refused.status).toBe(403)
    expect(refused.headers.get("www-authenticate")).toMatch(/error="insufficient_scope"/)
    expect(refused.headers.get("www-authenticate")).toMatch(/scope="[^"]*units:write/)
    await refused.text()
  })

  it("answers a client without a token 401, pointing at the metadata that names the issuer", async () => {
    const refused = await call(mcp, "convert", { value: 1, from_unit: "m", to_unit: "ft" })
    expect(refused.status).toBe(401)
    await refused.text()
    const pointer = refused.headers.get("www-authenticate")!.match(/resource_metadata="([^"]+)"/)![1]!
    expect(pointer.startsWith(new URL(mcp).origin)).toBe(true)
    const metadata = (await (await fetch(pointer)).json()) as { resource: string; authorization_servers: Array<string> }
    expect(metadata.resource).toBe(mcp)
    expect(metadata.authorization_servers).toEqual([issuer.issuer])
  })

  it("keeps a workspace its principal's: another principal is told it does not exist, on either replica", async () => {
    const made = await structured(await call(mcp, "define_unit", { name: "bolt", dimension: "length" }, tokens[writerA.id]))
    const workspace = made.workspace as string
    await structured(await call(mcp, "define_conversion", { src: "bolt", dst: "m", factor: 36.576, workspace }, tokens[writerA.id]))
    for (let i = 0; i < 2; i++) {
      const mine = await structured(await call(mcp, "convert", { value: 1, from_unit: "bolt", to_unit: "m", workspace }, tokens[writerA.id]))
      expect(mine.quantity).toBeCloseTo(36.576, 12)
      const theirs = await structured(await call(mcp, "convert", { value: 1, from_unit: "bolt", to_unit: "m", workspace }, tokens[writerB.id]))
      expect(theirs.error_type).toBe("unknown_workspace")
    }
  })

  it("answers a client over its rate 429 with Retry-After, then serves it again once that time has passed", async () => {
    const burst = await Promise.all(Array.from({ length: 80 }, () => call(mcp, "convert", { value: 1, from_unit: "m", to_unit: "ft" }, tokens[hasty.id])))
    const limited = burst.filter((r) => r.status === 429)
    await Promise.all(burst.map((r) => r.text()))
    expect(limited.length).toBeGreaterThan(0)
    const wait = Math.max(...limited.map((r) => Number(r.headers.get("retry-after"))))
    expect(wait).toBeGreaterThan(0)
    await new Promise((r) => setTimeout(r, wait * 1000))
    const again = await structured(await call(mcp, "convert", { value: 1, from_unit: "m", to_unit: "ft" }, tokens[hasty.id]))
    expect(again.quantity).toBeCloseTo(3.280839895013123, 12)
    // another principal was never slowed
    expect((await call(mcp, "list_dimensions", {}, tokens[reader.id])).status).toBe(200)
  })

  it("is scraped on both replicas by Prometheus, which counts the requests each answered", async () => {
    const query = async (q: string) => {
      const answer = (await (await fetch(`${prometheusApi}/api/v1/query?query=${encodeURIComponent(q)}`)).json()) as {
        data?: { result?: Array<{ metric: Record<string, string>; value: [number, string] }> }
      }
      return answer.data?.result ?? []
    }
    const deadline = Date.now() + 30_000
    let up: Array<unknown> = []
    let counted: Array<unknown> = []
    while (Date.now() < deadline) {
      up = (await query('up{job="dimensional"} == 1').catch(() => [])) as Array<unknown>
      counted = (await query('sum by (instance) (dimensional_http_requests_total{path="/mcp"}) > 0').catch(() => [])) as Array<unknown>
      if (up.length === 2 && counted.length === 2) break
      await new Promise((r) => setTimeout(r, 250))
    }
    expect(up).toHaveLength(2)
    expect(counted).toHaveLength(2)
  })

  it("logs one JSON object per line on every replica, naming the principal and never its token", () => {
    for (const replica of replicas) {
      const lines = replica
        .stderr()
        .split("\n")
        .filter((l) => l.length > 0)
      expect(lines.filter((l) => !l.startsWith("{"))).toEqual([])
      const entries = lines.map((l) => JSON.parse(l) as Record<string, any>)
      const requests = entries.filter((e) => JSON.stringify(e).includes("requestId"))
      expect(requests.length).toBeGreaterThan(0)
      expect(JSON.stringify(entries)).toMatch(/lab-a|ward-reader|hasty/)
      for (const token of Object.values(tokens)) expect(lines.join("\n")).not.toContain(token)
    }
  })

  it("keeps /metrics inside: the balancer does not serve it", async () => {
    expect((await fetch(new URL("/metrics", mcp))).status).toBe(404)
  })
})
