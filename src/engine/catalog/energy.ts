// Energy and power. Calories and British thermal units follow NIST SP 811 B.8: the thermochemical
// calorie is 4.184 J, the International Table calorie 4.1868 J, BTU_IT = 1055.05585262 J and
// BTU_th = cal_th·lb/(g·°F); the US therm is 105480400 J (NIST SP 811 B.8, as GNU units) and the
// EC therm 105506000 J. Horsepower is 550 ft·lbf/s, the metric horsepower 75 kgf·m/s, the ton of
// refrigeration 12000 BTU_IT/h. Ton of TNT and tonne of oil equivalent: IEA/ISO conventions.
// The electronvolt is in atomic.ts, the erg in cgs.ts.
import { decimal, ratio, unit } from "./define.ts"

const nist = { source: "NIST SP 811 B.8" } as const

export const energy = [
  unit("Wh", "watt hour", [1, "W*h"], {
    prefixes: "si",
    system: "SI accepted",
    source: "SI Brochure table 8 (hour)",
    names: ["watt-hour"],
    kind: "active power (or energy)",
    note: "3600 J; kWh, MWh, GWh accepted"
  }),
  // the bare word "calorie" is left out: in food talk it means the kilocalorie, a 1000× trap
  // written cal_th: 'cal' alone is refused with its readings in what people write (catalog/readings.ts),
  // and stays an alias for the catalog's own definitions and prefixed forms (kcal, Gcal)
  unit("cal_th", "thermochemical calorie", [decimal("4.184"), "J"], {
    ...nist,
    aliases: ["cal"],
    names: ["small calorie", "gram calorie"],
    prefixes: "si",
    system: "thermochemical",
    note: "thermochemical calorie, 4.184 J; food Calorie (Cal) is the kcal; the IT calorie is cal_IT (4.1868 J); 'cal' and 'calorie' alone are refused with their readings"
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
    note: "International Table BTU, 1055.05585262 J; the thermochemical BTU is BTU_th; MMBtu is a million of them, MBtu is refused (1000 Btu in the trade, 10⁶ Btu read as mega)"
  }),
  unit("cal_15", "calorie at 15 °C", [decimal("4.18580"), "J"], {
    ...nist,
    exact: false,
    names: ["fifteen degree calorie"],
    system: "thermochemical",
    note: "about 4.1858 J"
  }),
  unit("cal_20", "calorie at 20 °C", [decimal("4.18190"), "J"], {
    ...nist,
    exact: false,
    names: ["twenty degree calorie"],
    system: "thermochemical",
    note: "about 4.1819 J"
  }),
  unit("BTU_59F", "British thermal unit at 59 °F", [ratio(1, 100000), "thm"], {
    ...nist,
    system: "US customary",
    note: "1054.804 J; 100000 of them make the US therm"
  }),
  unit("BTU_th", "thermochemical British thermal unit", [ratio(5, 9), "cal_th*lb/g"], {
    ...nist,
    aliases: ["Btu_th"],
    system: "thermochemical",
    note: "1054.3502644888… J"
  }),
  unit("thm", "therm", [105480400, "J"], {
    ...nist,
    aliases: ["therm_US"],
    names: ["US therm"],
    system: "US customary",
    note: "US therm, 105480400 J exactly (as GNU units); the EC therm is thm_EC (105506000 J)"
  }),
  unit("thm_EC", "EC therm", [105506000, "J"], { ...nist, names: ["European therm"], system: "International Table", note: "EC Directive 80/181/EEC" }),
  // the UK's therm: 100 000 British thermal units of the UK's definition, 1055.05585257348 J each
  unit("thm_UK", "UK therm", [decimal("105505585.257348"), "J"], {
    names: ["imperial therm"],
    system: "imperial",
    source: "The Units of Measurement Regulations 1995 (UK SI 1995/1804), Schedule: therm = 105.505585257348 MJ",
    note: "105.505585257348 MJ; the US therm (thm) is 105.4804 MJ and the EC therm (thm_EC) 105.506 MJ"
  }),
  // US natural-gas billing: the dekatherm, 10 US therms (about 1 MMBtu)
  unit("Dth", "dekatherm", [10, "thm"], {
    names: ["decatherm"],
    system: "US customary",
    source: "US EIA, natural gas units (1 dekatherm = 10 therms); NIST SP 811 B.8 (US therm)",
    note: "10 US therms, 1.054804 GJ"
  }),
  unit("Dth_EC", "EC dekatherm", [10, "thm_EC"], {
    names: ["EC decatherm"],
    system: "International Table",
    source: "10 EC therms (EC Directive 80/181/EEC)",
    note: "1.05506 GJ"
  }),
  unit("Dth_UK", "UK dekatherm", [10, "thm_UK"], {
    names: ["UK decatherm", "imperial decatherm"],
    system: "imperial",
    source: "10 UK therms (UK SI 1995/1804)",
    note: "1.05505585257348 GJ"
  }),
  unit("quad", "quad", [decimal("1e15"), "BTU"], { system: "International Table", source: "US EIA", note: "10^15 BTU_IT" }),
  unit("ft_lbf", "foot pound force", [1, "ft*lbf"], {
    ...nist,
    aliases: ["ft_lb", "ftlbf"],
    // as trade writes it: the pound here is the pound-force, as in the name "foot pound" (lb·ft of
    // mass × length converts to nothing of this quantity); the torque order is lbf_ft below
    names: ["foot pound", "foot-pound", "foot-pound force", "ft-lb", "ft lb", "ft-lbf"],
    plurals: ["foot pounds", "foot pounds force", "foot-pounds", "ft-lbs", "ft lbs"],
    system: "US customary",
    note: "1.3558179483314004 J; also the unit of torque (pound-foot)"
  }),
  // the pound-force foot and inch, in the order US practice writes a torque (the foot pound-force,
  // length first, for work); the same values, and the torque note follows the order written
  unit("lbf_ft", "pound-force foot", [1, "lbf*ft"], {
    ...nist,
    names: ["pound-force foot", "pound foot", "pound-foot", "lb-ft", "lb ft", "lbf-ft"],
    plurals: ["pound-force feet", "pound feet", "pound-feet", "lb-fts"],
    system: "US customary",
    note: "torque, 1.3558179483314004 N·m"
  }),
  unit("in_lbf", "inch pound force", [1, "in*lbf"], {
    ...nist,
    aliases: ["in_lb"],
    names: ["inch pound", "inch-pound", "in-lb", "in lb", "in-lbf"],
    plurals: ["inch pounds", "inch-pounds", "in-lbs", "in lbs"],
    system: "US customary"
  }),
  unit("lbf_in", "pound-force inch", [1, "lbf*in"], {
    ...nist,
    names: ["pound-force inch", "pound inch", "pound-inch", "lb-in", "lb in", "lbf-in"],
    plurals: ["pound-force inches", "pound inches", "pound-inches", "lb-ins"],
    system: "US customary",
    note: "torque, 0.1129848290276167 N·m"
  }),
  unit("hp_h", "horsepower hour", [1, "hp*h"], { ...nist, aliases: ["hph"], system: "US customary", plurals: false }),
  unit("foe", "foe", [decimal("1e44"), "J"], { system: "astronomical", names: ["bethe"], source: "Bethe (10^51 erg)", note: "supernova energy, 1e44 J" }),
  unit("tTNT", "ton of TNT", [decimal("1e9"), "cal_th"], {
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
  unit("hp_e", "electrical horsepower", [746, "W"], { ...nist, names: ["electric horsepower"], plurals: false, system: "US customary" }),
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
  unit("VA", "volt ampere", [1, "V*A"], {
    prefixes: "si",
    names: ["volt-ampere"],
    kind: "apparent power (or energy)",
    source: "IEC 60050-131",
    note: "apparent power; same dimension as W"
  }),
  // apparent and reactive energy, as electricity meters register them (kVAh, kvarh): the power × the hour
  unit("VAh", "volt ampere hour", [1, "VA*h"], {
    prefixes: "si",
    aliases: ["VA_h"],
    names: ["volt-ampere hour", "volt-ampere-hour"],
    system: "SI accepted",
    source: "IEC 62053-23/-24 (apparent energy registers); IEC 60050-131 (volt ampere) with the hour (SI Brochure table 8)",
    kind: "apparent power (or energy)",
    note: "apparent energy, 3600 V·A·s; kVAh, MVAh accepted"
  }),
  unit("varh", "volt ampere reactive hour", [1, "var*h"], {
    prefixes: "si",
    aliases: ["var_h"],
    names: ["var hour", "var-hour"],
    system: "SI accepted",
    source: "IEC 62053-23 (static meters for reactive energy); IEC 60050-131 (var) with the hour",
    kind: "reactive power (or energy)",
    note: "reactive energy, 3600 var·s; kvarh, Mvarh accepted"
  }),
  unit("var", "volt ampere reactive", [1, "V*A"], {
    // kVAr and MVAr, as switchgear and utility tables write them
    aliases: ["VAr"],
    prefixes: "si",
    plurals: ["volt amperes reactive"],
    kind: "reactive power (or energy)",
    source: "IEC 60050-131",
    note: "reactive power; same dimension as W"
  }),

  // more energy, torque and power
  unit("BTU_39F", "British thermal unit at 39 °F", [decimal("1059.67"), "J"], { ...nist, exact: false, system: "US customary", note: "about 1059.67 J" }),
  unit("BTU_60F", "British thermal unit at 60 °F", [decimal("1054.68"), "J"], {
    ...nist,
    exact: false,
    system: "US customary",
    note: "about 1054.68 J (gas industry)"
  }),
  unit("BTU_mean", "mean British thermal unit", [decimal("1055.87"), "J"], { ...nist, exact: false, system: "US customary", note: "about 1055.87 J" }),
  unit("cal_mean", "mean calorie", [decimal("4.19002"), "J"], { ...nist, exact: false, system: "thermochemical", note: "about 4.19002 J" }),
  // NIST SP 811 B.8 lists the mean kilocalorie on its own row (4.190 02 E+03 J), as it does the IT and th ones
  // the IT kilocalorie as a unit of its own, so that "kilocalorie (IT)" has a reading to name; written like the
  // food Calorie (Cal), since the symbol kcal_IT is already k + cal_IT
  unit("Cal_IT", "International Table kilocalorie", [1000, "cal_IT"], {
    ...nist,
    names: ["IT kilocalorie"],
    system: "International Table",
    note: "4186.8 J, also written kcal_IT"
  }),
  unit("kcal_mean", "mean kilocalorie", [1000, "cal_mean"], { ...nist, exact: false, system: "thermochemical", note: "about 4190.02 J" }),
  unit("BOE", "barrel of oil equivalent", [decimal("5.8e6"), "BTU"], {
    aliases: ["boe"],
    plurals: ["barrels of oil equivalent"],
    system: "conventional",
    source: "US EIA / IRS convention (5.8 million BTU per barrel of crude oil)",
    note: "about 6.12 GJ; MBOE and MMBOE (M = thousand) are not accepted"
  }),
  // Natural gas trade: M is the Roman thousand and MM a thousand thousand (US EIA, "Natural gas
  // explained: units"; AGA). Only the doubled form is unambiguous: MBtu is refused in readings.ts.
  unit("MMBtu", "million British thermal units", [decimal("1e6"), "BTU"], {
    aliases: ["MMBTU", "mmBtu", "MMbtu"],
    names: ["million British thermal unit", "million Btu", "million BTU"],
    plurals: false,
    system: "International Table",
    source: "US EIA, Natural gas explained: units (MMBtu = 1 million Btu); NIST SP 811 B.8 (BTU_IT)",
    note: "10⁶ International Table BTU = 1.05505585262 GJ (MM = thousand thousand, the gas trade's Roman numerals); MBtu alone is refused"
  }),
  // the kilo-BTU of HVAC ratings (kBtu/h) and building energy (kBtu/ft², ENERGY STAR Portfolio Manager):
  // k is never the Roman thousand's M, so it is read as written. Defined alone, not by a prefix policy on
  // BTU, so that no spelling of MBtu ever becomes the mega.
  unit("kBtu", "kilo British thermal unit", [1000, "BTU"], {
    aliases: ["kBTU", "kbtu", "kBtu_IT"],
    names: ["thousand British thermal units", "kilo-Btu"],
    plurals: false,
    system: "International Table",
    source: "NIST SP 811 B.8 (BTU_IT) with the SI prefix kilo; ENERGY STAR Portfolio Manager (kBtu)",
    note: "1000 International Table BTU = 1.05505585262 MJ"
  }),
  unit("GBtu", "giga British thermal unit", [decimal("1e9"), "BTU"], {
    aliases: ["GBTU"],
    names: ["billion British thermal units", "giga-Btu"],
    plurals: false,
    system: "International Table",
    source: "NIST SP 811 B.8 (BTU_IT) with the SI prefix giga",
    note: "10⁹ International Table BTU = 1.05505585262 TJ (G is never a Roman numeral, unlike the trade's M)"
  }),
  unit("kBtu_th", "kilo thermochemical British thermal unit", [1000, "BTU_th"], {
    plurals: false,
    system: "thermochemical",
    source: "NIST SP 811 B.8 (Btu_th) with the SI prefix kilo; QUDT KiloBTU_TH",
    note: "1000 thermochemical BTU = 1.0543502644888… MJ; kBtu alone is the International Table one"
  }),
  unit("L_atm", "liter atmosphere", [1, "L*atm"], {
    system: "SI accepted",
    names: ["litre atmosphere", "liter-atmosphere"],
    source: "1 L × 101325 Pa",
    note: "101.325 J (pV work)"
  }),
  unit("Ws", "watt second", [1, "W*s"], {
    prefixes: "si",
    system: "SI",
    names: ["watt-second"],
    source: "NIST SP 811 B.8",
    note: "1 J (photographic flash energy)"
  }),
  unit("Wd", "watt day", [1, "W*d"], {
    prefixes: "si",
    system: "SI accepted",
    names: ["watt-day"],
    source: "SI Brochure table 8 (day)",
    note: "86400 J; nuclear burnup MWd/kgU"
  }),
  unit("ft_pdl", "foot poundal", [1, "ft*pdl"], { ...nist, names: ["foot-poundal"], system: "US customary", note: "0.0421401100938048 J" }),
  unit("kgf_m", "kilogram force meter", [1, "kgf*m"], {
    ...nist,
    names: ["kilogram force metre", "kilogram-force meter", "kilogram-force metre", "kilopond meter", "kilopond metre"],
    plurals: ["kilogram force meters", "kilogram force metres"],
    system: "gravitational",
    note: "9.80665 J; also torque (kgf·m)"
  }),
  unit("kgf_cm", "kilogram force centimetre", [1, "kgf*cm"], {
    // NIST SP 811 lists the kilogram-force metre; the centimetre form is the servo data sheets'
    source: "NIST SP 811 B.8 (kilogram-force meter), ÷ 100",
    aliases: ["kgfcm"],
    names: ["kilogram force centimeter", "kilogram-force centimetre", "kilogram-force centimeter"],
    plurals: ["kilogram force centimeters", "kilogram force centimetres"],
    system: "gravitational",
    note: "torque, 0.0980665 N·m (servo data sheets)"
  }),
  unit("in_ozf", "inch ounce force", [1, "in*ozf"], {
    ...nist,
    aliases: ["ozf_in", "oz_in", "in_oz"],
    // oz-in is left a product: motor data sheets write it for a torque, balancing specifications for
    // an unbalance (a mass times a radius, ISO 21940); the force is then written ozf
    names: ["inch ounce", "ounce force inch", "ounce inch", "ozf-in", "in-ozf"],
    plurals: ["inch ounces", "ounce inches"],
    system: "US customary",
    note: "small torques (motors), 0.00706155181422 N·m"
  }),
  unit("BTU_h", "BTU per hour", [1, "BTU/h"], {
    ...nist,
    aliases: ["Btu_h", "Btuh", "BTUH"],
    names: ["British thermal unit per hour"],
    plurals: ["BTUs per hour", "British thermal units per hour"],
    system: "International Table",
    note: "0.29307107017222 W (HVAC)"
  }),
  unit("hp_water", "water horsepower", [decimal("746.043"), "W"], {
    ...nist,
    exact: false,
    plurals: false,
    system: "US customary",
    note: "about 746.043 W (pumps)"
  }),
  unit("Wp", "watt peak", [1, "W"], {
    prefixes: "si",
    system: "SI",
    names: ["peak watt"],
    source: "IEC 61215 (rated output at standard test conditions)",
    note: "photovoltaic rated power (kWp, MWp); a watt at 1000 W/m², 25 °C"
  })
]
