// Chemistry formulas: gases, solutions, thermodynamics and acid–base. Concentrations are amount
// concentrations (mol/L, mmol/L); temperatures given in °C or °F are absolute temperatures here.
import * as Formula from "../Formula.ts"

const MOLE_PER_LITRE = 1000 // mol/m³, the standard concentration c° of pH

const temperature = {
  dimension: "temperature",
  description: "Absolute temperature (°C and °F are converted as points on the scale)",
  example: { value: 298.15, unit: "K" }
} as const

export const chemistry: ReadonlyArray<Formula.Formula> = [
  Formula.make({
    name: "ideal_gas_pressure",
    domain: "chemistry",
    description: "Pressure of an ideal gas",
    equation: "P = n R T / V",
    source: "Atkins P, de Paula J. Physical Chemistry, 11th ed., §1A; R = N_A k (exact, CODATA 2022)",
    parameters: {
      amount: { dimension: "amount_of_substance", description: "Amount of gas", example: { value: 1, unit: "mol" } },
      temperature: { ...temperature, example: { value: 273.15, unit: "K" } },
      volume: { dimension: "volume", description: "Volume of the container", example: { value: 22.414, unit: "L" } }
    },
    output: { unit: "Pa", description: "Pressure" },
    constants: ["R"],
    compute: ({ amount, temperature, volume, R }) => (amount * R * temperature) / volume
  }),
  Formula.make({
    name: "molarity",
    domain: "chemistry",
    description: "Amount concentration of a solution",
    equation: "c = n / V",
    source: "IUPAC Gold Book, 'amount concentration'",
    parameters: {
      amount: { dimension: "amount_of_substance", description: "Amount of solute", example: { value: 0.5, unit: "mol" } },
      volume: { dimension: "volume", description: "Volume of solution", example: { value: 2, unit: "L" } }
    },
    output: { unit: "mol/L", description: "Molarity" },
    compute: ({ amount, volume }) => amount / volume
  }),
  Formula.make({
    name: "dilution",
    domain: "chemistry",
    description: "Concentration after diluting a stock solution to a final volume",
    equation: "c₂ = c₁ V₁ / V₂",
    source: "Conservation of solute, c₁V₁ = c₂V₂; e.g. Harris DC. Quantitative Chemical Analysis, 9th ed., §1-3",
    parameters: {
      stock_concentration: { dimension: "concentration", description: "Concentration of the stock", example: { value: 1, unit: "mol/L" } },
      stock_volume: { dimension: "volume", description: "Volume of stock used", example: { value: 10, unit: "mL" } },
      final_volume: { dimension: "volume", description: "Volume after dilution", example: { value: 100, unit: "mL" } }
    },
    output: { unit: "mol/L", description: "Final concentration" },
    compute: ({ stock_concentration, stock_volume, final_volume }) => (stock_concentration * stock_volume) / final_volume
  }),
  Formula.make({
    name: "dilution_volume",
    domain: "chemistry",
    description: "Volume of stock needed to make a solution of a target concentration",
    equation: "V₁ = c₂ V₂ / c₁",
    source: "Conservation of solute, c₁V₁ = c₂V₂; e.g. Harris DC. Quantitative Chemical Analysis, 9th ed., §1-3",
    parameters: {
      stock_concentration: { dimension: "concentration", description: "Concentration of the stock", example: { value: 12, unit: "mol/L" } },
      target_concentration: { dimension: "concentration", description: "Concentration wanted", example: { value: 0.1, unit: "mol/L" } },
      final_volume: { dimension: "volume", description: "Volume wanted", example: { value: 500, unit: "mL" } }
    },
    output: { unit: "mL", description: "Volume of stock to dilute to final_volume" },
    compute: ({ stock_concentration, target_concentration, final_volume }) => (target_concentration * final_volume) / stock_concentration
  }),
  Formula.make({
    name: "moles_from_mass",
    domain: "chemistry",
    description: "Amount of substance in a mass of a compound",
    equation: "n = m / M",
    source: "IUPAC Gold Book, 'molar mass'",
    parameters: {
      mass: { dimension: "mass", description: "Mass of the sample", example: { value: 29.22, unit: "g" } },
      molar_mass: { dimension: "molar_mass", description: "Molar mass of the compound", example: { value: 58.44, unit: "g/mol" } }
    },
    output: { unit: "mol", description: "Amount of substance" },
    compute: ({ mass, molar_mass }) => mass / molar_mass
  }),
  Formula.make({
    name: "gibbs_free_energy",
    domain: "chemistry",
    description: "Gibbs energy change of a reaction from its enthalpy and entropy changes",
    equation: "ΔG = ΔH − T ΔS",
    source: "Atkins P, de Paula J. Physical Chemistry, 11th ed., §3D",
    parameters: {
      enthalpy: { dimension: "molar_energy", description: "Enthalpy change ΔH", example: { value: -92.2, unit: "kJ/mol" } },
      temperature,
      entropy: { dimension: "molar_entropy", description: "Entropy change ΔS", example: { value: -198.7, unit: "J/(mol*K)" } }
    },
    output: { unit: "kJ/mol", description: "Gibbs energy change ΔG; negative means spontaneous" },
    compute: ({ enthalpy, temperature, entropy }) => enthalpy - temperature * entropy,
    otherForm: "gibbs_free_energy_extensive"
  }),
  Formula.make({
    name: "gibbs_free_energy_extensive",
    domain: "chemistry",
    description: "Gibbs energy change of a system from its enthalpy and entropy changes (not per mole)",
    equation: "ΔG = ΔH − T ΔS",
    source: "Atkins P, de Paula J. Physical Chemistry, 11th ed., §3D",
    parameters: {
      enthalpy: { dimension: "energy", description: "Enthalpy change ΔH", example: { value: -285.8, unit: "kJ" } },
      temperature,
      entropy: { dimension: "entropy", description: "Entropy change ΔS", example: { value: -163.15, unit: "J/K" } }
    },
    output: { unit: "J", description: "Gibbs energy change ΔG; negative means spontaneous" },
    compute: ({ enthalpy, temperature, entropy }) => enthalpy - temperature * entropy,
    otherForm: "gibbs_free_energy"
  }),
  Formula.make({
    name: "ph_from_concentration",
    domain: "chemistry",
    description: "pH from the hydrogen-ion concentration (ideal solution, activity = concentration)",
    equation: "pH = −log₁₀([H⁺] / 1 mol/L)",
    source: "IUPAC Gold Book, 'pH' (Sørensen definition)",
    parameters: {
      hydrogen_ion_concentration: { dimension: "concentration", description: "[H⁺]", example: { value: 1e-7, unit: "mol/L" } }
    },
    output: { unit: "1", description: "pH" },
    conventionalUnits: "[H⁺] relative to the standard concentration 1 mol/L",
    compute: ({ hydrogen_ion_concentration }) => -Math.log10(hydrogen_ion_concentration / MOLE_PER_LITRE)
  }),
  Formula.make({
    name: "henderson_hasselbalch",
    domain: "chemistry",
    description: "pH of a buffer from the pKa and the base/acid concentration ratio",
    equation: "pH = pKa + log₁₀([A⁻] / [HA])",
    source: "Po HN, Senozan NM. J Chem Educ 2001;78:1499",
    parameters: {
      pka: { dimension: "dimensionless", description: "pKa of the weak acid", example: { value: 4.76 } },
      base_concentration: { dimension: "concentration", description: "[A⁻], conjugate base", example: { value: 0.1, unit: "mol/L" } },
      acid_concentration: { dimension: "concentration", description: "[HA], weak acid", example: { value: 0.1, unit: "mol/L" } }
    },
    output: { unit: "1", description: "pH" },
    compute: ({ pka, base_concentration, acid_concentration }) => pka + Math.log10(base_concentration / acid_concentration)
  })
]
