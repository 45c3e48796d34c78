// The published package: `npm pack` (which builds the bundle through the prepack script) yields a
// tarball whose `bin` starts from a clean directory and speaks MCP over stdio.
//
// The tarball is extracted into <tmp>/app/node_modules/dimensional, with the .bin link npm would
// make, instead of `npm install <tarball>`: installing would fetch the declared dependencies from
// the registry, and this test must not need the network. Nothing is linked in for them either: the
// bin runs a self-contained bundle, so starting it with no node_modules of its own also proves the
// bundle needs none. Running from inside node_modules matters too: Node does not strip TypeScript
// types there, so the bin works only if it runs built JavaScript.
import { execFile } from "node:child_process"
import { mkdir, mkdtemp, readdir, rm, symlink } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join, relative } from "node:path"
import { fileURLToPath } from "node:url"
import { promisify } from "node:util"
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js"
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

const run = promisify(execFile)
const root = fileURLToPath(new URL("..", import.meta.url))

/** npm itself: the CLI that is running this test when it is `npm test`, else the one on PATH. */
const npm = (args: ReadonlyArray<string>) =>
  process.env.npm_execpath?.endsWith(".js")
    ? run(process.execPath, [process.env.npm_execpath, ...args], { cwd: root })
    : run("npm", [...args], { cwd: root })

const filesUnder = async (dir: string): Promise<Array<string>> =>
  (await readdir(dir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => relative(dir, join(e.parentPath, e.name)))

describe("the npm package", () => {
  let scratch: string
  let installed: string
  let app: string

  beforeAll(async () => {
    scratch = await mkdtemp(join(tmpdir(), "dimensional-package-"))
    await npm(["pack", "--pack-destination", scratch, "--silent"])
    const tarball = (await readdir(scratch)).find((f) => f.endsWith(".tgz"))
    if (!tarball) throw new Error(`npm pack wrote no tarball to ${scratch}`)
    app = join(scratch, "app")
    installed = join(app, "node_modules", "dimensional")
    await mkdir(installed, { recursive: true })
    await run("tar", ["-xzf", join(scratch, tarball), "-C", installed, "--strip-components=1"])
    await mkdir(join(app, "node_modules", ".bin"))
    await symlink(join("..", "dimensional", "bin", "dimensional.js"), join(app, "node_modules", ".bin", "dimensional"))
  }, 60_000)

  afterAll(async () => {
    if (scratch) await rm(scratch, { recursive: true, force: true })
  })

  it("ships the bin and the built bundle, and no TypeScript", async () => {
    const files = await filesUnder(installed)
    expect(files).toContain("package.json")
    expect(files).toContain(join("bin", "dimensional.js"))
    expect(files).toContain(join("dist", "dimensional.js"))
    expect(files.filter((f) => f.endsWith(".ts"))).toEqual([])
  })

  it("starts from a clean directory and answers initialize, tools/list and a convert call over stdio", async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [join(app, "node_modules", ".bin", "dimensional"), "mcp"],
      cwd: app,
      env: { ...(process.env as Record<string, string>), NODE_COMPILE_CACHE: join(scratch, "compile-cache") },
      stderr: "pipe"
    })
    let stderr = ""
    transport.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")))
    const client = new Client({ name: "dimensional-package-test", version: "1.0.0" })
    try {
      await client.connect(transport).catch((e: unknown) => {
        throw new Error(`the installed bin did not initialize: ${String(e)}\n${stderr}`)
      })
      expect(client.getServerVersion()?.name).toBe("dimensional")
      const { tools } = await client.listTools()
      expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(["convert", "check_dimensions", "list_units"]))
      const result = (await client.callTool({ name: "convert", arguments: { value: 5, from_unit: "km", to_unit: "mi" } })) as CallToolResult
      expect(result.isError ?? false).toBe(false)
      expect((result.structuredContent as { quantity: number }).quantity).toBeCloseTo(3.10686, 5)
    } finally {
      await client.close()
    }
  })
})
