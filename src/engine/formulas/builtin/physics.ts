// Physics formulas: gravitation, electrostatics, quanta, mechanics. Those using G or ε0 carry the
// CODATA 2022 uncertainty of the constant into their result.
import * as Formula from "../Formula.ts"

export const physics: ReadonlyArray<Formula.Formula> = [
  Formula.make({
    name: "gravitational_force",
    domain: "physics",
    description: "Newtonian gravitational attraction between two masses",
    equation: "F = G m₁ m₂ / r²",
    source: "Newton's law of universal gravitation; G from CODATA 2022",
    parameters: {
      mass1: { dimension: "mass", description: "First mass", example: { value: 5.9722e24, unit: "kg" } },
      mass2: { dimension: "mass", description: "Second mass", example: { value: 7.342e22, unit: "kg" } },
      distance: { dimension: "length", description: "Distance between the centres", example: { value: 384400, unit: "km" } }
    },
    output: { unit: "N", description: "Attractive force" },
    constants: ["G"],
    compute: ({ mass1, mass2, distance, G }) => (G * mass1 * mass2) / distance ** 2
  }),
  Formula.make({
    name: "photon_energy",
    domain: "physics",
    description: "Energy of a photon of a given vacuum wavelength",
    equation: "E = h c / λ",
    source: "Planck–Einstein relation; h and c exact (CODATA 2022)",
    parameters: {
      wavelength: { dimension: "length", description: "Vacuum wavelength", example: { value: 500, unit: "nm" } }
    },
    output: { unit: "J", description: "Photon energy (ask for 'eV' as the output unit if wanted)" },
    constants: ["h", "c"],
    compute: ({ wavelength, h, c }) => (h * c) / wavelength
  }),
  Formula.make({
    name: "coulombs_law",
    domain: "physics",
    description: "Electrostatic force between two point charges in vacuum (positive: repulsive)",
    equation: "F = q₁ q₂ / (4π ε₀ r²)",
    source: "Coulomb's law; ε₀ from CODATA 2022",
    parameters: {
      charge1: { dimension: "charge", description: "First charge (signed)", example: { value: 1, unit: "uC" } },
      charge2: { dimension: "charge", description: "Second charge (signed)", example: { value: 1, unit: "uC" } },
      distance: { dimension: "length", description: "Separation", example: { value: 1, unit: "m" } }
    },
    output: { unit: "N", description: "Force; negative means attraction" },
    constants: ["epsilon_0"],
    compute: ({ charge1, charge2, distance, epsilon_0 }) => (charge1 * charge2) / (4 * Math.PI * epsilon_0 * distance ** 2)
  }),
  Formula.make({
    name: "projectile_range",
    domain: "physics",
    description: "Range of a projectile on level ground under standard gravity, without air resistance",
    equation: "R = v² sin(2θ) / g_n",
    source: "Halliday D, Resnick R, Walker J. Fundamentals of Physics, 10th ed., §4.6",
    parameters: {
      velocity: { dimension: "velocity", description: "Launch speed", example: { value: 20, unit: "m/s" } },
      angle: { dimension: "angle", description: "Launch angle above the horizontal (give a unit: deg or rad)", example: { value: 45, unit: "deg" } }
    },
    output: { unit: "m", description: "Horizontal range" },
    constants: ["g_n"],
    compute: ({ velocity, angle, g_n }) => (velocity ** 2 * Math.sin(2 * angle)) / g_n
  }),
  Formula.make({
    name: "schwarzschild_radius",
    domain: "physics",
    description: "Schwarzschild radius (event horizon) of a non-rotating mass",
    equation: "r_s = 2 G M / c²",
    source: "Schwarzschild 1916; e.g. Carroll S. Spacetime and Geometry (2004), §5.1",
    parameters: {
      mass: { dimension: "mass", description: "Mass", example: { value: 1, unit: "M_sun" } }
    },
    output: { unit: "m", description: "Schwarzschild radius" },
    constants: ["G", "c"],
    compute: ({ mass, G, c }) => (2 * G * mass) / c ** 2
  }),
  Formula.make({
    name: "momentum",
    domain: "physics",
    description: "Linear momentum",
    equation: "p = m v",
    source: "Halliday D, Resnick R, Walker J. Fundamentals of Physics, 10th ed., §9.3",
    parameters: {
      mass: { dimension: "mass", description: "Mass", example: { value: 1500, unit: "kg" } },
      velocity: { dimension: "velocity", description: "Velocity", example: { value: 20, unit: "m/s" } }
    },
    output: { unit: "kg*m/s", description: "Momentum" },
    compute: ({ mass, velocity }) => mass * velocity
  }),
  Formula.make({
    name: "gravitational_potential_energy",
    domain: "physics",
    description: "Potential energy gained by raising a mass under standard gravity",
    equation: "E = m g_n h",
    source: "Halliday D, Resnick R, Walker J. Fundamentals of Physics, 10th ed., §8.1",
    parameters: {
      mass: { dimension: "mass", description: "Mass", example: { value: 10, unit: "kg" } },
      height: { dimension: "length", description: "Height raised", example: { value: 10, unit: "m" } }
    },
    output: { unit: "J", description: "Potential energy" },
    constants: ["g_n"],
    compute: ({ mass, height, g_n }) => mass * g_n * height
  }),
  Formula.make({
    name: "de_broglie_wavelength",
    domain: "physics",
    description: "De Broglie wavelength of a non-relativistic particle",
    equation: "λ = h / (m v)",
    source: "de Broglie 1924; h exact (CODATA 2022)",
    parameters: {
      mass: { dimension: "mass", description: "Particle mass", example: { value: 1, unit: "m_e" } },
      velocity: { dimension: "velocity", description: "Speed (well below c)", example: { value: 1e6, unit: "m/s" } }
    },
    output: { unit: "m", description: "Wavelength" },
    constants: ["h"],
    compute: ({ mass, velocity, h }) => h / (mass * velocity)
  }),
  Formula.make({
    name: "pendulum_period",
    domain: "physics",
    description: "Period of a simple pendulum at small amplitude under standard gravity",
    equation: "T = 2π √(L / g_n)",
    source: "Halliday D, Resnick R, Walker J. Fundamentals of Physics, 10th ed., §15.4",
    parameters: {
      length: { dimension: "length", description: "Pendulum length", example: { value: 1, unit: "m" } }
    },
    output: { unit: "s", description: "Period" },
    constants: ["g_n"],
    compute: ({ length, g_n }) => 2 * Math.PI * Math.sqrt(length / g_n)
  })
]
