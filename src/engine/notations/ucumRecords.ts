/**
 * UCUM's table as the engine's records: its prefixes as engine prefixes, its base units on the
 * engine's dimensions, and what an atom record holds; the atom table itself is built in ucum.ts.
 */
import type { UnitRecord } from "../units/Catalog.ts"
import * as Dimension from "../Dimension.ts"
import type * as Prefix from "../Prefix.ts"
import * as Rational from "../Rational.ts"
import { prefixes, ucumVersion } from "./ucumAtoms.ts"

export const source = `UCUM ${ucumVersion}`

export const ucumPrefixes: ReadonlyArray<Prefix.Prefix> = prefixes
  .map((p) => {
    const value = Number(p.value)
    const exponent = Math.round(Math.log10(value))
    // decimal prefixes exactly (1e-24 is not a double); binary ones (Ki = 1024) as they are
    const decimalPrefix = value === 10 ** exponent || Math.abs(value / 10 ** exponent - 1) < 1e-12
    return {
      name: p.name,
      symbol: p.code,
      inputSymbols: [],
      factor: !decimalPrefix ? Rational.fromNumber(value) : exponent >= 0 ? Rational.make(10 ** exponent, 1) : Rational.make(1, 10 ** -exponent),
      system: decimalPrefix ? ("si" as const) : ("binary" as const),
      exponent
    }
  })
  .sort((a, b) => b.symbol.length - a.symbol.length)

export const baseDimensions: Readonly<Record<string, { readonly dimension: Dimension.Dimension; readonly factor: Rational.Rational }>> = {
  m: { dimension: Dimension.base("L"), factor: Rational.one },
  s: { dimension: Dimension.base("T"), factor: Rational.one },
  g: { dimension: Dimension.base("M"), factor: Rational.make(1, 1000) },
  rad: { dimension: Dimension.base("A"), factor: Rational.one },
  K: { dimension: Dimension.base("Θ"), factor: Rational.one },
  C: { dimension: Dimension.multiply(Dimension.base("I"), Dimension.base("T")), factor: Rational.one },
  cd: { dimension: Dimension.base("J"), factor: Rational.one }
}

/** Special units whose function is not an offset or a logarithm: refused, with the reason. */
export const unsupportedFunctions = new Set(["100tan", "tanTimes100", "hpX", "hpC", "hpM", "hpQ", "sqrt", "ld"])

/** Units whose relation to the mole depends on the substance: never converted to mol without it. */
export const perSubstance: Readonly<Record<string, string>> = {
  eq: "an equivalent is valence × mole: eq ↔ mol needs the substance's valence (1 mmol Ca²⁺ = 2 meq), which the unit does not carry; multiply by it explicitly",
  osm: "an osmole counts dissolved particles: osm ↔ mol needs the number of particles per formula unit (1 mmol NaCl ≈ 2 mosm), which the unit does not carry; multiply by it explicitly"
}

/**
 * UCUM's properties that name a kind a unit is reserved for, as the catalog's `kind` (catalog/define.ts):
 * the gray and the sievert, the becquerel and the hertz (SI Brochure, table 4 and its notes).
 */
const reservedKinds: Readonly<Record<string, string>> = {
  "energy dose": "absorbed dose",
  "dose equivalent": "dose equivalent",
  radioactivity: "activity",
  frequency: "frequency"
}

export interface Atom {
  readonly record: UnitRecord
  readonly metric: boolean
  /** Why the atom cannot be used, when it is one UCUM defines by a function this engine lacks. */
  readonly unsupported?: string
}

export const record = (
  u: { code: string; name: string; property: string },
  fields: Pick<UnitRecord, "dimension" | "factor" | "offset" | "logarithmic"> & { unconnected?: boolean; name?: string }
): UnitRecord => ({
  symbol: u.code,
  name: fields.name ?? u.name,
  aliases: [],
  names: [],
  plurals: false,
  dimension: fields.dimension,
  factor: fields.factor,
  offset: fields.offset,
  logarithmic: fields.logarithmic,
  prefixes: "none",
  exact: true,
  source,
  note: u.property || undefined,
  system: "UCUM",
  custom: false,
  ...(fields.unconnected ? { unconnected: true } : {}),
  ...(reservedKinds[u.property] ? { kind: reservedKinds[u.property] } : {})
})

/** A decimal from the table, exact when it fits, else the nearest double (π to 64 digits). */
export const decimal = (literal: string): Rational.Rational =>
  literal.replace(/[^\d]/g, "").length <= 15 ? Rational.fromDecimal(literal) : Rational.fromNumber(Number(literal))
