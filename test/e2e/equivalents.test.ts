// Equivalents and osmoles convert to moles only with the substance's valence or particle count,
// never with an assumed 1; given it, in either notation, the conversion is exact and says so.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type TestClient, connectClient } from "../support/mcp.ts"

let c: TestClient
beforeAll(async () => (c = await connectClient("equivalents")))
afterAll(() => c.close())

describe("mEq and mOsm", () => {
  it("refuse mEq/L → mmol/L without a valence, saying why", async () => {
    const { isError, data } = await c.call("convert", { value: 140, from_unit: "mEq/L", to_unit: "mmol/L" })
    expect(isError).toBe(true)
    expect(data.error_type).toBe("no_conversion_path")
    expect(data.hints.join(" ")).toMatch(/valence/)
  })

  it("convert with the valence given: 140 mEq/L of Na⁺ = 140 mmol/L, 5 mEq/L of Ca²⁺ = 2.5 mmol/L", async () => {
    expect((await c.call("convert", { value: 140, from_unit: "mEq/L", to_unit: "mmol/L", valence: 1 })).data.quantity).toBeCloseTo(140, 12)
    const calcium = await c.call("convert", { value: 5, from_unit: "mEq/L", to_unit: "mmol/L", valence: 2 })
    expect(calcium.data.quantity).toBeCloseTo(2.5, 12)
    expect(calcium.data.notes.join(" ")).toMatch(/valence 2/)
  })

  it("convert osmoles with the particles given, and in UCUM too", async () => {
    expect((await c.call("convert", { value: 290, from_unit: "mOsm/kg", to_unit: "mmol/kg", particles: 2 })).data.quantity).toBeCloseTo(145, 12)
    expect((await c.call("convert", { value: 4, from_unit: "meq/L", to_unit: "mmol/L", valence: 2, notation: "ucum" })).data.quantity).toBeCloseTo(2, 12)
    expect((await c.call("convert", { value: 140, from_unit: "mEq/L", to_unit: "Eq/L" })).data.quantity).toBeCloseTo(0.14, 14)
  })
})
