// list_formulas and call_formula through the SDK client: seed 001's shapes and examples, every
// error type, session units and constants inside formulas, and ucon's call_formula bugs shown fixed.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type TestClient, connectClient } from "../support/mcp.ts"

let c: TestClient
beforeAll(async () => {
  c = await connectClient("formulas")
  await c.client.listTools() // from here on the client validates every structuredContent against the advertised outputSchema
})
afterAll(() => c.close())

const bmi = { mass: { value: 70, unit: "kg" }, height: { value: 1.75, unit: "m" } }

describe("list_formulas", () => {
  it("answers ΔG = ΔH − TΔS per mole or for the whole system, as the quantities given decide, and refuses a mix", async () => {
    const temperature = { value: 298.15, unit: "K" }
    const system = await c.call("call_formula", {
      name: "gibbs_free_energy",
      parameters: { enthalpy: { value: -285.8, unit: "kJ" }, temperature, entropy: { value: -163.15, unit: "J/K" } }
    })
    expect(system.data).toMatchObject({ formula: "gibbs_free_energy_extensive", unit: "J" })
    expect(system.data.quantity).toBeCloseTo(-285800 + 298.15 * 163.15, 6)
    expect(system.data.steps[0]).toMatch(/Read as gibbs_free_energy_extensive/)
    const mixed = await c.call("call_formula", {
      name: "gibbs_free_energy",
      parameters: { enthalpy: { value: -92.2, unit: "kJ/mol" }, temperature, entropy: { value: -198.7, unit: "J/K" } }
    })
    expect(mixed.data.error_type).toBe("dimension_mismatch")
  })

  it("is advertised with input and output schemas, next to call_formula", async () => {
    const { tools } = await c.client.listTools()
    for (const name of ["list_formulas", "call_formula"]) {
      const tool = tools.find((t) => t.name === name)
      expect(tool?.inputSchema.type).toBe("object")
      expect(tool?.outputSchema).toBeDefined()
    }
  })

  it("lists at least 36 formulas in 6 domains, as {result: [...]}", async () => {
    const { isError, data } = await c.call("list_formulas", { limit: 100 })
    expect(isError).toBe(false)
    expect(data.result.length).toBeGreaterThanOrEqual(36)
    expect(new Set(data.result.map((f: { domain: string }) => f.domain))).toEqual(
      new Set(["medical", "engineering", "chemistry", "physics", "reliability", "aerospace"])
    )
  })

  it("describes bmi as seed 001 does, plus the unit of the result and a ready-made example", async () => {
    const { data } = await c.call("list_formulas", { limit: 100 })
    expect(data.result.find((f: { name: string }) => f.name === "bmi")).toMatchObject({
      name: "bmi",
      description: "Body Mass Index: body mass divided by the square of height",
      domain: "medical",
      parameters: { mass: "mass", height: "length" },
      output_unit: "kg/m²",
      example: bmi
    })
  })

  it("filters by domain, and takes ucon's name 'sre' for reliability", async () => {
    const { data } = await c.call("list_formulas", { domain: "sre", limit: 100 })
    expect(data.result.map((f: { name: string }) => f.name)).toEqual([
      "availability",
      "error_budget_remaining",
      "allowed_downtime",
      "mtbf",
      "mttr",
      "throughput",
      "availability_from_uptime",
      "error_budget_from_errors",
      "data_throughput"
    ])
    const unknown = await c.call("list_formulas", { domain: "astrology" })
    expect(unknown.data).toMatchObject({ error_type: "invalid_input", parameter: "domain" })
  })

  it("gives examples that call_formula accepts, for every formula", async () => {
    const { data } = await c.call("list_formulas", { limit: 100 })
    for (const f of data.result as Array<{ name: string; example: Record<string, unknown> }>) {
      const r = await c.call("call_formula", { name: f.name, parameters: f.example })
      expect(r.isError, `${f.name}: ${JSON.stringify(r.data)}`).toBe(false)
    }
  })
})

describe("call_formula", () => {
  it("answers seed 001's example: bmi of 70 kg and 1.75 m is 22.857142857142858 kg/m²", async () => {
    const { isError, data } = await c.call("call_formula", { name: "bmi", parameters: bmi })
    expect(isError).toBe(false)
    expect(data).toMatchObject({ formula: "bmi", quantity: 22.857142857142858, unit: "kg/m²", dimension: "areal_density", uncertainty: null })
    expect(data.steps).toEqual(["mass = 70 kg", "height = 1.75 m"])
  })

  it("takes a dimensionless parameter as {value} alone (seed 001's parameter format)", async () => {
    const { data } = await c.call("call_formula", {
      name: "darcy_weisbach",
      parameters: {
        friction_factor: { value: 0.02 },
        length: { value: 100, unit: "m" },
        diameter: { value: 0.1, unit: "m" },
        density: { value: 1000, unit: "kg/m^3" },
        velocity: { value: 2, unit: "m/s" }
      }
    })
    expect(data).toMatchObject({ quantity: 40000, unit: "Pa", dimension: "pressure" })
  })

  it("reads 'mph' as mile per hour, not milli-phot (ucon resolved call_formula units without the session)", async () => {
    const { isError, data } = await c.call("call_formula", {
      name: "kinetic_energy",
      parameters: { mass: { value: 1, unit: "kg" }, velocity: { value: 60, unit: "mph" } }
    })
    expect(isError).toBe(false)
    expect(data.quantity).toBeCloseTo(359.72, 2)
  })

  it("uses this session's units: height in a defined 'hand' of 4 in", async () => {
    await c.call("define_unit", { name: "hand", dimension: "length", aliases: ["hh"] })
    await c.call("define_conversion", { src: "hand", dst: "in", factor: 4 })
    const { data } = await c.call("call_formula", { name: "bmi", parameters: { mass: { value: 150, unit: "lb" }, height: { value: 16.25, unit: "hh" } } })
    expect(data.quantity).toBeCloseTo(24.961, 3) // 16.25 hands = 65 in: the CDC example
    await c.call("reset_session")
  })

  it("uses this session's constants as units: mass in multiples of a defined patient mass", async () => {
    await c.call("define_constant", { symbol: "m_patient", name: "patient mass", value: 70, unit: "kg" })
    const { data } = await c.call("call_formula", { name: "bmi", parameters: { mass: { value: 1, unit: "m_patient" }, height: { value: 1.75, unit: "m" } } })
    expect(data.quantity).toBeCloseTo(22.857142857142858, 12)
    await c.call("reset_session")
  })

  it("propagates G's uncertainty and a parameter's own", async () => {
    const g = await c.call("call_formula", {
      name: "escape_velocity",
      parameters: { mass: { value: 5.9722e24, unit: "kg" }, radius: { value: 6371, unit: "km" } }
    })
    expect(g.data.quantity).toBeCloseTo(11186, 0)
    expect(g.data.uncertainty).toBeGreaterThan(0.1)
    const own = await c.call("call_formula", { name: "bmi", parameters: { ...bmi, mass: { value: 70, unit: "kg", uncertainty: 1 } } })
    expect(own.data.uncertainty).toBeCloseTo(1 / 3.0625, 6)
  })

  it("gives the result in output_unit when asked: drag in lbf", async () => {
    const { data } = await c.call("call_formula", {
      name: "drag_force",
      parameters: {
        drag_coefficient: { value: 0.3 },
        density: { value: 1.225, unit: "kg/m^3" },
        velocity: { value: 30, unit: "m/s" },
        area: { value: 2.2, unit: "m^2" }
      },
      output_unit: "lbf"
    })
    expect(data.unit).toBe("lbf")
    expect(data.quantity).toBeCloseTo(363.825 / 4.4482216152605, 9)
  })
})

describe("call_formula errors", () => {
  it("unknown_formula with a likely fix and every formula in the hints", async () => {
    const { isError, data } = await c.call("call_formula", { name: "bmj", parameters: bmi })
    expect(isError).toBe(true)
    expect(data).toMatchObject({ error_type: "unknown_formula", formula: "bmj", parameter: "name", likely_fix: "bmi" })
    expect(data.hints.join(" ")).toMatch(/Available formulas: bmi, bsa, .*throughput.*lift_force/)
  })

  it("missing_parameter naming the parameter and its expected dimension (seed 001)", async () => {
    const { data } = await c.call("call_formula", { name: "bmi", parameters: { mass: { value: 70, unit: "kg" } } })
    expect(data).toMatchObject({
      error: "Missing required parameter: 'height'",
      error_type: "missing_parameter",
      formula: "bmi",
      parameter: "parameters.height",
      expected: "length"
    })
    expect(data.hints[0]).toMatch(/^Parameter 'height' expects dimension: length/)
  })

  it("invalid_parameter for an unknown unit, with the unit's likely fix (ucon gave no hints)", async () => {
    const { data } = await c.call("call_formula", { name: "bmi", parameters: { ...bmi, mass: { value: 70, unit: "kilgoram" } } })
    expect(data).toMatchObject({ error_type: "invalid_parameter", parameter: "parameters.mass", got: "kilgoram", likely_fix: "kilogram (kg)" })
  })

  it("invalid_parameter for an unexpected parameter", async () => {
    const { data } = await c.call("call_formula", { name: "bmi", parameters: { ...bmi, age: { value: 40, unit: "yr" } } })
    expect(data).toMatchObject({ error_type: "invalid_parameter", parameter: "parameters.age" })
  })

  it("invalid_input for a malformed parameter value (not a number)", async () => {
    const { data } = await c.call("call_formula", { name: "bmi", parameters: { ...bmi, mass: { value: "seventy", unit: "kg" } } })
    expect(data).toMatchObject({ error_type: "invalid_input", parameter: "parameters.mass.value" })
  })

  it("dimension_mismatch with the formula parameter and both dimensions", async () => {
    const { data } = await c.call("call_formula", { name: "bmi", parameters: { ...bmi, height: { value: 1.75, unit: "kg" } } })
    expect(data).toMatchObject({ error_type: "dimension_mismatch", parameter: "parameters.height", got: "mass", expected: "length" })
  })

  it("execution_error for a result that is not a finite number", async () => {
    const { data } = await c.call("call_formula", {
      name: "orbital_velocity",
      parameters: { mass: { value: -5, unit: "kg" }, radius: { value: 1, unit: "m" } }
    })
    expect(data).toMatchObject({ error_type: "execution_error", formula: "orbital_velocity" })
  })
})
