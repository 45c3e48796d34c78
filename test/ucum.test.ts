// UCUM as a notation, checked against UCUM's own functional tests (validation and conversion
// cases, test/data/ucum-functional-tests.json) and against what clinical systems send.
import { readFileSync } from "node:fs"
import fc from "fast-check"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { convertValue } from "../src/engine/conversion/convert.ts"
import { isEngineError } from "../src/engine/errors.ts"
import { isValidUcum, resolveUcum } from "../src/engine/notations/ucum.ts"
import { ucumCodeOf } from "../src/engine/notations/ucumCodes.ts"
import * as Rational from "../src/engine/Rational.ts"
import { catalog, resolve } from "./support/catalog.ts"
import { type TestClient, connectClient } from "./support/mcp.ts"

interface Tests {
  readonly validation: ReadonlyArray<{ id: string; unit: string; valid: boolean; reason: string | null }>
  readonly conversion: ReadonlyArray<{ id: string; value: number; from: string; to: string; outcome: string }>
}
const tests: Tests = JSON.parse(readFileSync(new URL("data/ucum-functional-tests.json", import.meta.url), "utf8"))

/** The outcome's own precision: "25" for 25.2 is right to two significant digits. */
const agreesToDigits = (got: number, outcome: string): boolean => {
  const digits = outcome
    .replace(/^[-+]?0*\.?0*/, "")
    .replace(/[eE].*$/, "")
    .replace(".", "").length
  const precision = Math.min(15, Math.max(1, digits)) // a double holds 15–17 digits; some outcomes give 27
  return Number(got.toPrecision(precision)) === Number(Number(outcome).toPrecision(precision))
}

/** 3-130 expects 0.187753 g/L for 0.02502 [oz_av]/[gal_us]; 28.349523125 g / 3.785411784 L gives 0.187379, as @lhncbc/ucum-lhc does too. */
const errata = new Set(["3-130"])

const convert = (value: number, from: string, to: string) => convertValue(catalog, value, from, to, "ucum")

describe("UCUM's functional tests", () => {
  it(`accepts every valid and refuses every invalid expression (${tests.validation.length} cases)`, () => {
    const wrong = tests.validation.filter((c) => isValidUcum(c.unit) !== c.valid).map((c) => `${c.id} '${c.unit}' should be ${c.valid ? "valid" : "invalid"}`)
    expect(wrong).toEqual([])
  })

  it(`converts every conversion case to its stated precision (${tests.conversion.length} cases, one erratum)`, () => {
    const wrong: Array<string> = []
    for (const c of tests.conversion) {
      const r = convert(c.value, c.from, c.to)
      if (isEngineError(r)) wrong.push(`${c.id}: ${r.message}`)
      else if (!agreesToDigits(r.quantity, c.outcome) && !errata.has(c.id))
        wrong.push(`${c.id}: ${c.value} ${c.from} → ${r.quantity} ${c.to}, expected ${c.outcome}`)
    }
    expect(wrong).toEqual([])
  })
})

const lhc: ReadonlyArray<{ from: string; to: string; value: number; result: number }> = JSON.parse(
  readFileSync(new URL("data/ucum-lhc-reference.json", import.meta.url), "utf8")
).conversions

/** ucum-lhc 7.1.9 keeps the 1993 electronvolt (1.60217733e-19 J); UCUM 2.2 and the SI fix it at 1.602176634e-19 J. */
const lhcOutdated = new Set(["eV"])

describe("an independent reference: @lhncbc/ucum-lhc", () => {
  it(`agrees on ${lhc.length} clinical conversions to 1e-9`, () => {
    const wrong: Array<string> = []
    for (const c of lhc) {
      if (lhcOutdated.has(c.from)) continue
      const r = convert(c.value, c.from, c.to)
      if (isEngineError(r)) wrong.push(`${c.from} → ${c.to}: ${r.message}`)
      else if (Math.abs(r.quantity - c.result) > 1e-9 * Math.abs(c.result)) wrong.push(`${c.from} → ${c.to}: ${r.quantity}, ucum-lhc ${c.result}`)
    }
    expect(wrong).toEqual([])
  })
})

describe("UCUM in clinical use", () => {
  const value = (v: number, from: string, to: string) => {
    const r = convert(v, from, to)
    if (isEngineError(r)) throw new Error(`${from} → ${to}: ${r.message}`)
    return r.quantity
  }

  it("reads white-cell counts, pressures, temperatures and customary units exactly", () => {
    expect(value(5, "10*9/L", "/uL")).toBeCloseTo(5000, 9)
    expect(value(7.5, "10*3/uL", "10*9/L")).toBeCloseTo(7.5, 12)
    expect(value(120, "mm[Hg]", "kPa")).toBeCloseTo(15.99864, 5)
    expect(value(98.6, "[degF]", "Cel")).toBeCloseTo(37, 12)
    expect(value(1, "[lb_av]", "kg")).toBe(0.45359237)
    expect(value(12, "[in_i]", "cm")).toBeCloseTo(30.48, 12)
    expect(value(5, "mg/dL", "g/L")).toBeCloseTo(0.05, 14)
  })

  it("keeps annotations out of the arithmetic but in the notes: 5 10*3{cells}/uL = 5 10*9/L", () => {
    const r = convert(5, "10*3{cells}/uL", "10*9/L")
    if (isEngineError(r)) throw new Error(r.message)
    expect(r.quantity).toBeCloseTo(5, 12)
    expect(r.ucum).toBe("10*9/L")
  })

  it("converts arbitrary units only to themselves: [IU]/mL → [IU]/L works, [IU] → mg does not", () => {
    expect(value(2, "[IU]/mL", "[IU]/L")).toBeCloseTo(2000, 9)
    const r = convert(1, "[IU]", "mg")
    expect(isEngineError(r) && r._tag).toBe("DimensionMismatch")
  })

  it("never assumes a valence: meq ↔ mmol and mosm ↔ mmol are refused, saying why", () => {
    for (const [from, to] of [
      ["meq/L", "mmol/L"],
      ["mosm/kg", "mmol/kg"]
    ] as const) {
      const r = convert(1, from, to)
      expect(isEngineError(r), `${from} → ${to}`).toBe(true)
      if (isEngineError(r)) expect(r.hints.join(" ")).toMatch(/valence|particles/)
    }
    expect(value(140, "meq/L", "eq/L")).toBeCloseTo(0.14, 14)
  })

  it("gives conventional results their UCUM code, read back to the same unit", () => {
    for (const [expression, code] of [
      ["km/h", "km/h"],
      ["lb", "[lb_av]"],
      ["°C", "Cel"],
      ["mmHg", "mm[Hg]"],
      ["mcg/(kg*min)", "ug/kg/min"],
      ["in", "[in_i]"],
      ["IU/mL", "[IU]/mL"],
      // never mmol: 1 mEq of Ca²⁺ is 0.5 mmol, so a lab system reading the code back would be off by the valence
      ["mEq/L", "meq/L"],
      ["mOsm/kg", "mosm/kg"]
    ] as const) {
      expect(ucumCodeOf(resolve(expression)), expression).toBe(code)
    }
    expect(ucumCodeOf(resolve("gtt/min"))).toBeUndefined() // UCUM's drop is a volume; here a drop is counted
    expect(ucumCodeOf(resolve("erlang"))).toBeUndefined() // a unit that converts only to itself has no value to match
  })

  it("gives every catalog unit with a UCUM code one that reads back to the same value", () => {
    let coded = 0
    for (const record of catalog.allRecords()) {
      const expression = resolve(record.symbol)
      const code = ucumCodeOf(expression)
      if (code === undefined) continue
      coded++
      const back = resolveUcum(code)
      if (isEngineError(back)) throw new Error(`${record.symbol}: ${code} does not read back`)
      // UCUM's mole is a number (6.02214076e23), the engine's a base quantity
      const perMole = 6.02214076e23 ** (expression.dimension[5] ?? 0)
      expect(Math.abs(Rational.toNumber(back.factor) / perMole / Rational.toNumber(expression.factor) - 1), `${record.symbol} as ${code}`).toBeLessThan(1e-5)
    }
    expect(coded).toBeGreaterThan(200)
  })

  it("never throws and stays bounded on any input (property)", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 60 }), fc.stringMatching(/^[[\]{}()./a-zA-Z0-9*^+-]{0,80}$/)), (s) => {
        const r = resolveUcum(s)
        expect(typeof r).toBe("object")
      })
    )
    expect(isEngineError(resolveUcum("(".repeat(100) + "m" + ")".repeat(100)))).toBe(true)
    expect(isEngineError(resolveUcum("m.".repeat(800) + "m"))).toBe(true)
  })
})

describe("notation through the MCP client", () => {
  let c: TestClient
  beforeAll(async () => (c = await connectClient("ucum")))
  afterAll(() => c.close())

  it("converts with notation 'ucum' and returns the UCUM code of the result", async () => {
    const { isError, data } = await c.call("convert", { value: 5, from_unit: "10*9/L", to_unit: "/uL", notation: "ucum" })
    expect(isError).toBe(false)
    expect(data.quantity).toBeCloseTo(5000, 9)
    expect(data.ucum).toBe("/uL")
  })

  it("computes in UCUM and gives the result's UCUM code: 5 mg/dL × 10 dL/L = 50 mg/L", async () => {
    const { isError, data } = await c.call("compute", {
      initial_value: 5,
      initial_unit: "mg/dL",
      factors: [{ value: 10, numerator: "dL", denominator: "L" }],
      notation: "ucum"
    })
    expect(isError).toBe(false)
    expect(data.quantity).toBe(50)
    expect(data.ucum).toBe("mg/L")
  })

  it("points a conventional call with a UCUM-only string at the UCUM notation, with the reading", async () => {
    const { isError, data } = await c.call("convert", { value: 12, from_unit: "[in_i]", to_unit: "cm" })
    expect(isError).toBe(true)
    expect(data.error_type).toBe("parse_error")
    expect(data.parameter).toBe("from_unit")
    expect(data.hints.join(" ")).toMatch(/UCUM/)
    expect(data.likely_fix).toBeNull()
  })

  it("reads B as the bel in UCUM and the byte conventionally: the caller chooses", async () => {
    const conventional = await c.call("convert", { value: 1, from_unit: "B", to_unit: "bit" })
    const ucum = await c.call("convert", { value: 1, from_unit: "B", to_unit: "bit", notation: "ucum" })
    expect(conventional.data.quantity).toBe(8)
    expect(ucum.isError).toBe(true)
    expect(ucum.data.error_type).toBe("ambiguous_input") // a level of 1 B: power ratio 10, field ratio √10
  })
})
