// Calibration of the suggestion thresholds on test/data/unit-typos.json (141 typos, 40 garbage
// strings, 40 ambiguous inputs, written independently of the suggestion code).
import { readFileSync } from "node:fs"
import { describe, expect, it } from "vitest"
import { symbolOf } from "../../src/engine/units/Catalog.ts"
import { isEngineError } from "../../src/engine/errors.ts"
import { suggest } from "../../src/engine/units/Suggestions.ts"
import { resolveUnitExpression } from "../../src/engine/units/UnitExpression.ts"
import { catalog, resolve } from "../support/catalog.ts"

interface TypoCase {
  readonly input: string
  readonly intended: string | null
  readonly class: "typo" | "garbage" | "ambiguous"
}

const cases: ReadonlyArray<TypoCase> = JSON.parse(readFileSync(new URL("../data/unit-typos.json", import.meta.url), "utf8")).cases
// an input the catalog knows is not a typo any more (e.g. 'lk', the surveyor's link)
const unknown = cases.filter((c) => catalog.resolve(c.input) === undefined)

/** Same unit: equal SI factor and dimension (mcg and µg, Cal and kcal). */
const sameUnit = (a: string, b: string): boolean => {
  const x = resolve(a)
  const y = resolve(b)
  return x.factor.n * y.factor.d === y.factor.n * x.factor.d && x.dimension.every((e, i) => e === y.dimension[i])
}

const fixOf = (input: string): string | undefined => {
  const s = suggest(catalog, input).likelyFix
  return s ? symbolOf(s) : undefined
}

describe("unit suggestions", () => {
  it("fixes at least 85% of the typos and never fixes one to the wrong unit", () => {
    const typos = unknown.filter((c) => c.class === "typo")
    const fixes = typos.map((c) => ({ c, fix: fixOf(c.input) }))
    const right = fixes.filter(({ c, fix }) => fix !== undefined && sameUnit(fix, c.intended!))
    const wrong = fixes.filter(({ c, fix }) => fix !== undefined && !sameUnit(fix, c.intended!))
    expect(wrong.map(({ c, fix }) => `${c.input} → ${fix}`)).toEqual([])
    expect(right.length / typos.length).toBeGreaterThanOrEqual(0.85)
  })

  it("offers no likely fix for garbage, bar at most one near-word (wibble → nibble)", () => {
    const fixed = unknown.filter((c) => c.class === "garbage" && fixOf(c.input) !== undefined)
    expect(fixed.length).toBeLessThanOrEqual(1)
  })

  it("offers no likely fix for at least 90% of ambiguous inputs", () => {
    const ambiguous = unknown.filter((c) => c.class === "ambiguous")
    const fixed = ambiguous.filter((c) => fixOf(c.input) !== undefined)
    expect(fixed.length / ambiguous.length).toBeLessThanOrEqual(0.1)
  })

  it("fixes kilgoram as 'kilogram (kg)' (seed 000)", () => {
    const r = resolveUnitExpression(catalog, "kilgoram")
    expect(isEngineError(r) && r._tag === "UnknownUnit" && r.likelyFix).toBe("kilogram (kg)")
  })

  it("gives xyzzy neither a fix nor similar units", () => {
    const r = resolveUnitExpression(catalog, "xyzzy")
    expect(isEngineError(r) && r.likelyFix).toBeUndefined()
    expect(isEngineError(r) && r.hints[0]).toBe("No similar units found")
  })

  it("treats mt as ambiguous: hints, no likely fix", () => {
    const r = resolveUnitExpression(catalog, "mt")
    expect(isEngineError(r) && r.likelyFix).toBeUndefined()
    expect(isEngineError(r) && r.hints.join(" ")).toMatch(/Similar units/)
  })

  it("judges each token on its own: mcg/kgg → kg, and the fix is the whole corrected expression, so pasting it gives mcg/kg", () => {
    const r = resolveUnitExpression(catalog, "mcg/kgg")
    expect(isEngineError(r) && r._tag === "UnknownUnit" && r.unit).toBe("kgg")
    expect(isEngineError(r) && r._tag === "UnknownUnit" && r.replacement).toBe("kg")
    expect(isEngineError(r) && r.likelyFix).toBe("mcg/kg")
    expect(isEngineError(r) && r.corrected).toBe("mcg/kg")
    expect(isEngineError(r) && r.hints).toContain("Did you mean 'mcg/kg'?")
  })

  it("fixes case slips on common units but not rare ones: KG → kg, MHZ → MHz", () => {
    expect(fixOf("KG")).toBe("kg")
    expect(fixOf("MHZ")).toBe("MHz")
  })
})

describe("a likely fix is offered only for a slip of the hand", () => {
  it("fixes a letter missing, doubled, swapped, struck on a neighbouring key or sounded alike", () => {
    expect(["kgg", "yaer", "herz", "kilogrsm", "celcius", "nautcalmile", "mile_per_huor"].map(fixOf)).toEqual(["kg", "yr", "Hz", "kg", "°C", "nmi", "mph"])
  })

  it("never changes the first letter: air is not pair, mounce not ounce, nmile not mile, USpennyweight not pennyweight", () => {
    for (const token of ["air", "watch", "mounce", "nmile", "bicron", "USpennyweight", "brteaspoon"]) expect(fixOf(token)).toBeUndefined()
  })

  it("never changes a short name by an extra or a changed letter: mast, text and goad are units elsewhere", () => {
    for (const token of ["mast", "text", "goad", "Volm", "lead"]) expect(fixOf(token)).toBeUndefined()
  })

  it("never drops a force mark, a qualifier word or a name's own ending: slugf, electronmass_u, h_SI, imperialquarter", () => {
    for (const token of ["slugf", "slinchf", "electronmass_u", "h_SI", "imperialquarter", "equivalentlux"]) expect(fixOf(token)).toBeUndefined()
  })

  it("never reads a changed letter far from its key as a slip: cusec is not cumec, pfund not pound", () => {
    for (const token of ["cusec", "pfund", "preece"]) expect(fixOf(token)).toBeUndefined()
  })

  it("never changes the case of a prefix letter, a factor of up to 10²⁴: MG is not mg, pfu not PFU; KG, ghz and PSI are fixed", () => {
    for (const token of ["MG", "pfu", "Gf"]) expect(fixOf(token)).toBeUndefined()
    expect(["KG", "ghz", "PSI"].map(fixOf)).toEqual(["kg", "GHz", "psi"])
  })

  it("never drops a unit written after another: mmolL is not fixed to mmol (the litre is meant); kgg and feets still are", () => {
    expect(fixOf("mmolL")).toBeUndefined()
    expect(["kgg", "feets"].map(fixOf)).toEqual(["kg", "ft"])
  })

  it("never turns the clinical mc (micro, as in mcg) into another prefix: mcmol is not mmol, a thousand times more; the hint says µmol", () => {
    for (const token of ["mcmol", "mcU", "mcs"]) expect(fixOf(token)).toBeUndefined()
    const r = resolveUnitExpression(catalog, "mcmol/L")
    if (!isEngineError(r) || r._tag !== "UnknownUnit") throw new Error("expected an unknown unit")
    expect(r.hints.join(" ")).toMatch(/write µmol/)
    expect(r.hints.join(" ")).not.toMatch(/mmol/)
  })
})
