// Readiness of two replicas that share a real Redis and a real issuer (issue 33, item 2): while
// Redis or the issuer is away, every replica stays ready (a balancer following /readyz would
// otherwise take the whole service out at once) and keeps answering what needs neither (a built-in
// conversion; a token whose keys it holds), while the calls that need the store get
// store_unavailable, and the outage is a metric and a log line, and its end another.
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client"
import type { CallToolResult } from "@modelcontextprotocol/client"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type SpawnedServer, spawnServer } from "../support/httpServer.ts"
import { type Issuer, type TestClient, newSigningKey, oidcProviderAvailable, startIssuer } from "../support/oidc.ts"
import { type RunningRedis, redisServer, startRedis } from "../support/redis.ts"

const issuerAvailable = await oidcProviderAvailable()
const skip = !redisServer || !issuerAvailable
if (skip) console.warn("readiness suite skipped: it needs redis-server and oidc-provider")

const audience = "https://mcp.example.org/mcp"
const agent: TestClient = { id: "agent", secret: "agent-secret-0123456789abcdef012345678", scope: "units:read units:write" }
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

interface Readiness {
  readonly status: string
  readonly replica: string
  readonly store: string
  readonly issuer: string
}

/** Both replicas' /readyz once `until` holds of both (the dependencies are watched every few seconds); every answer must be 200. */
const readyWhen = async (replicas: ReadonlyArray<SpawnedServer>, until: (r: Readiness) => boolean) => {
  for (let i = 0; ; i++) {
    const answers = await Promise.all(
      replicas.map(async (replica) => {
        const response = await fetch(`${replica.origin}/readyz`)
        expect(response.status).toBe(200)
        return (await response.json()) as Readiness
      })
    )
    if (answers.every(until) || i === 120) return answers
    await sleep(250)
  }
}

const call = async (url: string, token: string, name: string, args: Record<string, unknown>) => {
  const client = new Client({ name: "readiness", version: "1.0.0" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } })
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { authProvider: { token: async () => token } }))
  try {
    return ((await client.callTool({ name, arguments: args })) as CallToolResult).structuredContent as Record<string, any>
  } finally {
    await client.close()
  }
}

const metric = async (replica: SpawnedServer, name: string) =>
  (await (await fetch(`${replica.origin}/metrics`)).text()).split("\n").find((l) => l.startsWith(name))

describe.skipIf(skip)("readiness of replicas whose shared dependencies go away", () => {
  let redis: RunningRedis
  let issuer: Issuer
  let a: SpawnedServer
  let b: SpawnedServer
  let token: string
  beforeAll(async () => {
    redis = await startRedis()
    issuer = await startIssuer({ keys: [await newSigningKey("ready-key")], clients: [agent] })
    const args = ["--store", redis.url, "--auth-issuer", issuer.issuer, "--auth-audience", audience, "--metrics"]
    ;[a, b] = await Promise.all([spawnServer({ args }), spawnServer({ args })])
    token = await issuer.token(agent, audience, "units:read units:write")
  })
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()])
    await redis?.stop()
    await issuer?.stop()
  })

  it("is ready, with its dependencies named", async () => {
    const [ra, rb] = await readyWhen([a, b], (r) => r.issuer === "ok")
    expect(ra).toEqual({ status: "ready", replica: "ok", store: "ok", issuer: "ok" })
    expect(rb).toEqual(ra)
    expect((await call(a.url, token, "convert", { value: 1, from_unit: "km", to_unit: "m" })).quantity).toBe(1000)
  })

  it("stays ready while Redis is down, serves what needs no store, and says the store is away in the answer, a metric and the log", async () => {
    const port = redis.port
    await redis.stop()
    const answers = await readyWhen([a, b], (r) => r.store.startsWith("unavailable"))
    for (const r of answers) expect(r).toMatchObject({ status: "ready", replica: "ok", store: expect.stringMatching(/^unavailable/) })
    expect((await call(b.url, token, "convert", { value: 2, from_unit: "km", to_unit: "m" })).quantity).toBe(2000)
    expect((await call(a.url, token, "define_unit", { name: "smoot", dimension: "length" })).error_type).toBe("store_unavailable")
    expect(await metric(a, 'dimensional_dependency_up{dependency="store"}')).toMatch(/ 0$/)
    expect(a.stderr()).toMatch(/the workspace store: unavailable.*this replica stays ready/)
    // Redis is back: the replicas say so
    redis = await startRedis({ port })
    await readyWhen([a, b], (r) => r.store === "ok")
    expect(await metric(a, 'dimensional_dependency_up{dependency="store"}')).toMatch(/ 1$/)
    expect(a.stderr()).toMatch(/the workspace store answers again, after \d/)
    expect((await call(a.url, token, "define_unit", { name: "smoot", dimension: "length" })).error_type).toBeUndefined()
  })

  it("stays ready while the issuer is away, and accepts tokens of the keys it holds", async () => {
    const port = issuer.port
    await issuer.stop()
    try {
      const answers = await readyWhen([a, b], (r) => r.issuer.startsWith("unavailable"))
      for (const r of answers) expect(r).toMatchObject({ status: "ready", replica: "ok", store: "ok" })
      expect((await call(a.url, token, "convert", { value: 3, from_unit: "km", to_unit: "m" })).quantity).toBe(3000)
      expect(await metric(b, 'dimensional_dependency_up{dependency="issuer"}')).toMatch(/ 0$/)
    } finally {
      issuer = await startIssuer({ keys: [await newSigningKey("ready-key-2")], clients: [agent], port })
    }
  })
})
