/**
 * Exact decimal arithmetic for values, so that a chain of finite decimals gives the decimal answer
 * and not float noise: 1000 mL × 15 gtt/mL ÷ 480 min is 31.25 gtt/min, not 31.250000000000004.
 * A value is a fraction of two bigints; every number an agent sends is a finite decimal (its
 * shortest round-trip form), and unit factors are exact ratios. The result is rounded once, at the
 * end. Bounded: past MAX_DIGITS digits in a numerator or denominator the exact path gives up and
 * the caller keeps its floating-point value.
 */
import type * as Rational from "./Rational.ts"

export interface Exact {
  readonly n: bigint
  readonly d: bigint
}

/** Beyond this many decimal digits the exact path is abandoned (bounded time and memory). */
const MAX_DIGITS = 400

const TEN = 10n

const gcd = (a: bigint, b: bigint): bigint => {
  a = a < 0n ? -a : a
  b = b < 0n ? -b : b
  while (b !== 0n) [a, b] = [b, a % b]
  return a
}

const normalize = (n: bigint, d: bigint): Exact | undefined => {
  if (d === 0n) return undefined
  if (d < 0n) [n, d] = [-n, -d]
  const g = gcd(n, d)
  const out = g > 1n ? { n: n / g, d: d / g } : { n, d }
  return out.n.toString().length > MAX_DIGITS || out.d.toString().length > MAX_DIGITS ? undefined : out
}

/** A finite double as the decimal it prints as: 0.1 is 1/10, not 3602879701896397/2^55. */
export const fromNumber = (x: number): Exact | undefined => {
  if (!Number.isFinite(x)) return undefined
  const m = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(x))
  if (!m) return undefined
  const digits = BigInt(`${m[2]}${m[3] ?? ""}`)
  const exponent = Number(m[4] ?? 0) - (m[3]?.length ?? 0)
  if (Math.abs(exponent) > MAX_DIGITS) return undefined
  const n = m[1] === "-" ? -digits : digits
  return exponent >= 0 ? normalize(n * TEN ** BigInt(exponent), 1n) : normalize(n, TEN ** BigInt(-exponent))
}

/** An exact ratio whose parts are integers (every catalog definition but those with π). */
export const fromRational = (r: Rational.Rational): Exact | undefined =>
  r.pi === 0 && Number.isSafeInteger(r.n) && Number.isSafeInteger(r.d) && Math.abs(r.ten) <= MAX_DIGITS
    ? r.ten >= 0
      ? normalize(BigInt(r.n) * TEN ** BigInt(r.ten), BigInt(r.d))
      : normalize(BigInt(r.n), BigInt(r.d) * TEN ** BigInt(-r.ten))
    : undefined

export const multiply = (a: Exact | undefined, b: Exact | undefined): Exact | undefined => (a && b ? normalize(a.n * b.n, a.d * b.d) : undefined)

export const divide = (a: Exact | undefined, b: Exact | undefined): Exact | undefined => (a && b && b.n !== 0n ? normalize(a.n * b.d, a.d * b.n) : undefined)

export const add = (a: Exact | undefined, b: Exact | undefined): Exact | undefined => (a && b ? normalize(a.n * b.d + b.n * a.d, a.d * b.d) : undefined)

/** The nearest double: 25 significant digits by integer division, then one rounding by the parser. */
export const toNumber = (x: Exact): number => {
  if (x.n === 0n) return 0
  const negative = x.n < 0n
  const n = negative ? -x.n : x.n
  // scale so the quotient has 25 digits
  const shift = 25 - (n.toString().length - x.d.toString().length)
  const q = shift >= 0 ? (n * TEN ** BigInt(shift)) / x.d : n / (x.d * TEN ** BigInt(-shift))
  return Number(`${negative ? "-" : ""}${q}e${-shift}`)
}

/**
 * Whether a double shows float noise: a long run of 0s or 9s just before the end of its shortest
 * form (31.250000000000004, 80.32999999999998). Only such results pay for the exact path; 36,
 * 0.45359237, 212 and 3.1068559611866697 never do.
 */
export const looksNoisy = (x: number): boolean => {
  if (Number.isInteger(x)) return false
  const digits = String(Math.abs(x)).replace(/e.*$/, "").replace(".", "").replace(/^0+/, "")
  // noise is a long run of 0s or 9s before the last digit or two; 3.1068559611866697 (5 km in mi)
  // is what the decimal really is to 17 digits, and pays for nothing more
  return digits.length >= 15 && NOISE.test(digits)
}

const NOISE = /(?:0{5,}|9{5,})\d{1,2}$/

/** x as X / 10^a with X an integer within 2^53, from its shortest decimal form; undefined past that. */
const decimalParts = (x: number): { readonly X: number; readonly a: number } | undefined => {
  if (Number.isInteger(x)) return Number.isSafeInteger(x) ? { X: x, a: 0 } : undefined
  const s = String(x)
  if (s.includes("e")) return undefined
  const dot = s.indexOf(".")
  const a = s.length - dot - 1
  const X = Number(s.slice(0, dot) + s.slice(dot + 1))
  return Number.isSafeInteger(X) && a <= 22 ? { X, a } : undefined
}

const fits = (n: number): boolean => Number.isSafeInteger(n)

/**
 * x × n/d (+ p/q) rounded once, in plain double arithmetic, when every part is an integer that a
 * double holds exactly: the numerator and denominator are then exact, and one division rounds
 * correctly (IEEE 754). The fast exact path for the common case (a decimal through a unit factor);
 * undefined when the parts outgrow 2^53, for the caller's fallback.
 */
export const scaleExactly = (x: number, slope: Rational.Rational, intercept?: Rational.Rational): number | undefined => {
  const parts = decimalParts(x)
  if (
    !parts ||
    slope.pi !== 0 ||
    slope.ten !== 0 ||
    (intercept !== undefined && (intercept.pi !== 0 || intercept.ten !== 0)) ||
    !fits(slope.n) ||
    !fits(slope.d)
  )
    return undefined
  const scale = 10 ** parts.a
  if (intercept === undefined || intercept.n === 0) {
    const numerator = parts.X * slope.n
    const denominator = scale * slope.d
    return fits(numerator) && fits(denominator) ? numerator / denominator : undefined
  }
  if (!fits(intercept.n) || !fits(intercept.d)) return undefined
  // (X n / (10^a d)) + p / q = (X n q + p d 10^a) / (10^a d q)
  const left = parts.X * slope.n * intercept.d
  const right = intercept.n * slope.d * scale
  const denominator = scale * slope.d * intercept.d
  return fits(left) && fits(right) && fits(left + right) && fits(denominator) ? (left + right) / denominator : undefined
}
