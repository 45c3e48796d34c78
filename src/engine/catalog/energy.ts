// Energy and power. Calories and British thermal units follow NIST SP 811 B.8: the thermochemical
// calorie is 4.184 J, the International Table calorie 4.1868 J, BTU_IT = 1055.05585262 J and
// BTU_th = cal_th·lb/(g·°F); the US therm is 105480400 J (NIST SP 811 B.8, as GNU units) and the
// EC therm 105506000 J. Horsepower is 550 ft·lbf/s, the metric horsepower 75 kgf·m/s, the ton of
// refrigeration 12000 BTU_IT/h. Ton of TNT and tonne of oil equivalent: IEA/ISO conventions.
// The electronvolt is in atomic.ts, the erg in cgs.ts.
import { decimal, ratio, unit } from "./define.ts"

const nist = { source: "NIST SP 811 B.8" } as const

export const energy = [
  unit("Wh", "watt hour", [1, "W*h"], { prefixes: "si", system: "SI accepted", source: "SI Brochure table 8 (hour)", names: ["watt-hour"], note: "3600 J; kWh, MWh, GWh accepted" }),
  // the bare word "calorie" is left out: in food talk it means the kilocalorie, a 1000× trap
  unit("cal", "thermochemical calorie", [decimal("4.184"), "J"], {
    ...nist,
    aliases: ["cal_th"],
    names: ["small calorie", "gram calorie"],
    prefixes: "si",
    system: "thermochemical",
    note: "thermochemical calorie, 4.184 J; food Calorie (Cal) is the kcal; the IT calorie is cal_IT (4.1868 J); the word 'calorie' alone is not accepted"
  }),
  unit("Cal", "food calorie", [1, "kcal"], {
    names: ["kilocalorie", "kilogram calorie", "large calorie", "dietary calorie", "nutritional calorie"],
    system: "thermochemical",
    source: "US 21 CFR 101.9 (food energy in kilocalories)",
    note: "capital-C Calorie of nutrition labels = 1 kcal = 4184 J"
  }),
  unit("cal_IT", "International Table calorie", [decimal("4.1868"), "J"], { ...nist, names: ["IT calorie"], prefixes: "si", system: "International Table" }),
  unit("BTU", "British thermal unit", [decimal("1055.05585262"), "J"], {
    ...nist,
    aliases: ["Btu", "btu", "BTU_IT", "Btu_IT"],
    names: ["International Table British thermal unit"],
    system: "International Table",
    note: "International Table BTU, 1055.05585262 J; the thermochemical BTU is BTU_th; MBtu/MMBtu are not accepted (M means 1000 in that trade)"
  }),
  unit("cal_15", "calorie at 15 °C", [decimal("4.18580"), "J"], { ...nist, exact: false, names: ["fifteen degree calorie"], system: "thermochemical", note: "about 4.1858 J" }),
  unit("cal_20", "calorie at 20 °C", [decimal("4.18190"), "J"], { ...nist, exact: false, names: ["twenty degree calorie"], system: "thermochemical", note: "about 4.1819 J" }),
  unit("BTU_59F", "British thermal unit at 59 °F", [ratio(1, 100000), "thm"], { ...nist, system: "US customary", note: "1054.804 J; 100000 of them make the US therm" }),
  unit("BTU_th", "thermochemical British thermal unit", [ratio(5, 9), "cal*lb/g"], { ...nist, aliases: ["Btu_th"], system: "thermochemical", note: "1054.3502644888… J" }),
  unit("thm", "therm", [105480400, "J"], {
    ...nist,
    aliases: ["therm_US"],
    names: ["US therm"],
    system: "US customary",
    note: "US therm, 105480400 J exactly (as GNU units); the EC therm is thm_EC (105506000 J)"
  }),
  unit("thm_EC", "EC therm", [105506000, "J"], { ...nist, names: ["European therm"], system: "International Table", note: "EC Directive 80/181/EEC" }),
  unit("quad", "quad", [decimal("1e15"), "BTU"], { system: "International Table", source: "US EIA", note: "10^15 BTU_IT" }),
  unit("ft_lbf", "foot pound force", [1, "ft*lbf"], {
    ...nist,
    aliases: ["ft_lb", "ftlbf"],
    names: ["foot pound", "foot-pound", "foot-pound force"],
    plurals: ["foot pounds", "foot pounds force"],
    system: "US customary",
    note: "1.3558179483314004 J; also the unit of torque (pound-foot)"
  }),
  unit("in_lbf", "inch pound force", [1, "in*lbf"], { ...nist, aliases: ["in_lb"], names: ["inch pound"], plurals: ["inch pounds"], system: "US customary" }),
  unit("hp_h", "horsepower hour", [1, "hp*h"], { ...nist, aliases: ["hph"], system: "US customary", plurals: false }),
  unit("foe", "foe", [decimal("1e44"), "J"], { system: "astronomical", names: ["bethe"], source: "Bethe (10^51 erg)", note: "supernova energy, 1e44 J" }),
  unit("tTNT", "ton of TNT", [decimal("1e9"), "cal"], {
    aliases: ["t_TNT"],
    names: ["tonne of TNT"],
    plurals: ["tons of TNT", "tonnes of TNT"],
    prefixes: "large",
    system: "conventional",
    source: "NIST SP 811 B.8 (4.184e9 J, by convention)",
    note: "4.184 GJ; ktTNT and MtTNT accepted"
  }),
  unit("toe", "tonne of oil equivalent", [decimal("41.868"), "GJ"], {
    plurals: ["tonnes of oil equivalent"],
    prefixes: "large",
    system: "conventional",
    source: "IEA/OECD convention (10^7 kcal_IT)",
    note: "41.868 GJ"
  }),
  unit("tce", "tonne of coal equivalent", [decimal("29.3076"), "GJ"], {
    plurals: ["tonnes of coal equivalent"],
    system: "conventional",
    source: "IEA/UN convention (7 Gcal_IT)",
    note: "29.3076 GJ"
  }),

  // power
  unit("hp", "horsepower", [550, "ft*lbf/s"], {
    ...nist,
    aliases: ["hp_I"],
    names: ["mechanical horsepower", "imperial horsepower"],
    plurals: false,
    system: "US customary",
    note: "mechanical horsepower, 550 ft·lbf/s = 745.69987158227022 W; metric is PS, electrical hp_e"
  }),
  unit("hp_e", "electrical horsepower", [746, "W"], { ...nist, plurals: false, system: "US customary" }),
  unit("PS", "metric horsepower", [75, "kgf*m/s"], {
    ...nist,
    aliases: ["hp_M"],
    names: ["Pferdestärke", "cheval-vapeur"],
    plurals: false,
    system: "gravitational",
    note: "735.49875 W; 'PS' is never petasiemens"
  }),
  unit("hp_boiler", "boiler horsepower", [decimal("9809.5"), "W"], { ...nist, exact: false, plurals: false, system: "US customary", note: "about 9809.5 W" }),
  unit("TR", "ton of refrigeration", [12000, "BTU/h"], {
    aliases: ["ton_ref"],
    names: ["refrigeration ton"],
    plurals: ["tons of refrigeration"],
    system: "US customary",
    source: "ASHRAE (12000 BTU_IT/h)",
    note: "3516.8528420666… W"
  }),
  unit("VA", "volt ampere", [1, "V*A"], { prefixes: "si", names: ["volt-ampere"], source: "IEC 60050-131", note: "apparent power; same dimension as W" }),
  unit("var", "volt ampere reactive", [1, "V*A"], {
    prefixes: "si",
    plurals: ["volt amperes reactive"],
    source: "IEC 60050-131",
    note: "reactive power; same dimension as W"
  })
]
