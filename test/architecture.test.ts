// The layering the project is built on, checked on the source itself: imports point downward only
// (transports → mcp → tools → services → engine), and the failure vocabulary is one table the
// compiler holds complete (deleting a row does not compile).
import { execFileSync } from "node:child_process"
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs"
import { dirname, join, relative, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..")
const src = join(root, "src")

const sources = (dir: string): Array<string> =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? sources(path) : path.endsWith(".ts") ? [path] : []
  })

/** Lower layers first; a file may import its own layer or one below. */
const layerOf = (path: string): number => {
  const r = relative(src, path)
  if (r.startsWith("engine/")) return 0
  if (r.startsWith("services/")) return 1
  if (r.startsWith("tools/")) return 2
  if (r.startsWith("mcp/repair/")) return 3
  if (r.startsWith("mcp/transports/")) return 5
  if (r.startsWith("mcp/")) return 4
  return 6 // the entries (index.ts, engine.ts, layers.ts), cli/ and startup/
}

/** Tool files share only these helpers; one tool never imports another. */
const sharedToolModules = /\/(Tool|inlineDefinitions|workspaceArgument|statedRelations|nextSteps|paging|unitForKind|index)\.ts$/

/** A transport's own files are its folder (stdio/, http/): the two never import each other; what both use sits beside them. */
const family = (path: string): "stdio" | "http" | undefined => {
  const first = relative(join(src, "mcp/transports"), path).split("/")[0]
  return first === "stdio" || first === "http" ? first : undefined
}

const edges = sources(src).flatMap((from) =>
  [...readFileSync(from, "utf8").matchAll(/from "(\.{1,2}\/[^"]+)"/g)].map((m) => ({ from, to: resolve(dirname(from), m[1]!) }))
)

describe("the import graph", () => {
  it("has no edge that runs up a layer", () => {
    const up = edges.filter((e) => layerOf(e.to) > layerOf(e.from)).map((e) => `${relative(src, e.from)} → ${relative(src, e.to)}`)
    expect(up).toEqual([])
  })

  it("has no edge sideways between tools or between transports", () => {
    const sideways = edges
      .filter(
        (e) =>
          (layerOf(e.from) === 2 && layerOf(e.to) === 2 && !sharedToolModules.test(e.to) && !e.from.endsWith("/index.ts")) ||
          (layerOf(e.from) === 5 && layerOf(e.to) === 5 && family(e.from) !== undefined && family(e.to) !== undefined && family(e.from) !== family(e.to))
      )
      .map((e) => `${relative(src, e.from)} → ${relative(src, e.to)}`)
    expect(sideways).toEqual([])
  })

  it("keeps the engine's facets in order: formulas → conversion → notations, constants, kinds → units → catalog → ground", () => {
    const floors: Record<string, number> = { formulas: 5, conversion: 4, notations: 3, constants: 3, kinds: 3, units: 2, catalog: 1 }
    const floorOf = (path: string): number | undefined => {
      const r = relative(join(src, "engine"), path)
      if (r.startsWith("..")) return undefined
      const first = r.split("/")
      return first.length === 1 ? 0 : (floors[first[0]!] ?? 0)
    }
    const up = edges
      .filter((e) => {
        const a = floorOf(e.from)
        const b = floorOf(e.to)
        return a !== undefined && b !== undefined && b > a
      })
      .map((e) => `${relative(src, e.from)} → ${relative(src, e.to)}`)
    expect(up).toEqual([])
  })

  it("keeps the engine free of MCP, Node I/O and the platform", () => {
    const impure = sources(join(src, "engine")).filter((f) => /from "(@modelcontextprotocol|node:|@effect\/platform)/.test(readFileSync(f, "utf8")))
    expect(impure.map((f) => relative(src, f))).toEqual([])
  })
})

describe("the folders", () => {
  it("show the layers: src/ holds the composition root and the three entries (package.json exports) beside its folders, the engine at most 15 files loose", () => {
    // index.ts (needs only effect), engine.ts (no MCP or HTTP), server.ts (the MCP server for embedding)
    expect(
      readdirSync(src)
        .filter((n) => n.endsWith(".ts"))
        .sort()
    ).toEqual(["engine.ts", "index.ts", "layers.ts", "server.ts"])
    expect(readdirSync(join(src, "engine")).filter((n) => n.endsWith(".ts")).length).toBeLessThanOrEqual(15)
    expect(readdirSync(join(src, "mcp/transports")).filter((n) => n.startsWith("http") || n.startsWith("stdio") || n.startsWith("session"))).toEqual([
      "http",
      "stdio"
    ])
  })
})

describe("the failure vocabulary", () => {
  it("does not compile with a row missing, for a tag or for an error_type a tag produces", () => {
    const failures = readFileSync(join(src, "mcp/repair/failures.ts"), "utf8")
    // the unchanged file first, as the control: it must compile where the copies are placed
    const variants = {
      unchanged: failures,
      "missing tag row": failures.replace(/\n {2}UnknownWorkspace: "unknown_workspace"/, ""),
      "missing error_type row": failures.replace(/\n {2}unknown_kind: "rename",/, "")
    }
    for (const [what, text] of Object.entries(variants)) {
      if (what !== "unchanged") expect(text, what).not.toBe(failures)
      const dir = mkdtempSync(join(src, "mcp/repair/.compile-check-"))
      try {
        writeFileSync(join(dir, "failures.ts"), text.replaceAll('from "./', 'from "../').replaceAll('from "../../', 'from "../../../'))
        writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({ extends: relative(dir, join(root, "tsconfig.json")), include: ["failures.ts"] }))
        let output = ""
        try {
          execFileSync(join(root, "node_modules/.bin/tsc"), ["-p", join(dir, "tsconfig.json")], { encoding: "utf8", stdio: "pipe" })
        } catch (e) {
          output = String((e as { stdout?: string }).stdout ?? "")
        }
        if (what === "unchanged") expect(output, what).toBe("")
        else expect(output, what).toMatch(/failures\.ts\(\d+,\d+\): error TS/)
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    }
  })
})

describe("the engine's advice", () => {
  it("names no tool: next steps are domain actions, named as tools only in tools/nextSteps.ts", () => {
    const toolNames =
      /\b(convert|compute|decompose|check_dimensions|list_\w+|define_\w+|declare_computation|validate_result|reset_session|call_formula)\(\)|\b(use|call|see) (list_\w+|define_\w+|reset_session|call_formula|check_dimensions)\b|\breset_session (clears|empties)|\((list_\w+|define_\w+|reset_session|call_formula)\)/i
    const offenders = [...sources(join(src, "engine")), ...sources(join(src, "services"))].flatMap((f) =>
      readFileSync(f, "utf8")
        .split("\n")
        .map((line, i) => ({ line, at: `${relative(src, f)}:${i + 1}` }))
        .filter(({ line }) => !/^\s*(\/\/|\*|\/\*\*)/.test(line) && /"[^"]*"|`[^`]*`/.test(line) && toolNames.test(line))
        .map(({ at }) => at)
    )
    expect(offenders).toEqual([])
  })

  it("never places a failure at an argument: `parameter` is set by the tools layer and decoding, the engine and the services name roles", () => {
    // an object literal's `parameter:` key, or locate(…, { parameter }): the engine's own names (a formula's `parameters`) do not match
    const placing = /(^\s*|[{,]\s*)parameter\s*:(?!\s*string\b)|\{\s*parameter\s*[,}]/
    const offenders = [...sources(join(src, "engine")), ...sources(join(src, "services"))].flatMap((f) =>
      readFileSync(f, "utf8")
        .split("\n")
        .map((line, i) => ({ line, at: `${relative(src, f)}:${i + 1}` }))
        .filter(({ line }) => !/^\s*(\/\/|\*|\/\*\*)/.test(line) && placing.test(line))
        .map(({ at }) => at)
    )
    // errors.ts declares the field as a type (`parameter?:`), which is not a placement
    expect(offenders).toEqual([])
  })
})
