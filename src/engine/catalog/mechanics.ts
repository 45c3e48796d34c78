// Mechanics: velocity, acceleration, force, pressure and viscosity. Gravitational units use standard
// gravity gn = 9.80665 m/s² exactly (3rd CGPM 1901; NIST SP 811 B.8), so lbf, kgf and psi are exact.
// The standard atmosphere is 101325 Pa (10th CGPM 1954); the bar is 1e5 Pa; the torr is atm/760.
// Manometric units use the conventional densities of NIST SP 811 B.8: mercury 13595.1 kg/m³
// (mmHg = 133.322387415 Pa) and water 1000 kg/m³ (mmH2O = 9.80665 Pa); inHg is 25.4 mmHg.
// Torque has no unit of its own: write N*m or ft*lbf. CGS mechanics (dyn, P, St, Gal) is in cgs.ts.
import { decimal, ratio, unit } from "./define.ts"

const us = { system: "US customary", source: "NIST SP 811 B.8" } as const
const gravitational = { system: "gravitational", source: "NIST SP 811 B.8 (standard gravity 9.80665 m/s²)" } as const
const manometric = { system: "manometric", source: "NIST SP 811 B.8 (conventional mercury 13595.1 kg/m³, water 1000 kg/m³)" } as const

export const mechanics = [
  // velocity
  unit("mph", "mile per hour", [1, "mi/h"], { ...us, plurals: ["miles per hour"] }),
  unit("kn", "knot", [1, "nmi/h"], {
    aliases: ["kt", "kts"],
    names: ["nautical mile per hour"],
    plurals: ["knots", "nautical miles per hour"],
    system: "nautical",
    source: "SI Brochure table 8 note (1852/3600 m/s)",
    note: "'kt' is the knot here, not the kilotonne (write 1000 t)"
  }),
  unit("kph", "kilometer per hour", [1, "km/h"], {
    system: "SI accepted",
    aliases: ["kmh"],
    plurals: ["kilometers per hour", "kilometres per hour"],
    names: ["kilometre per hour"]
  }),
  unit("fpm", "foot per minute", [1, "ft/min"], { ...us, plurals: ["feet per minute"] }),

  // acceleration
  unit("g0", "standard gravity", [decimal("9.80665"), "m/s^2"], {
    aliases: ["gn", "g_n"],
    names: ["standard acceleration of gravity", "standard acceleration due to gravity"],
    plurals: false,
    system: "SI",
    source: "3rd CGPM 1901; NIST SP 811 B.8",
    note: "9.80665 m/s² exactly; 'g' is the gram"
  }),

  // force
  unit("lbf", "pound force", [1, "lb*g0"], { ...gravitational, names: ["pound-force"], plurals: ["pounds force"], note: "4.4482216152605 N exactly" }),
  unit("kgf", "kilogram force", [1, "kg*g0"], { ...gravitational, aliases: ["kp"], names: ["kilopond", "kilogram-force"], plurals: ["kilograms force"] }),
  unit("gf", "gram force", [1, "g*g0"], { ...gravitational, names: ["gram-force", "pond"], plurals: ["grams force"] }),
  unit("mgf", "milligram force", [1, "mg*g0"], { ...gravitational, names: ["milligram-force"], plurals: ["milligrams force"], note: "9.80665 µN" }),
  unit("ozf", "ounce force", [1, "oz*g0"], { ...gravitational, names: ["ounce-force"], plurals: ["ounces force"] }),
  unit("kip", "kip", [1000, "lbf"], { ...gravitational, aliases: ["klbf", "kipf"], names: ["kilopound force", "kilopound-force"] }),
  unit("tnf", "short ton force", [2000, "lbf"], { ...gravitational, aliases: ["short_ton_force"], names: ["short ton-force"], plurals: ["short tons force"] }),
  unit("tf", "tonne force", [1000, "kgf"], { ...gravitational, aliases: ["tonne_force"], names: ["metric ton force"], plurals: ["tonnes force"] }),
  unit("sn", "sthene", [1, "kN"], { system: "MTS", source: "NIST SP 811 B.8 (MTS system)", names: ["funal"] }),
  unit("pdl", "poundal", [1, "lb*ft/s^2"], { ...us, note: "0.138254954376 N" }),

  // pressure
  unit("bar", "bar", [100000, "Pa"], { prefixes: "si", system: "SI accepted", source: "NIST SP 811 B.8 (1e5 Pa)" }),
  unit("atm", "standard atmosphere", [101325, "Pa"], {
    names: ["atmosphere"],
    system: "SI accepted",
    source: "10th CGPM 1954; NIST SP 811 B.8",
    note: "101325 Pa; the technical atmosphere (1 kgf/cm²) is 'at'"
  }),
  unit("at", "technical atmosphere", [1, "kgf/cm^2"], { ...gravitational, names: ["kilogram force per square centimeter"], note: "98066.5 Pa" }),
  unit("Torr", "torr", [ratio(1, 760), "atm"], {
    prefixes: "si",
    system: "SI accepted",
    source: "NIST SP 811 B.8 (101325/760 Pa)",
    note: "atm/760; differs from mmHg by about 1.4e-7 relative; mTorr accepted"
  }),
  unit("pz", "pieze", [1, "kPa"], { system: "MTS", source: "NIST SP 811 B.8 (MTS system)" }),
  unit("msw", "meter of seawater", [ratio(1, 10), "bar"], {
    system: "diving",
    names: ["metre of seawater", "metre sea water", "meter sea water"],
    plurals: ["meters of seawater", "metres of seawater"],
    source: "EN 13319 (1 msw = 0.1 bar)",
    note: "diving depth pressure, 10 kPa"
  }),
  unit("psi", "pound per square inch", [1, "lbf/in^2"], {
    ...gravitational,
    names: ["pound-force per square inch"],
    plurals: ["pounds per square inch", "pounds-force per square inch"],
    note: "6894.757293168361 Pa; gauge versus absolute is not part of the unit"
  }),
  unit("ksi", "kilopound per square inch", [1000, "psi"], { ...gravitational, plurals: ["kilopounds per square inch"] }),
  unit("psf", "pound per square foot", [1, "lbf/ft^2"], { ...gravitational, plurals: ["pounds per square foot"] }),
  // the unit weight of soils and concrete in US practice: pcf is a mass per volume, lb/ft³ (ASTM D698,
  // D1557 report maximum dry unit weight in pcf), never a force
  unit("pcf", "pcf", [1, "lb/ft^3"], {
    ...us,
    plurals: false,
    source: "NIST SP 811 B.8 (pound per cubic foot); ASTM D698 (unit weight in pcf)",
    note: "a pound (mass) per cubic foot, 16.018463373960138 kg/m³"
  }),
  unit("mmHg", "millimeter of mercury", [decimal("133.322387415"), "Pa"], {
    ...manometric,
    names: ["millimetre of mercury"],
    plurals: ["millimeters of mercury", "millimetres of mercury"],
    note: "conventional, 133.322387415 Pa (blood pressure); the torr is atm/760"
  }),
  unit("cmHg", "centimeter of mercury", [10, "mmHg"], {
    ...manometric,
    names: ["centimetre of mercury"],
    plurals: ["centimeters of mercury", "centimetres of mercury"]
  }),
  unit("inHg", "inch of mercury", [decimal("25.4"), "mmHg"], {
    ...manometric,
    plurals: ["inches of mercury"],
    note: "25.4 mmHg = 3386.388640341 Pa (as GNU units); NIST SP 811 B.8 lists a conventional 3386.389 Pa, 1.06e-7 larger"
  }),
  unit("mmH2O", "millimeter of water", [1, "kgf/m^2"], {
    ...manometric,
    aliases: ["mmAq"],
    names: ["millimetre of water"],
    plurals: ["millimeters of water", "millimetres of water"],
    note: "9.80665 Pa"
  }),
  unit("cmH2O", "centimeter of water", [10, "mmH2O"], {
    ...manometric,
    aliases: ["cmAq"],
    names: ["centimetre of water"],
    plurals: ["centimeters of water", "centimetres of water"],
    note: "98.0665 Pa (ventilator and CSF pressures)"
  }),
  unit("inH2O", "inch of water", [decimal("25.4"), "mmH2O"], {
    ...manometric,
    aliases: ["inAq"],
    plurals: ["inches of water"],
    note: "249.08891 Pa (conventional, 1000 kg/m³)"
  }),
  unit("ftH2O", "foot of water", [12, "inH2O"], { ...manometric, plurals: ["feet of water"] }),
  unit("mH2O", "meter of water", [1000, "mmH2O"], { ...manometric, names: ["metre of water"], plurals: ["meters of water", "metres of water"] }),

  // dynamic viscosity (the poise is in cgs.ts)
  unit("reyn", "reyn", [1, "lbf*s/in^2"], { ...us, note: "6894.757293168361 Pa·s" }),
  unit("rhe", "rhe", [1, "1/P"], { system: "CGS", source: "NIST SP 811 B.8", note: "fluidity, reciprocal poise" }),

  // acoustic impedance and thermal insulation
  unit("rayl", "rayl", [1, "Pa*s/m"], {
    system: "SI",
    // prefixed as ultrasound writes it: water is about 1.48 MRayl
    aliases: ["Rayl", "rayl_MKS"],
    prefixes: "si",
    source: "ISO 80000-8 (MKS rayl)",
    note: "specific acoustic impedance, Pa·s/m"
  }),
  unit("clo", "clo", [decimal("0.155"), "K*m^2/W"], { system: "thermal", source: "ISO 9920 (0.155 m²·K/W)", note: "clothing insulation" }),
  unit("tog", "tog", [decimal("0.1"), "K*m^2/W"], { system: "thermal", source: "BS 4745 (0.1 m²·K/W)", note: "textile insulation" }),

  // more force, pressure and structural loads
  unit("long_ton_force", "long ton force", [2240, "lbf"], {
    ...gravitational,
    names: ["long ton-force"],
    plurals: ["long tons force"],
    note: "9964.01641818352 N"
  }),
  unit("Msi", "million pounds per square inch", [1000000, "psi"], {
    ...gravitational,
    aliases: ["Mpsi"],
    names: ["megapound per square inch", "million psi"],
    plurals: false,
    note: "elastic moduli of composites, 6.894757 GPa"
  }),
  unit("plf", "pound per linear foot", [1, "lbf/ft"], { ...gravitational, plurals: ["pounds per linear foot"], note: "distributed load, force per length" }),
  unit("klf", "kip per linear foot", [1, "kip/ft"], { ...gravitational, plurals: ["kips per linear foot"], note: "distributed load, 1000 lbf/ft" }),
  unit("ksf", "kip per square foot", [1, "kip/ft^2"], { ...gravitational, plurals: ["kips per square foot"], note: "soil bearing pressure, 1000 lbf/ft²" }),
  // prefixed as structural and motor data write it (kNm, MNm, cNm, mNm); Nmm and Ncm glue a
  // prefixed metre, as machine design writes them: without them 'Nmm' was fixed to 'Nm', a thousand times more
  unit("N_m", "newton metre", [1, "N*m"], {
    aliases: ["Nm"],
    names: ["newton meter", "newton-metre", "newton-meter"],
    prefixes: "si",
    source: "SI Brochure 2.3.4 (the newton metre for a moment of force)",
    note: "torque or moment of force; the same dimension as the joule, which names energy. Nm is not nm (nanometre)"
  }),
  unit("N_mm", "newton millimetre", [1, "N*mm"], {
    aliases: ["Nmm"],
    names: ["newton millimeter"],
    prefixes: "large",
    source: "SI Brochure 2.3.4 (N·m), with the millimetre of machine design",
    note: "torque, 0.001 N·m; kNmm accepted"
  }),
  unit("N_cm", "newton centimetre", [1, "N*cm"], {
    aliases: ["Ncm"],
    names: ["newton centimeter"],
    source: "SI Brochure 2.3.4 (N·m), with the centimetre of small-motor data sheets",
    note: "torque, 0.01 N·m"
  }),
  unit("N_s", "newton second", [1, "N*s"], {
    aliases: ["Ns"],
    names: ["newton-second"],
    prefixes: "si",
    source: "ISO 80000-4 (impulse, in N·s)",
    note: "impulse or momentum, 1 kg·m/s; Ns is not ns (nanosecond)"
  }),
  unit("kip_ft", "kip foot", [1, "kip*ft"], {
    ...gravitational,
    names: ["kip-foot", "foot kip"],
    plurals: ["kip feet", "foot kips"],
    note: "bending moment, 1355.8179483314004 N·m"
  }),
  unit("kip_in", "kip inch", [1, "kip*in"], {
    ...gravitational,
    names: ["kip-inch", "inch kip"],
    plurals: ["kip inches", "inch kips"],
    note: "bending moment"
  }),
  unit("fsw", "foot of seawater", [ratio(1, 33), "atm"], {
    system: "diving",
    names: ["foot sea water"],
    plurals: ["feet of seawater", "feet sea water"],
    source: "US Navy Diving Manual (33 fsw = 1 atm)",
    note: "diving depth pressure, 101325/33 Pa ≈ 3070.45 Pa; metres of seawater are msw (0.1 bar)"
  }),
  unit("µmHg", "micron of mercury", [ratio(1, 1000), "mmHg"], {
    ...manometric,
    aliases: ["umHg", "μmHg"],
    names: ["micrometer of mercury", "micrometre of mercury"],
    plurals: ["microns of mercury", "micrometers of mercury", "micrometres of mercury"],
    note: "vacuum gauges' 'micron', 0.133322387415 Pa (about a millitorr)"
  }),
  unit("ftHg", "foot of mercury", [12, "inHg"], {
    ...manometric,
    names: ["foot of mercury conventional"],
    plurals: ["feet of mercury"],
    source: "NIST SP 811 B.8 (foot of mercury, conventional: 4.063 666 E+04 Pa)"
  }),
  unit("mmHg_0C", "millimeter of mercury at 0 °C", [decimal("133.322"), "Pa"], {
    ...manometric,
    exact: false,
    source: "NIST SP 811 B.8 (centimeter of mercury (0 °C): 1.333 22 E+03 Pa), a tenth of it",
    plurals: ["millimeters of mercury at 0 °C"]
  }),
  unit("cmHg_0C", "centimeter of mercury at 0 °C", [decimal("1333.22"), "Pa"], {
    ...manometric,
    exact: false,
    source: "NIST SP 811 B.8 (centimeter of mercury (0 °C))",
    plurals: ["centimeters of mercury at 0 °C"]
  }),
  unit("inHg_32F", "inch of mercury at 32 °F", [decimal("3386.38"), "Pa"], {
    ...manometric,
    exact: false,
    source: "NIST SP 811 B.8 (inch of mercury (32 °F))",
    plurals: ["inches of mercury at 32 °F"]
  }),
  unit("cmH2O_4C", "centimeter of water at 4 °C", [decimal("98.0638"), "Pa"], {
    ...manometric,
    exact: false,
    source: "NIST SP 811 B.8 (centimeter of water (4 °C))",
    plurals: ["centimeters of water at 4 °C"]
  }),
  unit("ftH2O_39F", "foot of water at 39.2 °F", [decimal("2988.98"), "Pa"], {
    ...manometric,
    exact: false,
    source: "NIST SP 811 B.8 (foot of water (39.2 °F))",
    plurals: ["feet of water at 39.2 °F"]
  }),
  unit("inHg_60F", "inch of mercury at 60 °F", [decimal("3376.85"), "Pa"], {
    ...manometric,
    exact: false,
    source: "NIST SP 811 B.8 (inch of mercury, 60 °F)",
    plurals: ["inches of mercury at 60 °F"]
  }),
  unit("inH2O_60F", "inch of water at 60 °F", [decimal("248.84"), "Pa"], {
    ...manometric,
    exact: false,
    source: "NIST SP 811 B.8 (inch of water, 60 °F)",
    plurals: ["inches of water at 60 °F"]
  }),
  unit("inH2O_39F", "inch of water at 39.2 °F", [decimal("249.082"), "Pa"], {
    ...manometric,
    exact: false,
    source: "NIST SP 811 B.8 (inch of water, 39.2 °F)",
    plurals: ["inches of water at 39.2 °F"]
  }),
  unit("poiseuille", "poiseuille", [1, "Pa*s"], {
    system: "SI",
    source: "French legal unit (1 Pl = 1 Pa·s)",
    note: "dynamic viscosity, 10 P; its symbol Pl is not accepted (it reads as the petalitre)"
  }),
  unit("perm", "perm", [1, "gr/(h*ft^2*inHg)"], {
    ...us,
    source: "NIST SP 811 B.8 (perm (0 °C) = 5.72135e-11 kg/(Pa·s·m²))",
    note: "water-vapor permeance, grain/(h·ft²·inHg) with the 0 °C inch of mercury; the 23 °C perm is 0.4 % larger"
  }),
  unit("perm_23C", "perm at 23 °C", [decimal("5.74525e-11"), "kg/(Pa*s*m^2)"], {
    ...us,
    exact: false,
    source: "NIST SP 811 B.8 (perm (23 °C))",
    note: "water-vapor permeance measured at 23 °C"
  }),
  unit("perm_in", "perm inch", [1, "perm*in"], {
    ...us,
    plurals: ["perm inches"],
    source: "NIST SP 811 B.8 (perm inch (0 °C) = 1.453 22 E-12 kg/(Pa·s·m))",
    note: "water-vapor permeability, the perm through an inch"
  }),
  unit("perm_in_23C", "perm inch at 23 °C", [decimal("1.45929e-12"), "kg/(Pa*s*m)"], {
    ...us,
    exact: false,
    plurals: ["perm inches at 23 °C"],
    source: "NIST SP 811 B.8 (perm inch (23 °C))"
  })
]
