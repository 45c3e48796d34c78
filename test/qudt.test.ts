// QUDT's commonly used units (test/data/qudt-common-units.json, derived by scripts/derive-qudt.py:
// applicable system SI, USCS or Imperial, a non-zero conversion multiplier, not deprecated, no
// currencies) resolved by the symbol or the label QUDT writes, and checked against QUDT's multiplier
// (relative 1e-9), offset and SI dimension. Where QUDT and the catalog differ, the unit is listed
// below with the reason; the list is checked too, so it cannot go stale.
import { readFileSync } from "node:fs"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { isEngineError } from "../src/engine/errors.ts"
import * as Rational from "../src/engine/Rational.ts"
import { resolveUnitExpression } from "../src/engine/units/UnitExpression.ts"
import { catalog } from "./support/catalog.ts"

interface QudtUnit {
  readonly id: string
  readonly symbol: string | null
  readonly label: string | null
  readonly multiplier: number
  readonly offset?: number
  readonly dimension: Readonly<Record<string, number>> | null
}

const units: ReadonlyArray<QudtUnit> = JSON.parse(readFileSync(new URL("./data/qudt-common-units.json", import.meta.url), "utf8")).units

/** The catalog's SI base slots, in Dimension.ts order; the pseudo-dimensions (angle, information, count) QUDT counts as 1. */
const SI_SLOTS = ["L", "M", "T", "I", "Θ", "N", "J"] as const

const ROUNDED =
  "QUDT's multiplier is rounded (or derived from a rounded one) to 7–10 significant digits; the catalog's is the exact definition (NIST HB 44 appendix C, NIST SP 811 B.8)"
const INFORMATION = "QUDT's unit of information is the nat (the shannon is ln 2); the catalog's is the bit (IEC 80000-13): the same ratios, another base"

/** Where QUDT and the catalog differ, and why. `relative` bounds the difference for the rounded ones. */
const exceptions: ReadonlyMap<string, { readonly reason: string; readonly relative?: number }> = new Map([
  ...[
    "ARCMIN",
    "MIN_Angle",
    "BBL",
    "BBL_US",
    "BBL_US-PER-DAY",
    "BBL_US-PER-MIN",
    "BBL_US_PET",
    "BBL_US_PET-PER-HR",
    "BBL_US_PET-PER-SEC",
    "CUP",
    "CUP_US",
    "FT_US"
  ].map((id) => [id, { reason: ROUNDED, relative: 1e-6 }] as const),
  ...[
    "GI_UK",
    "GI_UK-PER-DAY",
    "GI_UK-PER-HR",
    "GI_UK-PER-MIN",
    "GI_UK-PER-SEC",
    "GI_US",
    "GI_US-PER-DAY",
    "GI_US-PER-HR",
    "GI_US-PER-MIN",
    "GI_US-PER-SEC"
  ].map((id) => [id, { reason: ROUNDED, relative: 1e-6 }] as const),
  ...[
    "HP",
    "HR_Sidereal",
    "MIN_Sidereal",
    "Hundredweight_UK",
    "IN_H2O",
    "OZ_VOL_US",
    "OZ_VOL_US-PER-DAY",
    "OZ_VOL_US-PER-HR",
    "OZ_VOL_US-PER-MIN",
    "OZ_VOL_US-PER-SEC"
  ].map((id) => [id, { reason: ROUNDED, relative: 1e-6 }] as const),
  ...["PK_UK", "PK_UK-PER-DAY", "PK_UK-PER-HR", "PK_UK-PER-MIN", "PK_UK-PER-SEC", "TBSP", "TSP", "TON_Assay", "TON_FG", "TON_FG-HR", "PERM_US"].map(
    (id) => [id, { reason: ROUNDED, relative: 1e-6 }] as const
  ),
  ...["CAL_MEAN", "KiloCAL_Mean"].map(
    (id) =>
      [id, { reason: "QUDT gives 4.19 J; NIST SP 811 B.8 gives the mean calorie as 4.19002 J (and the mean kilocalorie 4190.02 J)", relative: 1e-5 }] as const
  ),
  ...["DARCY", "MilliDARCY"].map(
    (id) =>
      [
        id,
        {
          reason: "QUDT gives NIST SP 811's rounded 9.869233e-13 m²; the darcy is 1 cP·cm²/(s·atm) = 1e-12/1.01325 m² exactly (as GNU units and pint have it)",
          relative: 1e-7
        }
      ] as const
  ),
  [
    "DAY_Sidereal",
    { reason: "QUDT's 86164.099 s is 8.5 ms off; the sidereal day is 86164.0905 s (IERS Conventions 2010; the catalog's value)", relative: 1e-7 }
  ],
  ["E_h", { reason: "QUDT's hartree is the CODATA 2006 value (4.35974394e-18 J); the catalog's is CODATA 2022", relative: 1e-6 }],
  [
    "IN_HG",
    {
      reason:
        "the catalog's inHg is 25.4 mmHg (3386.388640341 Pa, as GNU units); QUDT gives the conventional 3386.389 Pa (NIST SP 811 B.8): 1.06e-7 apart, said in the unit's note",
      relative: 2e-7
    }
  ],
  ["BBL_US_DRY", { reason: "the dry barrel is 7056 in³ (15 U.S.C. 234; NIST HB 44); QUDT computes 105 dry quarts, which is 7056.0656 in³", relative: 1e-5 }],
  ...["NAT", "SHANNON", "HART", "BAN"].map((id) => [id, { reason: INFORMATION, relative: 1 }] as const),
  [
    "KiloTON_Metric",
    {
      reason:
        "QUDT's symbol kt is the kilotonne; the catalog reads kt as the knot (aviation and shipping), said in the knot's and the tonne's notes; a kilotonne is 'kilotonne'. A conversion of kt to a mass is refused as a dimension mismatch, never answered"
    }
  ],
  [
    "MIL_Angle",
    {
      reason:
        "QUDT's label 'mil' is the NATO angular mil; the catalog reads mil as the thousandth of an inch with a note saying so (readings.ts); the angular mil is mil_NATO"
    }
  ],
  [
    "MHO_Stat",
    {
      reason:
        "QUDT gives the statmho the dimension of conductivity (L⁻³M⁻¹T³I²), a QUDT error: the statmho is a conductance, the reciprocal statohm, as its multiplier 1.1126500561e-12 S says"
    }
  ]
])

type Outcome =
  | { readonly kind: "agrees" }
  | { readonly kind: "differs"; readonly written: string; readonly relative: number; readonly sameDimension: boolean }
  | { readonly kind: "unknown" }

const outcome = (u: QudtUnit): Outcome => {
  let differs: Outcome | undefined
  for (const written of [u.symbol, u.label]) {
    if (written === null) continue
    const r = resolveUnitExpression(catalog, written)
    if (isEngineError(r)) continue
    const factor = Rational.toNumber(r.factor)
    const offset = r.temperatureScale?.offset ? Rational.toNumber(r.temperatureScale.offset) : 0
    const sameDimension = SI_SLOTS.every((k, i) => (r.dimension[i] ?? 0) === (u.dimension?.[k] ?? 0))
    const relative = Math.abs(factor - u.multiplier) / Math.abs(u.multiplier)
    if (sameDimension && relative <= 1e-9 && Math.abs(offset - (u.offset ?? 0)) <= 1e-9 * Math.max(1, Math.abs(offset))) return { kind: "agrees" }
    differs = { kind: "differs", written, relative, sameDimension }
  }
  return differs ?? { kind: "unknown" }
}

const outcomes = units.map((u) => ({ unit: u, outcome: outcome(u) }))

describe("QUDT's commonly used units", () => {
  it("the data holds the set the README describes", () => {
    expect(units.length).toBeGreaterThan(1400)
    expect(units.every((u) => u.multiplier !== 0 && (u.symbol !== null || u.label !== null))).toBe(true)
  })

  it("at least 95 % are known and agree with QUDT (to 1e-9, or within a documented difference)", () => {
    const agree = outcomes.filter((o) => o.outcome.kind === "agrees").length
    const documented = outcomes.filter((o) => o.outcome.kind === "differs" && exceptions.has(o.unit.id)).length
    const share = (agree + documented) / units.length
    // measured at the time of writing: 1375 agree to 1e-9 (93.5 %; 1367 before issue 28's breadth), 58 differ for
    // the reasons listed (97.4 % with them), 38 are unknown or refused. 95 % strictly is out of reach without
    // adopting QUDT's rounded multipliers (the 58 above): the unknown rest are names refused on purpose (bp,
    // mo, ppt, Mlbf, MBtu{IT}, /H), QUDT's counts per '#', constants (e) and units with no SI reading here
    expect(share).toBeGreaterThanOrEqual(0.95)
    expect(agree / units.length).toBeGreaterThanOrEqual(0.92)
  })

  it("every unit that resolves agrees with QUDT, or differs for a reason listed here", () => {
    const unexplained = outcomes
      .filter((o) => o.outcome.kind === "differs" && !exceptions.has(o.unit.id))
      .map((o) => `${o.unit.id} '${o.outcome.kind === "differs" ? o.outcome.written : ""}'`)
    expect(unexplained).toEqual([])
  })

  it("every listed difference is real and within its bound, so the list cannot go stale", () => {
    for (const [id, { relative }] of exceptions) {
      const o = outcomes.find((x) => x.unit.id === id)
      expect({ id, kind: o?.outcome.kind }).toEqual({ id, kind: "differs" })
      if (o?.outcome.kind === "differs" && relative !== undefined && relative < 1) {
        expect({ id, sameDimension: o.outcome.sameDimension }).toEqual({ id, sameDimension: true })
        expect(o.outcome.relative, id).toBeLessThanOrEqual(relative)
      }
    }
  })

  it("the information units differ by exactly the nat-to-bit base (ln 2)", () => {
    for (const id of ["NAT", "SHANNON", "HART", "BAN"]) {
      const u = units.find((x) => x.id === id)!
      const r = [u.symbol, u.label].map((w) => resolveUnitExpression(catalog, w!)).find((x) => !isEngineError(x))
      if (r === undefined || isEngineError(r)) throw new Error(`${id} does not resolve`)
      // QUDT writes the ban as 2.30258509 (ln 10 to 9 digits)
      expect(Math.abs(Rational.toNumber(r.factor) * Math.LN2 - u.multiplier) / u.multiplier, id).toBeLessThan(1e-8)
    }
  })
})

describe("the square-root sign, as QUDT writes fracture toughness (MPa√m)", () => {
  it("reads √ as the square root of the name or group after it", () => {
    const r = resolveUnitExpression(catalog, "MPa√m")
    if (isEngineError(r)) throw new Error(r.message)
    expect(Rational.toNumber(r.factor)).toBe(1e6)
    expect(r.dimension.slice(0, 3)).toEqual([-0.5, 1, -2])
    for (const bad of ["√", "m√", "√2", "√√m", "√ /s"]) expect(isEngineError(resolveUnitExpression(catalog, bad)), bad).toBe(true)
  })

  it("a√b means a·b^0.5 and √(a·b) means (a·b)^0.5, for any of the catalog's symbols (property)", () => {
    const symbols = catalog
      .allRecords()
      .filter((r) => !r.custom && !r.logarithmic && r.offset === undefined)
      .map((r) => r.symbol)
      .filter((s) => /^[A-Za-z]{1,6}$/.test(s))
    const same = (x: string, y: string) => {
      const [a, b] = [resolveUnitExpression(catalog, x, "written"), resolveUnitExpression(catalog, y, "written")]
      if (isEngineError(a) || isEngineError(b)) return isEngineError(a) === isEngineError(b)
      return (
        Math.abs(Rational.toNumber(a.factor) / Rational.toNumber(b.factor) - 1) < 1e-12 &&
        a.dimension.every((e, i) => Math.abs(e - (b.dimension[i] ?? 0)) < 1e-12)
      )
    }
    fc.assert(
      fc.property(fc.constantFrom(...symbols), fc.constantFrom(...symbols), (a, b) => {
        expect(same(`${a}√${b}`, `${a}*(${b})^0.5`), `${a}√${b}`).toBe(true)
        expect(same(`√(${a}*${b})`, `(${a}*${b})^0.5`), `√(${a}*${b})`).toBe(true)
      }),
      { numRuns: 300 }
    )
  })
})
