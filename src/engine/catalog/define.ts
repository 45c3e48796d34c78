/**
 * The vocabulary of the unit catalog. Catalog files are data: arrays of entries built with these
 * constructors. A unit is defined from its neighbours with exact ratios (`unit("in", "inch",
 * [ratio(254, 100), "cm"])`), so its SI factor is derived rather than pasted, and its dimension
 * follows from its definition. The catalog test resolves every entry (our `units --check`).
 */
import type { BaseKey } from "../Dimension.ts"
import type { PrefixPolicy } from "../Prefix.ts"
import * as Rational from "../Rational.ts"

export type { PrefixPolicy }

/** How one unit of this kind relates to coherent SI. */
export type Definition =
  /**
   * A unit of one base quantity (or of a pure ratio when `base` is undefined) worth `factor` coherent
   * SI units: 1 for the metre, 1/1000 for the gram, since the kilogram is the coherent unit of mass.
   */
  | { readonly kind: "base"; readonly base: BaseKey | undefined; readonly factor: Rational.Rational }
  /** `factor` × the unit expression `of`: the inch is 2.54 × "cm". */
  | { readonly kind: "scaled"; readonly factor: Rational.Rational; readonly of: string }
  /**
   * A point on a temperature scale: kelvin = (x + offset) × factor. Only a standalone temperature
   * uses the offset; inside a compound unit (J/(kg·°C)) the unit is a difference and only `factor` applies.
   */
  | { readonly kind: "affine"; readonly factor: Rational.Rational; readonly offset: Rational.Rational }
  /**
   * A logarithmic level: linear value = reference × base^(x / divisor), or for `complement`
   * (availability "nines") 1 − 10^(−x). Standalone only: a level cannot be multiplied.
   */
  | {
      readonly kind: "logarithmic"
      readonly reference: string
      readonly base: number
      readonly divisor: number
      readonly complement?: boolean
      /**
       * What the level's ratio compares, where the definition fixes it: dBi and dBc compare powers.
       * Unset for the bare decibel, bel and neper: a level of 20 dB is a power ratio of 100 or a
       * field (root-power) ratio of 10, so a conversion to a plain ratio is refused with both.
       */
      readonly ratioOf?: "power" | "field"
    }

export interface UnitEntry {
  /** The shorthand an agent reads back: "m", "kg", "°C". Unique and case-sensitive. */
  readonly symbol: string
  /** The canonical spelled name: "meter", "degree Celsius". */
  readonly name: string
  /** Other case-sensitive symbols: "degC" for °C, "L" and "l" for the litre. */
  readonly aliases: ReadonlyArray<string>
  /** Other spelled names, matched case-insensitively with their plurals: "metre". */
  readonly names: ReadonlyArray<string>
  /** Plural forms that the regular rule misses ("feet"); `false` when the names never take a plural. */
  readonly plurals: ReadonlyArray<string> | false
  readonly definition: Definition
  readonly prefixes: PrefixPolicy
  /** Whether the definition is exact by convention (false for measured values such as the dalton). */
  readonly exact: boolean
  /** Where the value comes from: "NIST SP 811 B.8", "CODATA 2022". */
  readonly source: string | undefined
  /** A short remark an agent may need: "US customary", "pharmacological IU never converts to mass". */
  readonly note: string | undefined
  /** A family for listing: "SI", "US customary", "imperial", "clinical"... */
  readonly system: string
  /**
   * A temperature difference (delta_degC): never a point on a scale, so it never converts to or
   * from a standalone °C or °F, where the meaning would change (10 °C of warming is not 10 °C).
   */
  readonly interval: boolean
  /** Set for a unit that converts only to itself until the substance is given (see EntryOptions). */
  readonly perSubstance?: string
  /**
   * A pressure read against a stated zero: "gauge" (psig, barg) is a point on a scale whose zero is
   * the local atmosphere, like °C against K; "absolute" (psia, bara) says the zero is vacuum.
   */
  readonly pressureReference?: "gauge" | "absolute"
  /** Set for a unit that converts only to itself, always (see EntryOptions). */
  readonly standalone?: string
  /** The kind of quantity the unit is reserved for (see EntryOptions). */
  readonly kind?: string
}

export interface EntryOptions {
  readonly aliases?: ReadonlyArray<string>
  readonly names?: ReadonlyArray<string>
  readonly plurals?: ReadonlyArray<string> | false
  readonly prefixes?: PrefixPolicy
  readonly exact?: boolean
  readonly source?: string
  readonly note?: string
  readonly system?: string
  readonly interval?: boolean
  /**
   * A unit whose relation to the rest depends on the substance (the equivalent: valence × mole):
   * it converts only to itself unless the caller gives what it depends on. The text says what.
   */
  readonly perSubstance?: string
  readonly pressureReference?: "gauge" | "absolute"
  /**
   * A unit that converts only to itself, whatever the caller gives: a dimensionless measure whose
   * plain-number reading would be silently wrong (the erlang is not a ratio of 1). The text says why.
   */
  readonly standalone?: string
  /**
   * The kind of quantity a unit is reserved for among the units of its dimension: the gray for
   * absorbed dose and the sievert for dose equivalent, the becquerel for activity and the hertz for
   * frequency (SI Brochure, table 4 and its notes), the watt, var and volt ampere for active,
   * reactive and apparent power (IEC 80000-6), and the energies a meter registers from them (kWh,
   * kvarh, kVAh) with their power's kind, since each is defined as that power times the hour. Units
   * reserved for different kinds never convert into each other; each converts to an expression that
   * names no kind (Gy → J/kg).
   */
  readonly kind?: string
}

const entry = (symbol: string, name: string, definition: Definition, options: EntryOptions, defaultPrefixes: PrefixPolicy): UnitEntry => ({
  symbol,
  name,
  aliases: options.aliases ?? [],
  names: options.names ?? [],
  plurals: options.plurals ?? [],
  definition,
  prefixes: options.prefixes ?? defaultPrefixes,
  exact: options.exact ?? true,
  source: options.source,
  note: options.note,
  system: options.system ?? "SI",
  interval: options.interval ?? false,
  ...(options.perSubstance ? { perSubstance: options.perSubstance } : {}),
  ...(options.pressureReference ? { pressureReference: options.pressureReference } : {}),
  ...(options.standalone ? { standalone: options.standalone } : {}),
  ...(options.kind ? { kind: options.kind } : {})
})

/** An exact ratio n/d, for definitions: `ratio(5, 9)`. */
export const ratio = (n: number, d: number = 1): Rational.Rational => Rational.make(n, d)

/** n/d × π^power, π kept exact: `piRatio(1, 180)` is the degree in radians, `piRatio(1000, 4, -1)` the oersted in A/m. */
export const piRatio = (n: number, d: number = 1, power: number = 1): Rational.Rational => Rational.make(n, d, power)

/** An exact decimal given as a string so no digit is lost: `decimal("0.45359237")`. */
export const decimal = (literal: string): Rational.Rational => Rational.fromDecimal(literal)

/** A coherent SI base unit; SI prefixes allowed unless said otherwise. */
export const base = (
  symbol: string,
  name: string,
  quantity: BaseKey | undefined,
  options: EntryOptions & { readonly factor?: Rational.Rational } = {}
): UnitEntry => entry(symbol, name, { kind: "base", base: quantity, factor: options.factor ?? Rational.one }, options, "si")

/**
 * A unit defined as factor × another unit expression. `of` alone means factor 1 (the newton is
 * "kg*m/s^2"). Prefixes default to none: say `prefixes: "si"` for units that take them.
 */
export const unit = (
  symbol: string,
  name: string,
  definition: string | readonly [Rational.Rational | number, string],
  options: EntryOptions = {}
): UnitEntry => {
  const [factor, of] = typeof definition === "string" ? [Rational.one, definition] : definition
  return entry(symbol, name, { kind: "scaled", factor: typeof factor === "number" ? Rational.fromNumber(factor) : factor, of }, options, "none")
}

/** A temperature scale: kelvin = (x + offset) × factor. */
export const affine = (
  symbol: string,
  name: string,
  scale: { readonly factor: Rational.Rational; readonly offset: Rational.Rational },
  options: EntryOptions = {}
): UnitEntry => entry(symbol, name, { kind: "affine", ...scale }, { plurals: false, ...options }, "none")

/** A logarithmic level such as dBm: linear = reference × base^(x / divisor). */
export const logarithmic = (
  symbol: string,
  name: string,
  scale: { readonly reference: string; readonly base: number; readonly divisor: number; readonly complement?: boolean; readonly ratioOf?: "power" | "field" },
  options: EntryOptions = {}
): UnitEntry => entry(symbol, name, { kind: "logarithmic", ...scale }, options, "none")
