/**
 * Unit prefixes: the SI decimal prefixes from quecto to quetta (SI Brochure, 9th edition, 2022
 * revision) and the IEC 80000-13 binary prefixes kibi to yobi.
 */
import * as Rational from "./Rational.ts"

export interface Prefix {
  readonly name: string
  readonly symbol: string
  /** Other input spellings of the symbol: u and μ (Greek mu) for µ (micro sign), mc for micro in clinical use. */
  readonly inputSymbols: ReadonlyArray<string>
  readonly factor: Rational.Rational
  readonly system: "si" | "binary"
  /** Decimal exponent for SI prefixes, binary exponent for IEC ones. */
  readonly exponent: number
}

const si = (name: string, symbol: string, exponent: number, inputSymbols: ReadonlyArray<string> = []): Prefix => ({
  name,
  symbol,
  inputSymbols,
  exponent,
  system: "si",
  // a power of ten held as one (Rational.ts), exact for every prefix, quecto and quetta included
  factor: Rational.make(1, 1, 0, exponent)
})

const binary = (name: string, symbol: string, exponent: number): Prefix => ({
  name,
  symbol,
  inputSymbols: [],
  exponent,
  system: "binary",
  factor: Rational.make(2 ** exponent, 1)
})

export const prefixes: ReadonlyArray<Prefix> = [
  si("quetta", "Q", 30),
  si("ronna", "R", 27),
  si("yotta", "Y", 24),
  si("zetta", "Z", 21),
  si("exa", "E", 18),
  si("peta", "P", 15),
  si("tera", "T", 12),
  si("giga", "G", 9),
  si("mega", "M", 6),
  si("kilo", "k", 3),
  si("hecto", "h", 2),
  si("deca", "da", 1),
  si("deci", "d", -1),
  si("centi", "c", -2),
  si("milli", "m", -3),
  si("micro", "µ", -6, ["μ", "u"]),
  si("nano", "n", -9),
  si("pico", "p", -12),
  si("femto", "f", -15),
  si("atto", "a", -18),
  si("zepto", "z", -21),
  si("yocto", "y", -24),
  si("ronto", "r", -27),
  si("quecto", "q", -30),
  binary("kibi", "Ki", 10),
  binary("mebi", "Mi", 20),
  binary("gibi", "Gi", 30),
  binary("tebi", "Ti", 40),
  binary("pebi", "Pi", 50),
  binary("exbi", "Ei", 60),
  binary("zebi", "Zi", 70),
  binary("yobi", "Yi", 80)
]

/**
 * Which prefixes a unit accepts. `si`: all decimal ones; `large`: kilo and up (kt, Gyr) so that
 * `mt` is never a millitonne; `information`: decimal kilo and up plus binary (kB, KiB); `none`.
 */
export type PrefixPolicy = "si" | "large" | "information" | "none"

export const allows = (policy: PrefixPolicy, prefix: Prefix): boolean => {
  switch (policy) {
    case "si":
      return prefix.system === "si"
    case "large":
      return prefix.system === "si" && prefix.exponent >= 3
    case "information":
      return prefix.system === "binary" || prefix.exponent >= 3
    case "none":
      return false
  }
}

/** Every way a prefix symbol may be written, longest first so "da" is tried before "d". */
export const symbolForms: ReadonlyArray<readonly [string, Prefix]> = prefixes
  .flatMap((p) => [p.symbol, ...p.inputSymbols].map((s) => [s, p] as const))
  .sort((a, b) => b[0].length - a[0].length)

export const nameForms: ReadonlyArray<readonly [string, Prefix]> = prefixes
  .flatMap((p) => (p.name === "deca" ? [["deca", p] as const, ["deka", p] as const] : [[p.name, p] as const]))
  .sort((a, b) => b[0].length - a[0].length)
