// Every built-in formula against a worked value. "By hand" means the published equation evaluated
// on paper from the cited source, independently of our code; other values come from the source named.
import { describe, expect, it } from "vitest"
import * as Constants from "../../src/engine/constants/Constants.ts"
import type { FormulaInput } from "../../src/engine/formulas/FormulaEvaluation.ts"
import { builtinFormulas } from "../../src/engine/formulas/builtin/index.ts"
import { relativeError } from "../support/catalog.ts"
import { callFormula, prepared } from "../support/formulas.ts"

interface WorkedValue {
  readonly title: string
  readonly formula: string
  readonly parameters: Readonly<Record<string, FormulaInput>>
  readonly expected: number
  readonly unit: string
  /** Relative tolerance; rounding of the source's published figure. */
  readonly tolerance: number
}

const q = (value: number, unit?: string): FormulaInput => (unit === undefined ? { value } : { value, unit })

const medical: ReadonlyArray<WorkedValue> = [
  {
    title: "70 kg, 1.75 m → 22.857142857142858 kg/m² (seed 001)",
    formula: "bmi",
    parameters: { mass: q(70, "kg"), height: q(1.75, "m") },
    expected: 22.857142857142858,
    unit: "kg/m²",
    tolerance: 0
  },
  {
    title: "150 lb, 65 in → 24.96 kg/m² (CDC, 'About Adult BMI': 150 ÷ 65² × 703)",
    formula: "bmi",
    parameters: { mass: q(150, "lb"), height: q(65, "in") },
    expected: 24.96,
    unit: "kg/m²",
    tolerance: 5e-4
  },
  {
    title: "Du Bois: 70 kg, 175 cm → 1.848 m² (by hand: 0.007184 × 70^0.425 × 175^0.725)",
    formula: "bsa",
    parameters: { mass: q(70, "kg"), height: q(175, "cm") },
    expected: 1.84814,
    unit: "m²",
    tolerance: 1e-5
  },
  {
    title: "Mosteller: 70 kg, 1.75 m → √(175 × 70 / 3600) = 1.8447 m² (by hand)",
    formula: "bsa_mosteller",
    parameters: { mass: q(70, "kg"), height: q(1.75, "m") },
    expected: 1.84466,
    unit: "m²",
    tolerance: 1e-5
  },
  {
    title: "Cockcroft–Gault: 60 y, 72 kg, SCr 1.0 mg/dL, man → 80 mL/min (by hand)",
    formula: "creatinine_clearance",
    parameters: { age: q(60, "yr"), mass: q(72, "kg"), serum_creatinine: q(1, "mg/dL"), sex_factor: q(1) },
    expected: 80,
    unit: "mL/min",
    tolerance: 1e-12
  },
  {
    title: "Cockcroft–Gault: the same woman (× 0.85) → 68 mL/min",
    formula: "creatinine_clearance",
    parameters: { age: q(60, "yr"), mass: q(72, "kg"), serum_creatinine: q(1, "mg/dL"), sex_factor: q(0.85) },
    expected: 68,
    unit: "mL/min",
    tolerance: 1e-12
  },
  {
    title: "FIB-4: 50 y, AST 40, ALT 30 U/L, platelets 200 × 10⁹/L → 2000 / (200 √30) = 1.8257 (by hand)",
    formula: "fib4",
    parameters: { age: q(50, "yr"), ast: q(40, "U/L"), alt: q(30, "U/L"), platelets: q(200, "10^9/L") },
    expected: 1.825742,
    unit: "1",
    tolerance: 1e-6
  },
  {
    title: "MAP of 120/80 mmHg → 93.33 mmHg (Klabunde)",
    formula: "mean_arterial_pressure",
    parameters: { systolic: q(120, "mmHg"), diastolic: q(80, "mmHg") },
    expected: 93.333333,
    unit: "mmHg",
    tolerance: 1e-8
  },
  {
    title: "Devine: man of 70 in → 50 + 2.3 × 10 = 73 kg",
    formula: "ideal_body_weight",
    parameters: { height: q(70, "in"), sex: q(1) },
    expected: 73,
    unit: "kg",
    tolerance: 1e-12
  },
  {
    title: "Devine: woman of 5 ft 5 in (165.1 cm) → 45.5 + 2.3 × 5 = 57 kg",
    formula: "ideal_body_weight",
    parameters: { height: q(165.1, "cm"), sex: q(0) },
    expected: 57,
    unit: "kg",
    tolerance: 1e-12
  },
  {
    title: "anion gap: Na 140, Cl 104, HCO₃ 24 mmol/L → 12 mmol/L (Kraut & Madias)",
    formula: "anion_gap",
    parameters: { sodium: q(140, "mmol/L"), chloride: q(104, "mmol/L"), bicarbonate: q(24, "mmol/L") },
    expected: 12,
    unit: "mmol/L",
    tolerance: 1e-12
  },
  {
    title: "Payne: Ca 8.0 mg/dL, albumin 2.0 g/dL → 8.0 + 0.8 × 2 = 9.6 mg/dL",
    formula: "corrected_calcium",
    parameters: { calcium: q(8, "mg/dL"), albumin: q(2, "g/dL") },
    expected: 9.6,
    unit: "mg/dL",
    tolerance: 1e-12
  },
  {
    title: "5 mcg/kg/min for 80 kg, 400 mg in 250 mL → 15 mL/h (issue 3)",
    formula: "infusion_rate",
    parameters: { dose_rate: q(5, "mcg/kg/min"), mass: q(80, "kg"), concentration: q(400, "mg/(250 mL)") },
    expected: 15,
    unit: "mL/h",
    tolerance: 1e-12
  },
  {
    title: "1000 mL over 8 h at 15 gtt/mL → 31.25 gtt/min (seed 001 IV drip)",
    formula: "drip_rate",
    parameters: { volume: q(1000, "mL"), drop_factor: q(15, "gtt/mL"), duration: q(8, "h") },
    expected: 31.25,
    unit: "gtt/min",
    tolerance: 1e-12
  },
  {
    title: "Bazett: QT 400 ms at 75 /min (RR 0.8 s) → 400 / √0.8 = 447.2 ms",
    formula: "qtc_bazett",
    parameters: { qt_interval: q(400, "ms"), rr_interval: q(0.8, "s") },
    expected: 447.213595,
    unit: "ms",
    tolerance: 1e-8
  },
  {
    title: "Fridericia: QT 400 ms, RR 800 ms → 400 / ∛0.8 = 430.9 ms",
    formula: "qtc_fridericia",
    parameters: { qt_interval: q(400, "ms"), rr_interval: q(800, "ms") },
    expected: 430.886938,
    unit: "ms",
    tolerance: 1e-8
  },
  {
    title: "15 mg/kg for 70 kg → 1050 mg",
    formula: "weight_based_dose",
    parameters: { dose_per_mass: q(15, "mg/kg"), mass: q(70, "kg") },
    expected: 1050,
    unit: "mg",
    tolerance: 1e-12
  },
  {
    title: "Cockcroft–Gault, woman of 60, 72 kg, 1 mg/dL → 68 mL/min",
    formula: "creatinine_clearance_by_sex",
    parameters: { age: q(60, "yr"), mass: q(72, "kg"), serum_creatinine: q(1, "mg/dL"), is_female: q(1) },
    expected: 68,
    unit: "mL/min",
    tolerance: 1e-9
  }
]

const engineering: ReadonlyArray<WorkedValue> = [
  {
    title: "water at 20 °C (ρ 998.2 kg/m³, μ 1.002 mPa·s), 1 m/s, 0.1 m pipe → about 99,600, not ×1000 (ucon's bug)",
    formula: "reynolds_number",
    parameters: { density: q(998.2, "kg/m^3"), velocity: q(1, "m/s"), length: q(0.1, "m"), viscosity: q(1.002, "mPa*s") },
    expected: 99620.758,
    unit: "1",
    tolerance: 1e-7
  },
  {
    title: "2 A through 10 Ω → 40 W",
    formula: "ohms_law_power",
    parameters: { current: q(2, "A"), resistance: q(10, "ohm") },
    expected: 40,
    unit: "W",
    tolerance: 1e-12
  },
  {
    title: "2 A through 10 Ω → 20 V",
    formula: "ohms_law_voltage",
    parameters: { current: q(2, "A"), resistance: q(10, "ohm") },
    expected: 20,
    unit: "V",
    tolerance: 1e-12
  },
  {
    title: "12 V across 4 kΩ → 3 mA",
    formula: "ohms_law_current",
    parameters: { voltage: q(12, "V"), resistance: q(4, "kohm") },
    expected: 0.003,
    unit: "A",
    tolerance: 1e-12
  },
  {
    title: "230 V × 10 A → 2300 W",
    formula: "electrical_power",
    parameters: { voltage: q(230, "V"), current: q(10, "A") },
    expected: 2300,
    unit: "W",
    tolerance: 1e-12
  },
  {
    title: "1000 lbf on 1 in² → 1000 psi = 6.894757 MPa (NIST SP 811 B.8)",
    formula: "stress",
    parameters: { force: q(1000, "lbf"), area: q(1, "in^2") },
    expected: 6.894757e6,
    unit: "Pa",
    tolerance: 1e-7
  },
  {
    title: "f 0.02, 100 m of 0.1 m pipe, water at 2 m/s → 40 kPa (by hand)",
    formula: "darcy_weisbach",
    parameters: { friction_factor: q(0.02), length: q(100, "m"), diameter: q(0.1, "m"), density: q(1000, "kg/m^3"), velocity: q(2, "m/s") },
    expected: 40000,
    unit: "Pa",
    tolerance: 1e-12
  },
  {
    title: "2 kg at 3 m/s → 9 J",
    formula: "kinetic_energy",
    parameters: { mass: q(2, "kg"), velocity: q(3, "m/s") },
    expected: 9,
    unit: "J",
    tolerance: 1e-12
  },
  {
    title: "100 N·m at 3000 rpm → 10 000 π W = 31.416 kW",
    formula: "power_from_torque",
    parameters: { torque: q(100, "N*m"), angular_velocity: q(3000, "rpm") },
    expected: 10000 * Math.PI,
    unit: "W",
    tolerance: 1e-12
  },
  {
    title: "Incropera example 1.1: fireclay wall, k 1.7 W/(m·K), 0.5 m × 1.2 m, 0.15 m thick, 1400 K vs 1150 K → 1700 W",
    formula: "heat_conduction",
    parameters: { thermal_conductivity: q(1.7, "W/(m*K)"), area: q(0.6, "m^2"), temperature_difference: q(250, "K"), thickness: q(0.15, "m") },
    expected: 1700,
    unit: "W",
    tolerance: 1e-12
  },
  {
    title: "10 m of fresh water → 98.0665 kPa, about one atmosphere (White §2.3)",
    formula: "hydrostatic_pressure",
    parameters: { density: q(1000, "kg/m^3"), depth: q(10, "m") },
    expected: 98066.5,
    unit: "Pa",
    tolerance: 1e-12
  },
  {
    title: "C_d 0.3, sea-level air, 30 m/s, 2.2 m² → 363.8 N (by hand)",
    formula: "drag_force",
    parameters: { drag_coefficient: q(0.3), density: q(1.225, "kg/m^3"), velocity: q(30, "m/s"), area: q(2.2, "m^2") },
    expected: 363.825,
    unit: "N",
    tolerance: 1e-12
  },
  {
    title: "12 V across 6 Ω → 24 W",
    formula: "ohms_law_power_from_voltage",
    parameters: { voltage: q(12, "V"), resistance: q(6, "ohm") },
    expected: 24,
    unit: "W",
    tolerance: 1e-12
  },
  {
    title: "f 0.02, 100 m of 0.1 m pipe at 2 m/s → 4.079 m of head (by hand)",
    formula: "darcy_weisbach_head_loss",
    parameters: { friction_factor: q(0.02), pipe_length: q(100, "m"), pipe_diameter: q(0.1, "m"), flow_velocity: q(2, "m/s") },
    expected: 4.078864851,
    unit: "m",
    tolerance: 1e-9
  }
]

const chemistry: ReadonlyArray<WorkedValue> = [
  {
    title: "1 mol at 273.15 K in the CODATA molar volume 22.41396954 L → 101.325 kPa",
    formula: "ideal_gas_pressure",
    parameters: { amount: q(1, "mol"), temperature: q(273.15, "K"), volume: q(22.41396954, "L") },
    expected: 101325,
    unit: "Pa",
    tolerance: 1e-9
  },
  {
    title: "0.5 mol in 2 L → 0.25 mol/L",
    formula: "molarity",
    parameters: { amount: q(0.5, "mol"), volume: q(2, "L") },
    expected: 0.25,
    unit: "mol/L",
    tolerance: 1e-12
  },
  {
    title: "10 mL of 1 M made up to 100 mL → 0.1 M",
    formula: "dilution",
    parameters: { stock_concentration: q(1, "M"), stock_volume: q(10, "mL"), final_volume: q(100, "mL") },
    expected: 0.1,
    unit: "mol/L",
    tolerance: 1e-12
  },
  {
    title: "0.1 M in 500 mL from 12 M HCl → 4.17 mL of stock",
    formula: "dilution_volume",
    parameters: { stock_concentration: q(12, "mol/L"), target_concentration: q(0.1, "mol/L"), final_volume: q(500, "mL") },
    expected: 4.1666667,
    unit: "mL",
    tolerance: 1e-7
  },
  {
    title: "29.22 g of NaCl (58.44 g/mol, IUPAC atomic weights) → 0.5 mol",
    formula: "moles_from_mass",
    parameters: { mass: q(29.22, "g"), molar_mass: q(58.44, "g/mol") },
    expected: 0.5,
    unit: "mol",
    tolerance: 1e-12
  },
  {
    title: "N₂ + 3 H₂ → 2 NH₃ at 298.15 K (ΔH −92.2 kJ/mol, ΔS −198.7 J/(mol·K)) → −33.0 kJ/mol = 2 ΔfG°(NH₃) (Atkins)",
    formula: "gibbs_free_energy",
    parameters: { enthalpy: q(-92.2, "kJ/mol"), temperature: q(298.15, "K"), entropy: q(-198.7, "J/(mol*K)") },
    expected: -32.9,
    unit: "kJ/mol",
    tolerance: 3e-3
  },
  {
    title: "H₂ + ½ O₂ → H₂O(l) at 298.15 K, for the reaction as written (ΔH −285.8 kJ, ΔS −163.15 J/K) → −237.16 kJ = ΔfG°(H₂O, l) −237.13 kJ/mol (Atkins)",
    formula: "gibbs_free_energy_extensive",
    parameters: { enthalpy: q(-285.8, "kJ"), temperature: q(298.15, "K"), entropy: q(-163.15, "J/K") },
    expected: -237130,
    unit: "J",
    tolerance: 3e-4
  },
  {
    title: "[H⁺] = 1e-7 mol/L → pH 7",
    formula: "ph_from_concentration",
    parameters: { hydrogen_ion_concentration: q(1e-7, "mol/L") },
    expected: 7,
    unit: "1",
    tolerance: 1e-12
  },
  {
    title: "acetate buffer, pKa 4.76, [A⁻] 0.1 M, [HA] 10 mM → 5.76",
    formula: "henderson_hasselbalch",
    parameters: { pka: q(4.76), base_concentration: q(0.1, "M"), acid_concentration: q(10, "mmol/L") },
    expected: 5.76,
    unit: "1",
    tolerance: 1e-12
  },
  {
    title: "10 mL of 1 M to 0.1 M → 100 mL",
    formula: "dilution_final_volume",
    parameters: { initial_concentration: q(1, "mol/L"), initial_volume: q(10, "mL"), final_concentration: q(0.1, "mol/L") },
    expected: 100,
    unit: "mL",
    tolerance: 1e-12
  }
]

const physics: ReadonlyArray<WorkedValue> = [
  {
    title: "Earth–Moon: 5.9722e24 kg, 7.342e22 kg, 384 400 km → 1.98e20 N (NASA fact sheets)",
    formula: "gravitational_force",
    parameters: { mass1: q(5.9722e24, "kg"), mass2: q(7.342e22, "kg"), distance: q(384400, "km") },
    expected: 1.98e20,
    unit: "N",
    tolerance: 3e-3
  },
  {
    title: "500 nm photon → 2.4797 eV (hc = 1239.84198 eV·nm, CODATA)",
    formula: "photon_energy",
    parameters: { wavelength: q(500, "nm") },
    expected: 2.479683968664 * 1.602176634e-19,
    unit: "J",
    tolerance: 1e-12
  },
  {
    title: "1 C and 1 C at 1 m → k_e = 8.9875517862e9 N (CODATA 2022)",
    formula: "coulombs_law",
    parameters: { charge1: q(1, "C"), charge2: q(1, "C"), distance: q(1, "m") },
    expected: 8.9875517862e9,
    unit: "N",
    tolerance: 1e-10
  },
  {
    title: "20 m/s at 45° → 400 / 9.80665 = 40.79 m",
    formula: "projectile_range",
    parameters: { velocity: q(20, "m/s"), angle: q(45, "deg") },
    expected: 40.788648519,
    unit: "m",
    tolerance: 1e-9
  },
  { title: "the Sun (1 M☉) → 2.95 km", formula: "schwarzschild_radius", parameters: { mass: q(1, "M_sun") }, expected: 2953, unit: "m", tolerance: 1e-3 },
  {
    title: "1500 kg at 20 m/s → 30 000 kg·m/s",
    formula: "momentum",
    parameters: { mass: q(1500, "kg"), velocity: q(20, "m/s") },
    expected: 30000,
    unit: "kg·m/s",
    tolerance: 1e-12
  },
  {
    title: "10 kg raised 10 m → 980.665 J",
    formula: "gravitational_potential_energy",
    parameters: { mass: q(10, "kg"), height: q(10, "m") },
    expected: 980.665,
    unit: "J",
    tolerance: 1e-12
  },
  {
    title: "electron at 1000 km/s → 0.727 nm",
    formula: "de_broglie_wavelength",
    parameters: { mass: q(1, "m_e"), velocity: q(1000, "km/s") },
    expected: 7.2739e-10,
    unit: "m",
    tolerance: 1e-4
  },
  {
    title: "the seconds pendulum, 0.99362 m → 2.000 s",
    formula: "pendulum_period",
    parameters: { length: q(0.99362, "m") },
    expected: 2,
    unit: "s",
    tolerance: 1e-5
  },
  {
    title: "600 THz → h f = 3.9756e-19 J",
    formula: "photon_energy_from_frequency",
    parameters: { frequency: q(600, "THz") },
    expected: 3.97564209e-19,
    unit: "J",
    tolerance: 1e-8
  }
]

const reliability: ReadonlyArray<WorkedValue> = [
  {
    title: "MTBF 1000 h, MTTR 1 h → 99.90 %",
    formula: "availability",
    parameters: { mtbf: q(1000, "h"), mttr: q(1, "h") },
    expected: 99.9000999,
    unit: "%",
    tolerance: 1e-9
  },
  {
    title: "SLO 99.9 %, measured 99.95 % → half the budget left (SRE Workbook ch. 2)",
    formula: "error_budget_remaining",
    parameters: { slo: q(99.9, "%"), measured_availability: q(0.9995) },
    expected: 50,
    unit: "%",
    tolerance: 1e-9
  },
  {
    title: "99.9 % over 30 days → 43.2 min (SRE book, table 3-1)",
    formula: "allowed_downtime",
    parameters: { slo: q(99.9, "%"), period: q(30, "d") },
    expected: 43.2,
    unit: "min",
    tolerance: 1e-9
  },
  {
    title: "10 000 h with 4 failures → 2500 h",
    formula: "mtbf",
    parameters: { operating_time: q(10000, "h"), failures: q(4) },
    expected: 2500,
    unit: "h",
    tolerance: 1e-12
  },
  {
    title: "6 h of repairs over 4 incidents → 90 min",
    formula: "mttr",
    parameters: { repair_time: q(6, "h"), repairs: q(4, "evt") },
    expected: 90,
    unit: "min",
    tolerance: 1e-12
  },
  {
    title: "1.2 million requests in an hour → 333.3 req/s",
    formula: "throughput",
    parameters: { requests: q(1.2e6, "req"), duration: q(1, "h") },
    expected: 333.333333,
    unit: "req/s",
    tolerance: 1e-8
  },
  {
    title: "719 h up in a 720 h month → 99.861 % (by hand)",
    formula: "availability_from_uptime",
    parameters: { uptime: q(719, "h"), total_time: q(720, "h") },
    expected: 99.86111111,
    unit: "%",
    tolerance: 1e-9
  },
  {
    title: "500 errors in 10⁶ requests against 99.9 % → half the budget left",
    formula: "error_budget_from_errors",
    parameters: { errors: q(500), total_requests: q(1e6), slo: q(99.9, "%") },
    expected: 50,
    unit: "%",
    tolerance: 1e-9
  },
  {
    title: "1 GB in 8 s → 1000 Mbit/s",
    formula: "data_throughput",
    parameters: { data_transferred: q(1, "GB"), duration: q(8, "s") },
    expected: 1000,
    unit: "Mbit/s",
    tolerance: 1e-12
  }
]

const aerospace: ReadonlyArray<WorkedValue> = [
  {
    title: "ISS at 408 km (r = 6779 km) → 7.66 km/s (NASA)",
    formula: "orbital_velocity",
    parameters: { mass: q(5.9722e24, "kg"), radius: q(6779, "km") },
    expected: 7660,
    unit: "m/s",
    tolerance: 2e-3
  },
  {
    title: "Earth, r = 6371 km → 11.186 km/s (NASA Earth fact sheet)",
    formula: "escape_velocity",
    parameters: { mass: q(5.9722e24, "kg"), radius: q(6371, "km") },
    expected: 11186,
    unit: "m/s",
    tolerance: 1e-4
  },
  {
    title: "geostationary a = 42 164 km → one sidereal day, 86 164.1 s",
    formula: "orbital_period",
    parameters: { mass: q(5.9722e24, "kg"), semi_major_axis: q(42164, "km") },
    expected: 86164.1,
    unit: "s",
    tolerance: 2e-5
  },
  {
    title: "Isp 300 s, mass ratio 2 → 300 × 9.80665 × ln 2 = 2039.2 m/s",
    formula: "tsiolkovsky_delta_v",
    parameters: { specific_impulse: q(300, "s"), initial_mass: q(1000, "kg"), final_mass: q(500, "kg") },
    expected: 2039.2355,
    unit: "m/s",
    tolerance: 1e-7
  },
  {
    title: "250 kg/s at 3000 m/s → 750 kN",
    formula: "thrust",
    parameters: { mass_flow_rate: q(250, "kg/s"), exhaust_velocity: q(3000, "m/s") },
    expected: 750000,
    unit: "N",
    tolerance: 1e-12
  },
  {
    title: "750 kN from 250 kg/s → 305.9 s",
    formula: "specific_impulse",
    parameters: { thrust: q(750, "kN"), mass_flow_rate: q(250, "kg/s") },
    expected: 305.91486,
    unit: "s",
    tolerance: 1e-7
  },
  {
    title: "LEO (300 km, r 6678 km) to GEO → 3.89 km/s (Curtis §6.2)",
    formula: "hohmann_delta_v",
    parameters: { mass: q(5.9722e24, "kg"), initial_radius: q(6678, "km"), final_radius: q(42164, "km") },
    expected: 3893,
    unit: "m/s",
    tolerance: 1e-3
  },
  {
    title: "C_L 0.5, sea-level air, 70 m/s, 16.2 m² → 24.3 kN (by hand)",
    formula: "lift_force",
    parameters: { lift_coefficient: q(0.5), density: q(1.225, "kg/m^3"), velocity: q(70, "m/s"), wing_area: q(16.2, "m^2") },
    expected: 24310.125,
    unit: "N",
    tolerance: 1e-12
  }
]

const domains = { medical, engineering, chemistry, physics, reliability, aerospace }

describe("the built-in formulas", () => {
  it("register: dimensions parse, output units resolve, examples evaluate, homogeneous bodies survive rescaling", () => {
    expect(prepared.size).toBe(builtinFormulas.length)
  })

  it("cover ucon's 30 formulas in 6 domains, and more (≥ 36)", () => {
    const ucon = [
      "bmi",
      "bsa",
      "creatinine_clearance",
      "fib4",
      "mean_arterial_pressure",
      "reynolds_number",
      "ohms_law_power",
      "stress",
      "darcy_weisbach",
      "kinetic_energy",
      "ideal_gas_pressure",
      "molarity",
      "dilution",
      "moles_from_mass",
      "gibbs_free_energy",
      "gravitational_force",
      "photon_energy",
      "coulombs_law",
      "projectile_range",
      "schwarzschild_radius",
      "availability",
      "error_budget_remaining",
      "mtbf",
      "mttr",
      "throughput",
      "orbital_velocity",
      "escape_velocity",
      "orbital_period",
      "tsiolkovsky_delta_v",
      "thrust"
    ]
    for (const name of ucon) expect(prepared.has(name), name).toBe(true)
    expect(builtinFormulas.length).toBeGreaterThanOrEqual(36)
    expect(new Set(builtinFormulas.map((f) => f.domain))).toEqual(new Set(Object.keys(domains)))
  })

  it("each have a worked value below, and cite a source", () => {
    const tested = new Set(Object.values(domains).flatMap((cases) => cases.map((c) => c.formula)))
    for (const f of builtinFormulas) {
      expect(tested.has(f.name), `${f.name} has no worked value`).toBe(true)
      expect(f.source.length, `${f.name} cites no source`).toBeGreaterThan(10)
    }
  })
})

for (const [domain, cases] of Object.entries(domains)) {
  describe(`${domain} formulas`, () => {
    it.each(cases)("$formula: $title", ({ formula, parameters, expected, unit, tolerance }) => {
      const result = callFormula(formula, parameters)
      expect(result.unit).toBe(unit)
      if (tolerance === 0) expect(result.quantity).toBe(expected)
      else expect(relativeError(result.quantity, expected)).toBeLessThanOrEqual(tolerance)
    })
  })
}

describe("constants used by formulas", () => {
  it("are CODATA 2022: G = 6.67430(15)e-11 m³/(kg·s²)", () => {
    expect(Constants.lookup("G")).toMatchObject({ value: 6.6743e-11, uncertainty: 1.5e-15 })
  })
})
