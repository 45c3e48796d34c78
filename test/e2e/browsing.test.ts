// Clients that browse: the catalog, constants and formulas as resources (with templates and
// completion), and the common workflows as prompts, through the SDK client.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type TestClient, connectClient } from "../support/mcp.ts"

let c: TestClient
beforeAll(async () => (c = await connectClient("browsing")))
afterAll(() => c.close())

const json = (r: { contents: Array<{ text?: string; blob?: string }> }) => JSON.parse(r.contents[0]!.text!)

describe("resources", () => {
  it("lists the error types, the dimensions, constants and formulas, and templates for one dimension's units and one formula", async () => {
    const { resources } = await c.client.listResources()
    expect(resources.map((r) => r.uri)).toEqual(["dimensional://errors", "dimensional://dimensions", "dimensional://constants", "dimensional://formulas"])
    const { resourceTemplates } = await c.client.listResourceTemplates()
    expect(resourceTemplates.map((t) => t.uriTemplate)).toEqual(["dimensional://units/{dimension}", "dimensional://formulas/{name}"])
  })

  it("reads them, each under 64 KB", async () => {
    const pressure = await c.client.readResource({ uri: "dimensional://units/pressure" })
    expect(json(pressure).result.map((u: { shorthand: string }) => u.shorthand)).toEqual(expect.arrayContaining(["Pa", "bar", "psi"]))
    const bmi = json(await c.client.readResource({ uri: "dimensional://formulas/bmi" }))
    expect(bmi).toMatchObject({ name: "bmi", output_unit: "kg/m²" })
    for (const uri of ["dimensional://dimensions", "dimensional://constants", "dimensional://formulas"]) {
      const r = await c.client.readResource({ uri })
      expect(JSON.stringify(r.contents[0]).length, uri).toBeLessThan(64 * 1024)
    }
    await expect(c.client.readResource({ uri: "dimensional://units/nonsense" })).rejects.toThrow(/Unknown resource/)
    // a malformed escape is an unknown resource (invalid params, -32602), not a server fault (-32603),
    // and the error echoes at most 120 characters of the URI
    const malformed = await c.client.readResource({ uri: "dimensional://formulas/%E0%A4%A" }).then(
      () => undefined,
      (e: { code?: number; message: string }) => e
    )
    expect(malformed).toMatchObject({ code: -32602, message: expect.stringMatching(/Unknown resource/) })
    const long = `dimensional://formulas/${"x".repeat(100_000)}`
    const refused = await c.client.readResource({ uri: long }).then(
      () => "",
      (e: Error) => e.message
    )
    expect(refused).toMatch(/Unknown resource/)
    expect(refused.length).toBeLessThan(2000)
  })

  it("completes template arguments", async () => {
    const dimension = await c.client.complete({
      ref: { type: "ref/resource", uri: "dimensional://units/{dimension}" },
      argument: { name: "dimension", value: "pre" }
    })
    expect(dimension.completion.values).toContain("pressure")
    const formula = await c.client.complete({ ref: { type: "ref/resource", uri: "dimensional://formulas/{name}" }, argument: { name: "name", value: "reyn" } })
    expect(formula.completion.values).toEqual(["reynolds_number"])
  })
})

describe("prompts", () => {
  it("offers the weight-based dose, IV drip rate and engineering formula workflows, filled with the client's arguments", async () => {
    const { prompts } = await c.client.listPrompts()
    expect(prompts.map((p) => p.name)).toEqual(["weight_based_dose", "iv_drip_rate", "engineering_formula"])
    const drip = await c.client.getPrompt({ name: "iv_drip_rate", arguments: { volume: "1000 mL", time: "8 h", drop_factor: "15 gtt/mL" } })
    const text = (drip.messages[0]!.content as { text: string }).text
    expect(text).toContain("1000 mL")
    expect(text).toContain("compute")
    await expect(c.client.getPrompt({ name: "iv_drip_rate", arguments: { volume: "1 L" } })).rejects.toThrow(/needs/)
    await expect(c.client.getPrompt({ name: "x".repeat(50_000) })).rejects.toThrow(/Unknown prompt: x{117}… \(50000 characters\)/)
  })
})
