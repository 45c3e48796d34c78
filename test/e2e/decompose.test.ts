// decompose through an MCP client, and the property that ties it to compute and convert.
import fc from "fast-check"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type TestClient, connectClient } from "../support/mcp.ts"

let c: TestClient
beforeAll(async () => (c = await connectClient()))
afterAll(() => c.close())

const chain = async (query: string) => {
  const d = await c.call("decompose", { query })
  expect(d.isError, JSON.stringify(d.data)).toBe(false)
  const r = await c.call("compute", { initial_value: d.data.initial_value, initial_unit: d.data.initial_unit, factors: d.data.factors })
  return { decomposed: d.data, computed: r.data }
}

describe("decompose", () => {
  it("answers query mode with exact factors: 500 mL to L, 60 mph to km/h, 3 TB to GiB", async () => {
    expect((await chain("500 mL to L")).computed.quantity).toBeCloseTo(0.5, 15)
    expect((await chain("60 mph to km/h")).computed.quantity).toBeCloseTo(96.56064, 10)
    expect((await chain("3 TB to GiB")).computed.quantity).toBeCloseTo(3e12 / 2 ** 30, 8)
  })

  it("bridges exponents and compound targets: cm² → m² is 1e-4, W·h → kWh is 1e-3", async () => {
    const area = await chain("1 cm^2 to m^2")
    expect(area.decomposed.factors[0].value).toBeCloseTo(1e-4, 18)
    const energy = await chain("1500 W*h to kWh")
    expect(energy.computed.quantity).toBeCloseTo(1.5, 12)
    expect(energy.computed.unit).toBe("kWh")
  })

  it("reads 'in' and 'as' as units where they are: 1 in to cm is the inch, 3 in in cm too, 2 as to fs the attosecond", async () => {
    expect((await chain("1 in to cm")).computed.quantity).toBeCloseTo(2.54, 14)
    expect((await chain("3 in in cm")).computed.quantity).toBeCloseTo(7.62, 14)
    expect((await chain("12 in -> ft")).computed.quantity).toBeCloseTo(1, 14)
    expect((await chain("2 as to fs")).computed.quantity).toBeCloseTo(0.002, 17)
    expect((await chain("5 ft in m")).computed.quantity).toBeCloseTo(1.524, 14)
  })

  it("answers a query it cannot split with parse_error, and a misspelt unit with the whole query corrected", async () => {
    for (const query of ["5 m ft", "", "   ", "to m"]) {
      const { isError, data } = await c.call("decompose", { query })
      expect(isError, query).toBe(true)
      expect(data.error_type, query).toBe("parse_error")
      expect(data.parameter, query).toBe("query")
    }
    for (const [query, fixed] of [
      ["5 mgg to g", "5 mg to g"],
      ["5 g to mgg", "5 g to mg"],
      ["2 mcg/kgg → mg/kg", "2 mcg/kg → mg/kg"]
    ] as const) {
      const { data } = await c.call("decompose", { query })
      expect(data.fix, query).toEqual({ parameter: "query", value: fixed })
      // the promise of a fix: sent back as it stands, it is the call that was meant
      expect((await c.call("decompose", { query: data.fix.value })).isError, fixed).toBe(false)
    }
  })

  it("reports a temperature offset instead of dropping it", async () => {
    const { isError, data } = await c.call("decompose", { query: "100 degC to degF" })
    expect(isError).toBe(true)
    expect(data.error_type).toBe("no_conversion_path")
    expect(data.hints.join(" ")).toMatch(/1\.8·x \+ 32/)
  })

  it("solves seed 001's dosing problem: 5 mcg/kg/min for 70 kg → mg/h", async () => {
    const d = await c.call("decompose", { initial_unit: "mcg/(kg*min)", target_unit: "mg/h", known_quantities: [{ value: 70, unit: "kg" }] })
    const r = await c.call("compute", { initial_value: 5, initial_unit: "mcg/(kg*min)", factors: d.data.factors, expected_unit: "mg/h" })
    expect(r.data.converted.quantity).toBeCloseTo(21, 10)
  })

  it("bridges unit by unit, as on paper: kg cancels, mcg → mg, min → h", async () => {
    const d = await c.call("decompose", { initial_unit: "mcg/(kg*min)", target_unit: "mg/h", known_quantities: [{ value: 70, unit: "kg" }] })
    expect(d.data.factors).toEqual([
      { value: 70, numerator: "kg", denominator: "1" },
      { value: 0.001, numerator: "mg", denominator: "mcg" },
      { value: 60, numerator: "min", denominator: "h" }
    ])
  })

  it("solves the infusion: 5 mcg/kg/min, 80 kg, 400 mg in 250 mL → 15 mL/h", async () => {
    const d = await c.call("decompose", {
      initial_unit: "mcg/(kg*min)",
      target_unit: "mL/h",
      known_quantities: [
        { value: 80, unit: "kg" },
        { value: 400, unit: "mg" },
        { value: 250, unit: "mL" }
      ]
    })
    expect(d.isError).toBe(false)
    const r = await c.call("compute", { initial_value: 5, initial_unit: "mcg/(kg*min)", factors: d.data.factors })
    expect(r.data.quantity).toBeCloseTo(15, 10)
    expect(r.data.unit).toBe("mL/h")
  })

  it("solves seed 001's IV drip: 1000 mL over 8 h with 15 gtt/mL → 31.25 gtt/min", async () => {
    const d = await c.call("decompose", {
      initial_unit: "mL",
      target_unit: "gtt/min",
      known_quantities: [
        { value: 8, unit: "h" },
        { value: 15, unit: "gtt/mL" }
      ]
    })
    const r = await c.call("compute", { initial_value: 1000, initial_unit: "mL", factors: d.data.factors })
    expect(r.data.quantity).toBeCloseTo(31.25, 12)
    expect(r.data.unit).toBe("gtt/min")
  })

  it("explains a gap no placement can close", async () => {
    const { isError, data } = await c.call("decompose", { initial_unit: "mg", target_unit: "mg/h", known_quantities: [{ value: 70, unit: "kg" }] })
    expect(isError).toBe(true)
    expect(data.error_type).toBe("dimension_mismatch")
    expect(data.hints.join(" ")).toMatch(/time/)
  })

  it("says when only a count stands between the quantities and the target (3 ea/d), and what to ask instead", async () => {
    const known = [
      { value: 15, unit: "kg" },
      { value: 3, unit: "ea/d" }
    ]
    const { isError, data } = await c.call("decompose", { initial_unit: "mg/(kg*d)", target_unit: "mg", known_quantities: known })
    expect(isError).toBe(true)
    expect(data.error_type).toBe("dimension_mismatch")
    expect(data.hints.join(" ")).toMatch(/'3 ea\/d' carries a count.*mg\/ea.*3 \/d/)
    // both ways out work as the hint says
    expect((await c.call("decompose", { initial_unit: "mg/(kg*d)", target_unit: "mg/ea", known_quantities: known })).isError).toBe(false)
    const perDose = [known[0], { value: 3, unit: "/d" }]
    expect((await c.call("decompose", { initial_unit: "mg/(kg*d)", target_unit: "mg", known_quantities: perDose })).isError).toBe(false)
  })

  it("asks for query or both units", async () => {
    const { data } = await c.call("decompose", { initial_unit: "mg" })
    expect(data.error_type).toBe("invalid_input")
  })

  it("feeds compute exactly what convert answers (property)", async () => {
    const pairs = [
      ["km", "mi"],
      ["mL", "floz"],
      ["kg*m/s^2", "lbf"],
      ["mcg/(kg*min)", "mg/(kg*h)"],
      ["psi", "kPa"],
      ["GiB", "MB"],
      ["cm^3", "in^3"],
      ["kWh", "MJ"],
      ["mmHg", "kPa"],
      ["mph", "m/s"]
    ]
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...pairs), fc.double({ min: 1e-3, max: 1e6, noNaN: true }), async ([from, to], value) => {
        const { computed } = await chain(`${value} ${from} to ${to}`)
        const converted = await c.call("convert", { value, from_unit: from, to_unit: to })
        return Math.abs(computed.quantity - converted.data.quantity) <= 1e-12 * Math.abs(converted.data.quantity)
      }),
      { numRuns: 60 }
    )
  })
})
