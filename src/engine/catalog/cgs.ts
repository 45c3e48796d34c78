// CGS mechanical units (NIST SP 811 B.8; IUPAC Green Book 3rd ed., 7.1): dyne = g·cm/s²,
// erg = dyn·cm, galileo = cm/s², poise = dyn·s/cm² = g/(cm·s), stokes = cm²/s, barye = dyn/cm²,
// kayser = 1/cm, langley = cal_th/cm². Electromagnetic CGS units are in electromagnetic.ts, the
// phot and stilb in light.ts.
import { unit } from "./define.ts"

const cgs = { system: "CGS", source: "NIST SP 811 B.8" } as const

export const cgsUnits = [
  unit("dyn", "dyne", [1, "g*cm/s^2"], { ...cgs, prefixes: "si", note: "1e-5 N" }),
  unit("erg", "erg", [1, "dyn*cm"], { ...cgs, prefixes: "si", note: "1e-7 J" }),
  unit("Gal", "galileo", [1, "cm/s^2"], { ...cgs, prefixes: "si", note: "1 cm/s² (geodesy: mGal); 'gal' is the US gallon" }),
  unit("P", "poise", [1, "dyn*s/cm^2"], { ...cgs, prefixes: "si", note: "dynamic viscosity, 0.1 Pa·s; cP = mPa·s" }),
  unit("St", "stokes", [1, "cm^2/s"], { ...cgs, prefixes: "si", names: ["stoke"], note: "kinematic viscosity, 1e-4 m²/s; cSt = mm²/s" }),
  unit("Ba", "barye", [1, "dyn/cm^2"], { ...cgs, names: ["barad"], note: "0.1 Pa" }),
  unit("K_wave", "kayser", [1, "1/cm"], { ...cgs, note: "wavenumber, 1 cm⁻¹; written K_wave because K is the kelvin" }),
  unit("Ly_rad", "langley", [1, "cal_th/cm^2"], { ...cgs, note: "radiant exposure, 1 cal_th/cm² = 41840 J/m²" }),
  // defined by Darcy's law: 1 cm³/s of a 1 cP fluid through 1 cm² under 1 atm per cm, so exactly
  // 1e-12/1.01325 m²; NIST SP 811 B.8 prints it rounded to 9.869233e-13 m² (GNU units and pint
  // define it the same exact way)
  unit("darcy", "darcy", [1, "cP*cm^2/(s*atm)"], {
    system: "CGS",
    source: "Darcy's law (1 cP, 1 cm³/s, 1 cm², 1 atm/cm); NIST SP 811 B.8 (9.869233e-13 m², rounded)",
    note: "permeability of porous media; mD (millidarcy) via the name 'millidarcy'",
    prefixes: "si"
  }),
  unit("kine", "kine", [1, "cm/s"], { ...cgs, source: "GNU units; seismology (1 kine = 1 cm/s)", note: "ground velocity in seismology, 0.01 m/s" })
]
