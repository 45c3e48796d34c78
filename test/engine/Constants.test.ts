import { describe, expect, it } from "vitest"
import * as Constants from "../../src/engine/constants/Constants.ts"
import * as Dimension from "../../src/engine/Dimension.ts"
import { isEngineError } from "../../src/engine/errors.ts"
import { resolveUnitExpression } from "../../src/engine/units/UnitExpression.ts"
import { exactReference, measuredReference, nist } from "../data/codata2022-nist.ts"
import { catalog } from "../support/catalog.ts"

const constant = (symbol: string): Constants.BuiltinConstant => {
  const c = Constants.lookup(symbol)
  if (!c) throw new Error(`no constant '${symbol}'`)
  return c
}
const value = (symbol: string): number => constant(symbol).value

// What physics says each constant's unit is, as base-quantity exponents (SI Brochure table 4).
const ohm = { M: 1, L: 2, T: -3, I: -2 }
const magneticMoment = { I: 1, L: 2 } // J/T = A·m²
const expectedDimensions: Readonly<Record<string, Partial<Record<Dimension.BaseKey, number>>>> = {
  ΔνCs: { T: -1 },
  c: { L: 1, T: -1 },
  h: { M: 1, L: 2, T: -1 },
  e: { I: 1, T: 1 },
  k: { M: 1, L: 2, T: -2, Θ: -1 },
  N_A: { N: -1 },
  K_cd: { J: 1, Ω: 1, M: -1, L: -2, T: 3 }, // lm/W = cd·sr/W
  gₙ: { L: 1, T: -2 },
  atm: { M: 1, L: -1, T: -2 },
  ℏ: { M: 1, L: 2, T: -1 },
  R: { M: 1, L: 2, T: -2, Θ: -1, N: -1 },
  F: { I: 1, T: 1, N: -1 },
  σ: { M: 1, T: -3, Θ: -4 },
  K_J: { M: -1, L: -2, T: 2, I: 1 }, // Hz/V = 1/(s·V) = A·s²/(kg·m²)
  R_K: ohm,
  "Φ₀": { M: 1, L: 2, T: -2, I: -1 },
  "G₀": { M: -1, L: -2, T: 3, I: 2 },
  "c₁": { M: 1, L: 4, T: -3 },
  "c₁L": { M: 1, L: 4, T: -3, Ω: -1 },
  "c₂": { L: 1, Θ: 1 },
  b: { L: 1, Θ: 1 },
  "b′": { T: -1, Θ: -1 },
  V_m: { L: 3, N: -1 },
  "n₀": { L: -3 },
  G: { L: 3, M: -1, T: -2 },
  α: {},
  "α⁻¹": {},
  mₑ: { M: 1 },
  mₚ: { M: 1 },
  mₙ: { M: 1 },
  m_u: { M: 1 },
  m_d: { M: 1 },
  m_α: { M: 1 },
  m_μ: { M: 1 },
  "mₚ/mₑ": {},
  M_u: { M: 1, N: -1 },
  "ε₀": { M: -1, L: -3, T: 4, I: 2 },
  "μ₀": { M: 1, L: 1, T: -2, I: -2 },
  "Z₀": ohm,
  k_e: { M: 1, L: 3, T: -4, I: -2 },
  Eₕ: { M: 1, L: 2, T: -2 },
  Ry: { M: 1, L: 2, T: -2 },
  "R∞": { L: -1 },
  "a₀": { L: 1 },
  "ℏ/Eₕ": { T: 1 },
  mP: { M: 1 },
  lP: { L: 1 },
  tP: { T: 1 },
  TP: { Θ: 1 },
  μ_B: magneticMoment,
  μ_N: magneticMoment,
  μₑ: magneticMoment,
  μₚ: magneticMoment,
  γₚ: { M: -1, T: 1, I: 1 }, // 1/(s·T), T = kg/(s²·A)
  gₑ: {},
  rₑ: { L: 1 },
  λ_C: { L: 1 },
  σₑ: { L: 2 },
  rₚ: { L: 1 }
}

/** Whether `x` begins with the digits NIST prints; "..." marks a value truncated after them. */
const beginsWith = (x: number, printed: string): boolean => {
  const [mantissa, exponent = "0"] = printed.replaceAll(" ", "").replace("...", "").split("e")
  const reference = Number(`${mantissa}e${exponent}`)
  if (!printed.includes("...")) return x === reference
  const decimals = mantissa!.split(".")[1]?.length ?? 0
  const lastDigit = 10 ** (Number(exponent) - decimals)
  return x >= reference * (1 - 1e-15) && x < reference + lastDigit
}

describe("CODATA 2022 constants", () => {
  it("has 9 exact, 15 derived and 35 measured constants, and the table above covers each of them", () => {
    const count = (category: Constants.Category) => Constants.builtin.filter((c) => c.category === category).length
    expect([count("exact"), count("derived"), count("measured")]).toEqual([9, 15, 35])
    expect(Object.keys(expectedDimensions).sort()).toEqual(Constants.builtin.map((c) => c.symbol).sort())
  })

  it("keeps every ucon constant under ucon's symbol or an alias", () => {
    const ucon = [
      "ΔνCs",
      "c",
      "h",
      "e",
      "k",
      "NA",
      "Kcd",
      "ℏ",
      "R",
      "σ",
      "G",
      "α",
      "mₑ",
      "mₚ",
      "mₙ",
      "ε₀",
      "μ₀",
      "gₙ",
      "Eₕ",
      "Ry",
      "a₀",
      "ℏ/Eₕ",
      "mP",
      "lP",
      "tP",
      "TP"
    ]
    for (const symbol of ucon) expect(Constants.lookup(symbol), symbol).toBeDefined()
  })

  it("resolves every unit to the dimension physics gives the constant", () => {
    for (const c of Constants.builtin) {
      const resolved = resolveUnitExpression(catalog, c.unit, "written")
      if (isEngineError(resolved)) throw new Error(`${c.symbol}: unit '${c.unit}' does not resolve: ${resolved.message}`)
      expect(Dimension.equals(resolved.dimension, Dimension.fromExponents(expectedDimensions[c.symbol]!)), `${c.symbol} in ${c.unit}`).toBe(true)
    }
  })

  it("gives every symbol and alias to exactly one constant", () => {
    const spellings = Constants.builtin.flatMap((c) => [c.symbol, ...c.aliases])
    expect(new Set(spellings).size).toBe(spellings.length)
  })

  it("finds constants by ASCII alias, case-sensitively: k_B is k, K is nothing", () => {
    expect(constant("k_B").symbol).toBe("k")
    expect(constant("NA").symbol).toBe("N_A")
    expect(constant("g0").symbol).toBe("gₙ")
    expect(constant("m_e").symbol).toBe("mₑ")
    expect(constant("hbar").symbol).toBe("ℏ")
    expect(Constants.lookup("K")).toBeUndefined()
  })

  it("gives exact and derived constants no uncertainty, measured ones a positive one", () => {
    for (const c of Constants.builtin) {
      if (c.category === "measured") expect(c.uncertainty, c.symbol).toBeGreaterThan(0)
      else expect(c.uncertainty, c.symbol).toBeNull()
      expect(Constants.isExact(c), c.symbol).toBe(c.category !== "measured")
      expect(c.source).toBe("CODATA 2022")
    }
  })

  it("matches NIST's listing for every exact and derived constant (derived ones to every printed digit)", () => {
    for (const [symbol, printed] of exactReference) expect(beginsWith(value(symbol), printed), `${symbol} = ${value(symbol)} vs ${printed}`).toBe(true)
    expect(exactReference.length).toBe(Constants.builtin.filter((c) => c.category !== "measured").length)
  })

  it("computes derived constants from their definitions", () => {
    const [h, e, k, c, NA] = [value("h"), value("e"), value("k"), value("c"), value("N_A")]
    expect(value("ℏ")).toBe(h / (2 * Math.PI))
    expect(value("R")).toBe(NA * k)
    expect(value("F")).toBe(NA * e)
    expect(value("σ")).toBeCloseTo((2 * Math.PI ** 5 * k ** 4) / (15 * h ** 3 * c ** 2), 22)
    expect(value("σ") / ((2 * Math.PI ** 5 * k ** 4) / (15 * h ** 3 * c ** 2))).toBeCloseTo(1, 14)
    expect(value("K_J") * value("Φ₀")).toBeCloseTo(1, 14) // K_J = 2e/h, Φ₀ = h/2e
    expect(value("R_K") * value("G₀")).toBeCloseTo(2, 14) // R_K = h/e², G₀ = 2e²/h
    expect(value("c₁") / value("c₁L")).toBeCloseTo(Math.PI, 14)
    expect(value("V_m") * value("n₀")).toBeCloseTo(NA, -10) // V_m·n₀ = N_A at the same T and p
    // Wien: b = hc/(k·x) with x the root of x = 5(1 − e^(−x)), 4.965114231744276 (NIST wall chart)
    expect((h * c) / (k * value("b"))).toBeCloseTo(4.965114231744276, 13)
    expect((h * value("b′")) / k).toBeCloseTo(2.821439372122079, 13)
  })

  it("matches NIST's listing to the last digit for every measured constant", () => {
    for (const [symbol, v, u] of measuredReference) {
      expect(value(symbol), symbol).toBe(nist(v))
      expect(constant(symbol).uncertainty, symbol).toBe(nist(u))
    }
    // the Coulomb constant is not in the listing: 1/(4πε₀) with ε₀'s relative uncertainty
    const ε0 = constant("ε₀")
    expect(value("k_e")).toBe(1 / (4 * Math.PI * ε0.value))
    expect(value("k_e")).toBeCloseTo(8.9875517862e9, 0)
    expect(constant("k_e").uncertainty).toBe(1.4)
    expect(measuredReference.length + 1).toBe(Constants.builtin.filter((c) => c.category === "measured").length)
  })

  it("does not return the CODATA 2018 values ucon labels as 2022", () => {
    const ucon2018: ReadonlyArray<readonly [string, number]> = [
      ["mₑ", 9.1093837015e-31],
      ["mₚ", 1.67262192369e-27],
      ["mₙ", 1.67492749804e-27],
      ["ε₀", 8.8541878128e-12],
      ["μ₀", 1.25663706212e-6],
      ["α", 0.0072973525693]
    ]
    for (const [symbol, old] of ucon2018) {
      // the 2022 shift is larger than the 2022 uncertainty: the old value is not just a rounding
      expect(Math.abs(value(symbol) - old), symbol).toBeGreaterThan(constant(symbol).uncertainty!)
    }
  })
})

describe("listing and filtering", () => {
  it("sorts by category, then symbol by code point, as ucon does", () => {
    const listed = Constants.select(Constants.builtin, "all")
    expect(listed.map((c) => c.category)).toEqual([...listed.map((c) => c.category)].sort())
    expect(listed.slice(0, 3).map((c) => c.symbol)).toEqual(["F", "G₀", "K_J"])
    expect(Constants.select(Constants.builtin, "exact").map((c) => c.symbol)).toEqual(["K_cd", "N_A", "atm", "c", "e", "gₙ", "h", "k", "ΔνCs"])
  })

  it("describes the dimension by its list_dimensions name: G is gravitation, α is a ratio", () => {
    const info = (symbol: string) => {
      const i = Constants.toInfo(catalog, constant(symbol))
      if (isEngineError(i)) throw new Error(i.message)
      return i
    }
    expect(info("G")).toEqual({
      symbol: "G",
      name: "Newtonian constant of gravitation",
      value: 6.6743e-11,
      unit: "m^3/(kg*s^2)",
      dimension: "gravitation",
      uncertainty: 1.5e-15,
      isExact: false,
      source: "CODATA 2022",
      category: "measured"
    })
    expect(info("c")).toMatchObject({ dimension: "velocity", isExact: true, uncertainty: null, category: "exact" })
    expect(info("α").dimension).toBe("ratio")
  })

  it("reads a category case-insensitively and treats none as all", () => {
    expect(Constants.parseCategory(undefined)).toBe("all")
    expect(Constants.parseCategory("Measured")).toBe("measured")
    expect(Constants.parseCategory("session")).toBe("session")
  })

  it("refuses an unknown category, listing the valid ones and the closest as likely fix", () => {
    const e = Constants.parseCategory("measure")
    if (!isEngineError(e)) throw new Error("expected an error")
    expect(e).toMatchObject({
      _tag: "InvalidInput",
      message: "Unknown category: 'measure'",
      role: "category",
      likelyFix: "measured",
      hints: ["Valid categories: exact, derived, measured, session, all"]
    })
    const far = Constants.parseCategory("invalid")
    expect(isEngineError(far) && far.likelyFix).toBeUndefined()
  })
})
