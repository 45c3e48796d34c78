/**
 * Paths into a tool's JSON arguments, written as agents and our errors write them: `from_unit`,
 * `factors[1].numerator`, `parameters.mass.value`. Reading, immutable writing, and the leaf-level
 * difference between two argument objects (how every applied correction gets reported).
 */

export type Segment = string | number

/** `factors[1].numerator` → ["factors", 1, "numerator"]. */
export const parse = (path: string): Array<Segment> => {
  const segments: Array<Segment> = []
  for (const match of path.matchAll(/([^.[\]]+)|\[(\d+)\]/gu)) {
    if (match[2] !== undefined) segments.push(Number(match[2]))
    else if (match[1] !== undefined) segments.push(match[1])
  }
  return segments
}

/** ["factors", 1, "numerator"] → `factors[1].numerator`. */
export const format = (segments: ReadonlyArray<PropertyKey>): string =>
  segments.reduce<string>((acc, s) => (typeof s === "number" ? `${acc}[${s}]` : acc ? `${acc}.${String(s)}` : String(s)), "")

const isRecord = (u: unknown): u is Record<string, unknown> => typeof u === "object" && u !== null && !Array.isArray(u)

/** The value at `segments`, or undefined when any step is missing. */
export const get = (root: unknown, segments: ReadonlyArray<Segment>): unknown => {
  let current = root
  for (const s of segments) {
    if (typeof s === "number" ? !Array.isArray(current) : !isRecord(current)) return undefined
    current = (current as Record<string | number, unknown>)[s]
  }
  return current
}

/** A copy of `root` with `value` at `segments` (undefined removes an object key); the original is untouched. */
export const set = (root: unknown, segments: ReadonlyArray<Segment>, value: unknown): unknown => {
  const [head, ...rest] = segments
  if (head === undefined) return value
  if (typeof head === "number") {
    const array = Array.isArray(root) ? [...root] : []
    array[head] = set(array[head], rest, value)
    return array
  }
  const record: Record<string, unknown> = isRecord(root) ? { ...root } : {}
  const next = set(record[head], rest, value)
  if (next === undefined) delete record[head]
  else record[head] = next
  return record
}

/** Moves the value at key `from` to key `to` of the top-level object. */
export const rename = (root: Record<string, unknown>, from: string, to: string): Record<string, unknown> => {
  const { [from]: value, ...others } = root
  return { ...others, [to]: value }
}

/** Every string leaf under `root`, with its path. */
export const stringLeaves = (root: unknown, prefix: ReadonlyArray<Segment> = []): Array<{ readonly path: ReadonlyArray<Segment>; readonly value: string }> => {
  if (typeof root === "string") return [{ path: prefix, value: root }]
  if (Array.isArray(root)) return root.flatMap((item, i) => stringLeaves(item, [...prefix, i]))
  if (isRecord(root)) return Object.entries(root).flatMap(([k, v]) => stringLeaves(v, [...prefix, k]))
  return []
}

export interface LeafChange {
  readonly path: string
  readonly from: unknown
  readonly to: unknown
}

/** Every leaf that differs between `before` and `after` (a key present in only one side counts). */
export const diff = (before: unknown, after: unknown, prefix: ReadonlyArray<Segment> = []): Array<LeafChange> => {
  if (Array.isArray(before) && Array.isArray(after)) {
    const length = Math.max(before.length, after.length)
    return Array.from({ length }, (_, i) => diff(before[i], after[i], [...prefix, i])).flat()
  }
  if (isRecord(before) && isRecord(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])]
    return keys.flatMap((k) => diff(before[k], after[k], [...prefix, k]))
  }
  return JSON.stringify(before) === JSON.stringify(after) ? [] : [{ path: format(prefix), from: before, to: after }]
}
