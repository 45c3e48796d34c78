/**
 * Exact ratios of two doubles, used for unit factors so that exact definitions stay exact.
 *
 * 1 in = 254/10000 m and 1 mi = 1609344/1000 m are both integer ratios; composing them as ratios and
 * dividing once at the end gives a correctly rounded conversion factor (5 km → 3.10685596118667 mi),
 * where multiplying rounded decimals would drift in the last digits.
 *
 * π is carried as a power of its own, `pi`, and so is a power of ten that n or d cannot hold within
 * 2^53, `ten`: the value is n/d × π^pi × 10^ten. The angles (the degree is π/180 rad), the CGS
 * magnetic units (the oersted 1000/(4π) A/m), the lambert and the parsec (648000/π au) are then
 * integer ratios times a power of π, and the π of two definitions divides out exactly: an hour angle
 * (15°) is 15 degrees and 900 arcminutes, not 14.999999999999998 and 899.9999999999999 as with π
 * rounded into each factor. The electronvolt (1.602176634e-19 J) and UCUM's mole (6.02214076 ×
 * 10^23) are integer ratios times a power of ten, and their prefixes divide out exactly (3827 eV is
 * 3.827 keV, not 3.8270000000000004). Other inexact factors carry a non-integer numerator;
 * arithmetic then degrades gracefully to floating point.
 */
export interface Rational {
  readonly n: number
  readonly d: number
  /** The power of π the ratio carries (0 for most). */
  readonly pi: number
  /** The power of ten the ratio carries where n or d would outgrow 2^53 holding it (0 for most). */
  readonly ten: number
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

/**
 * Builds n/d × π^pi × 10^ten, reduced when both are safe integers; the sign always lives in the
 * numerator, and a power of ten is folded into n or d wherever it fits there exactly.
 */
export const make = (n: number, d: number = 1, pi: number = 0, ten: number = 0): Rational => {
  if (d === 0) throw new RangeError("Rational with zero denominator")
  if (d < 0) {
    n = -n
    d = -d
  }
  // no -0 (an inverted ratio without π), so that equal ratios are equal objects field for field
  if (n === 0 || pi === 0) pi = 0
  if (n === 0 || ten === 0) ten = 0
  if (isSafeInteger(n) && isSafeInteger(d) && n !== 0) {
    // 10^ten into the numerator or the denominator, as far as it stays exact (so 10^-3 × 1000 is 1,
    // not 1000 and 10^-3 held apart), then reduced
    while (ten > 0 && d % 10 === 0) {
      d /= 10
      ten--
    }
    while (ten < 0 && n % 10 === 0) {
      n /= 10
      ten++
    }
    while (ten > 0 && isSafeInteger(n * 10)) {
      n *= 10
      ten--
    }
    while (ten < 0 && isSafeInteger(d * 10)) {
      d *= 10
      ten++
    }
    const g = gcd(n, d)
    if (g > 1) {
      n /= g
      d /= g
    }
    // a power of ten still apart, over a divisor of tens (2s and 5s only, 25 say): the divisor into
    // the power too, so the value is n × 10^ten and scaling it rounds once
    if (ten !== 0 && d !== 1) {
      let [rest, twos, fives] = [d, 0, 0]
      for (; rest % 2 === 0; rest /= 2) twos++
      for (; rest % 5 === 0; rest /= 5) fives++
      const k = Math.max(twos, fives)
      const m = 2 ** (k - twos) * 5 ** (k - fives)
      if (rest === 1 && isSafeInteger(n * m)) {
        n *= m
        d = 1
        ten -= k
      }
    }
  }
  return { n, d, pi, ten }
}

export const one: Rational = { n: 1, d: 1, pi: 0, ten: 0 }
export const zero: Rational = { n: 0, d: 1, pi: 0, ten: 0 }
/** π itself, exactly (UCUM's [pi]; the factor of the degree is π/180). */
export const pi: Rational = { n: 1, d: 1, pi: 1, ten: 0 }

/** π^k as a double, the one rounding of π a value meets (π² as Math.PI * Math.PI, as it always was). */
const piPower = (k: number): number => (k === 1 ? Math.PI : k === -1 ? 1 / Math.PI : Math.PI ** k)

/** The ratio with its π and its power of ten multiplied in: a plain double ratio, for adding ratios that differ in them. */
const flat = (a: Rational): Rational => (a.pi === 0 && a.ten === 0 ? a : { n: toNumber(a), d: 1, pi: 0, ten: 0 })

/** x × 10^k, exactly in decimal and rounded once: the shortest digits of x with their exponent moved. */
const shiftDecimal = (x: number, k: number): number => {
  if (x === 0 || !Number.isFinite(x)) return x
  const [digits, exponent] = x.toExponential().split("e")
  return Number(`${digits}e${Number(exponent) + k}`)
}

/** An integer without its trailing decimal zeros, and how many there were: 3000 is [3, 3]. */
const withoutTens = (x: number): [number, number] => {
  let k = 0
  while (x !== 0 && x % 10 === 0) {
    x /= 10
    k++
  }
  return [x, k]
}

/** 10^k as the nearest double (one rounding, as the literal 1e-19 is). */
const tenPower = (k: number): number => Number(`1e${k}`)

/** Exact decimal literal: `fromDecimal("0.45359237")` is 45359237/100000000. */
export const fromDecimal = (literal: string): Rational => {
  const match = /^([+-]?)(\d*)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(literal.trim())
  if (!match) throw new RangeError(`Not a decimal literal: ${literal}`)
  const [, sign, whole = "", fraction = "", exp = "0"] = match
  const digits = (whole + fraction).replace(/^0+(?=\d)/, "") || "0"
  const scale = Number(exp) - fraction.length
  const n = Number(sign + digits)
  if (!isSafeInteger(n)) return { n: Number(literal), d: 1, pi: 0, ten: 0 }
  return make(n, 1, 0, scale)
}

/** Any number: integers stay exact, other values keep their shortest decimal form exactly. */
export const fromNumber = (x: number): Rational =>
  Number.isInteger(x) ? make(x, 1) : Number.isFinite(x) ? fromDecimal(String(x)) : { n: x, d: 1, pi: 0, ten: 0 }

export const multiply = (a: Rational, b: Rational): Rational => {
  // by one: the other factor as it is (every Rational is kept reduced, so the gcds below would
  // only rebuild it; they cost a floating-point remainder per step on large numerators)
  if (a.n === 1 && a.d === 1 && a.pi === 0 && a.ten === 0) return b
  if (b.n === 1 && b.d === 1 && b.pi === 0 && b.ten === 0) return a
  // cross-reduce first so the products stay within the exact integer range as long as possible
  const pi = a.pi + b.pi
  const ten = a.ten + b.ten
  if (isSafeInteger(a.n) && isSafeInteger(b.d) && isSafeInteger(b.n) && isSafeInteger(a.d) && a.n !== 0 && b.n !== 0) {
    const g1 = gcd(a.n, b.d)
    const g2 = gcd(b.n, a.d)
    const [n, d] = [(a.n / g1) * (b.n / g2), (a.d / g2) * (b.d / g1)]
    if (isSafeInteger(n) && isSafeInteger(d)) return make(n, d, pi, ten)
    // a product past 2^53: its factors' trailing zeros into the power of ten (the mole's
    // 3011070380000000 × 1000 of a kilounit), else the value as a double ratio
    const [n1, k1] = withoutTens(a.n / g1)
    const [n2, k2] = withoutTens(b.n / g2)
    const [d1, j1] = withoutTens(a.d / g2)
    const [d2, j2] = withoutTens(b.d / g1)
    const [n0, d0, ten0] = [n1 * n2, d1 * d2, ten + k1 + k2 - j1 - j2]
    if (isSafeInteger(n0) && isSafeInteger(d0)) return make(n0, d0, pi, ten0)
    return make(n * tenPower(ten), d, pi)
  }
  // the same inexact value on both sides still cancels exactly: a factor read from a decimal too
  // long for an integer ratio, or too large for one (UCUM's mole, 6.02214076e23, so mmol/mol is
  // exactly 1/1000), divided by itself
  if (!isSafeInteger(a.n) && a.n === b.d) return make(b.n, a.d, pi, ten)
  if (!isSafeInteger(b.n) && b.n === a.d) return make(a.n, b.d, pi, ten)
  return make(a.n * b.n * tenPower(ten), a.d * b.d, pi)
}

export const invert = (a: Rational): Rational => make(a.d, a.n, -a.pi, -a.ten)

export const divide = (a: Rational, b: Rational): Rational => multiply(a, invert(b))

export const add = (a: Rational, b: Rational): Rational => {
  if (a.n === 0) return b
  if (b.n === 0) return a
  if (a.pi !== b.pi || a.ten !== b.ten) return add(flat(a), flat(b))
  return a.d === b.d ? make(a.n + b.n, a.d, a.pi, a.ten) : make(a.n * b.d + b.n * a.d, a.d * b.d, a.pi, a.ten)
}

export const subtract = (a: Rational, b: Rational): Rational => add(a, { ...b, n: -b.n })

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
  return { n: toNumber(a) ** exponent, d: 1, pi: 0, ten: 0 }
}

export const toNumber = (a: Rational): number => scale(1, a)

/** value × a, multiplying before dividing so integer-ratio factors round once (and π once, and a power of ten once). */
export const scale = (value: number, a: Rational): number => {
  // the power of ten through the decimal text, so that 3.827 × 10^-19 is the double nearest it
  const x = a.ten === 0 ? value * a.n : shiftDecimal(value * a.n, a.ten)
  if (a.pi > 0) return (x * piPower(a.pi)) / a.d
  if (a.pi < 0) return x / (a.d * piPower(-a.pi))
  return a.d === 1 ? x : x / a.d
}

export const isOne = (a: Rational): boolean => a.pi === 0 && a.ten === 0 && a.n === a.d

export const equals = (a: Rational, b: Rational): boolean => (a.pi === b.pi && a.ten === b.ten ? a.n * b.d === b.n * a.d : toNumber(a) === toNumber(b))
