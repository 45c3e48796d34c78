// Two replicas on one real Redis, each request sent to the replica the test chooses (findings 3 and
// 5 of issue 20): a session's copy idling out on one replica never deletes the workspace another
// replica is still serving; an id that was never issued as a session id (a 2026-07-28 workspace id)
// is not taken for a session, so nothing deletes that workspace either; and while the store cannot
// say whether a session exists, a replica answers 503 with Retry-After, never 404 (a client that
// follows the spec would start over on 404 and abandon an intact workspace).
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { connectHttpClient, postRaw, type SpawnedServer, spawnServer } from "../support/httpServer.ts"
import { type RunningRedis, redisServer, startRedis } from "../support/redis.ts"

if (!redisServer) console.warn("replica-sessions suite skipped: redis-server not installed (apt-get install redis-server)")

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

const callThrough = (url: string, sessionId: string, id: number, name: string, args: Record<string, unknown>) =>
  postRaw(url, JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params: { name, arguments: args } }), {
    "mcp-session-id": sessionId,
    "mcp-protocol-version": "2025-11-25"
  })

describe.skipIf(!redisServer)("two replicas on one Redis, sessions", () => {
  let redis: RunningRedis
  let a: SpawnedServer
  let b: SpawnedServer
  beforeAll(async () => {
    redis = await startRedis()
    const args = ["--store", redis.url, "--idle-timeout", "2 seconds"]
    ;[a, b] = await Promise.all([spawnServer({ args }), spawnServer({ args })])
  })
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()])
    await redis?.stop()
  })

  it("keeps a session's workspace when the session's copy on another replica idles out", async () => {
    const client = await connectHttpClient(a.url)
    expect((await client.call("define_unit", { name: "smoot", dimension: "length" })).isError).toBe(false)
    expect((await client.call("define_conversion", { src: "smoot", dst: "m", factor: 1.7018 })).isError).toBe(false)
    // one request through B: B takes the session over
    const viaB = await callThrough(b.url, client.sessionId()!, 90, "convert", { value: 1, from_unit: "smoot", to_unit: "m" })
    expect(viaB.status).toBe(200)
    await viaB.text()
    // the client keeps using A while B's copy idles out (2 s)
    for (let i = 0; i < 8; i++) {
      await sleep(500)
      await client.call("convert", { value: 1, from_unit: "km", to_unit: "m" })
    }
    const after = await client.call("convert", { value: 2, from_unit: "smoot", to_unit: "m" })
    expect(after.isError, JSON.stringify(after.data)).toBe(false)
    expect(after.data.quantity).toBeCloseTo(3.4036, 12)
    await client.close()
  })

  it("does not take a workspace id for a session id, so that workspace is never deleted by a session's expiry", async () => {
    const id = "ws_notASession000000000000000000"
    const doc = JSON.stringify({
      format: 2,
      version: 1,
      touched: Date.now(),
      data: { units: [{ name: "smoot", dimension: { length: 1 }, aliases: [] }], edges: [], constants: [], kinds: [] }
    })
    await redis.command("SET", `dimensional:workspace:${id}`, doc, "PX", "600000")
    const response = await callThrough(b.url, id, 91, "list_dimensions", {})
    expect(response.status).toBe(404)
    await response.text()
    await sleep(3_000)
    expect(await redis.command("GET", `dimensional:workspace:${id}`)).toBe(doc)
  })

  it("answers 503 with Retry-After, not 404, while the store cannot say whether a session exists", async () => {
    const client = await connectHttpClient(a.url)
    expect((await client.call("define_unit", { name: "smoot", dimension: "length" })).isError).toBe(false)
    // older than the idle time-out: B can only learn from the store that the session exists
    await sleep(2_500)
    await redis.stop()
    const response = await callThrough(b.url, client.sessionId()!, 92, "list_dimensions", {})
    expect(response.status).toBe(503)
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0)
    expect(await response.text()).toMatch(/retry/i)
    await client.close().catch(() => undefined)
  })
})
