// The real binary over stdio, as an MCP client launches it: `dimensional mcp` (the built bin).
import { spawn } from "node:child_process"
import { Client } from "@modelcontextprotocol/client"
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio"
import type { CallToolResult } from "@modelcontextprotocol/client"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { builtBin } from "../support/builtCommand.ts"

const root = new URL("../..", import.meta.url).pathname
let client: Client

const call = async (name: string, args: Record<string, unknown> = {}) => {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult
  return { isError: result.isError === true, data: result.structuredContent as any, text: (result.content[0] as { text: string }).text }
}

beforeAll(async () => {
  client = new Client({ name: "stdio-e2e", version: "1.0.0" })
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [builtBin(), "mcp"], cwd: root, stderr: "pipe" }))
})
afterAll(() => client.close())

describe("stdio server", () => {
  it("lists every tool with a description, input and output schema and read-only annotations where they apply", async () => {
    const { tools } = await client.listTools()
    const names = tools.map((t) => t.name)
    for (const n of [
      "convert",
      "compute",
      "decompose",
      "check_dimensions",
      "list_units",
      "list_scales",
      "list_dimensions",
      "define_unit",
      "define_conversion",
      "reset_session",
      "define_quantity_kind",
      "declare_computation",
      "validate_result",
      "list_quantity_kinds"
    ]) {
      expect(names).toContain(n)
    }
    for (const t of tools) {
      expect(t.description, t.name).toBeTruthy()
      expect(t.inputSchema.type, t.name).toBe("object")
      expect(t.outputSchema, t.name).toBeDefined()
    }
    const convert = tools.find((t) => t.name === "convert")!
    // a read-only tool is neither destructive nor anything but idempotent (MCP ToolAnnotations); only non-default hints are sent
    expect(convert.annotations).toEqual({ readOnlyHint: true, openWorldHint: false })
    expect(convert.inputSchema.required).toEqual(expect.arrayContaining(["value", "from_unit", "to_unit"]))
  })

  it("answers the issue's conversions", async () => {
    expect((await call("convert", { value: 5, from_unit: "km", to_unit: "mi" })).data.quantity).toBeCloseTo(3.10685596118667, 13)
    expect((await call("convert", { value: 10, from_unit: "m/s", to_unit: "km/h" })).data.quantity).toBe(36)
    expect((await call("convert", { value: 100, from_unit: "degC", to_unit: "degF" })).data.quantity).toBe(212)
    expect((await call("convert", { value: 1, from_unit: "lb", to_unit: "kg" })).data.quantity).toBe(0.45359237)
  })

  it("returns every error type as a structured result with the error as JSON text", async () => {
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ["convert", { value: 1, from_unit: "kilgoram", to_unit: "kg" }, "unknown_unit"],
      ["convert", { value: 1, from_unit: "kg", to_unit: "m" }, "dimension_mismatch"],
      ["convert", { value: 1, from_unit: "Gy", to_unit: "Sv" }, "no_conversion_path"],
      ["convert", { value: 1, from_unit: "W/(m²*K", to_unit: "BTU/h" }, "parse_error"],
      ["convert", { value: "five", from_unit: "kg" }, "invalid_input"],
      ["compute", { initial_value: 1, initial_unit: "kg", factors: [{ value: 0, numerator: "lb", denominator: "kg" }] }, "computation_error"],
      ["validate_result", { value: 1, unit: "J" }, "no_active_declaration"],
      ["declare_computation", { quantity_kind: "gibs_energy", expected_unit: "kJ/mol" }, "unknown_kind"]
    ]
    for (const [tool, args, type] of cases) {
      const r = await call(tool, args)
      expect(r.isError, `${tool} ${type}`).toBe(true)
      expect(r.data.error_type).toBe(type)
      expect(JSON.parse(r.text).error_type).toBe(type)
      expect(Object.keys(r.data)).toEqual(expect.arrayContaining(["error", "error_type", "parameter", "step", "got", "expected", "likely_fix", "hints"]))
    }
  })

  it("gives the seed's structured answers for the classic bad inputs", async () => {
    const typo = await call("convert", { value: 1, from_unit: "kilgoram", to_unit: "kg" })
    expect(typo.data.likely_fix).toBe("kilogram (kg)")
    expect(typo.data.parameter).toBe("from_unit")
    expect((await call("convert", { value: 1, from_unit: "xyzzy", to_unit: "kg" })).data.likely_fix).toBeNull()
    const mismatch = await call("convert", { value: 1, from_unit: "kg", to_unit: "m" })
    expect(mismatch.data.hints.join(" ")).toMatch(/Compatible mass units/)
    const parse = await call("convert", { value: 1, from_unit: "W/(m²*K", to_unit: "BTU/h" })
    expect(parse.data.hints[0]).toMatch(/position/)
    const isolated = await call("convert", { value: 1, from_unit: "radian", to_unit: "percent" })
    expect(isolated.data.hints.join(" ")).toMatch(/isolated pseudo-dimension/)
  })

  it("names an unknown tool as a protocol error, not a crash", async () => {
    await expect(client.callTool({ name: "no_such_tool", arguments: {} })).rejects.toThrow(/Unknown tool/)
    expect((await call("list_dimensions")).data.result).toContain("length")
  })

  it("lists units by dimension, scales from quetta to quecto, and the dimension names of seed 001", async () => {
    const mass = await call("list_units", { dimension: "mass", limit: 100 })
    expect(mass.data.result.map((u: { shorthand: string }) => u.shorthand)).toEqual(expect.arrayContaining(["g", "lb", "oz"]))
    expect((await call("list_units", { dimension: "masss" })).data.error_type).toBe("invalid_input")
    const scales = (await call("list_scales")).data.result
    expect(scales[0].name).toBe("quetta")
    expect(scales.at(-1).name).toBe("quecto")
    expect(scales.map((s: { prefix: string }) => s.prefix)).toEqual(expect.arrayContaining(["Q", "q", "Ki", "Yi", "µ"]))
    const dimensions = (await call("list_dimensions")).data.result
    for (const d of [
      "acceleration",
      "amount_of_substance",
      "angle",
      "none",
      "ratio",
      "count",
      "information",
      "volume",
      "specific_heat_capacity",
      "magnetic_permeability"
    ])
      expect(dimensions).toContain(d)
  })
})

describe("stdio process", () => {
  it("exits when stdin closes and writes nothing but protocol to stdout", async () => {
    const child = spawn(process.execPath, [builtBin(), "mcp"], { cwd: root, stdio: ["pipe", "pipe", "pipe"] })
    let stdout = ""
    child.stdout.on("data", (d) => (stdout += d))
    child.stdin.write(
      JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } }
      }) + "\n"
    )
    await new Promise((r) => setTimeout(r, 300))
    child.stdin.end()
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve))
    expect(code).toBe(0)
    for (const line of stdout.trim().split("\n")) expect(JSON.parse(line).jsonrpc).toBe("2.0")
  })
})
