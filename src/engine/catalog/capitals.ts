/**
 * Units written in capitals, as HL7 v2 messages, pharmacy systems and printed labels send them
 * (MG/DL, MCG/ML, ML/HR, 10*3/UL): the convention UCUM calls its case-insensitive form (UCUM §4,
 * https://ucum.org/ucum#section-Character-Set-and-Lexical-Rules), where a letter's case carries no
 * meaning. Read that way a capital M is milli (UCUM's c/i code for milli is M, for mega MA), while
 * engineering writes MW and MHZ for mega. These tables say what capitals mean where SI symbols
 * that differ only in case collide; src/engine/units/capitals.ts reads a token with them, and
 * where a spelling keeps two meanings the expression is refused with both.
 */

/**
 * Unit symbols that share one spelling in capitals, and the unit capitals mean by it: UCUM's c/i
 * code where UCUM has the unit (M is the metre, the molar is MOL/L; G the gram, the gauss GS; S the
 * second, the siemens SIE; U the enzyme unit, the dalton AMU), the gallon for GAL (the galileo is a
 * geophysics unit no label carries), the byte for B (IEC 80000-13: MB is the megabyte), the litre
 * for L (l and L are one unit), FLOPS as written (the rate; FLOPs is the count), the Planck temperature T_P. A spelling absent here whose units differ keeps every reading
 * (H: hour or henry; T: tonne or tesla; CAL: the calorie or the food Calorie, a thousand times more).
 */
export const capitalsSymbol: Readonly<Record<string, string>> = {
  M: "m",
  G: "g",
  S: "s",
  U: "U",
  B: "B",
  GAL: "gal",
  L: "L",
  FLOPS: "FLOPS",
  T_P: "T_P"
}

/**
 * Prefix letters that are a small prefix in one case and a large one in the other (m milli, M mega;
 * p pico, P peta; z zepto, Z zetta; y yocto, Y yotta; r ronto, R ronna; q quecto, Q quetta). In
 * capitals the letter is the small prefix before the units clinical labels and HL7 carry with it
 * (`smallBefore`: MG, ML, MMOL, MEQ, MIU, PG, MS, MA, MAH, MGY, MSV, MBAR, MV), as UCUM's
 * case-insensitive codes read it; before any other unit it is the large prefix, as the SI symbol
 * reads (MW, MHZ, MJ, MPA, MB), since capitals that carry a milliwatt or a millihertz come from no
 * label. Where the SI reading and the capitals reading then differ (ML: megalitre or millilitre),
 * the expression is refused with both.
 */
export const caseAmbiguousPrefixes: Readonly<Record<string, readonly [small: string, large: string]>> = {
  M: ["m", "M"],
  P: ["p", "P"],
  Z: ["z", "Z"],
  Y: ["y", "Y"],
  R: ["r", "R"],
  Q: ["q", "Q"]
}

/** Units before which a case-ambiguous prefix letter in capitals is the small prefix (unit symbols). */
export const smallBefore: ReadonlySet<string> = new Set([
  "g",
  "L",
  "mol",
  "eq",
  "Eq",
  "osm",
  "Osm",
  "m",
  "s",
  "U",
  "IU",
  "A",
  "Ah",
  "V",
  "Gy",
  "Sv",
  "Ci",
  "bar",
  "rad",
  "T"
])

/**
 * Capital prefix codes as labels write them, with the SI prefix symbol each stands for: the lower-case
 * SI symbols in capitals (K kilo, H hecto, D deci, DA deka, C centi, N nano, F femto, A atto), U and
 * MC for micro (UCUM's c/i U; the clinical mc of MCG), the upper-case ones as written (G giga, T tera,
 * E exa), and the IEC binary prefixes (KI kibi …). The case-ambiguous letters are read by
 * `caseAmbiguousPrefixes`.
 */
export const capitalPrefixes: Readonly<Record<string, string>> = {
  K: "k",
  H: "h",
  DA: "da",
  D: "d",
  C: "c",
  U: "µ",
  MC: "µ",
  N: "n",
  F: "f",
  A: "a",
  G: "G",
  T: "T",
  E: "E",
  KI: "Ki",
  MI: "Mi",
  GI: "Gi",
  TI: "Ti",
  PI: "Pi",
  EI: "Ei",
  ZI: "Zi",
  YI: "Yi"
}
