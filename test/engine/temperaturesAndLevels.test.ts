// Temperatures and levels never change meaning silently: a point is not a difference, an offset is
// never dropped, nothing is colder than absolute zero, and a bare level has two readings as a ratio.
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { convertValue as convert } from "../../src/engine/conversion/convert.ts"
import { isEngineError } from "../../src/engine/errors.ts"
import { catalog, relativeError } from "../support/catalog.ts"

const run = (value: number, from: string, to: string) => convert(catalog, value, from, to)
const quantity = (value: number, from: string, to: string): number => {
  const r = run(value, from, to)
  if (isEngineError(r)) throw new Error(`${value} ${from} → ${to}: ${r.message}`)
  return r.quantity
}
const failure = (value: number, from: string, to: string) => {
  const r = run(value, from, to)
  if (!isEngineError(r)) throw new Error(`${value} ${from} → ${to} gave ${r.quantity}`)
  return r
}

/** Point scales with the value of absolute zero on each. */
const scales: ReadonlyArray<readonly [string, number]> = [
  ["degC", -273.15],
  ["°C", -273.15],
  ["degF", -459.67],
  ["degRe", -218.52],
  ["K", 0],
  ["degR", 0]
]
const offsetScales = ["degC", "°C", "degF", "degRe", "celsius", "degrees Fahrenheit"]
const differences = ["delta_degC", "delta_degF", "Δ°C", "delta_degC/s*s", "mK*delta_degC/K"]

describe("a temperature point is never converted to or from a difference", () => {
  it("refuses every scale against every difference unit, both ways, whatever the value", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...offsetScales),
        fc.constantFrom(...differences),
        fc.double({ min: -200, max: 1e4, noNaN: true }),
        (scale, difference, value) => {
          for (const [from, to] of [
            [scale, difference],
            [difference, scale]
          ] as const) {
            const e = failure(value, from, to)
            expect(e._tag).toBe("DimensionMismatch")
            expect(e.message).toMatch(/point on a temperature scale/)
            expect(e.hints.join(" ")).toMatch(/delta_degC/)
          }
        }
      )
    )
  })

  it("converts differences among themselves and against kelvin without an offset: 10 delta_degC = 18 delta_degF = 10 K", () => {
    expect(quantity(10, "delta_degC", "delta_degF")).toBeCloseTo(18, 12)
    expect(quantity(10, "delta_degC", "K")).toBe(10)
    expect(quantity(-5, "K", "delta_degC")).toBe(-5)
  })
})

describe("an offset is never dropped", () => {
  it("applies the scale's offset against any absolute temperature, compound or prefixed, as pint does: 10 °C = 283150 K·mm/m", () => {
    expect(relativeError(quantity(10, "degC", "K*mm/m"), 283150)).toBeLessThan(1e-12)
    expect(quantity(10, "K*mm/m", "degC")).toBeCloseTo(-273.14, 10)
    fc.assert(
      fc.property(fc.constantFrom(...offsetScales), fc.double({ min: -200, max: 1e4, noNaN: true }), (scale, value) => {
        const kelvin = quantity(value, scale, "K")
        expect(relativeError(quantity(value, scale, "mK"), kelvin * 1000)).toBeLessThan(1e-12)
        expect(relativeError(quantity(value, scale, "K*mm/m"), kelvin * 1000)).toBeLessThan(1e-12)
        expect(relativeError(quantity(value, scale, "degR"), kelvin * 1.8)).toBeLessThan(1e-12)
      })
    )
  })

  it("refuses a scale inside a compound against a point, where point and difference cannot be told apart", () => {
    const e = failure(10, "degC*mm/m", "degC")
    expect(e._tag).toBe("AmbiguousInput")
    expect(e.hints.join(" ")).toMatch(/K\*mm\/m/)
  })
})

describe("nothing is colder than absolute zero", () => {
  it("refuses a point below absolute zero on every scale, naming the limit, and accepts absolute zero itself", () => {
    fc.assert(
      fc.property(fc.constantFrom(...scales), fc.double({ min: 1e-6, max: 1e6, noNaN: true }), ([scale, zero], below) => {
        // an absolute scale (K, degR) is a point only against a scale with an offset
        const target = zero === 0 ? "degC" : "K"
        const e = failure(zero - below, scale, target)
        expect(e._tag).toBe("InvalidValue")
        expect(e.expected).toContain(String(zero))
      })
    )
    for (const [scale, zero] of scales) expect(quantity(zero, scale, zero === 0 ? "degC" : "K")).toBeCloseTo(zero === 0 ? -273.15 : 0, 9)
  })

  it("lets a difference be negative: -300 delta_degC is -300 K", () => {
    expect(quantity(-300, "delta_degC", "K")).toBe(-300)
  })
})

describe("a bare level has two readings as a plain ratio", () => {
  const bare = ["dB", "bel", "Np", "decibel"]
  it("refuses dB, B and Np to or from a plain ratio, giving the power and the field reading with their values", () => {
    const e = failure(20, "dB", "1")
    expect(e._tag).toBe("AmbiguousInput")
    if (e._tag !== "AmbiguousInput") return
    expect(e.readings.map((r) => r.value)).toEqual([100, 10])
    const np = failure(1, "Np", "1")
    if (np._tag !== "AmbiguousInput") throw new Error("expected readings")
    expect(np.readings[0]!.value).toBeCloseTo(Math.E ** 2, 12)
    expect(np.readings[1]!.value).toBeCloseTo(Math.E, 12)
    fc.assert(
      fc.property(fc.constantFrom(...bare), fc.constantFrom("1", "%", "ppm"), fc.double({ min: -100, max: 100, noNaN: true }), (level, ratio, value) => {
        expect(failure(value, level, ratio)._tag).toBe("AmbiguousInput")
        expect(failure(Math.abs(value) + 1, ratio, level)._tag).toBe("AmbiguousInput")
      })
    )
  })

  it("converts levels among themselves and levels with a reference, where there is one reading: 1 Np = 8.686 dB, 20 dBm = 0.1 W, 10 dBi = 10", () => {
    expect(quantity(1, "Np", "dB")).toBeCloseTo(8.685889638065035, 12)
    expect(quantity(20, "dBm", "W")).toBeCloseTo(0.1, 14)
    expect(quantity(20, "dBV", "V")).toBeCloseTo(10, 12)
    expect(quantity(10, "dBi", "1")).toBeCloseTo(10, 12)
  })
})

describe("UCUM's special units follow the same rules as the conventional notation", () => {
  const ucum = (value: number, from: string, to: string) => convert(catalog, value, from, to, "ucum")

  it("refuses a bare level to a plain ratio in UCUM too, for every prefix of B and Np", () => {
    fc.assert(
      fc.property(fc.constantFrom("B", "dB", "cB", "Np", "cNp", "mNp"), fc.double({ min: -100, max: 100, noNaN: true }), (level, x) => {
        const r = ucum(x, level, "1")
        expect(isEngineError(r) && r._tag, `${x} ${level}`).toBe("AmbiguousInput")
      })
    )
  })

  it("applies a prefixed level's function: 20 dB[W] is 100 W, 3 dB[mV] is 1.41 mV, not 0.1 of the bel", () => {
    expect(ucum(20, "dB[W]", "W")).toMatchObject({ quantity: 100 })
    expect(ucum(1, "B[kW]", "kW")).toMatchObject({ quantity: 10 })
    const mv = ucum(3, "dB[mV]", "mV")
    if (isEngineError(mv)) throw new Error(mv.message)
    expect(mv.quantity).toBeCloseTo(10 ** (3 / 20), 12)
  })

  it("refuses a level or scale that a function cannot apply to: raised, prefixed scale, inside a compound", () => {
    for (const [from, to] of [
      ["dB/s", "1"],
      ["B2", "1"],
      ["mCel", "K"],
      ["Cel2", "K2"],
      ["dB[W].s", "J"]
    ] as const) {
      const r = ucum(1, from, to)
      expect(isEngineError(r) && r._tag, from).toBe("ParseError")
    }
  })
})
