// The published package: `npm pack` (which builds the bundle and the library through the prepack
// script) yields a tarball whose `bin` starts from a clean directory and speaks MCP over stdio, and
// whose library an app imports, in TypeScript (type-checked against the shipped declarations) and
// in JavaScript, as the README shows.
//
// The tarball is extracted into <tmp>/app/node_modules/dimensional-mcp, with the .bin links npm
// would make, instead of `npm install <tarball>`: installing would fetch the declared dependencies
// from the registry, and this test must not need the network. The bin is started before any
// dependency is linked in: it runs a self-contained bundle, so that proves the bundle needs none.
// The library needs its dependencies, which are then linked from this checkout. Running from
// inside node_modules matters too: Node does not strip TypeScript types there.
import { execFile } from "node:child_process"
import { mkdir, mkdtemp, readFile, readdir, rm, symlink, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join, relative } from "node:path"
import { fileURLToPath } from "node:url"
import { promisify } from "node:util"
import { Client } from "@modelcontextprotocol/client"
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio"
import type { CallToolResult } from "@modelcontextprotocol/client"
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
    installed = join(app, "node_modules", "dimensional-mcp")
    await mkdir(installed, { recursive: true })
    await run("tar", ["-xzf", join(scratch, tarball), "-C", installed, "--strip-components=1"])
    await mkdir(join(app, "node_modules", ".bin"))
    for (const bin of ["dimensional-mcp", "dimensional"]) await symlink(join("..", "dimensional-mcp", "bin", "dimensional.js"), join(app, "node_modules", ".bin", bin))
  }, 60_000)

  afterAll(async () => {
    if (scratch) await rm(scratch, { recursive: true, force: true })
  })

  it("ships the bin and the built bundle, and no TypeScript", async () => {
    const files = await filesUnder(installed)
    expect(files).toContain("package.json")
    expect(files).toContain(join("bin", "dimensional.js"))
    expect(files).toContain(join("dist", "dimensional.js"))
    expect(files.filter((f) => f.endsWith(".ts") && !f.endsWith(".d.ts"))).toEqual([])
    expect(files).toContain(join("dist", "lib", "index.js"))
    expect(files).toContain(join("dist", "lib", "index.d.ts"))
    expect(files).toContain("LICENSE")
    expect(files).toContain("server.json")
  })

  it.each([
    ["the 2025 initialize handshake", undefined],
    ["2026-07-28 (server/discover)", "2026-07-28"]
  ] as const)("starts from a clean directory and answers tools/list and a convert call over stdio, on %s", async (_, pin) => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [join(app, "node_modules", ".bin", "dimensional-mcp"), "mcp"],
      cwd: app,
      env: { ...(process.env as Record<string, string>), NODE_COMPILE_CACHE: join(scratch, "compile-cache") },
      stderr: "pipe"
    })
    let stderr = ""
    transport.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")))
    const client = new Client({ name: "dimensional-package-test", version: "1.0.0" }, pin ? { versionNegotiation: { mode: { pin } } } : {})
    try {
      await client.connect(transport).catch((e: unknown) => {
        throw new Error(`the installed bin did not initialize: ${String(e)}\n${stderr}`)
      })
      expect(client.getServerVersion()?.name).toBe("dimensional")
      expect(client.getProtocolEra()).toBe(pin ? "modern" : "legacy")
      const { tools } = await client.listTools()
      expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(["convert", "check_dimensions", "list_units"]))
      const result = (await client.callTool({ name: "convert", arguments: { value: 5, from_unit: "km", to_unit: "mi" } })) as CallToolResult
      expect(result.isError ?? false).toBe(false)
      expect((result.structuredContent as { quantity: number }).quantity).toBeCloseTo(3.10686, 5)
    } finally {
      await client.close()
    }
  })

  it("converts from a shell through the installed command", async () => {
    const { stdout } = await run(process.execPath, [join(app, "node_modules", ".bin", "dimensional-mcp"), "convert", "5", "km", "mi"], { cwd: app })
    expect(stdout.trim()).toBe("3.1068559611866697 mi")
  })

  describe("as a library", () => {
    // what an app that depends on dimensional-mcp has in node_modules: its dependencies and the peer effect
    beforeAll(async () => {
      const manifest = JSON.parse(await readFile(join(installed, "package.json"), "utf8")) as { dependencies: Record<string, string>; peerDependencies: Record<string, string> }
      const needed = [...Object.keys(manifest.dependencies), ...Object.keys(manifest.peerDependencies), "@effect/platform-node-shared", "@types/node", "undici"]
      for (const name of needed) {
        const target = join(root, "node_modules", name)
        const link = join(app, "node_modules", name)
        await mkdir(join(link, ".."), { recursive: true })
        await symlink(target, link).catch(() => undefined)
      }
    })

    const example = `
import { Effect } from "effect"
import * as Dimensional from "dimensional-mcp"
import * as Units from "dimensional-mcp/engine"

const program = Effect.gen(function* () {
  const r = yield* Dimensional.convert(5, "km", "mi")
  const u = yield* Units.convert(5, "10*9/L", "/uL", "ucum")
  return [r.quantity, u.quantity]
}).pipe(
  Effect.catchTag("DimensionMismatch", (e) => Effect.succeed(\`\${e.fromDimension} ≠ \${e.toDimension}\`)),
  Effect.provide(Dimensional.layer)
)
console.log(JSON.stringify(Effect.runSync(program)))
`

    it("runs the README's example in plain JavaScript", async () => {
      await writeFile(join(app, "example.mjs"), example)
      const { stdout } = await run(process.execPath, [join(app, "example.mjs")], { cwd: app })
      const [miles, perMicrolitre] = JSON.parse(stdout) as [number, number]
      expect(miles).toBeCloseTo(3.10686, 5)
      expect(perMicrolitre).toBeCloseTo(5000, 9)
    })

    it("type-checks the example in TypeScript against the installed declarations, then runs it", async () => {
      await writeFile(join(app, "example.ts"), example)
      await writeFile(
        join(app, "tsconfig.json"),
        JSON.stringify({ compilerOptions: { target: "ES2024", module: "NodeNext", moduleResolution: "NodeNext", strict: true, noEmit: true, skipLibCheck: true, types: ["node"] }, files: ["example.ts"] })
      )
      await run(process.execPath, [join(root, "node_modules", "typescript", "bin", "tsc"), "-p", join(app, "tsconfig.json")], { cwd: app })
      const { stdout } = await run(process.execPath, [join(app, "example.ts")], { cwd: app })
      expect((JSON.parse(stdout) as [number, number])[0]).toBeCloseTo(3.10686, 5)
    }, 60_000)

    it("keeps MCP and HTTP out of the engine entry's import graph", async () => {
      const graph = await importGraph(join(installed, "dist", "lib", "engine.js"))
      expect(graph.length).toBeGreaterThan(20)
      const outside: Array<string> = []
      for (const file of graph) {
        const text = await readFile(file, "utf8")
        for (const m of text.matchAll(/(?:^|\n)\s*(?:import|export)[^"']*["']([^."'][^"']*)["']/g)) outside.push(m[1]!)
      }
      expect(outside.filter((spec) => /modelcontextprotocol|^effect\/http|platform-node|^node:http/.test(spec))).toEqual([])
      expect(graph.filter((f) => /\/(mcp|tools)\//.test(f))).toEqual([])
    })
  })
})

/** Every file reachable from `entry` through static relative imports. */
const importGraph = async (entry: string): Promise<Array<string>> => {
  const seen = new Set<string>()
  const visit = async (file: string) => {
    if (seen.has(file)) return
    seen.add(file)
    const text = await readFile(file, "utf8")
    for (const m of text.matchAll(/(?:^|\n)\s*(?:import|export)[^"']*["'](\.{1,2}\/[^"']+)["']/g)) await visit(join(file, "..", m[1]!))
  }
  await visit(entry)
  return [...seen]
}
