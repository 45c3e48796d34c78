// Engineering formulas: fluids, solid mechanics, electrical circuits, heat transfer. All are
// exact physical relations in coherent SI, so each passes the dimensional homogeneity check.
import * as Formula from "../Formula.ts"

const density = { dimension: "density", description: "Fluid density", example: { value: 998.2, unit: "kg/m^3" } } as const
const velocity = { dimension: "velocity", description: "Mean flow velocity", example: { value: 1, unit: "m/s" } } as const

export const engineering: ReadonlyArray<Formula.Formula> = [
  Formula.make({
    name: "reynolds_number",
    domain: "engineering",
    description: "Reynolds number of a flow: inertial over viscous forces (pipe flow is laminar below about 2300)",
    equation: "Re = ρ v L / μ",
    source: "White FM. Fluid Mechanics, 8th ed. (2016), §6.1",
    parameters: {
      density,
      velocity,
      length: { dimension: "length", description: "Characteristic length, e.g. the pipe's inner diameter", example: { value: 0.1, unit: "m" } },
      viscosity: { dimension: "dynamic_viscosity", description: "Dynamic viscosity", example: { value: 1.002, unit: "mPa*s" } }
    },
    output: { unit: "1", description: "Reynolds number" },
    compute: ({ density, velocity, length, viscosity }) => (density * velocity * length) / viscosity
  }),
  Formula.make({
    name: "ohms_law_power",
    domain: "engineering",
    description: "Power dissipated in a resistance carrying a current (Joule heating)",
    equation: "P = I² R",
    source: "Ohm's law with P = V I; e.g. Hayt WH, Kemmerly JE. Engineering Circuit Analysis, 9th ed., §2.4",
    parameters: {
      current: { dimension: "current", description: "Current through the resistance", example: { value: 2, unit: "A" } },
      resistance: { dimension: "resistance", description: "Resistance", example: { value: 10, unit: "ohm" } }
    },
    output: { unit: "W", description: "Dissipated power" },
    compute: ({ current, resistance }) => current ** 2 * resistance
  }),
  Formula.make({
    name: "ohms_law_voltage",
    domain: "engineering",
    description: "Voltage across a resistance carrying a current",
    equation: "V = I R",
    source: "Ohm's law; e.g. Hayt WH, Kemmerly JE. Engineering Circuit Analysis, 9th ed., §2.4",
    parameters: {
      current: { dimension: "current", description: "Current", example: { value: 2, unit: "A" } },
      resistance: { dimension: "resistance", description: "Resistance", example: { value: 10, unit: "ohm" } }
    },
    output: { unit: "V", description: "Voltage" },
    compute: ({ current, resistance }) => current * resistance
  }),
  Formula.make({
    name: "ohms_law_current",
    domain: "engineering",
    description: "Current through a resistance with a voltage across it",
    equation: "I = V / R",
    source: "Ohm's law; e.g. Hayt WH, Kemmerly JE. Engineering Circuit Analysis, 9th ed., §2.4",
    parameters: {
      voltage: { dimension: "voltage", description: "Voltage", example: { value: 12, unit: "V" } },
      resistance: { dimension: "resistance", description: "Resistance", example: { value: 4, unit: "ohm" } }
    },
    output: { unit: "A", description: "Current" },
    compute: ({ voltage, resistance }) => voltage / resistance
  }),
  Formula.make({
    name: "electrical_power",
    domain: "engineering",
    description: "Electrical power from voltage and current (DC, or AC real power at unity power factor)",
    equation: "P = V I",
    source: "e.g. Hayt WH, Kemmerly JE. Engineering Circuit Analysis, 9th ed., §2.2",
    parameters: {
      voltage: { dimension: "voltage", description: "Voltage", example: { value: 230, unit: "V" } },
      current: { dimension: "current", description: "Current", example: { value: 10, unit: "A" } }
    },
    output: { unit: "W", description: "Power" },
    compute: ({ voltage, current }) => voltage * current
  }),
  Formula.make({
    name: "stress",
    domain: "engineering",
    description: "Normal stress: an axial force over the cross-sectional area carrying it",
    equation: "σ = F / A",
    source: "Gere JM, Goodno BJ. Mechanics of Materials, 9th ed., §1.2",
    parameters: {
      force: { dimension: "force", description: "Axial force", example: { value: 1000, unit: "N" } },
      area: { dimension: "area", description: "Cross-sectional area", example: { value: 1, unit: "cm^2" } }
    },
    output: { unit: "Pa", description: "Normal stress" },
    compute: ({ force, area }) => force / area
  }),
  Formula.make({
    name: "darcy_weisbach",
    domain: "engineering",
    description: "Pressure drop along a pipe from the Darcy friction factor",
    equation: "Δp = f (L / D) ρ v² / 2",
    source: "White FM. Fluid Mechanics, 8th ed. (2016), §6.4",
    parameters: {
      friction_factor: { dimension: "dimensionless", description: "Darcy friction factor (Moody chart)", example: { value: 0.02 } },
      length: { dimension: "length", description: "Pipe length", example: { value: 100, unit: "m" } },
      diameter: { dimension: "length", description: "Pipe inner diameter", example: { value: 0.1, unit: "m" } },
      density: { ...density, example: { value: 1000, unit: "kg/m^3" } },
      velocity: { ...velocity, example: { value: 2, unit: "m/s" } }
    },
    output: { unit: "Pa", description: "Pressure drop" },
    compute: ({ friction_factor, length, diameter, density, velocity }) => (friction_factor * (length / diameter) * density * velocity ** 2) / 2
  }),
  Formula.make({
    name: "kinetic_energy",
    domain: "engineering",
    description: "Translational kinetic energy",
    equation: "E = m v² / 2",
    source: "Halliday D, Resnick R, Walker J. Fundamentals of Physics, 10th ed., §7.3",
    parameters: {
      mass: { dimension: "mass", description: "Mass", example: { value: 2, unit: "kg" } },
      velocity: { dimension: "velocity", description: "Speed", example: { value: 3, unit: "m/s" } }
    },
    output: { unit: "J", description: "Kinetic energy" },
    compute: ({ mass, velocity }) => (mass * velocity ** 2) / 2
  }),
  Formula.make({
    name: "power_from_torque",
    domain: "engineering",
    description: "Shaft power from torque and rotational speed",
    equation: "P = τ ω",
    source: "Shigley's Mechanical Engineering Design, 10th ed., §3-17",
    parameters: {
      torque: { dimension: "force*length", description: "Torque", example: { value: 100, unit: "N*m" } },
      angular_velocity: {
        dimension: "angular_velocity",
        description: "Rotational speed (rpm or rad/s; Hz is a frequency, not a rotation rate)",
        example: { value: 3000, unit: "rpm" }
      }
    },
    output: { unit: "W", description: "Shaft power" },
    compute: ({ torque, angular_velocity }) => torque * angular_velocity
  }),
  Formula.make({
    name: "heat_conduction",
    domain: "engineering",
    description: "Steady one-dimensional heat flow through a plane wall (Fourier's law)",
    equation: "Q = k A ΔT / L",
    source: "Incropera FP et al. Fundamentals of Heat and Mass Transfer, 7th ed., §1.2.1",
    parameters: {
      thermal_conductivity: { dimension: "thermal_conductivity", description: "Thermal conductivity of the wall", example: { value: 1.7, unit: "W/(m*K)" } },
      area: { dimension: "area", description: "Wall area", example: { value: 0.6, unit: "m^2" } },
      temperature_difference: {
        dimension: "temperature",
        description: "Temperature difference across the wall (°C and °F count as differences here)",
        example: { value: 250, unit: "K" },
        difference: true
      },
      thickness: { dimension: "length", description: "Wall thickness", example: { value: 0.15, unit: "m" } }
    },
    output: { unit: "W", description: "Heat flow rate" },
    compute: ({ thermal_conductivity, area, temperature_difference, thickness }) => (thermal_conductivity * area * temperature_difference) / thickness
  }),
  Formula.make({
    name: "hydrostatic_pressure",
    domain: "engineering",
    description: "Gauge pressure at a depth in a fluid at rest, under standard gravity",
    equation: "p = ρ g_n h",
    source: "White FM. Fluid Mechanics, 8th ed. (2016), §2.3",
    parameters: {
      density: { ...density, example: { value: 1000, unit: "kg/m^3" } },
      depth: { dimension: "length", description: "Depth below the free surface", example: { value: 10, unit: "m" } }
    },
    output: { unit: "Pa", description: "Gauge pressure" },
    constants: ["g_n"],
    compute: ({ density, depth, g_n }) => density * g_n * depth
  }),
  Formula.make({
    name: "drag_force",
    domain: "engineering",
    description: "Aerodynamic or hydrodynamic drag force",
    equation: "F = C_d ρ v² A / 2",
    source: "White FM. Fluid Mechanics, 8th ed. (2016), §7.6",
    parameters: {
      drag_coefficient: { dimension: "dimensionless", description: "Drag coefficient", example: { value: 0.3 } },
      density: { ...density, example: { value: 1.225, unit: "kg/m^3" } },
      velocity: { dimension: "velocity", description: "Speed relative to the fluid", example: { value: 30, unit: "m/s" } },
      area: { dimension: "area", description: "Reference (frontal) area", example: { value: 2.2, unit: "m^2" } }
    },
    output: { unit: "N", description: "Drag force" },
    compute: ({ drag_coefficient, density, velocity, area }) => (drag_coefficient * density * velocity ** 2 * area) / 2
  })
]
