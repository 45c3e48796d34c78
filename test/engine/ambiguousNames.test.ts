// Names that mean different units in different systems are refused with every reading (and what
// each would give); names with a dominant reading are taken in it and the result says which.
import { describe, expect, it } from "vitest"
import { dominant, wordNotes } from "../../src/engine/catalog/dominantReadings.ts"
import { ambiguous } from "../../src/engine/catalog/readings.ts"
import { spelledForms } from "../../src/engine/units/Catalog.ts"
import { convertValue as convert } from "../../src/engine/conversion/convert.ts"
import { isEngineError } from "../../src/engine/errors.ts"
import { resolveUnitExpression } from "../../src/engine/units/UnitExpression.ts"
import { catalog } from "../support/catalog.ts"

describe("names with several meanings", () => {
  it("lists for every reading an expression the catalog resolves (the table is checked data)", () => {
    for (const entry of ambiguous) {
      for (const r of entry.readings)
        if (r.unit !== undefined) expect(isEngineError(resolveUnitExpression(catalog, r.unit)), `${entry.names[0]}: ${r.unit}`).toBe(false)
    }
  })

  it("refuses every listed name, alone and inside a compound, with all its readings", () => {
    for (const entry of ambiguous) {
      for (const name of entry.names) {
        for (const expression of [name, `kg/${name}`]) {
          const r = resolveUnitExpression(catalog, expression)
          expect(isEngineError(r) && r._tag, expression).toBe("AmbiguousInput")
          // every listed reading; a name in capitals (MT) also has its capitals readings (mT, Mt)
          if (isEngineError(r) && r._tag === "AmbiguousInput")
            expect(
              r.readings.map((x) => x.unit),
              expression
            ).toEqual(expect.arrayContaining(entry.readings.map((x) => x.unit)))
        }
      }
    }
  })

  it("says what each reading would give: 2 ton → kg is 1814.37 (short), 2032.09 (long) or 2000 (metric)", () => {
    const r = convert(catalog, 2, "ton", "kg")
    if (!isEngineError(r) || r._tag !== "AmbiguousInput") throw new Error("expected a refusal")
    expect(r.readings.slice(0, 3).map((x) => x.value)).toEqual([1814.36948, 2032.0938176, 2000])
    expect(r.likelyFix).toBeUndefined()
  })

  it("refuses gas quantities at a reference state (scf, MMscf, Nm3, Sm3) with each standard's amount and the plain volume, never a fix that drops the 'standard'", () => {
    const scf = convert(catalog, 1, "scf", "mol")
    if (!isEngineError(scf) || scf._tag !== "AmbiguousInput") throw new Error("expected a refusal")
    // 1 lb-mol is 379.5 scf at 60 °F and 14.696 psia: 1 scf ≈ 1.1953 mol
    expect(scf.readings[0]!.value).toBeCloseTo(1.195286939861875, 12)
    const mmscf = convert(catalog, 1, "MMscf", "m^3")
    if (!isEngineError(mmscf) || mmscf._tag !== "AmbiguousInput") throw new Error("expected a refusal")
    expect(mmscf.likelyFix).toBeUndefined()
    expect(mmscf.readings.map((r) => r.value)).toContain(28316.846592)
    const nm3 = convert(catalog, 1, "kg/Nm3", "kg/m^3")
    expect(isEngineError(nm3) && nm3._tag).toBe("AmbiguousInput")
    // haematology's cells/cmm (per cubic millimetre) against ventilation's CMM (cubic metres a minute)
    const cmm = convert(catalog, 7500, "1/cmm", "1/uL")
    if (!isEngineError(cmm) || cmm._tag !== "AmbiguousInput") throw new Error("expected a refusal")
    expect(cmm.readings[0]!.value).toBeCloseTo(7500, 9)
    // the newton metre itself stays what it is
    expect(convert(catalog, 1, "Nm", "J")).toMatchObject({ quantity: 1 })
  })

  it("keeps prefixed forms that are not ambiguous: Gb is the gigabit though bare b is refused", () => {
    const gb = resolveUnitExpression(catalog, "Gb")
    expect(isEngineError(gb)).toBe(false)
    expect(isEngineError(resolveUnitExpression(catalog, "b"))).toBe(true)
  })
})

describe("every name with more than one reading in use is data (catalog/readings.ts)", () => {
  const siValue = (expression: string): string => {
    const r = resolveUnitExpression(catalog, expression)
    if (isEngineError(r)) throw new Error(`${expression}: ${r.message}`)
    return `${r.factor.n / r.factor.d} ${r.dimension.join(",")}`
  }

  it("lists for each dominant name other readings that resolve and mean something else", () => {
    for (const [symbol, { others }] of Object.entries(dominant)) {
      expect(others.length, symbol).toBeGreaterThan(0)
      for (const other of others) expect(siValue(other), `${symbol} vs ${other}`).not.toBe(siValue(symbol))
    }
  })

  it("never answers one of them without its note, under any spelling: tsp, teaspoon, teaspoons, US teaspoon", () => {
    let checked = 0
    for (const [symbol, { note }] of Object.entries(dominant)) {
      const record = catalog.symbolRecord(symbol)
      const spellings = record ? [symbol, ...record.aliases, ...spelledForms(record, record.plurals)] : [symbol]
      for (const spelling of spellings) {
        const r = convert(catalog, 1, spelling, symbol)
        if (isEngineError(r)) throw new Error(`${spelling}: ${r.message}`)
        expect(r.notes, `${spelling} → ${symbol}`).toContain(note)
        checked++
      }
    }
    expect(checked).toBeGreaterThan(100)
  })

  it("reads the words 'pounds per square inch' as the pressure whatever the target, and says so", () => {
    for (const [words, note] of Object.entries(wordNotes)) {
      const toPa = convert(catalog, 1, words, "Pa")
      if (isEngineError(toPa)) throw new Error(`${words}: ${toPa.message}`)
      expect(toPa.notes).toContain(note)
      // the same name to a mass per area is refused, never re-read as pound (mass)
      expect(isEngineError(convert(catalog, 1, words, "kg/m^2")), words).toBe(true)
    }
    expect(convert(catalog, 1, "pound per square foot", "Pa")).toMatchObject({ quantity: 47.880258980335846 })
  })
})

describe("names with a dominant reading", () => {
  it("say their reading when prefixed too, and once: 1.5 MRayl is 1.5e6 Pa·s/m (the MKS rayl); 1 gal → gal notes the US gallon once", () => {
    const mrayl = convert(catalog, 1.5, "MRayl", "Pa*s/m")
    if (isEngineError(mrayl)) throw new Error(mrayl.message)
    expect(mrayl.quantity).toBe(1.5e6)
    expect(mrayl.notes).toContain(dominant.rayl!.note)
    const gal = convert(catalog, 1, "gal", "gal")
    if (isEngineError(gal)) throw new Error(gal.message)
    expect(gal.notes.filter((n) => n === dominant.gal!.note)).toHaveLength(1)
  })

  it("names only units the catalog has, by their symbol", () => {
    for (const symbol of Object.keys(dominant)) expect(isEngineError(resolveUnitExpression(catalog, symbol)), symbol).toBe(false)
  })

  it("says which reading was taken: 2 gal → L is 7.57 (US gallon), and the note names the imperial one", () => {
    const r = convert(catalog, 2, "gal", "L")
    if (isEngineError(r)) throw new Error(r.message)
    expect(r.quantity).toBeCloseTo(7.570823568, 12)
    expect(r.notes.join(" ")).toMatch(/US liquid gallon.*imp_gal/)
  })

  it("reads pt and pc as GNU units and pint do (US pint, parsec), saying so", () => {
    const pt = convert(catalog, 1, "pt", "mL")
    const pc = convert(catalog, 1, "pc", "ly")
    if (isEngineError(pt) || isEngineError(pc)) throw new Error("expected conversions")
    expect(pt.quantity).toBeCloseTo(473.176473, 9)
    expect(pt.notes.join(" ")).toMatch(/imperial pint/)
    expect(pc.quantity).toBeCloseTo(3.26156377716743, 12)
  })
})
