import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { converterBetween } from "../../src/engine/conversion/between.ts"
import { convertValue as engineConvert } from "../../src/engine/conversion/convert.ts"
import { isEngineError } from "../../src/engine/errors.ts"
import { resolveUnitExpression } from "../../src/engine/units/UnitExpression.ts"
import { catalog, convertValue, relativeError, resolve } from "../support/catalog.ts"

const failure = (from: string, to: string) => {
  const c = converterBetween(catalog, resolve(from), resolve(to))
  if (!isEngineError(c)) throw new Error(`${from} → ${to} converted`)
  return c
}

describe("conversion", () => {
  it("says which force a mass meant, by symbol and name, and the force written so converts: ft-lb to J, oz-in to N·m", () => {
    for (const [mass, force, name] of [
      ["lb", "lbf", "pound-force"],
      ["kg", "kgf", "kilogram-force"],
      ["g", "gf", "gram-force"],
      ["mg", "mgf", "milligram-force"],
      ["oz", "ozf", "ounce-force"],
      ["t", "tf", "tonne-force"]
    ] as const) {
      const e = failure(`${mass}*m`, "N*m")
      expect(e.hints.join(" "), mass).toContain(`write '${force}' (${name})`)
      expect(isEngineError(converterBetween(catalog, resolve(`${force}*m`), resolve("N*m"))), force).toBe(false)
    }
  })

  it("says which volume a mass's name meant, on either side and inside compounds: oz to mL is 'floz', dr to mL 'fldr', and the volume written so converts", () => {
    for (const [mass, volume, from, to] of [
      ["oz", "floz", "oz", "mL"],
      ["oz", "floz", "mL", "oz"],
      ["oz", "floz", "oz/d", "mL/h"],
      ["dr", "fldr", "dr", "mL"]
    ] as const) {
      const e = failure(from, to)
      expect(e.hints.join(" "), `${from} → ${to}`).toContain(`write '${volume}' (fluid`)
      expect(e.likelyFix, `${from} → ${to}`).toBeUndefined()
      expect(isEngineError(converterBetween(catalog, resolve(from.replace(mass, volume)), resolve(to.replace(mass, volume)))), volume).toBe(false)
    }
    // a mass with no namesake of volume gets no such hint
    expect(failure("lb", "L").hints.join(" ")).not.toContain("fluid")
  })

  it("never answers 0 for a nonzero value that falls below the smallest double: 5e-324 m in km is refused", () => {
    expect(engineConvert(catalog, 1e-300, "m", "km")).toMatchObject({ quantity: 1e-303 })
    expect(engineConvert(catalog, 0, "m", "km")).toMatchObject({ quantity: 0 })
    expect(engineConvert(catalog, 5e-324, "m", "km")).toMatchObject({
      _tag: "ComputationError",
      message: expect.stringMatching(/smallest number a double holds/)
    })
  })

  it("converts angles defined on the same π exactly: 1° is 60′, 1 rev/min is 6°/s, 90° is 100 gon", () => {
    expect(convertValue(1, "deg", "arcmin")).toBe(60)
    expect(convertValue(1, "arcmin", "arcsec")).toBe(60)
    expect(convertValue(1, "rev/min", "deg/s")).toBe(6)
    expect(convertValue(90, "deg", "grad")).toBe(100)
    expect(convertValue(1, "grad", "deg")).toBe(0.9)
    expect(convertValue(6400, "mil_NATO", "rev")).toBe(1)
    expect(convertValue(1, "rev", "rad")).toBe(2 * Math.PI)
  })

  it("gives the issue's reference answers", () => {
    expect(relativeError(convertValue(5, "km", "mi"), 3.10685596118667)).toBeLessThan(1e-14)
    expect(convertValue(10, "m/s", "km/h")).toBe(36)
    expect(convertValue(100, "degC", "degF")).toBe(212)
    expect(convertValue(1, "lb", "kg")).toBe(0.45359237)
  })

  it("treats standalone temperatures as points: -40 °C is -40 °F, 0 K is -459.67 °F, 98.6 °F is 37 °C", () => {
    expect(convertValue(-40, "°C", "°F")).toBeCloseTo(-40, 12)
    expect(convertValue(0, "K", "degF")).toBeCloseTo(-459.67, 10)
    expect(convertValue(98.6, "degF", "degC")).toBeCloseTo(37, 12)
    expect(convertValue(300, "K", "degC")).toBeCloseTo(26.85, 12)
  })

  it("treats degrees inside compound units as differences: J/(kg·°C) → J/(kg·K) is ×1", () => {
    expect(convertValue(4186, "J/(kg*degC)", "J/(kg*K)")).toBe(4186)
    expect(convertValue(1, "BTU/(lb*degF)", "J/(kg*K)")).toBeCloseTo(4186.8, 6)
    expect(convertValue(10, "delta_degC", "delta_degF")).toBeCloseTo(18, 12)
  })

  it("reads compound and unusual spellings alike", () => {
    expect(convertValue(1, "kg*m/s^2", "N")).toBe(1)
    expect(convertValue(1, "kg m s-2", "N")).toBe(1)
    expect(convertValue(250, "mcg/kg/min", "mg/kg/h")).toBeCloseTo(15, 12)
    expect(convertValue(1, "W/(m²·K)", "W/(m^2*K)")).toBe(1)
    expect(convertValue(3, "miles per hour", "mph")).toBeCloseTo(3, 12)
    expect(convertValue(5, "L/100km", "L/km")).toBeCloseTo(0.05, 15)
    expect(convertValue(1, "sq ft", "in^2")).toBeCloseTo(144, 10)
    expect(convertValue(1, "m2", "cm2")).toBeCloseTo(1e4, 8)
  })

  it("converts logarithmic levels on their own: 0 dBm is 1 mW, 30 dBm is 0 dBW, 1 Np is 8.686 dB", () => {
    expect(convertValue(0, "dBm", "mW")).toBeCloseTo(1, 12)
    expect(convertValue(30, "dBm", "dBW")).toBeCloseTo(0, 12)
    expect(convertValue(1, "Np", "dB")).toBeCloseTo(8.685889638065036, 12)
  })

  it("refuses a logarithmic unit inside a compound expression", () => {
    const r = resolveUnitExpression(catalog, "dBm/Hz")
    expect(isEngineError(r) && r._tag).toBe("ParseError")
  })

  it("fails with DimensionMismatch naming both dimensions and compatible units for kg → m", () => {
    const e = failure("kg", "m")
    expect(e._tag).toBe("DimensionMismatch")
    expect(e.message).toBe("Cannot convert 'kg' to 'm': mass is not compatible with length")
    expect(e.hints.join(" ")).toMatch(/Compatible mass units: .*lb/)
  })

  it("isolates pseudo-dimensions: radian → percent, rad/s → Hz, lm → cd, gtt → 1 are dimension mismatches, explained", () => {
    for (const [a, b] of [
      ["radian", "percent"],
      ["rad/s", "Hz"],
      ["lm", "cd"],
      ["gtt", "1"],
      ["IU", "mg"]
    ] as const) {
      const e = failure(a, b)
      // a pseudo-dimension is a dimension: angle is not ratio, as ucon-tools' own suite has it
      expect(e._tag, `${a} → ${b}`).toBe("DimensionMismatch")
    }
    expect(failure("radian", "percent").hints.join(" ")).toMatch(/isolated pseudo-dimension/)
  })

  it("suggests the reciprocal for fuel economy (L/100km vs mi/gal)", () => {
    expect(failure("L/100km", "mi/gal").hints.join(" ")).toMatch(/reciprocal/)
  })

  it("round-trips a value a → b → a (property, over compatible catalog pairs)", () => {
    // units that convert only to themselves (mEq, mOsm: per substance) have no partners
    const records = catalog.allRecords().filter((r) => !r.logarithmic && !r.offset && !r.unconnected)
    const byDimension = new Map<string, Array<string>>()
    for (const r of records) {
      // units reserved for different kinds of one dimension (Gy and Sv) never convert into each other
      const k = `${r.dimension.join(",")} ${r.kind ?? ""}`
      byDimension.set(k, [...(byDimension.get(k) ?? []), r.symbol])
    }
    const pairs = [...byDimension.values()].filter((l) => l.length > 1)
    fc.assert(
      fc.property(fc.constantFrom(...pairs), fc.nat(), fc.nat(), fc.double({ min: -1e6, max: 1e6, noNaN: true }), (units, i, j, value) => {
        const a = units[i % units.length]!
        const b = units[j % units.length]!
        const back = convertValue(convertValue(value, a, b), b, a)
        return Math.abs(back - value) <= 1e-9 * Math.max(1, Math.abs(value))
      }),
      { numRuns: 2000 }
    )
  })

  it("round-trips temperatures and levels through their affine or logarithmic maps", () => {
    for (const [a, b] of [
      ["degC", "degF"],
      ["degF", "K"],
      ["degRe", "degC"],
      ["dBm", "W"],
      ["pH", "mol/L"],
      ["nines", "%"]
    ] as const) {
      // 1 − 10^−37 is 1 in double precision, so availability levels are tested up to 9 nines,
      // where the fraction itself keeps only about 7 significant digits of the level
      const values = a === "nines" ? [0.5, 3, 7, 9] : [0.5, 3, 7, 37]
      for (const value of values) expect(convertValue(convertValue(value, a, b), b, a), `${a}↔${b} ${value}`).toBeCloseTo(value, a === "nines" ? 6 : 9)
    }
  })

  it("resolves every catalog unit through its own symbol and name, as written", () => {
    for (const r of catalog.allRecords()) {
      for (const spelling of [r.symbol, r.name]) {
        const e = resolveUnitExpression(catalog, spelling, "written")
        expect(isEngineError(e) ? e.message : e.terms[0]?.unit.symbol, spelling).toBe(r.symbol)
      }
    }
  })
})
