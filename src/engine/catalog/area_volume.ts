// Area and volume. The litre is 1 dm³ exactly (SI Brochure table 8, CGPM 1964). US liquid and dry
// measures follow NIST Handbook 44 (2024) appendix C: gallon = 231 in³, bushel = 2150.42 in³, all
// exact through the 1959 inch. Imperial measures: UK Weights and Measures Act 1985 (gallon =
// 4.54609 L exactly). The acre is the international acre, 43560 ft² (NIST SP 811 B.8).
import { decimal, piRatio, ratio, unit } from "./define.ts"

const us = { system: "US customary", source: "NIST HB 44 appendix C" } as const
const imperial = { system: "imperial", source: "UK Weights and Measures Act 1985, schedule 1" } as const

export const areaVolume = [
  // area
  unit("ha", "hectare", [10000, "m^2"], { system: "SI accepted", source: "SI Brochure table 8" }),
  // the decare (Norway's dekar, Turkey's dönüm since 1931, Bulgaria's декар): 10 ares
  unit("daa", "decare", [1000, "m^2"], {
    system: "SI accepted",
    names: ["dekar"],
    source: "SI Brochure table 8 (are, 100 m²) with the SI prefix deca",
    note: "1000 m² (10 a); pint reads daa as ten years (deca-annum)"
  }),
  unit("ac", "acre", [43560, "ft^2"], {
    ...us,
    names: ["international acre"],
    source: "NIST SP 811 B.8 (international acre, 43560 international ft²)",
    note: "international acre, 4046.8564224 m²; the US survey acre (acre_survey) is about 4 ppm larger"
  }),
  unit("acre_survey", "US survey acre", [43560, "ft_survey^2"], { ...us, source: "NIST SP 447; 85 FR 62698" }),
  unit("rood", "rood", [ratio(1, 4), "acre"], { ...imperial, note: "quarter acre" }),
  unit("dunam", "dunam", [1000, "m^2"], { system: "SI accepted", names: ["dunum", "metric dunam"], note: "metric dunam (1000 m²) as used today" }),
  unit("b_area", "barn", [100, "fm^2"], {
    prefixes: "si",
    system: "SI accepted",
    source: "NIST SP 811 B.8 (1e-28 m²)",
    note: "nuclear cross-section; written b_area because 'b' is the bit; prefix names work (millibarn, femtobarn)"
  }),
  unit("shed", "shed", [decimal("1e-24"), "b_area"], { system: "SI accepted", source: "Los Alamos convention (1e-52 m²)", note: "1e-24 barn" }),
  unit("cmil", "circular mil", [piRatio(1, 4), "mil^2"], { ...us, note: "area of a circle one mil in diameter; wire gauges" }),
  unit("sq_in", "square inch", [1, "in^2"], { ...us, aliases: ["sqin"], plurals: ["square inches"] }),
  unit("sq_ft", "square foot", [1, "ft^2"], { ...us, aliases: ["sqft"], plurals: ["square feet"] }),
  // property listings write "sqm" and "sq m"; without it 'sqm' hinted the square mile
  unit("sqm", "sqm", [1, "m^2"], {
    aliases: ["sq_m"],
    plurals: false,
    system: "SI",
    source: "SI Brochure (m²)",
    note: "1 m², as property listings write it; the square mile is sq_mi"
  }),
  // the same shorthand for other metric areas: wire cross-sections are sold in "sqmm" (2.5 sqmm);
  // without these, 'sqmm' was fixed to 'sqm', a million times more
  unit("sqmm", "sqmm", [1, "mm^2"], { aliases: ["sq_mm"], plurals: false, system: "SI", source: "SI Brochure (mm²)", note: "1 mm², as cable sizes write it" }),
  unit("sqcm", "sqcm", [1, "cm^2"], { aliases: ["sq_cm"], plurals: false, system: "SI", source: "SI Brochure (cm²)", note: "1 cm²" }),
  unit("sqkm", "sqkm", [1, "km^2"], { aliases: ["sq_km"], plurals: false, system: "SI", source: "SI Brochure (km²)", note: "1 km²; the square mile is sq_mi" }),
  unit("sq_yd", "square yard", [1, "yd^2"], { ...us, aliases: ["sqyd"] }),
  unit("sq_mi", "square mile", [1, "mi^2"], { ...us, aliases: ["sqmi"] }),
  // the survey foot's squares, as the survey acre (NIST SP 811 B.8 lists "square mile (based on U.S.
  // survey foot)"); read by their names and by the qualifier (square mile (US survey), catalog/qualifiers.ts)
  unit("sq_ft_survey", "US survey square foot", [1, "ft_survey^2"], {
    ...us,
    names: ["square survey foot"],
    plurals: ["US survey square feet", "square survey feet"],
    source: "NIST SP 447; 85 FR 62698",
    note: "(1200/3937 m)², about 4 ppm larger than the international square foot"
  }),
  unit("sq_mi_survey", "US survey square mile", [1, "mi_survey^2"], {
    ...us,
    names: ["square survey mile"],
    source: "NIST SP 811 B.8 (square mile, based on U.S. survey foot: 2.589 998 E+06 m²); NIST SP 447",
    note: "the square of the US survey mile, about 4 ppm larger than the international square mile"
  }),

  // metric volume
  unit("L", "liter", [1, "dm^3"], {
    aliases: ["l", "ℓ"],
    names: ["litre"],
    prefixes: "si",
    system: "SI accepted",
    source: "SI Brochure table 8 (1 L = 1 dm³, CGPM 1964)"
  }),
  unit("st_vol", "stere", [1, "m^3"], { system: "SI accepted", source: "NIST SP 811 B.8 (1 m³)", note: "cubic metre of stacked firewood" }),

  // cubic customary
  unit("cu_in", "cubic inch", [1, "in^3"], { ...us, plurals: ["cubic inches"] }),
  // haematology counts per "cu mm" (cells/cumm): the cubic millimetre; bare 'cmm' is refused (readings.ts)
  unit("cu_mm", "cubic millimetre", [1, "mm^3"], {
    aliases: ["cumm"],
    names: ["cubic millimeter"],
    plurals: false,
    system: "SI",
    source: "SI Brochure (mm³)",
    note: "1 mm³ = 1 µL"
  }),
  unit("cu_ft", "cubic foot", [1, "ft^3"], { ...us, plurals: ["cubic feet"] }),
  unit("cu_yd", "cubic yard", [1, "yd^3"], us),
  // Natural gas volumes (US EIA, Natural gas explained: units; GNU units' Mcf = 1000 ft³): C is the
  // Roman hundred, M a thousand, MM a million, never the SI mega. A volume only: the reference
  // conditions of a "standard" cubic foot (60 °F, 14.73 psia in the US) are the caller's to state.
  unit("Ccf", "hundred cubic feet", [100, "ft^3"], {
    aliases: ["CCF", "ccf"],
    plurals: false,
    system: "US customary",
    source: "US EIA, Natural gas explained: units (Ccf = 100 cubic feet); GNU units (ccf)",
    note: "100 ft³ of gas (C = Roman hundred, as on US gas bills); a volume, at whatever conditions the meter states"
  }),
  unit("Mcf", "thousand cubic feet", [1000, "ft^3"], {
    aliases: ["MCF"],
    plurals: false,
    system: "US customary",
    source: "US EIA, Natural gas explained: units (Mcf = 1000 cubic feet); GNU units (Mcf)",
    note: "1000 ft³ of gas (M = Roman thousand, not mega); a volume, at whatever conditions the meter states"
  }),
  unit("MMcf", "million cubic feet", [decimal("1e6"), "ft^3"], {
    aliases: ["MMCF"],
    plurals: false,
    system: "US customary",
    source: "US EIA, Natural gas explained: units (MMcf = 1 million cubic feet)",
    note: "10⁶ ft³ of gas (MM = thousand thousand); a volume, at whatever conditions the meter states. GNU units reads MMcf as mega-Mcf, 10⁹ ft³"
  }),
  unit("Bcf", "billion cubic feet", [decimal("1e9"), "ft^3"], {
    plurals: false,
    system: "US customary",
    source: "US EIA, Natural gas explained: units (Bcf = 1 billion cubic feet)",
    note: "10⁹ ft³ of gas"
  }),
  unit("Tcf", "trillion cubic feet", [decimal("1e12"), "ft^3"], {
    plurals: false,
    system: "US customary",
    source: "US EIA, Natural gas explained: units (Tcf = 1 trillion cubic feet)",
    note: "10¹² ft³ of gas"
  }),
  // daily flows as the trade writes them (EIA's tables: MMcf/d); the same volumes, per day
  unit("Mcfd", "thousand cubic feet per day", [1, "Mcf/d"], {
    aliases: ["MCFD"],
    plurals: false,
    system: "US customary",
    source: "US EIA, Natural gas explained: units (Mcf); per day as in EIA's Mcf/d",
    note: "1000 ft³ of gas a day; a volume flow, at whatever conditions the meter states"
  }),
  unit("MMcfd", "million cubic feet per day", [1, "MMcf/d"], {
    aliases: ["MMCFD"],
    plurals: false,
    system: "US customary",
    source: "US EIA, Natural gas explained: units (MMcf); per day as in EIA's MMcf/d",
    note: "10⁶ ft³ of gas a day; a volume flow, at whatever conditions the meter states"
  }),
  unit("Bcfd", "billion cubic feet per day", [1, "Bcf/d"], {
    aliases: ["BCFD"],
    plurals: false,
    system: "US customary",
    source: "US EIA, Natural gas explained: units (Bcf); per day as in EIA's Bcf/d",
    note: "10⁹ ft³ of gas a day; a volume flow, at whatever conditions the meter states"
  }),
  unit("bdft", "board foot", [144, "in^3"], { ...us, aliases: ["FBM"], plurals: ["board feet"], note: "lumber: 1 ft × 1 ft × 1 in" }),
  unit("cord", "cord", [128, "ft^3"], { ...us, note: "stacked firewood, 4 ft × 4 ft × 8 ft" }),
  unit("ac_ft", "acre foot", [1, "acre*ft"], { ...us, aliases: ["acre_ft"], plurals: ["acre feet"] }),
  unit("acre_ft_survey", "US survey acre foot", [1, "acre_survey*ft_survey"], {
    ...us,
    plurals: ["US survey acre feet"],
    source: "NIST SP 811 B.8 (acre-foot, based on U.S. survey foot: 1.233 489 E+03 m³); NIST SP 447"
  }),

  // US liquid (NIST HB 44 C-4: gallon = 231 in³)
  unit("gal", "gallon", [231, "in^3"], {
    ...us,
    aliases: ["gal_us"],
    names: ["US gallon", "US liquid gallon"],
    note: "US liquid gallon, 3.785411784 L; the imperial gallon is imp_gal (4.54609 L)"
  }),
  // water and fuel volumes by the thousand and the million (USGS water-use reports write Mgal/d)
  unit("kgal", "thousand gallons", [1000, "gal"], { ...us, names: ["kilogallon"], plurals: false, note: "1000 US gallons; kgal (UK) is the imperial" }),
  unit("Mgal", "million gallons", [1000000, "gal"], {
    ...us,
    names: ["megagallon"],
    plurals: false,
    source: "USGS, Estimated Use of Water in the United States (Mgal/d)",
    note: "1e6 US gallons; Mgal (UK) is the imperial; not mGal, the milligal"
  }),
  unit("qt", "quart", [ratio(1, 4), "gal"], {
    ...us,
    names: ["US quart", "liquid quart", "liq qt", "US liquid quart"],
    note: "US liquid quart, 946.352946 mL"
  }),
  unit("pt", "pint", [ratio(1, 2), "qt"], {
    ...us,
    // NIST SP 811 B.8 writes "pint (U.S. liquid) (liq pt)"
    names: ["US pint", "liquid pint", "liq pt", "US liquid pint"],
    note: "US liquid pint, 473.176473 mL; the typographic point is pt_typo"
  }),
  unit("cup", "cup", [ratio(1, 2), "pint"], {
    ...us,
    names: ["US cup", "customary cup"],
    note: "US customary cup, 8 US fl oz (236.5882365 mL); the metric cup is 250 mL and the US legal (nutrition label) cup 240 mL"
  }),
  unit("gi", "gill", [ratio(1, 2), "cup"], { ...us, names: ["US gill"], note: "US gill, 4 US fl oz" }),
  unit("floz", "fluid ounce", [ratio(1, 16), "pint"], {
    ...us,
    aliases: ["fl_oz"],
    names: ["US fluid ounce", "fl oz"],
    note: "US fluid ounce, 29.5735295625 mL; the imperial fluid ounce is imp_floz (28.4130625 mL)"
  }),
  unit("tbsp", "tablespoon", [ratio(1, 2), "floz"], {
    ...us,
    aliases: ["Tbsp"],
    names: ["US tablespoon"],
    note: "US tablespoon, 14.78676478125 mL (nutrition labelling rounds to 15 mL)"
  }),
  unit("tsp", "teaspoon", [ratio(1, 3), "tbsp"], { ...us, names: ["US teaspoon"], note: "US teaspoon, 4.92892159375 mL (nutrition labelling rounds to 5 mL)" }),
  // "fl dr" as labels write it: read otherwise as femtolitre × dram
  unit("fldr", "fluid dram", [ratio(1, 8), "floz"], { ...us, names: ["US fluid dram", "fluidram", "fl dr"] }),
  unit("minim", "minim", [ratio(1, 60), "fldr"], { ...us, aliases: ["min_vol"], names: ["US minim"], note: "1/480 US fl oz" }),
  unit("hhd", "hogshead", [63, "gal"], { ...us, note: "63 US gallons (wine)" }),
  unit("bbl", "barrel", [42, "gal"], { ...us, names: ["oil barrel", "petroleum barrel"], note: "US petroleum barrel, 42 US gal (158.987294928 L)" }),

  // US dry (NIST HB 44 C-4: bushel = 2150.42 in³)
  unit("bu", "bushel", [decimal("2150.42"), "in^3"], { ...us, names: ["US bushel"], note: "US (Winchester) bushel, 35.23907016688 L" }),
  unit("pk", "peck", [ratio(1, 4), "bu"], { ...us, names: ["US peck"] }),
  unit("dry_qt", "dry quart", [ratio(1, 32), "bu"], { ...us, names: ["US dry quart", "dry qt"], source: "NIST HB 44 C-4; NIST SP 811 B.8 (dry qt)" }),
  unit("dry_gal", "dry gallon", [ratio(1, 8), "bu"], { ...us, names: ["US dry gallon"], note: "268.8025 in³" }),
  unit("dry_pt", "dry pint", [ratio(1, 2), "dry_qt"], { ...us, names: ["US dry pint", "dry pt"], source: "NIST HB 44 C-4; NIST SP 811 B.8 (dry pt)" }),

  // metric kitchen and dosing measures
  unit("cup_metric", "metric cup", [250, "mL"], {
    system: "metric",
    source: "Australian/Canadian/NZ metric cup",
    note: "250 mL; the US cup is 236.5882365 mL"
  }),
  unit("tbsp_metric", "metric tablespoon", [15, "mL"], { system: "metric", note: "15 mL; the Australian tablespoon is 20 mL and the US tablespoon 14.79 mL" }),
  unit("tsp_metric", "metric teaspoon", [5, "mL"], {
    system: "metric",
    names: ["medicinal teaspoon"],
    note: "5 mL (dosing spoons); the US teaspoon is 4.93 mL"
  }),

  // imperial
  unit("imp_gal", "imperial gallon", [decimal("4.54609"), "L"], { ...imperial, aliases: ["gal_imp", "gal_uk"], names: ["UK gallon"] }),
  unit("imp_kgal", "thousand imperial gallons", [1000, "imp_gal"], { ...imperial, plurals: false }),
  unit("imp_Mgal", "million imperial gallons", [1000000, "imp_gal"], { ...imperial, plurals: false }),
  unit("imp_qt", "imperial quart", [ratio(1, 4), "imp_gal"], { ...imperial, names: ["UK quart"] }),
  unit("imp_pt", "imperial pint", [ratio(1, 2), "imp_qt"], { ...imperial, aliases: ["pt_imp"], names: ["UK pint"], note: "568.26125 mL" }),
  unit("imp_cup", "imperial cup", [ratio(1, 2), "imp_pt"], { ...imperial, names: ["UK cup"], note: "half an imperial pint, 284.130625 mL" }),
  unit("imp_gi", "imperial gill", [ratio(1, 4), "imp_pt"], { ...imperial, names: ["UK gill"] }),
  unit("imp_floz", "imperial fluid ounce", [ratio(1, 20), "imp_pt"], { ...imperial, aliases: ["floz_imp"], names: ["UK fluid ounce"], note: "28.4130625 mL" }),
  unit("imp_fldr", "imperial fluid drachm", [ratio(1, 8), "imp_floz"], { ...imperial, names: ["UK fluid drachm"] }),
  unit("imp_minim", "imperial minim", [ratio(1, 60), "imp_fldr"], { ...imperial, names: ["UK minim"] }),
  unit("imp_pk", "imperial peck", [2, "imp_gal"], { ...imperial, names: ["UK peck"] }),
  unit("imp_bu", "imperial bushel", [8, "imp_gal"], { ...imperial, names: ["UK bushel"] }),

  // flow and fuel economy shorthands an agent meets in the wild
  unit("cfm", "cubic foot per minute", [1, "ft^3/min"], { ...us, plurals: ["cubic feet per minute"] }),
  unit("gpm", "gallon per minute", [1, "gal/min"], { ...us, plurals: ["gallons per minute"], note: "US gallons" }),
  unit("mpg", "mile per gallon", [1, "mi/gal"], { ...us, plurals: ["miles per gallon"], note: "US gallons; inverse of L/100km (convert 1/value)" }),

  // more area
  unit("are", "are", [100, "m^2"], {
    system: "SI accepted",
    source: "NIST SP 811 B.8 (1 a = 100 m²)",
    note: "100 m²; written 'are' because 'a' reads as the year or atto"
  }),
  unit("kcmil", "thousand circular mils", [1000, "cmil"], {
    ...us,
    aliases: ["MCM"],
    names: ["kilo circular mil", "kilocircular mil"],
    plurals: false,
    source: "NEC/ANSI wire sizing (1000 circular mils)",
    note: "wire cross-section, 0.506707 mm²; MCM is the older spelling"
  }),
  unit("tsubo", "tsubo", [36, "shaku^2"], {
    system: "Japanese",
    names: ["pyeong", "pyong"],
    plurals: false,
    source: "Japanese Measurement Law (1 tsubo = 1 ken² = 400/121 m²); the Korean pyeong is the same area",
    note: "floor area, about 3.3058 m²"
  }),
  unit("section", "section", [1, "mi_survey^2"], {
    system: "US customary",
    names: ["section of land"],
    source: "NIST SP 447 (US Public Land Survey System: 1 survey mile square)",
    note: "640 survey acres"
  }),
  unit("twp", "township", [36, "section"], {
    system: "US customary",
    names: ["survey township"],
    source: "NIST SP 447 (Public Land Survey System: 6 × 6 sections)"
  }),

  // more volume
  unit("cu_mi", "cubic mile", [1, "mi^3"], us),
  unit("acre_in", "acre inch", [1, "acre*in"], {
    ...us,
    names: ["acre-inch"],
    plurals: ["acre inches"],
    note: "irrigation depth over an acre, 102.79015312896 m³"
  }),
  unit("bbl_beer", "beer barrel", [31, "gal"], {
    system: "US customary",
    names: ["US beer barrel"],
    source: "27 CFR 25.11 (31 US gallons)",
    note: "US brewing barrel; the petroleum barrel is bbl (42 gal)"
  }),
  unit("bbl_fluid", "fluid barrel", [ratio(63, 2), "gal"], { ...us, names: ["US fluid barrel", "liquid barrel"], note: "31.5 US gallons" }),
  unit("bbl_dry", "dry barrel", [7056, "in^3"], { ...us, names: ["US dry barrel"], note: "fruits, vegetables and dry commodities, 7056 in³" }),
  unit("register_ton", "register ton", [100, "ft^3"], {
    ...us,
    names: ["gross register ton"],
    source: "NIST SP 811 B.8 (ton, register = 100 ft³)",
    note: "ship capacity, a volume (2.8316846592 m³), not a mass"
  }),
  unit("cup_legal", "US legal cup", [240, "mL"], {
    system: "US customary",
    names: ["legal cup", "nutrition label cup"],
    source: "21 CFR 101.9(b)(5)(viii) (240 mL)",
    note: "nutrition-label cup, 240 mL; the customary cup is 236.5882365 mL"
  }),
  unit("floz_legal", "US legal fluid ounce", [30, "mL"], {
    system: "US customary",
    names: ["legal fluid ounce"],
    source: "21 CFR 101.9(b)(5)(viii) (30 mL)",
    note: "nutrition-label fluid ounce, 30 mL"
  }),
  unit("tbsp_au", "Australian tablespoon", [20, "mL"], {
    system: "metric",
    source: "Australian Standard AS 2258 (metric tablespoon, 20 mL)",
    note: "20 mL; the metric tablespoon elsewhere is tbsp_metric (15 mL)"
  }),
  unit("cup_jp", "Japanese cup", [200, "mL"], {
    system: "metric",
    source: "Japanese kitchen measuring cup (200 mL)",
    note: "200 mL; the rice cup (gō) is 180 mL and is not this"
  }),
  unit("jigger", "jigger", [ratio(3, 2), "floz"], {
    ...us,
    names: ["shot jigger"],
    source: "US bartending convention (1.5 US fl oz)",
    note: "44.36 mL; a 'shot' varies and is not defined"
  }),

  // flow (hydrology, utilities, medicine, oil)
  unit("cfs", "cubic foot per second", [1, "ft^3/s"], { ...us, plurals: ["cubic feet per second"], note: "river discharge, 0.028316846592 m³/s" }),
  unit("cumec", "cubic meter per second", [1, "m^3/s"], {
    system: "SI",
    names: ["cubic metre per second"],
    plurals: ["cubic meters per second", "cubic metres per second"],
    note: "river discharge"
  }),
  unit("lpm", "liter per minute", [1, "L/min"], {
    system: "SI accepted",
    aliases: ["LPM"],
    names: ["litre per minute"],
    plurals: ["liters per minute", "litres per minute"],
    note: "oxygen and pump flow"
  }),
  unit("gph", "gallon per hour", [1, "gal/h"], { ...us, plurals: ["gallons per hour"], note: "US gallons" }),
  unit("gpd", "gallon per day", [1, "gal/d"], { ...us, plurals: ["gallons per day"], note: "US gallons" }),
  unit("MGD", "million gallons per day", [1000000, "gal/d"], {
    ...us,
    plurals: false,
    source: "US EPA water utility convention (US gallons)",
    note: "43.812636… L/s"
  }),
  // SPE and US EIA: M = thousand, MM = million barrels; only MM is unambiguous (Mbbl is refused in readings.ts)
  unit("MMbbl", "million barrels", [decimal("1e6"), "bbl"], {
    aliases: ["MMBBL"],
    plurals: false,
    system: "US customary",
    source: "US EIA glossary (MMbbl = million barrels); SPE abbreviations (MM = million)",
    note: "10⁶ US petroleum barrels (MM = thousand thousand); 'Mbbl' alone is refused (thousand or million?)"
  }),
  unit("bpd", "barrel per day", [1, "bbl/d"], { ...us, aliases: ["bbl_d"], plurals: ["barrels per day"], note: "US petroleum barrels (42 gal) per day" }),
  unit("mpg_imp", "mile per imperial gallon", [1, "mi/imp_gal"], {
    ...imperial,
    plurals: ["miles per imperial gallon"],
    note: "UK fuel economy; inverse of L/100km"
  }),
  unit("kmpl", "kilometer per liter", [1, "km/L"], {
    system: "metric",
    names: ["kilometre per litre"],
    plurals: ["kilometers per liter", "kilometres per litre"],
    note: "fuel economy (Japan, India); inverse of L/100km"
  })
]
