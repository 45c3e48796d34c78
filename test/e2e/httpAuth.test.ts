// `dimensional mcp --http --auth-issuer URL` as an OAuth 2.1 resource server (MCP authorization),
// against a real OpenID provider on loopback (oidc-provider) issuing JWT access tokens by client
// credentials: the metadata, the 401 and 403 challenges, every way a token can be wrong (each with
// its answer), key rotation, a JWKS outage, workspaces and sessions bound to their principal, and
// the official SDK client discovering the issuer and fetching its token itself.
import { Client, ClientCredentialsProvider, StreamableHTTPClientTransport } from "@modelcontextprotocol/client"
import type { CallToolResult } from "@modelcontextprotocol/client"
import { SignJWT, decodeJwt } from "jose"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type SpawnedServer, freePort, initializeBody, postRaw, spawnServer } from "../support/httpServer.ts"
import { type Issuer, type SigningKey, type TestClient, newSigningKey, oidcProviderAvailable, startIssuer } from "../support/oidc.ts"

const available = await oidcProviderAvailable()
if (!available) console.warn("skipping the authorization tests: oidc-provider (a devDependency) cannot be loaded here")

const reader: TestClient = { id: "reader", secret: "reader-secret-0123456789abcdef0123456789", scope: "units:read" }
const writerA: TestClient = { id: "writer-a", secret: "writer-a-secret-0123456789abcdef01234567", scope: "units:read units:write" }
const writerB: TestClient = { id: "writer-b", secret: "writer-b-secret-0123456789abcdef01234567", scope: "units:read units:write" }
const clients = [reader, writerA, writerB]

const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

/** The JSON-RPC message an SSE or JSON answer carries. */
const answerOf = async (response: Response): Promise<{ result?: CallToolResult & Record<string, unknown>; error?: { message: string } }> => {
  const text = await response.text()
  if ((response.headers.get("content-type") ?? "").startsWith("application/json")) return JSON.parse(text)
  const data = text
    .split("\n")
    .filter((l) => l.startsWith("data:"))
    .map((l) => l.slice(5).trim())
    .filter((l) => l.length > 0)
  return JSON.parse(data.at(-1)!)
}

/** A 2025-era session opened with `token`, and a way to call tools in it. */
const rawSession = async (url: string, token: string) => {
  const opened = await postRaw(url, initializeBody, bearer(token))
  expect(opened.status).toBe(200)
  await opened.text()
  const session = opened.headers.get("mcp-session-id")!
  const headers = { ...bearer(token), "mcp-session-id": session, "mcp-protocol-version": "2025-11-25" }
  await (await postRaw(url, JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }), headers)).text()
  let id = 10
  return {
    session,
    post: (name: string, args: Record<string, unknown>, as: string = token) =>
      postRaw(url, JSON.stringify({ jsonrpc: "2.0", id: ++id, method: "tools/call", params: { name, arguments: args } }), { ...headers, ...bearer(as) }),
    call: async (name: string, args: Record<string, unknown>) => {
      const response = await postRaw(url, JSON.stringify({ jsonrpc: "2.0", id: ++id, method: "tools/call", params: { name, arguments: args } }), headers)
      expect(response.status).toBe(200)
      return (await answerOf(response)).result!.structuredContent as Record<string, any>
    }
  }
}

/** The auth-params of a `WWW-Authenticate: Bearer …` value. */
const challenge = (header: string | null): Record<string, string> => {
  expect(header).toMatch(/^Bearer /)
  return Object.fromEntries([...header!.matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1]!, m[2]!]))
}

/** /readyz's answer once `until` holds of it (the dependencies are watched every few seconds), 200 every time. */
const readyWhen = async (origin: string, until: (body: { issuer: string; store: string }) => boolean) => {
  for (let i = 0; ; i++) {
    const response = await fetch(`${origin}/readyz`)
    expect(response.status).toBe(200)
    const body = (await response.json()) as { issuer: string; store: string }
    if (until(body) || i === 60) return body
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

const convertBody = JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "tools/call",
  params: { name: "convert", arguments: { value: 1, from_unit: "km", to_unit: "m" } }
})

describe.skipIf(!available)("HTTP authorization against a real OpenID provider", () => {
  let key1: SigningKey
  let issuer: Issuer
  let server: SpawnedServer
  beforeAll(async () => {
    key1 = await newSigningKey("key-1")
    issuer = await startIssuer({ keys: [key1], clients })
    server = await spawnServer({ args: ["--auth-issuer", issuer.issuer, "--store", "memory"] })
  })
  afterAll(async () => {
    await server?.stop()
    await issuer?.stop()
  })

  it("publishes its Protected Resource Metadata (RFC 9728), at the root and path-suffixed for /mcp", async () => {
    for (const path of ["/.well-known/oauth-protected-resource/mcp", "/.well-known/oauth-protected-resource"]) {
      const response = await fetch(`${server.origin}${path}`)
      expect(response.status).toBe(200)
      expect(await response.json()).toMatchObject({
        resource: server.url,
        authorization_servers: [issuer.issuer],
        scopes_supported: ["units:read", "units:write"]
      })
    }
  })

  it("is ready: the store answers and the issuer's keys can be fetched", async () => {
    const response = await fetch(`${server.origin}/readyz`)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ status: "ready", replica: "ok", store: "ok", issuer: "ok" })
  })

  it("answers a request without a token 401, pointing to the metadata and naming the read scope", async () => {
    const response = await postRaw(server.url, initializeBody)
    expect(response.status).toBe(401)
    const params = challenge(response.headers.get("www-authenticate"))
    expect(params.resource_metadata).toBe(`${server.origin}/.well-known/oauth-protected-resource/mcp`)
    expect(params.scope).toBe("units:read")
    expect(params.error).toBeUndefined()
    // a GET stream and a DELETE need a token too
    expect((await fetch(server.url, { headers: { accept: "text/event-stream" } })).status).toBe(401)
  })

  it("lets a read token convert, and refuses it define_unit with 403 and a scope challenge", async () => {
    const token = await issuer.token(reader, server.url, "units:read")
    const s = await rawSession(server.url, token)
    expect((await s.call("convert", { value: 1, from_unit: "km", to_unit: "m" })).quantity).toBe(1000)
    const refused = await s.post("define_unit", { name: "smoot", dimension: "length" })
    expect(refused.status).toBe(403)
    const params = challenge(refused.headers.get("www-authenticate"))
    expect(params.error).toBe("insufficient_scope")
    expect(params.scope!.split(" ").sort()).toEqual(["units:read", "units:write"])
    expect(params.resource_metadata).toBe(`${server.origin}/.well-known/oauth-protected-resource/mcp`)
    // nothing was defined: a token with both scopes in the same session does not find it
    expect((await s.call("list_units", { search: "smoot" })).units ?? []).toEqual([])
  })

  it("refuses a tampered token: its signature does not verify", async () => {
    const token = await issuer.token(writerA, server.url, "units:read units:write")
    const [header, payload, signature] = token.split(".")
    const claims = { ...decodeJwt(token), scope: "units:read units:write units:admin", sub: "someone-else" }
    const forged = `${header}.${Buffer.from(JSON.stringify(claims)).toString("base64url")}.${signature}`
    const response = await postRaw(server.url, initializeBody, bearer(forged))
    expect(response.status).toBe(401)
    expect(challenge(response.headers.get("www-authenticate"))).toMatchObject({
      error: "invalid_token",
      error_description: "the token's signature does not verify"
    })
    void payload
  })

  /** A token signed with the provider's own key, with claims the provider would not issue. */
  const minted = (claims: Record<string, unknown>, key: SigningKey = key1) =>
    new SignJWT({ scope: "units:read units:write", client_id: "writer-a", ...claims })
      .setProtectedHeader({ alg: "RS256", kid: key.kid, typ: "at+jwt" })
      .setSubject("writer-a")
      .setIssuer((claims.iss as string | undefined) ?? issuer.issuer)
      .setAudience((claims.aud as string | undefined) ?? server.url)
      .setIssuedAt()
      .setExpirationTime((claims.exp as number | undefined) ?? "5 minutes")
      .sign(key.privateKey)

  it("refuses an expired token as expired (past the minute of clock skew)", async () => {
    const expired = await minted({ exp: Math.floor(Date.now() / 1000) - 120 })
    const response = await postRaw(server.url, initializeBody, bearer(expired))
    expect(response.status).toBe(401)
    expect(challenge(response.headers.get("www-authenticate"))).toMatchObject({ error: "invalid_token", error_description: "the token has expired" })
    // the control: the same token unexpired is accepted
    expect((await postRaw(server.url, initializeBody, bearer(await minted({})))).status).toBe(200)
  })

  it("refuses a token issued for another resource (RFC 8707 audience)", async () => {
    const elsewhere = await issuer.token(writerA, "http://127.0.0.1:9/other-mcp", "units:read")
    expect(decodeJwt(elsewhere).aud).toBe("http://127.0.0.1:9/other-mcp")
    const response = await postRaw(server.url, initializeBody, bearer(elsewhere))
    expect(response.status).toBe(401)
    expect(challenge(response.headers.get("www-authenticate"))).toMatchObject({
      error: "invalid_token",
      error_description: "the token was issued for another resource (aud)"
    })
  })

  it("refuses a token from another issuer: by its iss, and a real second provider's token by its keys", async () => {
    const response = await postRaw(server.url, initializeBody, bearer(await minted({ iss: "http://127.0.0.1:9" })))
    expect(response.status).toBe(401)
    expect(challenge(response.headers.get("www-authenticate"))).toMatchObject({
      error: "invalid_token",
      error_description: "the token was issued by another authorization server (iss)"
    })
    const other = await startIssuer({ keys: [await newSigningKey("other-key")], clients })
    try {
      const foreign = await other.token(writerA, server.url, "units:read")
      const refused = await postRaw(server.url, initializeBody, bearer(foreign))
      expect(refused.status).toBe(401)
      expect(challenge(refused.headers.get("www-authenticate")).error).toBe("invalid_token")
    } finally {
      await other.stop()
    }
  })

  it("refuses an unsigned token (alg: none)", async () => {
    const claims = decodeJwt(await issuer.token(writerA, server.url, "units:read units:write"))
    const unsigned = `${Buffer.from(JSON.stringify({ alg: "none", typ: "at+jwt" })).toString("base64url")}.${Buffer.from(JSON.stringify(claims)).toString("base64url")}.`
    const response = await postRaw(server.url, initializeBody, bearer(unsigned))
    expect(response.status).toBe(401)
    expect(challenge(response.headers.get("www-authenticate")).error).toBe("invalid_token")
  })

  it("binds workspaces and sessions to their principal: another one finds nothing, as for an id that never existed", async () => {
    const [tokenA, tokenB] = await Promise.all([
      issuer.token(writerA, server.url, "units:read units:write"),
      issuer.token(writerB, server.url, "units:read units:write")
    ])
    const a = await rawSession(server.url, tokenA)
    const b = await rawSession(server.url, tokenB)
    const defined = await a.call("define_unit", { name: "smoot", dimension: "length" })
    const workspace = defined.workspace as string
    expect(workspace).toBe(a.session)
    await a.call("define_conversion", { src: "smoot", dst: "m", factor: 1.7018 })
    expect((await a.call("convert", { value: 1, from_unit: "smoot", to_unit: "m", workspace })).quantity).toBeCloseTo(1.7018, 12)
    // B names A's workspace: unknown_workspace, exactly as for an id nobody issued
    const stolen = await b.call("convert", { value: 1, from_unit: "smoot", to_unit: "m", workspace })
    const made = `${workspace.slice(0, -4)}${workspace.endsWith("AAAA") ? "BBBB" : "AAAA"}`
    const invented = await b.call("convert", { value: 1, from_unit: "smoot", to_unit: "m", workspace: made })
    expect(stolen.error_type).toBe("unknown_workspace")
    expect(JSON.stringify(stolen).replaceAll(workspace, "ID")).toBe(JSON.stringify(invented).replaceAll(made, "ID"))
    // B sends A's session id: 404 as for an unknown session, with B's own token
    const hijack = await a.post("convert", { value: 1, from_unit: "smoot", to_unit: "m" }, tokenB)
    expect(hijack.status).toBe(404)
    // and A still has it
    expect((await a.call("convert", { value: 1, from_unit: "smoot", to_unit: "m" })).quantity).toBeCloseTo(1.7018, 12)
  })

  it("authorizes the 2026-07-28 era the same way: scopes per call, workspaces per principal", async () => {
    const modern = async (token: string) => {
      const client = new Client({ name: "modern-auth", version: "1.0.0" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } })
      await client.connect(new StreamableHTTPClientTransport(new URL(server.url), { authProvider: { token: async () => token } }))
      const call = async (name: string, args: Record<string, unknown>) =>
        ((await client.callTool({ name, arguments: args })) as CallToolResult).structuredContent as Record<string, any>
      return { client, call }
    }
    const [readToken, tokenA, tokenB] = await Promise.all([
      issuer.token(reader, server.url, "units:read"),
      issuer.token(writerA, server.url, "units:read units:write"),
      issuer.token(writerB, server.url, "units:read units:write")
    ])
    const r = await modern(readToken)
    const a = await modern(tokenA)
    const b = await modern(tokenB)
    try {
      expect((await r.call("convert", { value: 1, from_unit: "km", to_unit: "m" })).quantity).toBe(1000)
      await expect(r.call("define_unit", { name: "smoot", dimension: "length" })).rejects.toThrow(/403|insufficient_scope|scope/i)
      const workspace = (await a.call("define_unit", { name: "smoot", dimension: "length" })).workspace as string
      await a.call("define_conversion", { src: "smoot", dst: "m", factor: 1.7018, workspace })
      expect((await a.call("convert", { value: 1, from_unit: "smoot", to_unit: "m", workspace })).quantity).toBeCloseTo(1.7018, 12)
      expect((await b.call("convert", { value: 1, from_unit: "smoot", to_unit: "m", workspace })).error_type).toBe("unknown_workspace")
      expect((await b.call("define_unit", { name: "smoot2", dimension: "length", workspace })).error_type).toBe("unknown_workspace")
    } finally {
      await Promise.all([r.client.close(), a.client.close(), b.client.close()])
    }
  })

  it("lets the official SDK client discover the issuer from the 401 and fetch its own token (client credentials)", async () => {
    const transport = new StreamableHTTPClientTransport(new URL(server.url), {
      authProvider: new ClientCredentialsProvider({
        clientId: writerA.id,
        clientSecret: writerA.secret,
        scope: "units:read units:write",
        expectedIssuer: issuer.issuer
      })
    })
    const client = new Client({ name: "oauth-client", version: "1.0.0" })
    await client.connect(transport)
    try {
      const defined = (await client.callTool({ name: "define_unit", arguments: { name: "furlong_x", dimension: "length" } })) as CallToolResult
      expect(defined.isError).not.toBe(true)
      const converted = (await client.callTool({ name: "convert", arguments: { value: 2, from_unit: "km", to_unit: "m" } })) as CallToolResult
      expect((converted.structuredContent as { quantity: number }).quantity).toBe(2000)
    } finally {
      await client.close()
    }
  })

  it("lets the SDK client answer the 403 scope challenge: it asks the issuer for the write scope, then its call goes through", async () => {
    const stepUp = new ClientCredentialsProvider({ clientId: writerA.id, clientSecret: writerA.secret, scope: "units:read", expectedIssuer: issuer.issuer })
    const client = new Client({ name: "step-up", version: "1.0.0" })
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url), { authProvider: stepUp }))
    try {
      expect(stepUp.tokens()?.scope).toBe("units:read")
      const defined = (await client.callTool({ name: "define_unit", arguments: { name: "smoot_s", dimension: "length" } })) as CallToolResult
      expect(defined.isError).not.toBe(true)
      expect(stepUp.tokens()?.scope?.split(" ").sort()).toEqual(["units:read", "units:write"])
    } finally {
      await client.close()
    }
    // a client the issuer does not grant the write scope stays refused
    const readOnly = new ClientCredentialsProvider({ clientId: reader.id, clientSecret: reader.secret, scope: "units:read", expectedIssuer: issuer.issuer })
    const refused = new Client({ name: "read-only", version: "1.0.0" })
    await refused.connect(new StreamableHTTPClientTransport(new URL(server.url), { authProvider: readOnly }))
    try {
      await expect(refused.callTool({ name: "define_unit", arguments: { name: "smoot_r", dimension: "length" } })).rejects.toThrow()
      expect(
        ((await refused.callTool({ name: "convert", arguments: { value: 1, from_unit: "km", to_unit: "m" } })) as CallToolResult).structuredContent
      ).toMatchObject({ quantity: 1000 })
    } finally {
      await refused.close()
    }
  })

  it("fetches the keys again for a new key id (rotation), and answers 503, not 401, while the keys cannot be fetched (the replica stays ready)", async () => {
    const before = await issuer.token(writerA, server.url, "units:read")
    expect((await postRaw(server.url, convertBody, { ...bearer(before), "mcp-protocol-version": "2025-11-25" })).status).not.toBe(401)
    // the provider restarts with a new signing key, the old one still published
    const key2 = await newSigningKey("key-2")
    const port = issuer.port
    await issuer.stop()
    issuer = await startIssuer({ keys: [key2, key1], clients, port })
    // past the server's cool-down between two fetches of the key set (2 s; a wait, not a measurement)
    await new Promise((resolve) => setTimeout(resolve, 2_100))
    const rotated = await issuer.token(writerA, server.url, "units:read")
    expect(JSON.parse(Buffer.from(rotated.split(".")[0]!, "base64url").toString()).kid).toBe("key-2")
    expect((await postRaw(server.url, initializeBody, bearer(rotated))).status).toBe(200)
    expect((await postRaw(server.url, initializeBody, bearer(before))).status).toBe(200)

    // the issuer goes away: tokens of keys already fetched still pass; a new key id cannot be checked
    await issuer.stop()
    await new Promise((resolve) => setTimeout(resolve, 2_100))
    expect((await postRaw(server.url, initializeBody, bearer(rotated))).status).toBe(200)
    const unknownKey = await minted({}, await newSigningKey("key-3"))
    const outage = await postRaw(server.url, initializeBody, bearer(unknownKey))
    expect(outage.status).toBe(503)
    expect(outage.headers.get("retry-after")).toMatch(/^\d+$/)
    expect((await answerOf(outage)).error!.message).toMatch(/keys cannot be fetched/)
    // the replica stays ready (every replica shares the issuer: a balancer must not take them all out) and says the issuer is away
    const readiness = await readyWhen(server.origin, (body) => body.issuer.startsWith("unavailable"))
    expect(readiness).toMatchObject({ status: "ready", replica: "ok", store: "ok" })
    issuer = await startIssuer({ keys: [key2, key1], clients, port })
  })
})

describe.skipIf(!available)("an HTTP server whose issuer is down when it starts", () => {
  it("starts, answers tokens 503 (staying ready, the issuer named unavailable) until the issuer answers, then accepts them", async () => {
    const port = await freePort()
    const server = await spawnServer({ args: ["--auth-issuer", `http://127.0.0.1:${port}`, "--store", "memory"] })
    let issuer: Issuer | undefined
    try {
      const key = await newSigningKey("late-key")
      const early = await new SignJWT({ scope: "units:read", client_id: "reader" })
        .setProtectedHeader({ alg: "RS256", kid: key.kid })
        .setSubject("reader")
        .setIssuer(`http://127.0.0.1:${port}`)
        .setAudience(server.url)
        .setExpirationTime("5 minutes")
        .sign(key.privateKey)
      const refused = await postRaw(server.url, initializeBody, bearer(early))
      expect(refused.status).toBe(503)
      expect(refused.headers.get("retry-after")).toMatch(/^\d+$/)
      expect(await readyWhen(server.origin, (body) => body.issuer.startsWith("unavailable"))).toMatchObject({ status: "ready" })
      issuer = await startIssuer({ keys: [key], clients, port })
      // past the cool-down after the failed discovery (2 s; a wait, not a measurement)
      await new Promise((resolve) => setTimeout(resolve, 2_100))
      expect((await postRaw(server.url, initializeBody, bearer(await issuer.token(reader, server.url, "units:read")))).status).toBe(200)
      expect(await readyWhen(server.origin, (body) => body.issuer === "ok")).toMatchObject({ status: "ready" })
    } finally {
      await server.stop()
      await issuer?.stop()
    }
  })
})
