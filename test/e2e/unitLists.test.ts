// Unit lists through the SDK client (issue 29): parts out of convert, compute and add_quantities, and
// a list as convert's input.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type TestClient, connectClient } from "../support/mcp.ts"

describe("unit lists (ft;in, h;min;s) through MCP", () => {
  let c: TestClient
  beforeAll(async () => (c = await connectClient("lists")))
  afterAll(() => c.close())

  it("convert answers parts for a list, keeping quantity and unit in the list's first unit", async () => {
    const r = await c.call("convert", { value: 1.8, from_unit: "m", to_unit: "ft;in" })
    expect(r.data.parts).toEqual([
      { quantity: 5, unit: "ft" },
      { quantity: 10.866142, unit: "in" }
    ])
    expect(r.data.unit).toBe("ft")
  })

  it("convert takes a list as input: [5, 11] ft;in is 180.34 cm", async () => {
    expect((await c.call("convert", { value: [5, 11], from_unit: "ft;in", to_unit: "cm" })).data.quantity).toBe(180.34)
  })

  it("compute's expected unit and add_quantities' target take lists", async () => {
    const computed = await c.call("compute", { initial_value: 9000, initial_unit: "s", factors: [], expected_unit: "h;min" })
    expect(computed.data.converted.parts).toEqual([
      { quantity: 2, unit: "h" },
      { quantity: 30, unit: "min" }
    ])
    const sum = await c.call("add_quantities", {
      quantities: [
        { value: 5, unit: "ft" },
        { value: 13, unit: "in" }
      ],
      to_unit: "ft;in"
    })
    expect(sum.data.parts).toEqual([
      { quantity: 6, unit: "ft" },
      { quantity: 1, unit: "in" }
    ])
  })

  it("refuses a list out of order or of two quantities with a structured error naming the list", async () => {
    const r = await c.call("convert", { value: 1, from_unit: "m", to_unit: "in;ft" })
    expect(r.isError).toBe(true)
    expect(r.data.error_type).toBe("invalid_input")
    expect(r.data.parameter).toBe("to_unit")
  })
})

describe("unit lists in the text an agent reads", () => {
  let c: TestClient
  beforeAll(async () => (c = await connectClient("lists-text")))
  afterAll(() => c.close())

  it("says the whole value in a second text block: 5 ft 10.866142 in", async () => {
    const r = await c.call("convert", { value: 1.8, from_unit: "m", to_unit: "ft;in" })
    expect(r.result.content.map((x) => (x.type === "text" ? x.text : ""))).toContain("5 ft 10.866142 in")
    const single = await c.call("convert", { value: 1.8, from_unit: "m", to_unit: "ft" })
    expect(single.result.content).toHaveLength(1)
  })
})
