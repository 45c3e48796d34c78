// The SI: base units, and derived units with special names (SI Brochure, 9th edition, 2019,
// tables 2 and 4; NIST SP 330, 2019). Coherent, so every factor here is 1. The radian and the
// steradian are the coherent units of the angle and solid-angle pseudo-dimensions (Dimension.ts),
// so rad/s is never Hz and lm = cd·sr is never cd.
import { base, ratio, unit } from "./define.ts"

export const si = [
  base("m", "meter", "L", { names: ["metre"], source: "SI Brochure 2.3.1" }),
  base("g", "gram", "M", { factor: ratio(1, 1000), source: "SI Brochure 2.3.1 (the kilogram is the base unit; prefixes attach to the gram)" }),
  base("s", "second", "T", { aliases: ["sec", "secs"], source: "SI Brochure 2.3.1" }),
  base("A", "ampere", "I", { aliases: ["amp", "amps"], names: ["amp"], source: "SI Brochure 2.3.1" }),
  base("K", "kelvin", "Θ", { plurals: false, source: "SI Brochure 2.3.1" }),
  base("mol", "mole", "N", { source: "SI Brochure 2.3.1" }),
  base("cd", "candela", "J", { source: "SI Brochure 2.3.1" }),
  base("rad", "radian", "A", {
    prefixes: "si",
    source: "SI Brochure table 4",
    note: "plane angle; 'rad' is never the radiation dose unit (that is rad_dose = 0.01 Gy); mrad is the milliradian"
  }),
  base("sr", "steradian", "Ω", { prefixes: "si", source: "SI Brochure table 4" }),
  unit("N", "newton", "kg*m/s^2", { prefixes: "si", source: "SI Brochure table 4" }),
  unit("Pa", "pascal", "N/m^2", { prefixes: "si", source: "SI Brochure table 4" }),
  unit("J", "joule", "N*m", { prefixes: "si", source: "SI Brochure table 4" }),
  unit("W", "watt", "J/s", { prefixes: "si", source: "SI Brochure table 4", kind: "active power (or energy)" }),
  unit("C", "coulomb", "A*s", { prefixes: "si", source: "SI Brochure table 4" }),
  unit("V", "volt", "W/A", { prefixes: "si", source: "SI Brochure table 4" }),
  unit("F", "farad", "C/V", { prefixes: "si", source: "SI Brochure table 4" }),
  unit("Ω", "ohm", "V/A", { aliases: ["\u2126", "ohm"], prefixes: "si", source: "SI Brochure table 4" }),
  unit("S", "siemens", "A/V", {
    aliases: ["\u2127"],
    names: ["mho"],
    prefixes: "si",
    source: "SI Brochure table 4; ℧ (U+2127 INVERTED OHM SIGN) is the mho's sign, NIST SP 811 B.8 (mho = S)"
  }),
  unit("Wb", "weber", "V*s", { prefixes: "si", source: "SI Brochure table 4" }),
  unit("T", "tesla", "Wb/m^2", { prefixes: "si", source: "SI Brochure table 4" }),
  unit("H", "henry", "Wb/A", { prefixes: "si", source: "SI Brochure table 4" }),
  unit("Hz", "hertz", "1/s", { prefixes: "si", source: "SI Brochure table 4", kind: "frequency" }),
  unit("lm", "lumen", "cd*sr", { prefixes: "si", source: "SI Brochure table 4" }),
  unit("lx", "lux", "lm/m^2", { prefixes: "si", source: "SI Brochure table 4" }),
  unit("Bq", "becquerel", "1/s", { prefixes: "si", source: "SI Brochure table 4", kind: "activity" }),
  unit("Gy", "gray", "J/kg", { prefixes: "si", source: "SI Brochure table 4", kind: "absorbed dose" }),
  unit("Sv", "sievert", "J/kg", { prefixes: "si", source: "SI Brochure table 4", kind: "dose equivalent" }),
  unit("kat", "katal", "mol/s", { prefixes: "si", source: "SI Brochure table 4" })
]
