// Registering a formula checks it: a defect in a formula is found when it is registered, named by
// the field at fault, never at an agent's call. Also the two numeric tools behind it: the
// homogeneity probe and first-order uncertainty propagation.
import { describe, expect, it } from "vitest"
import * as Constants from "../../src/engine/constants/Constants.ts"
import * as Dimension from "../../src/engine/Dimension.ts"
import { homogeneityDefect } from "../../src/engine/formulas/DimensionalHomogeneity.ts"
import { isEngineError } from "../../src/engine/errors.ts"
import * as Formula from "../../src/engine/formulas/Formula.ts"
import { prepare } from "../../src/engine/formulas/PreparedFormula.ts"
import { partialDerivative, propagate } from "../../src/engine/Uncertainty.ts"
import { catalog } from "../support/catalog.ts"

const kineticEnergy = {
  name: "kinetic_energy_test",
  domain: "testing",
  description: "½ m v²",
  equation: "E = m v² / 2",
  source: "textbook",
  parameters: {
    mass: { dimension: "mass", description: "Mass", example: { value: 2, unit: "kg" } },
    velocity: { dimension: "velocity", description: "Speed", example: { value: 3, unit: "m/s" } }
  },
  output: { unit: "J", description: "Energy" }
} as const

const defectOf = (formula: Formula.Formula) => {
  const r = prepare(catalog, formula, Constants.lookup)
  if (!isEngineError(r)) throw new Error(`${formula.name} was accepted`)
  return r
}

describe("prepare", () => {
  it("accepts a correct formula and resolves its parameters to coherent SI units", () => {
    const r = prepare(catalog, Formula.make({ ...kineticEnergy, compute: ({ mass, velocity }) => (mass * velocity ** 2) / 2 }), Constants.lookup)
    if (isEngineError(r)) throw new Error(r.message)
    expect(r.parameters.map((p) => p.coherent.input)).toEqual(["kg", "m*s^-1"])
    expect(r.outputCoherent.input).toBe("kg*m^2*s^-2")
  })

  it("rejects a body that is not dimensionally homogeneous: m·v instead of m·v²/2 for a result in J", () => {
    const e = defectOf(Formula.make({ ...kineticEnergy, compute: ({ mass, velocity }) => mass * velocity }))
    expect(e).toMatchObject({ _tag: "InvalidInput", role: "compute" })
    expect(e.message).toMatch(/not dimensionally homogeneous for an output of energy/)
  })

  it("rejects a body that adds a mass to a length", () => {
    const e = defectOf(
      Formula.make({
        ...kineticEnergy,
        parameters: { ...kineticEnergy.parameters, velocity: { dimension: "length", description: "x", example: { value: 1, unit: "m" } } },
        output: { unit: "kg", description: "nonsense" },
        compute: ({ mass, velocity }) => mass + velocity
      })
    )
    expect(e.role).toBe("compute")
  })

  it("exempts an empirical fit that states its conventional units", () => {
    const fit = Formula.make({ ...kineticEnergy, conventionalUnits: "mass in kg, speed in m/s", compute: ({ mass, velocity }) => mass * velocity })
    expect(isEngineError(prepare(catalog, fit, Constants.lookup))).toBe(false)
  })

  it("rejects an output unit that does not resolve", () => {
    const e = defectOf(Formula.make({ ...kineticEnergy, output: { unit: "jouls", description: "x" }, compute: ({ mass }) => mass }))
    expect(e).toMatchObject({ role: "output.unit" })
  })

  it("rejects a parameter dimension that does not parse", () => {
    const e = defectOf(
      Formula.make({
        ...kineticEnergy,
        parameters: { ...kineticEnergy.parameters, mass: { dimension: "mas", description: "x", example: { value: 1, unit: "kg" } } },
        compute: ({ mass }) => mass
      })
    )
    expect(e).toMatchObject({ role: "parameters.mass.dimension" })
  })

  it("rejects an example in the wrong dimension", () => {
    const e = defectOf(
      Formula.make({
        ...kineticEnergy,
        parameters: { ...kineticEnergy.parameters, mass: { dimension: "mass", description: "x", example: { value: 1, unit: "m" } } },
        compute: ({ mass, velocity }) => (mass * velocity ** 2) / 2
      })
    )
    expect(e).toMatchObject({ role: "parameters.mass.example" })
  })

  it("rejects an unknown constant and a constant that shadows a parameter", () => {
    expect(defectOf(Formula.make({ ...kineticEnergy, constants: ["G_local"], compute: ({ mass, velocity }) => mass * velocity ** 2 }))).toMatchObject({
      role: "constants"
    })
    const shadow = Formula.make({
      ...kineticEnergy,
      parameters: { ...kineticEnergy.parameters, c: { dimension: "velocity", description: "x", example: { value: 1, unit: "m/s" } } },
      constants: ["c"],
      compute: ({ mass, c }) => mass * c ** 2
    })
    expect(defectOf(shadow)).toMatchObject({ role: "parameters.c" })
  })

  it("rejects a name that is not snake_case", () => {
    expect(defectOf(Formula.make({ ...kineticEnergy, name: "Kinetic Energy", compute: ({ mass, velocity }) => (mass * velocity ** 2) / 2 }))).toMatchObject({
      role: "name"
    })
  })

  it("finds constants by ASCII alias: g_n is gₙ", () => {
    const weight = Formula.make({
      ...kineticEnergy,
      parameters: { mass: kineticEnergy.parameters.mass },
      output: { unit: "N", description: "weight" },
      constants: ["g_n"],
      compute: ({ mass, g_n }) => mass * g_n
    })
    const r = prepare(catalog, weight, Constants.lookup)
    if (isEngineError(r)) throw new Error(r.message)
    expect(r.constants[0]).toMatchObject({ key: "g_n", constant: { symbol: "gₙ", value: 9.80665 } })
  })
})

describe("homogeneityDefect", () => {
  const dims = { m: Dimension.fromExponents({ M: 1 }), v: Dimension.fromExponents({ L: 1, T: -1 }) }
  const energy = Dimension.fromExponents({ M: 1, L: 2, T: -2 })

  it("passes m v² / 2 for an energy and fails m v", () => {
    expect(homogeneityDefect(({ m, v }) => (m! * v! ** 2) / 2, { m: 2, v: 3 }, dims, energy)).toBeUndefined()
    expect(homogeneityDefect(({ m, v }) => m! * v!, { m: 2, v: 3 }, dims, energy)).toMatch(/should scale the result by/)
  })

  it("reports a body that throws as a defect instead of throwing", () => {
    const thrower = () => {
      throw new Error("a bug in a body")
    }
    expect(homogeneityDefect(thrower, { m: 2, v: 3 }, dims, energy)).toMatch(/gives NaN/)
  })

  it("ignores the angle pseudo-dimension, as SI does: τ ω is a power", () => {
    const torque = { tau: Dimension.fromExponents({ M: 1, L: 2, T: -2 }), omega: Dimension.fromExponents({ A: 1, T: -1 }) }
    expect(
      homogeneityDefect(({ tau, omega }) => tau! * omega!, { tau: 100, omega: 314 }, torque, Dimension.fromExponents({ M: 1, L: 2, T: -3 }))
    ).toBeUndefined()
  })
})

describe("uncertainty propagation", () => {
  it("takes partial derivatives by central differences: ∂(x²y)/∂x = 2xy", () => {
    expect(partialDerivative(({ x, y }) => x! ** 2 * y!, { x: 3, y: 5 }, "x", 0.1)).toBeCloseTo(30, 6)
  })

  it("falls back to a one-sided difference at the edge of the domain: √x at 0 has no central quotient", () => {
    expect(partialDerivative(({ x }) => Math.sqrt(x!), { x: 0 }, "x", 1)).toBeGreaterThan(0)
  })

  it("adds independent contributions in quadrature: u(xy) for x = 2 ± 0.1, y = 3 ± 0.2 is √(0.3² + 0.4²) = 0.5", () => {
    expect(propagate(({ x, y }) => x! * y!, { x: 2, y: 3 }, { x: 0.1, y: 0.2 })).toBeCloseTo(0.5, 8)
  })

  it("is undefined when no finite sensitivity exists", () => {
    expect(propagate(() => Number.NaN, { x: 1 }, { x: 0.1 })).toBeUndefined()
  })
})
