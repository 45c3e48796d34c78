// The unit families issue 17 added, as a specification: each factor against its exact definition and,
// where they define it, GNU units 2.22 and pint 0.19 (values below from `units -t '1 <name>' <SI>` and
// `pint.UnitRegistry().Quantity(1, name).to_base_units()`, run 2026-11-25); every "M = thousand" trap
// refused with both readings; and the spelling rules (∆, "in H2O", names with "per") over the whole catalog.
import { describe, expect, it } from "vitest"
import { ambiguous } from "../../src/engine/catalog/readings.ts"
import { codata2022 } from "../../src/engine/constants/codata2022.ts"
import { converterBetween } from "../../src/engine/conversion/between.ts"
import { isEngineError } from "../../src/engine/errors.ts"
import * as Rational from "../../src/engine/Rational.ts"
import { resolveUnitExpression } from "../../src/engine/units/UnitExpression.ts"
import { catalog } from "../support/catalog.ts"

const si = (expression: string): number => {
  const r = resolveUnitExpression(catalog, expression)
  if (isEngineError(r)) throw new Error(`'${expression}' does not resolve: ${r.message}`)
  return Rational.toNumber(r.factor)
}

const meaning = (expression: string): string => {
  const r = resolveUnitExpression(catalog, expression)
  if (isEngineError(r)) return `error ${r._tag}: ${r.message}`
  return `${Rational.toNumber(r.factor).toPrecision(15)} [${r.dimension.join(",")}]`
}

const relative = (a: number, b: number) => Math.abs(a - b) / Math.abs(b)

describe("new units agree with their definitions and with GNU units and pint", () => {
  // [expression, SI value by definition, GNU units' value, pint's value] (undefined where the tool has no such name)
  const table: ReadonlyArray<readonly [string, number, number | undefined, number | undefined]> = [
    ["Mcf", 1000 * 0.3048 ** 3, 28.316846592, undefined],
    // GNU units reads MMcf as mega-Mcf, 10⁹ ft³ (28316847 m³): the trade's and the EIA's MMcf is 10⁶ ft³
    ["MMcf", 1e6 * 0.3048 ** 3, undefined, undefined],
    ["Ccf", 100 * 0.3048 ** 3, 2.8316846592, undefined],
    ["ccf", 100 * 0.3048 ** 3, 2.8316846592, undefined],
    ["Bcf", 1e9 * 0.3048 ** 3, undefined, undefined],
    ["MMBtu", 1e6 * 1055.05585262, undefined, undefined],
    ["kBtu", 1000 * 1055.05585262, undefined, undefined],
    ["klb", 453.59237, 453.59237, 453.59237],
    ["MMlb", 453592.37, undefined, undefined],
    ["kipf", 4448.2216152605, 4448.2216152605, 4448.2216152605],
    ["lbmol", 453.59237, undefined, undefined],
    ["ftUS", 1200 / 3937, 1200 / 3937, 1200 / 3937], // GNU ussurveyfoot, pint US_survey_foot
    ["sqm", 1, undefined, undefined],
    ["℧", 1, 1, 1], // GNU and pint: mho
    ["mdeg", Math.PI / 180000, 1.7453292519943296e-5, 1.7453292519943296e-5],
    ["millidegree", Math.PI / 180000, 1.7453292519943296e-5, 1.7453292519943296e-5],
    ["in H2O", 249.08891, 249.08891, undefined],
    ["kvarh", 3.6e6, undefined, undefined],
    ["kVAh", 3.6e6, undefined, undefined],
    ["ppq", 1e-15, undefined, undefined],
    ["dt", 100, 100, 100],
    ["decitonne", 100, 100, 100],
    // pint reads daa as the deca-annum (its 'a' is the year); GNU units and agriculture read the decare
    ["daa", 1000, 1000, undefined],
    ["Mpsi", 6894757293.168361, 6894757293.168361, 6894757293.168361],
    ["udeg", Math.PI / 180e6, 1.7453292519943296e-8, undefined]
  ]

  it.each(table)("%s", (expression, exact, gnu, pint) => {
    const value = si(expression)
    expect(relative(value, exact)).toBeLessThan(1e-13)
    if (gnu !== undefined) expect(relative(value, gnu)).toBeLessThan(1e-12)
    if (pint !== undefined) expect(relative(value, pint)).toBeLessThan(1e-12)
  })

  it("octets take SI and binary prefixes: 1 ko = 1000 o = 8000 bit, 1 Kio = 1024 o, 1 Mio = 1024² o", () => {
    expect(si("o")).toBe(si("B"))
    expect(si("ko") / si("o")).toBe(1000)
    expect(si("Mo") / si("o")).toBe(1e6)
    expect(si("Kio") / si("o")).toBe(1024)
    expect(si("Mio") / si("o")).toBe(1024 ** 2)
    expect(si("Gio") / si("o")).toBe(1024 ** 3)
    // 'mo' is the month, refused with its readings; a millioctet is no spelling
    expect(resolveUnitExpression(catalog, "mo")).toMatchObject({ _tag: "AmbiguousInput" })
  })

  it("the pound-mole is an amount, not a pound times a mole, however it is written", () => {
    for (const written of ["lbmol", "lb-mol", "lb-mole", "pound-mole", "pound mole", "lbmole"]) expect(meaning(written)).toBe(meaning("453.59237 mol"))
  })

  it("the millidegree Celsius is a point on the Celsius scale in thousandths, and a difference of 1 mK in a compound", () => {
    const from = resolveUnitExpression(catalog, "m°C")
    const to = resolveUnitExpression(catalog, "degC")
    if (isEngineError(from) || isEngineError(to)) throw new Error("m°C or degC does not resolve")
    const c = converterBetween(catalog, from, to)
    if (isEngineError(c)) throw new Error(c.message)
    expect(c.apply(20000)).toBeCloseTo(20, 12)
    expect(meaning("J/(kg*m°C)")).toBe(meaning("1000 J/(kg*K)"))
    expect(meaning("millidegree Celsius")).toBe(meaning("m°C"))
  })

  it("the degree Celsius with an SI prefix is a point on the scale in that multiple, and a difference of that many kelvin in a compound", () => {
    const degC = resolveUnitExpression(catalog, "degC")
    if (isEngineError(degC)) throw new Error(degC.message)
    for (const [written, exponent] of [
      ["n°C", -9],
      ["µ°C", -6],
      ["u°C", -6],
      ["microdegree Celsius", -6],
      ["c°C", -2],
      ["da°C", 1],
      ["k°C", 3],
      ["kilodegree Celsius", 3]
    ] as const) {
      const from = resolveUnitExpression(catalog, written)
      if (isEngineError(from)) throw new Error(`${written}: ${from.message}`)
      const c = converterBetween(catalog, from, degC)
      if (isEngineError(c)) throw new Error(c.message)
      // 37 of them on the Celsius scale, whatever the multiple (the offset is the Celsius scale's, in that multiple)
      expect(relative(c.apply(37 / 10 ** exponent) as number, 37), written).toBeLessThan(1e-12)
      expect(meaning(`${written}/s`), written).toBe(meaning(`${10 ** exponent} K/s`))
    }
    // d°C and h°C stay unknown: a day or an hour beside a degree (degree-days) reads as well
    for (const written of ["d°C", "h°C"]) expect(meaning(written)).toMatch(/^error UnknownUnit/)
  })

  it("the Rømer scale: 7.5 °Rø freezes water and 60 °Rø boils it; its degree of difference is 40/21 K", () => {
    const ro = resolveUnitExpression(catalog, "°Rø")
    const k = resolveUnitExpression(catalog, "K")
    if (isEngineError(ro) || isEngineError(k)) throw new Error("°Rø or K does not resolve")
    const c = converterBetween(catalog, ro, k)
    if (isEngineError(c)) throw new Error(c.message)
    expect(c.apply(7.5)).toBeCloseTo(273.15, 10)
    expect(c.apply(60)).toBeCloseTo(373.15, 10)
    expect(meaning("∆°Rø")).toBe(meaning(`${40 / 21} K`))
  })

  it("therms and dekatherms by their qualifiers: US, EC and UK are three values", () => {
    expect(si("therm (UK)")).toBe(105505585.257348)
    expect(si("th (imp.)")).toBe(105505585.257348)
    expect(si("Dth (UK)")).toBe(1055055852.57348)
    expect(si("Dth (E.C.)")).toBe(1055060000)
    expect(si("Dth")).toBe(1054804000)
    expect(si("GBTU")).toBeCloseTo(1055055852620, 0)
  })

  it("the survey foot's squares by name and by qualifier, and other UnitsNet units: milligram-force, nanodegree, kilopound-mole", () => {
    const surveyFoot = 1200 / 3937
    expect(relative(si("square mile (US survey)"), (5280 * surveyFoot) ** 2)).toBeLessThan(1e-15)
    expect(relative(si("sq mi (US survey)"), si("square mile (US survey)"))).toBeLessThan(1e-15)
    expect(relative(si("US survey square foot"), surveyFoot ** 2)).toBeLessThan(1e-15)
    expect(relative(si("square foot (survey)"), surveyFoot ** 2)).toBeLessThan(1e-15)
    expect(si("mgf")).toBeCloseTo(9.80665e-6, 18)
    expect(relative(si("ndeg"), Math.PI / 180e9)).toBeLessThan(1e-15)
    expect(meaning("kilopound mole")).toBe(meaning("453592.37 mol"))
    expect(meaning("klbmol")).toBe(meaning("453592.37 mol"))
    // US practice's pcf: a soil's unit weight, a mass per volume
    expect(meaning("pcf")).toBe(meaning("lb/ft^3"))
  })
})

describe("M is a thousand in some trades and a million to everyone else: never silently either", () => {
  it("MBtu, Mlb and Mbbl are refused with both readings, a factor of 1000 apart", () => {
    for (const [token, thousand, million] of [
      ["MBtu", "1000 BTU", "MMBtu"],
      ["Mlb", "klb", "MMlb"],
      ["Mbbl", "1000 bbl", "MMbbl"]
    ] as const) {
      const r = resolveUnitExpression(catalog, token)
      expect(r).toMatchObject({ _tag: "AmbiguousInput" })
      if (!isEngineError(r) || r._tag !== "AmbiguousInput") continue
      expect(r.readings.map((x) => x.unit)).toEqual([thousand, million])
      expect(si(million) / si(thousand)).toBeCloseTo(1000, 9)
    }
  })

  it("the doubled MM and the gas volumes say the Roman reading in their notes", () => {
    for (const symbol of ["MMBtu", "Mcf", "MMcf", "MMlb", "Ccf", "MMbbl"]) {
      const record = catalog.symbolRecord(symbol)
      expect(record?.note ?? "", symbol).toMatch(/Roman|thousand thousand|MM/)
    }
    expect(catalog.symbolRecord("Mcf")?.note).toMatch(/volume/)
  })

  it("no prefix turns a BTU into a mega: every M-spelling of the BTU is refused or unknown, never 10⁶ BTU", () => {
    for (const written of ["MBtu", "MBTU", "Mbtu", "MBtu_IT", "MBTU_IT", "MBtu_th", "MBtu{IT}", "MBtu (IT)"]) {
      const r = resolveUnitExpression(catalog, written)
      expect({ written, refused: isEngineError(r) }).toEqual({ written, refused: true })
    }
  })

  it("the Planck charge has two definitions a factor √(4π) apart, so q_P is refused with both", () => {
    const r = resolveUnitExpression(catalog, "q_P")
    expect(r).toMatchObject({ _tag: "AmbiguousInput" })
    if (!isEngineError(r) || r._tag !== "AmbiguousInput") return
    const [gaussian, rationalized] = r.readings.map((x) => si(x.unit!))
    expect(gaussian! / rationalized!).toBeCloseTo(Math.sqrt(4 * Math.PI), 9)
    // e/√α with CODATA 2022 α = 7.2973525643e-3
    expect(relative(gaussian!, 1.602176634e-19 / Math.sqrt(7.2973525643e-3))).toBeLessThan(1e-12)
  })
})

describe("the Planck units", () => {
  it("are the CODATA 2022 values of the constants table, unit for unit", () => {
    const pairs = [
      ["l_P", "lP"],
      ["t_P", "tP"],
      ["m_P", "mP"],
      ["T_P", "TP"]
    ] as const
    for (const [unit, constant] of pairs) {
      const c = codata2022.find((k) => k.symbol === constant)
      expect(c, constant).toBeDefined()
      expect(relative(si(unit), c!.value), unit).toBeLessThan(1e-15)
      expect(meaning(c!.name)).toBe(meaning(unit))
    }
  })
})

describe("the erlang is dimensionless but never a plain number", () => {
  it("converts to itself and to nothing else", () => {
    const erlang = resolveUnitExpression(catalog, "Erlang")
    if (isEngineError(erlang)) throw new Error(erlang.message)
    for (const target of ["1", "%", "ppm", "ea"]) {
      const to = resolveUnitExpression(catalog, target)
      if (isEngineError(to)) throw new Error(to.message)
      // a ratio has its dimension and no path; a count is another dimension
      const tag = target === "ea" ? "DimensionMismatch" : "NoConversionPath"
      expect({ target, tag: (converterBetween(catalog, erlang, to) as { _tag?: string })._tag }).toEqual({ target, tag })
    }
    const c = converterBetween(catalog, erlang, erlang)
    expect(isEngineError(c) ? c.message : c.apply(3)).toBe(3)
  })
})

describe("spelling rules across the catalog", () => {
  it("every Δ alias has its ∆ (U+2206 INCREMENT) twin, the same unit", () => {
    const deltas = catalog.records.flatMap((r) => [r.symbol, ...r.aliases].filter((a) => a.includes("Δ")).map((a) => ({ record: r, alias: a })))
    expect(deltas.length).toBeGreaterThan(0)
    for (const { record, alias } of deltas) expect(catalog.resolve(alias.replaceAll("Δ", "∆"))?.unit).toBe(record)
    expect(meaning("∆°C")).toBe(meaning("delta_degC"))
    expect(meaning("J/(kg*∆degF)")).toBe(meaning("J/(kg*delta_degF)"))
  })

  it("every manometric unit reads the same with the fluid written apart: 'in H2O', 'mm Hg'", () => {
    const manometric = catalog.records.filter((r) => /^(.+)(H2O|Hg|Aq)$/.test(r.symbol) && catalog.resolve(r.symbol.replace(/(H2O|Hg|Aq)$/, "")) !== undefined)
    expect(manometric.length).toBeGreaterThanOrEqual(6)
    for (const r of manometric) {
      const [, length, fluid] = /^(.+)(H2O|Hg|Aq)$/.exec(r.symbol)!
      expect({ written: `${length} ${fluid}`, meaning: meaning(`${length} ${fluid}`) }).toEqual({ written: `${length} ${fluid}`, meaning: meaning(r.symbol) })
    }
    // spelled lengths too: "inch H2O", "inches H2O", "millimetres Hg"
    expect(meaning("inch H2O")).toBe(meaning("inH2O"))
    expect(meaning("inches H2O/s")).toBe(meaning("inH2O/s"))
    expect(meaning("millimetres Hg")).toBe(meaning("mmHg"))
    expect(meaning("centimeter H2O")).toBe(meaning("cmH2O"))
    // water as chemists write it, with a subscript two, joined or apart; the subscript reads nowhere else
    expect(meaning("cmH\u2082O")).toBe(meaning("cmH2O"))
    expect(meaning("m H\u2082O")).toBe(meaning("mH2O"))
    expect(meaning("in H\u2082O/s")).toBe(meaning("inH2O/s"))
    expect(meaning("m\u2082")).toMatch(/^error ParseError/)
    // the fluids alone are no units, so joining them only turns errors into answers
    for (const fluid of ["H2O", "Hg", "Aq"]) expect(catalog.resolve(fluid)).toBeUndefined()
    // only the fluids join: 'N m' stays a product
    expect(meaning("N m")).toBe(meaning("N*m"))
  })

  it("a name with 'per' in it followed by a word puts that word in the denominator too", () => {
    const perNames = [...catalog.multiWords().values()].flat().filter((n) => n.includes(" per ") && !n.endsWith(" per"))
    expect(perNames.length).toBeGreaterThan(10)
    const failures: Array<string> = []
    for (const name of new Set(perNames)) {
      const alone = resolveUnitExpression(catalog, name)
      if (isEngineError(alone) || alone.level || alone.temperatureScale) continue
      const written = `${name} hour`
      if (meaning(written) !== meaning(`(${name})/h`)) failures.push(`${written}: ${meaning(written)} ≠ ${meaning(`(${name})/h`)}`)
    }
    expect(failures).toEqual([])
    expect(meaning("Gram per Square Metre Year")).toBe(meaning("g/(m^2*yr)"))
    // "squared" after such a name belongs to its last word, as in "metre per second squared"
    expect(meaning("mile per hour squared")).toBe(meaning("mi/h^2"))
    expect(meaning("miles per hour squared")).toBe(meaning("mi/h^2"))
    expect(meaning("meter per second squared")).toBe(meaning("m/s^2"))
    expect(meaning("miles per hour cubed")).toBe(meaning("mi/h^3"))
    expect(meaning("pound per square inch squared")).toBe(meaning("psi/in^2"))
    expect(meaning("(mile per hour)^2")).toBe(meaning("mph^2"))
    // where the last word is no unit alone, the whole name is squared, as before
    expect(meaning("parts per million squared")).toBe(meaning("ppm^2"))
    const squared = resolveUnitExpression(catalog, "mile per hour squared")
    expect(isEngineError(squared) ? "" : squared.notes.join("\n")).toMatch(/belongs to the last word.*\(mile per hour\)\^2/)
    // the name keeps its one reading: pound-force in psi, whatever follows
    expect(meaning("pound per square inch hour")).toBe(meaning("psi/h"))
    const r = resolveUnitExpression(catalog, "gram per square metre year")
    expect(isEngineError(r) ? [] : r.notes.join("\n")).toMatch(/denominator/)
  })

  it("ambiguous names keep their shape: names, anyCase and readings with a meaning each", () => {
    for (const a of ambiguous) {
      expect(a.names.length).toBeGreaterThan(0)
      expect(a.readings.length).toBeGreaterThanOrEqual(2)
      for (const r of a.readings) if (r.unit !== undefined) expect(isEngineError(resolveUnitExpression(catalog, r.unit)), r.unit).toBe(false)
    }
  })
})
