/**
 * Conversions between quantities of different dimensions that hold only through a relation: the
 * reciprocal of exact inverses (fuel economy mpg ↔ L/100km, period ↔ frequency), a molar mass
 * (mass ↔ amount of substance), and the physical equivalences that astropy and pint offer as
 * "equivalencies" and "contexts": spectral (wavelength ↔ frequency ↔ photon energy ↔ wavenumber),
 * thermal (temperature ↔ energy through the Boltzmann constant) and mass–energy (E = mc²).
 *
 * A relation is a statement about the world, not about units, so it is never assumed: the
 * reciprocal is answered with a note (as GNU units answers a "reciprocal conversion"), and every
 * other relation only when the caller states it. Here only the dimensions are compared; the
 * converter is built in Conversion.ts.
 */
import * as Dimension from "../Dimension.ts"
import * as Rational from "../Rational.ts"

export const equivalences = ["spectral", "thermal", "mass_energy"] as const
export type Equivalence = (typeof equivalences)[number]

// SI Brochure (9th edition, 2019) table 1: the defining constants are exact.
const c = Rational.make(299792458)
const h = Rational.fromDecimal("6.62607015e-34")
const kB = Rational.fromDecimal("1.380649e-23")

const L = Dimension.base("L")
const T = Dimension.base("T")
const energy = Dimension.fromExponents({ M: 1, L: 2, T: -2 })
const frequency = Dimension.power(T, -1)
const wavenumber = Dimension.power(L, -1)
const perAmountOverMass = Dimension.divide(Dimension.base("N"), Dimension.base("M"))
const energyPerTemperature = Dimension.divide(energy, Dimension.base("Θ"))
const velocitySquared = Dimension.power(Dimension.divide(L, T), 2)

/** The target's coherent SI value from the source's: y = K·x (linear) or y = K/x (reciprocal). */
export interface Relation {
  readonly mode: "linear" | "reciprocal"
  readonly constant: Rational.Rational
  readonly note: string
}

const linear = (constant: Rational.Rational, note: string): Relation => ({ mode: "linear", constant, note })

/** Exact inverses: the product of the two dimensions is a pure number (and neither is one). */
export const reciprocal = (source: Dimension.Dimension, target: Dimension.Dimension): Relation | undefined =>
  Dimension.isDimensionless(Dimension.multiply(source, target)) && !Dimension.isDimensionless(source)
    ? {
        mode: "reciprocal",
        constant: Rational.one,
        note: "Reciprocal conversion: the two units' dimensions are inverses, so the answer is the reciprocal of the value (1/x), as GNU units gives it"
      }
    : undefined

/** Mass ↔ amount of substance (per anything: mg/dL ↔ mmol/L) through a molar mass in kg/mol. */
export const byMolarMass = (
  source: Dimension.Dimension,
  target: Dimension.Dimension,
  molarMass: Rational.Rational,
  described: string
): Relation | undefined => {
  const ratio = Dimension.divide(target, source)
  const note = `Mass and amount of substance related by the molar mass ${described}`
  if (Dimension.equals(ratio, perAmountOverMass)) return linear(Rational.invert(molarMass), note)
  if (Dimension.equals(ratio, Dimension.power(perAmountOverMass, -1))) return linear(molarMass, note)
  return undefined
}

/** A quantity's frequency in the spectral equivalence: ν = c/λ, E/h, c·σ. */
const toFrequency = (d: Dimension.Dimension): Relation | undefined =>
  Dimension.equals(d, frequency)
    ? linear(Rational.one, "")
    : Dimension.equals(d, L)
      ? { mode: "reciprocal", constant: c, note: "" }
      : Dimension.equals(d, energy)
        ? linear(Rational.invert(h), "")
        : Dimension.equals(d, wavenumber)
          ? linear(c, "")
          : undefined

/** The inverse of toFrequency: λ = c/ν, E = hν, σ = ν/c. */
const fromFrequency = (d: Dimension.Dimension): Relation | undefined => {
  const forward = toFrequency(d)
  if (!forward) return undefined
  return forward.mode === "reciprocal" ? forward : linear(Rational.invert(forward.constant), "")
}

/** Composes y = g(f(x)) for two relations of either mode. */
const compose = (f: Relation, g: Relation, note: string): Relation => {
  if (f.mode === "linear" && g.mode === "linear") return linear(Rational.multiply(f.constant, g.constant), note)
  if (f.mode === "reciprocal" && g.mode === "reciprocal") return linear(Rational.divide(g.constant, f.constant), note)
  // K_g·(K_f/x) or K_g/(K_f·x): both reciprocal in x
  return { mode: "reciprocal", constant: f.mode === "reciprocal" ? Rational.multiply(g.constant, f.constant) : Rational.divide(g.constant, f.constant), note }
}

const scaledBy = (
  source: Dimension.Dimension,
  target: Dimension.Dimension,
  per: Dimension.Dimension,
  constant: Rational.Rational,
  note: string
): Relation | undefined => {
  const ratio = Dimension.divide(target, source)
  if (Dimension.equals(ratio, per)) return linear(constant, note)
  if (Dimension.equals(ratio, Dimension.power(per, -1))) return linear(Rational.invert(constant), note)
  return undefined
}

/** The relation a stated equivalence gives between two dimensions, if it connects them. */
export const byEquivalence = (equivalence: Equivalence, source: Dimension.Dimension, target: Dimension.Dimension): Relation | undefined => {
  switch (equivalence) {
    case "spectral": {
      const there = toFrequency(source)
      const back = fromFrequency(target)
      return there && back
        ? compose(there, back, "Spectral equivalence: ν = c/λ, E = hν, σ = 1/λ (c = 299792458 m/s and h = 6.62607015e-34 J·s, exact in the SI)")
        : undefined
    }
    case "thermal":
      return scaledBy(
        source,
        target,
        energyPerTemperature,
        kB,
        "Thermal equivalence: E = k_B·T (k_B = 1.380649e-23 J/K, exact in the SI); a temperature is taken as an absolute one"
      )
    case "mass_energy":
      return scaledBy(source, target, velocitySquared, Rational.multiply(c, c), "Mass–energy equivalence: E = m·c² (c = 299792458 m/s, exact in the SI)")
  }
}

/** The names of what relates two dimensions: "reciprocal", "molar_mass", or an equivalence. */
export const relatedBy = (source: Dimension.Dimension, target: Dimension.Dimension): ReadonlyArray<string> => [
  ...(reciprocal(source, target) ? ["reciprocal"] : []),
  ...(byMolarMass(source, target, Rational.one, "") ? ["molar_mass"] : []),
  ...equivalences.filter((e) => byEquivalence(e, source, target) !== undefined)
]

const stateIt: Readonly<Record<string, string>> = {
  molar_mass: "the molar mass of the substance (state it, e.g. 180.156 g/mol, or name the substance, e.g. glucose)",
  spectral: "the spectral equivalence (state it to use it: wavelength, frequency, photon energy and wavenumber)",
  thermal: "the thermal equivalence (state it to use it: temperature and energy through k_B)",
  mass_energy: "the mass_energy equivalence (state it to use it: mass and energy through c²)"
}

/** What would relate two dimensions that do not convert, as a hint: named, never applied unasked (the reciprocal has its own hint). */
export const connections = (source: Dimension.Dimension, target: Dimension.Dimension): ReadonlyArray<string> =>
  relatedBy(source, target).flatMap((name) => (name in stateIt ? [stateIt[name]!] : []))
