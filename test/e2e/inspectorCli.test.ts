// The MCP Inspector's CLI as a new user runs it against the server, pinned to the 2026-07-28
// revision (`--protocol-era modern`) and in auto mode, over stdio (the bare command, as a client
// configured with `npx -y dimensional-mcp` starts it) and Streamable HTTP. Its `--strict` check of
// the tool schemas' portability reports no error and no warning. The test
// installs the Inspector into a scratch directory (npm); where that cannot be done it says so in
// one line and is skipped.
import { execFile } from "node:child_process"
import { createHash } from "node:crypto"
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { promisify } from "node:util"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { builtBin } from "../support/builtCommand.ts"
import { type SpawnedServer, repoRoot, spawnServer } from "../support/httpServer.ts"
import { inspectorBin as bin, inspectorMissing, inspectorPatience, inspectorVersion as version, strictFindings as findings } from "../support/inspector.ts"

const run = promisify(execFile)

const missing = await inspectorMissing()
if (missing) console.log(`MCP Inspector CLI suite skipped: npm could not install @modelcontextprotocol/inspector@${version} (${missing})`)

/** One Inspector CLI call: its JSON result, exit code (5 when the tool answered isError, 6 when --strict found an error) and stderr. */
const inspect = async (era: string, target: ReadonlyArray<string>, method: ReadonlyArray<string>) => {
  const args = [bin, "--cli", ...inspectorPatience, "--protocol-era", era, "--format", "json", ...method, ...target]
  const { stdout, stderr, code } = await run(process.execPath, args, { timeout: 120_000, cwd: repoRoot }).then(
    ({ stdout, stderr }) => ({ stdout, stderr, code: 0 }),
    (e: { stdout: string; stderr: string; code: number }) => ({ stdout: e.stdout, stderr: e.stderr, code: e.code })
  )
  return { ...JSON.parse(stdout).result, exitCode: code, stderr }
}

describe.skipIf(missing !== undefined)(`the MCP Inspector CLI ${version}`, () => {
  let server: SpawnedServer
  beforeAll(async () => (server = await spawnServer({ env: { DIMENSIONAL_STORE: "memory" } })))
  afterAll(() => server?.stop())

  const targets = {
    stdio: () => [process.execPath, builtBin()],
    "Streamable HTTP": () => [server.url]
  }

  describe.each(["modern", "auto"])("--protocol-era %s", (era) => {
    it.each(Object.keys(targets) as Array<keyof typeof targets>)(
      "lists the tools, converts and gets a structured error over %s",
      async (transport) => {
        const target = targets[transport]()
        const listed = await inspect(era, target, ["--method", "tools/list", "--strict"])
        expect(listed.tools.map((t: { name: string }) => t.name)).toEqual(expect.arrayContaining(["convert", "compute", "define_unit"]))
        expect(findings(listed.stderr)).toEqual([])
        expect(listed.exitCode).toBe(0)
        const converted = await inspect(era, target, [
          "--method",
          "tools/call",
          "--tool-name",
          "convert",
          "--tool-args-json",
          '{"value":5,"from_unit":"km","to_unit":"mi"}'
        ])
        // stamped on 2026-07-28 responses only: the era was negotiated
        expect(converted._meta["io.modelcontextprotocol/serverInfo"]).toMatchObject({ name: "dimensional" })
        expect(converted.exitCode).toBe(0)
        expect(converted.structuredContent.quantity).toBeCloseTo(3.10685596118667, 13)
        const refused = await inspect(era, target, [
          "--method",
          "tools/call",
          "--tool-name",
          "convert",
          "--tool-args-json",
          '{"value":1,"from_unit":"kg","to_unit":"m"}'
        ])
        expect(refused).toMatchObject({ isError: true, exitCode: 5 })
        expect(refused.structuredContent.error_type).toBe("dimension_mismatch")
      },
      300_000
    )
  })

  describe("on a server that authorizes its clients (an API key)", () => {
    const key = "inspector-key-8d2e6b1f4a"
    let dir: string
    let authorized: SpawnedServer
    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), "dimensional-inspector-keys-"))
      writeFileSync(join(dir, "keys"), `inspector sha256:${createHash("sha256").update(key).digest("hex")} units:read\n`)
      authorized = await spawnServer({ args: ["--api-keys-file", join(dir, "keys"), "--store", "memory"] })
    })
    afterAll(async () => {
      await authorized?.stop()
      rmSync(dir, { recursive: true, force: true })
    })

    it.each(["modern", "auto"])(
      "passes the bearer token it is given and converts (--protocol-era %s)",
      async (era) => {
        const converted = await inspect(
          era,
          [authorized.url, "--header", `Authorization: Bearer ${key}`],
          ["--method", "tools/call", "--tool-name", "convert", "--tool-args-json", '{"value":5,"from_unit":"km","to_unit":"mi"}']
        )
        expect(converted.exitCode).toBe(0)
        expect(converted.structuredContent.quantity).toBeCloseTo(3.10685596118667, 13)
      },
      300_000
    )
  })
})
