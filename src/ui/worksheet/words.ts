/**
 * What the worksheet says in words: numbers with their significant digits, the relations a caller
 * stated, the kind of a conversion, and a refusal's type.
 */

/** Significant digits in a number as JavaScript writes it (15 → 2, 0.0250 → 3 as 0.025 → 2, 1.5e-7 → 2). */
export const significantDigits = (x: number): number => {
  if (!Number.isFinite(x) || x === 0) return 1
  const mantissa = Math.abs(x).toExponential().split("e")[0]!
  return mantissa.replace(".", "").replace(/0+$/, "").length || 1
}

/** At most this many significant digits in the large figure; the value as computed is said beside it. */
export const SHOWN_DIGITS = 6

const superscriptDigits = "\u2070\u00b9\u00b2\u00b3\u2074\u2075\u2076\u2077\u2078\u2079"
const superscript = (n: number): string => [...String(n)].map((c) => (c === "-" ? "\u207b" : superscriptDigits[Number(c)]!)).join("")

/** A number as people read it: plain between 10⁻⁴ and 10⁹, else a × 10ⁿ; never in a locale's separators. */
export const plain = (x: number): string => {
  if (!Number.isFinite(x)) return String(x)
  const magnitude = Math.abs(x)
  if (x === 0 || (magnitude >= 1e-4 && magnitude < 1e9)) return String(x)
  const [mantissa, exponent] = x.toExponential().split("e")
  return `${mantissa} \u00d7 10${superscript(Number(exponent))}`
}

/** The large figure: the value to SHOWN_DIGITS significant digits, and whether that rounded it. */
export const figure = (x: number): { readonly text: string; readonly rounded: boolean; readonly digits: number } => {
  const digits = significantDigits(x)
  if (digits <= SHOWN_DIGITS) return { text: plain(x), rounded: false, digits }
  return { text: plain(Number(x.toPrecision(SHOWN_DIGITS))), rounded: true, digits: SHOWN_DIGITS }
}

const equivalences: Readonly<Record<string, string>> = {
  spectral: "the spectral equivalence: wavelength, frequency, photon energy and wavenumber of light (c, h)",
  thermal: "the thermal equivalence: a temperature as the energy k\u00b7T (k: Boltzmann's constant)",
  mass_energy: "mass\u2013energy equivalence: E = mc\u00b2"
}

/** Each relation the caller stated, in plain words (the arguments convert and compute take besides units). */
export const statedRelations = (args: Readonly<Record<string, unknown>>): Array<string> => {
  const said: Array<string> = []
  if (typeof args.substance === "string") said.push(`Substance: ${args.substance}. Its molar mass relates mass and amount of substance.`)
  if (typeof args.molar_mass === "string") said.push(`Molar mass stated: ${args.molar_mass}. It relates mass and amount of substance.`)
  if (typeof args.valence === "number") said.push(`Valence stated: ${args.valence}. One mmol is ${args.valence} mEq.`)
  if (typeof args.particles === "number") said.push(`Particles per formula unit stated: ${args.particles}. One mmol is ${args.particles} mOsm.`)
  if (typeof args.equivalence === "string") said.push(`Equivalence stated: ${equivalences[args.equivalence] ?? args.equivalence}.`)
  if (typeof args.atmospheric_pressure === "string")
    said.push(`Atmospheric pressure stated: ${args.atmospheric_pressure}. It relates a gauge pressure to an absolute one.`)
  const units = Array.isArray(args.custom_units) ? args.custom_units.length : 0
  const edges = Array.isArray(args.custom_edges) ? args.custom_edges.length : 0
  if (units + edges > 0) said.push(`Defined for this call only: ${units} unit${units === 1 ? "" : "s"} and ${edges} conversion${edges === 1 ? "" : "s"}.`)
  if (args.notation === "ucum" || args.notation === "ucum_ci")
    said.push(`Units read as UCUM codes${args.notation === "ucum_ci" ? " (case-insensitive form)" : ""}, as lab systems send them.`)
  return said
}

/** How convert moved the value when it was not one factor. */
export const conversionWords: Readonly<Record<string, string>> = {
  affine: "A temperature point: the scales differ in size and in where their zero lies, so the offset applies as well as a factor.",
  reciprocal: "The two units' dimensions are inverses: the answer is the reciprocal of the value (1/x).",
  logarithmic: "A level: converted through its logarithm, not by a factor."
}

/** A refusal's heading, by its error_type. */
export const refusalHeading = (type: string): string =>
  type === "ambiguous_input"
    ? "Refused: the units have more than one reading, and they give different answers"
    : type === "dimension_mismatch"
      ? "Refused: the units measure different things"
      : type === "unknown_unit"
        ? "Refused: a unit is not known"
        : `Refused (${type.replaceAll("_", " ")})`
