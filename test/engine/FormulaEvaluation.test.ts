// Calling formulas: any unit of the right dimension (US customary, clinical, CGS), temperatures as
// points or differences, results in named units, uncertainty propagation, and every failure.
import { describe, expect, it } from "vitest"
import { relativeError } from "../support/catalog.ts"
import { callFormula, failFormula } from "../support/formulas.ts"

describe("parameters in any unit of the declared dimension", () => {
  it("reads mph as mile per hour (ucon read milli-phot inside call_formula): 1 kg at 60 mph → 359.72 J", () => {
    const r = callFormula("kinetic_energy", { mass: { value: 1, unit: "kg" }, velocity: { value: 60, unit: "mph" } })
    expect(r.quantity).toBeCloseTo(0.5 * 26.8224 ** 2, 10) // 60 mph = 26.8224 m/s exactly
    expect(r.steps[1]).toBe("velocity = 60 mph = 26.8224 m/s")
  })

  it("takes CGS inputs: water in g/cm³, cm/s, cm and poise gives the same Reynolds number as SI", () => {
    const cgs = callFormula("reynolds_number", {
      density: { value: 0.9982, unit: "g/cm^3" },
      velocity: { value: 100, unit: "cm/s" },
      length: { value: 10, unit: "cm" },
      viscosity: { value: 0.01002, unit: "P" }
    })
    expect(relativeError(cgs.quantity, 99620.758)).toBeLessThan(1e-7)
  })

  it("gives the Gaussian definition back: two 1 statC charges 1 cm apart repel with 1 dyn", () => {
    const r = callFormula(
      "coulombs_law",
      { charge1: { value: 1, unit: "statC" }, charge2: { value: 1, unit: "statC" }, distance: { value: 1, unit: "cm" } },
      "dyn"
    )
    expect(r.unit).toBe("dyn")
    expect(r.quantity).toBeCloseTo(1, 9) // exact in the pre-2019 SI; ε₀ now differs by about 1e-10
  })

  it("gives 1 g at 1 cm/s as 0.5 erg", () => {
    expect(callFormula("kinetic_energy", { mass: { value: 1, unit: "g" }, velocity: { value: 1, unit: "cm/s" } }, "erg").quantity).toBeCloseTo(0.5, 12)
  })

  it("takes clinical units: Cockcroft–Gault with 158.73 lb and SCr 10 mg/L equals 72 kg and 1 mg/dL", () => {
    const r = callFormula("creatinine_clearance", {
      age: { value: 60, unit: "yr" },
      mass: { value: 72 / 0.45359237, unit: "lb" },
      serum_creatinine: { value: 10, unit: "mg/L" },
      sex_factor: { value: 1 }
    })
    expect(r.quantity).toBeCloseTo(80, 10)
  })

  it("accepts platelets per nanolitre as 10⁹/L", () => {
    const r = callFormula("fib4", {
      age: { value: 50, unit: "yr" },
      ast: { value: 40, unit: "U/L" },
      alt: { value: 30, unit: "U/L" },
      platelets: { value: 200, unit: "1/nL" }
    })
    expect(r.quantity).toBeCloseTo(1.8257418583505538, 12)
  })

  it("converts a mean arterial pressure given in kPa back to the formula's mmHg", () => {
    const r = callFormula("mean_arterial_pressure", { systolic: { value: 16, unit: "kPa" }, diastolic: { value: 10.6, unit: "kPa" } })
    expect(r.quantity).toBeCloseTo(12400 / 133.322387415, 9)
  })

  it("reads a number inside a unit: 400 mg/(250 mL) is 1.6 mg/mL", () => {
    const a = callFormula("infusion_rate", {
      dose_rate: { value: 5, unit: "mcg/kg/min" },
      mass: { value: 80, unit: "kg" },
      concentration: { value: 400, unit: "mg/(250 mL)" }
    })
    const b = callFormula("infusion_rate", {
      dose_rate: { value: 5, unit: "mcg/kg/min" },
      mass: { value: 80, unit: "kg" },
      concentration: { value: 1.6, unit: "mg/mL" }
    })
    expect(a.quantity).toBeCloseTo(b.quantity, 12)
  })

  it("lets count parameters be bare numbers or count units: 4 failures = 4 evt", () => {
    const bare = callFormula("mtbf", { operating_time: { value: 10000, unit: "h" }, failures: { value: 4 } })
    const counted = callFormula("mtbf", { operating_time: { value: 10000, unit: "h" }, failures: { value: 4, unit: "evt" } })
    expect(bare.quantity).toBe(2500)
    expect(counted.quantity).toBe(2500)
  })
})

describe("temperatures", () => {
  it("reads a standalone °C or °F as a point on the scale: 1 mol at 0 °C or 32 °F in 22.41396954 L is 101 325 Pa", () => {
    for (const temperature of [
      { value: 0, unit: "°C" },
      { value: 32, unit: "degF" }
    ]) {
      const r = callFormula("ideal_gas_pressure", { amount: { value: 1, unit: "mol" }, temperature, volume: { value: 22.41396954, unit: "L" } })
      expect(relativeError(r.quantity, 101325)).toBeLessThan(1e-9)
    }
  })

  it("reads a temperature difference without the offset: ΔT 250 °C or 450 °F through Incropera's wall is 1700 W", () => {
    for (const temperature_difference of [
      { value: 250, unit: "°C" },
      { value: 450, unit: "°F" }
    ]) {
      const r = callFormula("heat_conduction", {
        thermal_conductivity: { value: 1.7, unit: "W/(m*K)" },
        area: { value: 0.6, unit: "m^2" },
        temperature_difference,
        thickness: { value: 0.15, unit: "m" }
      })
      expect(r.quantity).toBeCloseTo(1700, 9)
      expect(r.steps[2]).toMatch(/temperature difference: no offset/)
    }
  })
})

describe("results in named units", () => {
  it("reports kg·m²/s² as J, kg·m/s² as N, J/s as W and N/m² as Pa", () => {
    expect(callFormula("kinetic_energy", { mass: { value: 2, unit: "kg" }, velocity: { value: 3, unit: "m/s" } })).toMatchObject({
      unit: "J",
      dimension: "energy"
    })
    expect(callFormula("thrust", { mass_flow_rate: { value: 1, unit: "kg/s" }, exhaust_velocity: { value: 1, unit: "m/s" } })).toMatchObject({
      unit: "N",
      dimension: "force"
    })
    expect(callFormula("electrical_power", { voltage: { value: 1, unit: "V" }, current: { value: 1, unit: "A" } })).toMatchObject({
      unit: "W",
      dimension: "power"
    })
    expect(callFormula("stress", { force: { value: 1, unit: "N" }, area: { value: 1, unit: "m^2" } })).toMatchObject({ unit: "Pa", dimension: "pressure" })
  })

  it("renders the declared unit with symbols: kg/m^2 is written kg/m²", () => {
    expect(callFormula("bmi", { mass: { value: 70, unit: "kg" }, height: { value: 1.75, unit: "m" } })).toMatchObject({
      unit: "kg/m²",
      dimension: "areal_density"
    })
  })

  it("gives the result in another unit of the same dimension on request: 300 lbf·ft at 5252.113 rpm is 300 hp", () => {
    const r = callFormula("power_from_torque", { torque: { value: 300, unit: "lbf*ft" }, angular_velocity: { value: 5252.113, unit: "rpm" } }, "hp")
    expect(r.unit).toBe("hp")
    expect(r.quantity).toBeCloseTo(300, 4)
  })

  it("gives a photon's energy in eV on request: 500 nm is 2.4797 eV", () => {
    expect(callFormula("photon_energy", { wavelength: { value: 500, unit: "nm" } }, "eV").quantity).toBeCloseTo(2.479683968664, 10)
  })
})

describe("uncertainty", () => {
  it("is null when every input and constant is exact", () => {
    expect(callFormula("photon_energy", { wavelength: { value: 500, unit: "nm" } }).uncertainty).toBeNull()
  })

  it("propagates G's CODATA uncertainty: F ∝ G, so u(F)/F = u(G)/G = 2.247e-5", () => {
    const r = callFormula("gravitational_force", {
      mass1: { value: 5.9722e24, unit: "kg" },
      mass2: { value: 7.342e22, unit: "kg" },
      distance: { value: 384400, unit: "km" }
    })
    expect(relativeError(r.uncertainty! / r.quantity, 1.5e-15 / 6.6743e-11)).toBeLessThan(1e-6)
    expect(r.steps.at(-1)).toMatch(/^G = 6\.6743e-11 m³\/\(kg·s²\) \(Newtonian constant of gravitation, u = 1\.5e-15, CODATA 2022\)$/)
  })

  it("propagates half of G's relative uncertainty into a square root: escape velocity", () => {
    const r = callFormula("escape_velocity", { mass: { value: 5.9722e24, unit: "kg" }, radius: { value: 6371, unit: "km" } })
    expect(relativeError(r.uncertainty! / r.quantity, 0.5 * (1.5e-15 / 6.6743e-11))).toBeLessThan(1e-6)
  })

  it("propagates parameter uncertainties in quadrature: BMI of 70 ± 0.5 kg and 1.75 ± 0.01 m", () => {
    const r = callFormula("bmi", { mass: { value: 70, unit: "kg", uncertainty: 0.5 }, height: { value: 1.75, unit: "m", uncertainty: 0.01 } })
    const expected = Math.hypot(0.5 / 1.75 ** 2, ((2 * 70) / 1.75 ** 3) * 0.01) // ∂BMI/∂m = 1/h², ∂BMI/∂h = −2m/h³
    expect(relativeError(r.uncertainty!, expected)).toBeLessThan(1e-6)
  })

  it("converts a parameter's uncertainty with its unit: 154 ± 2 lb", () => {
    const r = callFormula("bmi", { mass: { value: 154, unit: "lb", uncertainty: 2 }, height: { value: 1.75, unit: "m" } })
    expect(relativeError(r.uncertainty!, (2 * 0.45359237) / 1.75 ** 2)).toBeLessThan(1e-6)
  })
})

describe("failures", () => {
  it("missing_parameter names the parameter and its dimension", () => {
    const e = failFormula("bmi", { mass: { value: 70, unit: "kg" } })
    expect(e).toMatchObject({ _tag: "FormulaError", kind: "missing_parameter", formula: "bmi", role: "height", expected: "length" })
    expect(e.hints[0]).toBe('Parameter \'height\' expects dimension: length (e.g. {"value":1.75,"unit":"m"})')
  })

  it("missing_parameter suggests renaming a lone unexpected parameter: weight → mass", () => {
    const e = failFormula("bmi", { weight: { value: 70, unit: "kg" }, height: { value: 1.75, unit: "m" } })
    expect(e).toMatchObject({ kind: "missing_parameter", role: "mass", likelyFix: "Rename 'weight' to 'mass'" })
  })

  it("invalid_parameter for an unexpected extra parameter, with the close name as likely fix", () => {
    const e = failFormula("bmi", { mass: { value: 70, unit: "kg" }, height: { value: 1.75, unit: "m" }, heigth: { value: 1 } })
    expect(e).toMatchObject({ kind: "invalid_parameter", role: "heigth", likelyFix: "Use 'height'" })
  })

  it("invalid_parameter for an unknown unit keeps the unit's likely fix and hints", () => {
    const e = failFormula("bmi", { mass: { value: 70, unit: "kgg" }, height: { value: 1.75, unit: "m" } })
    expect(e).toMatchObject({ kind: "invalid_parameter", role: "mass", got: "kgg", likelyFix: "kilogram (kg)" })
    expect(e.hints).toContain('Parameter \'mass\' expects dimension: mass (e.g. {"value":70,"unit":"kg"})')
  })

  it("invalid_parameter when a dimensional parameter has no unit", () => {
    expect(failFormula("bmi", { mass: { value: 70 }, height: { value: 1.75, unit: "m" } })).toMatchObject({
      kind: "invalid_parameter",
      role: "mass",
      expected: "mass"
    })
    expect(failFormula("projectile_range", { velocity: { value: 20, unit: "m/s" }, angle: { value: 45 } })).toMatchObject({
      kind: "invalid_parameter",
      role: "angle"
    })
  })

  it("invalid_parameter for a negative uncertainty", () => {
    expect(failFormula("bmi", { mass: { value: 70, unit: "kg", uncertainty: -1 }, height: { value: 1.75, unit: "m" } })).toMatchObject({
      kind: "invalid_parameter",
      role: "mass"
    })
  })

  it("DimensionMismatch names the parameter with both dimensions: height given in kg", () => {
    const e = failFormula("bmi", { mass: { value: 70, unit: "kg" }, height: { value: 1.75, unit: "kg" } })
    expect(e).toMatchObject({ _tag: "DimensionMismatch", role: "height", got: "mass", expected: "length" })
  })

  it("DimensionMismatch for Hz where an angular velocity is expected, explaining the pseudo-dimension", () => {
    const e = failFormula("power_from_torque", { torque: { value: 100, unit: "N*m" }, angular_velocity: { value: 50, unit: "Hz" } })
    expect(e).toMatchObject({ _tag: "DimensionMismatch", role: "angular_velocity", got: "frequency", expected: "angular_velocity" })
    expect(e.hints.join(" ")).toMatch(/angle must match exactly: rad\/s and rpm are angular velocities, Hz is a frequency/)
  })

  it("DimensionMismatch for a drop factor without its count unit: 15/mL is not 15 gtt/mL", () => {
    const e = failFormula("drip_rate", { volume: { value: 1000, unit: "mL" }, drop_factor: { value: 15, unit: "1/mL" }, duration: { value: 8, unit: "h" } })
    expect(e).toMatchObject({ _tag: "DimensionMismatch", role: "drop_factor", expected: "count/volume" })
    expect(e.hints.join(" ")).toMatch(/count must match exactly: counted items need a count unit/)
  })

  it("DimensionMismatch for creatinine in µmol/L, whose description tells the mg/dL equivalent", () => {
    const e = failFormula("creatinine_clearance", {
      age: { value: 60, unit: "yr" },
      mass: { value: 72, unit: "kg" },
      serum_creatinine: { value: 88.4, unit: "umol/L" },
      sex_factor: { value: 1 }
    })
    expect(e).toMatchObject({ _tag: "DimensionMismatch", got: "concentration", expected: "mass/volume" })
  })

  it("DimensionMismatch for an output_unit of another dimension", () => {
    expect(failFormula("bmi", { mass: { value: 70, unit: "kg" }, height: { value: 1.75, unit: "m" } }, "N")).toMatchObject({
      _tag: "DimensionMismatch",
      role: "output unit"
    })
  })

  it("execution_error for a non-finite result: escape velocity of a negative mass is √ of a negative", () => {
    const e = failFormula("escape_velocity", { mass: { value: -1, unit: "kg" }, radius: { value: 1, unit: "m" } })
    expect(e).toMatchObject({ kind: "execution_error", formula: "escape_velocity" })
    expect(e.message).toMatch(/no finite result/)
  })

  it("execution_error with the formula's own message for inputs outside its domain", () => {
    expect(failFormula("ideal_body_weight", { height: { value: 70, unit: "in" }, sex: { value: 2 } })).toMatchObject({
      kind: "execution_error",
      message: "sex must be 1 (men) or 0 (women), got 2"
    })
    expect(failFormula("error_budget_remaining", { slo: { value: 100, unit: "%" }, measured_availability: { value: 1 } }).message).toMatch(
      /leaves no error budget/
    )
  })
})
