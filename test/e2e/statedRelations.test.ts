// Through a real MCP client: the arguments that state a relation (substance, molar_mass,
// equivalence, atmospheric_pressure) reach the engine, each failure names the argument at fault,
// and the reciprocal answer says what it did.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type TestClient, connectClient } from "../support/mcp.ts"

let c: TestClient
beforeAll(async () => (c = await connectClient("stated-relations")))
afterAll(() => c.close())

describe("convert with a stated relation", () => {
  it("answers 30 mpg in L/100km as the reciprocal, with conversion 'reciprocal' and a note", async () => {
    const { isError, data } = await c.call("convert", { value: 30, from_unit: "mpg", to_unit: "L/100km" })
    expect(isError).toBe(false)
    expect(data.quantity).toBeCloseTo(7.8404861, 7)
    expect(data.conversion).toBe("reciprocal")
    expect(data.notes.join(" ")).toMatch(/reciprocal/i)
  })

  it("converts mg/dL to mmol/L with substance or molar_mass, and names the parameter when either is wrong", async () => {
    expect((await c.call("convert", { value: 100, from_unit: "mg/dL", to_unit: "mmol/L", substance: "glucose" })).data.quantity).toBeCloseTo(5.5507449, 7)
    const bad = await c.call("convert", { value: 100, from_unit: "mg/dL", to_unit: "mmol/L", molar_mass: "180" })
    expect(bad.isError).toBe(true)
    expect(bad.data.parameter).toBe("molar_mass")
    const unknown = await c.call("convert", { value: 100, from_unit: "mg/dL", to_unit: "mmol/L", substance: "glucos" })
    expect(unknown.data.parameter).toBe("substance")
    const none = await c.call("convert", { value: 100, from_unit: "mg/dL", to_unit: "mmol/L" })
    expect(none.data.error_type).toBe("dimension_mismatch")
  })

  it("takes an equivalence and an atmospheric pressure", async () => {
    expect((await c.call("convert", { value: 500, from_unit: "nm", to_unit: "THz", equivalence: "spectral" })).data.quantity).toBeCloseTo(599.584916, 6)
    expect((await c.call("convert", { value: 30, from_unit: "psig", to_unit: "psia", atmospheric_pressure: "14.7 psi" })).data.quantity).toBeCloseTo(44.7, 10)
    const refused = await c.call("convert", { value: 30, from_unit: "psig", to_unit: "psia" })
    expect(refused.data.error_type).toBe("ambiguous_input")
  })

  it("reports in check_dimensions what would relate two units", async () => {
    expect((await c.call("check_dimensions", { unit_a: "mg/dL", unit_b: "mmol/L" })).data.related_by).toEqual(["molar_mass"])
  })
})
