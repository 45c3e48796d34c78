// Names that mean different units in different systems. Where the readings differ by more than
// rounding and none dominates, the name is refused and every reading listed (`ambiguous`); where
// one reading dominates, it is taken and the result says which (dominantReadings.ts). Sources: NIST HB 44
// appendix C (US customary and imperial units), NIST SP 811 B.8, GNU units' definitions.units
// (the readings other tools give: ton, b, hbar, nt), and the SI Brochure.

export interface Reading {
  /** What this reading means, in words. */
  readonly meaning: string
  /** An expression in this catalog with that meaning; absent when the catalog has no such unit. */
  readonly unit?: string
}

export interface AmbiguousName {
  /** The names refused; matched exactly, or ignoring case when `anyCase`. */
  readonly names: ReadonlyArray<string>
  readonly anyCase: boolean
  readonly readings: ReadonlyArray<Reading>
}

/**
 * An amount-of-substance flow p·V̇/(R·T) of an ideal gas at a pressure and temperature, with the
 * exact R = N_A·k (the 2019 SI: both are defining constants), not CODATA's ten printed digits.
 */
const atConditions = (volume: string, kelvin: string, pressure = "101325 Pa") => `(${pressure})*(${volume})/((8.31446261815324 J/(mol*K))*(${kelvin} K))`

/** 60 °F in kelvin, the US gas industry's standard temperature: (60 + 459.67) × 5/9. */
const sixtyF = "288.7055555555556"

/**
 * Gas quantities at a reference state, as the gas trade writes them (scf, MMscf, Nm3, Sm3): the
 * amount of gas at one standard's conditions, or the plain volume. The standards: US practice
 * 60 °F at 14.696 psia (101.325 kPa) or AGA's 14.73 psia; ISO 13443 15 °C; DIN 1343 "normal" 0 °C.
 */
const gasVolume = (volume: string, what: string, per = ""): ReadonlyArray<Reading> => [
  { meaning: `${what} of gas at 60 °F and 101.325 kPa (US practice), as an amount`, unit: atConditions(`${volume}${per}`, sixtyF) },
  { meaning: "at 60 °F and 14.73 psia (AGA, US gas sales)", unit: atConditions(`${volume}${per}`, sixtyF, "14.73 psi") },
  { meaning: "the volume itself, whatever the conditions", unit: `${volume}${per}` }
]

/**
 * Standard-condition gas flows name a volume at a reference state, and the reference differs between
 * standards (NIST, CAGI, DIN 1343, SEMI): each reading is the amount of gas per time at one of them.
 */
export const ambiguous: ReadonlyArray<AmbiguousName> = [
  {
    names: ["scfm", "SCFM"],
    anyCase: false,
    readings: [
      { meaning: "standard cubic feet per minute at 60 °F and 101.325 kPa (US gas industry)", unit: atConditions("ft^3/min", "288.7055555555556") },
      { meaning: "at 68 °F (20 °C) and 101.325 kPa", unit: atConditions("ft^3/min", "293.15") },
      { meaning: "at 0 °C and 101.325 kPa (normal conditions, DIN 1343)", unit: atConditions("ft^3/min", "273.15") }
    ]
  },
  { names: ["scf", "SCF"], anyCase: false, readings: gasVolume("ft^3", "standard cubic feet") },
  { names: ["Mscf", "MSCF", "Mcfs"], anyCase: false, readings: gasVolume("1000 ft^3", "thousand standard cubic feet") },
  { names: ["MMscf", "MMSCF"], anyCase: false, readings: gasVolume("1000000 ft^3", "million standard cubic feet") },
  { names: ["MMscfd", "MMSCFD"], anyCase: false, readings: gasVolume("1000000 ft^3", "million standard cubic feet a day", "/d") },
  {
    names: ["Nm3"],
    anyCase: false,
    readings: [
      { meaning: "normal cubic metres: the amount of gas in 1 m³ at 0 °C and 101.325 kPa (DIN 1343)", unit: atConditions("m^3", "273.15") },
      { meaning: "the volume itself, whatever the conditions", unit: "m^3" },
      { meaning: "a newton metre cubed, (N·m)³", unit: "(N*m)^3" }
    ]
  },
  {
    names: ["Sm3"],
    anyCase: false,
    readings: [
      { meaning: "standard cubic metres: the amount of gas in 1 m³ at 15 °C and 101.325 kPa (ISO 13443)", unit: atConditions("m^3", "288.15") },
      { meaning: "at 20 °C and 101.325 kPa", unit: atConditions("m^3", "293.15") },
      { meaning: "the volume itself, whatever the conditions", unit: "m^3" }
    ]
  },
  {
    names: ["cps", "CPS"],
    anyCase: false,
    readings: [
      { meaning: "counts per second (a radiation detector's count rate)", unit: "ea/s" },
      { meaning: "cycles per second (the hertz's old name)", unit: "Hz" },
      { meaning: "centipoise, dynamic viscosity (1 mPa·s), as viscometers print it", unit: "cP" }
    ]
  },
  {
    // UCUM's R is the roentgen; engineering tables write "520 R" for the Rankine scale
    names: ["R"],
    anyCase: false,
    readings: [
      { meaning: "roentgen, exposure 2.58e-4 C/kg (NIST SP 811)", unit: "roentgen" },
      { meaning: "degree Rankine, 5/9 K (an absolute scale)", unit: "°R" },
      { meaning: "the molar gas constant, 8.314462618 J/(mol·K)", unit: "8.31446261815324 J/(mol*K)" }
    ]
  },
  {
    // the ton-force of US practice (GNU units, pint, QUDT tonf{us}) is the short ton's; British engineering's the long ton's
    names: ["tonf"],
    anyCase: false,
    readings: [
      { meaning: "short ton-force, 2000 lbf (US; NIST SP 811 B.8)", unit: "tnf" },
      { meaning: "long ton-force, 2240 lbf (UK)", unit: "long_ton_force" }
    ]
  },
  {
    // NIST SP 811 B.8's gamma is 1 nT; GNU units' (and older chemistry's and pharmacy's) is the microgram
    names: ["gamma", "γ"],
    anyCase: false,
    readings: [
      { meaning: "gamma of magnetism, 1 nT (geophysics; NIST SP 811 B.8)", unit: "gamma_mag" },
      { meaning: "gamma of mass, 1 µg (older chemistry and pharmacy; GNU units)", unit: "µg" }
    ]
  },
  {
    names: ["cmm", "CMM"],
    anyCase: false,
    readings: [
      { meaning: "cubic millimetres (haematology: cells/cmm, 1 mm³ = 1 µL)", unit: "mm^3" },
      { meaning: "cubic metres per minute (ventilation and compressors: CMM)", unit: "m^3/min" }
    ]
  },
  {
    names: ["slpm", "SLPM", "slm", "SLM"],
    anyCase: false,
    readings: [
      { meaning: "standard litres per minute at 0 °C and 101.325 kPa (most mass-flow controllers)", unit: atConditions("L/min", "273.15") },
      { meaning: "at 20 °C and 101.325 kPa", unit: atConditions("L/min", "293.15") },
      { meaning: "at 25 °C and 101.325 kPa", unit: atConditions("L/min", "298.15") }
    ]
  },
  {
    names: ["sccm", "SCCM"],
    anyCase: false,
    readings: [
      { meaning: "standard cubic centimetres per minute at 0 °C and 101.325 kPa (SEMI E12)", unit: atConditions("cm^3/min", "273.15") },
      { meaning: "at 20 °C and 101.325 kPa", unit: atConditions("cm^3/min", "293.15") },
      { meaning: "at 25 °C and 101.325 kPa", unit: atConditions("cm^3/min", "298.15") }
    ]
  },
  {
    names: ["ton", "tons"],
    anyCase: true,
    readings: [
      { meaning: "short ton (US), 2000 lb", unit: "2000 lb" },
      { meaning: "long ton (UK), 2240 lb", unit: "2240 lb" },
      { meaning: "metric ton (tonne), 1000 kg", unit: "t" },
      { meaning: "ton of refrigeration, 12000 BTU/h", unit: "TR" },
      { meaning: "ton of TNT, 4.184 GJ", unit: "tTNT" }
    ]
  },
  // KB with a capital K is no SI prefix: JEDEC (JESD100B.01) and memory sizes read it as 1024 B, the
  // SI and IEC 80000-13 kB is 1000 B; 2.4 % apart, so refused with both (5 KB → B answered 5000)
  {
    names: ["KB"],
    anyCase: false,
    readings: [
      { meaning: "kilobyte, 1000 B (the SI prefix kilo, IEC 80000-13)", unit: "kB" },
      { meaning: "kibibyte, 1024 B (JEDEC's KB, memory sizes)", unit: "KiB" }
    ]
  },
  // MT on a bill of lading or a commodity report is the metric ton; in capitals it is also read as the
  // megatonne (Mt), and as written the megatesla: 10^6 apart, so refused with each (5 MT → kg answered 5e9)
  {
    names: ["MT"],
    anyCase: false,
    readings: [
      { meaning: "metric ton (tonne), 1000 kg, as trade writes MT", unit: "t" },
      { meaning: "megatonne, 10^9 kg (Mt)", unit: "Mt" },
      { meaning: "megatesla, MT as an SI symbol", unit: "megatesla" }
    ]
  },
  {
    names: ["hundredweight", "hundredweights", "cwt"],
    anyCase: true,
    readings: [
      { meaning: "short hundredweight (US), 100 lb", unit: "100 lb" },
      { meaning: "long hundredweight (UK), 112 lb", unit: "112 lb" }
    ]
  },
  {
    // the symbol alone, as US menus print the food Calorie ("250 cal") and chemistry the small one: 1000× apart
    names: ["cal", "cals"],
    anyCase: false,
    readings: [
      { meaning: "thermochemical calorie, 4.184 J", unit: "cal_th" },
      { meaning: "International Table calorie, 4.1868 J", unit: "cal_IT" },
      { meaning: "food Calorie as menus print it (a kilocalorie), 4184 J", unit: "kcal" }
    ]
  },
  // a thousandth to a tax assessor (mills per dollar) and in US currency (1/10 cent, 31 U.S.C. 5101);
  // a million on a lab report (RBC 4.5 mill/uL): 10^9 apart, and never the mil (a thousandth of an inch)
  {
    names: ["mill", "mills"],
    anyCase: true,
    readings: [
      { meaning: "a thousandth, 0.001 (the mill of US currency and of a millage rate)", unit: "\u2030" },
      { meaning: "a million, 10^6 (a lab report's cell count, mill/uL)", unit: "10^6" }
    ]
  },
  {
    names: ["calorie", "calories"],
    anyCase: true,
    readings: [
      { meaning: "thermochemical calorie, 4.184 J", unit: "cal_th" },
      { meaning: "International Table calorie, 4.1868 J", unit: "cal_IT" },
      { meaning: "food calorie (kilocalorie), 4184 J", unit: "Cal" }
    ]
  },
  {
    names: ["bp"],
    anyCase: false,
    readings: [
      { meaning: "basis point, 0.01 %", unit: "basis point" },
      { meaning: "base pair, a count of nucleotide pairs", unit: "ea" },
      { meaning: "big point (PostScript point), 1/72 in", unit: "point" }
    ]
  },
  {
    names: ["mo", "month", "months"],
    anyCase: false,
    readings: [
      { meaning: "1/12 of a Julian year, 30.4375 d", unit: "yr/12" },
      { meaning: "1/12 of a Gregorian year, 30.436875 d", unit: "yr_greg/12" },
      { meaning: "30 days, as in billing and dosing schedules", unit: "30 d" },
      { meaning: "synodic month (lunation), 29.530589 d", unit: "mo_syn" }
    ]
  },
  {
    names: ["b"],
    anyCase: false,
    readings: [
      { meaning: "bit", unit: "bit" },
      { meaning: "barn, 1e-28 m² (nuclear cross-section)", unit: "b_area" },
      { meaning: "bar, 100 kPa (GNU units' b)", unit: "bar" }
    ]
  },
  {
    names: ["ct"],
    anyCase: false,
    readings: [
      { meaning: "count (items)", unit: "ea" },
      { meaning: "carat, 200 mg (gems)", unit: "ct_mass" }
    ]
  },
  {
    names: ["hbar"],
    anyCase: false,
    readings: [
      { meaning: "hectobar, 100 bar", unit: "100 bar" },
      { meaning: "reduced Planck constant ħ, 1.054571817e-34 J·s", unit: "1.054571817e-34 J*s" }
    ]
  },
  {
    names: ["drachm", "drachms"],
    anyCase: true,
    readings: [
      { meaning: "apothecary drachm, 3.8879346 g", unit: "dram_ap" },
      { meaning: "avoirdupois dram, 1.7718451953125 g", unit: "dr" },
      { meaning: "imperial fluid drachm, 3.5516328125 mL", unit: "imp_fldr" }
    ]
  },
  // M is the Roman thousand in the US energy, gas and steam trades (MBtu, Mlb/h) but the SI mega to
  // everyone else (pint's MBtu, GNU units' Mlb, QUDT's MBtu{IT}): a factor of 1000 between readings.
  // The doubled MM (MMBtu, MMlb) is only ever the million, so those are catalog units.
  {
    names: ["MBtu", "MBTU", "Mbtu"],
    anyCase: false,
    readings: [
      { meaning: "thousand BTU (M = Roman thousand, US energy trade)", unit: "1000 BTU" },
      { meaning: "million BTU (M read as the SI mega, as pint and QUDT do); the trade writes MMBtu", unit: "MMBtu" }
    ]
  },
  {
    names: ["Mlb", "Mlbs"],
    anyCase: false,
    readings: [
      { meaning: "thousand pounds (M = Roman thousand, steam and boiler trade: Mlb/h)", unit: "klb" },
      { meaning: "million pounds (M read as the SI mega, as GNU units does)", unit: "MMlb" }
    ]
  },
  {
    names: ["Mbbl", "MBBL"],
    anyCase: false,
    readings: [
      { meaning: "thousand barrels (M = Roman thousand, oil industry: SPE, US EIA)", unit: "1000 bbl" },
      { meaning: "million barrels (M read as the SI mega)", unit: "MMbbl" }
    ]
  },
  {
    names: ["Mlbf"],
    anyCase: false,
    readings: [
      { meaning: "thousand pound-force (M = Roman thousand; the kip)", unit: "kip" },
      { meaning: "million pound-force (M read as the SI mega: rocket thrust, QUDT's Mlbf)", unit: "1000000 lbf" }
    ]
  },
  // The Planck charge has two definitions in use, a factor √(4π) apart
  {
    names: ["q_P", "planck_charge", "planckcharge"],
    anyCase: false,
    readings: [
      { meaning: "√(4π ε₀ ħ c) = e/√α ≈ 1.875546e-18 C (Gaussian Planck units; CODATA 2022 e and α)", unit: "1.87554603841939e-18 C" },
      { meaning: "√(ε₀ ħ c) ≈ 5.290818e-19 C (rationalized Planck units; GNU units' planckcharge)", unit: "5.2908176917024e-19 C" }
    ]
  },
  // th: UnitsNet's therm (th (U.S.), th (E.C.)), the French thermie (1 Mcal), pint's thou
  {
    names: ["th"],
    anyCase: false,
    readings: [
      { meaning: "US therm, 105.4804 MJ (UnitsNet's th (U.S.))", unit: "thm" },
      { meaning: "EC therm, 105.506 MJ", unit: "thm_EC" },
      { meaning: "thermie, 10⁶ calories at 15 °C (4.1858 MJ)", unit: "1000000 cal_15" },
      { meaning: "thou, a thousandth of an inch (pint's th)", unit: "mil" }
    ]
  },
  {
    names: ["nt"],
    anyCase: false,
    readings: [
      { meaning: "nit, 1 cd/m² (luminance)", unit: "nit" },
      { meaning: "newton (GNU units' nt)", unit: "N" }
    ]
  }
]
