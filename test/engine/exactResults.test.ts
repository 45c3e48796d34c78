// Where the inputs are finite decimals and the units exact, results are the decimal answer rounded
// once, never float noise an agent would quote (31.250000000000004).
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { Effect } from "effect"
import { compute } from "../../src/engine/conversion/compute.ts"
import { convertValue } from "../../src/engine/conversion/convert.ts"
import { isEngineError } from "../../src/engine/errors.ts"
import { catalog } from "../support/catalog.ts"

const convert = (value: number, from: string, to: string): number => {
  const r = convertValue(catalog, value, from, to)
  if (isEngineError(r)) throw new Error(r.message)
  return r.quantity
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
