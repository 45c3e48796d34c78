// How the parser reads what people write: powers of ten in UCUM style, and what a division divides
// by. Each reading is the one people mean, and the result says which reading was taken.
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { convertValue as convert } from "../../src/engine/conversion/convert.ts"
import { isEngineError } from "../../src/engine/errors.ts"
import { catalog, relativeError } from "../support/catalog.ts"

const result = (value: number, from: string, to: string) => {
  const r = convert(catalog, value, from, to)
  if (isEngineError(r)) throw new Error(`${value} ${from} → ${to}: ${r.message}`)
  return r
}

describe("10*N is a power of ten", () => {
  it("reads 10*9/L as 10⁹ per litre: 5 × 10*9/L = 5000 /µL, and says so", () => {
    const r = result(5, "10*9/L", "1/uL")
    expect(r.quantity).toBeCloseTo(5000, 9)
    expect(r.notes.join(" ")).toMatch(/power of ten/)
  })

  it("agrees with 10^N and 1eN for every exponent, negative ones included", () => {
    fc.assert(
      fc.property(fc.integer({ min: -24, max: 24 }), fc.constantFrom("L", "uL", "mL", "kg", "1"), (n, unit) => {
        const star = result(1, `10*${n}/${unit}`, `1/${unit}`).quantity
        const caret = result(1, `10^${n}/${unit}`, `1/${unit}`).quantity
        expect(relativeError(star, caret)).toBeLessThan(1e-12)
        expect(relativeError(star, 10 ** n)).toBeLessThan(1e-12)
      })
    )
  })

  it("leaves a product of other numbers alone: 2*3 is 6, and 100*3 is 300", () => {
    expect(result(1, "2*3 m", "m").quantity).toBe(6)
    expect(result(1, "100*3 m", "m").quantity).toBe(300)
  })
})

describe("a lab count's K and M", () => {
  it("are never read as thousand or million silently: 7.5 K/uL → 10*9/L is refused (K is the kelvin), and the hint says to write 10*3/uL", () => {
    const r = convert(catalog, 7.5, "K/uL", "10*9/L")
    if (!isEngineError(r) || r._tag !== "DimensionMismatch") throw new Error("expected a dimension mismatch")
    expect(r.hints.join(" ")).toMatch(/write 10\*3 instead \(e\.g\. 10\*3\/uL\)/)
    expect(result(7.5, "10*3/uL", "10*9/L").quantity).toBeCloseTo(7.5, 12)
    const m = convert(catalog, 4.5, "M/uL", "10*12/L")
    expect(isEngineError(m) && m.hints.join(" ")).toMatch(/million \(10\*6\)/)
  })
})

describe("temperatures as people type them", () => {
  it("reads 25 deg C, degrees C and ºC (the ordinal sign) as the Celsius scale, not degree × coulomb", () => {
    for (const spelling of ["deg C", "degree C", "degrees C", "ºC"]) expect(result(25, spelling, "degF").quantity, spelling).toBeCloseTo(77, 10)
    expect(result(77, "deg F", "degC").quantity).toBeCloseTo(25, 10)
  })

  it("refuses 25 C → F (the coulomb and the farad) and says how to write the scales", () => {
    const r = convert(catalog, 25, "C", "F")
    if (!isEngineError(r)) throw new Error("expected a refusal")
    expect(r.hints.join(" ")).toMatch(/'C' is the coulomb; for Celsius write °C/)
    expect(r.hints.join(" ")).toMatch(/'F' is the farad; for Fahrenheit write °F/)
  })
})

describe("what a division divides by", () => {
  const units = ["kilogram", "kelvin", "second", "mole", "metre", "hour"]
  const symbols: Record<string, string> = { kilogram: "kg", kelvin: "K", second: "s", mole: "mol", metre: "m", hour: "h" }

  it("reads 'A per B C …' as A/(B·C·…), as English and QUDT's labels do", () => {
    fc.assert(
      fc.property(fc.subarray(units, { minLength: 1, maxLength: 4 }), (denominator) => {
        const words = `joule per ${denominator.join(" ")}`
        const symbolic = `J/(${denominator.map((d) => symbols[d]).join("*")})`
        const r = result(1, words, symbolic)
        expect(r.quantity).toBeCloseTo(1, 12)
        if (denominator.length > 1) expect(r.notes.join(" ")).toMatch(/denominator/)
      })
    )
  })

  it("converts the specific heat example of the issue: 1 J/(kg·K) = 0.000238845896627 Btu/(lb·°F)", () => {
    expect(relativeError(result(1, "joule per kilogram kelvin", "Btu per pound degree Fahrenheit").quantity, 1 / 4186.8)).toBeLessThan(1e-12)
  })

  it("keeps units written side by side after '/' in the denominator, as GNU units does: W/m2 K = W/(m²·K)", () => {
    expect(result(1, "W/m2 K", "W/(m^2*K)").quantity).toBe(1)
    expect(result(1, "kg m/s s", "N").quantity).toBe(1)
  })

  it("still reads an explicit '*' after '/' left to right, with a note: J/mol*K is (J/mol)·K", () => {
    const r = result(1, "J/mol*K", "J*K/mol")
    expect(r.quantity).toBe(1)
    expect(r.notes.join(" ")).toMatch(/left to right/)
  })

  it("chains 'per': gram per kilogram per day is g/(kg·d); a leading '/' or 'per' divides one", () => {
    expect(result(1, "gram per kilogram per day", "g/(kg*d)").quantity).toBe(1)
    expect(result(60, "/min", "Hz").quantity).toBeCloseTo(1, 14)
    expect(result(1, "per second", "Hz").quantity).toBe(1)
  })
})

describe("hyphens and standard-condition flows", () => {
  it("reads hyphenated names the catalog knows and hyphenated products: pound-force, foot-pound, kilowatt-hour, newton-meter", () => {
    expect(result(1, "pound-force", "N").quantity).toBeCloseTo(4.4482216152605, 12)
    expect(result(1, "foot-pound", "J").quantity).toBeCloseTo(1.3558179483314003, 12)
    expect(result(1, "kilowatt-hour", "MJ").quantity).toBeCloseTo(3.6, 12)
    expect(result(1, "newton-meter", "J").quantity).toBe(1)
    expect(result(1, "pound-force per square inch", "Pa").quantity).toBeCloseTo(6894.757293168361, 9)
  })

  it("refuses scfm, slpm and sccm with every reference state and the amount each gives", () => {
    const r = convert(catalog, 10, "scfm", "mol/s")
    expect(isEngineError(r) && r._tag).toBe("AmbiguousInput")
    if (isEngineError(r) && r._tag === "AmbiguousInput") expect(r.readings.every((x) => typeof x.value === "number")).toBe(true)
  })
})
