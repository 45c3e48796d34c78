// Qualified names ("gallon (UK)", "gal{UK}", "ton (US)") as a specification: every reading the table in
// catalog/qualifiers.ts gives resolves, under every spelling of its qualifier, in parentheses and in
// braces; a qualifier the table does not give is an error that lists the readings, never a guess; and
// parentheses that group units keep grouping exactly as before.
import { readFileSync } from "node:fs"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { canonicalQualifier, qualified, qualifierSpellings } from "../../src/engine/catalog/qualifiers.ts"
import { ambiguous } from "../../src/engine/catalog/readings.ts"
import { converterBetween } from "../../src/engine/conversion/between.ts"
import { convertValue } from "../../src/engine/conversion/convert.ts"
import { isEngineError } from "../../src/engine/errors.ts"
import * as Rational from "../../src/engine/Rational.ts"
import { resolveUnitExpression } from "../../src/engine/units/UnitExpression.ts"
import { catalog } from "../support/catalog.ts"

const meaning = (expression: string): string => {
  const r = resolveUnitExpression(catalog, expression)
  if (isEngineError(r)) return `error ${r._tag}: ${r.message}`
  return `${Rational.toNumber(r.factor).toPrecision(15)} [${r.dimension.join(",")}]`
}

const symbolOf = (expression: string): string | undefined => {
  const r = resolveUnitExpression(catalog, expression)
  return isEngineError(r) || r.terms.length !== 1 ? undefined : (r.terms[0]!.prefix?.symbol ?? "") + r.terms[0]!.unit.symbol
}

const spellingsOf = (canonical: string): Array<string> => [...qualifierSpellings].filter(([, c]) => c === canonical).map(([s]) => s)

/** Every (head, canonical qualifier, reading) the table gives. */
const table = qualified.flatMap((q) => q.heads.flatMap((head) => Object.entries(q.readings).map(([qualifier, reading]) => ({ head, qualifier, reading }))))

describe("qualifier spellings", () => {
  it("in parentheses, are qualifiers only where they are not units as written; where they are both, both readings are offered: 'gallon (us)' is the US gallon or gallon × µs", () => {
    const failures: Array<string> = []
    let units = 0
    for (const spelling of qualifierSpellings.keys()) {
      for (const written of new Set([spelling, spelling.toUpperCase(), spelling[0]!.toUpperCase() + spelling.slice(1)])) {
        // as written: in capitals US is the microsecond, a reading of the whole expression only
        const asUnit = resolveUnitExpression(catalog, written, "written")
        const expression = `gallon (${written})`
        if (isEngineError(asUnit)) {
          // not a unit: before qualifiers this was an error, so reading it as a qualifier changes no answer
          if (symbolOf(expression) === undefined && !isEngineError(resolveUnitExpression(catalog, expression))) failures.push(`${expression} is not one unit`)
          if (/\d/.test(written) && !isEngineError(resolveUnitExpression(catalog, expression)))
            failures.push(`${expression}: a number in parentheses is never a qualifier`)
        } else {
          units++
          // never another answer than before: the product, or refused with the product among its readings
          const read = resolveUnitExpression(catalog, expression)
          const refusedWithBoth =
            isEngineError(read) && read._tag === "AmbiguousInput" && read.readings.some((r) => r.unit === `gallon*(${written})`) && read.byContext === true
          if (!refusedWithBoth && meaning(expression) !== meaning(`gallon*(${written})`)) failures.push(`${expression} changed meaning: ${meaning(expression)}`)
        }
      }
    }
    expect(failures).toEqual([])
    expect(units).toBeGreaterThan(0) // us (µs), fl (fL), TH: the rule is exercised
    expect(resolveUnitExpression(catalog, "gallon (us)")).toMatchObject({ _tag: "AmbiguousInput", readings: [{ unit: "gallon{us}" }, { unit: "gallon*(us)" }] })
    // the rest of a call chooses: therm (EC) to J is the EC therm, gallon (us) to L·s the product
    expect(convertValue(catalog, 1, "therm (EC)", "MJ")).toMatchObject({ quantity: 105.506 })
    expect(convertValue(catalog, 1, "gallon (us)", "L*us")).toMatchObject({ quantity: 3.785411784 })
    expect(symbolOf("gal{us}")).toBe("gal") // braces never group, so QUDT's tonf{us} style reads as the qualifier
    // a text is units only when each of its words is one: "absorbed dose" qualifies, though "dose" is a unit
    expect(symbolOf("rad (absorbed dose)")).toBe("rad_dose")
    expect(convertValue(catalog, 1, "rad (absorbed dose)", "Gy")).toMatchObject({ quantity: 0.01 })
  })

  it("read in any order and case: 'US dry', 'dry US', 'U.S. Dry' are one qualifier", () => {
    expect(canonicalQualifier("US dry")).toEqual(canonicalQualifier("dry US"))
    expect(canonicalQualifier("U.S. Dry")).toEqual(canonicalQualifier("us dry"))
    expect(canonicalQualifier("international Definition")).toEqual({ canonical: "IT" })
    expect(canonicalQualifier("US survey")).toEqual({ canonical: "US survey" })
    expect(canonicalQualifier("Martian")).toEqual({ unknown: "Martian" })
  })
})

describe("every qualified reading in the table", () => {
  it("names a catalog unit", () => {
    for (const { reading } of table) expect({ reading, known: catalog.symbolRecord(reading) !== undefined }).toEqual({ reading, known: true })
  })

  it("resolves to that unit under every spelling of its qualifier, in parentheses and in braces", () => {
    const failures: Array<string> = []
    for (const { head, qualifier, reading } of table) {
      // every combination of spellings would be large: each spelling of each word, the other words canonical
      const words = qualifier.split(" ")
      const variants = new Set([qualifier])
      words.forEach((w, i) => {
        for (const s of spellingsOf(w)) variants.add([...words.slice(0, i), s, ...words.slice(i + 1)].join(" "))
      })
      for (const v of variants) {
        // in parentheses only where the qualifier is not units as written (the test above: "gal (us)" is gal × µs);
        // one unit among other words does not make units of it ("rad (absorbed dose)", though "dose" is a unit)
        const parens = !/\d/.test(v) && isEngineError(resolveUnitExpression(catalog, v)) && !v.split(" ").every((w) => catalog.resolve(w) !== undefined)
        for (const written of [...(parens ? [`${head} (${v})`, `${head}(${v})`] : []), `${head}{${v}}`, `${head} {${v}}`]) {
          const got = symbolOf(written)
          if (got !== reading) failures.push(`${written} → ${got ?? meaning(written)}, expected ${reading}`)
        }
      }
    }
    expect(failures).toEqual([])
  })

  it("resolves through the head's spelled names and plurals too: 'gallons (UK)', 'Gallon (UK)', 'horsepower (metric)'", () => {
    expect(symbolOf("gallons (UK)")).toBe("imp_gal")
    expect(symbolOf("Gallon (UK)")).toBe("imp_gal")
    expect(symbolOf("horsepower (metric)")).toBe("PS")
    expect(symbolOf("British Thermal Unit (international Definition)")).toBe("BTU")
    expect(symbolOf("Btu (th)")).toBe("BTU_th")
    expect(symbolOf("fl oz{US}")).toBe("floz")
    expect(symbolOf("pint (U.S.)")).toBe("pt")
    expect(symbolOf("quart (imp.)")).toBe("imp_qt")
    expect(symbolOf("foot (US survey)")).toBe("ft_survey")
  })

  it("keeps a prefix when the reading takes it: kcal{IT} is 1000 International Table calories", () => {
    expect(symbolOf("kcal{IT}")).toBe("kcal_IT")
    expect(meaning("kcal (IT)")).toBe(meaning("4186.8 J"))
  })

  it("converts as the reading: 1 gallon (UK) = 4.54609 L, 1 ton (US) = 907.18474 kg", () => {
    const convert = (value: number, from: string, to: string) => {
      const a = resolveUnitExpression(catalog, from)
      const b = resolveUnitExpression(catalog, to)
      if (isEngineError(a) || isEngineError(b)) throw new Error(`${from} or ${to} does not resolve`)
      const c = converterBetween(catalog, a, b)
      if (isEngineError(c)) throw new Error(c.message)
      return c.apply(value)
    }
    expect(convert(1, "gallon (UK)", "L")).toBeCloseTo(4.54609, 12)
    expect(convert(1, "ton (US)", "kg")).toBeCloseTo(907.18474, 9)
    expect(convert(1, "ton (UK)", "kg")).toBeCloseTo(1016.0469088, 9)
    expect(convert(1, "horsepower (metric)", "W")).toBeCloseTo(735.49875, 9)
    expect(convert(3, "cup{US}", "mL")).toBeCloseTo(709.7647095, 7)
    expect(convert(1, "gal{UK}/min", "L/s")).toBeCloseTo(4.54609 / 60, 12)
  })
})

describe("qualified readings agree with GNU units and pint (test/data/reference-names.json)", () => {
  const reference: ReadonlyMap<string, { gnu?: { si: number }; pint?: { si: number } }> = new Map(
    JSON.parse(readFileSync(new URL("../data/reference-names.json", import.meta.url), "utf8")).names.map((n: { name: string }) => [n.name, n])
  )
  // [written here, the tool's name, the tool, relative tolerance]: defined units exactly, astronomical ones
  // to 1e-7 (GNU units and pint compute the sidereal and tropical values from other epochs' formulas)
  const cases: ReadonlyArray<readonly [string, string, "gnu" | "pint", number]> = [
    ["gallon (UK)", "brgallon", "gnu", 1e-12],
    ["gal{UK}", "imperial_gallon", "pint", 1e-12],
    ["pint (imp.)", "brpint", "gnu", 1e-12],
    ["quart (UK)", "brquart", "gnu", 1e-12],
    ["cup (UK)", "brcup", "gnu", 1e-12],
    ["gill (UK)", "brgill", "gnu", 1e-12],
    ["fl oz (UK)", "brfloz", "gnu", 1e-12],
    ["bushel (UK)", "brbushel", "gnu", 1e-12],
    ["peck (UK)", "brpeck", "gnu", 1e-12],
    ["gallon (US dry)", "drygallon", "gnu", 1e-12],
    ["quart (US dry)", "dryquart", "gnu", 1e-12],
    ["barrel (US dry)", "drybarrel", "gnu", 1e-12],
    ["cup (US)", "uscup", "gnu", 1e-12],
    ["cup (metric)", "metriccup", "gnu", 1e-12],
    ["tbsp (US)", "ustablespoon", "gnu", 1e-12],
    ["ton (US)", "uston", "gnu", 1e-12],
    ["ton (short)", "short_ton", "pint", 1e-12],
    ["ton (UK)", "brton", "gnu", 1e-12],
    ["ton (long)", "long_ton", "pint", 1e-12],
    ["hundredweight (UK)", "brhundredweight", "gnu", 1e-12],
    ["cwt (US)", "US_cwt", "pint", 1e-12],
    ["ounce (troy)", "troyounce", "gnu", 1e-12],
    ["pound (troy)", "troypound", "gnu", 1e-12],
    ["oz (ap)", "apounce", "gnu", 1e-12],
    ["horsepower (metric)", "metrichorsepower", "gnu", 1e-12],
    ["hp (electric)", "electrichorsepower", "gnu", 1e-12],
    ["hp (boiler)", "boilerhorsepower", "gnu", 1e-12],
    ["Btu (IT)", "btu", "gnu", 1e-12],
    ["Btu (th)", "btu_th", "gnu", 1e-12],
    ["calorie (IT)", "calorie_IT", "gnu", 1e-12],
    ["calorie (th)", "calorie_th", "gnu", 1e-12],
    ["calorie (mean)", "cal_mean", "gnu", 1e-12],
    ["therm (US)", "UStherm", "gnu", 1e-12],
    ["therm{EC}", "ECtherm", "gnu", 1e-12],
    ["mile (US survey)", "survey_mile", "pint", 1e-12],
    ["day (sidereal)", "siderealday", "gnu", 1e-7],
    ["year (Gregorian)", "gregorianyear", "gnu", 1e-12],
    ["year (Julian)", "julianyear", "gnu", 1e-12],
    ["year (tropical)", "tropical_year", "pint", 1e-7],
    ["month (sidereal)", "siderealmonth", "gnu", 1e-12]
  ]
  it.each(cases)("%s = %s (%s)", (written, name, tool, tolerance) => {
    const expected = reference.get(name)?.[tool]?.si
    expect(expected, `${name} in ${tool}`).toBeDefined()
    const r = resolveUnitExpression(catalog, written)
    if (isEngineError(r)) throw new Error(`${written}: ${r.message}`)
    expect(Math.abs(Rational.toNumber(r.factor) - expected!) / expected!).toBeLessThan(tolerance)
  })
})

describe("a name refused alone resolves when qualified", () => {
  it("ton, cwt, calorie: the qualified reading is not ambiguous", () => {
    const refused = new Set(ambiguous.flatMap((a) => a.names))
    const qualifiedRefused = table.filter((t) => refused.has(t.head))
    expect(qualifiedRefused.length).toBeGreaterThan(0)
    for (const { head, qualifier, reading } of qualifiedRefused) {
      expect(resolveUnitExpression(catalog, head)).toMatchObject({ _tag: "AmbiguousInput" })
      expect(symbolOf(`${head}{${qualifier}}`)).toBe(reading)
    }
    expect(symbolOf("ton (US)")).toBe("short_ton")
    expect(symbolOf("Ton (US)")).toBe("short_ton")
    expect(symbolOf("cwt{long}")).toBe("cwt_uk")
    expect(symbolOf("calorie{15 °C}")).toBe("cal_15")
  })
})

describe("a qualifier the table does not give", () => {
  it("is an unknown unit whose hints list the readings the name takes, with no likely fix", () => {
    for (const written of ["gallon (metric)", "gal{XYZ}", "ton{Martian}", "cup (survey)"]) {
      const r = resolveUnitExpression(catalog, written)
      expect(r).toMatchObject({ _tag: "UnknownUnit", unit: written })
      if (!isEngineError(r) || r._tag !== "UnknownUnit") continue
      expect(r.likelyFix).toBeUndefined()
      expect(r.hints.join("\n")).toMatch(/Qualified readings of '[^']+': .*\(UK\)'.* is /)
    }
  })

  it("lists readings that paste back: each qualified spelling in the hints resolves to the unit it names", () => {
    const heads = [...new Set(table.map((t) => t.head))]
    let checked = 0
    for (const head of heads) {
      const r = resolveUnitExpression(catalog, `${head}{XYZ}`)
      if (!isEngineError(r)) throw new Error(`${head}{XYZ} resolved`)
      const line = r.hints.find((h) => h.startsWith("Qualified readings of"))!
      for (const group of line.slice(line.indexOf(": ") + 2).split("; ")) {
        // "imperial gallon (imp_gal)", or the bare name where name and symbol are one ("cup")
        const symbol = /\((\S+)\)$/.exec(group)?.[1] ?? group.slice(group.lastIndexOf(" is ") + 4)
        for (const [, written] of group.matchAll(/'([^']+)'(?= or | is )/g)) {
          expect({ written, symbol: symbolOf(written!) }).toEqual({ written, symbol })
          checked++
        }
      }
    }
    expect(checked).toBeGreaterThanOrEqual(table.length)
  })

  it("on a name that takes no qualifier is an error too, never the bare name's reading", () => {
    for (const written of ["meter (UK)", "m{US}", "kelvin (metric)", "K{IT}"]) {
      const r = resolveUnitExpression(catalog, written)
      expect({ written, tag: isEngineError(r) ? r._tag : "resolved" }).toEqual({ written, tag: "UnknownUnit" })
      if (isEngineError(r)) expect(r.hints.join("\n")).toContain("takes no qualifier")
    }
  })

  it("a misspelt name before a known qualifier gets the name's fix, which pastes back to the qualified reading", () => {
    const r = resolveUnitExpression(catalog, "galon (UK)")
    expect(r).toMatchObject({ _tag: "UnknownUnit", unit: "galon" })
    if (!isEngineError(r) || r._tag !== "UnknownUnit" || r.corrected === undefined) throw new Error("no fix for 'galon (UK)'")
    expect(symbolOf(r.corrected)).toBe("imp_gal")
  })

  it("inside a compound names only the qualified token: 'L/gal{XYZ}'", () => {
    const r = resolveUnitExpression(catalog, "L/gal{XYZ}")
    expect(r).toMatchObject({ _tag: "UnknownUnit", unit: "gal{XYZ}", position: 2 })
  })
})

describe("parentheses that group keep grouping", () => {
  it("the classic groupings read as before", () => {
    expect(meaning("(degC)/s")).toBe(meaning("K/s"))
    expect(meaning("kg/(m*s)")).toBe(meaning("Pa*s"))
    expect(meaning("(kg*m)/s^2")).toBe(meaning("N"))
    expect(meaning("W/(m^2*K)")).toBe(meaning("W*m^-2*K^-1"))
    expect(meaning("kilogram (kg)")).toBe(meaning("kg"))
  })

  // A small grammar of unit expressions whose value the test computes itself: a product or quotient
  // of atoms, an atom a unit or a parenthesized expression. Qualified atoms stand for their reading.
  const atoms: ReadonlyArray<readonly [string, string]> = [
    ["m", "m"],
    ["s", "s"],
    ["kg", "kg"],
    ["degC", "K"],
    ["L", "L"],
    ["gallon (UK)", "imp_gal"],
    ["gal{US}", "gal"],
    ["ton (US)", "short_ton"],
    ["pint (imp.)", "imp_pt"],
    ["Btu (IT)", "BTU"],
    ["hp{metric}", "PS"]
  ]
  type Tree =
    | { readonly kind: "atom"; readonly index: number }
    | { readonly kind: "op"; readonly op: "*" | "/"; readonly left: Tree; readonly right: Tree; readonly paren: boolean }
  const tree: fc.Arbitrary<Tree> = fc.letrec<{ tree: Tree }>((tie) => ({
    tree: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      fc.record({ kind: fc.constant("atom" as const), index: fc.nat(atoms.length - 1) }),
      fc.record({
        kind: fc.constant("op" as const),
        op: fc.constantFrom("*" as const, "/" as const),
        left: tie("tree"),
        right: tie("tree"),
        paren: fc.boolean()
      })
    )
  })).tree

  /** The expression as written (with qualified atoms) and the same with each atom's plain reading, always fully parenthesized. */
  const render = (t: Tree, plain: boolean): string => {
    if (t.kind === "atom") return atoms[t.index]![plain ? 1 : 0]
    const inner = `${render(t.left, plain)}${t.op}(${render(t.right, plain)})`
    return t.paren || plain ? `(${inner})` : inner
  }

  it("an expression with qualified atoms, grouped by parentheses, means what its plain reading means", () => {
    fc.assert(
      fc.property(tree, (t) => {
        const written = render(t, false)
        const plain = render(t, true)
        expect(meaning(written), `${written} vs ${plain}`).toBe(meaning(plain))
      }),
      { numRuns: 300 }
    )
  })
})

describe("a conversion refused on the quantity", () => {
  it("names the one other reading of a name that would fit, as a hint that reads back, never a fix: lb → N", () => {
    const cases: ReadonlyArray<[string, string, string]> = [["lb", "N", "lb{force}"]]
    for (const [from, to, spelled] of cases) {
      const r = convertValue(catalog, 5, from, to)
      expect(r, `${from} → ${to}`).toMatchObject({ _tag: "DimensionMismatch" })
      const error = r as { likelyFix?: string; hints: ReadonlyArray<string> }
      expect(error.likelyFix).toBeUndefined()
      expect(error.hints[0]).toContain(`write '${spelled}'`)
      // the spelling offered converts
      const fixed = from === "Gy" ? convertValue(catalog, 5, from, spelled) : convertValue(catalog, 5, spelled, to)
      expect(isEngineError(fixed), spelled).toBe(false)
    }
    // nothing is offered where no reading fits (kg → m) or a name has no other reading
    expect((convertValue(catalog, 5, "kg", "m") as { hints: ReadonlyArray<string> }).hints.join()).not.toMatch(/alone is/)
  })
})

describe("rad", () => {
  it("alone reads two ways, the radian or the rad of dose, and the call chooses, saying so; inside an expression it is the radian", () => {
    expect(convertValue(catalog, 5, "rad", "Gy")).toMatchObject({ quantity: 0.05, notes: [expect.stringMatching(/read as the rad of absorbed dose/)] })
    expect(convertValue(catalog, 5, "Gy", "rad")).toMatchObject({ quantity: 500 })
    expect(convertValue(catalog, 1, "rad", "deg")).toMatchObject({ quantity: 180 / Math.PI, notes: [expect.stringMatching(/read as the radian/)] })
    expect(convertValue(catalog, 5, "rad", "rad")).toMatchObject({ quantity: 5 })
    expect(resolveUnitExpression(catalog, "rad")).toMatchObject({ _tag: "AmbiguousInput", byContext: true })
    expect(resolveUnitExpression(catalog, "rad/s")).not.toMatchObject({ _tag: "AmbiguousInput" })
    expect(resolveUnitExpression(catalog, "rad", "written")).not.toMatchObject({ _tag: "AmbiguousInput" })
  })
})
