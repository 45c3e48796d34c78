// Area and volume. The litre is 1 dm³ exactly (SI Brochure table 8, CGPM 1964). US liquid and dry
// measures follow NIST Handbook 44 (2024) appendix C: gallon = 231 in³, bushel = 2150.42 in³, all
// exact through the 1959 inch. Imperial measures: UK Weights and Measures Act 1985 (gallon =
// 4.54609 L exactly). The acre is the international acre, 43560 ft² (NIST SP 811 B.8).
import { decimal, ratio, unit } from "./define.ts"

const us = { system: "US customary", source: "NIST HB 44 appendix C" } as const
const imperial = { system: "imperial", source: "UK Weights and Measures Act 1985, schedule 1" } as const

export const areaVolume = [
  // area
  unit("ha", "hectare", [10000, "m^2"], { system: "SI accepted", source: "SI Brochure table 8" }),
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
  unit("cmil", "circular mil", [ratio(Math.PI, 4), "mil^2"], { ...us, note: "area of a circle one mil in diameter; wire gauges" }),
  unit("sq_in", "square inch", [1, "in^2"], { ...us, plurals: ["square inches"] }),
  unit("sq_ft", "square foot", [1, "ft^2"], { ...us, plurals: ["square feet"] }),
  unit("sq_yd", "square yard", [1, "yd^2"], us),
  unit("sq_mi", "square mile", [1, "mi^2"], us),

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
  unit("cu_ft", "cubic foot", [1, "ft^3"], { ...us, plurals: ["cubic feet"] }),
  unit("cu_yd", "cubic yard", [1, "yd^3"], us),
  unit("bdft", "board foot", [144, "in^3"], { ...us, aliases: ["FBM"], plurals: ["board feet"], note: "lumber: 1 ft × 1 ft × 1 in" }),
  unit("cord", "cord", [128, "ft^3"], { ...us, note: "stacked firewood, 4 ft × 4 ft × 8 ft" }),
  unit("ac_ft", "acre foot", [1, "acre*ft"], { ...us, aliases: ["acre_ft"], plurals: ["acre feet"] }),

  // US liquid (NIST HB 44 C-4: gallon = 231 in³)
  unit("gal", "gallon", [231, "in^3"], {
    ...us,
    aliases: ["gal_us"],
    names: ["US gallon", "US liquid gallon"],
    note: "US liquid gallon, 3.785411784 L; the imperial gallon is imp_gal (4.54609 L)"
  }),
  unit("qt", "quart", [ratio(1, 4), "gal"], { ...us, names: ["US quart", "liquid quart"], note: "US liquid quart, 946.352946 mL" }),
  unit("pt", "pint", [ratio(1, 2), "qt"], { ...us, names: ["US pint", "liquid pint"], note: "US liquid pint, 473.176473 mL; the typographic point is pt_typo" }),
  unit("cup", "cup", [ratio(1, 2), "pt"], {
    ...us,
    names: ["US cup", "customary cup"],
    note: "US customary cup, 8 US fl oz (236.5882365 mL); the metric cup is 250 mL and the US legal (nutrition label) cup 240 mL"
  }),
  unit("gi", "gill", [ratio(1, 2), "cup"], { ...us, names: ["US gill"], note: "US gill, 4 US fl oz" }),
  unit("floz", "fluid ounce", [ratio(1, 16), "pt"], {
    ...us,
    aliases: ["fl_oz"],
    names: ["US fluid ounce", "fl oz"],
    note: "US fluid ounce, 29.5735295625 mL; the imperial fluid ounce is imp_floz (28.4130625 mL)"
  }),
  unit("tbsp", "tablespoon", [ratio(1, 2), "floz"], { ...us, aliases: ["Tbsp"], names: ["US tablespoon"], note: "US tablespoon, 14.78676478125 mL (nutrition labelling rounds to 15 mL)" }),
  unit("tsp", "teaspoon", [ratio(1, 3), "tbsp"], { ...us, names: ["US teaspoon"], note: "US teaspoon, 4.92892159375 mL (nutrition labelling rounds to 5 mL)" }),
  unit("fldr", "fluid dram", [ratio(1, 8), "floz"], { ...us, names: ["US fluid dram", "fluidram"] }),
  unit("minim", "minim", [ratio(1, 60), "fldr"], { ...us, aliases: ["min_vol"], names: ["US minim"], note: "1/480 US fl oz" }),
  unit("hhd", "hogshead", [63, "gal"], { ...us, note: "63 US gallons (wine)" }),
  unit("bbl", "barrel", [42, "gal"], { ...us, names: ["oil barrel", "petroleum barrel"], note: "US petroleum barrel, 42 US gal (158.987294928 L)" }),

  // US dry (NIST HB 44 C-4: bushel = 2150.42 in³)
  unit("bu", "bushel", [decimal("2150.42"), "in^3"], { ...us, names: ["US bushel"], note: "US (Winchester) bushel, 35.23907016688 L" }),
  unit("pk", "peck", [ratio(1, 4), "bu"], { ...us, names: ["US peck"] }),
  unit("dry_qt", "dry quart", [ratio(1, 32), "bu"], { ...us, names: ["US dry quart"] }),
  unit("dry_gal", "dry gallon", [ratio(1, 8), "bu"], { ...us, names: ["US dry gallon"], note: "268.8025 in³" }),
  unit("dry_pt", "dry pint", [ratio(1, 2), "dry_qt"], { ...us, names: ["US dry pint"] }),

  // metric kitchen and dosing measures
  unit("cup_metric", "metric cup", [250, "mL"], { system: "metric", source: "Australian/Canadian/NZ metric cup", note: "250 mL; the US cup is 236.5882365 mL" }),
  unit("tbsp_metric", "metric tablespoon", [15, "mL"], { system: "metric", note: "15 mL; the Australian tablespoon is 20 mL and the US tablespoon 14.79 mL" }),
  unit("tsp_metric", "metric teaspoon", [5, "mL"], { system: "metric", names: ["medicinal teaspoon"], note: "5 mL (dosing spoons); the US teaspoon is 4.93 mL" }),

  // imperial
  unit("imp_gal", "imperial gallon", [decimal("4.54609"), "L"], { ...imperial, aliases: ["gal_imp", "gal_uk"], names: ["UK gallon"] }),
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
  unit("mpg", "mile per gallon", [1, "mi/gal"], { ...us, plurals: ["miles per gallon"], note: "US gallons; inverse of L/100km (convert 1/value)" })
]
