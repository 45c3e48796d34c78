// What an attacker tries against the resource server (issue 33), against a real OpenID provider on
// loopback: a public server without an audience (item 1), a key set answering 5xx (item 6), a key
// the issuer removed, a JWT that is not an access token, a client named like a user (item 7), an
// audience written without a path (item 10), and an Authorization header of another scheme
// (item 15).
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client"
import type { CallToolResult } from "@modelcontextprotocol/client"
import { SignJWT } from "jose"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type SpawnedServer, freePort, initializeBody, postRaw, spawnServer } from "../support/httpServer.ts"
import { type Issuer, type SigningKey, type TestClient, newSigningKey, oidcProviderAvailable, startIssuer } from "../support/oidc.ts"

const available = await oidcProviderAvailable()
if (!available) console.warn("skipping the authorization hardening tests: oidc-provider (a devDependency) cannot be loaded here")

const writer: TestClient = { id: "writer", secret: "writer-secret-0123456789abcdef0123456789", scope: "units:read units:write" }
const bearer = (token: string) => ({ authorization: `Bearer ${token}` })
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

const challenge = (header: string | null): Record<string, string> =>
  Object.fromEntries([...(header ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1]!, m[2]!]))

/** A tool call by the SDK's client pinned to 2026-07-28 (no session) with `token`: its structured content. */
const modernCall = async (url: string, token: string, name: string, args: Record<string, unknown>) => {
  const client = new Client({ name: "hardening", version: "1.0.0" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } })
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { authProvider: { token: async () => token } }))
  try {
    return ((await client.callTool({ name, arguments: args })) as CallToolResult).structuredContent as Record<string, any>
  } finally {
    await client.close()
  }
}

describe.skipIf(!available)("the resource server against forged and stale tokens", () => {
  let key1: SigningKey
  let key2: SigningKey
  let issuer: Issuer
  let server: SpawnedServer
  beforeAll(async () => {
    ;[key1, key2] = await Promise.all([newSigningKey("key-1"), newSigningKey("key-2")])
    issuer = await startIssuer({ keys: [key1, key2], clients: [writer] })
    server = await spawnServer({ args: ["--auth-issuer", issuer.issuer, "--store", "memory", "--auth-keys-max-age", "1 second"] })
  })
  afterAll(async () => {
    await server?.stop()
    await issuer?.stop()
  })

  const minted = (claims: { sub?: string; client_id?: string; typ?: string }, key: SigningKey = key1) => {
    const jwt = new SignJWT({ scope: "units:read units:write", ...(claims.client_id === undefined ? {} : { client_id: claims.client_id }) })
      .setProtectedHeader({ alg: "RS256", kid: key.kid, typ: claims.typ ?? "at+jwt" })
      .setIssuer(issuer.issuer)
      .setAudience(server.url)
      .setIssuedAt()
      .setExpirationTime("5 minutes")
    return (claims.sub === undefined ? jwt : jwt.setSubject(claims.sub)).sign(key.privateKey)
  }

  it("refuses a JWT whose header does not say it is an access token (typ at+jwt, RFC 9068 section 4)", async () => {
    expect((await postRaw(server.url, initializeBody, bearer(await minted({ sub: "alice" })))).status).toBe(200)
    for (const typ of ["JWT", "id_token+jwt"]) {
      const response = await postRaw(server.url, initializeBody, bearer(await minted({ sub: "alice", typ })))
      expect(response.status, typ).toBe(401)
      expect(challenge(response.headers.get("www-authenticate")).error_description).toMatch(/not an access token/)
    }
  })

  it("keeps a client apart from a user of the same name: client_id alice without sub does not reach user alice's workspace", async () => {
    const user = await minted({ sub: "alice" })
    const workspace = (await modernCall(server.url, user, "define_unit", { name: "smoot", dimension: "length" })).workspace as string
    expect(workspace).toMatch(/^wo/)
    const reading = { value: 1, from_unit: "km", to_unit: "m", workspace }
    expect((await modernCall(server.url, user, "convert", reading)).quantity).toBe(1000)
    const client = await minted({ client_id: "alice" })
    expect((await modernCall(server.url, client, "convert", reading)).error_type).toBe("unknown_workspace")
  })

  it("answers 400 invalid_request, not 401, to an Authorization header that is not Bearer (RFC 6750 section 3.1)", async () => {
    for (const header of ["Basic d3JpdGVyOnNlY3JldA==", "Bearer", "Bearer a b"]) {
      const response = await postRaw(server.url, initializeBody, { authorization: header })
      expect(response.status, header).toBe(400)
      expect(challenge(response.headers.get("www-authenticate")).error).toBe("invalid_request")
    }
    // no header at all is still the 401 that starts discovery
    expect((await postRaw(server.url, initializeBody)).status).toBe(401)
  })

  it("answers 503, not 401, to a new key id while the key set answers 5xx", async () => {
    const key3 = await newSigningKey("key-3")
    issuer.faults.jwks = 502
    try {
      // past the cool-down between two fetches (a wait for the server's own pace, not a measurement)
      await sleep(2_100)
      const response = await postRaw(server.url, initializeBody, bearer(await minted({ sub: "alice" }, key3)))
      expect(response.status).toBe(503)
      expect(response.headers.get("retry-after")).toMatch(/^\d+$/)
      // a key already fetched still verifies through the outage
      expect((await postRaw(server.url, initializeBody, bearer(await minted({ sub: "alice" }, key1)))).status).toBe(200)
    } finally {
      issuer.faults.jwks = undefined
    }
  })

  it("stops accepting a key the issuer removed once its key set is older than --auth-keys-max-age", async () => {
    const before = await minted({ sub: "alice" }, key2)
    expect((await postRaw(server.url, initializeBody, bearer(before))).status).toBe(200)
    const port = issuer.port
    await issuer.stop()
    issuer = await startIssuer({ keys: [key1], clients: [writer], port })
    // the server fetches the set again once it is a second old, at most every 2 s
    await sleep(2_100)
    const response = await postRaw(server.url, initializeBody, bearer(before))
    expect(response.status).toBe(401)
    expect(challenge(response.headers.get("www-authenticate")).error_description).toMatch(/no key/)
  })
})

describe.skipIf(!available)("the audience of a public server (RFC 8707)", () => {
  let key: SigningKey
  let issuer: Issuer
  beforeAll(async () => {
    key = await newSigningKey("aud-key")
    issuer = await startIssuer({ keys: [key], clients: [writer] })
  })
  afterAll(() => issuer?.stop())

  it("refuses to start on a wildcard address with an issuer and no --auth-audience, naming the setting", async () => {
    const start = spawnServer({ args: ["--host", "0.0.0.0", "--auth-issuer", issuer.issuer, "--store", "memory"] })
    const failure = await start.then(
      async (started) => {
        await started.stop()
        return "started"
      },
      (error: Error) => error.message
    )
    expect(failure).toMatch(/code 2/)
    expect(failure).toMatch(/--auth-audience/)
  })

  it("accepts tokens naming an audience as it was written, without a path", async () => {
    const port = await freePort()
    const audience = `http://127.0.0.1:${port}`
    const server = await spawnServer({ args: ["--port", String(port), "--auth-issuer", issuer.issuer, "--auth-audience", audience, "--store", "memory"] })
    try {
      const token = await issuer.token(writer, audience, "units:read")
      const response = await postRaw(server.url, initializeBody, bearer(token))
      expect(response.status).toBe(200)
      const metadata = (await (await fetch(`${server.origin}/.well-known/oauth-protected-resource`)).json()) as { resource: string }
      expect(metadata.resource).toBe(audience)
    } finally {
      await server.stop()
    }
  })
})
