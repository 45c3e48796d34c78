/**
 * The built-in catalog as a specification: it builds cleanly, every entry resolves through every
 * spelling it declares, it covers ucon's unit set with correct definitions, it reproduces GNU units'
 * reference conversions, and the classic traps resolve the safe way.
 */
import { ambiguous } from "../src/engine/catalog/readings.ts"
import * as fs from "node:fs"
import { describe, expect, it } from "vitest"
import { buildCatalog } from "../src/engine/units/buildCatalog.ts"
import { builtinEntries } from "../src/engine/catalog/index.ts"
import { converterBetween } from "../src/engine/conversion/between.ts"
import * as Dimension from "../src/engine/Dimension.ts"
import { isEngineError } from "../src/engine/errors.ts"
import * as Prefix from "../src/engine/Prefix.ts"
import * as Rational from "../src/engine/Rational.ts"
import { resolveUnitExpression, type UnitExpression } from "../src/engine/units/UnitExpression.ts"

const { catalog, problems } = buildCatalog(builtinEntries)

// the catalog's own symbols as SI writes them: G alone is the gauss here (read as people write it, it is
// refused with the gram's reading too; test/engine/capitals.test.ts)
const expression = (input: string): UnitExpression => {
  const r = resolveUnitExpression(catalog, input, "written")
  if (isEngineError(r)) throw new Error(`'${input}' does not resolve: ${r.message}`)
  return r
}

const convert = (value: number, from: string, to: string): number => {
  const c = converterBetween(catalog, expression(from), expression(to))
  if (isEngineError(c)) throw new Error(`no conversion from '${from}' to '${to}': ${c.message}`)
  return c.apply(value)
}

const si = (input: string): number => Rational.toNumber(expression(input).factor)

const relativeError = (actual: number, expected: number): number =>
  Math.abs(expected) < 1e-300 ? Math.abs(actual) : Math.abs(actual - expected) / Math.abs(expected)

const unknown = (token: string): boolean => catalog.resolve(token) === undefined

const refusedNames = new Set(ambiguous.flatMap((a) => a.names))

describe("the built-in catalog", () => {
  it("builds with no problems", () => {
    expect(problems).toEqual([])
  })

  it("holds at least 450 units", () => {
    expect(catalog.records.length).toBeGreaterThanOrEqual(450)
  })

  it("resolves every unit through its symbol, each alias and each spelled name, unprefixed", () => {
    const failures: Array<string> = []
    for (const record of catalog.records) {
      for (const token of [record.symbol, ...record.aliases, record.name, ...record.names]) {
        const r = catalog.resolve(token)
        if (r?.unit !== record || r.prefix !== undefined) failures.push(`${record.symbol}: '${token}' → ${r ? r.unit.symbol : "nothing"}`)
      }
    }
    expect(failures).toEqual([])
  })

  it("gives every multi-word name and alias a way through the expression parser", () => {
    const failures: Array<string> = []
    for (const record of catalog.records) {
      for (const token of [record.symbol, ...record.aliases, record.name, ...record.names]) {
        // characters the lexer never puts in a name (· ² ( ) -) make a token reachable only by symbol lookup
        if (/[·²³()'"]/.test(token) || /^\d/.test(token)) continue
        // bare 'b' is refused as ambiguous (bit, barn or bar) while Gb, Mb stay gigabit, megabit
        if (refusedNames.has(token)) continue
        const r = resolveUnitExpression(catalog, token, "written")
        if (isEngineError(r) || r.terms.length !== 1 || r.terms[0]!.unit !== record) failures.push(`${record.symbol}: '${token}'`)
      }
    }
    expect(failures).toEqual([])
  })

  it("never lets a symbol shadow a prefixed form of another unit, except the listed, intended ones", () => {
    // symbol → the prefixed reading it deliberately hides
    const intended: Record<string, string> = {
      kt: "kilotonne: 'kt' is the knot (ucon, aviation and shipping); write 1000 t",
      req: "rontoequivalent: 'req' is the request; no one counts 1e-27 equivalents",
      PS: "petasiemens: 'PS' is the metric horsepower",
      pH: "picohenry: 'pH' is the acidity level"
    }
    const shadows: Array<string> = []
    for (const record of catalog.records) {
      for (const token of [record.symbol, ...record.aliases]) {
        for (const [form, prefix] of Prefix.symbolForms) {
          if (!token.startsWith(form) || token.length === form.length) continue
          const inner = catalog.symbolRecord(token.slice(form.length))
          if (inner && inner !== record && Prefix.allows(inner.prefixes, prefix) && !(token in intended)) {
            shadows.push(`${token} hides ${prefix.name}${inner.name}`)
          }
        }
      }
    }
    expect(shadows).toEqual([])
  })

  it("marks measured values inexact and cites a source for each of them", () => {
    const uncited = catalog.records.filter((r) => !r.exact && !r.source).map((r) => r.symbol)
    expect(uncited).toEqual([])
    for (const symbol of ["Da", "Eh", "m_e", "M☉", "l_P"]) expect(catalog.resolve(symbol)!.unit.exact).toBe(false)
    for (const symbol of ["lb", "in", "eV", "au", "BTU", "mmHg"]) expect(catalog.resolve(symbol)!.unit.exact).toBe(true)
  })
})

// ---------------------------------------------------------------------------------------------
// ucon coverage: every unit of ucon 1.12's registry exists here, with a correct definition.

interface UconUnit {
  readonly name: string
  readonly shorthand: string
  readonly baseForm: string
}

// ucon's unit registry (Apache-2.0), kept in test/data with its provenance (test/data/README.md)
const uconUnits: ReadonlyArray<UconUnit> = fs
  .readFileSync(new URL("./data/ucon-units.txt", import.meta.url), "utf8")
  .split("\n")
  .filter((line) => line.startsWith("UNIT|"))
  .map((line) => {
    const [, name, shorthand, , , , baseForm] = line.split("|")
    return { name: name!, shorthand: shorthand!, baseForm: baseForm! }
  })

/** Where our spelling intentionally differs from ucon's shorthand and name, and why. */
const uconSpelling: Record<string, string> = {
  gilbert: "gilbert", // ucon 'Gb' is the gilbert; here Gb is the gigabit
  therm: "thm_EC", // ucon's therm is the EC therm (105506000 J); our 'thm' is the US therm, as in GNU units
  nines: "nines", // ucon '9s' lexes as 9 seconds
  square_degree: "sq_deg", // ucon 'deg²' is an angle squared here, not a solid angle
  rad_dose: "rad_dose", // ucon shorthand 'rad_absorbed' is our alias; 'rad' is the radian
  planck_energy: "E_P",
  month: "mo_mean", // bare 'mo' and 'month' are refused: 1/12 Julian year, 1/12 Gregorian year, 30 d or a lunation?
  calorie: "cal_th" // ucon's 'cal' is the thermochemical calorie; bare 'cal' is refused (menus print it for the kilocalorie)
}

/** ucon units without a base form: the SI value of one unit (in the given SI expression) it must have. */
const expectedWithoutBaseForm: Record<string, readonly [number, string]> = {
  arcminute: [Math.PI / 10800, "rad"],
  arcsecond: [Math.PI / 648000, "rad"],
  degree: [Math.PI / 180, "rad"],
  gradian: [Math.PI / 200, "rad"],
  radian: [1, "rad"],
  turn: [2 * Math.PI, "rad"],
  electron_mass: [9.1093837139e-31, "kg"], // CODATA 2022 (ucon files it under atomic energy)
  hartree: [4.359744722206e-18, "J"],
  rydberg: [2.179872361103e-18, "J"],
  atomic_time: [2.4188843265864e-17, "s"],
  bohr_radius: [5.29177210544e-11, "m"],
  galileo: [0.01, "m/s^2"],
  poise: [0.1, "Pa*s"],
  abfarad: [1e9, "F"],
  abcoulomb: [10, "C"],
  biot: [10, "A"],
  gilbert: [10 / (4 * Math.PI), "A"],
  abhenry: [1e-9, "H"],
  abohm: [1e-9, "Ω"],
  abvolt: [1e-8, "V"],
  erg: [1e-7, "J"],
  statfarad: [1 / 898755178736.8176, "F"],
  statcoulomb: [1 / 2997924580, "C"],
  statampere: [1 / 2997924580, "A"],
  debye: [1e-21 / 299792458, "C*m"],
  oersted: [1000 / (4 * Math.PI), "A/m"],
  maxwell: [1e-8, "Wb"],
  gauss: [1e-4, "T"],
  statohm: [898755178736.8176, "Ω"],
  statvolt: [299.792458, "V"],
  dyne: [1e-5, "N"],
  stokes: [1e-4, "m^2/s"],
  barye: [0.1, "Pa"],
  langley: [41840, "J/m^2"],
  kayser: [100, "1/m"],
  cycle: [1, "ea"],
  each: [1, "ea"],
  event: [1, "ea"],
  flop: [1, "ea"],
  instruction: [1, "ea"],
  op: [1, "ea"],
  request: [1, "ea"],
  electron_volt: [1.602176634e-19, "J"],
  planck_energy: [1.9561e9, "J"],
  planck_mass: [2.176434e-8, "kg"],
  planck_temperature: [1.416784e32, "K"],
  planck_length: [1.616255e-35, "m"],
  planck_time: [5.391247e-44, "s"],
  basis_point: [1e-4, "1"],
  fraction: [1, "1"],
  percent: [0.01, "1"],
  permille: [0.001, "1"],
  ppb: [1e-9, "1"],
  ppm: [1e-6, "1"],
  square_degree: [(Math.PI / 180) ** 2, "sr"],
  steradian: [1, "sr"]
}

/** ucon units that are levels or temperature scales: a conversion that pins the meaning. */
const expectedConversion: Record<string, readonly [number, string, number]> = {
  decibel_milliwatt: [0, "mW", 1],
  decibel_watt: [30, "W", 1000],
  decibel_spl: [94, "Pa", 1.0023744672545445],
  decibel_volt: [20, "V", 10],
  pH: [7, "mol/L", 1e-7],
  bel: [1, "1", 10],
  decibel: [10, "1", 10],
  neper: [1, "dB", 8.685889638065036],
  nines: [3, "%", 99.9],
  celsius: [100, "°F", 212],
  fahrenheit: [32, "K", 273.15],
  rankine: [491.67, "K", 273.15],
  reaumur: [80, "°C", 100]
}

/** Where ucon's base form is wrong, not merely rounded: our value, checked instead. */
const uconBaseFormBugs: Record<string, readonly [number, string]> = {
  international_ampere: [1.00034 / 1.00049, "A"], // ucon 1.000022 A; the mean international ampere is V_int/ohm_int
  webers_per_meter: [1, "V*s/m"], // ucon files Wb/m as permeability (A⁻²); Wb/m is kg·m/(s²·A)
  therm: [105506000, "J"] // mapped to thm_EC, which ucon's value matches to 6 digits
}

const uconToken = (u: UconUnit): string => uconSpelling[u.name] ?? u.shorthand

describe("coverage of ucon's unit registry", () => {
  it("reads all of ucon's units", () => {
    expect(uconUnits.length).toBeGreaterThan(200)
  })

  it("resolves every ucon unit by its shorthand or its name (or the mapped spelling)", () => {
    const missing = uconUnits.filter(
      (u) => isEngineError(resolveUnitExpression(catalog, uconToken(u))) && isEngineError(resolveUnitExpression(catalog, u.name))
    )
    expect(missing.map((u) => `${u.name} (${u.shorthand})`)).toEqual([])
  })

  it("gives every ucon unit the same physical meaning, with exact values where ucon rounded", () => {
    const wrong: Array<string> = []
    for (const u of uconUnits) {
      const token = isEngineError(resolveUnitExpression(catalog, uconToken(u))) ? u.name : uconToken(u)
      const ours = resolveUnitExpression(catalog, token)
      if (isEngineError(ours)) continue // reported by the test above
      const conversion = expectedConversion[u.name]
      if (conversion) {
        const [value, to, expected] = conversion
        const got = convert(value, token, to)
        if (relativeError(got, expected) > 1e-9) wrong.push(`${u.name}: ${value} ${token} = ${got} ${to}, expected ${expected}`)
        continue
      }
      const pinned = uconBaseFormBugs[u.name] ?? expectedWithoutBaseForm[u.name]
      let expectedFactor: number
      let expectedDimension: Dimension.Dimension
      let tolerance: number
      if (pinned) {
        expectedFactor = pinned[0] * si(pinned[1])
        expectedDimension = expression(pinned[1]).dimension
        tolerance = 1e-4 // Planck energy is pinned to 5 digits; the rest agree to 1e-12
      } else {
        // ucon's base form is "prefactor * SI base units"; its imperial factors are rounded, so 1e-3
        // ucon writes the bit as b, which is refused here when bare (bit, barn or bar?)
        const base = expression(u.baseForm.replaceAll(" ", "").replace(/\bb\b/g, "bit"))
        expectedFactor = Rational.toNumber(base.factor)
        expectedDimension = base.dimension
        tolerance = 1e-3
      }
      // ucon has no angle, solid-angle or count slots in its base forms (lm = cd there): compare the rest
      if (!Dimension.equalsIgnoringPseudo(ours.dimension, expectedDimension)) wrong.push(`${u.name}: dimension differs`)
      else if (relativeError(Rational.toNumber(ours.factor), expectedFactor) > tolerance) {
        wrong.push(`${u.name}: ${Rational.toNumber(ours.factor)} vs ${expectedFactor}`)
      }
    }
    expect(wrong).toEqual([])
  })
})

// ---------------------------------------------------------------------------------------------
// GNU units reference conversions (test/data/gnu-units-reference.json)

interface GnuCase {
  readonly value: number
  readonly from: string
  readonly to: string
  readonly expected: number
  readonly exact: boolean
  readonly note?: string
}

const gnu: { readonly cases: ReadonlyArray<GnuCase> } = JSON.parse(fs.readFileSync(new URL("./data/gnu-units-reference.json", import.meta.url), "utf8"))

/**
 * Where the reference file's spelling or value is not ours, and why:
 * - bare 'R' is refused (roentgen, rankine or gas constant?), so the roentgen case uses R_exp;
 * - GNU's dalton is CODATA 2018 (1.66053906660e-27 kg); ours is CODATA 2022 (1.66053906892e-27 kg),
 *   1.4e-9 relative away, so that case gets a tolerance of 2e-9.
 */
const gnuSpelling: Record<string, string> = { R: "R_exp" }
const gnuTolerance: Record<string, number> = { Da: 2e-9 }

describe("GNU units reference conversions", () => {
  it("holds 220 cases", () => {
    expect(gnu.cases.length).toBe(220)
  })

  it.each(gnu.cases.map((c) => [`${c.value} ${c.from} → ${c.to} = ${c.expected}`, c] as const))("%s", (_, c) => {
    const from = gnuSpelling[c.from] ?? c.from
    const to = gnuSpelling[c.to] ?? c.to
    const got = convert(c.value, from, to)
    const tolerance = gnuTolerance[c.from] ?? (c.exact ? 1e-12 : 1e-9)
    if (Math.abs(c.expected) < 1e-9) expect(Math.abs(got - c.expected)).toBeLessThan(1e-9)
    else expect(relativeError(got, c.expected)).toBeLessThan(tolerance)
  })
})

// ---------------------------------------------------------------------------------------------
// Traps

const resolvedSymbol = (token: string): string | undefined => {
  const r = catalog.resolve(token)
  return r ? (r.prefix?.symbol ?? "") + r.unit.symbol : undefined
}

describe("tokens that other libraries get wrong", () => {
  it("reads the trade's glued shorthands as written: 2.5 sqmm is 2.5 mm² (a cable size, never 'sqm'), 20 ohmm is 20 Ω·m (a resistivity, never a doubled ohm), 3 Nmm is 0.003 N·m (never 'Nm')", () => {
    const cases: ReadonlyArray<readonly [number, string, string, number]> = [
      [2.5, "sqmm", "m^2", 2.5e-6],
      [1, "sqkm", "sqm", 1e6],
      [20, "ohmm", "ohm*cm", 2000],
      [1, "Ωcm", "Ωm", 0.01],
      [100, "sqft", "sqm", 9.290304],
      // torque as structural, machine-design and servo data sheets write it
      [5, "kNm", "N*m", 5000],
      [3, "Nmm", "N*m", 0.003],
      [40, "Ncm", "N*m", 0.4],
      [10, "kgfcm", "N*m", 0.980665],
      // impulse, and reactive power as switchgear writes it
      [40, "Ns", "kg*m/s", 40],
      [2, "MVAr", "kvar", 2000],
      // a label's fluid dram (not femtolitre × dram)
      [1, "fl dr", "mL", 3.6966911953125]
    ]
    for (const [value, from, to, expected] of cases) expect(relativeError(convert(value, from, to), expected), `${from} → ${to}`).toBeLessThan(1e-12)
  })

  it("reads 'min' as the minute, never the milli-inch", () => {
    expect(resolvedSymbol("min")).toBe("min")
    expect(convert(1, "min", "s")).toBe(60)
  })

  it("reads 'cd' as the candela, never the centiday", () => {
    expect(catalog.resolve("cd")!.unit.name).toBe("candela")
  })

  it("reads 'Gb' as the gigabit (1e9 bit), never the gilbert", () => {
    expect(convert(1, "Gb", "bit")).toBe(1e9)
    expect(convert(1, "GB", "Gb")).toBe(8)
  })

  it("refuses ambiguous tokens rather than guessing: c, mt, Kg, R, ton, calorie, Fr, ppt; 'unit' converts only to itself", () => {
    // mEq is known now, but converts to mmol only with the valence given (test/e2e/equivalents.test.ts)
    for (const token of ["c", "mt", "Kg", "R", "ton", "tons", "calorie", "Calories", "Fr", "cap", "ppt"])
      expect({ token, known: !unknown(token) }).toEqual({ token, known: false })
    // a drug's units (ISMP: written out): never the enzyme unit U, IU, a count or a plain number
    expect(convert(3, "unit", "units")).toBe(3)
    for (const other of ["U", "IU", "ea", "1", "%"]) expect(() => convert(1, "units", other)).toThrow()
  })

  it("reads 'pt' as the US pint, 'kt' as the knot and 'ft' as the foot", () => {
    expect(convert(1, "pt", "mL")).toBeCloseTo(473.176473, 9)
    expect(convert(1, "kt", "m/s")).toBeCloseTo(1852 / 3600, 15)
    expect(convert(1, "ft", "m")).toBe(0.3048)
  })

  it("makes the nautical mile 1852 m, mcg 1e-6 g and cc 1 mL", () => {
    expect(convert(1, "nmi", "m")).toBe(1852)
    expect(convert(1, "mcg", "g")).toBe(1e-6)
    expect(convert(1, "cc", "mL")).toBe(1)
    expect(convert(250, "mcg/kg/min", "mg/kg/h")).toBeCloseTo(15, 12)
  })

  it("keeps the enzyme unit U (1 µmol/min) apart from IU, which converts only to IU", () => {
    expect(convert(1, "U", "nkat")).toBeCloseTo(1000 / 60, 12)
    expect(convert(2, "MIU", "IU")).toBe(2e6)
    expect(convert(5000, "IU/mL", "kIU/L")).toBe(5000)
    for (const other of ["mg", "U", "1", "ea"]) expect(() => convert(1, "IU", other)).toThrow()
  })

  it("uses the exact international pound and inch", () => {
    expect(convert(1, "lb", "kg")).toBe(0.45359237)
    expect(convert(12, "in", "cm")).toBe(30.48)
  })

  it("derives psi, BTU, hp and the gallon exactly (NIST SP 811 B.8)", () => {
    expect(relativeError(convert(1, "psi", "Pa"), 6894.757293168361)).toBeLessThan(1e-15)
    expect(convert(1, "BTU", "J")).toBe(1055.05585262)
    expect(relativeError(convert(1, "hp", "W"), 745.69987158227022)).toBeLessThan(1e-15)
    expect(relativeError(convert(1, "gal", "L"), 3.785411784)).toBeLessThan(1e-15)
  })

  it("converts levels: 1 Np = 8.685889638065036 dB, 0 dBm = 1 mW, 7 pH = 1e-7 mol/L, 3 nines = 0.999", () => {
    expect(relativeError(convert(1, "Np", "dB"), 8.685889638065036)).toBeLessThan(1e-14)
    expect(convert(0, "dBm", "W")).toBe(0.001)
    expect(relativeError(convert(7, "pH", "mol/L"), 1e-7)).toBeLessThan(1e-14)
    expect(relativeError(convert(3, "nines", "frac"), 0.999)).toBeLessThan(1e-14)
  })

  it("treats rad as the radian and rpm as an angular velocity that never becomes Hz", () => {
    expect(catalog.resolve("rad")!.unit.name).toBe("radian")
    expect(relativeError(convert(60, "rpm", "rad/s"), 2 * Math.PI)).toBeLessThan(1e-15)
    expect(isEngineError(converterBetween(catalog, expression("rpm"), expression("Hz")))).toBe(true)
  })

  it("keeps luminance (nit) and illuminance (lux) apart", () => {
    expect(isEngineError(converterBetween(catalog, expression("nit"), expression("lx")))).toBe(true)
  })

  it("treats temperature differences as differences: 10 delta_degC = 18 delta_degF", () => {
    expect(convert(10, "delta_degC", "delta_degF")).toBeCloseTo(18, 12)
    expect(convert(10, "ΔdegC", "K")).toBe(10)
  })

  it("reads b as the bit and B as the byte, with decimal and binary prefixes", () => {
    expect(convert(1, "KiB", "B")).toBe(1024)
    expect(convert(1, "kb", "bit")).toBe(1000)
    expect(convert(1, "Gbps", "MB/s")).toBe(125)
  })

  it("accepts the prefixes that belong: kWh, mAh, kcal, cP, cSt, mmol, µM, MeV, kDa, Gyr, Mpc, mTorr", () => {
    for (const token of [
      "kWh",
      "mAh",
      "kcal",
      "cP",
      "cSt",
      "mmol",
      "µM",
      "uM",
      "MeV",
      "kDa",
      "Gyr",
      "Mpc",
      "mTorr",
      "mbar",
      "kPa",
      "mSv",
      "µCi",
      "kVA",
      "fL"
    ]) {
      expect({ token, known: !unknown(token) }).toEqual({ token, known: true })
    }
    expect(resolvedSymbol("fL")).toBe("fL") // femtolitre (MCV), not the footlambert
  })
})

describe("multi-word names", () => {
  it.each([
    ["fl oz", "floz"],
    ["fluid ounce", "floz"],
    ["nautical mile", "nmi"],
    ["light year", "ly"],
    ["degrees Celsius", "°C"],
    ["pounds per square inch", "psi"],
    ["miles per hour", "mph"]
  ])("resolves '%s' to %s", (name, symbol) => {
    const e = expression(name)
    expect(e.terms.map((t) => t.unit.symbol)).toEqual([symbol])
  })

  it("reads '2 fl oz' in an expression as two US fluid ounces", () => {
    expect(relativeError(convert(2, "fl oz", "mL"), 59.147059125)).toBeLessThan(1e-14)
  })
})

// ---------------------------------------------------------------------------------------------
// Spot checks of the 2025 catalog extension, against the published definitions.

describe("catalog extension spot checks", () => {
  const close = (actual: number, expected: number, tolerance = 1e-12) => expect(relativeError(actual, expected)).toBeLessThan(tolerance)

  it("derives customary units exactly (NIST SP 811 B.8; NIST HB 44 appendix C)", () => {
    close(si("µin"), 2.54e-8) // microinch
    close(si("register_ton"), 2.8316846592) // ton, register = 100 ft³
    close(si("assay_ton"), 2.916666666666667e-2) // ton, assay (AT) = 2.916667e-2 kg
    close(si("ft_pdl"), 4.21401100938048e-2) // foot poundal
    close(si("kgf_m"), 9.80665) // kilogram-force meter
    close(si("in_ozf"), 7.061551814226563e-3) // ounce-force inch = 7.061552e-3 N·m
    close(si("bbl_dry"), 0.115627123584) // barrel (dry), 7056 in³
    close(si("acre_in"), 102.79015312896) // acre × inch
    close(si("kcmil"), 5.067074790974977e-7) // 1000 circular mils
    close(si("perm"), 5.72135e-11, 1e-6) // perm (0 °C) = 5.72135e-11 kg/(Pa·s·m²)
  })

  it("keeps US survey land units on the survey foot (NIST SP 447)", () => {
    close(convert(1, "section", "acre_survey"), 640)
    close(convert(1, "twp", "sq_mi"), 36 * (6336 / 6336) * ((5280 * 1200) / 3937 / 1609.344) ** 2)
  })

  it("uses the conventional values quoted in their sources", () => {
    close(si("cup_legal"), 240e-6) // 21 CFR 101.9(b)(5)(viii)
    close(si("floz_legal"), 30e-6)
    close(si("fsw") * 33, 101325) // US Navy Diving Manual: 33 fsw = 1 atm
    close(si("µmHg"), 0.133322387415) // 1e-3 mmHg
    close(convert(1, "BOE", "BTU"), 5.8e6) // US EIA
    close(si("tsubo"), 400 / 121) // Japanese Measurement Law
    close(si("momme"), 3.75e-3)
    close(si("Wd"), 86400)
    close(convert(1, "MWd", "GJ"), 86.4)
    close(convert(1, "L_atm", "J"), 101.325)
  })

  it("takes IAU 2015 Resolution B3 nominal values exactly", () => {
    close(si("R_earth_polar"), 6.3568e6)
    close(si("R_jup_polar"), 6.6854e7)
    close(si("S_sun"), 1361)
    close(convert(1, "light_min", "m"), 17987547480) // c exact (SI Brochure)
  })

  it("derives Hartree atomic units consistently with CODATA 2022", () => {
    close(si("q_au"), 1.602176634e-19) // exact (SI Brochure)
    close(si("phi_au"), 27.211386245981, 1e-11)
    close(si("force_au"), 8.2387235038e-8, 1e-9)
    close(si("v_au"), 2.18769126216e6, 1e-9)
    close(si("dipole_au"), 8.4783536198e-30, 1e-9)
  })

  it("keeps counts as counts and levels as levels", () => {
    close(convert(72, "bpm", "beat/s"), 1.2)
    close(convert(1, "GFLOPS", "FLOP/s"), 1e9)
    close(convert(2, "MBps", "Mbps"), 16)
    close(convert(1, "ream", "ea"), 500)
    close(convert(0, "dBu", "V"), Math.sqrt(0.6)) // IEC 60268-3
    close(convert(5, "dpt", "1/m"), 5)
    close(convert(1, "DU", "mol/m^2"), 4.4615e-4, 1e-4) // WMO: 2.6867e20 molecules/m²
  })

  it("still refuses the ambiguous spellings left out of the extension", () => {
    for (const token of ["fps", "D", "cps", "px", "karat", "MBH", "pcm", "a", "Ma", "gamma", "MET"]) expect(unknown(token)).toBe(true)
    // Nm is read as the newton metre, the engineer's torque unit, and the result says so (catalog/readings.ts)
  })
})
