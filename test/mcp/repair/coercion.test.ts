// Schema-directed coercion: each value moves towards the type its own path expects, only by
// lossless rules, and every change is listed.
import { Schema } from "effect"
import { describe, expect, it } from "vitest"
import { coerce, splitQuantity } from "../../../src/mcp/repair/coercion.ts"
import { encodedAst } from "../../../src/mcp/repair/schemaShape.ts"

const Factor = Schema.Struct({ value: Schema.optional(Schema.Finite), numerator: Schema.NonEmptyString, denominator: Schema.NonEmptyString })
const Input = Schema.Struct({
  value: Schema.Finite,
  unit: Schema.NonEmptyString,
  count: Schema.optional(Schema.Int),
  exact: Schema.optional(Schema.Boolean),
  mode: Schema.optional(Schema.Literals(["fast", "exact"])),
  level: Schema.optional(Schema.Literals([1, 2])),
  factors: Schema.optional(Schema.Array(Factor)),
  parameters: Schema.optional(Schema.Record(Schema.String, Schema.Struct({ value: Schema.Finite, unit: Schema.optional(Schema.String) }))),
  uncertainty: Schema.optional(Schema.NullOr(Schema.Finite))
})
const ast = encodedAst(Input)

const coerced = (args: Record<string, unknown>) => coerce(ast, { value: 1, unit: "m", ...args })

describe("coerce", () => {
  it.each([
    ["5", 5],
    [" 2.5 ", 2.5],
    ["1e3", 1000],
    ["-0.5", -0.5],
    [".5", 0.5]
  ])("reads the numeric string %j as the number %j", (text, number) => {
    const result = coerced({ value: text })
    expect(result.value).toEqual({ value: number, unit: "m" })
    expect(result.coercions).toEqual([{ path: "value", from: text, to: number, rule: "numeric string to number" }])
  })

  it.each(["five", "NaN", "Infinity", "5 km", "0x10", "1,000", "", "1e999"])("leaves %j alone where a number is expected", (text) => {
    const result = coerced({ value: text })
    expect(result.coercions).toEqual([])
    expect((result.value as { value: unknown }).value).toBe(text)
  })

  it("writes a number as a string where a unit string is expected", () => {
    expect(coerced({ unit: 1 }).coercions).toEqual([{ path: "unit", from: 1, to: "1", rule: "number to string" }])
  })

  it('reads "true"/"false" as booleans, and nothing else', () => {
    expect(coerced({ exact: "false" }).value).toMatchObject({ exact: false })
    expect(coerced({ exact: "yes" }).coercions).toEqual([])
  })

  it("moves literals towards their own type: 2 as a string, a choice left alone when it is not one", () => {
    expect(coerced({ level: "2" }).value).toMatchObject({ level: 2 })
    expect(coerced({ mode: "slow" }).coercions).toEqual([])
  })

  it("parses a JSON-encoded array and then coerces inside it, reporting each step with its path", () => {
    const text = JSON.stringify([{ value: "2", numerator: 1, denominator: "kg" }])
    const result = coerced({ factors: text })
    expect(result.value).toMatchObject({ factors: [{ value: 2, numerator: "1", denominator: "kg" }] })
    expect(result.coercions.map((c) => [c.path, c.rule])).toEqual([
      ["factors", "JSON string to array"],
      ["factors[0].value", "numeric string to number"],
      ["factors[0].numerator", "number to string"]
    ])
  })

  it("parses a JSON-encoded object where a record of parameters is expected", () => {
    const result = coerced({ parameters: '{"mass": {"value": "70", "unit": "kg"}}' })
    expect(result.value).toMatchObject({ parameters: { mass: { value: 70, unit: "kg" } } })
    expect(result.coercions.map((c) => c.path)).toEqual(["parameters", "parameters.mass.value"])
  })

  it("wraps a single object in a one-element array", () => {
    const factor = { numerator: "kg", denominator: "2.205 lb" }
    const result = coerced({ factors: factor })
    expect(result.value).toMatchObject({ factors: [factor] })
    expect(result.coercions).toEqual([{ path: "factors", from: factor, to: [factor], rule: "single object to one-element array" }])
  })

  it("leaves malformed JSON and a JSON object where an array is expected as they are", () => {
    expect(coerced({ factors: "[{oops" }).coercions).toEqual([])
    expect(coerced({ factors: '{"numerator": "kg"}' }).coercions).toEqual([])
  })

  it("reads null for an optional field as omitted, but keeps null where null is allowed", () => {
    const result = coerced({ count: null, uncertainty: null })
    expect(result.value).toEqual({ value: 1, unit: "m", uncertainty: null })
    expect(result.coercions).toEqual([{ path: "count", from: null, to: undefined, rule: "null for an optional field read as omitted" }])
  })

  it("chooses the union member a value can become: a numeric string for number | null", () => {
    expect(coerced({ uncertainty: "0.1" }).value).toMatchObject({ uncertainty: 0.1 })
  })

  it("changes nothing in arguments that already decode, and leaves unknown fields for decoding to name", () => {
    expect(coerce(ast, { value: 5, unit: "km" })).toEqual({ value: { value: 5, unit: "km" }, coercions: [] })
    expect(coerced({ extra: "5" }).coercions).toEqual([])
  })
})

describe("splitQuantity", () => {
  it("recognizes a number followed by a unit", () => {
    expect(splitQuantity("5 km")).toEqual({ value: 5, unit: "km" })
    expect(splitQuantity("2.5e3mg/L")).toEqual({ value: 2500, unit: "mg/L" })
  })

  it("does not see a quantity in a bare number or in words", () => {
    expect(splitQuantity("5")).toBeUndefined()
    expect(splitQuantity("five km")).toBeUndefined()
  })
})
