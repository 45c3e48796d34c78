// Aerospace formulas: two-body orbits around a central mass (with G, so its CODATA uncertainty
// propagates), rocketry and aerodynamics. Radii are measured from the centre of the central body.
import * as Formula from "../Formula.ts"

const centralMass = { dimension: "mass", description: "Mass of the central body (Earth 5.9722e24 kg)", example: { value: 5.9722e24, unit: "kg" } } as const

export const aerospace: ReadonlyArray<Formula.Formula> = [
  Formula.make({
    name: "orbital_velocity",
    domain: "aerospace",
    description: "Speed on a circular orbit",
    equation: "v = √(G M / r)",
    source: "Curtis HD. Orbital Mechanics for Engineering Students, 3rd ed., §2.6",
    parameters: {
      mass: centralMass,
      radius: { dimension: "length", description: "Orbit radius from the body's centre", example: { value: 6779, unit: "km" } }
    },
    output: { unit: "m/s", description: "Circular orbital speed" },
    constants: ["G"],
    compute: ({ mass, radius, G }) => Math.sqrt((G * mass) / radius)
  }),
  Formula.make({
    name: "escape_velocity",
    domain: "aerospace",
    description: "Speed needed to escape a body's gravity from a distance r, without propulsion or drag",
    equation: "v = √(2 G M / r)",
    source: "Curtis HD. Orbital Mechanics for Engineering Students, 3rd ed., §2.7",
    parameters: {
      mass: centralMass,
      radius: { dimension: "length", description: "Distance from the body's centre (Earth's mean radius 6371 km)", example: { value: 6371, unit: "km" } }
    },
    output: { unit: "m/s", description: "Escape speed" },
    constants: ["G"],
    compute: ({ mass, radius, G }) => Math.sqrt((2 * G * mass) / radius)
  }),
  Formula.make({
    name: "orbital_period",
    domain: "aerospace",
    description: "Period of an elliptical orbit (Kepler's third law)",
    equation: "T = 2π √(a³ / (G M))",
    source: "Curtis HD. Orbital Mechanics for Engineering Students, 3rd ed., §2.9",
    parameters: {
      mass: centralMass,
      semi_major_axis: { dimension: "length", description: "Semi-major axis (the radius of a circular orbit)", example: { value: 42164, unit: "km" } }
    },
    output: { unit: "s", description: "Orbital period" },
    constants: ["G"],
    compute: ({ mass, semi_major_axis, G }) => 2 * Math.PI * Math.sqrt(semi_major_axis ** 3 / (G * mass))
  }),
  Formula.make({
    name: "tsiolkovsky_delta_v",
    domain: "aerospace",
    description: "Ideal rocket equation: velocity change from specific impulse and mass ratio",
    equation: "Δv = Isp g_n ln(m₀ / m_f)",
    source: "Sutton GP, Biblarz O. Rocket Propulsion Elements, 9th ed., §4.1",
    parameters: {
      specific_impulse: { dimension: "time", description: "Specific impulse", example: { value: 300, unit: "s" } },
      initial_mass: { dimension: "mass", description: "Initial (wet) mass", example: { value: 1000, unit: "kg" } },
      final_mass: { dimension: "mass", description: "Final (dry) mass", example: { value: 500, unit: "kg" } }
    },
    output: { unit: "m/s", description: "Velocity change" },
    constants: ["g_n"],
    compute: ({ specific_impulse, initial_mass, final_mass, g_n }) => {
      if (!(initial_mass > 0 && final_mass > 0)) return Formula.outOfDomain("both masses must be positive")
      return specific_impulse * g_n * Math.log(initial_mass / final_mass)
    }
  }),
  Formula.make({
    name: "thrust",
    domain: "aerospace",
    description: "Momentum thrust of a rocket engine (nozzle exit pressure matched to ambient)",
    equation: "F = ṁ v_e",
    source: "Sutton GP, Biblarz O. Rocket Propulsion Elements, 9th ed., §2.3",
    parameters: {
      mass_flow_rate: { dimension: "mass_flow_rate", description: "Propellant mass flow rate", example: { value: 250, unit: "kg/s" } },
      exhaust_velocity: { dimension: "velocity", description: "Effective exhaust velocity", example: { value: 3000, unit: "m/s" } }
    },
    output: { unit: "N", description: "Thrust" },
    compute: ({ mass_flow_rate, exhaust_velocity }) => mass_flow_rate * exhaust_velocity
  }),
  Formula.make({
    name: "specific_impulse",
    domain: "aerospace",
    description: "Specific impulse from thrust and propellant mass flow",
    equation: "Isp = F / (ṁ g_n)",
    source: "Sutton GP, Biblarz O. Rocket Propulsion Elements, 9th ed., §2.1",
    parameters: {
      thrust: { dimension: "force", description: "Thrust", example: { value: 750, unit: "kN" } },
      mass_flow_rate: { dimension: "mass_flow_rate", description: "Propellant mass flow rate", example: { value: 250, unit: "kg/s" } }
    },
    output: { unit: "s", description: "Specific impulse" },
    constants: ["g_n"],
    compute: ({ thrust, mass_flow_rate, g_n }) => thrust / (mass_flow_rate * g_n)
  }),
  Formula.make({
    name: "hohmann_delta_v",
    domain: "aerospace",
    description: "Total velocity change of a Hohmann transfer between two coplanar circular orbits",
    equation: "Δv = √(μ/r₁)(√(2r₂/(r₁+r₂)) − 1) + √(μ/r₂)(1 − √(2r₁/(r₁+r₂))), μ = G M",
    source: "Curtis HD. Orbital Mechanics for Engineering Students, 3rd ed., §6.2",
    parameters: {
      mass: centralMass,
      initial_radius: { dimension: "length", description: "Radius of the starting orbit", example: { value: 6678, unit: "km" } },
      final_radius: { dimension: "length", description: "Radius of the target orbit", example: { value: 42164, unit: "km" } }
    },
    output: { unit: "m/s", description: "Sum of both burns (magnitudes)" },
    constants: ["G"],
    compute: ({ mass, initial_radius: r1, final_radius: r2, G }) => {
      const mu = G * mass
      const first = Math.sqrt(mu / r1) * (Math.sqrt((2 * r2) / (r1 + r2)) - 1)
      const second = Math.sqrt(mu / r2) * (1 - Math.sqrt((2 * r1) / (r1 + r2)))
      return Math.abs(first) + Math.abs(second)
    }
  }),
  Formula.make({
    name: "lift_force",
    domain: "aerospace",
    description: "Aerodynamic lift of a wing",
    equation: "L = C_L ρ v² S / 2",
    source: "Anderson JD. Introduction to Flight, 8th ed., §5.3",
    parameters: {
      lift_coefficient: { dimension: "dimensionless", description: "Lift coefficient", example: { value: 0.5 } },
      density: { dimension: "density", description: "Air density (1.225 kg/m³ at sea level, ISA)", example: { value: 1.225, unit: "kg/m^3" } },
      velocity: { dimension: "velocity", description: "True airspeed", example: { value: 70, unit: "m/s" } },
      wing_area: { dimension: "area", description: "Wing reference area", example: { value: 16.2, unit: "m^2" } }
    },
    output: { unit: "N", description: "Lift" },
    compute: ({ lift_coefficient, density, velocity, wing_area }) => (lift_coefficient * density * velocity ** 2 * wing_area) / 2
  })
]
