// Mass: avoirdupois, troy and apothecaries' weights, all exact from the 1959 international pound
// (1 lb = 0.45359237 kg; NIST SP 811 B.8; NIST HB 44 appendix C: 1 lb = 7000 gr, troy and
// apothecaries' ounces = 480 gr). The tonne is SI accepted (SI Brochure table 8); the metric carat is
// 200 mg (CGPM 1907). Linear densities of yarn (tex, denier) follow ISO 1144. The dalton and other
// atomic masses are in atomic.ts, the solar mass in astronomy.ts.
import { decimal, ratio, unit } from "./define.ts"

const avoirdupois = { system: "US customary", source: "NIST SP 811 B.8; NIST HB 44 appendix C (international pound, 1959)" } as const
const troy = { system: "troy", source: "NIST HB 44 appendix C (troy weight, 1 lb t = 5760 gr)" } as const
const apothecary = { system: "apothecary", source: "NIST HB 44 appendix C (apothecaries' weight)" } as const

export const mass = [
  unit("lb", "pound", [decimal("0.45359237"), "kg"], {
    ...avoirdupois,
    // lbm, "pound mass", is how engineering tables set the pound apart from the pound-force (lbf)
    aliases: ["lbs", "lb_av", "lbm"],
    names: ["avoirdupois pound", "international pound", "pound mass"],
    note: "avoirdupois pound, 0.45359237 kg exactly; pound-force is lbf, the troy pound lb_t"
  }),
  unit("oz", "ounce", [ratio(1, 16), "lb"], {
    ...avoirdupois,
    aliases: ["oz_av"],
    names: ["avoirdupois ounce"],
    note: "avoirdupois ounce (28.349523125 g); troy ounce is ozt, fluid ounce floz"
  }),
  unit("dr", "dram", [ratio(1, 16), "oz"], {
    ...avoirdupois,
    names: ["avoirdupois dram"],
    note: "avoirdupois dram (1.7718451953125 g); apothecaries' dram is dram_ap"
  }),
  // thousands and millions of pounds (ASTM E380 / IEEE 268 "kilopound"; bulk cargo, aircraft weights).
  // 'Mlb' is refused in readings.ts: a thousand pounds in the steam and boiler trade (Mlb/h, M = Roman
  // thousand), a million pounds read as mega (GNU units' Mlb). MMlb is always the million.
  unit("klb", "kilopound", [1000, "lb"], {
    ...avoirdupois,
    aliases: ["kilo_lb"],
    names: ["thousand pounds"],
    plurals: false,
    note: "1000 lb of mass (453.59237 kg); the kip is 1000 lbf, a force"
  }),
  unit("MMlb", "million pounds", [decimal("1e6"), "lb"], {
    ...avoirdupois,
    aliases: ["MMlbs"],
    plurals: false,
    note: "10⁶ lb (MM = thousand thousand); 'Mlb' alone is refused (thousand or million?)"
  }),
  // the chemical engineer's pound-mole: as many entities as 1 lb of the substance holds molecules
  // per molar mass in g/mol, i.e. 453.59237 mol (Perry's Chemical Engineers' Handbook, 1-2; QUDT MOL_LB)
  unit("lbmol", "pound mole", [decimal("453.59237"), "mol"], {
    aliases: ["lb_mol", "lb-mol", "lbmole"],
    names: ["pound-mole", "lb-mole"],
    system: "US customary",
    source: "Perry's Chemical Engineers' Handbook, 9th ed., table 1-2 (1 lb-mol = 453.59237 mol); QUDT MOL_LB",
    note: "amount of substance, 453.59237 mol exactly (the pound's 0.45359237 kg × 1000 mol/kg); not lb × mol"
  }),
  // process flowsheets write plant flows in thousands of pound-moles (klbmol/h)
  unit("klbmol", "kilopound mole", [1000, "lbmol"], {
    aliases: ["klb_mol", "klb-mol"],
    names: ["kilopound-mole", "klb-mole"],
    system: "US customary",
    source: "Perry's Chemical Engineers' Handbook, 9th ed., table 1-2 (lb-mol) with the SI prefix kilo",
    note: "1000 lb-mol = 453592.37 mol"
  }),
  unit("gr", "grain", [ratio(1, 7000), "lb"], { ...avoirdupois, note: "64.79891 mg; the same grain in avoirdupois, troy and apothecaries' weight" }),
  unit("st", "stone", [14, "lb"], {
    system: "imperial",
    source: "UK Weights and Measures Act 1985",
    plurals: ["stone"],
    note: "14 lb, used for body weight in the UK"
  }),
  unit("cwt_us", "short hundredweight", [100, "lb"], { ...avoirdupois, names: ["US hundredweight"], note: "'cwt' alone is ambiguous (100 lb US, 112 lb UK)" }),
  unit("cwt_uk", "long hundredweight", [112, "lb"], { system: "imperial", source: "UK Weights and Measures Act 1985", names: ["imperial hundredweight"] }),
  unit("short_ton", "short ton", [2000, "lb"], {
    ...avoirdupois,
    aliases: ["ton_us"],
    names: ["US ton"],
    note: "2000 lb; 'ton' alone is ambiguous (short ton, long ton, tonne) and is not accepted"
  }),
  unit("long_ton", "long ton", [2240, "lb"], {
    system: "imperial",
    source: "UK Weights and Measures Act 1985",
    aliases: ["ton_uk"],
    names: ["imperial ton", "UK ton", "weight ton"],
    note: "2240 lb (1016.0469088 kg)"
  }),
  unit("t", "tonne", [1000, "kg"], {
    names: ["metric ton"],
    prefixes: "large",
    system: "SI accepted",
    source: "SI Brochure table 8",
    note: "1000 kg; takes only kilo and larger prefixes (Mt, Gt), and 'kt' is the knot, not the kilotonne"
  }),
  // dt: the decitonne of German agricultural statistics (Destatis: yields in dt/ha), 100 kg like the quintal
  unit("quintal", "quintal", [100, "kg"], {
    system: "SI accepted",
    aliases: ["dt"],
    names: ["metric quintal", "decitonne"],
    note: "100 kg (agriculture); dt is the decitonne, the same 100 kg"
  }),
  unit("slug", "slug", [1, "lbf*s^2/ft"], { ...avoirdupois, names: ["geepound"], note: "mass accelerated at 1 ft/s² by 1 lbf (14.593902937206 kg)" }),
  unit("ct_mass", "carat", [200, "mg"], {
    names: ["metric carat"],
    system: "SI accepted",
    source: "CGPM 1907 (metric carat, 200 mg)",
    note: "gem mass; written ct_mass because 'ct' is a count (each); the karat of gold purity is a ratio, not this"
  }),

  unit("hyl", "metric slug", [1, "kgf*s^2/m"], { system: "gravitational", names: ["hyl", "TME"], source: "NIST SP 811 B.8 (kgf·s²/m)", note: "9.80665 kg" }),
  unit("slinch", "slinch", [1, "lbf*s^2/in"], { ...avoirdupois, names: ["blob"], note: "12 slugs" }),
  unit("tola", "tola", [180, "gr"], { system: "South Asian", source: "Indian Standards of Weights and Measures Act 1956 (11.6638038 g)", note: "180 grains" }),

  // troy
  unit("ozt", "troy ounce", [480, "gr"], { ...troy, aliases: ["oz_t", "troy_oz"], note: "31.1034768 g; precious metals" }),
  unit("lb_t", "troy pound", [12, "ozt"], { ...troy, aliases: ["lbt"], note: "5760 gr (373.2417216 g)" }),
  unit("dwt", "pennyweight", [24, "gr"], troy),

  // apothecaries'
  unit("scruple", "scruple", [20, "gr"], { ...apothecary, names: ["apothecaries' scruple", "apothecary scruple"] }),
  unit("dram_ap", "apothecary dram", [3, "scruple"], {
    ...apothecary,
    aliases: ["dr_ap"],
    names: ["apothecaries' dram", "apothecaries' drachm"],
    note: "60 gr (3.8879346 g)"
  }),
  unit("oz_ap", "apothecary ounce", [8, "dram_ap"], { ...apothecary, names: ["apothecaries' ounce"], note: "480 gr, equal to the troy ounce" }),
  unit("lb_ap", "apothecary pound", [12, "oz_ap"], { ...apothecary, names: ["apothecaries' pound"], note: "5760 gr, equal to the troy pound" }),

  // linear density of fibres and yarns (ISO 1144)
  unit("tex", "tex", [1, "g/km"], { prefixes: "si", system: "SI accepted", source: "ISO 1144", note: "yarn linear density, g/km (dtex = decitex)" }),
  unit("den", "denier", [ratio(1, 9), "tex"], { source: "ISO 2947", system: "textile", note: "g per 9000 m" }),
  unit("assay_ton", "assay ton", [1, "short_ton*mg/ozt"], {
    ...avoirdupois,
    names: ["short assay ton"],
    source: "NIST SP 811 B.8 (ton, assay (AT) = 2.916667e-2 kg)",
    note: "29.1666… g: 1 mg of metal per assay ton is 1 troy ounce per short ton"
  }),
  unit("assay_ton_long", "long assay ton", [1, "long_ton*mg/ozt"], {
    system: "imperial",
    source: "long ton / troy ounce × 1 mg (as GNU units)",
    note: "32.6666… g"
  }),
  unit("momme", "momme", [decimal("3.75"), "g"], {
    system: "Japanese",
    plurals: false,
    source: "Japanese Measurement Law (1 monme = 3.75 g)",
    names: ["monme"],
    note: "pearls; silk weight is momme per 45 in × 100 yd"
  }),
  unit("gsm", "gram per square meter", [1, "g/m^2"], {
    system: "SI",
    names: ["gram per square metre"],
    plurals: ["grams per square meter", "grams per square metre"],
    source: "ISO 536 (paper grammage, g/m²)",
    note: "areal density of paper and fabric"
  })
]
