// Compatibility with ucon-tools (the Python MCP server this tool surface follows): agents and
// prompts written for it call its 30 formulas by ucon's names with ucon's parameter names. Where
// ucon's formula is one of ours with other parameter names, the call is renamed; where it takes
// other inputs (availability from uptime, P = V²/R, E = h f, …) it is a formula of its own here,
// listed like any other. Each is checked against a worked value in the tests; ucon's own known
// bugs are not copied.
import * as Formula from "../Formula.ts"
import { slo } from "./reliability.ts"

/** The formulas ucon-tools computes from other inputs than ours. */
export const uconVariants: ReadonlyArray<Formula.Formula> = [
  Formula.make({
    name: "availability_from_uptime",
    domain: "reliability",
    description: "Observed availability: the share of a period the service was up",
    equation: "A = uptime / total time",
    source: "IEC 60050-192:2015, 192-08-05 (mean availability over an interval)",
    parameters: {
      uptime: { dimension: "time", description: "Time the service was up", example: { value: 719, unit: "h" } },
      total_time: { dimension: "time", description: "Length of the period", example: { value: 720, unit: "h" } }
    },
    output: { unit: "%", description: "Availability" },
    compute: ({ uptime, total_time }) => {
      if (!(uptime <= total_time)) return Formula.outOfDomain("uptime cannot exceed the total time")
      return uptime / total_time
    }
  }),
  Formula.make({
    name: "error_budget_from_errors",
    domain: "reliability",
    description: "Share of the error budget left, from the errors and requests counted in the SLO window",
    equation: "remaining = 1 − (errors / requests) / (1 − SLO)",
    source: "Beyer B et al. The Site Reliability Workbook (O'Reilly 2018), ch. 2",
    parameters: {
      errors: { dimension: "count", description: "Failed requests in the window", example: { value: 500 } },
      total_requests: { dimension: "count", description: "All valid requests in the window", example: { value: 1000000 } },
      slo
    },
    output: { unit: "%", description: "Error budget remaining" },
    compute: ({ errors, total_requests, slo }) => {
      if (!(slo < 1)) return Formula.outOfDomain(`an SLO of ${slo * 100} % leaves no error budget`)
      if (!(total_requests > 0)) return Formula.outOfDomain("the window needs at least one request")
      return 1 - errors / total_requests / (1 - slo)
    }
  }),
  Formula.make({
    name: "ohms_law_power_from_voltage",
    domain: "engineering",
    description: "Power dissipated in a resistance from the voltage across it",
    equation: "P = V² / R",
    source: "Joule's law with Ohm's law; IEC 60050-131",
    parameters: {
      voltage: { dimension: "voltage", description: "Voltage across the resistance", example: { value: 12, unit: "V" } },
      resistance: { dimension: "resistance", description: "Resistance", example: { value: 6, unit: "ohm" } }
    },
    output: { unit: "W", description: "Power" },
    compute: ({ voltage, resistance }) => voltage ** 2 / resistance
  }),
  Formula.make({
    name: "photon_energy_from_frequency",
    domain: "physics",
    description: "Energy of a photon of a given frequency",
    equation: "E = h f",
    source: "Planck–Einstein relation; h exact (CODATA 2022)",
    parameters: {
      frequency: { dimension: "frequency", description: "Frequency", example: { value: 600, unit: "THz" } }
    },
    output: { unit: "J", description: "Photon energy" },
    constants: ["h"],
    compute: ({ frequency, h }) => h * frequency
  }),
  Formula.make({
    name: "dilution_final_volume",
    domain: "chemistry",
    description: "Volume a stock must be diluted to, to reach a lower concentration",
    equation: "V₂ = c₁ V₁ / c₂",
    source: "Conservation of solute (c₁V₁ = c₂V₂); IUPAC Gold Book, 'dilution'",
    parameters: {
      initial_concentration: { dimension: "concentration", description: "Concentration of the stock", example: { value: 1, unit: "mol/L" } },
      initial_volume: { dimension: "volume", description: "Volume of stock", example: { value: 10, unit: "mL" } },
      final_concentration: { dimension: "concentration", description: "Concentration wanted", example: { value: 0.1, unit: "mol/L" } }
    },
    output: { unit: "mL", description: "Final volume" },
    compute: ({ initial_concentration, initial_volume, final_concentration }) => {
      if (!(final_concentration > 0)) return Formula.outOfDomain("the final concentration must be positive")
      return (initial_concentration * initial_volume) / final_concentration
    }
  }),
  Formula.make({
    name: "data_throughput",
    domain: "reliability",
    description: "Data moved per unit time",
    equation: "X = data / duration",
    source: "IEC 80000-13 (bit rate)",
    parameters: {
      data_transferred: { dimension: "information", description: "Data transferred", example: { value: 1, unit: "GB" } },
      duration: { dimension: "time", description: "Time taken", example: { value: 8, unit: "s" } }
    },
    output: { unit: "Mbit/s", description: "Throughput" },
    compute: ({ data_transferred, duration }) => data_transferred / duration
  }),
  Formula.make({
    name: "creatinine_clearance_by_sex",
    domain: "medical",
    description: "Cockcroft–Gault creatinine clearance, with the sex given as is_female (1 for a woman, 0 for a man)",
    equation: "CrCl = (140 − age) × W × (0.85 if female) / (72 × SCr) (age in years, W in kg, SCr in mg/dL → mL/min)",
    source: "Cockcroft DW, Gault MH. Nephron 1976;16:31–41",
    parameters: {
      age: { dimension: "time", description: "Age", example: { value: 60, unit: "yr" } },
      mass: { dimension: "mass", description: "Body weight", example: { value: 72, unit: "kg" } },
      serum_creatinine: { dimension: "mass/volume", description: "Serum creatinine", example: { value: 1, unit: "mg/dL" } },
      is_female: { dimension: "dimensionless", description: "1 for a woman, 0 for a man", example: { value: 0 } }
    },
    output: { unit: "mL/min", description: "Creatinine clearance" },
    conventionalUnits: "age in years, weight in kg, serum creatinine in mg/dL, result in mL/min",
    compute: ({ age, mass, serum_creatinine, is_female }) => {
      if (!(is_female === 0 || is_female === 1)) return Formula.outOfDomain("is_female is 1 (woman) or 0 (man)")
      // the empirical constants take years, kilograms and mg/dL and give mL/min; compute sees SI
      const years = age / (365.25 * 86400)
      const mgPerDl = serum_creatinine * 100 // 1 kg/m³ = 100 mg/dL
      return (((140 - years) * mass * (is_female === 1 ? 0.85 : 1)) / (72 * mgPerDl)) * (1e-6 / 60)
    }
  }),
  Formula.make({
    name: "darcy_weisbach_head_loss",
    domain: "engineering",
    description: "Head loss of a fluid flowing through a pipe, as a height of the fluid",
    equation: "h_f = f (L / D) v² / (2 gₙ)",
    source: "Darcy–Weisbach equation; White FM. Fluid Mechanics, 7th ed., §6.4",
    parameters: {
      friction_factor: { dimension: "dimensionless", description: "Darcy friction factor", example: { value: 0.02 } },
      pipe_length: { dimension: "length", description: "Pipe length", example: { value: 100, unit: "m" } },
      pipe_diameter: { dimension: "length", description: "Inner diameter", example: { value: 0.1, unit: "m" } },
      flow_velocity: { dimension: "velocity", description: "Mean flow velocity", example: { value: 2, unit: "m/s" } }
    },
    output: { unit: "m", description: "Head loss" },
    constants: ["g_n"],
    compute: ({ friction_factor, pipe_length, pipe_diameter, flow_velocity, g_n }) =>
      (friction_factor * (pipe_length / pipe_diameter) * flow_velocity ** 2) / (2 * g_n)
  })
]

/** One way ucon calls a formula: its parameter names, and the formula and names that answer it here. */
export interface UconCall {
  readonly formula: string
  readonly parameters: Readonly<Record<string, string>>
}

/** ucon-tools' formulas whose names or parameters differ from ours (ucon-formulas.json), by ucon's name. */
export const uconCalls: Readonly<Record<string, UconCall>> = {
  availability: { formula: "availability_from_uptime", parameters: { uptime: "uptime", total_time: "total_time" } },
  error_budget_remaining: { formula: "error_budget_from_errors", parameters: { errors: "errors", total_requests: "total_requests", slo: "slo" } },
  ohms_law_power: { formula: "ohms_law_power_from_voltage", parameters: { voltage: "voltage", resistance: "resistance" } },
  photon_energy: { formula: "photon_energy_from_frequency", parameters: { frequency: "frequency" } },
  dilution: {
    formula: "dilution_final_volume",
    parameters: { initial_concentration: "initial_concentration", initial_volume: "initial_volume", final_concentration: "final_concentration" }
  },
  throughput: { formula: "data_throughput", parameters: { data_transferred: "data_transferred", duration: "duration" } },
  creatinine_clearance: {
    formula: "creatinine_clearance_by_sex",
    parameters: { age: "age", mass: "mass", serum_creatinine: "serum_creatinine", is_female: "is_female" }
  },
  darcy_weisbach: {
    formula: "darcy_weisbach_head_loss",
    parameters: { friction_factor: "friction_factor", pipe_length: "pipe_length", pipe_diameter: "pipe_diameter", flow_velocity: "flow_velocity" }
  },
  escape_velocity: { formula: "escape_velocity", parameters: { body_mass: "mass", radius: "radius" } },
  orbital_period: { formula: "orbital_period", parameters: { semi_major_axis: "semi_major_axis", body_mass: "mass" } },
  orbital_velocity: { formula: "orbital_velocity", parameters: { body_mass: "mass", orbital_radius: "radius" } },
  projectile_range: { formula: "projectile_range", parameters: { initial_velocity: "velocity", launch_angle: "angle" } },
  reynolds_number: {
    formula: "reynolds_number",
    parameters: { density: "density", velocity: "velocity", characteristic_length: "length", dynamic_viscosity: "viscosity" }
  },
  tsiolkovsky_delta_v: {
    formula: "tsiolkovsky_delta_v",
    parameters: { specific_impulse: "specific_impulse", wet_mass: "initial_mass", dry_mass: "final_mass" }
  },
  mtbf: { formula: "mtbf", parameters: { total_uptime: "operating_time", failure_count: "failures" } },
  mttr: { formula: "mttr", parameters: { total_downtime: "repair_time", repair_count: "repairs" } }
}

/**
 * A call in ucon's terms read as one of ours: only when every parameter given is one of ucon's
 * names for that formula and at least one of them is not a name of ours.
 */
export const asUconCall = <V>(
  name: string,
  parameters: Readonly<Record<string, V>>,
  ourNames: ReadonlyArray<string>
): { readonly formula: string; readonly parameters: Record<string, V> } | undefined => {
  if (!Object.hasOwn(uconCalls, name)) return undefined
  const call = uconCalls[name]!
  const given = Object.keys(parameters)
  if (given.length === 0 || !given.every((p) => Object.hasOwn(call.parameters, p))) return undefined
  if (call.formula === name && given.every((p) => ourNames.includes(p))) return undefined
  return { formula: call.formula, parameters: Object.fromEntries(given.map((p) => [call.parameters[p]!, parameters[p]!])) }
}
