// UCUM's case-insensitive form (the "c/i" codes HL7 v2 messages carry: MG/DL, MM[HG], CEL),
// checked against the c/i codes in @lhncbc/ucum-lhc's own copy of UCUM's table (an extraction
// independent of ours): every atom and every prefixed metric atom, written in capitals or in any
// case, means exactly what its case-sensitive code means.
import { createRequire } from "node:module"
import fc from "fast-check"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { isEngineError } from "../src/engine/errors.ts"
import { resolveUcum } from "../src/engine/notations/ucum.ts"
import { resolveUcumCaseInsensitive } from "../src/engine/notations/ucumCaseInsensitive.ts"
import * as Rational from "../src/engine/Rational.ts"
import type { UnitExpression } from "../src/engine/units/UnitExpression.ts"
import { type TestClient, connectClient } from "./support/mcp.ts"

interface Table<Row> {
  readonly config: ReadonlyArray<string | ReadonlyArray<string>>
  readonly data: ReadonlyArray<Row>
}
const lhc: { prefixes: Table<ReadonlyArray<unknown>>; units: Table<ReadonlyArray<unknown>> } = createRequire(import.meta.url)(
  "@lhncbc/ucum-lhc/data/ucumDefs.min.json"
)
const column = (table: Table<ReadonlyArray<unknown>>, name: string) => table.config.indexOf(name)
const pairsOf = (table: Table<ReadonlyArray<unknown>>, cs: string) =>
  table.data
    .map((row) => ({
      cs: row[column(table, cs)] as string,
      ci: row[column(table, "ciCode_")] as string,
      // ucum-lhc marks base units non-metric in its data but prefixes them, as UCUM does
      metric: row[column(table, "isMetric_")] === true || row[column(table, "isBase_")] === true
    }))
    .filter((p) => p.cs && p.ci)
// ucum-lhc's table also lists compound units from LOINC ([IU]/kg/d) and bare annotations ({APS'U}): the atoms have neither
const atoms = pairsOf(lhc.units, "csCode_").filter((a) => !/[./(){]/.test(a.cs))
const prefixes = pairsOf(lhc.prefixes, "code_")

/** The same meaning: equal dimension, factor (to 1e-12), offset and level. */
const same = (a: UnitExpression, b: UnitExpression): boolean =>
  a.dimension.every((e, i) => e === b.dimension[i]) &&
  Math.abs(Rational.toNumber(a.factor) / Rational.toNumber(b.factor) - 1) < 1e-12 &&
  a.temperatureScale?.symbol === b.temperatureScale?.symbol &&
  a.level?.symbol === b.level?.symbol

const disagreements = (cases: ReadonlyArray<{ readonly cs: string; readonly ci: string }>) =>
  cases.flatMap(({ cs, ci }) => {
    const meant = resolveUcum(cs)
    if (isEngineError(meant)) return []
    const read = resolveUcumCaseInsensitive(ci)
    return isEngineError(read) ? [`${ci}: ${read.message}`] : same(read, meant) ? [] : [`${ci} is not ${cs}`]
  })

describe("UCUM's case-insensitive form", () => {
  it("reads every atom's c/i code as the atom (ucum-lhc's table)", () => {
    expect(atoms.length).toBeGreaterThan(250)
    expect(disagreements(atoms)).toEqual([])
  })

  it("reads every prefix with every atom as the prefixed atom, and never has two readings", () => {
    // a prefix on a metric atom (Pa read as peta-annum would be the pascal: annum takes no prefix)
    const prefixed = prefixes.flatMap((p) => atoms.filter((a) => a.metric).map((a) => ({ cs: p.cs + a.cs, ci: p.ci + a.ci })))
    const read = prefixed.filter(({ cs }) => !isEngineError(resolveUcum(cs)))
    expect(read.length).toBeGreaterThan(2000)
    expect(disagreements(prefixed)).toEqual([])
  })

  it("reads an expression in any case: mg/dl, Mg/Dl and MG/DL are mg/dL", () => {
    const meant = resolveUcum("mg/dL") as UnitExpression
    fc.assert(
      fc.property(fc.array(fc.boolean(), { minLength: 5, maxLength: 5 }), (upper) => {
        const written = [..."mg/dl"].map((c, i) => (upper[i] ? c.toUpperCase() : c)).join("")
        const read = resolveUcumCaseInsensitive(written)
        return !isEngineError(read) && same(read, meant)
      })
    )
  })

  it("reads what HL7 v2 messages send: counts, pressures, temperatures, exponents, annotations", () => {
    const cases: ReadonlyArray<readonly [string, string]> = [
      ["10*3/UL", "10*3/uL"],
      ["10*9/L", "10*9/L"],
      ["MMOL/L", "mmol/L"],
      ["MEQ/L", "meq/L"],
      ["[IU]/L", "[IU]/L"],
      ["MM[HG]", "mm[Hg]"],
      ["CEL", "Cel"],
      ["[DEGF]", "[degF]"],
      ["KG/M2", "kg/m2"],
      ["ML/MIN/{1.73_M2}", "mL/min/{1.73_m2}"],
      ["G{HB}/DL", "g{Hb}/dL"],
      ["/[HPF]", "/[HPF]"],
      ["UG/(KG.MIN)", "ug/(kg.min)"],
      ["S-1", "s-1"]
    ]
    expect(disagreements(cases.map(([ci, cs]) => ({ ci, cs })))).toEqual([])
  })

  it("refuses what is not c/i UCUM with the unit it could not read, and says what it read", () => {
    const unknown = resolveUcumCaseInsensitive("MG/XYZ")
    expect(isEngineError(unknown) && unknown._tag).toBe("UnknownUnit")
    expect(isEngineError(unknown) && unknown.message).toMatch(/'XYZ'/)
    const misused = resolveUcumCaseInsensitive("CEL2")
    expect(isEngineError(misused) && misused.hints.join(" ")).toMatch(/case-sensitive 'Cel2'/)
  })

  it("never throws or hangs on any string", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (s) => {
        resolveUcumCaseInsensitive(s)
      })
    )
    expect(isEngineError(resolveUcumCaseInsensitive("(".repeat(5000)))).toBe(true)
    expect(isEngineError(resolveUcumCaseInsensitive(`M${"[".repeat(3000)}`))).toBe(true)
  })
})

describe("convert with notation ucum_ci, through the SDK client", () => {
  let c: TestClient
  beforeAll(async () => (c = await connectClient("ucum-ci")))
  afterAll(() => c.close())

  it("converts 100 MG/DL to 1 G/L and gives the case-sensitive code back for FHIR", async () => {
    const r = await c.call("convert", { value: 100, from_unit: "MG/DL", to_unit: "G/L", notation: "ucum_ci" })
    expect(r.isError).toBe(false)
    expect(r.data.quantity).toBe(1)
    expect(r.data.ucum).toBe("g/L")
  })

  it("does not read capitals as the case-sensitive form would: MG there is the megagauss", async () => {
    const strict = await c.call("convert", { value: 1, from_unit: "MG", to_unit: "mg", notation: "ucum" })
    expect(strict.isError).toBe(true)
    const ci = await c.call("convert", { value: 1, from_unit: "MG", to_unit: "UG", notation: "ucum_ci" })
    expect(ci.data.quantity).toBe(1000)
  })
})
