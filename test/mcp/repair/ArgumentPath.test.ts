// Argument paths as agents and our errors write them, and the leaf-level difference that every
// applied correction is reported from.
import { describe, expect, it } from "vitest"
import * as ArgumentPath from "../../../src/mcp/repair/ArgumentPath.ts"

const args = { value: 5, factors: [{ numerator: "kg", denominator: "2.205 lb" }], parameters: { mass: { value: 70, unit: "kg" } } }

describe("ArgumentPath", () => {
  it("parses and formats paths with keys and indices", () => {
    expect(ArgumentPath.parse("factors[1].numerator")).toEqual(["factors", 1, "numerator"])
    expect(ArgumentPath.format(["factors", 1, "numerator"])).toBe("factors[1].numerator")
    expect(ArgumentPath.format([])).toBe("")
  })

  it("reads a value at a path, undefined when a step is missing", () => {
    expect(ArgumentPath.get(args, ["factors", 0, "denominator"])).toBe("2.205 lb")
    expect(ArgumentPath.get(args, ["factors", 3, "denominator"])).toBeUndefined()
    expect(ArgumentPath.get(args, ["value", "x"])).toBeUndefined()
  })

  it("writes a copy and leaves the original untouched; undefined removes a key", () => {
    const next = ArgumentPath.set(args, ["factors", 0, "numerator"], "g")
    expect(ArgumentPath.get(next, ["factors", 0, "numerator"])).toBe("g")
    expect(args.factors[0]?.numerator).toBe("kg")
    expect(ArgumentPath.set({ a: 1, b: 2 }, ["b"], undefined)).toEqual({ a: 1 })
  })

  it("renames a top-level key", () => {
    expect(ArgumentPath.rename({ form_unit: "km", value: 5 }, "form_unit", "from_unit")).toEqual({ value: 5, from_unit: "km" })
  })

  it("lists every changed leaf, including added and removed keys", () => {
    const after = { value: 6, factors: [{ numerator: "kg", denominator: "2.2 lb" }], parameters: { mass: { value: 70 } }, extra: true }
    expect(ArgumentPath.diff(args, after)).toEqual([
      { path: "value", from: 5, to: 6 },
      { path: "factors[0].denominator", from: "2.205 lb", to: "2.2 lb" },
      { path: "parameters.mass.unit", from: "kg", to: undefined },
      { path: "extra", from: undefined, to: true }
    ])
  })

  it("finds every string leaf with its path", () => {
    expect(ArgumentPath.stringLeaves({ a: "x", b: [1, "y"] })).toEqual([
      { path: ["a"], value: "x" },
      { path: ["b", 1], value: "y" }
    ])
  })
})
