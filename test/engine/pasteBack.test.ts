// A likely_fix is a promise: pasted back verbatim, it gives the intended call. So does the ready-to-
// send `corrected` value. Checked over the typo calibration set, alone and inside compound units.
import { readFileSync } from "node:fs"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { isEngineError } from "../../src/engine/errors.ts"
import { resolveUnitExpression } from "../../src/engine/units/UnitExpression.ts"
import { catalog } from "../support/catalog.ts"

interface TypoCase {
  readonly input: string
  readonly intended: string | null
  readonly class: "typo" | "garbage" | "ambiguous"
}
const cases: ReadonlyArray<TypoCase> = JSON.parse(readFileSync(new URL("../data/unit-typos.json", import.meta.url), "utf8")).cases
const typos = cases.filter((c) => c.class === "typo" && catalog.resolve(c.input) === undefined)

/** The SI factor and dimension of an expression, for "same unit" comparisons. */
const meaning = (expression: string): string => {
  const r = resolveUnitExpression(catalog, expression)
  if (isEngineError(r)) return `error: ${r.message}`
  return `${r.factor.n / r.factor.d} ${r.dimension.join(",")}`
}

const fixes = (input: string) => {
  const r = resolveUnitExpression(catalog, input)
  if (!isEngineError(r) || r._tag !== "UnknownUnit" || r.likelyFix === undefined) return undefined
  return { likelyFix: r.likelyFix, corrected: r.corrected! }
}

describe("a likely_fix pasted back gives the intended unit", () => {
  it("for every typo of the calibration set that gets a fix, alone: 'kilogram (kg)' reads as kg", () => {
    let fixed = 0
    for (const c of typos) {
      const f = fixes(c.input)
      if (!f) continue
      fixed++
      expect(meaning(f.likelyFix), `${c.input} → ${f.likelyFix}`).toBe(meaning(f.corrected))
      expect(isEngineError(resolveUnitExpression(catalog, f.likelyFix))).toBe(false)
    }
    expect(fixed).toBeGreaterThan(100)
  })

  it("inside a compound unit, where the fix is the whole corrected expression", () => {
    const fixable = typos.filter((c) => fixes(c.input) !== undefined)
    fc.assert(
      fc.property(fc.constantFrom(...fixable), fc.constantFrom("mg/", "", "kg*"), fc.constantFrom("/s", "/(kg*h)", ""), (c, before, after) => {
        const input = `${before}${c.input}${after}`
        const f = fixes(input)
        if (!f) return
        const intended = `${before}${fixes(c.input)!.corrected}${after}`
        expect(meaning(f.likelyFix)).toBe(meaning(intended))
        expect(meaning(f.corrected)).toBe(meaning(intended))
      })
    )
  })

  it("in every position: inside parentheses, after '/', under an exponent, beside words", () => {
    const fixable = typos.filter((c) => fixes(c.input) !== undefined && !/[()]/.test(fixes(c.input)!.corrected))
    const positions = ["(X)/s", "kg/(X)", "X^2", "(X)^2", "(X*s)/m", "mg/(kg*X)", "X per hour", "square X", "X⁻¹", "((X))"]
    fc.assert(
      fc.property(fc.constantFrom(...fixable), fc.constantFrom(...positions), (c, position) => {
        const input = position.replace("X", c.input)
        const f = fixes(input)
        if (!f) return
        const intended = position.replace("X", fixes(c.input)!.corrected)
        expect(meaning(f.likelyFix), `${input} → ${f.likelyFix}`).toBe(meaning(intended))
        expect(meaning(f.corrected), `${input} → ${f.corrected}`).toBe(meaning(intended))
      }),
      { numRuns: 400 }
    )
  })

  it("never fixes a parenthesized name by dropping its parenthesis: '(degreeC)/s' gets no broken fix", () => {
    for (const input of ["(degreeC)/s", "(kilgoram)/s", "((kilgoram))", "kg/(secnd)"]) {
      const f = fixes(input)
      if (f) expect(meaning(f.likelyFix), input).not.toMatch(/^error/)
    }
    expect(fixes("(kilgoram)/s")?.likelyFix).toBe("(kg)/s")
  })

  it("never offers a fix of another quantity for a prefixed form of a known unit: centineper is not centimeter", () => {
    for (const input of ["centineper", "kilomile", "millidecibel", "centiinch"]) {
      const r = resolveUnitExpression(catalog, input)
      const fix = isEngineError(r) && r._tag === "UnknownUnit" ? r.likelyFix : undefined
      if (fix !== undefined) expect(meaning(fix).split(" ")[1], input).toBe(meaning(input.replace(/^(centi|kilo|milli)/, "")).split(" ")[1])
    }
    const r = resolveUnitExpression(catalog, "centineper")
    expect(isEngineError(r) && r._tag === "UnknownUnit" && r.likelyFix === undefined).toBe(true)
    expect(isEngineError(r) && r.hints.join(" ")).toMatch(/centi.*neper.*does not prefix/)
  })

  it("names no pseudo-system in hints: a name GNU units and pint disagree on is said to be that", () => {
    for (const name of ["H2O", "Hg", "water"]) {
      const r = resolveUnitExpression(catalog, name)
      if (!isEngineError(r)) throw new Error(`${name} resolved`)
      expect(r.hints.join(" ")).not.toMatch(/unit in disputed/)
      expect(r.hints.join(" ")).toMatch(/pint and other references give different meanings/)
    }
  })

  it("reads the display form only when name and symbol are the same unit: 'meter (m)' is m, 'm (s)' is m·s", () => {
    expect(meaning("meter (m)")).toBe(meaning("m"))
    expect(meaning("degree Celsius (°C)")).toBe(meaning("°C"))
    expect(meaning("m (s)")).toBe(meaning("m*s"))
  })
})
