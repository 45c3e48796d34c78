// The invalid_input report: every problem named with what was received, what was expected and a
// fix; the schema in brief; categorized suggestions; and a valid example that decodes.
import fc from "fast-check"
import { Effect, Schema } from "effect"
import { describe, expect, it } from "vitest"
import { decodeArguments } from "../../../src/mcp/repair/decodeArguments.ts"
import { encodedAst } from "../../../src/mcp/repair/schemaShape.ts"
import { validExample } from "../../../src/mcp/repair/validExample.ts"
import { type AnyTool, defineTool, readOnly } from "../../../src/tools/Tool.ts"
import { compute } from "../../../src/tools/compute.ts"
import { convert } from "../../../src/tools/convert.ts"

const toolWith = <I>(input: Schema.Codec<I, unknown>, description = "A test tool") =>
  defineTool({ name: "sample", title: "Sample", description, input, output: Schema.Unknown, annotations: readOnly, handler: () => Effect.succeed({}) })

const reject = (tool: AnyTool, args: unknown) => {
  const result = Effect.runSync(Effect.result(decodeArguments(tool, args)))
  if (result._tag === "Success") throw new Error(`expected ${JSON.stringify(args)} to be rejected`)
  return result.failure
}

const decodes = (schema: Schema.Codec<unknown, unknown>, value: unknown) =>
  Effect.runSync(Effect.result(Schema.decodeUnknownEffect(schema)(value, { onExcessProperty: "error" })))._tag === "Success"

describe("decodeArguments", () => {
  it("takes arguments that decode as they are, with no coercions", () => {
    const decoded = Effect.runSync(decodeArguments(convert, { value: 5, from_unit: "km", to_unit: "mi" }))
    expect(decoded).toEqual({ input: { value: 5, from_unit: "km", to_unit: "mi" }, coercions: [] })
  })

  it("coerces only after a failed decode and returns every coercion", () => {
    const decoded = Effect.runSync(decodeArguments(convert, { value: "5", from_unit: "km", to_unit: "mi" }))
    expect(decoded.input).toEqual({ value: 5, from_unit: "km", to_unit: "mi" })
    expect(decoded.coercions).toHaveLength(1)
  })

  it("fails with one InvalidInput whose parameter, got, expected and hints come from the first problems", () => {
    const { failure } = reject(convert, { value: "five", from_unit: "km", to_unit: "mi" })
    expect(failure._tag).toBe("InvalidInput")
    expect(failure.parameter).toBe("value")
    expect(failure.got).toBe('"five"')
    expect(failure.expected).toBe("number (a finite number)")
    expect(failure.hints).toEqual(['value: Expected number. Fix: Send a JSON number such as 5; "five" is not a number'])
  })

  it("names the fields a tool without parameters would ignore", () => {
    const { report } = reject(toolWith(Schema.Struct({})), { dimension: "mass" })
    expect(report.issues).toEqual([
      { field: "dimension", problem: "Unknown field", received: "mass", expected: "no such field", fix: 'Remove "dimension"; accepted fields: none' }
    ])
  })
})

describe("the validation report", () => {
  it("names three bad fields, each with received, expected and a concrete fix", () => {
    const { report } = reject(convert, { value: "five", from_unit: "", to_unit: ["mi"] })
    expect(report.summary).toBe("Tool 'convert' received invalid arguments: 3 problems (value, from_unit, to_unit).")
    expect(report.issues).toEqual([
      {
        field: "value",
        problem: "Expected number",
        received: "five",
        expected: "number (a finite number)",
        fix: 'Send a JSON number such as 5; "five" is not a number'
      },
      {
        field: "from_unit",
        problem: "Expected a value with a length of at least 1",
        received: "",
        expected: "string (a value with a length of at least 1)",
        fix: 'Provide a value with a length of at least 1, such as "km"'
      },
      {
        field: "to_unit",
        problem: "Expected string",
        received: ["mi"],
        expected: "string (a value with a length of at least 1)",
        fix: 'Send a string such as "mi"'
      }
    ])
  })

  it("names an unknown field with the closest real field and ties the missing field to it", () => {
    const { report } = reject(convert, { value: 5, form_unit: "km", to_unit: "mi" })
    expect(report.issues[0]).toMatchObject({ field: "form_unit", closest_field: "from_unit", fix: 'Rename "form_unit" to "from_unit"' })
    expect(report.issues[1]).toMatchObject({
      field: "from_unit",
      problem: "Required field is missing",
      fix: 'Add "from_unit": "km" (you sent "form_unit", which looks like a misspelling of it)'
    })
    expect(report.argumentIssues[0]).toMatchObject({ kind: "unknown_field", closestField: "from_unit" })
  })

  it("reads an unknown field as the one required field not sent that it is a word of, the call's fields taken together", () => {
    // compute named as convert is called: value and unit are initial_value and initial_unit
    const computed = reject(compute, { value: 70, unit: "kg", factors: [{ value: 5, numerator: "mcg", denominator: "kg*min" }] }).report
    expect(computed.issues.filter((i) => i.problem === "Unknown field").map((i) => [i.field, i.fix])).toEqual([
      ["value", 'Rename "value" to "initial_value"'],
      ["unit", 'Rename "unit" to "initial_unit"']
    ])
    expect(computed.issues.find((i) => i.field === "initial_value")?.fix).toMatch(/you sent "value", which looks like a short name for it/)
    // `to` is to_unit, and then `unit` can only be from_unit
    const both = reject(convert, { value: 5, unit: "km", to: "mi" }).report
    expect(both.argumentIssues.filter((i) => i.kind === "unknown_field").map((i) => [i.field, i.closestField])).toEqual([
      ["unit", "from_unit"],
      ["to", "to_unit"]
    ])
    // the same words in another order, in camelCase or under the names other tools use
    for (const [args, renames] of [
      [
        { amount: 5, source_unit: "km", target_unit: "mi" },
        { amount: "value", source_unit: "from_unit", target_unit: "to_unit" }
      ],
      [
        { quantity: 5, unit_from: "km", unit_to: "mi" },
        { quantity: "value", unit_from: "from_unit", unit_to: "to_unit" }
      ],
      [
        { magnitude: 5, fromUnit: "km", toUnit: "mi" },
        { magnitude: "value", fromUnit: "from_unit", toUnit: "to_unit" }
      ]
    ] as const) {
      const named = reject(convert, args).report.argumentIssues.filter((i) => i.kind === "unknown_field")
      expect(Object.fromEntries(named.map((i) => [i.field, i.closestField])), JSON.stringify(args)).toEqual(renames)
    }
    expect(
      Object.fromEntries(
        reject(compute, { quantity: 70, unit: "kg", factors: [], target_unit: "mg/h" })
          .report.argumentIssues.filter((i) => i.kind === "unknown_field")
          .map((i) => [i.field, i.closestField])
      )
    ).toEqual({ quantity: "initial_value", unit: "initial_unit", target_unit: "expected_unit" })
    // the names of Object's own members are words like any other (the hostile fuzz sent "constructor")
    for (const name of ["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf"])
      expect(reject(convert, JSON.parse(`{"value": 5, "from_unit": "km", "to_unit": "mi", "${name}": 1}`)).report.issues[0], name).toMatchObject({
        field: name,
        problem: "Unknown field"
      })
    // `unit` alone with neither unit sent is either: the caller says which
    const either = reject(convert, { value: 5, unit: "km", units: "mi" }).report
    expect(either.issues[0]).toMatchObject({ field: "unit", fix: 'Rename "unit" to the field it is: "from_unit" or "to_unit"' })
    expect(either.issues[0]?.closest_field).toBeUndefined()
    // a field already sent is never the one meant; an optional field is never guessed
    const sent = reject(convert, { value: 5, from_unit: "km", unit: "mi" }).report
    expect(sent.issues[0]).toMatchObject({ field: "unit", closest_field: "to_unit" })
    expect(reject(convert, { value: 5, from_unit: "km", to_unit: "mi", pressure: 1 }).report.issues[0]?.closest_field).toBeUndefined()
  })

  it("never reads a number written with a comma as a number and a unit: both readings of 1,000, the one of 1,5 and of 1,000,000", () => {
    const fixOf = (value: string, extra: Record<string, unknown> = { from_unit: "m" }) =>
      reject(convert, { value, to_unit: "km", ...extra }).report.issues.find((i) => i.field === "value")?.fix
    expect(fixOf("1,000")).toBe('"1,000" has a comma: send 1000 if it separates thousands, or 1 if it is a decimal comma, as a JSON number')
    expect(fixOf("1,5")).toBe("Send 1.5 as a JSON number")
    expect(fixOf("1,000,000")).toBe("Send 1000000 as a JSON number")
    expect(fixOf("2,500.5")).toBe("Send 2500.5 as a JSON number")
    const withUnit = reject(convert, { value: "1,000 mg", to_unit: "g" }).report
    expect(withUnit.issues.map((i) => i.fix)).toEqual([
      '"1,000 mg" has a comma: send 1000 if it separates thousands, or 1 if it is a decimal comma, as a JSON number, and put "mg" in "from_unit"',
      'Add "from_unit": "mg" (the unit in "value")'
    ])
    // property: no fix of a comma-grouped number ever offers a value other than its two readings
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 999 }), fc.array(fc.integer({ min: 0, max: 999 }), { minLength: 1, maxLength: 3 }), (head, groups) => {
        const text = [String(head), ...groups.map((g) => String(g).padStart(3, "0"))].join(",")
        const fix = fixOf(text)!
        const offered = [...fix.matchAll(/send (\S+) /gi)].map((m) => Number(m[1]))
        const thousands = Number(text.replaceAll(",", ""))
        expect(offered).toContain(thousands)
        for (const n of offered) expect([thousands, Number(text.replace(",", "."))]).toContain(n)
      })
    )
  })

  it("fills a missing unit field from the quantity sent whole in its number field, not from the schema's example", () => {
    expect(reject(convert, { value: "5 lb", to_unit: "kg" }).report.issues.find((i) => i.field === "from_unit")?.fix).toBe(
      'Add "from_unit": "lb" (the unit in "value")'
    )
  })

  it("lists the accepted fields when an unknown field is close to none of them", () => {
    const { report } = reject(convert, { value: 5, from_unit: "km", to_unit: "mi", precision: 3 })
    expect(report.issues[0]?.fix).toBe(
      'Remove "precision"; accepted fields: value, from_unit, to_unit, notation, valence, particles, molar_mass, substance, equivalence, atmospheric_pressure, custom_units, custom_edges, workspace'
    )
    expect(report.issues[0]?.closest_field).toBeUndefined()
  })

  it('says to split "5 km" and names the unit field it belongs in', () => {
    const { report } = reject(convert, { value: "5 km", from_unit: "m", to_unit: "mi" })
    expect(report.issues[0]?.fix).toBe('Split the quantity: send 5 as a JSON number and put "km" in "from_unit"')
    expect(report.argumentIssues[0]?.related).toEqual(["from_unit"])
  })

  it("offers the listed choices and the one closest to what was sent", () => {
    const { report } = reject(toolWith(Schema.Struct({ mode: Schema.Literals(["exact", "approximate"]) })), { mode: "aproximate" })
    expect(report.issues[0]).toMatchObject({
      field: "mode",
      received: "aproximate",
      fix: 'Use one of: "exact", "approximate" (closest to what you sent: "approximate")'
    })
    expect(report.suggestions.map((s) => s.category)).toEqual(["choices", "general"])
  })

  it("gives nested paths for problems inside arrays", () => {
    const input = Schema.Struct({ factors: Schema.Array(Schema.Struct({ numerator: Schema.NonEmptyString, value: Schema.Finite })) })
    const { report } = reject(toolWith(input), {
      factors: [
        { numerator: "kg", value: 1 },
        { numerator: "mg", value: "lots" }
      ]
    })
    expect(report.issues.map((i) => i.field)).toEqual(["factors[1].value"])
  })

  it("categorizes its suggestions: missing fields, unknown fields, types, constraints, then general", () => {
    const { report } = reject(convert, { vaule: 5, from_unit: 5, to_unit: "" })
    // the report describes what was sent: 5 for a unit is named even though coercion would fix it
    expect(report.suggestions.map((s) => s.category)).toEqual(["missing_fields", "unknown_fields", "types", "constraints", "general"])
    expect(report.suggestions[0]?.suggestion).toBe("Add the missing required fields: value")
  })

  it("gives the schema in brief: required fields, types, descriptions, constraints, choices, nested fields, examples", () => {
    const { report } = reject(convert, {})
    expect(report.schema.required).toEqual(["value", "from_unit", "to_unit"])
    // a number, or a list of them for a unit list (issue 29)
    expect(report.schema.properties.value).toEqual({
      type: "number | array of number",
      required: true,
      description: "A number; a list for a unit list ([5, 11] ft;in)",
      example: 5
    })
    expect(report.schema.properties.custom_edges).toMatchObject({
      type: "array of object",
      required: false,
      fields: { src: "string", dst: "string", factor: "number", offset: "number (optional)" }
    })
  })
})

describe("validExample", () => {
  it("composes the required fields from their examples annotations", () => {
    expect(validExample(encodedAst(convert.input))).toEqual({ value: 5, from_unit: "km", to_unit: "mi" })
  })

  it("prefers a whole-call example annotated on the input struct", () => {
    const input = Schema.Struct({ query: Schema.optional(Schema.String), initial_unit: Schema.optional(Schema.String) }).annotate({
      examples: [{ query: "500 mL to L" }]
    })
    expect(validExample(encodedAst(input))).toEqual({ query: "500 mL to L" })
  })

  it("falls back to values driven by the type that pass its checks", () => {
    const input = Schema.Struct({
      age: Schema.Int.check(Schema.isBetween({ minimum: 18, maximum: 120 })),
      ratio: Schema.Finite.check(Schema.isLessThan(1)),
      name: Schema.String.check(Schema.isMinLength(3)),
      role: Schema.Literals(["admin", "user"]),
      tags: Schema.Array(Schema.String),
      nested: Schema.Struct({ on: Schema.Boolean, note: Schema.optional(Schema.String) }),
      nothing: Schema.NullOr(Schema.Number)
    })
    const example = validExample(encodedAst(input))
    expect(example).toEqual({ age: 100, ratio: 0.5, name: "example", role: "admin", tags: ["example"], nested: { on: false }, nothing: 1 })
    expect(decodes(input as Schema.Codec<unknown, unknown>, example)).toBe(true)
  })

  it("skips an annotated example the field's own checks reject", () => {
    const input = Schema.Struct({ count: Schema.Int.annotate({ examples: [2.5, 3] }) })
    expect(validExample(encodedAst(input))).toEqual({ count: 3 })
  })
})
