// Qualified names: a unit name followed by a qualifier in parentheses or braces, as handbooks and
// QUDT write them: "gallon (UK)", "pint (US)", "horsepower (metric)", "Btu (IT)", "ton (US)",
// "gal{UK}", "cup{US}", "qt{US liq}". A qualifier is data: its spellings below, and per name the
// catalog unit each qualified reading is. A qualified name resolves only when this table gives the
// reading; an unknown qualifier, or one that does not apply to the name, is an error listing the
// qualifiers the name takes (never ignored, never guessed). The qualified reading of a name that is
// refused alone ("ton", "cwt", "calorie") is not ambiguous, so it resolves.
// Sources for the readings: NIST HB 44 appendix C (US liquid and dry measures, imperial measures,
// survey units), NIST SP 811 B.8 (BTU_IT, BTU_th, calories, therm, metric horsepower), UK Weights
// and Measures Act 1985 (imperial units), QUDT's unit labels and symbols (which qualifiers are written).

/**
 * Qualifier spellings (lowercased, as written between the brackets) → the canonical qualifier.
 * None of them is a unit symbol or name (test/engine/qualifiers.test.ts checks it), so "(UK)" after a
 * name was never a parenthesized unit and reading it as a qualifier changes no expression that parsed.
 */
export const qualifierSpellings: ReadonlyMap<string, string> = new Map([
  ...["uk", "u.k.", "u. k.", "imp", "imp.", "imperial", "brit", "brit.", "british", "br"].map((s) => [s, "UK"] as const),
  ...["us", "u.s.", "u. s.", "usa", "u.s.a.", "american"].map((s) => [s, "US"] as const),
  ...["metric"].map((s) => [s, "metric"] as const),
  ...["it", "i.t.", "international table", "international", "intl", "int.", "international definition"].map((s) => [s, "IT"] as const),
  ...["th", "thermochemical", "thermochemical definition"].map((s) => [s, "th"] as const),
  ...["survey"].map((s) => [s, "survey"] as const),
  ...["troy"].map((s) => [s, "troy"] as const),
  ...["avdp", "avdp.", "avoirdupois", "av"].map((s) => [s, "avdp"] as const),
  ...["ap", "apoth", "apoth.", "apothecaries", "apothecaries'", "apothecary"].map((s) => [s, "apothecary"] as const),
  ...["fluid", "fl", "fl."].map((s) => [s, "fluid"] as const),
  ...["liquid", "liq", "liq."].map((s) => [s, "liquid"] as const),
  ...["dry"].map((s) => [s, "dry"] as const),
  ...["mean"].map((s) => [s, "mean"] as const),
  ...["short"].map((s) => [s, "short"] as const),
  ...["long"].map((s) => [s, "long"] as const),
  ...["petroleum", "oil"].map((s) => [s, "petroleum"] as const),
  ...["mechanical"].map((s) => [s, "mechanical"] as const),
  ...["electric", "electrical"].map((s) => [s, "electric"] as const),
  ...["boiler"].map((s) => [s, "boiler"] as const),
  ...["mass"].map((s) => [s, "mass"] as const),
  ...["force", "weight"].map((s) => [s, "force"] as const),
  ...["ec", "e.c.", "eu", "european"].map((s) => [s, "EC"] as const),
  ...["sidereal", "sid", "sid."].map((s) => [s, "sidereal"] as const),
  ...["tropical", "trop", "trop."].map((s) => [s, "tropical"] as const),
  ...["julian"].map((s) => [s, "Julian"] as const),
  ...["gregorian"].map((s) => [s, "Gregorian"] as const),
  ...["synodic", "lunar"].map((s) => [s, "synodic"] as const),
  ...["conventional", "conv", "conv."].map((s) => [s, "conventional"] as const),
  // NIST SP 811 B.8's own qualifiers: pica (computer), point (printer's), horsepower (water), mil (angle),
  // rad (absorbed dose); and the gamma of magnetism, as geophysics writes it apart from the microgram
  ...["computer", "dtp", "postscript"].map((s) => [s, "computer"] as const),
  ...["printer's", "printers'", "printers", "printer"].map((s) => [s, "printer"] as const),
  ...["water", "hydraulic"].map((s) => [s, "water"] as const),
  ...["angle", "angular"].map((s) => [s, "angle"] as const),
  ...["absorbed dose", "dose"].map((s) => [s, "dose"] as const),
  ...["magnetic", "magnetism"].map((s) => [s, "magnetic"] as const)
])

/**
 * A reference temperature as handbooks write one after a name ("39 °F", "0 °C", "39.2 F", "4 degC"):
 * the canonical "39 °F", or undefined. NIST SP 811 B.8 qualifies the Btu, the calorie, columns of
 * mercury and water, and the perm by the temperature their definition assumes.
 */
const REFERENCE_TEMPERATURE = /^\s*(\d+(?:\.\d+)?)\s*(?:\u00b0|\u00ba|deg(?:rees?)?\.?)?\s*([CF])\s*$/iu

export const referenceTemperature = (text: string): string | undefined => {
  const m = REFERENCE_TEMPERATURE.exec(text)
  return m ? `${Number(m[1])} °${m[2]!.toUpperCase()}` : undefined
}

/**
 * Whether a text in parentheses reads as units, so "(…)" after a name may be a factor rather than a
 * qualifier: the whole text, or each of its words ("kg (m s)"). One unit among other words does not
 * make units of the text: "rad (absorbed dose)" is qualified, though "dose" is a unit.
 */
export const readsAsUnits = (text: string, knows: (name: string) => boolean): boolean => {
  const words = text.split(/[\s,]+/).filter((w) => w !== "")
  return knows(text.trim()) || (words.length > 0 && words.every((w) => knows(w)))
}

/** Whether a qualifier text is a reference temperature (a number that is nonetheless a qualifier). */
export const isReferenceTemperature = (text: string): boolean => referenceTemperature(text) !== undefined

/**
 * The canonical form of a qualifier text ("US dry", "dry, US", "U.S. liq."): each word (or the whole
 * text, for spellings with a space) mapped through qualifierSpellings, in a fixed order. Undefined
 * when any part is not a qualifier spelling, with that part.
 */
export const canonicalQualifier = (text: string): { readonly canonical: string } | { readonly unknown: string } => {
  const whole = qualifierSpellings.get(text.trim().toLowerCase().replace(/\s+/g, " ")) ?? referenceTemperature(text)
  if (whole !== undefined) return { canonical: whole }
  const words = text
    .trim()
    .split(/[\s,]+/)
    .filter((w) => w !== "")
  if (words.length === 0) return { unknown: text }
  const parts: Array<string> = []
  for (let i = 0; i < words.length; i++) {
    // two-word spellings ("international definition") before single words
    const pair = i + 1 < words.length ? qualifierSpellings.get(`${words[i]} ${words[i + 1]}`.toLowerCase()) : undefined
    if (pair !== undefined) {
      parts.push(pair)
      i++
      continue
    }
    const one = qualifierSpellings.get(words[i]!.toLowerCase())
    if (one === undefined) return { unknown: words[i]! }
    parts.push(one)
  }
  return { canonical: [...new Set(parts)].sort().join(" ") }
}

export interface QualifiedReadings {
  /** Catalog symbols, or names refused alone in readings.ts ("ton"), that take these qualifiers. */
  readonly heads: ReadonlyArray<string>
  /** Canonical qualifier (one or more, as canonicalQualifier writes them) → the catalog unit symbol. */
  readonly readings: Readonly<Record<string, string>>
}

const liquid = (us: string, uk: string, dry?: string): Record<string, string> => ({
  US: us,
  "US liquid": us,
  "US fluid": us,
  UK: uk,
  ...(dry ? { "US dry": dry, dry } : {})
})

export const qualified: ReadonlyArray<QualifiedReadings> = [
  // volume (NIST HB 44 C-4/C-5; UK Weights and Measures Act 1985)
  { heads: ["gal"], readings: liquid("gal", "imp_gal", "dry_gal") },
  { heads: ["kgal"], readings: { US: "kgal", UK: "imp_kgal" } },
  { heads: ["Mgal"], readings: { US: "Mgal", UK: "imp_Mgal" } },
  { heads: ["qt"], readings: liquid("qt", "imp_qt", "dry_qt") },
  { heads: ["pt"], readings: liquid("pt", "imp_pt", "dry_pt") },
  { heads: ["gi"], readings: liquid("gi", "imp_gi") },
  { heads: ["floz"], readings: liquid("floz", "imp_floz") },
  { heads: ["fldr"], readings: liquid("fldr", "imp_fldr") },
  { heads: ["minim"], readings: liquid("minim", "imp_minim") },
  { heads: ["cup"], readings: { US: "cup", UK: "imp_cup", metric: "cup_metric" } },
  { heads: ["tbsp"], readings: { US: "tbsp", metric: "tbsp_metric" } },
  { heads: ["tsp"], readings: { US: "tsp", metric: "tsp_metric" } },
  { heads: ["bu"], readings: { US: "bu", "US dry": "bu", dry: "bu", UK: "imp_bu" } },
  { heads: ["pk"], readings: { US: "pk", "US dry": "pk", dry: "pk", UK: "imp_pk" } },
  // fuel economy: "miles per gallon (UK)" is the imperial figure, 1.2 × the US one
  { heads: ["mpg"], readings: { US: "mpg", UK: "mpg_imp" } },
  {
    heads: ["bbl"],
    readings: { US: "bbl", petroleum: "bbl", "US petroleum": "bbl", "US fluid": "bbl_fluid", "US liquid": "bbl_fluid", "US dry": "bbl_dry", dry: "bbl_dry" }
  },
  // mass (NIST HB 44 C-6; NIST SP 811 B.8)
  { heads: ["ton"], readings: { US: "short_ton", short: "short_ton", UK: "long_ton", long: "long_ton", metric: "t" } },
  { heads: ["cwt"], readings: { US: "cwt_us", short: "cwt_us", UK: "cwt_uk", long: "cwt_uk" } },
  // mass or force: "pound (mass)" and "pound (force)" as engineering tables write them
  { heads: ["oz"], readings: { avdp: "oz", troy: "ozt", apothecary: "oz_ap", mass: "oz", force: "ozf" } },
  { heads: ["lb"], readings: { avdp: "lb", troy: "lb_t", apothecary: "lb_ap", mass: "lb", force: "lbf" } },
  { heads: ["g"], readings: { mass: "g", force: "gf" } },
  { heads: ["st"], readings: { UK: "st" } },
  // one grain in every system (NIST HB 44 C-6: avoirdupois, troy and apothecaries' grains are equal)
  { heads: ["gr"], readings: { UK: "gr", US: "gr", avdp: "gr", troy: "gr", apothecary: "gr" } },
  // length and area (NIST SP 447; 85 FR 62698)
  { heads: ["ft"], readings: { IT: "ft", survey: "ft_survey", "US survey": "ft_survey" } },
  { heads: ["mi"], readings: { IT: "mi", survey: "mi_survey", "US survey": "mi_survey" } },
  { heads: ["sq_ft"], readings: { IT: "sq_ft", survey: "sq_ft_survey", "US survey": "sq_ft_survey" } },
  { heads: ["sq_mi"], readings: { IT: "sq_mi", survey: "sq_mi_survey", "US survey": "sq_mi_survey" } },
  { heads: ["ch"], readings: { survey: "ch_survey", "US survey": "ch_survey" } },
  { heads: ["rd"], readings: { survey: "rd_survey", "US survey": "rd_survey" } },
  { heads: ["lk"], readings: { survey: "lk_survey", "US survey": "lk_survey" } },
  { heads: ["fur"], readings: { survey: "fur_survey", "US survey": "fur_survey" } },
  { heads: ["ac"], readings: { IT: "ac", survey: "acre_survey", "US survey": "acre_survey" } },
  { heads: ["ac_ft"], readings: { IT: "ac_ft", survey: "acre_ft_survey", "US survey": "acre_ft_survey" } },
  { heads: ["ftm"], readings: { IT: "ftm", survey: "ftm_survey", "US survey": "ftm_survey" } },
  // time (IERS Conventions 2010; Explanatory Supplement to the Astronomical Almanac)
  { heads: ["d"], readings: { sidereal: "d_sid" } },
  { heads: ["h"], readings: { sidereal: "h_sid" } },
  { heads: ["min"], readings: { sidereal: "min_sid" } },
  { heads: ["s"], readings: { sidereal: "s_sid" } },
  { heads: ["yr"], readings: { Julian: "yr", Gregorian: "yr_greg", tropical: "yr_trop", sidereal: "yr_sid" } },
  { heads: ["mo"], readings: { synodic: "mo_syn", sidereal: "mo_sid" } },
  // energy and power (NIST SP 811 B.8)
  { heads: ["BTU"], readings: { IT: "BTU", th: "BTU_th", mean: "BTU_mean", "39 °F": "BTU_39F", "59 °F": "BTU_59F", "60 °F": "BTU_60F" } },
  { heads: ["kBtu"], readings: { IT: "kBtu", th: "kBtu_th" } },
  { heads: ["tonf"], readings: { US: "tnf", short: "tnf", UK: "long_ton_force", long: "long_ton_force" } },
  { heads: ["calorie", "cal", "cal_th"], readings: { IT: "cal_IT", th: "cal_th", mean: "cal_mean", "15 °C": "cal_15", "20 °C": "cal_20" } },
  // the kilocalorie by name: NIST SP 811 B.8's "calorie_IT, kilogram", "kilocalorie (mean)"
  { heads: ["Cal"], readings: { IT: "Cal_IT", th: "Cal", mean: "kcal_mean" } },
  { heads: ["thm", "th"], readings: { US: "thm", EC: "thm_EC", UK: "thm_UK" } },
  { heads: ["Dth"], readings: { US: "Dth", EC: "Dth_EC", UK: "Dth_UK" } },
  // the US perm (ASTM E96: 1 gr/(h·ft²·inHg)); the metric perm (g/(d·m²·mmHg)) is not in the catalog
  { heads: ["perm"], readings: { US: "perm", "0 °C": "perm", "23 °C": "perm_23C" } },
  { heads: ["perm_in"], readings: { "0 °C": "perm_in", "23 °C": "perm_in_23C" } },
  // columns of mercury and water: conventional (13.5951 g/cm³ and 1 g/cm³ under standard gravity), or at a temperature (NIST SP 811 B.8)
  { heads: ["mmHg"], readings: { conventional: "mmHg", "0 °C": "mmHg_0C" } },
  { heads: ["cmHg"], readings: { conventional: "cmHg", "0 °C": "cmHg_0C" } },
  { heads: ["inHg"], readings: { conventional: "inHg", "32 °F": "inHg_32F", "60 °F": "inHg_60F" } },
  { heads: ["ftHg"], readings: { conventional: "ftHg" } },
  { heads: ["mmH2O"], readings: { conventional: "mmH2O" } },
  { heads: ["cmH2O"], readings: { conventional: "cmH2O", "4 °C": "cmH2O_4C" } },
  { heads: ["inH2O"], readings: { conventional: "inH2O", "39.2 °F": "inH2O_39F", "60 °F": "inH2O_60F" } },
  { heads: ["ftH2O"], readings: { conventional: "ftH2O", "39.2 °F": "ftH2O_39F" } },
  { heads: ["hp"], readings: { metric: "PS", UK: "hp", US: "hp", mechanical: "hp", electric: "hp_e", boiler: "hp_boiler", water: "hp_water" } },
  { heads: ["pica"], readings: { computer: "pica", printer: "pica_printer" } },
  { heads: ["pt_typo"], readings: { computer: "pt_typo", printer: "pt_printer" } },
  { heads: ["mil"], readings: { IT: "mil", angle: "mil_NATO" } },
  { heads: ["rad"], readings: { angle: "rad", dose: "rad_dose" } },
  { heads: ["gamma"], readings: { magnetic: "gamma_mag" } }
]
