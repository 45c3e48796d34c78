// `dimensional mcp --http --api-keys-file PATH`: static API keys, stored hashed, for a small
// deployment without an issuer; and the start-up rule without any authorization (loopback only,
// unless --allow-unauthenticated, which is logged as a warning).
import { createHash } from "node:crypto"
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { spawn } from "node:child_process"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { builtBin } from "../support/builtCommand.ts"
import { parseApiKeys } from "../../src/mcp/transports/http/apiKeys.ts"
import { type SpawnedServer, connectHttpClient, initializeBody, postRaw, repoRoot, spawnServer } from "../support/httpServer.ts"

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex")

const keys = { labOld: "lab-key-old-7c1f0e4b9a2d", labNew: "lab-key-new-3e8a5d2c1b0f", ci: "ci-key-read-only-9d4e2a7b", other: "other-key-5b3c9e1d7a2f" }

const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

describe("HTTP authorization by static API keys", () => {
  let dir: string
  let server: SpawnedServer
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "dimensional-keys-"))
    const file = join(dir, "keys")
    writeFileSync(
      file,
      [
        "# name  hash  [scopes]",
        `lab     sha256:${sha256(keys.labOld)}`,
        `lab     sha256:${sha256(keys.labNew)}   # the next key: rotation`,
        `ci      sha256:${sha256(keys.ci)} units:read`,
        `other   sha256:${sha256(keys.other)}`,
        ""
      ].join("\n")
    )
    server = await spawnServer({ args: ["--api-keys-file", file, "--store", "memory"] })
  })
  afterAll(async () => {
    await server?.stop()
    rmSync(dir, { recursive: true, force: true })
  })

  it("reads a keys file of hashes, and names the line it cannot read", () => {
    expect(parseApiKeys(`a sha256:${sha256("x")}\nb sha256:${sha256("y")} units:read`)).toHaveLength(2)
    expect(parseApiKeys(`a ${sha256("x")}`)).toMatch(/^line 1: expected 'NAME sha256:HEX/)
    expect(parseApiKeys("# nothing\n")).toBe("the file holds no key")
  })

  it("answers 401 with the metadata pointer without a key or with an unknown one; the metadata names no issuer", async () => {
    const none = await postRaw(server.url, initializeBody)
    expect(none.status).toBe(401)
    expect(none.headers.get("www-authenticate")).toBe(
      `Bearer resource_metadata="${server.origin}/.well-known/oauth-protected-resource/mcp", scope="units:read"`
    )
    const wrong = await postRaw(server.url, initializeBody, bearer("not-a-key"))
    expect(wrong.status).toBe(401)
    expect(wrong.headers.get("www-authenticate")).toContain('error="invalid_token"')
    const metadata = (await (await fetch(`${server.origin}/.well-known/oauth-protected-resource/mcp`)).json()) as Record<string, unknown>
    expect(metadata.resource).toBe(server.url)
    expect(metadata.authorization_servers).toBeUndefined()
    // readiness needs no token, and with no issuer only the store counts
    const ready = await fetch(`${server.origin}/readyz`)
    expect(ready.status).toBe(200)
    expect(await ready.json()).toEqual({ status: "ready", replica: "ok", store: "ok", issuer: "none" })
  })

  it("lets a read-only key convert and refuses it define_unit with 403 and a scope challenge", async () => {
    const client = await connectHttpClient(server.url, "ci", { token: async () => keys.ci })
    try {
      expect((await client.call("convert", { value: 1, from_unit: "km", to_unit: "m" })).data.quantity).toBe(1000)
      const refused = await postRaw(
        server.url,
        JSON.stringify({ jsonrpc: "2.0", id: 5, method: "tools/call", params: { name: "define_unit", arguments: { name: "smoot", dimension: "length" } } }),
        {
          ...bearer(keys.ci),
          "mcp-session-id": client.sessionId()!,
          "mcp-protocol-version": "2025-11-25"
        }
      )
      expect(refused.status).toBe(403)
      expect(refused.headers.get("www-authenticate")).toContain('error="insufficient_scope"')
      expect(refused.headers.get("www-authenticate")).toContain('scope="units:read units:write"')
    } finally {
      await client.close()
    }
  })

  it("keeps a key's workspaces across its rotation, and away from every other key", async () => {
    const old = await connectHttpClient(server.url, "lab-old", { token: async () => keys.labOld })
    const next = await connectHttpClient(server.url, "lab-new", { token: async () => keys.labNew })
    const other = await connectHttpClient(server.url, "other", { token: async () => keys.other })
    try {
      const defined = await old.call("define_unit", { name: "smoot", dimension: "length" })
      const workspace = defined.data.workspace as string
      await old.call("define_conversion", { src: "smoot", dst: "m", factor: 1.7018, workspace })
      expect((await next.call("convert", { value: 1, from_unit: "smoot", to_unit: "m", workspace })).data.quantity).toBeCloseTo(1.7018, 12)
      expect((await other.call("convert", { value: 1, from_unit: "smoot", to_unit: "m", workspace })).data.error_type).toBe("unknown_workspace")
    } finally {
      await Promise.all([old.close(), next.close(), other.close()])
    }
  })
})

describe("--log-format json", () => {
  it("writes one JSON object per line, naming the request, principal and tool, never the key or an argument's value", async () => {
    const dir = mkdtempSync(join(tmpdir(), "dimensional-logs-"))
    const key = "log-key-2f8b1d6c9e3a"
    writeFileSync(join(dir, "keys"), `logger sha256:${sha256(key)}\n`)
    const server = await spawnServer({ args: ["--api-keys-file", join(dir, "keys"), "--store", "memory", "--log-format", "json"] })
    try {
      const client = await connectHttpClient(server.url, "logs", { token: async () => key })
      expect((await client.call("convert", { value: 98.6173, from_unit: "degF", to_unit: "degC" })).isError).toBe(false)
      await client.close()
      const deadline = Date.now() + 5_000
      const lines = () =>
        server
          .stderr()
          .split("\n")
          .filter((l) => l.startsWith("{"))
      while (!lines().some((l) => l.includes('"tool":"convert"')) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50))
      const entries = lines().map((l) => JSON.parse(l) as { message: unknown; annotations: Record<string, unknown> })
      const call = entries.find((e) => e.annotations.tool === "convert")
      expect(call).toBeDefined()
      expect(call!.message).toBe("POST /mcp 200")
      expect(call!.annotations).toMatchObject({ principal: "key:logger", tool: "convert", requestId: expect.any(String) })
      expect(server.stderr()).not.toContain(key)
      expect(server.stderr()).not.toContain("98.6173")
    } finally {
      await server.stop()
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

/** Runs `dimensional mcp --http` with `args` until it prints its address or exits; its exit code (undefined while it runs) and stderr. */
const start = (args: ReadonlyArray<string>) =>
  new Promise<{ code: number | null | undefined; stderr: string; stop: () => void }>((resolve) => {
    const child = spawn(process.execPath, [builtBin(), "mcp", "--http", "--port", "0", "--store", "memory", ...args], {
      cwd: repoRoot,
      stdio: ["ignore", "pipe", "pipe"]
    })
    let stderr = ""
    const guard = setTimeout(() => child.kill("SIGKILL"), 60_000)
    child.stderr.on("data", (c: Buffer) => (stderr += c.toString()))
    child.stdout.on("data", (c: Buffer) => {
      if (/listening on/.test(c.toString())) {
        // the warning is logged right after the address
        setTimeout(() => resolve({ code: undefined, stderr, stop: () => child.kill("SIGTERM") }), 300)
      }
    })
    child.once("exit", (code) => {
      clearTimeout(guard)
      resolve({ code, stderr, stop: () => {} })
    })
  })

describe("an HTTP server without authorization", () => {
  it("says at start that it listens on loopback only", async () => {
    const run = await start([])
    run.stop()
    expect(run.code).toBeUndefined()
    expect(run.stderr).toContain("no authorization configured (--auth-issuer, --api-keys-file): serving loopback only")
  })

  it("refuses an http:// issuer that is not on loopback, naming the setting", async () => {
    const refused = await start(["--auth-issuer", "http://login.example.org"])
    expect(refused.code).toBe(2)
    expect(refused.stderr).toContain(
      "--auth-issuer (env DIMENSIONAL_AUTH_ISSUER): an https:// URL (http:// only on a loopback host), got 'http://login.example.org'"
    )
  })

  it("refuses to listen on another address unless told to, and then warns", async () => {
    const refused = await start(["--host", "0.0.0.0"])
    expect(refused.code).toBe(2)
    expect(refused.stderr).toContain("refusing to listen on 0.0.0.0 without authorization")
    const allowed = await start(["--host", "0.0.0.0", "--allow-unauthenticated"])
    allowed.stop()
    expect(allowed.code).toBeUndefined()
    expect(allowed.stderr).toMatch(/level=WARN .*without authorization \(--allow-unauthenticated\)/)
  })
})
