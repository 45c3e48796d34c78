// The engine entry's documentation is a specification: every exported operation carries an
// example, and each example's stated result is what the operation gives.
import { spawnSync } from "node:child_process"
import { existsSync, readdirSync, readFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { Effect, pipe } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { builtBin } from "./support/builtCommand.ts"
import { repoRoot } from "./support/httpServer.ts"
import { type TestClient, connectClient } from "./support/mcp.ts"
import * as Units from "../src/engine.ts"
import { tools, toolsets } from "../src/tools/index.ts"

const source = readFileSync(new URL("../src/engine.ts", import.meta.url), "utf8")
const run = <A, E>(effect: Effect.Effect<A, E, Units.UnitCatalog>) => Effect.runSync(effect.pipe(Effect.provide(Units.layer)))

describe("dimensional-mcp/engine, as documented", () => {
  it("documents every exported operation with an example", () => {
    const operations = [...source.matchAll(/export const (\w+) = \(/g)].map((m) => m[1]!)
    expect(operations).toEqual(["resolveUnit", "convert", "readQuantity", "convertText", "checkDimensions", "compute", "decompose"])
    for (const name of operations) {
      const doc = source
        .slice(0, source.indexOf(`export const ${name} = (`))
        .split("/**")
        .at(-1)!
      expect(doc, name).toContain("@example")
    }
  })

  it("module example: 5 km is 3.1068559611866697 mi", () => {
    expect(
      Effect.runSync(
        Units.convert(5, "km", "mi").pipe(
          Effect.map((r) => r.quantity),
          Effect.provide(Units.layer)
        )
      )
    ).toBe(3.1068559611866697)
  })

  it("resolveUnit example: kN·m is an energy-dimensioned expression", () => {
    expect(Units.DimensionNames.describe(run(Units.resolveUnit("kN*m")).dimension)).toBe("energy")
  })

  it("convert example: 100 degC is 212 degF", () => {
    expect(run(Units.convert(100, "degC", "degF")).quantity).toBe(212)
  })

  it("convert example: 100 mg/dL of glucose is 5.5507 mmol/L, the substance an option as in the tool", () => {
    expect(run(Units.convert(100, "mg/dL", "mmol/L", { substance: "glucose" })).quantity).toBeCloseTo(5.5507, 4)
  })

  it("readQuantity example: 5 ft 11 in is 71 in", () => {
    expect(run(Units.readQuantity("5 ft 11 in"))).toMatchObject({ value: 71, unit: "in" })
  })

  it("convertText example: 5 ft + 11 in is 180.34 cm, and 1.8 m is 5 ft 10.866142 in", () => {
    expect(run(Units.convertText("5 ft + 11 in", "cm")).quantity).toBe(180.34)
    expect(run(Units.convertText("1.8 m", "ft;in")).parts).toEqual([
      { quantity: 5, unit: "ft" },
      { quantity: 10.866142, unit: "in" }
    ])
  })

  it("checkDimensions example: dyn and N are compatible", () => {
    expect(run(Units.checkDimensions("dyn", "N")).compatible).toBe(true)
  })

  it("compute example: 1000 mL at 15 gtt/mL over 480 min is 31.25 gtt/min", () => {
    const r = run(
      Units.compute(1000, "mL", [
        { value: 15, numerator: "gtt", denominator: "mL" },
        { value: 1, numerator: "1", denominator: "480 min" }
      ])
    )
    expect(r.quantity).toBe(31.25)
  })

  it("decompose example: 5 mcg/kg/min for 80 kg, 400 mg in 250 mL gives factors that compute to 15 mL/h", () => {
    const chain = run(
      Units.decompose("mcg/(kg*min)", "mL/h", [
        { value: 80, unit: "kg" },
        { value: 400, unit: "mg" },
        { value: 250, unit: "mL" }
      ])
    )
    const r = run(Units.compute(5, "mcg/(kg*min)", chain.factors))
    expect(r.quantity).toBeCloseTo(15, 12)
    // with the unit asked for, the answer is in it
    const asked = run(Units.compute(5, "mcg/(kg*min)", chain.factors, "mL/h"))
    expect([asked.unit, asked.quantity]).toEqual(["mL/h", expect.closeTo(15, 12)])
  })
})

describe("Dimension, data-first and pipeable", () => {
  it("multiplies, divides and raises dimensions either way: force is M·L·T⁻²", () => {
    const { base, multiply, divide, power } = Units.Dimension
    const dataFirst = divide(multiply(base("M"), base("L")), power(base("T"), 2))
    const piped = pipe(base("M"), multiply(base("L")), divide(power(base("T"), 2)))
    expect(Units.DimensionNames.describe(dataFirst)).toBe("force")
    expect(Units.Dimension.equals(piped, dataFirst)).toBe(true)
  })
})

// The README as a newcomer reads it: its counts are the code's, its shell lines print what their
// comments say, and its client configurations start the bare command the way server.json does.
const docFiles = [
  "README.md",
  "CONTRIBUTING.md",
  ...readdirSync(new URL("../docs/", import.meta.url))
    .filter((n) => n.endsWith(".md"))
    .map((n) => `docs/${n}`)
]
const docText = (file: string) => readFileSync(new URL(`../${file}`, import.meta.url), "utf8")
/** A heading's anchor as GitHub makes it. */
const anchorOf = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^\w\- ]/g, "")
    .replaceAll(" ", "-")
const anchorsOf = (text: string) => new Set([...text.replace(/```[\s\S]*?```/g, "").matchAll(/^#{1,4} (.+)$/gm)].map((m) => anchorOf(m[1]!)))

describe("README.md", () => {
  const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8")
  const allDocs = docFiles.map(docText).join("\n")

  it("stays a README: at most 20,000 characters, the rest in docs/", () => expect(readme.length).toBeLessThanOrEqual(20_000))

  it.each(docFiles)("links only to files and headings that exist: %s", (file) => {
    const text = docText(file).replace(/```[\s\S]*?```/g, "")
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/.test(target!)) continue
      const [path, anchor] = target!.split("#") as [string, string | undefined]
      const resolved = path === "" ? file : join(dirname(file), path)
      expect(existsSync(join(repoRoot, resolved)), `${file} → ${target}`).toBe(true)
      if (anchor !== undefined && resolved.endsWith(".md")) expect(anchorsOf(docText(resolved)), `${file} → ${target}`).toContain(anchor)
    }
  })
  let client: TestClient
  beforeAll(async () => (client = await connectClient("readme")))
  afterAll(() => client.close())

  it("gives the counts of tools, units, formulas and constants the server has", async () => {
    const { tools } = await client.client.listTools()
    const units = (await client.call("list_units", { limit: 1 })).data
    const formulas = (await client.call("list_formulas", { limit: 1 })).data
    const constants = (await client.call("list_constants", { limit: 1 })).data
    const counts = {
      tools: tools.length,
      units: units.total,
      formulas: formulas.result.length + formulas.remaining,
      constants: constants.result.length + constants.remaining
    }
    expect(readme).toContain(`**${counts.tools} tools, ${counts.units} units, ${counts.formulas} formulas, ${counts.constants} CODATA 2022 constants.**`)
    for (const m of allDocs.matchAll(/(\d+) (?:dimension-checked )?formulas/g)) expect(Number(m[1]), m[0]).toBe(counts.formulas)
    const unitCounts = [...allDocs.matchAll(/\b(\d+) units \(SI/g)]
    expect(unitCounts.length).toBeGreaterThan(0)
    for (const m of unitCounts) expect(Number(m[1]), m[0]).toBe(counts.units)
  })

  /** A line of a shell block as the shell splits it (single quotes only, as the README writes them). */
  const words = (line: string) => [...line.matchAll(/'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2]!)

  const shellLines = [...allDocs.matchAll(/```sh\n([\s\S]*?)```/g)]
    .flatMap((m) => m[1]!.split("\n"))
    .filter((l) => l.startsWith("npx -y dimensional-mcp ") && l.includes(" # "))

  it("has shell examples with their answers", () => expect(shellLines.length).toBeGreaterThanOrEqual(5))

  it.each(shellLines)("prints what it says: %s", (line) => {
    const [command, expected] = [line.slice(0, line.indexOf(" # ")), line.slice(line.indexOf(" # ") + 3).trim()]
    const args = words(command).slice(3)
    const r = spawnSync(process.execPath, [builtBin(), ...args], { cwd: repoRoot, encoding: "utf8", timeout: 30_000 })
    expect(r.status, r.stderr).toBe(0)
    expect(r.stdout.trim().split("\n")).toContain(expected)
  })

  it("configures every client with the bare command, as server.json does, and VS Code under `servers`", () => {
    const registry = JSON.parse(readFileSync(new URL("../server.json", import.meta.url), "utf8"))
    expect(registry.packages[0].packageArguments).toBeUndefined()
    const configs = [...readme.matchAll(/```json\n([\s\S]*?)```/g)]
      .map((m) => m[1]!)
      .filter((text) => /"(mcpServers|servers)"/.test(text))
      .map((text) => JSON.parse(text))
    const stdio = configs.map((c) => (c.mcpServers ?? c.servers).dimensional).filter((s) => s.command === "npx")
    expect(stdio.length).toBeGreaterThanOrEqual(2)
    for (const server of stdio) expect(server.args).toEqual(["-y", "dimensional-mcp"])
    expect(configs.some((c) => c.servers?.dimensional?.type === "stdio")).toBe(true)
    expect(readme).toContain("claude mcp add dimensional -- npx -y dimensional-mcp\n")
  })

  it("has a table of contents whose links reach its headings", () => {
    const anchors = anchorsOf(readme)
    const contents = readme.slice(readme.indexOf("## Contents"), readme.indexOf("## Add it to your client"))
    const links = [...contents.matchAll(/\]\(#([^)]+)\)/g)].map((m) => m[1]!)
    expect(links.length).toBeGreaterThanOrEqual(6)
    for (const link of links) expect(anchors, link).toContain(link)
  })
})

describe("docs/tools.md and docs/http.md, on what hosts show", () => {
  const toolsDoc = docText("docs/tools.md")
  const httpDoc = docText("docs/http.md")

  it("give every tool's title and toolset as the server has them", () => {
    const rows = new Map([...toolsDoc.matchAll(/^\| `(\w+)` \| ([^|]+) \| `(\w+)` \|/gm)].map((m) => [m[1]!, { title: m[2]!.trim(), toolset: m[3]! }] as const))
    expect([...rows.keys()].sort()).toEqual(tools.map((t) => t.name).sort())
    for (const tool of tools) {
      const set = Object.entries(toolsets).find(([, members]) => (members as ReadonlyArray<string>).includes(tool.name))![0]
      expect(rows.get(tool.name), tool.name).toEqual({ title: tool.title, toolset: set })
    }
  })

  it("name each toolset's tools in the flags table", () => {
    const row = httpDoc.split("\n").find((l) => l.startsWith("| `--toolsets a,b` |"))!
    for (const [set, members] of Object.entries(toolsets)) expect(row, set).toContain(`\`${set}\` (${members.join(", ")})`)
  })

  it("give the model-facing listing's size for every tool and each toolset, within 5 %", async () => {
    const stated =
      /about ([\d,]+) tokens with every tool, ([\d,]+) with `convert`, ([\d,]+) with `compute`, ([\d,]+) with `reference`,\s+([\d,]+) with `workspace`, ([\d,]+) with `--read-only`/.exec(
        httpDoc
      )
    expect(stated).not.toBeNull()
    const settings: Array<Record<string, string>> = [
      {},
      ...["convert", "compute", "reference", "workspace"].map((set) => ({ DIMENSIONAL_TOOLSETS: set })),
      { DIMENSIONAL_READ_ONLY: "true" }
    ]
    for (const [i, setting] of settings.entries()) {
      const c = await connectClient(`docs-listing-${i}`, "legacy", setting)
      try {
        const { tools: listed } = await c.client.listTools()
        const text = [
          ...listed.map((t) => JSON.stringify({ name: t.name, description: t.description, inputSchema: t.inputSchema })),
          c.client.getInstructions() ?? ""
        ]
        const tokens = Math.ceil(text.join("\n").length / 4)
        const said = Number(stated![i + 1]!.replaceAll(",", ""))
        expect(Math.abs(tokens - said) / tokens, JSON.stringify(setting)).toBeLessThanOrEqual(0.05)
      } finally {
        await c.close()
      }
    }
  })
})
