// `--auth-introspection`: opaque access tokens checked by token introspection (RFC 7662) at the
// real OpenID provider the authorization tests use (oidc-provider, its introspection feature on and
// opaque tokens for some clients), the server authenticating to it as its own client. An inactive
// or made-up token gets 401 invalid_token, a token for another resource 401 too, a missing scope
// 403; JWTs from the same issuer still pass; answers are cached (one round trip for many requests),
// never past the token's expiry.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client"
import type { CallToolResult } from "@modelcontextprotocol/client"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { makeIntrospector } from "../../src/mcp/transports/http/introspection.ts"
import { type SpawnedServer, freePort, postRaw, spawnServer } from "../support/httpServer.ts"
import { type Issuer, type TestClient, newSigningKey, oidcProviderAvailable, startIssuer } from "../support/oidc.ts"

const available = await oidcProviderAvailable()
if (!available) console.warn("skipping the introspection tests: oidc-provider (a devDependency) cannot be loaded here")

// this server's own client at the issuer: it introspects, and asks for no token itself
const resourceServer: TestClient = { id: "dimensional-rs", secret: "dimensional-rs-secret-0123456789abcdef0123", scope: "units:read" }
const opaqueReader: TestClient = { id: "opaque-reader", secret: "opaque-reader-secret-0123456789abcdef012345", scope: "units:read" }
const opaqueWriter: TestClient = { id: "opaque-writer", secret: "opaque-writer-secret-0123456789abcdef012345", scope: "units:read units:write" }
const jwtWriter: TestClient = { id: "jwt-writer", secret: "jwt-writer-secret-0123456789abcdef0123456789", scope: "units:read units:write" }

const bearer = (token: string) => ({ authorization: `Bearer ${token}` })
const convertBody = JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "tools/call",
  params: { name: "convert", arguments: { value: 1, from_unit: "km", to_unit: "m" } }
})

/** A 2026-07-28 client with a fixed bearer token. */
const modernClient = async (url: string, token: string) => {
  const client = new Client({ name: "introspection", version: "1.0.0" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } })
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { authProvider: { token: async () => token } }))
  return client
}

describe.skipIf(!available)("dimensional mcp --http --auth-introspection against a real OpenID provider", () => {
  let dir: string
  let issuer: Issuer
  let server: SpawnedServer
  let audience: string
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "dimensional-introspection-"))
    // the secret file as an editor leaves it: with a trailing newline
    writeFileSync(join(dir, "secret"), `${resourceServer.secret}\n`, { mode: 0o600 })
    issuer = await startIssuer({
      keys: [await newSigningKey("introspection-key")],
      clients: [resourceServer, opaqueReader, opaqueWriter, jwtWriter],
      opaqueClients: [opaqueReader.id, opaqueWriter.id],
      introspection: true,
      ttlSeconds: 4
    })
    audience = `http://127.0.0.1:${await freePort()}/mcp`
    server = await spawnServer({
      args: [
        "--store",
        "memory",
        "--auth-issuer",
        issuer.issuer,
        "--auth-audience",
        audience,
        "--auth-introspection",
        "--auth-client-id",
        resourceServer.id,
        "--auth-client-secret-file",
        join(dir, "secret")
      ]
    })
  })
  afterAll(async () => {
    await server?.stop()
    await issuer?.stop()
    if (dir) rmSync(dir, { recursive: true, force: true })
  })

  it("accepts an opaque token the issuer says is active for this resource, asking it once for many requests", async () => {
    const token = await issuer.token(opaqueWriter, audience, "units:read units:write")
    expect(token).not.toMatch(/^[\w-]+\.[\w-]+\.[\w-]*$/) // opaque, not a JWT
    const before = issuer.introspections()
    const client = await modernClient(server.url, token)
    try {
      const defined = (await client.callTool({ name: "define_unit", arguments: { name: "smoot_i", dimension: "length" } })) as CallToolResult
      expect(defined.isError).not.toBe(true)
      const converted = (await client.callTool({ name: "convert", arguments: { value: 2, from_unit: "km", to_unit: "m" } })) as CallToolResult
      expect((converted.structuredContent as { quantity: number }).quantity).toBe(2000)
    } finally {
      await client.close()
    }
    // the connection's requests and both calls: one introspection, the rest from the cache
    expect(issuer.introspections() - before).toBe(1)
  })

  it("answers 401 invalid_token for a token the issuer does not know (active: false)", async () => {
    const response = await postRaw(server.url, convertBody, bearer("d2VsbC1mb3JtZWQtYnV0LW5ldmVyLWlzc3VlZA"))
    expect(response.status).toBe(401)
    const header = response.headers.get("www-authenticate") ?? ""
    expect(header).toMatch(/error="invalid_token"/)
    expect(header).toMatch(/resource_metadata="/)
    expect(header).toMatch(/not active/)
    await response.text()
  })

  it("answers 401 for an opaque token issued for another resource (aud)", async () => {
    const other = await issuer.token(opaqueWriter, "https://other.example.org/mcp", "units:read")
    const response = await postRaw(server.url, convertBody, bearer(other))
    expect(response.status).toBe(401)
    expect(response.headers.get("www-authenticate")).toMatch(/another resource/)
    await response.text()
  })

  it("answers 403 insufficient_scope for a defining call with a read-only opaque token, and lets it read", async () => {
    const token = await issuer.token(opaqueReader, audience, "units:read")
    const read = await postRaw(server.url, convertBody, { ...bearer(token), "mcp-protocol-version": "2026-07-28" })
    // a read passes authorization (what the era's handler then answers is not this test's concern)
    expect([401, 403]).not.toContain(read.status)
    await read.text()
    const define = await postRaw(
      server.url,
      JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "define_unit", arguments: { name: "x", dimension: "length" } } }),
      bearer(token)
    )
    expect(define.status).toBe(403)
    const header = define.headers.get("www-authenticate") ?? ""
    expect(header).toMatch(/error="insufficient_scope"/)
    expect(header).toMatch(/scope="units:read units:write"/)
    await define.text()
  })

  it("still checks JWTs from the same issuer with its keys, without asking it", async () => {
    const before = issuer.introspections()
    const jwt = await issuer.token(jwtWriter, audience, "units:read units:write")
    const client = await modernClient(server.url, jwt)
    try {
      const converted = (await client.callTool({ name: "convert", arguments: { value: 1, from_unit: "km", to_unit: "m" } })) as CallToolResult
      expect((converted.structuredContent as { quantity: number }).quantity).toBe(1000)
    } finally {
      await client.close()
    }
    expect(issuer.introspections()).toBe(before)
  })

  it("keeps at most its bound of answers, the least recently used forgotten first, each for at most 60 s", async () => {
    let now = Date.now()
    const introspector = makeIntrospector({
      issuer: new URL(issuer.issuer),
      audience,
      clientId: resourceServer.id,
      clientSecret: resourceServer.secret,
      cacheEntries: 2,
      now: () => now
    })
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => issuer.token(opaqueWriter, audience, "units:read")))
    for (const token of [a!, b!, a!, b!]) expect((await introspector.verify(token))._tag).toBe("valid")
    expect(introspector.requests()).toBe(2)
    // a third token pushes out the one used longest ago (a), which is then asked again
    await introspector.verify(c!)
    await introspector.verify(b!)
    expect(introspector.requests()).toBe(3)
    await introspector.verify(a!)
    expect(introspector.requests()).toBe(4)
    // a minute later the answer is asked again, whatever the token's own lifetime
    now += 60_001
    await introspector.verify(a!)
    expect(introspector.requests()).toBe(5)
  })

  it("passes at most its bound of questions to the issuer at once; beyond it a token gets 503, not a round trip", async () => {
    const introspector = makeIntrospector({
      issuer: new URL(issuer.issuer),
      audience,
      clientId: resourceServer.id,
      clientSecret: resourceServer.secret,
      maxInFlight: 1
    })
    const checks = await Promise.all(["bWFkZS11cC0x", "bWFkZS11cC0y", "bWFkZS11cC0z"].map((t) => introspector.verify(t)))
    expect(checks.map((c) => c._tag)).toEqual(["invalid", "unavailable", "unavailable"])
    expect(introspector.requests()).toBe(1)
    // the refused ones are not cached: asked again once the issuer is free
    expect((await introspector.verify("bWFkZS11cC0y"))._tag).toBe("invalid")
  })

  it("refuses a cached token once it has expired: the cache never outlives the token", async () => {
    const token = await issuer.token(opaqueWriter, audience, "units:read")
    const first = await postRaw(server.url, convertBody, { ...bearer(token), "mcp-protocol-version": "2026-07-28" })
    expect([401, 403]).not.toContain(first.status)
    await first.text()
    // the provider's tokens live 4 s here; the server allows a minute of clock skew, as for JWTs,
    // so the provider itself is what says the token is over: the cached answer must not outlive exp
    await new Promise((resolve) => setTimeout(resolve, 4_500))
    const later = await postRaw(server.url, convertBody, { ...bearer(token), "mcp-protocol-version": "2026-07-28" })
    expect(later.status).toBe(401)
    expect(later.headers.get("www-authenticate")).toMatch(/not active/)
    await later.text()
  })
})

describe("--auth-introspection without what it needs", () => {
  it("refuses to start without this server's client at the issuer, naming the settings", async () => {
    const refused = await spawnServer({ args: ["--store", "memory", "--auth-issuer", "http://127.0.0.1:9/", "--auth-introspection"] }).then(
      async (server) => {
        await server.stop()
        return "started"
      },
      (error: unknown) => String(error)
    )
    expect(refused).toMatch(/code 2/)
    expect(refused).toContain("--auth-client-id and --auth-client-secret-file")
  })
})
