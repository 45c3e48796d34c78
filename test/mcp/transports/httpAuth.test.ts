// The pieces of HTTP authorization that need no network: which URLs may name an issuer, scope
// names, where metadata is looked for, the challenge header's quoting, which tool needs which
// scope, and an authorizer over API keys with custom scope names.
import { createHash } from "node:crypto"
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { makeAuthorizer, scopeFor } from "../../../src/mcp/transports/http/auth.ts"
import { checkedUrl, defaultScopes, parseScopes } from "../../../src/mcp/transports/http/authConfig.ts"
import { metadataUrls } from "../../../src/mcp/transports/http/jwt.ts"
import { challengeHeader, metadataUrl } from "../../../src/mcp/transports/http/protectedResource.ts"
import { tools } from "../../../src/tools/index.ts"

describe("authorization settings", () => {
  it("takes an https issuer anywhere, an http one on loopback only, never one with a fragment", () => {
    expect(checkedUrl("https://login.example.org/realms/lab")).toBeInstanceOf(URL)
    expect(checkedUrl("http://127.0.0.1:8080")).toBeInstanceOf(URL)
    expect(checkedUrl("http://localhost:8080")).toBeInstanceOf(URL)
    expect(checkedUrl("http://[::1]:8080")).toBeInstanceOf(URL)
    expect(checkedUrl("http://login.example.org")).toMatch(/https:\/\/ URL \(http:\/\/ only on a loopback host\)/)
    expect(checkedUrl("http://127.0.0.1.example.org")).toMatch(/https:\/\//)
    expect(checkedUrl("https://login.example.org/#x")).toMatch(/without a fragment/)
    expect(checkedUrl("login.example.org")).toMatch(/absolute URL/)
  })

  it("reads scope names, keeping the default of a part left out, and refuses one name for both", () => {
    expect(parseScopes("read=lab.read,write=lab.write")).toEqual({ read: "lab.read", write: "lab.write" })
    expect(parseScopes("write=units:admin")).toEqual({ read: defaultScopes.read, write: "units:admin" })
    expect(parseScopes("read=a b")).toMatch(/expected read=NAME,write=NAME/)
    expect(parseScopes("read=x,write=x")).toMatch(/must differ/)
  })
})

describe("discovery and challenges", () => {
  it("looks for the issuer's metadata as RFC 8414 and OpenID Connect Discovery place it", () => {
    expect(metadataUrls(new URL("https://as.example.org"))).toEqual([
      "https://as.example.org/.well-known/oauth-authorization-server",
      "https://as.example.org/.well-known/openid-configuration"
    ])
    expect(metadataUrls(new URL("https://as.example.org/realms/lab"))).toEqual([
      "https://as.example.org/.well-known/oauth-authorization-server/realms/lab",
      "https://as.example.org/.well-known/openid-configuration/realms/lab",
      "https://as.example.org/realms/lab/.well-known/openid-configuration"
    ])
  })

  it("puts the resource metadata before the resource's path (RFC 9728 section 3.1), and quotes every value", () => {
    expect(metadataUrl("https://mcp.example.org/mcp")).toBe("https://mcp.example.org/.well-known/oauth-protected-resource/mcp")
    const header = challengeHeader(
      { resource: "https://mcp.example.org/mcp", issuer: undefined, scopes: defaultScopes },
      { error: "invalid_token", description: 'a "quoted" \\ value\nwith a newline', scopes: ["units:read"] }
    )
    expect(header).toBe(
      'Bearer resource_metadata="https://mcp.example.org/.well-known/oauth-protected-resource/mcp", scope="units:read", error="invalid_token", error_description="a \\"quoted\\" \\\\ value with a newline"'
    )
  })
})

describe("the scope each message needs", () => {
  it("asks the write scope for the tools that change a workspace (not annotated read-only), and the read scope for everything else", () => {
    const writing = tools.filter((t) => scopeFor({ method: "tools/call", params: { name: t.name } }) === "write").map((t) => t.name)
    // the defining tools, reset_session, and the two that set and clear a workspace's computation declaration
    expect(writing.sort()).toEqual([
      "declare_computation",
      "define_constant",
      "define_conversion",
      "define_quantity_kind",
      "define_unit",
      "reset_session",
      "validate_result"
    ])
    for (const name of ["convert", "compute", "list_units"]) expect(scopeFor({ method: "tools/call", params: { name } })).toBe("read")
    for (const method of ["initialize", "tools/list", "resources/read", "prompts/get", "ping"]) expect(scopeFor({ method })).toBe("read")
  })
})

describe("an authorizer over API keys with custom scope names", () => {
  it("grants a key its listed scopes, challenges for the missing one by its configured name", async () => {
    const dir = mkdtempSync(join(tmpdir(), "dimensional-auth-"))
    try {
      const sha = (t: string) => createHash("sha256").update(t).digest("hex")
      writeFileSync(join(dir, "keys"), `viewer sha256:${sha("view-key")} lab.read\n`)
      const auth = await makeAuthorizer(
        {
          issuer: undefined,
          audience: undefined,
          scopes: { read: "lab.read", write: "lab.write" },
          apiKeysFile: join(dir, "keys"),
          allowUnauthenticated: false
        },
        "http://127.0.0.1:3000/mcp"
      )
      const known = await auth!.authenticate("Bearer view-key")
      if (known._tag !== "Authenticated") throw new Error("expected the key to be accepted")
      expect(known.principal.name).toBe("key:viewer")
      expect(auth!.authorize(known.principal, { method: "tools/call", params: { name: "convert" } })).toBeUndefined()
      const refused = auth!.authorize(known.principal, { method: "tools/call", params: { name: "define_constant" } })
      expect(refused?.status).toBe(403)
      expect(refused?.headers["www-authenticate"]).toContain('scope="lab.read lab.write"')
      expect((await auth!.authenticate("Basic dmlldy1rZXk=")).valueOf()).toMatchObject({ _tag: "Refused", reason: "malformed" })
      expect(await auth!.authenticate("Bearer view-key-2")).toMatchObject({ _tag: "Refused", reason: "invalid" })
      expect(auth!.metadata.scopes_supported).toEqual(["lab.read", "lab.write"])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
