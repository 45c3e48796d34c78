/**
 * Names for dimensions: the named table (every name of ucon's list_dimensions, plus the ones an agent
 * in science, engineering and medicine reaches for) and a readable derived name for everything else.
 * Several names may share a vector (ratio, none, dimensionless); the first listed is the one reported.
 */
import * as Dimension from "./Dimension.ts"

type Exponents = Partial<Record<Dimension.BaseKey, number>>

const named: ReadonlyArray<readonly [string, Exponents, string]> = [
  ["ratio", {}, "pure ratio or dimensionless number (percent, ppm, mg/kg)"],
  ["none", {}, "dimensionless (same as ratio)"],
  ["dimensionless", {}, "dimensionless (same as ratio)"],
  ["length", { L: 1 }, "metre"],
  ["mass", { M: 1 }, "kilogram"],
  ["time", { T: 1 }, "second"],
  ["current", { I: 1 }, "ampere"],
  ["temperature", { Θ: 1 }, "kelvin"],
  ["amount_of_substance", { N: 1 }, "mole"],
  ["luminous_intensity", { J: 1 }, "candela"],
  ["information", { B: 1 }, "bit"],
  ["angle", { A: 1 }, "radian (pseudo-dimension)"],
  ["solid_angle", { Ω: 1 }, "steradian (pseudo-dimension)"],
  ["count", { "#": 1 }, "discrete items: each, drops, tablets (pseudo-dimension)"],
  ["biological_activity", { IU: 1 }, "international units (IU): substance-specific, never converts to mass (pseudo-dimension)"],
  ["area", { L: 2 }, "m²"],
  ["volume", { L: 3 }, "m³"],
  ["wavenumber", { L: -1 }, "m⁻¹"],
  ["velocity", { L: 1, T: -1 }, "m/s"],
  ["acceleration", { L: 1, T: -2 }, "m/s²"],
  ["frequency", { T: -1 }, "Hz"],
  ["angular_velocity", { A: 1, T: -1 }, "rad/s"],
  ["angular_acceleration", { A: 1, T: -2 }, "rad/s²"],
  ["count_rate", { "#": 1, T: -1 }, "items per time (gtt/min)"],
  ["force", { M: 1, L: 1, T: -2 }, "N"],
  ["energy", { M: 1, L: 2, T: -2 }, "J (also torque: see the kind-of-quantity tools)"],
  ["power", { M: 1, L: 2, T: -3 }, "W"],
  ["pressure", { M: 1, L: -1, T: -2 }, "Pa"],
  ["momentum", { M: 1, L: 1, T: -1 }, "kg·m/s"],
  ["angular_momentum", { M: 1, L: 2, T: -1 }, "J·s"],
  ["density", { M: 1, L: -3 }, "kg/m³ (also mass concentration, mg/dL)"],
  ["linear_density", { M: 1, L: -1 }, "kg/m"],
  ["areal_density", { M: 1, L: -2 }, "kg/m²"],
  ["specific_volume", { L: 3, M: -1 }, "m³/kg"],
  ["mass_flow_rate", { M: 1, T: -1 }, "kg/s"],
  ["volumetric_flow_rate", { L: 3, T: -1 }, "m³/s"],
  ["dynamic_viscosity", { M: 1, L: -1, T: -1 }, "Pa·s"],
  ["kinematic_viscosity", { L: 2, T: -1 }, "m²/s"],
  ["surface_tension", { M: 1, T: -2 }, "N/m (also J/m²)"],
  ["irradiance", { M: 1, T: -3 }, "W/m²"],
  ["specific_energy", { L: 2, T: -2 }, "J/kg (also absorbed dose, Gy)"],
  ["gravitation", { L: 3, M: -1, T: -2 }, "m³/(kg·s²)"],
  ["charge", { T: 1, I: 1 }, "C"],
  ["voltage", { M: 1, L: 2, T: -3, I: -1 }, "V"],
  ["resistance", { M: 1, L: 2, T: -3, I: -2 }, "Ω"],
  ["resistivity", { M: 1, L: 3, T: -3, I: -2 }, "Ω·m"],
  ["conductance", { M: -1, L: -2, T: 3, I: 2 }, "S"],
  ["conductivity", { M: -1, L: -3, T: 3, I: 2 }, "S/m"],
  ["capacitance", { M: -1, L: -2, T: 4, I: 2 }, "F"],
  ["inductance", { M: 1, L: 2, T: -2, I: -2 }, "H"],
  ["magnetic_flux", { M: 1, L: 2, T: -2, I: -1 }, "Wb"],
  ["magnetic_flux_density", { M: 1, T: -2, I: -1 }, "T"],
  ["magnetic_field_strength", { I: 1, L: -1 }, "A/m"],
  ["magnetic_permeability", { M: 1, L: 1, T: -2, I: -2 }, "H/m"],
  ["permittivity", { M: -1, L: -3, T: 4, I: 2 }, "F/m"],
  ["electric_field_strength", { M: 1, L: 1, T: -3, I: -1 }, "V/m"],
  ["electric_dipole_moment", { L: 1, T: 1, I: 1 }, "C·m"],
  ["exposure", { I: 1, T: 1, M: -1 }, "C/kg"],
  ["entropy", { M: 1, L: 2, T: -2, Θ: -1 }, "J/K (also heat capacity)"],
  ["specific_heat_capacity", { L: 2, T: -2, Θ: -1 }, "J/(kg·K)"],
  ["thermal_conductivity", { M: 1, L: 1, T: -3, Θ: -1 }, "W/(m·K)"],
  ["heat_transfer_coefficient", { M: 1, T: -3, Θ: -1 }, "W/(m²·K)"],
  ["molar_mass", { M: 1, N: -1 }, "kg/mol"],
  ["molar_volume", { L: 3, N: -1 }, "m³/mol"],
  ["molar_energy", { M: 1, L: 2, T: -2, N: -1 }, "J/mol"],
  ["molar_entropy", { M: 1, L: 2, T: -2, Θ: -1, N: -1 }, "J/(mol·K)"],
  ["concentration", { N: 1, L: -3 }, "mol/m³ (molarity, mmol/L)"],
  ["molality", { N: 1, M: -1 }, "mol/kg"],
  ["catalytic_activity", { N: 1, T: -1 }, "kat"],
  ["luminous_flux", { J: 1, Ω: 1 }, "lm = cd·sr"],
  ["illuminance", { J: 1, Ω: 1, L: -2 }, "lx = lm/m²"],
  ["luminance", { J: 1, L: -2 }, "cd/m² (nit)"],
  ["luminous_efficacy", { J: 1, Ω: 1, M: -1, L: -2, T: 3 }, "lm/W"],
  ["data_rate", { B: 1, T: -1 }, "bit/s"]
]

export interface NamedDimension {
  readonly name: string
  readonly dimension: Dimension.Dimension
  readonly description: string
}

export const namedDimensions: ReadonlyArray<NamedDimension> = named.map(([name, exponents, description]) => ({
  name,
  dimension: Dimension.fromExponents(exponents),
  description
}))

const byName = new Map(namedDimensions.map((d) => [d.name, d.dimension]))
const byVector = new Map<string, string>()
for (const d of namedDimensions) if (!byVector.has(Dimension.key(d.dimension))) byVector.set(Dimension.key(d.dimension), d.name)

/** The dimension called `name` in the table, if any. */
export const dimensionNamed = (name: string): Dimension.Dimension | undefined => byName.get(name)

/** The table name of a vector, if it has one. */
export const nameOf = (dimension: Dimension.Dimension): string | undefined => byVector.get(Dimension.key(dimension))

/**
 * The name an agent reads: the table name, or a derived one built from base names such as
 * `mass/count` or `mass/(length²·time)`.
 */
export const describe = (dimension: Dimension.Dimension): string => {
  // dimensions are frozen and shared by the cached expressions: name each vector once
  const named = described.get(dimension)
  if (named !== undefined) return named
  const name = describeVector(dimension)
  described.set(dimension, name)
  return name
}

const described = new WeakMap<Dimension.Dimension, string>()

const describeVector = (dimension: Dimension.Dimension): string => {
  const known = nameOf(dimension)
  if (known) return known
  const numerator: Array<string> = []
  const denominator: Array<string> = []
  dimension.forEach((e, i) => {
    if (e === 0) return
    const name = Dimension.baseQuantities[i]!.name
    const magnitude = Math.abs(e)
    const part = magnitude === 1 ? name : name + Dimension.superscript(magnitude)
    ;(e > 0 ? numerator : denominator).push(part)
  })
  const top = numerator.length === 0 ? "1" : numerator.join("·")
  if (denominator.length === 0) return top
  return `${top}/${denominator.length === 1 ? denominator[0] : `(${denominator.join("·")})`}`
}

/** All names, sorted, as list_dimensions returns them. */
export const allNames = (): ReadonlyArray<string> => namedDimensions.map((d) => d.name).sort()
