// Substances whose molar mass relates a mass to an amount of substance (mg/dL ↔ mmol/L), the
// commonest conversion between US conventional and SI laboratory units. Each molar mass is computed
// from the formula with the standard atomic weights, abridged to five significant figures (IUPAC
// CIAAW, "Standard atomic weights of the elements 2021", Pure Appl. Chem. 94 (2022) 573), so a
// reader can check every digit; the resulting factors agree with the SI conversion tables of
// clinical chemistry (e.g. glucose 0.0555, creatinine 88.4, cholesterol 0.02586, calcium 0.2495).
// A valence is given only where the charge of the ion is fixed (Ca²⁺, Na⁺); phosphate's varies with
// pH and has none. A substance whose molar mass depends on a convention the name does not fix
// (hemoglobin: monomer or tetramer) is not listed: its molar mass must be stated.

/** CIAAW 2021 abridged standard atomic weights (g/mol) of the elements the table uses. */
export const atomicWeights: Readonly<Record<string, string>> = {
  H: "1.008",
  Li: "6.94",
  C: "12.011",
  N: "14.007",
  O: "15.999",
  Na: "22.990",
  Mg: "24.305",
  P: "30.974",
  S: "32.06",
  Cl: "35.45",
  K: "39.098",
  Ca: "40.078",
  Fe: "55.845",
  Co: "58.933",
  I: "126.90"
}

export interface SubstanceEntry {
  /** The name a caller writes, matched ignoring case. */
  readonly name: string
  readonly aliases: ReadonlyArray<string>
  /** The formula whose molar mass is used (elements of atomicWeights). */
  readonly formula: string
  /** Charge number of the ion, for equivalents (mEq ↔ mmol); absent where it is not fixed. */
  readonly valence?: number
  /** What the molar mass stands for, where the name alone does not say. */
  readonly note?: string
}

export const substances: ReadonlyArray<SubstanceEntry> = [
  { name: "glucose", aliases: ["blood glucose", "dextrose"], formula: "C6H12O6" },
  { name: "creatinine", aliases: [], formula: "C4H7N3O" },
  { name: "urea", aliases: [], formula: "CH4N2O" },
  {
    name: "urea nitrogen",
    aliases: ["BUN", "blood urea nitrogen", "SUN"],
    formula: "N2",
    note: "urea nitrogen counts the nitrogen of urea: 1 mmol of urea holds 28.014 mg of nitrogen, so mg/dL of BUN gives mmol/L of urea"
  },
  { name: "cholesterol", aliases: ["total cholesterol", "HDL cholesterol", "LDL cholesterol", "HDL", "LDL"], formula: "C27H46O" },
  { name: "triglycerides", aliases: ["triglyceride", "TG"], formula: "C57H104O6", note: "triglycerides as triolein (885.4 g/mol), the laboratory convention" },
  { name: "bilirubin", aliases: ["total bilirubin"], formula: "C33H36N4O6" },
  { name: "uric acid", aliases: ["urate"], formula: "C5H4N4O3" },
  { name: "calcium", aliases: ["Ca"], formula: "Ca", valence: 2 },
  { name: "magnesium", aliases: ["Mg"], formula: "Mg", valence: 2 },
  { name: "sodium", aliases: ["Na"], formula: "Na", valence: 1 },
  { name: "potassium", aliases: ["K"], formula: "K", valence: 1 },
  { name: "chloride", aliases: ["Cl"], formula: "Cl", valence: 1 },
  { name: "bicarbonate", aliases: ["HCO3"], formula: "HCO3", valence: 1 },
  { name: "lithium", aliases: ["Li"], formula: "Li", valence: 1 },
  {
    name: "phosphorus",
    aliases: ["phosphate", "inorganic phosphorus"],
    formula: "P",
    note: "phosphate reported as phosphorus (30.974 g/mol), the laboratory convention"
  },
  { name: "iron", aliases: ["Fe", "serum iron"], formula: "Fe" },
  { name: "lactate", aliases: ["lactic acid"], formula: "C3H5O3" },
  { name: "ammonia", aliases: ["NH3"], formula: "NH3" },
  { name: "ethanol", aliases: ["alcohol", "blood alcohol"], formula: "C2H6O" },
  { name: "cortisol", aliases: [], formula: "C21H30O5" },
  { name: "testosterone", aliases: [], formula: "C19H28O2" },
  {
    name: "25-hydroxyvitamin D3",
    aliases: ["vitamin D", "25(OH)D", "calcidiol"],
    formula: "C27H44O2",
    note: "vitamin D as 25-hydroxyvitamin D3 (calcidiol), what the blood test measures"
  },
  { name: "folate", aliases: ["folic acid"], formula: "C19H19N7O6" },
  { name: "vitamin B12", aliases: ["cobalamin", "cyanocobalamin", "B12"], formula: "C63H88CoN14O14P" },
  { name: "thyroxine", aliases: ["T4", "free T4"], formula: "C15H11I4NO4" },
  { name: "digoxin", aliases: [], formula: "C41H64O14" },
  { name: "water", aliases: ["H2O"], formula: "H2O" }
]
