// Substances whose molar mass relates a mass to an amount of substance (mg/dL ↔ mmol/L), the
// commonest conversion between US conventional and SI laboratory units. Each molar mass is computed
// from the formula with the standard atomic weights, abridged to five significant figures (IUPAC
// CIAAW, "Standard atomic weights of the elements 2021", Pure Appl. Chem. 94 (2022) 573), so a
// reader can check every digit; the resulting factors agree with the SI conversion tables of
// clinical chemistry (e.g. glucose 0.0555, creatinine 88.4, cholesterol 0.02586, calcium 0.2495).
// A valence is given only where the charge of the ion is fixed (Ca²⁺, Na⁺); phosphate's varies with
// pH and has none. A substance whose molar mass depends on a convention the name does not fix
// (hemoglobin: monomer or tetramer) is not listed: its molar mass must be stated, nor is a mixture
// (gentamicin: its C1, C1a and C2 components differ). The name written is the substance used: an acid
// and its anion are separate entries (lactic acid 90.078, lactate 89.070 g/mol). Drug formulas are
// PubChem's (https://pubchem.ncbi.nlm.nih.gov), for the analytes therapeutic drug monitoring reports.

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
  I: "126.90",
  F: "18.998"
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
  { name: "uric acid", aliases: [], formula: "C5H4N4O3" },
  {
    name: "urate",
    aliases: ["urate ion"],
    formula: "C5H3N4O3",
    note: "urate, the anion (167.10 g/mol); for uric acid (168.11 g/mol, what most tables use) name uric acid"
  },
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
  {
    name: "lactate",
    aliases: ["L-lactate"],
    formula: "C3H5O3",
    note: "lactate, the anion (89.070 g/mol); tables that divide mg/dL by 9.01 use lactic acid's 90.078 g/mol: name lactic acid for that"
  },
  { name: "lactic acid", aliases: [], formula: "C3H6O3" },
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
  { name: "folate", aliases: ["folic acid"], formula: "C19H19N7O6", note: "folate as folic acid (441.40 g/mol), the laboratory convention" },
  { name: "vitamin B12", aliases: ["cobalamin", "cyanocobalamin", "B12"], formula: "C63H88CoN14O14P" },
  { name: "thyroxine", aliases: ["T4", "free T4"], formula: "C15H11I4NO4" },
  { name: "digoxin", aliases: [], formula: "C41H64O14" },
  // therapeutic drug monitoring
  { name: "digitoxin", aliases: [], formula: "C41H64O13" },
  { name: "phenytoin", aliases: ["diphenylhydantoin"], formula: "C15H12N2O2" },
  { name: "fosphenytoin", aliases: [], formula: "C16H15N2O6P" },
  { name: "carbamazepine", aliases: [], formula: "C15H12N2O" },
  { name: "carbamazepine epoxide", aliases: ["carbamazepine-10,11-epoxide"], formula: "C15H12N2O2" },
  { name: "valproic acid", aliases: [], formula: "C8H16O2" },
  { name: "valproate", aliases: [], formula: "C8H15O2", note: "valproate, the anion (143.20 g/mol); for valproic acid (144.21 g/mol) name valproic acid" },
  { name: "phenobarbital", aliases: ["phenobarbitone"], formula: "C12H12N2O3" },
  { name: "primidone", aliases: [], formula: "C12H14N2O2" },
  { name: "ethosuximide", aliases: [], formula: "C7H11NO2" },
  { name: "lamotrigine", aliases: [], formula: "C9H7Cl2N5" },
  { name: "levetiracetam", aliases: [], formula: "C8H14N2O2" },
  { name: "topiramate", aliases: [], formula: "C12H21NO8S" },
  { name: "lacosamide", aliases: [], formula: "C13H18N2O3" },
  { name: "zonisamide", aliases: [], formula: "C8H8N2O3S" },
  { name: "tobramycin", aliases: [], formula: "C18H37N5O9" },
  { name: "amikacin", aliases: [], formula: "C22H43N5O13" },
  { name: "vancomycin", aliases: [], formula: "C66H75Cl2N9O24" },
  { name: "methotrexate", aliases: ["MTX"], formula: "C20H22N8O5" },
  { name: "theophylline", aliases: [], formula: "C7H8N4O2" },
  { name: "caffeine", aliases: [], formula: "C8H10N4O2" },
  { name: "cyclosporine", aliases: ["ciclosporin", "cyclosporin A"], formula: "C62H111N11O12" },
  { name: "tacrolimus", aliases: ["FK506"], formula: "C44H69NO12" },
  { name: "sirolimus", aliases: ["rapamycin"], formula: "C51H79NO13" },
  { name: "everolimus", aliases: [], formula: "C53H83NO14" },
  { name: "mycophenolic acid", aliases: ["MPA"], formula: "C17H20O6" },
  { name: "paracetamol", aliases: ["acetaminophen", "APAP"], formula: "C8H9NO2" },
  { name: "salicylic acid", aliases: [], formula: "C7H6O3" },
  { name: "salicylate", aliases: [], formula: "C7H5O3", note: "salicylate, the anion (137.11 g/mol); for salicylic acid (138.12 g/mol) name salicylic acid" },
  { name: "quinidine", aliases: [], formula: "C20H24N2O2" },
  { name: "procainamide", aliases: [], formula: "C13H21N3O" },
  { name: "flecainide", aliases: [], formula: "C17H20F6N2O3" },
  { name: "amiodarone", aliases: [], formula: "C25H29I2NO3" },
  { name: "clozapine", aliases: [], formula: "C18H19ClN4" },
  { name: "voriconazole", aliases: [], formula: "C16H14F3N5O" },
  // hormones and vitamins clinical labs report in both unit systems
  { name: "estradiol", aliases: ["oestradiol", "E2"], formula: "C18H24O2" },
  { name: "progesterone", aliases: [], formula: "C21H30O2" },
  { name: "homocysteine", aliases: [], formula: "C4H9NO2S" },
  { name: "water", aliases: ["H2O"], formula: "H2O" }
]
