/**
 * Limits on a call's raw arguments, checked before any decoding, coercion, parsing or similarity
 * search: the cost of everything after is then bounded by these numbers. Generous for real use
 * (README, "Limits"): the longest unit expression an agent plausibly sends is well under 200
 * characters, a factor-label chain under 20 steps.
 */
import * as ArgumentPath from "./ArgumentPath.ts"

export const Limits = {
  /** Characters in any one string (a unit expression stops at 1000 in the parser itself). */
  stringLength: 4096,
  /** Elements of any one array (factors, known quantities, custom units, aliases). */
  arrayLength: 200,
  /** Keys of any one object (formula parameters). */
  objectKeys: 200,
  /** Nesting of arrays and objects. */
  depth: 12,
  /** Values in all. */
  values: 5000
} as const

export interface LimitViolation {
  /** Where: "from_unit", "factors[3].numerator", "(arguments)". */
  readonly field: string
  readonly problem: string
  readonly limit: number
  readonly size: number
}

/** The first limit the arguments pass, or undefined; walks at most `Limits.values` values. */
export const checkLimits = (args: unknown): LimitViolation | undefined => {
  let seen = 0
  const walk = (value: unknown, path: ReadonlyArray<string | number>, depth: number): LimitViolation | undefined => {
    const field = path.length === 0 ? "(arguments)" : ArgumentPath.format(path)
    if (++seen > Limits.values) return { field: "(arguments)", problem: `more than ${Limits.values} values in all`, limit: Limits.values, size: seen }
    if (typeof value === "string") {
      return value.length > Limits.stringLength
        ? {
            field,
            problem: `a string of ${value.length} characters; at most ${Limits.stringLength} are accepted`,
            limit: Limits.stringLength,
            size: value.length
          }
        : undefined
    }
    if (typeof value !== "object" || value === null) return undefined
    if (depth >= Limits.depth) return { field, problem: `nested more than ${Limits.depth} levels deep`, limit: Limits.depth, size: depth + 1 }
    if (Array.isArray(value)) {
      if (value.length > Limits.arrayLength)
        return { field, problem: `${value.length} items; at most ${Limits.arrayLength} are accepted`, limit: Limits.arrayLength, size: value.length }
      for (let i = 0; i < value.length; i++) {
        const v = walk(value[i], [...path, i], depth + 1)
        if (v) return v
      }
      return undefined
    }
    const keys = Object.keys(value)
    if (keys.length > Limits.objectKeys)
      return { field, problem: `${keys.length} keys; at most ${Limits.objectKeys} are accepted`, limit: Limits.objectKeys, size: keys.length }
    for (const key of keys) {
      const v = walk((value as Record<string, unknown>)[key], [...path, key], depth + 1)
      if (v) return v
    }
    return undefined
  }
  return walk(args, [], 0)
}
