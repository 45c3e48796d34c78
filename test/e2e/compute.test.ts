// compute through an MCP client: seed 001's examples, step localisation, factor checking.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type TestClient, connectClient } from "../support/mcp.ts"

let c: TestClient
beforeAll(async () => (c = await connectClient()))
afterAll(() => c.close())

const dosing = [
  { value: 1, numerator: "kg", denominator: "2.205 lb" },
  { value: 15, numerator: "mg", denominator: "kg*day" },
  { value: 1, numerator: "day", denominator: "3 ea" }
]

describe("compute", () => {
  it("runs seed 001's weight-based dose: 154 lb → 349.206… mg/ea, with every step", async () => {
    const { isError, data } = await c.call("compute", { initial_value: 154, initial_unit: "lb", factors: dosing })
    expect(isError).toBe(false)
    expect(data.quantity).toBeCloseTo((154 / 2.205) * 5, 10)
    expect(data.unit).toBe("mg/ea")
    expect(data.dimension).toBe("mass/count")
    expect(data.steps.map((s: { unit: string }) => s.unit)).toEqual(["lb", "kg", "mg/d", "mg/ea"])
    expect(data.warnings).toEqual([])
  })

  it("runs seed 001's IV drip with drop/gtt defined inline: 1000 mL → 31.25 gtt/min", async () => {
    const { isError, data } = await c.call("compute", {
      initial_value: 1000,
      initial_unit: "mL",
      factors: [
        { value: 15, numerator: "drop", denominator: "mL" },
        { value: 1, numerator: "1", denominator: "8 hr" },
        { value: 1, numerator: "hr", denominator: "60 min" }
      ],
      custom_units: [{ name: "drop", dimension: "count", aliases: ["gtt"] }]
    })
    expect(isError).toBe(false)
    expect(data.quantity).toBe(31.25)
    expect(data.unit).toBe("gtt/min")
  })

  it("reads denominators that start with a number: 1e3 mcg, .5 mg, 8 hr", async () => {
    const { data } = await c.call("compute", {
      initial_value: 2,
      initial_unit: "mg",
      factors: [
        { value: 1000, numerator: "mcg", denominator: "mg" },
        { value: 1, numerator: "1", denominator: "1e3 mcg" },
        { value: 1, numerator: "1", denominator: ".5 mg" }
      ]
    })
    expect(data.quantity).toBeCloseTo(4, 12)
    expect(data.unit).toBe("1/mg")
  })

  it("warns when a same-dimension factor is wrong (1 kg / 2.0 lb is 10 % off) and keeps the factor as given", async () => {
    const { data } = await c.call("compute", { initial_value: 154, initial_unit: "lb", factors: [{ value: 1, numerator: "kg", denominator: "2.0 lb" }] })
    expect(data.quantity).toBe(77)
    expect(data.warnings).toHaveLength(1)
    expect(data.warnings[0]).toMatch(/off by 10\.2%/)
  })

  it("accepts a rounded factor (1 kg / 2.205 lb) without a warning", async () => {
    const { data } = await c.call("compute", { initial_value: 1, initial_unit: "lb", factors: [dosing[0]] })
    expect(data.warnings).toEqual([])
  })

  it("converts the result to a compatible expected_unit", async () => {
    const { data } = await c.call("compute", { initial_value: 154, initial_unit: "lb", factors: dosing.slice(0, 2), expected_unit: "g/wk" })
    expect(data.unit).toBe("mg/d")
    expect(data.converted.unit).toBe("g/wk")
    expect(data.converted.quantity).toBeCloseTo(((154 / 2.205) * 15 * 7) / 1000, 10)
  })

  it("fails with dimension_mismatch when the expected unit is incompatible, saying what is missing", async () => {
    const { isError, data } = await c.call("compute", { initial_value: 154, initial_unit: "lb", factors: dosing.slice(0, 1), expected_unit: "mg/h" })
    expect(isError).toBe(true)
    expect(data.error_type).toBe("dimension_mismatch")
    expect(data.parameter).toBe("expected_unit")
    expect(data.hints.join(" ")).toMatch(/Missing 'per time'/)
  })

  it("names the failing factor by step (seed 000: foo in step 1)", async () => {
    const { isError, data } = await c.call("compute", {
      initial_value: 100,
      initial_unit: "kg",
      factors: [
        { numerator: "lb", denominator: "kg" },
        { numerator: "foo", denominator: "lb" }
      ]
    })
    expect(isError).toBe(true)
    expect(data.error_type).toBe("unknown_unit")
    expect(data.step).toBe(1)
    expect(data.parameter).toBe("factors[1].numerator")
    // a factor missing its numerator is placed at its step too
    const missing = await c.call("compute", { initial_value: 1, initial_unit: "kg", factors: [{ denominator: "g" }] })
    expect(missing.data).toMatchObject({ error_type: "invalid_input", parameter: "factors[0].numerator", step: 0 })
  })

  it("keeps leftover units of one dimension (mcg/mg) as computed, and says how to get one unit", async () => {
    const { data } = await c.call("compute", { initial_value: 500, initial_unit: "mcg", factors: [{ value: 1, numerator: "1", denominator: "mg" }] })
    expect(data.unit).toBe("mcg/mg")
    expect(data.quantity).toBe(500)
    expect(data.notes.join(" ")).toMatch(/expected unit/)
    const converted = await c.call("compute", {
      initial_value: 500,
      initial_unit: "mcg",
      factors: [{ value: 1, numerator: "1", denominator: "mg" }],
      expected_unit: "1"
    })
    expect(converted.data.converted.quantity).toBeCloseTo(0.5, 12)
  })

  it("rejects a zero factor as a computation_error at its step", async () => {
    const { data } = await c.call("compute", { initial_value: 1, initial_unit: "kg", factors: [{ value: 0, numerator: "lb", denominator: "kg" }] })
    expect(data.error_type).toBe("computation_error")
    expect(data.step).toBe(0)
  })
})
