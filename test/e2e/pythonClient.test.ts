// A real client from another ecosystem: the official Python MCP SDK, installed by the test into a
// scratch virtual environment (pip install mcp), talking to the server over stdio and HTTP. Where
// python3 or the package cannot be had, the suite says so in one line and is skipped.
import { execFile } from "node:child_process"
import { createHash } from "node:crypto"
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { promisify } from "node:util"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { builtBin } from "../support/builtCommand.ts"
import { tools } from "../../src/tools/index.ts"
import { type SpawnedServer, repoRoot, spawnServer } from "../support/httpServer.ts"

const run = promisify(execFile)
const venv = join(tmpdir(), "dimensional-python-mcp")
const python = join(venv, "bin", "python")
const script = join(repoRoot, "test", "support", "python_client.py")

/** A Python with the `mcp` package, or why there is none. */
const pythonWithMcp = async (): Promise<string | undefined> => {
  try {
    if (!existsSync(python)) await run("python3", ["-m", "venv", venv], { timeout: 60_000 })
    // 2.3 is the first release that speaks 2026-07-28 (its high-level Client takes `mode`)
    const check = ["-c", "from mcp import Client; import inspect; assert 'mode' in inspect.signature(Client).parameters"]
    await run(python, check, { timeout: 30_000 }).catch(() =>
      run(join(venv, "bin", "pip"), ["install", "-q", "--retries", "0", "--timeout", "10", "mcp>=2.3"], { timeout: 180_000 })
    )
    await run(python, check, { timeout: 30_000 })
    return undefined
  } catch (e) {
    return `python3 with the mcp package is not available (${String((e as Error).message).split("\n")[0]})`
  }
}

const missing = await pythonWithMcp()
if (missing) console.log(`Python SDK client suite skipped: ${missing}; install python3-venv and make 'pip install mcp' work to run it`)

describe.skipIf(missing !== undefined)("the Python MCP SDK as a client", () => {
  let server: SpawnedServer
  beforeAll(async () => (server = await spawnServer({ env: { DIMENSIONAL_STORE: "memory" } })))
  afterAll(() => server?.stop())

  // pinned to 2026-07-28, in auto mode (server/discover succeeds), and on the 2025 handshake
  const modes = [
    ["2026-07-28", "2026-07-28"],
    ["auto", "2026-07-28"],
    ["legacy", "2025-11-25"]
  ] as const

  /**
   * One Python process runs every mode's session in turn (Python and the SDK load in about 2 s of
   * CPU, once instead of once a mode), started by the first test that needs it; each test checks
   * its own mode's line.
   */
  const sessions = (args: () => ReadonlyArray<string>, env?: NodeJS.ProcessEnv) => {
    let started: Promise<Map<string, Record<string, unknown>>> | undefined
    return (mode: string) =>
      (started ??= run(python, [script, ...args(), modes.map(([m]) => m).join(",")], { timeout: 180_000, ...(env ? { env } : {}) }).then(
        ({ stdout }) =>
          new Map(
            stdout
              .trim()
              .split("\n")
              .map((line) => JSON.parse(line))
              .map((r) => [r.mode, r])
          )
      )).then((lines) => lines.get(mode))
  }

  const expectAnswers = (r: Record<string, unknown> | undefined, protocolVersion: string) => {
    expect(r).toBeDefined()
    expect(r!.protocol_version).toBe(protocolVersion)
    expect(r!.tools).toBe(tools.length)
    expect(r!.quantity).toBeCloseTo(3.10686, 5)
    expect(r!.error_type).toBe("dimension_mismatch")
    expect(r!.bad_is_error).toBe(true)
    // a definition made in the call's workspace (the session's, or on 2026-07-28 the one define_unit created) is used later
    expect(r!.smoots_in_m).toBeCloseTo(3.4036, 12)
  }

  const overStdio = sessions(() => ["stdio", process.execPath, builtBin()])
  it.each(modes)(
    "lists the tools, converts, defines and gets a structured error over stdio (mode %s)",
    async (mode, negotiated) => expectAnswers(await overStdio(mode), negotiated),
    240_000
  )

  const overHttp = sessions(() => ["http", server.url])
  it.each(modes)("does the same over Streamable HTTP (mode %s)", async (mode, negotiated) => expectAnswers(await overHttp(mode), negotiated), 240_000)

  describe("on a server that authorizes its clients (an API key)", () => {
    const key = "python-client-key-4f1c9a7e2b"
    let dir: string
    let authorized: SpawnedServer
    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), "dimensional-python-keys-"))
      writeFileSync(join(dir, "keys"), `python sha256:${createHash("sha256").update(key).digest("hex")}\n`)
      authorized = await spawnServer({ args: ["--api-keys-file", join(dir, "keys"), "--store", "memory"] })
    })
    afterAll(async () => {
      await authorized?.stop()
      rmSync(dir, { recursive: true, force: true })
    })

    const withToken = sessions(() => ["http", authorized.url], { ...process.env, DIMENSIONAL_TEST_BEARER: key })
    it.each(modes)("passes its bearer token and does the same (mode %s)", async (mode, negotiated) => expectAnswers(await withToken(mode), negotiated), 240_000)

    it("is refused without it", async () => {
      const failed = await run(python, [script, "http", authorized.url, "legacy"], { timeout: 60_000 }).then(
        () => undefined,
        (e: { stderr: string }) => e.stderr
      )
      expect(failed).toMatch(/Unauthorized: this server needs an access token/)
    })
  })
})
