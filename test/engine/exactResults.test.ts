// Where the inputs are finite decimals and the units exact, results are the decimal answer rounded
// once, never float noise an agent would quote (31.250000000000004).
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { Effect } from "effect"
import { compute } from "../../src/engine/conversion/compute.ts"
import { convertValue } from "../../src/engine/conversion/convert.ts"
import { isEngineError } from "../../src/engine/errors.ts"
import * as Dimension from "../../src/engine/Dimension.ts"
import * as Rational from "../../src/engine/Rational.ts"
import { catalog, resolve } from "../support/catalog.ts"

const convert = (value: number, from: string, to: string, notation: "conventional" | "ucum" = "conventional"): number => {
  const r = convertValue(catalog, value, from, to, notation)
  if (isEngineError(r)) throw new Error(`${from} → ${to}: ${r.message}`)
  return r.quantity
}

/** A conversion read in UCUM's notation that must succeed: its value. */
const ucum = (value: number, from: string, to: string): number => convert(value, from, to, "ucum")

/** n/d as the nearest double, through at least 40 significant digits of integer division (an oracle apart from the engine's). */
const nearest = (n: bigint, d: bigint): number => {
  const negative = n < 0n !== d < 0n
  let [a, b] = [n < 0n ? -n : n, d < 0n ? -d : d]
  if (a === 0n) return 0
  // 40 significant digits at least, however small the value (a foe is 1e-44 J), then one rounding
  let shift = 0
  for (; a / b < 10n ** 40n; shift++) a *= 10n
  return Number(`${negative ? "-" : ""}${a / b}e-${shift}`)
}

describe("exact results from exact inputs", () => {
  it("gives the decimal answers: 31.25 gtt/min, 80.33 °F, 37 °C, 10 cm, 1100 mL, 0.762 cm", () => {
    const drip = Effect.runSync(
      compute(catalog, 1000, "mL", [
        { value: 15, numerator: "gtt", denominator: "mL" },
        { value: 1, numerator: "1", denominator: "480 min" }
      ])
    )
    expect(drip.quantity).toBe(31.25)
    expect(convert(300, "K", "degF")).toBe(80.33)
    expect(convert(98.6, "degF", "degC")).toBe(37)
    expect(convert(0.1, "m", "cm")).toBe(10)
    expect(convert(1.1, "L", "mL")).toBe(1100)
    expect(convert(0.3, "in", "cm")).toBe(0.762)
    expect(convert(3, "nines", "%")).toBe(99.9)
  })

  it("equals the decimal product, rounded once, for decimal inputs through decimal factors (property)", () => {
    // factor of one unit in the other, as an exact decimal (NIST SP 811 appendix B)
    const pairs = [
      ["mL", "L", "0.001"],
      ["in", "cm", "2.54"],
      ["lb", "kg", "0.45359237"],
      ["ft", "m", "0.3048"],
      ["mg/dL", "g/L", "0.01"],
      ["oz", "g", "28.349523125"],
      ["mi", "km", "1.609344"]
    ] as const
    const decimalProduct = (digits: number, decimals: number, factor: string): number => {
      const [whole, fraction = ""] = factor.split(".")
      const product = BigInt(digits) * BigInt(whole + fraction)
      const scale = decimals + fraction.length
      const sign = product < 0n ? "-" : ""
      const text = (product < 0n ? -product : product).toString().padStart(scale + 1, "0")
      return Number(`${sign}${text.slice(0, text.length - scale)}.${text.slice(text.length - scale)}`)
    }
    fc.assert(
      fc.property(
        fc.integer({ min: -99999, max: 99999 }),
        fc.integer({ min: 0, max: 4 }),
        fc.constantFrom(...pairs),
        (digits, decimals, [from, to, factor]) => {
          const value = Number((digits / 10 ** decimals).toFixed(decimals))
          expect(convert(value, from, to)).toBe(decimalProduct(digits, decimals, factor))
        }
      )
    )
  })
})

describe("π carried exactly", () => {
  const angles = catalog.records.filter((r) => r.symbol !== "rad" && Dimension.equals(r.dimension, resolve("rad").dimension) && !r.custom)

  it("gives the exact answers where the π of two definitions divides out: 1 hour angle is 15° and 900′, 1 sr is (180/π)² deg²", () => {
    expect(convert(1, "hourangle", "deg")).toBe(15)
    expect(convert(1, "hourangle", "arcmin")).toBe(900)
    expect(convert(1, "hourangle", "arcsec")).toBe(54000)
    expect(convert(1, "rev", "grad")).toBe(400)
    expect(convert(1, "rev", "deg")).toBe(360)
    // GNU units: 3282.8063500117437 deg^2 a steradian; 1000/(4π) A/m an oersted; 10000/π cd/m² a lambert
    expect(convert(1, "sr", "deg2")).toBe(3282.806350011744)
    expect(convert(1, "Oe", "A/m")).toBe(1000 / (4 * Math.PI))
    expect(convert(1, "La", "cd/m2")).toBe(10000 / Math.PI)
    // UCUM's [pi] is π itself: its degree (2 [pi].rad/360) and circle (2 [pi].rad) are the catalog's
    expect(ucum(1, "[pi]", "1")).toBe(Math.PI)
    expect(ucum(1, "circ", "deg")).toBe(360)
    expect(ucum(1, "deg", "'")).toBe(60)
    expect(ucum(1, "sph", "sr")).toBe(4 * Math.PI)
  })

  it("converts a decimal between any two angle units whose π divides out as the exact ratio, rounded once (property over the catalog)", () => {
    const pairs = angles.flatMap((a) =>
      angles.flatMap((b) => {
        const ratio = Rational.divide(a.factor, b.factor)
        return a !== b && ratio.pi === 0 && Number.isSafeInteger(ratio.n) && Number.isSafeInteger(ratio.d) ? [[a.symbol, b.symbol, ratio] as const] : []
      })
    )
    // the degree's family (°, ′, ″, the hour angle, the turn, the gon, the mils) with each other
    expect(pairs.length).toBeGreaterThan(100)
    fc.assert(
      fc.property(fc.integer({ min: -99999, max: 99999 }), fc.integer({ min: 0, max: 3 }), fc.constantFrom(...pairs), (digits, decimals, [from, to, ratio]) => {
        const value = Number((digits / 10 ** decimals).toFixed(decimals))
        expect(convert(value, from, to)).toBe(nearest(BigInt(digits) * BigInt(ratio.n), 10n ** BigInt(decimals) * BigInt(ratio.d)))
      })
    )
  })

  it("keeps the power of π through products, quotients and powers, and adds ratios of different powers as numbers", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10000 }),
        fc.integer({ min: 1, max: 10000 }),
        fc.integer({ min: -3, max: 3 }),
        fc.integer({ min: -3, max: 3 }),
        fc.integer({ min: -3, max: 3 }),
        (n, d, p, q, k) => {
          const a = Rational.make(n, d, p)
          const b = Rational.make(d, n, q)
          expect(Rational.multiply(a, b)).toEqual(Rational.make(1, 1, p + q))
          expect(Rational.divide(a, a)).toEqual(Rational.one)
          expect(Rational.power(a, k).pi).toBe(p * k + 0)
          expect(Rational.toNumber(Rational.add(a, b))).toBeCloseTo(Rational.toNumber(a) + Rational.toNumber(b), 6)
        }
      )
    )
  })
})

describe("powers of ten past a double's integers", () => {
  it("keep prefixes exact on tiny and huge definitions: 3827 eV is 3.827 keV, UCUM's mole 6.02214076e23, 8262.7 km is 8262700000000000 nm", () => {
    expect(convert(-3827, "eV", "keV")).toBe(-3.827)
    expect(convert(3.7, "MeV", "GeV")).toBe(0.0037)
    expect(convert(1, "MeV", "J")).toBe(1.602176634e-13)
    expect(convert(8262.7, "km", "nm")).toBe(8262700000000000)
    expect(ucum(1, "mol", "1")).toBe(6.02214076e23)
    expect(ucum(48, "mmol/mol", "%")).toBe(4.8)
    expect(ucum(0.3, "mmol", "mol")).toBe(0.0003)
    expect(ucum(-12825, "nU", "kU")).toBe(-1.2825e-8)
  })
})

describe("UCUM's prefixed atoms", () => {
  it("convert a decimal between two prefixes of one atom as the decimal product, rounded once, whatever the atom's own factor (the mole is 6.02214076e23)", async () => {
    const { units } = await import("../../src/engine/notations/ucumAtoms.ts")
    const atoms = units.filter((u) => u.metric && !u.special).map((u) => u.code)
    expect(atoms).toContain("mol")
    const prefixes = [
      ["k", 3],
      ["", 0],
      ["m", -3],
      ["u", -6],
      ["n", -9]
    ] as const
    /** digits × 10^shift / 10^decimals as the nearest double, through its decimal text (one rounding). */
    const decimal = (digits: number, shift: number, decimals: number): number => Number(`${digits}e${shift - decimals}`)
    fc.assert(
      fc.property(
        fc.integer({ min: -99999, max: 99999 }),
        fc.integer({ min: 0, max: 3 }),
        fc.constantFrom(...atoms),
        fc.constantFrom(...prefixes),
        fc.constantFrom(...prefixes),
        (digits, decimals, atom, [p, e], [q, f]) => {
          const value = Number((digits / 10 ** decimals).toFixed(decimals))
          const r = convertValue(catalog, value, `${p}${atom}`, `${q}${atom}`, "ucum")
          if (isEngineError(r)) return
          expect(r.quantity, `${value} ${p}${atom} → ${q}${atom}`).toBe(decimal(digits, e - f, decimals))
        }
      ),
      { numRuns: 2000 }
    )
  })
})

describe("the SI prefixes, quecto to quetta", () => {
  it("convert a decimal between any two prefixes of a unit as the decimal product, rounded once", async () => {
    const { prefixes } = await import("../../src/engine/Prefix.ts")
    const si = prefixes.filter((p) => p.system === "si")
    expect(si.map((p) => p.symbol)).toContain("q")
    fc.assert(
      fc.property(
        fc.integer({ min: -99999, max: 99999 }),
        fc.integer({ min: 0, max: 3 }),
        fc.constantFrom("m", "g", "s", "L", "mol", "eV", "Pa", "J", "Hz", "W"),
        fc.constantFrom(...si),
        fc.constantFrom(...si),
        (digits, decimals, unit, p, q) => {
          const value = Number((digits / 10 ** decimals).toFixed(decimals))
          const r = convertValue(catalog, value, `${p.symbol}${unit}`, `${q.symbol}${unit}`)
          // a symbol all in capitals (QL, ML) is read two ways and refused with both: not this test's concern
          if (isEngineError(r) && r._tag === "AmbiguousInput") return
          if (isEngineError(r)) throw new Error(`${p.symbol}${unit} → ${q.symbol}${unit}: ${r.message}`)
          expect(r.quantity, `${value} ${p.symbol}${unit} → ${q.symbol}${unit}`).toBe(Number(`${digits}e${p.exponent - q.exponent - decimals}`))
        }
      ),
      { numRuns: 3000 }
    )
  })
})

describe("the whole catalog", () => {
  it("converts decimals between every two exact units of one quantity as their exact ratio, rounded once", () => {
    const units = catalog.records.filter((r) => !r.custom && r.exact && r.offset === undefined && r.logarithmic === undefined && !r.unconnected)
    let checked = 0
    for (const a of units)
      for (const b of units) {
        if (a === b || !Dimension.equals(a.dimension, b.dimension) || a.kind !== b.kind) continue
        const ratio = Rational.divide(a.factor, b.factor)
        if (ratio.pi !== 0 || !Number.isSafeInteger(ratio.n) || !Number.isSafeInteger(ratio.d)) continue
        const [n, d] = [BigInt(ratio.n) * 10n ** BigInt(Math.max(ratio.ten, 0)), BigInt(ratio.d) * 10n ** BigInt(Math.max(-ratio.ten, 0))]
        for (const [digits, decimals] of [
          [1, 0],
          [25, 1],
          [3827, 0],
          [1234, 2]
        ] as const) {
          const r = convertValue(catalog, digits / 10 ** decimals, a.symbol, b.symbol)
          if (isEngineError(r)) continue
          checked++
          expect(r.quantity, `${digits / 10 ** decimals} ${a.symbol} → ${b.symbol}`).toBe(nearest(BigInt(digits) * n, 10n ** BigInt(decimals) * d))
        }
      }
    // about 53,000 conversions: every pair of the catalog's exactly defined units, both ways
    expect(checked).toBeGreaterThan(40000)
  })
})
