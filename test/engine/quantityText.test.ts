// Quantities as people write them (issue 29): a sum of terms of one quantity, marks for feet and
// inches and for degrees, a clock's h:min:s; refused where a term has no unit or the terms differ.
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { readQuantity } from "../../src/engine/conversion/quantityText.ts"
import { isEngineError } from "../../src/engine/errors.ts"
import { catalog } from "../support/catalog.ts"

const read = (text: string) => {
  const r = readQuantity(catalog, text)
  if (isEngineError(r)) throw new Error(`${text}: ${r.message}`)
  return [r.value, r.unit]
}

describe("a written quantity", () => {
  it.each([
    ["5 km", 5, "km"],
    ["5 ft 11 in", 71, "in"],
    ["5 ft + 11 in", 71, "in"],
    ["5ft11in", 71, "in"],
    ["5'11\"", 71, "in"],
    ["5′11″", 71, "in"],
    ["2 h 30 min", 150, "min"],
    ["1:30:00", 5400, "s"],
    ["-1:30:00", -5400, "s"],
    ["40°26′46″", 145606, "arcsec"],
    ["3 fl oz 2 tsp", 20, "tsp"],
    // fractions as recipes and labels write them: never 1/(2 cup)
    ["1/2 cup", 0.5, "cup"],
    ["1 1/2 cups", 1.5, "cups"],
    ["\u00bd cup", 0.5, "cup"],
    ["1\u00bd cups", 1.5, "cups"],
    ["3/4 tsp", 0.75, "tsp"],
    ["-1 1/2 in", -1.5, "in"],
    // E notation is one number, the minus sign a word processor types a minus
    ["2.5e3 mL", 2500, "mL"],
    ["1e-3 mol/L", 0.001, "mol/L"],
    ["\u22125 degC", -5, "degC"]
  ] as const)("reads %s as %s %s", (text, value, unit) => {
    expect(read(text)).toEqual([value, unit])
  })

  it.each([
    ["5 m 3", /has no unit/],
    ["1 1/2 1/2 cup", /has no unit/],
    ["1:30", /hours and minutes or as minutes and seconds/],
    ["5 ft 3 s", /not of one quantity/],
    ["5 degC 3 degC", /point/]
  ])("refuses %s, saying why", (text, why) => {
    const r = readQuantity(catalog, text)
    expect(isEngineError(r) && r.message).toMatch(why)
  })

  it("never throws and never hangs on any text (property)", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (text) => {
        const r = readQuantity(catalog, text)
        expect(isEngineError(r) || Number.isFinite(r.value)).toBe(true)
      }),
      { numRuns: 500 }
    )
  })
})
