/**
 * First-order propagation of standard uncertainty (GUM, JCGM 100:2008, §5.1.2): for y = f(x₁…xₙ)
 * with independent inputs, u(y)² = Σ (∂f/∂xᵢ · u(xᵢ))². The partial derivatives are taken
 * numerically by central differences, so any formula body works without symbolic algebra.
 *
 * Gotchas: inputs are assumed uncorrelated, and a first-order estimate understates the uncertainty
 * of strongly non-linear functions when u(xᵢ) is large compared with xᵢ.
 */

/** A function of named inputs; NaN or another non-finite number outside its domain (a throw, only from a bug, counts as NaN). */
export type Model = (x: Readonly<Record<string, number>>) => number

const evaluate = (f: Model, x: Readonly<Record<string, number>>): number => {
  try {
    return f(x)
  } catch {
    return Number.NaN
  }
}

/** Relative step of the difference quotient: small enough for first order, far above rounding noise. */
const RELATIVE_STEP = 1e-6

/**
 * ∂f/∂x_key at `x` by central differences; one-sided when the point sits on the edge of the
 * domain (a square root at zero). Undefined when no finite quotient exists.
 */
export const partialDerivative = (f: Model, x: Readonly<Record<string, number>>, key: string, scale: number): number | undefined => {
  const xk = x[key] ?? 0
  const h = Math.max(Math.abs(xk), scale) * RELATIVE_STEP || RELATIVE_STEP
  const up = evaluate(f, { ...x, [key]: xk + h })
  const down = evaluate(f, { ...x, [key]: xk - h })
  if (Number.isFinite(up) && Number.isFinite(down)) return (up - down) / (2 * h)
  const here = evaluate(f, x)
  if (Number.isFinite(up) && Number.isFinite(here)) return (up - here) / h
  if (Number.isFinite(down) && Number.isFinite(here)) return (here - down) / h
  return undefined
}

/**
 * Combined standard uncertainty of f at `x`, given the standard uncertainties `u` of some inputs
 * (the others are exact). Undefined when a sensitivity cannot be computed.
 */
export const propagate = (f: Model, x: Readonly<Record<string, number>>, u: Readonly<Record<string, number>>): number | undefined => {
  let sumOfSquares = 0
  for (const [key, uk] of Object.entries(u)) {
    if (!(uk > 0)) continue
    const c = partialDerivative(f, x, key, uk)
    if (c === undefined) return undefined
    sumOfSquares += (c * uk) ** 2
  }
  return Math.sqrt(sumOfSquares)
}
