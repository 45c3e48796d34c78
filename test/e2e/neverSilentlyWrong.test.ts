// Through an MCP client: inputs with two plausible meanings are refused with both, and inputs with
// an impossible meaning are refused naming the limit; the agent sees a structured error it can act on.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type TestClient, connectClient } from "../support/mcp.ts"

let c: TestClient
beforeAll(async () => (c = await connectClient()))
afterAll(() => c.close())

describe("never silently wrong, as an agent sees it", () => {
  it("20 dB → 1 is ambiguous_input with the power and field readings, never retried", async () => {
    const { isError, data } = await c.call("convert", { value: 20, from_unit: "dB", to_unit: "1" })
    expect(isError).toBe(true)
    expect(data.error_type).toBe("ambiguous_input")
    expect(data.readings.map((r: { value: number }) => r.value)).toEqual([100, 10])
    expect(data.likely_fix).toBeNull()
  })

  it("bare R is refused with the roentgen, the Rankine scale and the gas constant; mR/h is the survey meter's milliroentgen", async () => {
    const { isError, data } = await c.call("convert", { value: 520, from_unit: "R", to_unit: "K" })
    expect(isError).toBe(true)
    expect(data.error_type).toBe("ambiguous_input")
    expect(data.readings.map((r: { unit: string }) => r.unit)).toEqual(["roentgen", "°R", "8.31446261815324 J/(mol*K)"])
    expect(data.readings[1].value).toBeCloseTo(288.8888888888889, 12)
    // UCUM's R is the roentgen, and a prefix settles it in the conventional notation too
    expect((await c.call("convert", { value: 1, from_unit: "R", to_unit: "C/kg", notation: "ucum" })).data.quantity).toBeCloseTo(2.58e-4, 18)
    expect((await c.call("convert", { value: 2, from_unit: "mR/h", to_unit: "nC/(kg*h)" })).data.quantity).toBeCloseTo(516, 12)
    expect((await c.call("convert", { value: 50, from_unit: "uR/h", to_unit: "mR/h" })).data.quantity).toBeCloseTo(0.05, 15)
  })

  it("a drug's units (ISMP: written out) convert only to themselves, while the rest of a rate converts: a heparin drip", async () => {
    expect((await c.call("convert", { value: 18, from_unit: "units/kg/h", to_unit: "units/kg/min" })).data.quantity).toBeCloseTo(0.3, 15)
    // 18 units/kg/h for 80 kg, 25,000 units in 250 mL → 14.4 mL/h
    const drip = await c.call("compute", {
      initial_value: 18,
      initial_unit: "units/(kg*h)",
      factors: [
        { value: 80, numerator: "kg", denominator: "1" },
        { numerator: "250 mL", denominator: "25000 units" }
      ],
      expected_unit: "mL/h"
    })
    expect(drip.data.converted.quantity).toBeCloseTo(14.4, 12)
    // never IU, never the enzyme unit, never a plain number
    for (const to of ["IU", "U", "%", "1"]) expect((await c.call("convert", { value: 10, from_unit: "units", to_unit: to })).isError, to).toBe(true)
  })

  it("a detector's count rate in counts/min or cpm converts; cps is refused: counts, cycles, or the centipoise", async () => {
    expect((await c.call("convert", { value: 600, from_unit: "counts/min", to_unit: "counts/s" })).data.quantity).toBe(10)
    expect((await c.call("convert", { value: 600, from_unit: "cpm", to_unit: "ea/s" })).data.quantity).toBe(10)
    const cps = await c.call("convert", { value: 1000, from_unit: "cps", to_unit: "Pa*s" })
    expect(cps.data.error_type).toBe("ambiguous_input")
    expect(cps.data.readings.map((r: { unit: string }) => r.unit)).toEqual(["ea/s", "Hz", "cP"])
  })

  it("units reserved for different kinds of one dimension never convert: Gy → Sv, Bq → Hz, VA → W, kWh → kVAh", async () => {
    for (const [from, to, notation] of [
      ["Gy", "Sv", "conventional"],
      ["mGy/h", "mSv/h", "conventional"],
      ["rad_dose", "rem", "conventional"],
      ["Gy", "Sv", "ucum"],
      ["Bq", "Hz", "conventional"],
      ["GBq", "GHz", "ucum"],
      ["kVA", "kW", "conventional"],
      ["kvar", "kVA", "conventional"],
      ["kWh", "kVAh", "conventional"]
    ] as const) {
      const { isError, data } = await c.call("convert", { value: 2, from_unit: from, to_unit: to, notation })
      expect(isError, `${from} → ${to}`).toBe(true)
      expect(data.error_type, `${from} → ${to}`).toBe("no_conversion_path")
    }
    const dose = await c.call("convert", { value: 2, from_unit: "Gy", to_unit: "Sv" })
    expect(dose.data.hints.join(" ")).toMatch(/w_R/)
    // the factor that relates them, given explicitly, is how an agent gets there
    const weighted = await c.call("compute", { initial_value: 2, initial_unit: "Gy", factors: [{ value: 20, numerator: "Sv", denominator: "Gy" }] })
    expect(weighted.data).toMatchObject({ quantity: 40, unit: "Sv" })
    // within a kind, and to base units that name no kind, everything converts
    for (const [from, to, expected] of [
      ["Gy", "J/kg", 2],
      ["cGy", "rad_dose", 2],
      ["mCi", "MBq", 74],
      ["Bq", "1/s", 2],
      ["V*A", "W", 2],
      ["W*h", "kWh", 0.002],
      ["kW", "hp", 2 / 0.7456998715822702]
    ] as const) {
      const { isError, data } = await c.call("convert", { value: 2, from_unit: from, to_unit: to })
      expect(isError, `${from} → ${to}`).toBe(false)
      expect(data.quantity, `${from} → ${to}`).toBeCloseTo(expected, 12)
    }
  })

  it("10 delta_degC → degC is refused as a point/difference mismatch, placed at the target unit", async () => {
    const { isError, data } = await c.call("convert", { value: 10, from_unit: "delta_degC", to_unit: "degC" })
    expect(isError).toBe(true)
    expect(data.error_type).toBe("dimension_mismatch")
    expect(data.parameter).toBe("to_unit")
    expect(data.error).toMatch(/temperature difference/)
  })

  it("-300 degC → K is invalid_value naming absolute zero", async () => {
    const { isError, data } = await c.call("convert", { value: -300, from_unit: "degC", to_unit: "K" })
    expect(isError).toBe(true)
    expect(data.error_type).toBe("invalid_value")
    expect(data.parameter).toBe("value")
    expect(data.expected).toMatch(/-273\.15 degC/)
  })

  it("10 degC → K*mm/m keeps the offset: 283150", async () => {
    const { isError, data } = await c.call("convert", { value: 10, from_unit: "degC", to_unit: "K*mm/m" })
    expect(isError).toBe(false)
    expect(data.quantity).toBeCloseTo(283150, 6)
    expect(data.conversion).toBe("affine")
  })

  it("a number where a unit belongs is invalid_input naming the field, never the unit '5'", async () => {
    for (const [tool, args, field] of [
      ["convert", { value: 1, from_unit: 5, to_unit: "ft" }, "from_unit"],
      ["check_dimensions", { unit_a: "kg", unit_b: 1 }, "unit_b"],
      ["compute", { initial_value: 2, initial_unit: "h", factors: [{ value: 60, numerator: "min", denominator: 1 }] }, "factors[0].denominator"]
    ] as const) {
      const { isError, data } = await c.call(tool, args as Record<string, unknown>)
      expect(isError).toBe(true)
      expect(data.error_type).toBe("invalid_input")
      expect(data.issues.map((i: { field: string }) => i.field)).toContain(field)
      expect(data.corrections ?? []).toEqual([])
    }
  })

  it("an unknown unit's fix is ready to send: likely_fix and fix.value pasted back give the intended call", async () => {
    const first = await c.call("convert", { value: 2, from_unit: "mcg/kgg", to_unit: "mg/kg" })
    expect(first.data.fix).toEqual({ parameter: "from_unit", value: "mcg/kg" })
    expect(first.data.likely_fix).toBe("mcg/kg")
    const alone = await c.call("convert", { value: 2, from_unit: "kilgoram", to_unit: "g" })
    expect(alone.data.likely_fix).toBe("kilogram (kg)")
    const pasted = await c.call("convert", { value: 2, from_unit: alone.data.likely_fix, to_unit: "g" })
    expect(pasted.isError).toBe(false)
    expect(pasted.data.quantity).toBe(2000)
  })
})
