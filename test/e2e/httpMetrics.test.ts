// `dimensional mcp --http --metrics` scraped by a real Prometheus (Debian's `prometheus` package)
// on loopback: the exposition parses (the target is up) and the series an operator watches carry
// what happened: a tool call by tool and status, an authorization failure by reason, a 429 by
// limit, the open sessions; tool calls by outcome and error_type, corrections by corrector, store
// latency and errors by kind of store and operation. Without --metrics there is no /metrics at all.
import { type ChildProcess, spawn } from "node:child_process"
import { createHash } from "node:crypto"
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type HttpTestClient, type SpawnedServer, connectHttpClient, freePort, initializeBody, postRaw, spawnServer } from "../support/httpServer.ts"

const prometheus = ["/usr/bin/prometheus", "/usr/local/bin/prometheus"].find((p) => existsSync(p))
if (!prometheus) console.warn("metrics suite skipped: prometheus is not installed (apt-get install prometheus)")

const key = "metrics-key-6a1e9c3b7d"
const burstKey = "metrics-burst-key-0c4f8a2e5b"

describe.skipIf(!prometheus)("Prometheus scraping dimensional mcp --http --metrics", () => {
  let dir: string
  let server: SpawnedServer
  let scraper: ChildProcess
  let api: string
  let client: HttpTestClient
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "dimensional-metrics-"))
    const sha = (k: string) => createHash("sha256").update(k).digest("hex")
    writeFileSync(join(dir, "keys"), `watcher sha256:${sha(key)}\nburst sha256:${sha(burstKey)}\n`)
    server = await spawnServer({
      args: ["--api-keys-file", join(dir, "keys"), "--store", "memory", "--max-workspaces", "1", "--metrics", "--rate-limit", "20/minute"]
    })
    const target = new URL(server.origin).host
    writeFileSync(
      join(dir, "prometheus.yml"),
      `global:\n  scrape_interval: 1s\nscrape_configs:\n  - job_name: dimensional\n    metrics_path: /metrics\n    static_configs:\n      - targets: ["${target}"]\n`
    )
    const port = await freePort()
    api = `http://127.0.0.1:${port}`
    scraper = spawn(
      prometheus!,
      [`--config.file=${join(dir, "prometheus.yml")}`, `--storage.tsdb.path=${join(dir, "data")}`, `--web.listen-address=127.0.0.1:${port}`],
      { stdio: "ignore" }
    )
    client = await connectHttpClient(server.url, "watched", { token: async () => key })
  })
  afterAll(async () => {
    await client?.close()
    scraper?.kill("SIGTERM")
    await server?.stop()
    if (scraper && scraper.exitCode === null) await new Promise((resolve) => scraper.once("exit", resolve))
    rmSync(dir, { recursive: true, force: true })
  })

  /** The value Prometheus holds for `query` once `ok` accepts it (polled: scrapes come every second; a hang guard of 30 s, not a timing assertion). */
  const settled = async (query: string, ok: (value: number) => boolean) => {
    const deadline = Date.now() + 30_000
    let last: number | undefined
    for (;;) {
      try {
        const answer = (await (await fetch(`${api}/api/v1/query?query=${encodeURIComponent(query)}`)).json()) as {
          data?: { result?: Array<{ value: [number, string] }> }
        }
        const result = answer.data?.result ?? []
        last = result.length === 0 ? undefined : result.reduce((sum, r) => sum + Number(r.value[1]), 0)
        if (last !== undefined && ok(last)) return last
      } catch {
        // Prometheus still starting
      }
      if (Date.now() > deadline) throw new Error(`${query}: ${last} after 30 s`)
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
  }

  it("is up: Prometheus reads the exposition", async () => {
    expect(await settled('up{job="dimensional"}', (v) => v === 1)).toBe(1)
  })

  it("counts tool calls by tool and status, authorization failures by reason, refusals by limit, and open sessions", async () => {
    for (let i = 0; i < 3; i++) expect((await client.call("convert", { value: i, from_unit: "km", to_unit: "m" })).isError).toBe(false)
    await (await postRaw(server.url, initializeBody)).text() // no token: 401
    await (await postRaw(server.url, initializeBody, { authorization: "Bearer wrong" })).text() // 401 invalid
    expect(await settled('dimensional_http_requests_total{path="/mcp",tool="convert",status="200"}', (v) => v >= 3)).toBeGreaterThanOrEqual(3)
    expect(await settled('dimensional_auth_failures_total{reason="missing"}', (v) => v >= 1)).toBeGreaterThanOrEqual(1)
    expect(await settled('dimensional_auth_failures_total{reason="invalid"}', (v) => v >= 1)).toBeGreaterThanOrEqual(1)
    expect(await settled('dimensional_http_request_duration_seconds_count{path="/mcp",tool="convert"}', (v) => v >= 3)).toBeGreaterThanOrEqual(3)
    expect(await settled("dimensional_sessions_open", (v) => v >= 1)).toBeGreaterThanOrEqual(1)
    // another client over its rate (20 a minute): its refusals are counted by limit
    for (let i = 0; i < 25; i++)
      await (await postRaw(server.url, JSON.stringify({ jsonrpc: "2.0", id: i, method: "ping" }), { authorization: `Bearer ${burstKey}` })).text()
    expect(await settled('dimensional_client_limited_total{why="rate"}', (v) => v >= 5)).toBeGreaterThanOrEqual(5)
    expect(await settled('dimensional_http_requests_total{status="429"}', (v) => v >= 5)).toBeGreaterThanOrEqual(5)
    // a client name never seen becomes "unknown", not a new series
    await (
      await postRaw(server.url, JSON.stringify({ jsonrpc: "2.0", id: 9, method: "tools/call", params: { name: "x".repeat(40), arguments: {} } }), {
        authorization: `Bearer ${key}`,
        "mcp-session-id": client.sessionId()!,
        "mcp-protocol-version": "2025-11-25"
      })
    ).text()
    expect(await settled('dimensional_http_requests_total{tool="unknown"}', (v) => v >= 1)).toBeGreaterThanOrEqual(1)
    expect(await settled(`count(dimensional_http_requests_total{tool="${"x".repeat(40)}"}) or vector(0)`, () => true)).toBe(0)
  })

  it("counts tool calls by outcome and error_type, corrections by corrector, and store operations by kind and outcome", async () => {
    expect((await client.call("convert", { value: 1, from_unit: "kg", to_unit: "m" })).isError).toBe(true)
    // a misspelled field, corrected by the server (field_name) and dispatched again
    expect((await client.call("convert", { value: 1, form_unit: "km", to_unit: "m" })).isError).toBe(false)
    expect((await client.call("define_unit", { name: "scraped_smidgen", dimension: "length" })).isError).toBe(false)
    // the store holds one workspace at most (--max-workspaces 1): another session's definition is refused
    const other = await connectHttpClient(server.url, "watched-2", { token: async () => key })
    try {
      const refused = await other.call("define_unit", { name: "second_smidgen", dimension: "length" })
      expect(refused.data.error_type).toBe("store_unavailable")
    } finally {
      await other.close()
    }
    expect(await settled('dimensional_tool_calls_total{tool="convert",outcome="error",error_type="dimension_mismatch"}', (v) => v >= 1)).toBeGreaterThanOrEqual(
      1
    )
    expect(await settled('dimensional_tool_calls_total{tool="convert",outcome="success"}', (v) => v >= 4)).toBeGreaterThanOrEqual(4)
    expect(await settled('dimensional_tool_call_duration_seconds_count{tool="define_unit"}', (v) => v >= 2)).toBeGreaterThanOrEqual(2)
    expect(await settled('dimensional_correction_successes_total{corrector="field_name"}', (v) => v >= 1)).toBe(1)
    expect(await settled('dimensional_retries_total{tool="convert",result="recovered"}', (v) => v >= 1)).toBe(1)
    expect(await settled('dimensional_store_operation_duration_seconds_count{store="memory",operation="set"}', (v) => v >= 2)).toBeGreaterThanOrEqual(2)
    expect(await settled('dimensional_store_errors_total{store="memory",operation="set"}', (v) => v >= 1)).toBe(1)
    expect(await settled('dimensional_tool_calls_total{tool="define_unit",error_type="store_unavailable"}', (v) => v >= 1)).toBe(1)
  })
})

describe("without --metrics", () => {
  it("has no /metrics", async () => {
    const server = await spawnServer({ args: ["--store", "memory"] })
    try {
      expect((await fetch(`${server.origin}/metrics`)).status).toBe(404)
    } finally {
      await server.stop()
    }
  })
})
