// add_quantities through an MCP client: sums of one dimension's quantities in mixed units, exact
// where the definitions are (values cross-checked with GNU units 2.22, `units -d 15`), and refused
// where a sum has no single meaning: points on an offset scale, levels, inverse dimensions.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type TestClient, connectClient } from "../support/mcp.ts"

let c: TestClient
beforeAll(async () => (c = await connectClient("add-quantities")))
afterAll(() => c.close())

const add = (quantities: ReadonlyArray<{ value: number; unit: string }>, extra: Record<string, unknown> = {}) =>
  c.call("add_quantities", { quantities, ...extra })

describe("add_quantities", () => {
  it("adds a recipe's cup and two tablespoons to 266.1617660625 mL, saying which cup and spoon it read", async () => {
    const { isError, data } = await add(
      [
        { value: 1, unit: "cup" },
        { value: 2, unit: "tbsp" }
      ],
      { to_unit: "mL" }
    )
    expect(isError).toBe(false)
    // GNU units: 266.1617660625
    expect(data.quantity).toBe(266.1617660625)
    expect(data.dimension).toBe("volume")
    expect(data.notes.join(" ")).toMatch(/US customary cup/)
  })

  it("gives the sum in the first quantity's unit by default, and adds decimals without binary drift", async () => {
    const { data } = await add([
      { value: 0.1, unit: "m" },
      { value: 0.2, unit: "m" },
      { value: 30, unit: "cm" }
    ])
    expect(data.unit).toBe("m")
    expect(data.quantity).toBe(0.6)
  })

  it("agrees with GNU units on mixed imperial masses and energies", async () => {
    const mass = await add(
      [
        { value: 1, unit: "lb" },
        { value: 3, unit: "oz" },
        { value: 2, unit: "dram" }
      ],
      { to_unit: "g" }
    )
    expect(mass.data.quantity).toBeCloseTo(542.184629765625, 10)
    const energy = await add(
      [
        { value: 2, unit: "kWh" },
        { value: 500, unit: "kJ" }
      ],
      { to_unit: "MJ" }
    )
    expect(energy.data.quantity).toBe(7.7)
  })

  it("reads UCUM when asked: [ft_i] and [in_i] to cm", async () => {
    const { data } = await add(
      [
        { value: 5, unit: "[ft_i]" },
        { value: 7, unit: "[in_i]" }
      ],
      { to_unit: "cm", notation: "ucum" }
    )
    expect(data.quantity).toBe(170.18)
  })

  it("refuses to add temperature points on °C or °F, naming the quantity, but adds rates in a compound", async () => {
    const points = await add([
      { value: 20, unit: "degC" },
      { value: 10, unit: "degC" }
    ])
    expect(points.isError).toBe(true)
    expect(points.data.parameter).toBe("quantities[0].unit")
    expect(points.data.error).toMatch(/points do not add/)
    const rates = await add(
      [
        { value: 1, unit: "degC/min" },
        { value: 1, unit: "K/min" }
      ],
      { to_unit: "degF/h" }
    )
    expect(rates.data.quantity).toBe(216)
  })

  it("adds temperature differences to one point, the sum a point: 20 °C + 5 K is 25 °C (77 °F), 68 °F + 5 delta_degF is 73 °F", async () => {
    const warmer = await add([
      { value: 20, unit: "°C" },
      { value: 5, unit: "K" }
    ])
    expect(warmer.isError).toBe(false)
    expect(warmer.data).toMatchObject({ quantity: 25, unit: "°C" })
    expect(warmer.data.notes.join(" ")).toMatch(/'20 °C' is a point .* 5 K added to it as temperature difference/)
    expect(
      (
        await add(
          [
            { value: 20, unit: "°C" },
            { value: 5, unit: "K" }
          ],
          { to_unit: "°F" }
        )
      ).data.quantity
    ).toBe(77)
    // exact in the point's own degrees, not through kelvin (72.99999999999994)
    const fahrenheit = await add([
      { value: 5, unit: "delta_degF" },
      { value: 68, unit: "degF" }
    ])
    expect(fahrenheit.data).toMatchObject({ quantity: 73, unit: "degF" })
    expect(
      (
        await add(
          [
            { value: 20, unit: "°C" },
            { value: 9, unit: "°R" },
            { value: 500, unit: "mK" }
          ],
          { to_unit: "K" }
        )
      ).data.quantity
    ).toBe(298.65)
    // a point alone converts as a point
    expect((await add([{ value: 100, unit: "°C" }], { to_unit: "°F" })).data.quantity).toBe(212)
    // a difference that is not a temperature, or a level, names its quantity
    const metre = await add([
      { value: 20, unit: "°C" },
      { value: 5, unit: "m" }
    ])
    expect(metre.data).toMatchObject({ error_type: "dimension_mismatch", parameter: "quantities[1].unit" })
    const level = await add([
      { value: 20, unit: "°C" },
      { value: 5, unit: "dB" }
    ])
    expect(level.data.parameter).toBe("quantities[1].unit")
    // the sum is a point: a result unit of another quantity is the result unit's fault
    const length = await add(
      [
        { value: 20, unit: "°C" },
        { value: 5, unit: "K" }
      ],
      { to_unit: "m" }
    )
    expect(length.data).toMatchObject({ error_type: "dimension_mismatch", parameter: "to_unit" })
  })

  it("refuses levels and inverse dimensions, which convert but do not add", async () => {
    const levels = await add([
      { value: 3, unit: "dB" },
      { value: 3, unit: "dB" }
    ])
    expect(levels.data.error).toMatch(/levels add as powers/)
    const inverse = await add([
      { value: 30, unit: "mpg" },
      { value: 7, unit: "L/100km" }
    ])
    expect(inverse.data.parameter).toBe("quantities[1].unit")
    expect(inverse.data.error).toMatch(/inverse dimensions/)
  })

  it("places a mistake at the quantity that made it: another dimension, or a typo with its fix", async () => {
    const mismatch = await add([
      { value: 1, unit: "kg" },
      { value: 1, unit: "m" }
    ])
    expect(mismatch.data.error_type).toBe("dimension_mismatch")
    expect(mismatch.data.parameter).toBe("quantities[1].unit")
    const typo = await add([
      { value: 1, unit: "kg" },
      { value: 1, unit: "kgg" }
    ])
    expect(typo.data.error_type).toBe("unknown_unit")
    expect(typo.data.parameter).toBe("quantities[1].unit")
    expect(typo.data.likely_fix).toBe("kilogram (kg)")
    const target = await add([{ value: 1, unit: "kg" }], { to_unit: "mx" })
    expect(target.data.parameter).toBe("to_unit")
  })

  it("answers an empty or an oversized list with a structured error, not a protocol error", async () => {
    const empty = await add([])
    expect(empty.isError).toBe(true)
    const huge = await add(Array.from({ length: 201 }, () => ({ value: 1, unit: "m" })))
    expect(huge.isError).toBe(true)
    expect(huge.data.error).toMatch(/at most 200/)
    const most = await add(Array.from({ length: 200 }, () => ({ value: 1, unit: "mm" })))
    expect(most.data).toMatchObject({ quantity: 200, unit: "mm" })
  })
})
