// Each known ucon weakness (ucon-tools 0.4.6, as the reference notes of this project list them) that concerns these tools,
// shown right here (the numbers in the titles are the inventory's list).
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type TestClient, connectClient } from "../support/mcp.ts"

let c: TestClient
beforeAll(async () => (c = await connectClient()))
afterAll(() => c.close())

const convert = (value: number, from_unit: string, to_unit: string) => c.call("convert", { value, from_unit, to_unit })

describe("ucon's known bugs, fixed", () => {
  it("6: gray and sievert are J/kg, not energy; lumen carries the steradian; nit is not lux", async () => {
    expect((await c.call("check_dimensions", { unit_a: "Gy", unit_b: "J" })).data.compatible).toBe(false)
    expect((await c.call("check_dimensions", { unit_a: "Sv", unit_b: "J/kg" })).data.compatible).toBe(true)
    expect((await c.call("check_dimensions", { unit_a: "lm", unit_b: "cd" })).data.compatible).toBe(false)
    expect((await c.call("check_dimensions", { unit_a: "nit", unit_b: "lx" })).data.compatible).toBe(false)
    expect((await c.call("check_dimensions", { unit_a: "Wb/m", unit_b: "H/m" })).data.compatible).toBe(false)
  })

  it("7: × works on its own, decimal prefixes reach exa to quetta and atto to quecto", async () => {
    expect((await convert(1, "N×m", "J")).data.quantity).toBe(1)
    expect((await convert(1, "EB", "PB")).data.quantity).toBe(1000)
    expect((await convert(1, "am", "fm")).data.quantity).toBeCloseTo(1e-3, 15)
    expect((await convert(1, "Qm", "Rm")).data.quantity).toBeCloseTo(1000, 9)
  })

  it("8: suggestions know session units", async () => {
    await c.call("define_unit", { name: "widget", dimension: "count" })
    expect((await convert(1, "widgte", "ea")).data.likely_fix).toBe("widget")
    await c.call("reset_session")
  })

  it("12: 1 Np is 8.686 dB (field level), not 4.343", async () => {
    expect((await convert(1, "Np", "dB")).data.quantity).toBeCloseTo(8.685889638065036, 12)
  })

  it("13: a dimension mismatch says what was given and what was needed, and an unknown dimension is not 'unknown_unit'", async () => {
    const mismatch = await convert(1, "kg", "m")
    expect(mismatch.data).toMatchObject({ parameter: "to_unit", got: "length", expected: "mass" })
    expect((await c.call("list_units", { dimension: "lenght" })).data).toMatchObject({ error_type: "invalid_input", likely_fix: "length" })
  })
})
