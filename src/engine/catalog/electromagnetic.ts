// Electromagnetic units beyond the SI (si.ts): charge in ampere hours, the 1948 mean international
// units (NIST SP 811 B.9), and the Gaussian CGS units. CGS-ESU units follow from the statcoulomb,
// 1 statC = 1 C/(10 c) with c = 299792458 m/s exact (so all are exact); CGS-EMU units from the
// abampere, 10 A. Magnetic CGS units: gauss = 1e-4 T, maxwell = 1e-8 Wb, oersted = 1000/(4π) A/m,
// gilbert = 10/(4π) A (NIST SP 811 B.8; IEC 60050-121). The equivalences hold in the Gaussian
// system, where these units are conventionally exchanged with SI by these factors.
import { decimal, piRatio, ratio, unit } from "./define.ts"

const esu = { system: "CGS-ESU", source: "NIST SP 811 B.8 (1 statC = 1 C/(10 c), c exact)" } as const
const emu = { system: "CGS-EMU", source: "NIST SP 811 B.8 (1 abA = 10 A)" } as const
const international = { system: "international (1948)", exact: false, source: "NIST SP 811 B.9 (mean international units)" } as const

export const electromagnetic = [
  unit("Ah", "ampere hour", [1, "A*h"], {
    prefixes: "si",
    names: ["amp hour", "ampere-hour"],
    system: "SI accepted",
    source: "SI Brochure table 8 (hour)",
    note: "3600 C; mAh accepted"
  }),

  unit("faraday", "faraday", [decimal("6.02214076e23"), "eV/V"], {
    system: "electrochemistry",
    source: "SI Brochure 2019 (F = e·NA, exact: 96485.33212331001… C)",
    note: "charge of one mole of electrons"
  }),

  // resistivity as well logs and data sheets write it: "ohmm" is Ω·m, never a doubled ohm
  unit("ohm_m", "ohm metre", [1, "Ω*m"], {
    aliases: ["ohmm", "Ωm", "Ω_m"],
    plurals: ["ohm metres", "ohm meters"],
    names: ["ohm meter"],
    system: "SI",
    source: "ISO 80000-6 (resistivity, in Ω·m)",
    note: "electrical resistivity"
  }),
  unit("ohm_cm", "ohm centimetre", [1, "Ω*cm"], {
    aliases: ["ohmcm", "Ωcm", "Ω_cm"],
    plurals: ["ohm centimetres", "ohm centimeters"],
    names: ["ohm centimeter"],
    system: "SI",
    source: "ISO 80000-6 (resistivity, in Ω·m); the centimetre form of semiconductor data sheets",
    note: "electrical resistivity, 0.01 Ω·m"
  }),

  // the 1948 mean international units, superseded by the absolute units
  unit("V_int", "international volt", [decimal("1.00034"), "V"], international),
  unit("ohm_int", "international ohm", [decimal("1.00049"), "Ω"], { ...international, aliases: ["Ω_int"] }),
  unit("A_int", "international ampere", [1, "V_int/ohm_int"], { ...international, note: "mean international ampere = V_int/ohm_int ≈ 0.99985 A" }),

  // CGS electrostatic (Gaussian) units
  unit("statC", "statcoulomb", [ratio(1, 2997924580), "C"], { ...esu, names: ["franklin", "esu of charge"], note: "3.33564095198152e-10 C" }),
  unit("statA", "statampere", [1, "statC/s"], esu),
  unit("statV", "statvolt", [1, "erg/statC"], { ...esu, note: "299.792458 V" }),
  unit("statΩ", "statohm", [1, "statV/statA"], { ...esu, aliases: ["statohm"] }),
  unit("statF", "statfarad", [1, "statC/statV"], { ...esu, note: "1.1126500560536e-12 F (the centimetre of capacitance)" }),
  unit("statH", "stathenry", [1, "statV*s/statA"], { ...esu, plurals: ["stathenries"] }),
  unit("statS", "statsiemens", [1, "1/statΩ"], { ...esu, names: ["statmho"], plurals: false }),
  unit("D_dipole", "debye", [decimal("1e-18"), "statC*cm"], {
    ...esu,
    aliases: ["Debye"],
    note: "electric dipole moment, 1e-21/c C·m = 3.33564095198152e-30 C·m; 'D' alone is not accepted"
  }),

  // CGS electromagnetic units
  unit("abA", "abampere", [10, "A"], { ...emu, aliases: ["Bi"], names: ["biot"] }),
  unit("abC", "abcoulomb", [1, "abA*s"], emu),
  unit("abV", "abvolt", [ratio(1, 100000000), "V"], emu),
  unit("abΩ", "abohm", [ratio(1, 1000000000), "Ω"], { ...emu, aliases: ["abohm"] }),
  unit("abF", "abfarad", [1000000000, "F"], emu),
  unit("abS", "absiemens", [1000000000, "S"], { ...emu, names: ["abmho"], plurals: false }),
  unit("abH", "abhenry", [ratio(1, 1000000000), "H"], { ...emu, plurals: ["abhenries"] }),

  // CGS magnetic units
  unit("G", "gauss", [ratio(1, 10000), "T"], {
    ...emu,
    prefixes: "si",
    source: "NIST SP 811 B.8 (1e-4 T)",
    note: "magnetic flux density; 'G' is not the gravitational constant (constants are not units)"
  }),
  unit("Mx", "maxwell", [1, "G*cm^2"], { ...emu, prefixes: "si", source: "NIST SP 811 B.8 (1e-8 Wb)" }),
  // 'gamma' and 'γ' alone are refused (readings.ts): older chemistry and pharmacy wrote them for the microgram
  unit("gamma_mag", "magnetic gamma", [1, "nT"], {
    ...emu,
    source: "NIST SP 811 B.8 (gamma (γ) = 1e-9 T)",
    note: "1 nT, geomagnetism; 'gamma' alone is refused (also the microgram), 'gamma (magnetic)' is this"
  }),
  // the unit magnetic pole: the pole that repels an equal one 1 cm away with 1 dyn; its flux is 4π maxwell
  unit("unit_pole", "unit pole", [piRatio(4), "Mx"], {
    ...emu,
    source: "NIST SP 811 B.8 (unit pole = 1.256637 E-07 Wb)",
    note: "magnetic pole strength (CGS-EMU), 4π × 1e-8 Wb = 1.2566370614359173e-7 Wb"
  }),
  unit("Oe", "oersted", [piRatio(1000, 4, -1), "A/m"], {
    ...emu,
    prefixes: "si",
    source: "NIST SP 811 B.8 (1000/(4π) A/m)",
    note: "79.57747154594767 A/m"
  }),
  unit("gilbert", "gilbert", [piRatio(10, 4, -1), "A"], {
    ...emu,
    source: "NIST SP 811 B.8 (10/(4π) A)",
    note: "magnetomotive force, 0.7957747154594767 A; the symbol Gb is the gigabit, so the gilbert is spelled out"
  }),
  unit("At", "ampere turn", [1, "A"], {
    system: "SI",
    names: ["ampere-turn"],
    source: "IEC 60050-121 (magnetomotive force, 1 A)",
    note: "magnetomotive force of one ampere through one turn"
  })
]
