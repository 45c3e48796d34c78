/**
 * Exact ratios of two doubles, used for unit factors so that exact definitions stay exact.
 *
 * 1 in = 254/10000 m and 1 mi = 1609344/1000 m are both integer ratios; composing them as ratios and
 * dividing once at the end gives a correctly rounded conversion factor (5 km → 3.10685596118667 mi),
 * where multiplying rounded decimals would drift in the last digits. Irrational factors (π in the
 * degree) simply carry a non-integer numerator; arithmetic then degrades gracefully to floating point.
 */
export interface Rational {
  readonly n: number
  readonly d: number
}

const SAFE = Number.MAX_SAFE_INTEGER

const isSafeInteger = (x: number): boolean => Number.isInteger(x) && Math.abs(x) <= SAFE

const INT32_MAX = 0x7fffffff

const gcd = (a: number, b: number): number => {
  a = Math.abs(a)
  b = Math.abs(b)
  // floating-point remainders (a library call each) only while a value exceeds 32 bits...
  while (b !== 0 && (a > INT32_MAX || b > INT32_MAX)) {
    const t = a % b
    a = b
    b = t
  }
  if (b === 0) return a
  // ...then integer remainders, a single instruction each
  let x = a | 0
  let y = b | 0
  while (y !== 0) {
    const t = x % y
    x = y
    y = t
  }
  return x
}

/** Builds n/d, reduced when both are safe integers; the sign always lives in the numerator. */
export const make = (n: number, d: number = 1): Rational => {
  if (d === 0) throw new RangeError("Rational with zero denominator")
  if (d < 0) {
    n = -n
    d = -d
  }
  if (isSafeInteger(n) && isSafeInteger(d) && n !== 0) {
    const g = gcd(n, d)
    if (g > 1) return { n: n / g, d: d / g }
  }
  return { n, d }
}

export const one: Rational = { n: 1, d: 1 }
export const zero: Rational = { n: 0, d: 1 }

/** Exact decimal literal: `fromDecimal("0.45359237")` is 45359237/100000000. */
export const fromDecimal = (literal: string): Rational => {
  const match = /^([+-]?)(\d*)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(literal.trim())
  if (!match) throw new RangeError(`Not a decimal literal: ${literal}`)
  const [, sign, whole = "", fraction = "", exp = "0"] = match
  const digits = (whole + fraction).replace(/^0+(?=\d)/, "") || "0"
  const scale = Number(exp) - fraction.length
  const n = Number(sign + digits)
  if (!isSafeInteger(n)) return { n: Number(literal), d: 1 }
  return scale >= 0 ? make(n * 10 ** scale, 1) : scale >= -22 ? make(n, 10 ** -scale) : { n: Number(literal), d: 1 }
}

/** Any number: integers stay exact, other values keep their shortest decimal form exactly. */
export const fromNumber = (x: number): Rational => (Number.isInteger(x) ? make(x, 1) : Number.isFinite(x) ? fromDecimal(String(x)) : { n: x, d: 1 })

export const multiply = (a: Rational, b: Rational): Rational => {
  // by one: the other factor as it is (every Rational is kept reduced, so the gcds below would
  // only rebuild it; they cost a floating-point remainder per step on large numerators)
  if (a.n === 1 && a.d === 1) return b
  if (b.n === 1 && b.d === 1) return a
  // cross-reduce first so the products stay within the exact integer range as long as possible
  if (isSafeInteger(a.n) && isSafeInteger(b.d) && isSafeInteger(b.n) && isSafeInteger(a.d) && a.n !== 0 && b.n !== 0) {
    const g1 = gcd(a.n, b.d)
    const g2 = gcd(b.n, a.d)
    return make((a.n / g1) * (b.n / g2), (a.d / g2) * (b.d / g1))
  }
  // the same irrational on both sides cancels exactly: π/180 ÷ π/10800 is 60, not 60.00000000000001
  // (a degree in arcminutes, a gon in degrees: the π of each definition divides out)
  if (!Number.isInteger(a.n) && a.n === b.d) return b.n === a.d ? one : multiply(make(1, a.d), make(b.n, 1))
  if (!Number.isInteger(b.n) && b.n === a.d) return multiply(make(a.n, 1), make(1, b.d))
  return make(a.n * b.n, a.d * b.d)
}

export const invert = (a: Rational): Rational => make(a.d, a.n)

export const divide = (a: Rational, b: Rational): Rational => multiply(a, invert(b))

export const add = (a: Rational, b: Rational): Rational => (a.d === b.d ? make(a.n + b.n, a.d) : make(a.n * b.d + b.n * a.d, a.d * b.d))

export const subtract = (a: Rational, b: Rational): Rational => add(a, { n: -b.n, d: b.d })

/** Integer powers stay exact; fractional powers (m^0.5) fall back to floating point. */
export const power = (a: Rational, exponent: number): Rational => {
  if (exponent === 0) return one
  if (exponent === 1) return a // every Rational is kept reduced, so multiplying by one would only copy it
  if (Number.isInteger(exponent)) {
    // exponentiation by squaring: O(log n) multiplications
    let base = exponent < 0 ? invert(a) : a
    let n = Math.abs(exponent)
    let result = one
    while (n > 0) {
      if (n % 2 === 1) result = multiply(result, base)
      n = Math.floor(n / 2)
      if (n > 0) base = multiply(base, base)
    }
    return result
  }
  return { n: toNumber(a) ** exponent, d: 1 }
}

export const toNumber = (a: Rational): number => a.n / a.d

/** value × a, multiplying before dividing so integer-ratio factors round once. */
export const scale = (value: number, a: Rational): number => (a.d === 1 ? value * a.n : (value * a.n) / a.d)

export const isOne = (a: Rational): boolean => a.n === a.d

export const equals = (a: Rational, b: Rational): boolean => a.n * b.d === b.n * a.d
