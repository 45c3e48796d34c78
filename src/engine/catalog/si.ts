// The SI: base units, and derived units with special names (SI Brochure, 9th edition, 2019,
// tables 2 and 4). Coherent, so every factor here is 1.
import { base, ratio, unit } from "./define.ts"

export const si = [
  base("m", "meter", "L", { names: ["metre"], source: "SI Brochure 2.3.1" }),
  base("g", "gram", "M", { factor: ratio(1, 1000), source: "SI Brochure 2.3.1 (the kilogram is the base unit; prefixes attach to the gram)" }),
  base("s", "second", "T", { aliases: ["sec", "secs"], source: "SI Brochure 2.3.1" }),
  base("A", "ampere", "I", { aliases: ["amp", "amps"], source: "SI Brochure 2.3.1" }),
  base("K", "kelvin", "Θ", { plurals: false, source: "SI Brochure 2.3.1" }),
  base("mol", "mole", "N", { source: "SI Brochure 2.3.1" }),
  base("cd", "candela", "J", { source: "SI Brochure 2.3.1" }),
  unit("rad", "radian", "1", { prefixes: "si", source: "SI Brochure table 4" }),
  unit("sr", "steradian", "1", { prefixes: "si", source: "SI Brochure table 4" }),
  unit("N", "newton", "kg*m/s^2", { prefixes: "si" }),
  unit("Pa", "pascal", "N/m^2", { prefixes: "si" }),
  unit("J", "joule", "N*m", { prefixes: "si" }),
  unit("W", "watt", "J/s", { prefixes: "si" }),
  unit("C", "coulomb", "A*s", { prefixes: "si" }),
  unit("V", "volt", "W/A", { prefixes: "si" }),
  unit("F", "farad", "C/V", { prefixes: "si" }),
  unit("Ω", "ohm", "V/A", { aliases: ["Ω", "ohm"], prefixes: "si" }),
  unit("S", "siemens", "A/V", { names: ["mho"], prefixes: "si" }),
  unit("Wb", "weber", "V*s", { prefixes: "si" }),
  unit("T", "tesla", "Wb/m^2", { prefixes: "si" }),
  unit("H", "henry", "Wb/A", { prefixes: "si" }),
  unit("Hz", "hertz", "1/s", { prefixes: "si" }),
  unit("lm", "lumen", "cd*sr", { prefixes: "si" }),
  unit("lx", "lux", "lm/m^2", { prefixes: "si" }),
  unit("Bq", "becquerel", "1/s", { prefixes: "si" }),
  unit("Gy", "gray", "J/kg", { prefixes: "si" }),
  unit("Sv", "sievert", "J/kg", { prefixes: "si" }),
  unit("kat", "katal", "mol/s", { prefixes: "si" })
]
