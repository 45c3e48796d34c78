/**
 * Fresh expression strings for cold-cache timings of libraries whose caches cannot be reset
 * through their API: the i-th variant of "kg*m/s^2" has spaces at the start, at the end and
 * around `*` and `/` (every library timed this way ignores them there). Variants are numbered in
 * order of their total number of spaces, so the first ones add the least text to scan, and
 * variant 0 is the expression itself.
 */
const GAP_AFTER = new Set(["*", "/"])

/** Weak compositions of `total` spaces into `gaps` gaps. */
const compositions = function* (total: number, gaps: number): Generator<Array<number>> {
  if (gaps === 1) {
    yield [total]
    return
  }
  for (let first = 0; first <= total; first++) for (const rest of compositions(total - first, gaps - 1)) yield [first, ...rest]
}

const patterns = new Map<number, Array<ReadonlyArray<number>>>()

/** The index-th way to spread spaces over `gaps` gaps, fewest spaces first. */
const pattern = (gaps: number, index: number): ReadonlyArray<number> => {
  let list = patterns.get(gaps)
  if (!list) patterns.set(gaps, (list = []))
  for (let total = list.length === 0 ? 0 : list.at(-1)!.reduce((a, b) => a + b, 0) + 1; list.length <= index; total++) {
    for (const p of compositions(total, gaps)) list.push(p)
  }
  return list[index]!
}

export const variant = (expression: string, index: number): string => {
  // gaps: before the expression, around every * and /, after it
  const pieces: Array<string> = []
  let current = ""
  for (const c of expression) {
    if (GAP_AFTER.has(c)) {
      pieces.push(current, c)
      current = ""
    } else current += c
  }
  pieces.push(current)
  const spaces = pattern(pieces.length + 1, index)
  let out = " ".repeat(spaces[0]!)
  for (const [i, p] of pieces.entries()) out += p + " ".repeat(spaces[i + 1]!)
  return out
}
