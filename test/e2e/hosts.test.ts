// What hosts show of the server (issue 31), through the SDK client: a title on every tool, who the
// server is (title, website, icon), instructions a host with tool search can act on, the error
// types as a resource, completions from the catalog, and fewer tools with --toolsets and
// --read-only, the instructions, resources and prompts following them. What the model reads of
// the listing (name, description and input schema per tool, plus the instructions) is counted and
// bounded here (characters ÷ 4), for all tools and for each toolset.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { allErrorTypes } from "../../src/mcp/repair/failures.ts"
import { readOnlyEnv, toolsetsEnv } from "../../src/mcp/toolsets.ts"
import { tools, toolsetNames, toolsets } from "../../src/tools/index.ts"
import { type TestClient, connectClient } from "../support/mcp.ts"

const readOnlyNames = tools.filter((t) => t.annotations.readOnlyHint).map((t) => t.name)

/** What a model reads of the listing: per tool its name, description and input schema, then the instructions. */
const modelFacing = async (c: TestClient) => {
  const { tools: listed } = await c.client.listTools()
  const text = [
    ...listed.map((t) => JSON.stringify({ name: t.name, description: t.description, inputSchema: t.inputSchema })),
    c.client.getInstructions() ?? ""
  ].join("\n")
  return { names: listed.map((t) => t.name), tokens: Math.ceil(text.length / 4) }
}

describe("who the server is, and what every tool is called for people", () => {
  let c: TestClient
  beforeAll(async () => (c = await connectClient("hosts")))
  afterAll(() => c.close())

  it.each(["legacy", "modern"] as const)("gives every tool a short title (%s era)", async (era) => {
    const client = era === "legacy" ? c : await connectClient("hosts-modern", "modern")
    try {
      const { tools: listed } = await client.client.listTools()
      expect(listed).toHaveLength(tools.length)
      for (const tool of listed) {
        expect(tool.title, tool.name).toMatch(/^[A-Z][a-z]/)
        expect(tool.title!.length, tool.name).toBeLessThanOrEqual(30)
      }
      expect(listed.find((t) => t.name === "convert")?.title).toBe("Convert units")
      expect(listed.find((t) => t.name === "check_dimensions")?.title).toBe("Check dimensions")
    } finally {
      if (client !== c) await client.close()
    }
  })

  it("says who it is: title, description, website and icons a host can draw (a PNG and an SVG)", () => {
    const info = c.client.getServerVersion()!
    expect(info).toMatchObject({ name: "dimensional", title: expect.stringMatching(/^Dimensional/), websiteUrl: expect.stringMatching(/^https:\/\//) })
    const png = info.icons?.find((i) => i.mimeType === "image/png")
    expect(png?.sizes).toEqual(["64x64"])
    const bytes = Buffer.from(png!.src.replace(/^data:image\/png;base64,/, ""), "base64")
    expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    // IHDR: width and height
    expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([64, 64])
    const svg = info.icons?.find((i) => i.mimeType === "image/svg+xml")
    expect(Buffer.from(svg!.src.replace(/^data:image\/svg\+xml;base64,/, ""), "base64").toString()).toMatch(/^<svg [^>]*viewBox="0 0 64 64"/)
  })

  it("instructs in at most 1,000 characters: which tool answers what, how to apply likely_fix, where the error types are", () => {
    const instructions = c.client.getInstructions()!
    console.log(`instructions: ${instructions.length} characters`)
    expect(instructions.length).toBeLessThanOrEqual(1000)
    for (const phrase of [
      "convert:",
      "compute: dose and rate chains",
      "check_dimensions before",
      "list_* find names",
      "likely_fix",
      "fix.value",
      "dimensional://errors"
    ])
      expect(instructions).toContain(phrase)
    // the error types are in the resource, not here
    expect(instructions).not.toContain("no_conversion_path")
  })

  it("lists every error type in the errors resource, with its meaning and whether a corrected call helps", async () => {
    const { resources } = await c.client.listResources()
    expect(resources.map((r) => r.uri)).toContain("dimensional://errors")
    const body = JSON.parse(((await c.client.readResource({ uri: "dimensional://errors" })).contents[0] as { text: string }).text)
    expect(body.error_types.map((e: { error_type: string }) => e.error_type)).toEqual([...allErrorTypes])
    expect(body.error_types.find((e: { error_type: string }) => e.error_type === "dimension_mismatch").corrected_call_helps).toMatch(/^no: /)
    expect(Object.keys(body.failure)).toEqual(expect.arrayContaining(["error_type", "parameter", "likely_fix", "fix", "hints"]))
  })

  it("completes engineering_formula's formula from the formula names: reyn offers reynolds_number", async () => {
    const { completion } = await c.client.complete({ ref: { type: "ref/prompt", name: "engineering_formula" }, argument: { name: "formula", value: "reyn" } })
    expect(completion.values).toContain("reynolds_number")
    expect(completion).toMatchObject({ total: completion.values.length, hasMore: false })
    // a word inside a name too, after the names that begin with it
    const number = await c.client.complete({ ref: { type: "ref/prompt", name: "engineering_formula" }, argument: { name: "formula", value: "number" } })
    expect(number.completion.values).toContain("reynolds_number")
  })

  it("completes a quantity's unit by prefix from the catalog, of the argument's dimension", async () => {
    const complete = (prompt: string, name: string, value: string) =>
      c.client.complete({ ref: { type: "ref/prompt", name: prompt }, argument: { name, value } })
    const weight = (await complete("weight_based_dose", "weight", "154 l")).completion
    expect(weight.values).toContain("154 lb")
    // a weight is a mass: the litre is not offered
    expect(weight.values).not.toContain("154 L")
    const volume = (await complete("iv_drip_rate", "volume", "1000 m")).completion
    expect(volume.values).toContain("1000 mL")
    // the unit after the last operator: mcg/kg/m… completes the minute
    const dose = (await complete("weight_based_dose", "dose", "15 mcg/kg/mi")).completion
    expect(dose.values).toContain("15 mcg/kg/min")
    // nothing before a unit is begun
    expect((await complete("weight_based_dose", "weight", "154 ")).completion.values).toEqual([])
  })

  it("bounds a completion at 100 values and says there are more", async () => {
    const { completion } = await c.client.complete({ ref: { type: "ref/prompt", name: "weight_based_dose" }, argument: { name: "dose", value: "1 m" } })
    expect(completion.values).toHaveLength(100)
    expect(completion.hasMore).toBe(true)
    expect(completion.total).toBeGreaterThan(100)
    expect(completion.values.every((v) => v.startsWith("1 "))).toBe(true)
  })

  it("costs a model less than before issue 31, with all tools", async () => {
    const { tokens } = await modelFacing(c)
    console.log(`model-facing listing, all tools: ~${tokens} tokens (characters ÷ 4; 2,929 before issue 31)`)
    expect(tokens).toBeLessThan(2929)
  })
})

describe("--toolsets and --read-only", () => {
  it("puts each tool in exactly one named set", () => {
    const named = Object.values(toolsets).flatMap((set) => set.map((t) => t.name))
    expect([...named].sort()).toEqual(tools.map((t) => t.name).sort())
  })

  it.each(toolsetNames)("--toolsets %s lists its tools, and the instructions, resources and prompts follow", async (set) => {
    const c = await connectClient(`toolset-${set}`, "legacy", { [toolsetsEnv]: set })
    try {
      const { names, tokens } = await modelFacing(c)
      console.log(`model-facing listing, --toolsets ${set}: ${names.length} tools, ~${tokens} tokens`)
      expect(names).toEqual(tools.filter((t) => toolsets[set].some((s) => s.name === t.name)).map((t) => t.name))
      const instructions = c.client.getInstructions()!
      // every tool the instructions name is on
      const toolNames =
        /\b(convert|compute|decompose)(?=:)|\b(check_dimensions|add_quantities|call_formula|list_constants|declare_computation|validate_result)\b/g
      for (const named of instructions.match(toolNames) ?? []) expect(names, `instructions name ${named}`).toContain(named)
      const { resources } = await c.client.listResources()
      expect(resources.map((r) => r.uri).includes("dimensional://constants")).toBe(names.includes("list_constants"))
      expect(resources.map((r) => r.uri)).toContain("dimensional://errors")
      const { prompts } = await c.client.listPrompts()
      expect(prompts.some((p) => p.name === "engineering_formula")).toBe(names.includes("call_formula"))
      // a tool that is off is not there to call
      const off = tools.find((t) => !names.includes(t.name))!
      await expect(c.client.callTool({ name: off.name, arguments: {} })).rejects.toThrow(/Unknown tool/)
    } finally {
      await c.close()
    }
  })

  it("--toolsets convert lists exactly convert, check_dimensions, add_quantities, list_units, list_dimensions, list_scales", async () => {
    const c = await connectClient("toolset-convert-exact", "legacy", { [toolsetsEnv]: "convert" })
    try {
      expect((await c.client.listTools()).tools.map((t) => t.name).sort()).toEqual(
        ["convert", "check_dimensions", "add_quantities", "list_units", "list_dimensions", "list_scales"].sort()
      )
      expect((await c.call("convert", { value: 5, from_unit: "km", to_unit: "mi" })).data.quantity).toBeCloseTo(3.10686, 5)
      const { resourceTemplates } = await c.client.listResourceTemplates()
      expect(resourceTemplates.map((t) => t.uriTemplate)).toEqual(["dimensional://units/{dimension}"])
      await expect(c.client.readResource({ uri: "dimensional://formulas/bmi" })).rejects.toThrow(/Unknown resource/)
    } finally {
      await c.close()
    }
  })

  it("--read-only lists only the tools that change nothing", async () => {
    const c = await connectClient("read-only", "legacy", { [readOnlyEnv]: "true" })
    try {
      const { names, tokens } = await modelFacing(c)
      console.log(`model-facing listing, --read-only: ${names.length} tools, ~${tokens} tokens`)
      expect(names).toEqual(readOnlyNames)
      expect(names.some((n) => n.startsWith("define_") || n === "reset_session" || n === "declare_computation" || n === "validate_result")).toBe(false)
      expect(c.client.getInstructions()).not.toContain("define_")
    } finally {
      await c.close()
    }
  })

  it("combines sets, and --read-only with them", async () => {
    const c = await connectClient("combined", "legacy", { [toolsetsEnv]: "compute, workspace", [readOnlyEnv]: "true" })
    try {
      expect((await c.client.listTools()).tools.map((t) => t.name)).toEqual(["compute", "decompose"])
    } finally {
      await c.close()
    }
  })
})
