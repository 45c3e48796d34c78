// Conversions across dimensions that hold through a relation: answered only where the relation is
// the units' own (the reciprocal of inverse dimensions, with a note) or stated by the caller (a
// molar mass or substance, an equivalence, the atmosphere of a gauge pressure); refused otherwise,
// with a hint naming what would relate them. Reference values from GNU units 3.x ("reciprocal
// conversion") and pint 0.2x (contexts 'sp', k_B, c²), computed with both when this file was written.
import fc from "fast-check"
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { substances } from "../../src/engine/catalog/substances.ts"
import { compute } from "../../src/engine/conversion/compute.ts"
import { checkDimensions, convertValue as convert, type StatedRelations } from "../../src/engine/conversion/convert.ts"
import { isEngineError } from "../../src/engine/errors.ts"
import { catalog } from "../support/catalog.ts"

const ok = (value: number, from: string, to: string, stated?: StatedRelations) => {
  const r = convert(catalog, value, from, to, "conventional", stated)
  if (isEngineError(r)) throw new Error(`${value} ${from} → ${to}: ${r.message}`)
  return r
}
const refused = (value: number, from: string, to: string, stated?: StatedRelations) => {
  const r = convert(catalog, value, from, to, "conventional", stated)
  if (!isEngineError(r)) throw new Error(`${value} ${from} → ${to} answered ${r.quantity} ${r.unit}`)
  return r
}

describe("inverse dimensions convert as the reciprocal, and say so", () => {
  it("gives fuel economy, period and wavelength as GNU units does: 30 mpg = 7.8404861 L/100km, 50 Hz = 20 ms", () => {
    const fuel = ok(30, "mpg", "L/100km")
    expect(fuel.quantity).toBeCloseTo(7.8404861, 7)
    expect(fuel.conversion).toBe("reciprocal")
    expect(fuel.notes.join(" ")).toMatch(/reciprocal/i)
    expect(ok(50, "Hz", "ms").quantity).toBe(20)
    expect(ok(2, "cm", "1/m").quantity).toBe(50)
    expect(ok(4, "ohm", "S").quantity).toBe(0.25)
  })

  it("round-trips every value: 1/(1/x) = x within a few ulps", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1e-6, max: 1e6, noNaN: true }),
        fc.constantFrom(["mpg", "L/100km"], ["Hz", "ms"], ["m", "1/cm"], ["s/km", "mph"]),
        (x, [a, b]) => {
          const back = ok(ok(x, a!, b!).quantity, b!, a!).quantity
          expect(Math.abs(back - x) / x).toBeLessThan(1e-14)
        }
      )
    )
  })

  it("refuses 0, which has no reciprocal, and never takes a reciprocal through a temperature scale", () => {
    expect(refused(0, "mpg", "L/100km")._tag).toBe("ComputationError")
    expect(refused(20, "degC", "1/K")._tag).toBe("DimensionMismatch")
  })
})

describe("mass ↔ amount of substance needs a stated molar mass or substance", () => {
  it("converts 100 mg/dL of glucose to 5.5507 mmol/L (pint: 5.550744909966917), naming the molar mass", () => {
    const r = ok(100, "mg/dL", "mmol/L", { substance: "glucose" })
    expect(r.quantity).toBeCloseTo(5.550744909966917, 13)
    expect(r.notes.join(" ")).toMatch(/180\.156 g\/mol/)
    expect(ok(100, "mg/dL", "mmol/L", { molarMass: "180.156 g/mol" }).quantity).toBeCloseTo(5.550744909966917, 13)
  })

  it("gives the clinical SI factors: creatinine 88.4, cholesterol 0.02586, calcium 0.2495, BUN → urea 0.357", () => {
    expect(ok(1, "mg/dL", "umol/L", { substance: "creatinine" }).quantity).toBeCloseTo(88.4, 1)
    expect(ok(1, "mg/dL", "mmol/L", { substance: "cholesterol" }).quantity).toBeCloseTo(0.02586, 5)
    expect(ok(1, "mg/dL", "mmol/L", { substance: "calcium" }).quantity).toBeCloseTo(0.2495, 4)
    expect(ok(1, "mg/dL", "mmol/L", { substance: "BUN" }).quantity).toBeCloseTo(0.357, 3)
    // a substance with a valence also relates mass to equivalents: 10 mg/dL Ca²⁺ = 4.99 mEq/L
    expect(ok(10, "mg/dL", "mEq/L", { substance: "calcium" }).quantity).toBeCloseTo(4.99, 2)
  })

  it("round-trips for every substance of the table, both ways", () => {
    for (const s of substances) {
      const there = ok(37, "mg/dL", "mmol/L", { substance: s.name }).quantity
      expect(ok(there, "mmol/L", "mg/dL", { substance: s.name }).quantity, s.name).toBeCloseTo(37, 10)
    }
  })

  it("refuses without one, naming both ways to state it, and refuses a contradiction", () => {
    const r = refused(100, "mg/dL", "mmol/L")
    expect(r._tag).toBe("DimensionMismatch")
    expect(r.hints.join(" ")).toMatch(/molar mass.*substance/)
    expect(refused(1, "mg/dL", "mmol/L", { substance: "glucose", molarMass: "342.3 g/mol" })._tag).toBe("InvalidInput")
    expect(refused(1, "mg/dL", "mmol/L", { substance: "glucos" }).hints.join(" ")).toMatch(/glucose/)
    expect(refused(1, "mg/dL", "mmol/L", { molarMass: "180" }).role).toBe("molar mass")
    expect(refused(1, "mg/dL", "mEq/L", { substance: "calcium", valence: 1 })._tag).toBe("InvalidInput")
  })
})

describe("physical equivalences are opt-in", () => {
  it("spectral: wavelength, frequency, photon energy and wavenumber, as pint's 'sp' context", () => {
    expect(ok(500, "nm", "THz", { equivalence: "spectral" }).quantity).toBeCloseTo(599.584916, 9)
    expect(ok(500, "nm", "eV", { equivalence: "spectral" }).quantity).toBeCloseTo(2.4796839686640055, 14)
    expect(ok(1, "eV", "nm", { equivalence: "spectral" }).quantity).toBeCloseTo(1239.8419843320028, 10)
    expect(ok(1, "cm^-1", "meV", { equivalence: "spectral" }).quantity).toBeCloseTo(0.12398419843320028, 15)
  })

  it("thermal and mass–energy: 300 K = 25.852 meV, 1 eV = 11331.37 °C, 1 g = 8.98755e13 J (pint)", () => {
    expect(ok(300, "K", "meV", { equivalence: "thermal" }).quantity).toBeCloseTo(25.851999786435535, 12)
    expect(ok(1, "eV", "degC", { equivalence: "thermal" }).quantity).toBeCloseTo(11331.368121550082, 8)
    expect(ok(1, "g", "J", { equivalence: "mass_energy" }).quantity / 89875517873681.77).toBeCloseTo(1, 14)
  })

  it("refuses without the equivalence, with a hint naming it", () => {
    for (const [from, to, name] of [
      ["nm", "THz", "spectral"],
      ["K", "eV", "thermal"],
      ["kg", "J", "mass_energy"]
    ] as const) {
      const r = refused(1, from, to)
      expect(r.hints.join(" "), `${from} → ${to}`).toContain(`${name} equivalence`)
    }
  })

  it("says in check_dimensions what relates two units", () => {
    const check = (a: string, b: string) => Effect.runSync(checkDimensions(catalog, a, b)).relatedBy
    expect(check("mpg", "L/100km")).toEqual(["reciprocal"])
    expect(check("mg/dL", "mmol/L")).toEqual(["molar_mass"])
    expect(check("nm", "THz")).toEqual(["spectral"])
    expect(check("kg", "lb")).toEqual([])
  })
})

describe("solid angle is plane angle squared", () => {
  it("converts square degrees to steradians: the whole sky is 41252.96 deg² = 4π sr (GNU units)", () => {
    expect(ok(4 * Math.PI, "sr", "deg^2").quantity).toBeCloseTo(41252.961, 3)
    expect(ok(1, "lm", "cd*rad^2").quantity).toBe(1)
    // angle stays apart from plain numbers
    expect(refused(1, "sr", "1")._tag).toBe("DimensionMismatch")
  })
})

describe("gauge pressure is a point on a scale whose zero is the atmosphere", () => {
  it("converts between gauge units as it stands: 30 psig = 2.0684 barg", () => {
    expect(ok(30, "psig", "barg").quantity).toBeCloseTo(2.0684271879505083, 14)
  })

  it("converts gauge ↔ absolute only with a stated atmosphere, never dropping the offset", () => {
    expect(ok(30, "psig", "psia", { atmosphere: "14.7 psi" }).quantity).toBeCloseTo(44.7, 12)
    expect(ok(2, "bar abs", "barg", { atmosphere: "1 atm" }).quantity).toBeCloseTo(0.98675, 12)
    expect(ok(2, "barg", "kPa", { atmosphere: "101.325 kPa" }).quantity).toBeCloseTo(301.325, 12)
  })

  it("refuses without one, showing the gauge reading and the standard atmosphere's (pint: 44.69594877551345 psi)", () => {
    const toPsia = refused(30, "psig", "psia")
    expect(toPsia._tag).toBe("AmbiguousInput")
    if (toPsia._tag === "AmbiguousInput") expect(toPsia.readings.map((r) => r.value)).toEqual([44.69594877551345])
    const toBar = refused(30, "psig", "bar")
    if (toBar._tag === "AmbiguousInput") expect(toBar.readings.map((r) => r.value)).toEqual([2.0684271879505083, 3.0816771879505085])
    else throw new Error("expected readings")
  })

  it("refuses an absolute pressure below vacuum", () => {
    expect(refused(-20, "psig", "psia", { atmosphere: "14.7 psi" })._tag).toBe("InvalidValue")
  })
})

describe("compute takes the same stated relations for its expected unit, but never answers a reciprocal", () => {
  const run = (expected: string, stated?: StatedRelations) =>
    Effect.runSync(Effect.result(compute(catalog, 500, "mg", [{ value: 1, numerator: "1", denominator: "dL" }], expected, "conventional", stated)))

  it("converts a chain's mg/dL to mmol/L with the substance", () => {
    const r = run("mmol/L", { substance: "glucose" })
    if (r._tag !== "Success") throw new Error("expected a result")
    expect(r.success.converted?.quantity).toBeCloseTo(27.753724549834586, 12)
  })

  it("refuses a chain whose result is the inverse of the expected unit", () => {
    expect(run("dL/mg")._tag).toBe("Failure")
  })
})
