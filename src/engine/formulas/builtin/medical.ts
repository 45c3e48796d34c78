// Clinical formulas. Bodies see coherent SI (kg, m, s, m³, kg/m³, mol/m³...). Empirical fits
// divide by the units their coefficients assume (CENTIMETRE, MG_PER_DL...) and say so in
// conventionalUnits; the rest are exact relations checked for dimensional homogeneity.
import * as Formula from "../Formula.ts"

const CENTIMETRE = 0.01 // m
const INCH = 0.0254 // m, exact (1959 international yard and pound agreement)
const YEAR = 365.25 * 86400 // s, the Julian year of the catalog's `yr`; ages are whole years either way
const MG_PER_DL = 0.01 // kg/m³
const G_PER_DL = 10 // kg/m³
const UNITS_PER_LITRE = 1e-6 / 60 / 1e-3 // mol/(s·m³): 1 U = 1 µmol/min
const BILLION_PER_LITRE = 1e9 / 1e-3 // 1/m³
const ML_PER_MIN = 1e-6 / 60 // m³/s
const SECOND = 1 // s

const bodyMass = { dimension: "mass", description: "Body mass (weight)", example: { value: 70, unit: "kg" } } as const
const height = { dimension: "length", description: "Standing height", example: { value: 1.75, unit: "m" } } as const

export const medical: ReadonlyArray<Formula.Formula> = [
  Formula.make({
    name: "bmi",
    domain: "medical",
    description: "Body Mass Index: body mass divided by the square of height",
    equation: "BMI = m / h²",
    source: "WHO Technical Report Series 894 (2000); Quetelet index",
    parameters: { mass: bodyMass, height },
    output: { unit: "kg/m^2", description: "BMI; adults 18.5–24.9 normal, 25–29.9 overweight, ≥ 30 obese" },
    compute: ({ mass, height }) => mass / height ** 2
  }),
  Formula.make({
    name: "bsa",
    domain: "medical",
    description: "Body surface area by the Du Bois formula",
    equation: "BSA = 0.007184 × W^0.425 × H^0.725 (W in kg, H in cm)",
    source: "Du Bois D, Du Bois EF. Arch Intern Med 1916;17:863",
    parameters: { mass: bodyMass, height: { ...height, example: { value: 175, unit: "cm" } } },
    output: { unit: "m^2", description: "Body surface area" },
    conventionalUnits: "weight in kg, height in cm (any mass and length unit is converted first)",
    compute: ({ mass, height }) => 0.007184 * mass ** 0.425 * (height / CENTIMETRE) ** 0.725
  }),
  Formula.make({
    name: "bsa_mosteller",
    domain: "medical",
    description: "Body surface area by the Mosteller formula",
    equation: "BSA = √(H × W / 3600) (H in cm, W in kg)",
    source: "Mosteller RD. N Engl J Med 1987;317:1098",
    parameters: { mass: bodyMass, height: { ...height, example: { value: 175, unit: "cm" } } },
    output: { unit: "m^2", description: "Body surface area" },
    conventionalUnits: "weight in kg, height in cm (any mass and length unit is converted first)",
    compute: ({ mass, height }) => Math.sqrt(((height / CENTIMETRE) * mass) / 3600)
  }),
  Formula.make({
    name: "creatinine_clearance",
    domain: "medical",
    description: "Creatinine clearance by Cockcroft–Gault; sex_factor is 1 for men and 0.85 for women",
    equation: "CrCl = (140 − age) × W × sex_factor / (72 × SCr) (age in years, W in kg, SCr in mg/dL → mL/min)",
    source: "Cockcroft DW, Gault MH. Nephron 1976;16:31",
    parameters: {
      age: { dimension: "time", description: "Age", example: { value: 60, unit: "yr" } },
      mass: { ...bodyMass, example: { value: 72, unit: "kg" } },
      serum_creatinine: {
        dimension: "mass/volume",
        description: "Serum creatinine as a mass concentration (88.4 µmol/L = 1 mg/dL)",
        example: { value: 1, unit: "mg/dL" }
      },
      sex_factor: { dimension: "dimensionless", description: "1 for men, 0.85 for women", example: { value: 1 } }
    },
    output: { unit: "mL/min", description: "Estimated creatinine clearance" },
    conventionalUnits: "age in years, weight in kg, serum creatinine in mg/dL, result in mL/min",
    compute: ({ age, mass, serum_creatinine, sex_factor }) => {
      if (!(sex_factor > 0 && sex_factor <= 1)) return Formula.outOfDomain(`sex_factor must be 1 (men) or 0.85 (women), got ${sex_factor}`)
      return (((140 - age / YEAR) * mass * sex_factor) / (72 * (serum_creatinine / MG_PER_DL))) * ML_PER_MIN
    }
  }),
  Formula.make({
    name: "fib4",
    domain: "medical",
    description: "FIB-4 index of liver fibrosis",
    equation: "FIB-4 = age × AST / (platelets × √ALT) (age in years, AST and ALT in U/L, platelets in 10⁹/L)",
    source: "Sterling RK et al. Hepatology 2006;43:1317",
    parameters: {
      age: { dimension: "time", description: "Age", example: { value: 50, unit: "yr" } },
      ast: { dimension: "catalytic_activity/volume", description: "Aspartate aminotransferase", example: { value: 40, unit: "U/L" } },
      alt: { dimension: "catalytic_activity/volume", description: "Alanine aminotransferase", example: { value: 30, unit: "U/L" } },
      platelets: { dimension: "1/volume", description: "Platelet count per volume (10⁹/L = 1/nL)", example: { value: 200, unit: "10^9/L" } }
    },
    output: { unit: "1", description: "FIB-4 score; < 1.45 makes advanced fibrosis unlikely, > 3.25 likely" },
    conventionalUnits: "age in years, AST and ALT in U/L, platelets in 10⁹/L",
    compute: ({ age, ast, alt, platelets }) => ((age / YEAR) * (ast / UNITS_PER_LITRE)) / ((platelets / BILLION_PER_LITRE) * Math.sqrt(alt / UNITS_PER_LITRE))
  }),
  Formula.make({
    name: "mean_arterial_pressure",
    domain: "medical",
    description: "Mean arterial pressure estimated from systolic and diastolic pressure",
    equation: "MAP = DBP + (SBP − DBP) / 3",
    source: "Klabunde RE. Cardiovascular Physiology Concepts, 2nd ed. (2011), ch. 5",
    parameters: {
      systolic: { dimension: "pressure", description: "Systolic blood pressure", example: { value: 120, unit: "mmHg" } },
      diastolic: { dimension: "pressure", description: "Diastolic blood pressure", example: { value: 80, unit: "mmHg" } }
    },
    output: { unit: "mmHg", description: "Mean arterial pressure" },
    compute: ({ systolic, diastolic }) => diastolic + (systolic - diastolic) / 3
  }),
  Formula.make({
    name: "ideal_body_weight",
    domain: "medical",
    description: "Ideal body weight by Devine; sex is 1 for men, 0 for women",
    equation: "IBW = 50 kg (men) or 45.5 kg (women) + 2.3 kg per inch over 60 in",
    source: "Devine BJ. Drug Intell Clin Pharm 1974;8:650",
    parameters: {
      height: { ...height, example: { value: 70, unit: "in" } },
      sex: { dimension: "dimensionless", description: "1 for men, 0 for women", example: { value: 1 } }
    },
    output: { unit: "kg", description: "Ideal body weight" },
    conventionalUnits: "height in inches, result in kg",
    compute: ({ height, sex }) => {
      if (!(sex === 0 || sex === 1)) return Formula.outOfDomain(`sex must be 1 (men) or 0 (women), got ${sex}`)
      return (sex === 1 ? 50 : 45.5) + 2.3 * (height / INCH - 60)
    }
  }),
  Formula.make({
    name: "anion_gap",
    domain: "medical",
    description: "Serum anion gap (without potassium)",
    equation: "AG = Na⁺ − (Cl⁻ + HCO₃⁻)",
    source: "Kraut JA, Madias NE. Clin J Am Soc Nephrol 2007;2:162",
    parameters: {
      sodium: { dimension: "concentration", description: "Serum sodium (mmol/L = mEq/L)", example: { value: 140, unit: "mmol/L" } },
      chloride: { dimension: "concentration", description: "Serum chloride", example: { value: 104, unit: "mmol/L" } },
      bicarbonate: { dimension: "concentration", description: "Serum bicarbonate", example: { value: 24, unit: "mmol/L" } }
    },
    output: { unit: "mmol/L", description: "Anion gap; about 8–12 mmol/L is normal" },
    compute: ({ sodium, chloride, bicarbonate }) => sodium - (chloride + bicarbonate)
  }),
  Formula.make({
    name: "corrected_calcium",
    domain: "medical",
    description: "Total calcium corrected for a low albumin",
    equation: "Ca_corr = Ca + 0.8 × (4.0 − albumin) (Ca in mg/dL, albumin in g/dL)",
    source: "Payne RB et al. Br Med J 1973;4:643",
    parameters: {
      calcium: { dimension: "mass/volume", description: "Total serum calcium", example: { value: 8, unit: "mg/dL" } },
      albumin: { dimension: "mass/volume", description: "Serum albumin", example: { value: 2, unit: "g/dL" } }
    },
    output: { unit: "mg/dL", description: "Corrected total calcium" },
    conventionalUnits: "calcium in mg/dL, albumin in g/dL against a reference of 4.0 g/dL",
    compute: ({ calcium, albumin }) => calcium + 0.8 * MG_PER_DL * (4 - albumin / G_PER_DL)
  }),
  Formula.make({
    name: "infusion_rate",
    domain: "medical",
    description: "Pump rate for a weight-based continuous infusion",
    equation: "rate = dose_rate × weight / concentration",
    source: "Standard dosage calculation, e.g. Boyer MJ. Math for Nurses, 10th ed. (2020)",
    parameters: {
      dose_rate: { dimension: "mass/(mass*time)", description: "Ordered dose per body mass per time", example: { value: 5, unit: "mcg/kg/min" } },
      mass: { ...bodyMass, example: { value: 80, unit: "kg" } },
      concentration: { dimension: "mass/volume", description: "Drug concentration in the bag", example: { value: 1.6, unit: "mg/mL" } }
    },
    output: { unit: "mL/h", description: "Volume rate to set on the pump" },
    compute: ({ dose_rate, mass, concentration }) => (dose_rate * mass) / concentration
  }),
  Formula.make({
    name: "drip_rate",
    domain: "medical",
    description: "Gravity IV drip rate from volume, time and the set's drop factor",
    equation: "drip rate = volume × drop_factor / time",
    source: "Standard IV calculation, e.g. Boyer MJ. Math for Nurses, 10th ed. (2020)",
    parameters: {
      volume: { dimension: "volume", description: "Volume to infuse", example: { value: 1000, unit: "mL" } },
      drop_factor: { dimension: "count/volume", description: "Drop factor of the giving set", example: { value: 15, unit: "gtt/mL" } },
      duration: { dimension: "time", description: "Infusion time", example: { value: 8, unit: "h" } }
    },
    output: { unit: "gtt/min", description: "Drops per minute" },
    compute: ({ volume, drop_factor, duration }) => (volume * drop_factor) / duration
  }),
  Formula.make({
    name: "qtc_bazett",
    domain: "medical",
    description: "Heart-rate corrected QT interval by Bazett (RR = 60 s / heart rate)",
    equation: "QTc = QT / √(RR / 1 s)",
    source: "Bazett HC. Heart 1920;7:353",
    parameters: {
      qt_interval: { dimension: "time", description: "Measured QT interval", example: { value: 400, unit: "ms" } },
      rr_interval: { dimension: "time", description: "RR interval (60 s / heart rate)", example: { value: 0.8, unit: "s" } }
    },
    output: { unit: "ms", description: "Corrected QT interval" },
    conventionalUnits: "RR in seconds",
    compute: ({ qt_interval, rr_interval }) => qt_interval / Math.sqrt(rr_interval / SECOND)
  }),
  Formula.make({
    name: "qtc_fridericia",
    domain: "medical",
    description: "Heart-rate corrected QT interval by Fridericia (RR = 60 s / heart rate)",
    equation: "QTc = QT / ∛(RR / 1 s)",
    source: "Fridericia LS. Acta Med Scand 1920;53:469",
    parameters: {
      qt_interval: { dimension: "time", description: "Measured QT interval", example: { value: 400, unit: "ms" } },
      rr_interval: { dimension: "time", description: "RR interval (60 s / heart rate)", example: { value: 0.8, unit: "s" } }
    },
    output: { unit: "ms", description: "Corrected QT interval" },
    conventionalUnits: "RR in seconds",
    compute: ({ qt_interval, rr_interval }) => qt_interval / Math.cbrt(rr_interval / SECOND)
  }),
  Formula.make({
    name: "weight_based_dose",
    domain: "medical",
    description: "A single dose from a per-kilogram order",
    equation: "dose = dose_per_mass × weight",
    source: "Standard dosage calculation, e.g. Boyer MJ. Math for Nurses, 10th ed. (2020)",
    parameters: {
      dose_per_mass: { dimension: "mass/mass", description: "Ordered dose per body mass", example: { value: 15, unit: "mg/kg" } },
      mass: bodyMass
    },
    output: { unit: "mg", description: "Dose" },
    compute: ({ dose_per_mass, mass }) => dose_per_mass * mass
  })
]
