// list_constants and define_constant through the SDK client, as an agent calls them.
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { type TestClient, connectClient } from "../support/mcp.ts"

let client: TestClient
beforeEach(async () => {
  client = await connectClient()
})
afterEach(async () => {
  await client.close()
})

const gLocal = { symbol: "g_local", name: "local gravitational acceleration", value: 9.81, unit: "m/s^2", uncertainty: 0.01, source: "measured on site" }

const listed = async (category?: string): Promise<Array<Record<string, unknown>>> => {
  const r = await client.call("list_constants", category === undefined ? { limit: 100 } : { category, limit: 100 })
  expect(r.isError).toBe(false)
  return r.data.result
}

describe("list_constants", () => {
  it("lists all 59 built-in constants in ucon's ConstantInfo shape, sorted by category then symbol", async () => {
    const all = await listed()
    expect(all).toHaveLength(59)
    for (const c of all)
      expect(Object.keys(c).sort()).toEqual(["category", "dimension", "is_exact", "name", "source", "symbol", "uncertainty", "unit", "value"])
    expect(all.map((c) => c.category)).toEqual([...all.map((c) => c.category as string)].sort())
    expect(all.find((c) => c.symbol === "G")).toEqual({
      symbol: "G",
      name: "Newtonian constant of gravitation",
      value: 6.6743e-11,
      unit: "m^3/(kg*s^2)",
      dimension: "gravitation",
      uncertainty: 1.5e-15,
      is_exact: false,
      source: "CODATA 2022",
      category: "measured"
    })
  })

  it("filters by category: 9 exact, 15 derived, 35 measured, no session constants yet", async () => {
    expect((await listed("exact")).length).toBe(9)
    expect((await listed("derived")).length).toBe(15)
    expect((await listed("measured")).length).toBe(35)
    expect(await listed("session")).toEqual([])
    expect((await listed("all")).length).toBe(59)
  })

  it("returns CODATA 2022 values, not the 2018 ones ucon labels 2022: mₑ = 9.1093837139e-31 kg", async () => {
    const measured = await listed("measured")
    expect(measured.find((c) => c.symbol === "mₑ")).toMatchObject({ value: 9.1093837139e-31, uncertainty: 2.8e-40, unit: "kg", dimension: "mass" })
    expect(measured.find((c) => c.symbol === "α")).toMatchObject({ value: 0.0072973525643, uncertainty: 1.1e-12, dimension: "ratio" })
  })

  it("fails with invalid_input naming the valid categories for an unknown one", async () => {
    const r = await client.call("list_constants", { category: "invalid" })
    expect(r.isError).toBe(true)
    // the categories are a closed set in the tool's schema, so decoding names them all
    expect(r.data).toMatchObject({ error_type: "invalid_input", parameter: "category" })
    expect(r.data.hints.join(" ")).toMatch(/"exact", "derived", "measured", "session", "all"/)
  })
})

describe("define_constant", () => {
  it("registers g_local and tells the agent how to use it as a unit", async () => {
    const r = await client.call("define_constant", gLocal)
    expect(r.isError).toBe(false)
    expect(r.data).toEqual({
      success: true,
      symbol: "g_local",
      name: "local gravitational acceleration",
      unit: "m/s^2",
      uncertainty: 0.01,
      message: expect.stringMatching(/^Constant 'g_local' registered in workspace \S+\.$/),
      usage: "Use 'g_local' as a unit in convert, compute, decompose or call_formula: convert(1, 'g_local', 'm/s^2') → 9.81",
      workspace: "test"
    })
  })

  it("lists the constant under 'session' with its dimension, and counts it in 'all'", async () => {
    await client.call("define_constant", gLocal)
    await client.call("define_constant", { symbol: "vₛ", name: "speed of sound in dry air at 20°C", value: 343, unit: "m/s" })
    expect(await listed("session")).toEqual([
      {
        symbol: "g_local",
        name: "local gravitational acceleration",
        value: 9.81,
        unit: "m/s^2",
        dimension: "acceleration",
        uncertainty: 0.01,
        is_exact: false,
        source: "measured on site",
        category: "session"
      },
      {
        symbol: "vₛ",
        name: "speed of sound in dry air at 20°C",
        value: 343,
        unit: "m/s",
        dimension: "velocity",
        uncertainty: null,
        is_exact: true,
        source: "user-defined",
        category: "session"
      }
    ])
    expect((await listed()).length).toBe(61)
  })

  it("makes the constant a unit of the session: convert(2, 'g_local', 'm/s^2') is 19.62", async () => {
    await client.call("define_constant", gLocal)
    const r = await client.call("convert", { value: 2, from_unit: "g_local", to_unit: "m/s^2" })
    expect(r.isError).toBe(false)
    expect(r.data.quantity).toBeCloseTo(19.62, 12)
    const force = await client.call("convert", { value: 70, from_unit: "kg*g_local", to_unit: "N" })
    expect(force.data.quantity).toBeCloseTo(686.7, 10)
  })

  it("lets compute and decompose use the constant as a unit: 70 kg × g_local is 686.7 N", async () => {
    await client.call("define_constant", gLocal)
    const computed = await client.call("compute", {
      initial_value: 70,
      initial_unit: "kg",
      factors: [{ numerator: "g_local", denominator: "1" }],
      expected_unit: "N"
    })
    expect(computed.isError).toBe(false)
    expect(computed.data.dimension).toBe("force")
    expect(computed.data.converted.quantity).toBeCloseTo(686.7, 10)
    const decomposed = await client.call("decompose", { query: "2 g_local to m/s^2" })
    expect(decomposed.isError).toBe(false)
    expect(decomposed.data.factors).toHaveLength(1)
    expect(decomposed.data.factors[0].value).toBeCloseTo(9.81, 12)
  })

  it("refuses the symbol of a built-in constant with duplicate_symbol: 'c'", async () => {
    const r = await client.call("define_constant", { ...gLocal, symbol: "c" })
    expect(r.isError).toBe(true)
    expect(r.data).toMatchObject({
      error: "Symbol 'c' is already defined as 'speed of light in vacuum'",
      error_type: "duplicate_symbol",
      parameter: "symbol",
      hints: ["Use a different symbol or use the built-in constant"]
    })
  })

  it("refuses a symbol defined earlier in the session, or one that names a unit", async () => {
    await client.call("define_constant", gLocal)
    expect((await client.call("define_constant", gLocal)).data.error_type).toBe("duplicate_symbol")
    const unit = await client.call("define_constant", { ...gLocal, symbol: "kg" })
    expect(unit.data).toMatchObject({ error_type: "duplicate_symbol", error: "Symbol 'kg' already names a unit: kilogram (kg)", likely_fix: "k_g" })
  })

  it("fails with invalid_unit for 'm/sx', copying the unit error's hints, and gives the likely fix when there is one", async () => {
    const r = await client.call("define_constant", { ...gLocal, unit: "m/sx" })
    expect(r.isError).toBe(true)
    expect(r.data).toMatchObject({ error_type: "invalid_unit", parameter: "unit", got: "m/sx" })
    expect(r.data.hints).toContain("'sx' at position 2 of 'm/sx' is the unknown part")
    const typo = await client.call("define_constant", { ...gLocal, unit: "m/secc" })
    expect(typo.data).toMatchObject({ error_type: "invalid_unit", likely_fix: "m/s" })
    expect(typo.data.hints).toContain("Did you mean 'm/s'?")
  })

  it("fails with invalid_value for a negative uncertainty or a zero value", async () => {
    expect((await client.call("define_constant", { ...gLocal, uncertainty: -1 })).data).toMatchObject({ error_type: "invalid_value", parameter: "uncertainty" })
    expect((await client.call("define_constant", { ...gLocal, value: 0 })).data).toMatchObject({ error_type: "invalid_value", parameter: "value" })
  })

  it("rejects a value that is not a number before the tool runs", async () => {
    const r = await client.call("define_constant", { ...gLocal, value: "abc" })
    expect(r.data).toMatchObject({ error_type: "invalid_input", parameter: "value" })
  })

  it("forgets session constants on reset_session: no longer listed, no longer a unit", async () => {
    await client.call("define_constant", gLocal)
    expect((await client.call("reset_session")).isError).toBe(false)
    expect(await listed("session")).toEqual([])
    const r = await client.call("convert", { value: 2, from_unit: "g_local", to_unit: "m/s^2" })
    expect(r.data).toMatchObject({ error_type: "unknown_unit" })
    expect((await client.call("define_constant", gLocal)).isError).toBe(false)
  })
})
