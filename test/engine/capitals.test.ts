// One case convention per expression (issue 28): capitals from labels and HL7 v2 are read whole in
// capitals, SI symbols whole as written, never one token one way and the next the other.
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import * as Dimension from "../../src/engine/Dimension.ts"
import { isEngineError } from "../../src/engine/errors.ts"
import * as Rational from "../../src/engine/Rational.ts"
import { capitalsReadings, isCapitals } from "../../src/engine/units/capitals.ts"
import { symbolOf } from "../../src/engine/units/Catalog.ts"
import { type UnitExpression, resolveUnitExpression } from "../../src/engine/units/UnitExpression.ts"
import { answer, catalog, refusal } from "../support/catalog.ts"

describe("an expression written in capitals", () => {
  it("is read in capitals when only that reading reads every token: 5 MCG/ML is 5 mcg/mL, with a note (never µg per megalitre)", () => {
    const r = answer(5, "MCG/ML", "mcg/mL")
    expect(r.quantity).toBe(5)
    expect(r.notes.join(" ")).toMatch(/read in capitals.*mcg\/mL/)
  })

  it("reads what labs and pharmacies send: MG/DL, ML/HR, 10*3/UL, MM/HR, MG/KG/DAY, ML/MIN/1.73M2, KG, MMHG, PSI", () => {
    expect(answer(100, "MG/DL", "g/L").quantity).toBe(1)
    expect(answer(125, "ML/HR", "mL/min").quantity).toBeCloseTo(125 / 60, 12)
    expect(answer(7.2, "10*3/UL", "10*9/L").quantity).toBeCloseTo(7.2, 12)
    expect(answer(20, "MM/HR", "mm/h").quantity).toBe(20)
    expect(answer(15, "MG/KG/DAY", "mg/(kg*d)").quantity).toBe(15)
    expect(answer(90, "ML/MIN/1.73M2", "mL/(min*m^2)").quantity).toBeCloseTo(90 / 1.73, 10)
    expect(answer(70, "KG", "g").quantity).toBe(70000)
    expect(answer(120, "MMHG", "kPa").quantity).toBeCloseTo(15.998686, 5)
    expect(answer(1, "PSI", "kPa").quantity).toBeCloseTo(6.894757, 6)
  })

  it("is refused with both readings and their values where both read it and differ: 5 ML is 5e9 mL or 5 mL", () => {
    const r = refusal(5, "ML", "mL")
    expect(r.readings.map((x) => [x.unit, x.value])).toEqual([
      ["megaliter", 5e9],
      ["mL", 5]
    ])
  })

  it("is refused where one token's capitals reading is a name of several units: MG/B is megagauss per byte as written, mg per byte in capitals", () => {
    const r = resolveUnitExpression(catalog, "MG/B")
    expect(r).toMatchObject({ _tag: "AmbiguousInput" })
    expect(resolveUnitExpression(catalog, "B")).toMatchObject({ factor: Rational.make(8, 1) })
    expect(resolveUnitExpression(catalog, "MO/L")).toMatchObject({ _tag: "AmbiguousInput" })
  })

  it("refuses by their count, never throws, where a long expression in capitals has too many readings: T*T*T*T, NM*NM*NM*NM", () => {
    for (const e of ["T*T*T*T", "H*H*H*H", "NM*NM*NM*NM"]) {
      const r = resolveUnitExpression(catalog, e)
      expect(r, e).toMatchObject({ _tag: "AmbiguousInput" })
      expect((r as { hints: ReadonlyArray<string> }).hints.at(-1), e).toMatch(/^As written, in SI symbols/)
    }
  })

  it("reads M as mega where capitals carry no milli-multiple of the unit: MW, MJ, MHZ, MPA are mega", () => {
    expect(answer(1, "MW", "kW").quantity).toBe(1000)
    expect(answer(1, "MJ", "kJ").quantity).toBe(1000)
    expect(answer(1, "MHZ", "kHz").quantity).toBe(1000)
    expect(answer(1, "MPA", "kPa").quantity).toBe(1000)
  })

  it("lets the other side of the call choose between readings of different quantities: MG → mg is the milligram, H → s the hour", () => {
    const mg = answer(5, "MG", "mg")
    expect(mg.quantity).toBe(5)
    expect(mg.notes[0]).toMatch(/only reading that converts/)
    expect(answer(2, "H", "min").quantity).toBe(120)
    expect(answer(1, "ML/H", "mL/h").quantity).toBe(1)
    // both sides in capitals and both readings convert: gram → tonne or gauss → tesla
    expect(refusal(1, "G", "T").readings.map((x) => x.value)).toEqual(expect.arrayContaining([1e-4, 1e-6]))
  })

  it("refuses alone only the catalog symbols whose capitals reading is another unit: G, H, M, NM, S, T", () => {
    const refused = catalog
      .allRecords()
      .flatMap((r) => [r.symbol, ...r.aliases])
      .filter((s) => isCapitals(s))
      .filter((s) => {
        const r = resolveUnitExpression(catalog, s)
        return isEngineError(r)
      })
    expect(refused.sort()).toEqual(["G", "H", "M", "NM", "S", "T"])
    for (const s of refused) {
      const r = resolveUnitExpression(catalog, s)
      if (!isEngineError(r) || r._tag !== "AmbiguousInput") throw new Error(s)
      // the reading as written is among them, each written so that it reads back as itself
      for (const reading of r.readings) expect(isEngineError(resolveUnitExpression(catalog, reading.unit!)), `${s}: ${reading.unit}`).toBe(false)
    }
  })
})

/** The SI value and dimension of an expression: what "the same meaning" compares. */
const meaning = (e: UnitExpression) => `${Rational.toNumber(e.factor).toPrecision(12)} ${Dimension.key(e.dimension)} ${e.temperatureScale?.symbol ?? ""}`

describe("no answer ever comes from a mixed reading (property, over the catalog's symbols)", () => {
  const symbols = catalog
    .allRecords()
    .filter((r) => !r.custom && !r.logarithmic)
    .flatMap((r) => [r.symbol, ...r.aliases])
    .filter((s) => /^[A-Za-z]{1,5}$/.test(s))
  // prefixed forms people write in either case
  const prefixed = ["mg", "mL", "kg", "MW", "mW", "µL", "dL", "MHz", "kPa", "mmol", "Mg", "ms", "Ms", "mA", "MA", "nm", "Nm"]
  const token = fc.oneof(fc.constantFrom(...symbols), fc.constantFrom(...prefixed))
  const written = fc.tuple(token, fc.boolean()).map(([t, upper]) => (upper ? t.toUpperCase() : t))

  it("never throws on a product of up to six tokens in either case", () => {
    fc.assert(
      fc.property(fc.array(written, { minLength: 1, maxLength: 6 }), fc.constantFrom("/", "*", "."), (tokens, op) => {
        const r = resolveUnitExpression(catalog, tokens.join(op))
        expect(r).toBeTypeOf("object")
      }),
      { numRuns: 500 }
    )
  })

  it("an answer is the expression read wholly as written or wholly in capitals, and two that differ are never answered", () => {
    fc.assert(
      fc.property(written, written, fc.constantFrom("/", "*"), (a, b, op) => {
        const expression = `${a}${op}${b}`
        const r = resolveUnitExpression(catalog, expression)
        const asWritten = resolveUnitExpression(catalog, expression, "written")
        // every pure capitals reading, token by token
        const capitals: Array<string> = []
        if (isCapitals(expression)) {
          for (const x of capitalsReadings(catalog, a))
            for (const y of capitalsReadings(catalog, b)) {
              const e = resolveUnitExpression(catalog, `(${symbolOf(x.resolved)})^${x.exponent}${op}(${symbolOf(y.resolved)})^${y.exponent}`, "written")
              if (!isEngineError(e)) capitals.push(meaning(e))
            }
        }
        const pure = new Set([...(isEngineError(asWritten) ? [] : [meaning(asWritten)]), ...capitals])
        if (!isEngineError(r)) expect(pure, expression).toContain(meaning(r))
        if (pure.size > 1 && !isEngineError(r)) throw new Error(`${expression} answered though its readings differ`)
      }),
      { numRuns: 1500 }
    )
  })
})

describe("a refusal's readings read back, so the call can choose among them and an agent can paste one", () => {
  // 5 MU to U answered 0.005 U: the megaunit's reading was spelled "(megaenzyme unit)", which did not read
  // back, so the millienzyme unit was taken as the only reading that converts
  it("every reading of every prefixed symbol written in capitals resolves to the meaning it names", () => {
    const broken: Array<string> = []
    let refused = 0
    for (const record of catalog.allRecords()) {
      if (record.prefixes !== "si") continue
      for (const prefix of ["k", "M", "G", "m", "µ", "n", "c", "d"]) {
        const written = `${prefix}${record.symbol}`.toUpperCase()
        const read = resolveUnitExpression(catalog, written)
        if (!isEngineError(read) || read._tag !== "AmbiguousInput") continue
        refused++
        for (const reading of read.readings) {
          const back = reading.unit === undefined ? undefined : resolveUnitExpression(catalog, reading.unit)
          if (back === undefined || isEngineError(back)) broken.push(`${written}: '${reading.unit}' (${reading.meaning}) does not read back`)
        }
      }
    }
    expect(broken).toEqual([])
    expect(refused).toBeGreaterThan(20)
  })

  it("a call refuses rather than choose when a reading cannot be tried: 5 MU to U is 5,000,000 U or 0.005 U", () => {
    const r = refusal(5, "MU", "U")
    expect(r._tag).toBe("AmbiguousInput")
    expect(r.readings.map((x) => x.value)).toEqual([5_000_000, 0.005])
  })
})
