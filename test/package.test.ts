// The published package: `npm pack` (which builds the bundle and the library through the prepack
// script) yields a tarball whose `bin` starts from a clean directory and speaks MCP over stdio, and
// whose library an app imports, in TypeScript (type-checked against the shipped declarations) and
// in JavaScript, as the README shows.
//
// The tarball is extracted into <tmp>/app/node_modules/dimensional-mcp, with the .bin links npm
// would make, instead of `npm install <tarball>`: installing would fetch from the registry, and this
// test must not need the network. What an install brings is measured instead from the manifest and
// this checkout's node_modules (the lockfile's versions): npm installs `dependencies` and
// non-optional peers, transitively. The bin is started with nothing else installed: it runs a
// self-contained bundle. The library is then given only its peer `effect` (linked from this
// checkout), as the README tells library users. Running from inside node_modules matters too: Node
// does not strip TypeScript types there.
import { execFile } from "node:child_process"
import { existsSync } from "node:fs"
import { mkdir, mkdtemp, readFile, readdir, rm, stat, symlink, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import { dirname, join, relative } from "node:path"
import { fileURLToPath } from "node:url"
import { promisify } from "node:util"
import { Client } from "@modelcontextprotocol/client"
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio"
import type { CallToolResult } from "@modelcontextprotocol/client"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { inspectorBin, inspectorMissing, inspectorPatience, strictFindings } from "./support/inspector.ts"
import { buildWorksheet } from "../src/mcp/apps/buildWorksheet.ts"

const run = promisify(execFile)
const root = fileURLToPath(new URL("..", import.meta.url))

/**
 * The oldest Node `engines` admits (>=22.19), from the npm registry's `node` package (as the
 * project pins its own Node 24), installed once into the OS temp directory; where npm cannot
 * install it the suite that needs it says so in one line and is skipped.
 */
const oldestNode = "22.19.0"
const oldestNodeDir = join(tmpdir(), `dimensional-node-${oldestNode}`)
const oldestNodeBin = join(oldestNodeDir, "node_modules", ".bin", "node")
const oldestNodeMissing = await (async (): Promise<string | undefined> => {
  try {
    if (!existsSync(oldestNodeBin)) {
      await mkdir(oldestNodeDir, { recursive: true })
      await run("npm", ["install", "--prefix", oldestNodeDir, "--no-audit", "--no-fund", "--loglevel=error", `node@${oldestNode}`], { timeout: 180_000 })
    }
    const { stdout } = await run(oldestNodeBin, ["--version"])
    return stdout.trim() === `v${oldestNode}` ? undefined : `it reports ${stdout.trim()}`
  } catch (e) {
    return String((e as Error).message).split("\n")[0]
  }
})()
if (oldestNodeMissing) console.log(`Node ${oldestNode} package checks skipped: npm could not install node@${oldestNode} (${oldestNodeMissing})`)

/** npm itself: the CLI that is running this test when it is `npm test`, else the one on PATH. */
const npm = (args: ReadonlyArray<string>) =>
  process.env.npm_execpath?.endsWith(".js") ? run(process.execPath, [process.env.npm_execpath, ...args], { cwd: root }) : run("npm", [...args], { cwd: root })

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
    for (const bin of ["dimensional-mcp", "dimensional"])
      await symlink(join("..", "dimensional-mcp", "bin", "dimensional.js"), join(app, "node_modules", ".bin", bin))
    // npm pack builds the bundles and the declarations: about 30 s here, several times that on a busy machine
  }, 240_000)

  afterAll(async () => {
    if (scratch) await rm(scratch, { recursive: true, force: true })
  })

  it("ships the bin and the built bundle, and no TypeScript", async () => {
    const files = await filesUnder(installed)
    expect(files).toContain("package.json")
    expect(files).toContain(join("bin", "dimensional.js"))
    expect(files).toContain(join("dist", "dimensional.js"))
    expect(files.filter((f) => f.endsWith(".ts") && !f.endsWith(".d.ts"))).toEqual([])
    for (const entry of ["index", "engine", "server"]) {
      expect(files).toContain(join("dist", "lib", `${entry}.js`))
      expect(files).toContain(join("dist", "lib", `${entry}.d.ts`))
    }
    expect(files).toContain("LICENSE")
    expect(files).toContain("server.json")
  })

  it("declares no dependencies: the bin is one bundle, and npm installs nothing else for it", async () => {
    const manifest = JSON.parse(await readFile(join(installed, "package.json"), "utf8")) as Manifest
    expect(manifest.dependencies ?? {}).toEqual({})
    const bin = await installFootprint(installed, [])
    const library = await installFootprint(installed, ["effect"])
    console.log(
      `install footprint: npx/bin ${bin.packages.length} package(s), ${mb(bin.bytes)} (${bin.packages.join(", ")}); ` +
        `library (with its peer effect) ${library.packages.length} package(s), ${mb(library.bytes)} (${library.packages.join(", ")})`
    )
    expect(bin.packages).toEqual(["dimensional-mcp"])
    expect(library.packages).toEqual(["dimensional-mcp", "effect"])
  })

  it.each([
    ["bare `dimensional-mcp`, the 2025 initialize handshake", [], undefined],
    ["bare `dimensional-mcp`, 2026-07-28 (server/discover)", [], "2026-07-28"],
    ["`dimensional-mcp mcp`, the 2025 initialize handshake", ["mcp"], undefined],
    ["`dimensional-mcp mcp`, 2026-07-28 (server/discover)", ["mcp"], "2026-07-28"]
  ] as const)("starts from a clean directory and answers tools/list and a convert call over stdio: %s", async (_, command, pin) => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [join(app, "node_modules", ".bin", "dimensional-mcp"), ...command],
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
      // the worksheet view (issue 32) is in the bundle, built: the same document the source builds, no esbuild at run time
      const view = await client.readResource({ uri: "ui://dimensional/worksheet" })
      expect(view.contents[0]).toMatchObject({ mimeType: "text/html;profile=mcp-app", text: await buildWorksheet() })
    } finally {
      await client.close()
    }
  })

  it("loads its Redis client only for a redis:// store, from the bundle's own file", async () => {
    // port 1 refuses at once: the message comes from node-redis itself, so the client was loaded
    const failed = await run(process.execPath, [join(app, "node_modules", ".bin", "dimensional-mcp"), "mcp", "--store", "redis://127.0.0.1:1"], {
      cwd: app,
      timeout: 30_000
    }).then(
      () => ({ code: 0, stderr: "" }),
      (e: { code: number; stderr: string }) => e
    )
    expect(failed.code).not.toBe(0)
    expect(failed.stderr).toMatch(/store \(redis:\/\/127\.0\.0\.1:1\) cannot be reached: connect ECONNREFUSED/)
    const main = await readFile(join(installed, "dist", "dimensional.js"), "utf8")
    expect(main).not.toMatch(/from\s*"redis"/)
  })

  it("lists its tools to the MCP Inspector from the bare command, with no --strict error or warning", async (context) => {
    const missing = await inspectorMissing()
    if (missing) return context.skip(`the MCP Inspector could not be installed (${missing})`)
    const { stdout, stderr } = await run(
      process.execPath,
      // the Inspector hands the server only the environment it is given (and PATH, HOME): no start-up snapshot, as in the rest of the suite
      [
        inspectorBin,
        "--cli",
        ...inspectorPatience,
        "--strict",
        "--format",
        "json",
        "-e",
        "DIMENSIONAL_SNAPSHOT=0",
        "--method",
        "tools/list",
        process.execPath,
        join(app, "node_modules", ".bin", "dimensional-mcp")
      ],
      { cwd: app, timeout: 120_000 }
    )
    const listed = JSON.parse(stdout).result.tools as Array<{ name: string; title?: string }>
    expect(listed.map((t) => t.name)).toContain("convert")
    // every tool titled, as the Inspector shows them
    expect(listed.filter((t) => typeof t.title !== "string" || t.title.length === 0).map((t) => t.name)).toEqual([])
    expect(strictFindings(stderr)).toEqual([])
  })

  /** The installed bin as an SDK client starts it, with `args` after it. */
  const connectBin = async (args: ReadonlyArray<string>) => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [join(app, "node_modules", ".bin", "dimensional-mcp"), ...args],
      cwd: app,
      env: { ...(process.env as Record<string, string>), DIMENSIONAL_SNAPSHOT: "0" },
      stderr: "pipe"
    })
    const client = new Client({ name: "dimensional-package-test", version: "1.0.0" })
    await client.connect(transport)
    return client
  }

  it("shows hosts a title on every tool and who it is, lists what --read-only and --toolsets convert say, and completes formula names (SDK client)", async () => {
    const all = await connectBin(["mcp"])
    try {
      const { tools } = await all.listTools()
      expect(tools.length).toBeGreaterThanOrEqual(19)
      expect(tools.filter((t) => !t.title).map((t) => t.name)).toEqual([])
      expect(all.getServerVersion()).toMatchObject({ title: expect.any(String), websiteUrl: expect.stringMatching(/^https:/), icons: expect.any(Array) })
      expect((all.getInstructions() ?? "").length).toBeLessThanOrEqual(1000)
      const { completion } = await all.complete({ ref: { type: "ref/prompt", name: "engineering_formula" }, argument: { name: "formula", value: "reyn" } })
      expect(completion.values).toContain("reynolds_number")
    } finally {
      await all.close()
    }
    const readOnly = await connectBin(["mcp", "--read-only"])
    try {
      const { tools } = await readOnly.listTools()
      expect(tools.every((t) => t.annotations?.readOnlyHint === true)).toBe(true)
      expect(tools.map((t) => t.name)).not.toEqual(expect.arrayContaining(["define_unit"]))
      expect(tools.map((t) => t.name)).toContain("convert")
    } finally {
      await readOnly.close()
    }
    const convert = await connectBin(["mcp", "--toolsets", "convert"])
    try {
      expect((await convert.listTools()).tools.map((t) => t.name).sort()).toEqual([
        "add_quantities",
        "check_dimensions",
        "convert",
        "list_dimensions",
        "list_scales",
        "list_units"
      ])
    } finally {
      await convert.close()
    }
  })

  it("lists titled tools to the MCP Inspector with --read-only and with --toolsets convert", async (context) => {
    const missing = await inspectorMissing()
    if (missing) return context.skip(`the MCP Inspector could not be installed (${missing})`)
    const listed = async (...args: ReadonlyArray<string>) => {
      const { stdout } = await run(
        process.execPath,
        [
          inspectorBin,
          "--cli",
          ...inspectorPatience,
          "--format",
          "json",
          "-e",
          "DIMENSIONAL_SNAPSHOT=0",
          "--method",
          "tools/list",
          process.execPath,
          join(app, "node_modules", ".bin", "dimensional-mcp"),
          "mcp",
          ...args
        ],
        { cwd: app, timeout: 120_000 }
      )
      return JSON.parse(stdout).result.tools as Array<{ name: string; title?: string; annotations?: { readOnlyHint?: boolean } }>
    }
    const readOnly = await listed("--read-only")
    expect(readOnly.length).toBeGreaterThan(0)
    expect(readOnly.every((t) => t.annotations?.readOnlyHint === true && typeof t.title === "string")).toBe(true)
    const convert = await listed("--toolsets", "convert")
    expect(convert.map((t) => t.name).sort()).toEqual(["add_quantities", "check_dimensions", "convert", "list_dimensions", "list_scales", "list_units"])
    expect(convert.find((t) => t.name === "convert")?.title).toBe("Convert units")
  }, 120_000)

  it("converts from a shell through the installed command", async () => {
    const { stdout } = await run(process.execPath, [join(app, "node_modules", ".bin", "dimensional-mcp"), "convert", "5", "km", "mi"], { cwd: app })
    expect(stdout.trim()).toBe("3.1068559611866697 mi")
  })

  it("answers a person's command from a bundle of its own: the engine and a sliver of Effect, not the server's chunks", async () => {
    // issue 29: split into chunks with the server, a one-shot convert loaded Effect's Schema, Stream
    // and HTTP modules (about 2 MB) and cost twice the engine's start
    const main = await readFile(join(installed, "dist", "dimensional.js"), "utf8")
    expect(main).toContain('"./people/people.js"')
    const graph = await importGraph(join(installed, "dist", "people", "people.js"))
    expect(graph.every((file) => file.startsWith(join(installed, "dist", "people")))).toBe(true)
    let bytes = 0
    for (const file of graph) bytes += (await readFile(file, "utf8")).length
    // the engine with its catalog is about 560 KB; with Effect's Schema it was over 1.1 MB
    expect(bytes).toBeLessThan(750_000)
  })

  describe("as a library", () => {
    // what an app that uses the library has in node_modules: dimensional-mcp and the peer effect
    // (and @types/node for its own TypeScript); the MCP SDK's and platform-node's types are optional peers
    beforeAll(async () => {
      for (const name of ["effect", "@types/node"]) {
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
      // and a CommonJS TypeScript module, as `require` sees the package (type-checked; runtime require is the .cjs test's)
      await writeFile(
        join(app, "example-require.cts"),
        'import { Effect } from "effect"\nimport Dimensional = require("dimensional-mcp")\nexport const miles: number = Effect.runSync(Dimensional.convert(5, "km", "mi").pipe(Effect.provide(Dimensional.layer))).quantity\n'
      )
      await writeFile(
        join(app, "tsconfig.json"),
        JSON.stringify({
          compilerOptions: {
            target: "ES2024",
            module: "NodeNext",
            moduleResolution: "NodeNext",
            strict: true,
            noEmit: true,
            skipLibCheck: true,
            types: ["node"]
          },
          files: ["example.ts", "example-require.cts"]
        })
      )
      await run(process.execPath, [join(root, "node_modules", "typescript", "bin", "tsc"), "-p", join(app, "tsconfig.json")], { cwd: app })
      const { stdout } = await run(process.execPath, [join(app, "example.ts")], { cwd: app })
      expect((JSON.parse(stdout) as [number, number])[0]).toBeCloseTo(3.10686, 5)
    })

    it('runs the README\'s example from CommonJS: require("dimensional-mcp")', async () => {
      await writeFile(
        join(app, "example.cjs"),
        `const { Effect } = require("effect")
const Dimensional = require("dimensional-mcp")
const Units = require("dimensional-mcp/engine")
const r = Effect.runSync(Dimensional.convert(5, "km", "mi").pipe(Effect.provide(Dimensional.layer)))
const u = Effect.runSync(Units.convert(5, "10*9/L", "/uL", "ucum").pipe(Effect.provide(Units.layer)))
console.log(JSON.stringify([r.quantity, u.quantity]))
`
      )
      const { stdout } = await run(process.execPath, [join(app, "example.cjs")], { cwd: app })
      const [miles, perMicrolitre] = JSON.parse(stdout) as [number, number]
      expect(miles).toBeCloseTo(3.10686, 5)
      expect(perMicrolitre).toBeCloseTo(5000, 9)
    })

    /**
     * A TypeScript app of its own, strict and checking every declaration it loads (skipLibCheck
     * false), with the package copied in (not linked: nothing of this checkout's node_modules is
     * reachable from it) and only `peers` beside it.
     */
    const strictConsumer = async (name: string, peers: ReadonlyArray<string>, types: ReadonlyArray<string>, source: string) => {
      const dir = join(scratch, name)
      await mkdir(join(dir, "node_modules", "@types"), { recursive: true })
      await run("cp", ["-r", installed, join(dir, "node_modules", "dimensional-mcp")])
      for (const peer of peers) {
        await mkdir(join(dir, "node_modules", peer, ".."), { recursive: true })
        await symlink(join(root, "node_modules", peer), join(dir, "node_modules", peer))
      }
      // an ES module app, as the package is: the SDK's types are then its ES module ones, as ours name them
      await writeFile(join(dir, "package.json"), JSON.stringify({ name, private: true, type: "module" }))
      await writeFile(join(dir, "main.ts"), source)
      const compilerOptions = { target: "ES2024", module: "NodeNext", moduleResolution: "NodeNext", strict: true, noEmit: true, skipLibCheck: false, types }
      await writeFile(join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions, files: ["main.ts"] }))
      return run(process.execPath, [join(root, "node_modules", "typescript", "bin", "tsc"), "-p", join(dir, "tsconfig.json")], { cwd: dir }).then(
        () => "",
        (e: { stdout: string }) => e.stdout
      )
    }

    it("type-checks strictly (skipLibCheck: false) with only effect installed: the main entry's declarations need nothing else", async () => {
      const errors = await strictConsumer(
        "strict-main",
        ["effect"],
        [],
        `import { Effect, Layer } from "effect"
import * as Dimensional from "dimensional-mcp"
import * as Units from "dimensional-mcp/engine"
export const miles: number = Effect.runSync(Dimensional.convert(5, "km", "mi").pipe(Effect.provide(Dimensional.layer))).quantity
export const ucum = Units.convert(5, "10*9/L", "/uL", "ucum")
export const services = Dimensional.InMemoryServices().pipe(Layer.orDie)
export const names: ReadonlyArray<string> = Dimensional.tools.map((t) => t.name)
`
      )
      expect(errors).toBe("")
    })

    it("type-checks dimensional-mcp/server strictly with what it names: effect, the MCP SDK, @effect/platform-node and Node's types", async () => {
      const errors = await strictConsumer(
        "strict-server",
        ["effect", "@modelcontextprotocol/server", "@effect/platform-node", "@types/node"],
        ["node"],
        `import { Effect, Layer } from "effect"
import type { Server } from "@modelcontextprotocol/server"
import { HttpMcpServer, SharedServicesLive, makeServerFactory, runStdioServer, tools, type ToolServices } from "dimensional-mcp/server"
export const factory = Effect.map(makeServerFactory<ToolServices>(tools), (make): Server => make({ era: "legacy" }))
export const stdio: Effect.Effect<void, unknown, unknown> = runStdioServer
export const http = HttpMcpServer
export const shared = SharedServicesLive.pipe(Layer.orDie)
`
      )
      expect(errors).toBe("")
    })

    it("loads from require() in node -e, a file and the REPL: the bundle finds its own files from import.meta.url", async () => {
      const probe =
        'const D = require("dimensional-mcp"); const S = require("dimensional-mcp/server"); const E = require("dimensional-mcp/engine"); console.log(JSON.stringify([typeof D.convert, typeof S.makeServerFactory, typeof E.convert]))'
      const expected = JSON.stringify(["function", "function", "function"])
      const fromEval = await run(process.execPath, ["-e", probe], { cwd: app })
      expect(fromEval.stdout.trim()).toBe(expected)
      await writeFile(join(app, "probe.cjs"), probe)
      expect((await run(process.execPath, [join(app, "probe.cjs")], { cwd: app })).stdout.trim()).toBe(expected)
      // the REPL reads the line from stdin and prints the answer among its prompts
      const repl = await new Promise<string>((resolve, reject) => {
        const child = execFile(process.execPath, ["-i"], { cwd: app, timeout: 120_000 }, (error, stdout, stderr) =>
          error ? reject(new Error(stderr)) : resolve(stdout)
        )
        child.stdin?.end(`${probe}\n.exit\n`)
      })
      expect(repl).toContain(expected)
    })

    describe.skipIf(oldestNodeMissing !== undefined)(`on Node ${oldestNode}, the oldest the engines field admits`, () => {
      it("runs the CommonJS and the ES module example (written by the tests above)", async () => {
        for (const file of ["example.cjs", "example.mjs"]) {
          const { stdout, stderr } = await run(oldestNodeBin, [join(app, file)], { cwd: app })
          expect((JSON.parse(stdout) as [number, number])[0], file).toBeCloseTo(3.10686, 5)
          // require() of an ES module is no longer experimental there: nothing to warn about
          expect(stderr, file).toBe("")
        }
      })

      it("serves MCP from the bare command to the SDK client", async () => {
        const transport = new StdioClientTransport({
          command: oldestNodeBin,
          args: [join(app, "node_modules", ".bin", "dimensional-mcp")],
          cwd: app,
          // the client passes on only PATH, HOME and the like: no start-up snapshot, as in the rest of the suite
          env: { DIMENSIONAL_SNAPSHOT: "0" },
          stderr: "pipe"
        })
        const client = new Client({ name: "dimensional-package-test", version: "1.0.0" })
        try {
          await client.connect(transport)
          const result = (await client.callTool({ name: "convert", arguments: { value: 5, from_unit: "km", to_unit: "mi" } })) as CallToolResult
          expect((result.structuredContent as { quantity: number }).quantity).toBeCloseTo(3.10686, 5)
        } finally {
          await client.close()
        }
      })
    })

    it("keeps MCP, HTTP and the store out of the engine entry's import graph", async () => {
      const graph = await importGraph(join(installed, "dist", "lib", "engine.js"))
      const outside: Array<string> = []
      let bytes = 0
      for (const file of graph) {
        const text = await readFile(file, "utf8")
        bytes += text.length
        for (const m of text.matchAll(/(?:import|export)[^"';]*?from\s*["']([^."'][^"']*)["']/g)) outside.push(m[1]!)
      }
      expect(outside.filter((spec) => !/^(effect(\/|$)|node:module$)/.test(spec) || /^effect\/http/.test(spec))).toEqual([])
      // the whole index bundle (SDK, HTTP, redis client) is several times this
      expect(bytes).toBeLessThan(600_000)
    })
  })
})

/** Every file reachable from `entry` through static relative imports (the bundles are minified: `from"./chunk.js"`). */
const importGraph = async (entry: string): Promise<Array<string>> => {
  const seen = new Set<string>()
  const visit = async (file: string) => {
    if (seen.has(file)) return
    seen.add(file)
    const text = await readFile(file, "utf8")
    for (const m of text.matchAll(/(?:import|export)[^"';]*?from\s*["'](\.{1,2}\/[^"']+)["']/g)) await visit(join(file, "..", m[1]!))
  }
  await visit(entry)
  return [...seen]
}

interface Manifest {
  readonly name: string
  readonly dependencies?: Record<string, string>
  readonly optionalDependencies?: Record<string, string>
  readonly peerDependencies?: Record<string, string>
  readonly peerDependenciesMeta?: Record<string, { optional?: boolean }>
}

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`

/** Bytes of the files under `dir`, leaving out its nested node_modules (packages counted on their own). */
const bytesUnder = async (dir: string): Promise<number> => {
  let total = 0
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules") continue
    const path = join(dir, entry.name)
    if (entry.isDirectory()) total += await bytesUnder(path)
    else if (entry.isFile()) total += (await stat(path)).size
  }
  return total
}

/** Where Node (and npm's hoisting) finds `name` for a package in `from`: the nearest node_modules up from it, else this checkout's. */
const locate = (name: string, from: string): string | undefined => {
  for (let dir = from; dir !== dirname(dir); dir = dirname(dir)) {
    const candidate = join(dir, "node_modules", name)
    if (existsSync(join(candidate, "package.json"))) return candidate
  }
  const hoisted = join(root, "node_modules", name)
  return existsSync(join(hoisted, "package.json")) ? hoisted : undefined
}

/**
 * What npm installs for the package in `pkg` (plus `alsoInstalled`, the peers a user adds): its
 * `dependencies`, non-optional peers and present optional dependencies, transitively, at this
 * checkout's versions. Packages by name, and their bytes on disk.
 */
const installFootprint = async (pkg: string, alsoInstalled: ReadonlyArray<string>): Promise<{ packages: Array<string>; bytes: number }> => {
  const found = new Map<string, number>()
  const visit = async (dir: string) => {
    const manifest = JSON.parse(await readFile(join(dir, "package.json"), "utf8")) as Manifest
    if (found.has(manifest.name)) return
    found.set(manifest.name, await bytesUnder(dir))
    const peers = Object.keys(manifest.peerDependencies ?? {}).filter((n) => manifest.peerDependenciesMeta?.[n]?.optional !== true)
    const wanted = [...Object.keys(manifest.dependencies ?? {}), ...peers, ...(dir === pkg ? alsoInstalled : [])]
    const optional = Object.keys(manifest.optionalDependencies ?? {})
    for (const name of [...wanted, ...optional]) {
      const at = locate(name, dir === pkg ? root : dir)
      if (at) await visit(at)
      else if (!optional.includes(name)) throw new Error(`${manifest.name} needs ${name}, which this checkout does not have`)
    }
  }
  await visit(pkg)
  return { packages: [...found.keys()].sort(), bytes: [...found.values()].reduce((a, b) => a + b, 0) }
}
