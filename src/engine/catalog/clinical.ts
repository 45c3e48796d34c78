// Clinical shorthands. mcg and mcL are the ISMP-recommended spellings of µg and µL (ISMP List of
// Error-Prone Abbreviations, 2021); cc is the cubic centimetre (= mL). The enzyme unit U is
// 1 µmol/min (IUPAC-IUB 1964; IFCC). The molar M is mol/L (IUPAC Green Book 2.10). Pressures in
// mmHg and cmH2O are in mechanics.ts, counts (gtt, tab) in count.ts.
// The international unit IU is a substance-specific biological activity (WHO International
// Standards): it has its own pseudo-dimension and never converts to mass or to the enzyme unit U.
// The equivalent (mEq) and the osmole (mOsm) are defined, but convert only to themselves: to the
// mole they need the valence or the number of particles per formula unit (IUPAC Green Book), which
// the caller gives (convert's valence and particles), never assumed to be 1.
import { base, decimal, ratio, unit } from "./define.ts"

const clinical = { system: "clinical", source: "ISMP List of Error-Prone Abbreviations (2021)" } as const

export const clinicalUnits = [
  unit("Eq", "equivalent", [1, "mol"], {
    aliases: ["eq"],
    names: ["equivalents"],
    prefixes: "si",
    system: "clinical",
    source: "IUPAC Green Book 2.10 (amount of substance × charge number)",
    perSubstance: "an equivalent is valence × mole: Eq ↔ mol needs the substance's valence (1 mmol Ca²⁺ = 2 mEq), never assumed to be 1; give it as the valence"
  }),
  unit("Osm", "osmole", [1, "mol"], {
    aliases: ["osm"],
    names: ["osmoles"],
    prefixes: "si",
    system: "clinical",
    source: "IUPAC Gold Book, 'osmole' (amount of osmotically active particles)",
    perSubstance:
      "an osmole counts dissolved particles: Osm ↔ mol needs the particles per formula unit (1 mmol NaCl ≈ 2 mOsm), never assumed to be 1; give it as the particles"
  }),
  unit("mcg", "mcg", [1, "µg"], { ...clinical, note: "microgram (µg), the clinical spelling" }),
  unit("mcL", "mcL", [1, "µL"], { ...clinical, note: "microlitre (µL), the clinical spelling" }),
  unit("cc", "cubic centimeter", [1, "cm^3"], { ...clinical, names: ["cubic centimetre"], note: "1 mL" }),
  unit("U", "enzyme unit", [1, "µmol/min"], {
    system: "clinical",
    prefixes: "si",
    source: "IUPAC-IUB 1964 (1 U = 1 µmol/min = 16.67 nkat)",
    note: "catalytic activity; not the international unit (IU), which has no fixed conversion"
  }),
  // ISMP asks for "units" written out, never U (misread as 0 or 4): a drug's units (insulin, heparin,
  // USP units) are each that drug's own, so they convert to nothing, while a rate's time and mass do
  unit("units", "unit (of a drug)", [1, "1"], {
    system: "clinical",
    names: ["unit"],
    plurals: false,
    source: "ISMP List of Error-Prone Abbreviations (2021): 'units' written out; USP units are substance-specific",
    standalone:
      "a drug's own units (insulin, heparin): substance-specific, they convert to no other unit, not even IU; the rest of a rate converts (units/kg/h → units/kg/min)"
  }),
  base("IU", "international unit", "IU", {
    system: "clinical",
    prefixes: "si",
    source: "WHO International Standards (substance-specific biological activity)",
    note: "converts only to IU (mIU, kIU, MIU); IU ↔ mass needs the substance's own factor, never assumed"
  }),
  unit("M", "molar", [1, "mol/L"], {
    system: "clinical",
    prefixes: "si",
    names: ["molarity"],
    source: "IUPAC Green Book 2.10 (1 M = 1 mol/dm³)",
    note: "amount concentration; mM, µM, nM accepted; 'M' alone is never mega"
  }),
  // R = N_A·k = 8.31446261815324 J/(mol·K), exact since 2019 (both constants are defining ones);
  // CODATA's printed 8.314462618 is that value cut to ten digits, 1.8e-11 short
  unit("amagat", "amagat", [ratio(101325, 8.31446261815324 * 273.15), "mol/m^3"], {
    system: "chemistry",
    source: "IUPAC Gold Book (ideal-gas number density at 0 °C, 1 atm; R exact since 2019)",
    note: "about 44.615 mol/m³"
  }),
  unit("mg%", "milligram percent", [1, "mg/dL"], { ...clinical, names: ["milligrams percent"], plurals: false, note: "mg per 100 mL (= mg/dL)" }),
  unit("g%", "gram percent", [1, "g/dL"], {
    ...clinical,
    names: ["grams percent"],
    plurals: false,
    source: "UCUM (g% = g/dl)",
    note: "g per 100 mL (= g/dL), as haemoglobin is reported"
  }),
  unit("Fr_gauge", "French gauge", [1, "mm/3"], {
    system: "clinical",
    names: ["French catheter scale", "Charrière"],
    source: "ISO 10555 (1 Fr = 1/3 mm outer diameter)",
    note: "catheter outer diameter, 1/3 mm; 'Fr' alone is not accepted"
  }),
  unit("dpt", "diopter", [1, "1/m"], {
    system: "clinical",
    names: ["dioptre"],
    source: "ISO 80000-3; ISO 13666 (1 dpt = 1 m⁻¹)",
    note: "optical power of a lens, 1/m; the prism dioptre is a different (angular) unit; 'D' is not accepted"
  }),
  unit("WU", "Wood unit", [1, "mmHg*min/L"], {
    system: "clinical",
    names: ["hybrid resistance unit"],
    source: "haemodynamics convention (mmHg·min/L, ≈ 80 dyn·s/cm⁵)",
    note: "pulmonary and systemic vascular resistance, 7999.34 Pa·s/m³ (8 MPa·s/m³)"
  }),
  unit("PRU", "peripheral resistance unit", [1, "mmHg*s/mL"], {
    system: "clinical",
    source: "physiology convention (mmHg·s/mL)",
    note: "vascular resistance, 60 Wood units"
  }),
  unit("einstein", "einstein", [1, "mol"], {
    system: "chemistry",
    prefixes: "si",
    source: "IUPAC Gold Book (einstein: one mole of photons)",
    note: "a mole of photons; photosynthetic photon flux in µmol/(m²·s) is the same as µeinstein/(m²·s)"
  }),
  unit("DU", "Dobson unit", [decimal("1e-5"), "m*amagat"], {
    system: "meteorology",
    source: "WMO (10 µm of pure gas at 0 °C and 1 atm)",
    note: "column amount of ozone, 2.6867e20 molecules/m² ≈ 4.4615e-4 mol/m²"
  })
]
