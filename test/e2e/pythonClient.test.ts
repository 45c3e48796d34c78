// A real client from another ecosystem: the official Python MCP SDK, installed by the test into a
// scratch virtual environment (pip install mcp), talking to the server over stdio and HTTP. Where
// python3 or the package cannot be had, the suite says so in one line and is skipped.
import { execFile } from "node:child_process"
import { existsSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { promisify } from "node:util"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type SpawnedServer, repoRoot, spawnServer } from "../support/httpServer.ts"

const run = promisify(execFile)
const venv = join(tmpdir(), "dimensional-python-mcp")
const python = join(venv, "bin", "python")
const script = join(repoRoot, "test", "support", "python_client.py")

/** A Python with the `mcp` package, or why there is none. */
const pythonWithMcp = async (): Promise<string | undefined> => {
  try {
    if (!existsSync(python)) await run("python3", ["-m", "venv", venv], { timeout: 60_000 })
    await run(python, ["-c", "import mcp"], { timeout: 30_000 }).catch(() => run(join(venv, "bin", "pip"), ["install", "-q", "--retries", "0", "--timeout", "10", "mcp"], { timeout: 180_000 }))
    await run(python, ["-c", "import mcp"], { timeout: 30_000 })
    return undefined
  } catch (e) {
    return `python3 with the mcp package is not available (${String((e as Error).message).split("\n")[0]})`
  }
}

const missing = await pythonWithMcp()
if (missing) console.log(`Python SDK client suite skipped: ${missing}; install python3-venv and make 'pip install mcp' work to run it`)

describe.skipIf(missing !== undefined)("the Python MCP SDK as a client", () => {
  let server: SpawnedServer
  beforeAll(async () => (server = await spawnServer()))
  afterAll(() => server?.stop())

  const expectAnswers = (stdout: string) => {
    const r = JSON.parse(stdout.trim().split("\n").at(-1)!)
    expect(r.tools).toBe(18)
    expect(r.quantity).toBeCloseTo(3.10686, 5)
    expect(r.error_type).toBe("dimension_mismatch")
    expect(r.bad_is_error).toBe(true)
  }

  it("lists the tools, converts and gets a structured error over stdio", async () => {
    const { stdout } = await run(python, [script, "stdio", process.execPath, join(repoRoot, "src", "cli.ts")], { timeout: 60_000 })
    expectAnswers(stdout)
  }, 60_000)

  it("does the same over Streamable HTTP", async () => {
    const { stdout } = await run(python, [script, "http", server.url], { timeout: 60_000 })
    expectAnswers(stdout)
  }, 60_000)
})
