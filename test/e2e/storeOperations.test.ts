// What an operator and a client see around the store and the transport (finding 9 of issue 20):
// a 413 closes its connection (its unread body would otherwise be taken for the next request on a
// kept-alive connection); workspace creation is paced per client; a read-only store directory stops the server at start-up with the reason;
// a crashed write's temporary file is removed at start-up; an LLM key on the command line is refused.
import { spawn, spawnSync } from "node:child_process"
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { Agent, request } from "node:http"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client"
import { ConfigProvider, Effect, Redacted } from "effect"
import { afterAll, describe, expect, it } from "vitest"
import { builtBin } from "../support/builtCommand.ts"
import { selfCorrectionConfig } from "../../src/mcp/repair/SelfCorrectionConfig.ts"
import { flagValues } from "../support/settings.ts"
import { repoRoot, spawnServer } from "../support/httpServer.ts"

const root = mkdtempSync(join(tmpdir(), "dimensional-ops-"))
// root writes to a read-only directory anyway, so as root the server under test runs as nobody
// (util-linux setpriv), which only needs to read the repository and reach the test's directory
const NOBODY = ["--reuid=65534", "--regid=65534", "--clear-groups"]
const asRoot = process.getuid?.() === 0
if (asRoot) chmodSync(root, 0o755)
const nobodyCannot =
  asRoot && spawnSync("setpriv", [...NOBODY, process.execPath, "-e", "0"], { cwd: repoRoot, stdio: "ignore" }).status !== 0
    ? "setpriv is missing or nobody cannot run this repository's Node"
    : undefined
if (nobodyCannot) console.warn(`read-only store test skipped: running as root and ${nobodyCannot}`)
afterAll(() => rmSync(root, { recursive: true, force: true }))

const startFails = (args: ReadonlyArray<string>, options: { readonly asNobody?: boolean } = {}) =>
  new Promise<{ code: number | null; output: string }>((resolve) => {
    const command = [process.execPath, builtBin(), "mcp", "--http", "--port", "0", ...args]
    const [file, ...rest] = options.asNobody ? ["setpriv", ...NOBODY, ...command] : command
    const child = spawn(file!, rest, { cwd: repoRoot, stdio: ["ignore", "pipe", "pipe"] })
    let output = ""
    child.stdout.on("data", (c: Buffer) => (output += c.toString()))
    child.stderr.on("data", (c: Buffer) => (output += c.toString()))
    const killer = setTimeout(() => child.kill("SIGKILL"), 60_000)
    child.once("exit", (code) => (clearTimeout(killer), resolve({ code, output })))
  })

describe("store and transport operations", () => {
  it("paces workspace creation per client: past the limit a 429 with Retry-After, while named workspaces still work", async () => {
    const server = await spawnServer({ args: ["--store", "memory", "--max-creations-per-minute", "3"] })
    const client = new Client({ name: "pace", version: "1" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } })
    try {
      await client.connect(new StreamableHTTPClientTransport(new URL(server.url)))
      const define = (name: string, workspace?: string) =>
        client.callTool({ name: "define_unit", arguments: { name, dimension: "count", ...(workspace ? { workspace } : {}) } })
      const created: Array<string> = []
      for (let i = 0; i < 3; i++) created.push(((await define(`w${i}`)).structuredContent as { workspace: string }).workspace)
      expect(new Set(created).size).toBe(3)
      const refused = await define("w3").then(
        () => undefined,
        (error: unknown) => error
      )
      expect(String(refused)).toMatch(/429|Too Many Requests/)
      const raw = await fetch(server.url, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": "2026-07-28" },
        body: JSON.stringify({
          jsonrpc: "2.0",
          id: 9,
          method: "tools/call",
          params: { name: "define_unit", arguments: { name: "w4", dimension: "count" }, _meta: { "io.modelcontextprotocol/protocolVersion": "2026-07-28" } }
        })
      })
      expect(raw.status).toBe(429)
      expect(Number(raw.headers.get("retry-after"))).toBeGreaterThan(0)
      expect(await raw.text()).toMatch(/at most 3 new workspaces a minute/)
      const named = await define("w5", created[0])
      expect(named.isError).not.toBe(true)
    } finally {
      await client.close().catch(() => undefined)
      await server.stop()
    }
  })

  it("closes the connection of a 413, so a kept-alive connection is never reset by its unread body", async () => {
    const server = await spawnServer({ args: ["--store", "memory", "--max-body", "1024"] })
    try {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 })
      const { status, connection } = await new Promise<{ status: number | undefined; connection: string | undefined }>((resolve, reject) => {
        const req = request(
          server.url,
          { method: "POST", agent, headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "content-length": "200000" } },
          (res) => {
            res.resume()
            res.on("end", () => resolve({ status: res.statusCode, connection: res.headers.connection }))
          }
        )
        req.on("error", reject)
        req.end("x".repeat(200_000))
      })
      agent.destroy()
      expect(status).toBe(413)
      expect(connection).toBe("close")
    } finally {
      await server.stop()
    }
  })

  it.skipIf(nobodyCannot !== undefined)(
    "stops at start-up when the store directory is read-only, saying so",
    async () => {
      const dir = join(root, "readonly")
      mkdirSync(dir)
      chmodSync(dir, 0o555)
      const { code, output } = await startFails(["--store", `file:${dir}`], { asNobody: asRoot })
      chmodSync(dir, 0o755)
      expect(code).not.toBe(0)
      expect(output).toMatch(/workspace store .* cannot be opened: it is not writable/)
    },
    120_000
  )

  it("removes a crashed write's temporary file at start-up", async () => {
    const dir = join(root, "leftover")
    mkdirSync(dir)
    const leftover = join(dir, "dimensional%3Aworkspace%3Aws_x.123.1.tmp")
    writeFileSync(leftover, '{"half a docu')
    const server = await spawnServer({ args: ["--store", `file:${dir}`] })
    await server.stop()
    expect(existsSync(leftover)).toBe(false)
  })

  it("refuses an LLM key on the command line and reads one from a file", async () => {
    const refused = Effect.runSync(Effect.flip(selfCorrectionConfig.parse(ConfigProvider.fromUnknown(await flagValues(["--llm-api-key", "sk-secret"])))))
    expect(String(refused)).toMatch(/visible to every user of this machine/)
    expect(String(refused)).not.toContain("sk-secret")
    const file = join(root, "key")
    writeFileSync(file, "sk-from-file\n", { mode: 0o600 })
    const flags = await flagValues(["--llm-base-url", "http://127.0.0.1:9", "--llm-model", "m", "--llm-api-key-file", file])
    const settings = Effect.runSync(selfCorrectionConfig.parse(ConfigProvider.fromUnknown(flags)))
    expect(Redacted.value(settings.provider!.apiKey!)).toBe("sk-from-file")
  })
})
