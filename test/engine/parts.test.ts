// A value in several units at once, as GNU units writes them (units '1.8 m' 'ft;in' → 5;10.866142).
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { convertWithLists, partsText, readUnitList, toParts } from "../../src/engine/conversion/parts.ts"
import { isEngineError } from "../../src/engine/errors.ts"
import * as Rational from "../../src/engine/Rational.ts"
import { catalog } from "../support/catalog.ts"

const parts = (value: number | ReadonlyArray<number>, from: string, to: string) => {
  const r = convertWithLists(catalog, value, from, to)
  if (isEngineError(r)) throw new Error(r.message)
  return r
}

describe("a unit list as the target", () => {
  it("splits 1.8 m into 5 ft 10.866142 in, as GNU units does, the quantity staying the value in feet", () => {
    const r = parts(1.8, "m", "ft;in")
    expect(partsText(r.parts!)).toBe("5 ft 10.866142 in")
    expect(r.quantity).toBeCloseTo(5.905511811, 9)
    expect(r.unit).toBe("ft")
  })

  it("splits durations, weights and angles: 9000 s is 2 h 30 min 0 s, 72 kg 11 st 4.732829 lb, 40.446111° 40° 26′ 45.9996″", () => {
    expect(partsText(parts(9000, "s", "h;min;s").parts!)).toBe("2 h 30 min 0 s")
    expect(partsText(parts(72, "kg", "st;lb").parts!)).toBe("11 st 4.732829 lb")
    expect(partsText(parts(40.446111, "deg", "deg;arcmin;arcsec").parts!)).toBe("40 deg 26 arcmin 45.9996 arcsec")
  })

  it("never shows a full larger unit in a smaller one: 0.9999999999 h is 1 h 0 min, 1.8288 m is 6 ft 0 in", () => {
    expect(partsText(parts(0.9999999999, "h", "h;min").parts!)).toBe("1 h 0 min")
    expect(partsText(parts(1.8288, "m", "ft;in").parts!)).toBe("6 ft 0 in")
  })

  it("gives every part the value's sign: -1.8 m is -5 ft -10.866142 in", () => {
    expect(parts(-1.8, "m", "ft;in").parts!.map((p) => p.quantity)).toEqual([-5, -10.866142])
  })

  it("keeps the parts whole but the last, below the next unit, and adding back to the value (property)", () => {
    const list = readUnitList(catalog, "h;min;s", "target unit")
    if (isEngineError(list)) throw new Error(list.message)
    fc.assert(
      fc.property(fc.double({ min: -1e7, max: 1e7, noNaN: true }), (seconds) => {
        const p = toParts(list, seconds)
        expect(Number.isInteger(p[0]!.quantity) && Number.isInteger(p[1]!.quantity)).toBe(true)
        expect(Math.abs(p[1]!.quantity)).toBeLessThan(60)
        expect(Math.abs(p[2]!.quantity)).toBeLessThan(60)
        expect(p.every((x) => x.quantity === 0 || Math.sign(x.quantity) === Math.sign(seconds))).toBe(true)
        const back = p[0]!.quantity * 3600 + p[1]!.quantity * 60 + p[2]!.quantity
        expect(Math.abs(back - seconds)).toBeLessThanOrEqual(1e-6 + 1e-12 * Math.abs(seconds))
      })
    )
    expect(list.ratios.map(Rational.toNumber)).toEqual([3600, 60, 1])
  })
})

describe("a unit list as the source", () => {
  it("adds the parts: 5 ft 11 in is 180.34 cm exactly", () => {
    expect(parts([5, 11], "ft;in", "cm").quantity).toBe(180.34)
    expect(parts([2, 30], "h;min", "min").quantity).toBe(150)
  })
})

describe("a unit list that is not one", () => {
  it.each([
    ["in;ft", /not larger than/],
    ["ft;s", /not of one quantity/],
    ["degC;K", /points on a scale or levels/],
    ["ft;", /not a list of units/],
    ["ft;furlong", /not larger than/]
  ])("refuses %s, saying why", (list, why) => {
    const r = convertWithLists(catalog, 1, "m", list)
    expect(isEngineError(r) && r._tag).toBe("InvalidInput")
    expect(isEngineError(r) && r.message).toMatch(why)
  })

  it("refuses values and units that do not pair up", () => {
    const r = convertWithLists(catalog, [1, 2, 3], "ft;in", "m")
    expect(isEngineError(r) && r.message).toMatch(/3 values for 2 units/)
  })
})
