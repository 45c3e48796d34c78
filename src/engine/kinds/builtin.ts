// Built-in kinds of quantity: physically distinct quantities that share a dimension, so that a
// right number in the right unit can still be the wrong quantity (torque reported as energy,
// an equivalent dose reported as an absorbed dose). Keywords are matched as whole words in an
// agent's reasoning; symbols are case-sensitive, words are not. Sources: ISO 80000 parts 3-5,
// 6, 9, 10; IUPAC Green Book (3rd ed.); ICRP Publication 103 for the dose quantities.
/** A kind as written in data: its dimension is text, parsed once. */
export interface KindEntry {
  readonly name: string
  readonly dimension: string
  readonly category: string
  readonly description: string
  readonly keywords: ReadonlyArray<string>
  readonly aliases: ReadonlyArray<string>
  readonly disambiguationHints: ReadonlyArray<string>
}

const k = (
  name: string,
  dimension: string,
  category: string,
  description: string,
  keywords: ReadonlyArray<string>,
  options: { aliases?: ReadonlyArray<string>; hints?: ReadonlyArray<string> } = {}
): KindEntry => ({ name, dimension, category, description, keywords, aliases: options.aliases ?? [], disambiguationHints: options.hints ?? [] })

export const builtinKinds: ReadonlyArray<KindEntry> = [
  // energy-shaped mechanics: M·L²·T⁻²
  k("energy", "energy", "mechanics", "Energy in general (J)", ["energy"]),
  k("work", "energy", "mechanics", "Work done by a force along a displacement, W = F·d", ["work", "work done", "displacement"], {
    hints: ["Work is force × displacement along it; torque is force × lever arm perpendicular to it"]
  }),
  k("heat", "energy", "thermodynamics", "Energy transferred as heat, Q", ["heat", "calorimetry", "heat transferred"], {
    hints: ["Heat is energy in transit; report it in J, not J/K"]
  }),
  k("kinetic_energy", "energy", "mechanics", "Energy of motion, ½mv²", ["kinetic", "KE", "½mv²"]),
  k("potential_energy", "energy", "mechanics", "Energy of position, e.g. mgh", ["potential energy", "PE", "mgh"]),
  k("torque", "energy", "mechanics", "Moment of force, τ = r × F; expressed in N·m, never in J", ["torque", "τ", "moment of force", "lever arm"], {
    aliases: ["moment_of_force"],
    hints: ["Torque shares the dimension of energy but is a different quantity: write N·m, not J"]
  }),
  // molar thermodynamics: M·L²·T⁻²·N⁻¹
  k(
    "gibbs_energy",
    "energy/amount_of_substance",
    "thermodynamics",
    "Molar Gibbs energy (change), ΔG = ΔH − TΔS",
    ["gibbs", "ΔG", "ΔG°", "free energy", "spontaneity"],
    {
      aliases: ["gibbs_free_energy", "delta_G"],
      hints: ["ΔG includes the −TΔS term; ΔH alone is the enthalpy"]
    }
  ),
  k("enthalpy", "energy/amount_of_substance", "thermodynamics", "Molar enthalpy (change), ΔH", ["enthalpy", "ΔH", "ΔH°", "exothermic", "endothermic"], {
    aliases: ["delta_H"]
  }),
  k("helmholtz_energy", "energy/amount_of_substance", "thermodynamics", "Molar Helmholtz energy, A = U − TS", ["helmholtz", "ΔA"], {
    aliases: ["helmholtz_free_energy"]
  }),
  k("internal_energy", "energy/amount_of_substance", "thermodynamics", "Molar internal energy (change), ΔU", ["internal energy", "ΔU"]),
  k("chemical_potential", "energy/amount_of_substance", "thermodynamics", "Chemical potential μ = (∂G/∂n)", ["chemical potential", "μ", "mu"]),
  k("activation_energy", "energy/amount_of_substance", "kinetics", "Arrhenius activation energy Ea", ["activation energy", "Ea", "Arrhenius"]),
  k("bond_energy", "energy/amount_of_substance", "chemistry", "Bond dissociation energy", ["bond energy", "bond dissociation", "bond enthalpy"]),
  // entropy-shaped: M·L²·T⁻²·Θ⁻¹
  k("entropy_change", "energy/temperature", "thermodynamics", "Entropy (change) of a system, ΔS = Q_rev/T", ["entropy", "ΔS", "Q/T"], {
    aliases: ["delta_S", "entropy"],
    hints: ["Entropy change is reversible heat over temperature; heat capacity is dQ/dT of a body"]
  }),
  k("heat_capacity", "energy/temperature", "thermodynamics", "Heat capacity of a body, C = dQ/dT", ["heat capacity", "Cp", "Cv", "dQ/dT"]),
  // molar entropy / molar heat capacity: M·L²·T⁻²·Θ⁻¹·N⁻¹
  k("molar_entropy", "energy/(temperature*amount_of_substance)", "thermodynamics", "Molar entropy (change), J/(mol·K)", ["molar entropy", "ΔS°", "S°"]),
  k("molar_heat_capacity", "energy/(temperature*amount_of_substance)", "thermodynamics", "Molar heat capacity, J/(mol·K)", [
    "molar heat capacity",
    "Cp,m",
    "Cv,m"
  ]),
  // specific energy: L²·T⁻²
  k("absorbed_dose", "specific_energy", "radiation", "Energy imparted per mass, D, in gray (Gy)", ["absorbed dose", "Gy", "gray"], {
    hints: ["Absorbed dose (Gy) is physical; equivalent and effective dose (Sv) are weighted by radiation and tissue"]
  }),
  k("equivalent_dose", "specific_energy", "radiation", "Radiation-weighted dose H_T = Σ w_R·D, in sievert (Sv)", ["equivalent dose", "Sv", "sievert", "w_R"]),
  k("effective_dose", "specific_energy", "radiation", "Tissue-weighted equivalent dose E = Σ w_T·H_T, in sievert (Sv)", ["effective dose", "w_T"]),
  k("kerma", "specific_energy", "radiation", "Kinetic energy released per unit mass", ["kerma"]),
  k("specific_energy", "specific_energy", "mechanics", "Energy per mass (J/kg)", ["specific energy", "energy density per mass"]),
  // power-shaped: M·L²·T⁻³
  k("power", "power", "mechanics", "Power in general (W)", ["power"]),
  k("active_power", "power", "electrical", "Real (active) AC power P, in watts", ["active power", "real power", "power factor"], {
    aliases: ["real_power"],
    hints: ["Real power P (W), reactive power Q (var) and apparent power S (VA) share a dimension: S² = P² + Q²"]
  }),
  k("reactive_power", "power", "electrical", "Reactive AC power Q, in volt-ampere reactive (var)", ["reactive", "var", "kvar"]),
  k("apparent_power", "power", "electrical", "Apparent AC power S = V·I, in volt-amperes (VA)", ["apparent power", "VA", "kVA", "V·I"]),
  k("heat_flow_rate", "power", "thermodynamics", "Heat transferred per time, Φ", ["heat flow", "heat rate", "Φ"]),
  k("radiant_flux", "power", "optics", "Radiant power, Φe", ["radiant", "Φe"]),
  // per time
  k("frequency", "frequency", "periodic", "Cycles per time, f, in hertz (Hz)", ["frequency", "Hz", "hertz"], {
    hints: ["f in Hz counts cycles; ω = 2πf in rad/s is an angular frequency"]
  }),
  k("activity", "frequency", "radiation", "Decays per time, A, in becquerel (Bq)", ["activity", "Bq", "becquerel", "decay"], {
    hints: ["Radioactive activity uses Bq, not Hz, although both are s⁻¹"]
  }),
  k("angular_velocity", "angular_velocity", "periodic", "Rate of rotation, ω, in rad/s", ["angular velocity", "ω", "omega", "rad/s"], {
    aliases: ["angular_frequency"],
    hints: ["ω = 2πf: convert via rad, never by setting 1 Hz = 1 rad/s"]
  }),
  k("rotational_speed", "angular_velocity", "mechanics", "Revolutions per time, n, in rpm or rev/s", ["rpm", "rotational speed", "revolutions"]),
  // pressure-shaped: M·L⁻¹·T⁻²
  k("pressure", "pressure", "mechanics", "Normal force per area of a fluid, p", ["pressure"]),
  k("stress", "pressure", "mechanics", "Internal force per area in a solid, σ", ["stress", "σ", "tensile", "shear"], {
    hints: ["Stress (σ) and pressure share Pa; energy density (J/m³) too"]
  }),
  k("energy_density", "pressure", "mechanics", "Energy per volume, u, in J/m³", ["energy density", "J/m³"]),
  // force per length
  k("surface_tension", "surface_tension", "mechanics", "Force per length along a surface, γ, in N/m", ["surface tension", "γ", "gamma"]),
  k("spring_constant", "surface_tension", "mechanics", "Stiffness k = F/x, in N/m", ["spring", "stiffness", "Hooke"]),
  // mass per volume
  k("density", "density", "mechanics", "Mass per volume of a substance, ρ", ["density", "ρ", "rho"]),
  k("mass_concentration", "density", "chemistry", "Mass of solute per volume of solution, γ (mg/dL, g/L)", ["concentration", "mg/dL", "titer"], {
    hints: ["Mass concentration is solute per solution volume; density is the whole substance's mass per volume"]
  }),
  // amount per volume
  k("molarity", "concentration", "chemistry", "Amount of substance per volume of solution, c (mol/L)", ["molarity", "molar", "mol/L"]),
  // dimensionless
  k("efficiency", "ratio", "dimensionless", "Useful output over input", ["efficiency", "η"]),
  k("strain", "ratio", "mechanics", "Relative deformation ΔL/L", ["strain", "ε"]),
  k("plane_angle", "angle", "geometry", "Plane angle, in rad or degrees", ["angle", "θ", "theta", "radian", "degree"])
]
