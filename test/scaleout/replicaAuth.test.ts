// Two replicas on one real Redis, as behind a balancer (one audience for both), authorizing with
// JWTs from a real OpenID provider: a principal's session and workspaces are its own on every
// replica (the binding is a MAC with the store's shared secret, nothing stored per principal), and
// another principal finds nothing on either.
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client"
import type { CallToolResult } from "@modelcontextprotocol/client"
import { decodeJwt } from "jose"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type SpawnedServer, freePort, initializeBody, postRaw, spawnServer } from "../support/httpServer.ts"
import { type Issuer, type TestClient, newSigningKey, oidcProviderAvailable, startIssuer } from "../support/oidc.ts"
import { type RunningRedis, redisServer, startRedis } from "../support/redis.ts"

const available = (await oidcProviderAvailable()) && redisServer !== undefined
if (!available) console.warn("replica-authorization suite skipped: needs redis-server (apt-get install redis-server) and oidc-provider (a devDependency)")

const writerA: TestClient = { id: "writer-a", secret: "writer-a-secret-0123456789abcdef01234567", scope: "units:read units:write" }
const writerB: TestClient = { id: "writer-b", secret: "writer-b-secret-0123456789abcdef01234567", scope: "units:read units:write" }

const structured = async (response: Response) => {
  expect(response.status).toBe(200)
  const text = await response.text()
  const data = text
    .split("\n")
    .filter((l) => l.startsWith("data:") && l.length > 6)
    .at(-1)!
    .slice(5)
  return (JSON.parse(data) as { result: { structuredContent: Record<string, any> } }).result.structuredContent
}

describe.skipIf(!available)("two replicas on one Redis with an issuer", () => {
  let redis: RunningRedis
  let issuer: Issuer
  let a: SpawnedServer
  let b: SpawnedServer
  // the URL clients would use through the balancer: the audience of every token
  let audience: string
  beforeAll(async () => {
    redis = await startRedis()
    issuer = await startIssuer({ keys: [await newSigningKey("replica-key")], clients: [writerA, writerB] })
    audience = `http://127.0.0.1:${await freePort()}/mcp`
    const args = ["--store", redis.url, "--auth-issuer", issuer.issuer, "--auth-audience", audience]
    ;[a, b] = await Promise.all([spawnServer({ args }), spawnServer({ args })])
  })
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()])
    await issuer?.stop()
    await redis?.stop()
  })

  it("takes a principal's session over on the other replica for it, and for nobody else", async () => {
    const [tokenA, tokenB] = await Promise.all([
      issuer.token(writerA, audience, "units:read units:write"),
      issuer.token(writerB, audience, "units:read units:write")
    ])
    expect(decodeJwt(tokenA).aud).toBe(audience)
    const opened = await postRaw(a.url, initializeBody, { authorization: `Bearer ${tokenA}` })
    expect(opened.status).toBe(200)
    await opened.text()
    const session = opened.headers.get("mcp-session-id")!
    let id = 0
    const call = (url: string, token: string, name: string, args: Record<string, unknown>) =>
      postRaw(url, JSON.stringify({ jsonrpc: "2.0", id: ++id, method: "tools/call", params: { name, arguments: args } }), {
        authorization: `Bearer ${token}`,
        "mcp-session-id": session,
        "mcp-protocol-version": "2025-11-25"
      })
    expect((await structured(await call(a.url, tokenA, "define_unit", { name: "smoot", dimension: "length" }))).workspace).toBe(session)
    await structured(await call(a.url, tokenA, "define_conversion", { src: "smoot", dst: "m", factor: 1.7018 }))
    // the same principal on replica B: the session is taken over, its workspace there
    expect((await structured(await call(b.url, tokenA, "convert", { value: 1, from_unit: "smoot", to_unit: "m" }))).quantity).toBeCloseTo(1.7018, 12)
    // another principal with the same session id: unknown on both replicas
    for (const url of [a.url, b.url]) {
      const refused = await call(url, tokenB, "convert", { value: 1, from_unit: "smoot", to_unit: "m" })
      expect(refused.status).toBe(404)
      await refused.text()
    }
  })

  it("reaches a principal's 2026-07-28 workspace from either replica, never another principal's", async () => {
    const [tokenA, tokenB] = await Promise.all([
      issuer.token(writerA, audience, "units:read units:write"),
      issuer.token(writerB, audience, "units:read units:write")
    ])
    const modern = async (url: string, token: string) => {
      const client = new Client({ name: "replica-auth", version: "1.0.0" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } })
      await client.connect(new StreamableHTTPClientTransport(new URL(url), { authProvider: { token: async () => token } }))
      const call = async (name: string, args: Record<string, unknown>) =>
        ((await client.callTool({ name, arguments: args })) as CallToolResult).structuredContent as Record<string, any>
      return { client, call }
    }
    const onA = await modern(a.url, tokenA)
    const onB = await modern(b.url, tokenA)
    const other = await modern(b.url, tokenB)
    try {
      const workspace = (await onA.call("define_unit", { name: "furlong_r", dimension: "length" })).workspace as string
      await onA.call("define_conversion", { src: "furlong_r", dst: "m", factor: 201.168, workspace })
      expect((await onB.call("convert", { value: 1, from_unit: "furlong_r", to_unit: "m", workspace })).quantity).toBeCloseTo(201.168, 12)
      expect((await other.call("convert", { value: 1, from_unit: "furlong_r", to_unit: "m", workspace })).error_type).toBe("unknown_workspace")
    } finally {
      await Promise.all([onA.client.close(), onB.client.close(), other.client.close()])
    }
  })
})
