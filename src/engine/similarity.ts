/**
 * String similarity for suggestions: 1 − edits / longer length, where an edit is an insertion,
 * deletion, substitution or transposition of adjacent characters (Damerau-Levenshtein, optimal
 * string alignment). Transpositions count once because they
 * are the commonest typing slip: kilgoram → kilogram is one edit, not two.
 */

/**
 * Longer strings are never a typo of a name: the distance is then taken as the longer length, so
 * the cost stays linear in the input (the exact algorithm is quadratic in time and memory: a
 * 10,000-character field against every name took tens of seconds and gigabytes).
 */
const MAX_COMPARED_LENGTH = 64

/**
 * Optimal string alignment distance over three rolling rows. With `atMost`, it stops as soon as two
 * consecutive rows exceed it (no later cell can come back under: every step adds 0 or more to a cell
 * of one of the two rows before) and answers `atMost + 1`: the suggestion scan only needs to know
 * that a candidate is out of reach, and most of the catalog is.
 */
// three rows reused by every call (osa runs synchronously, only on strings up to MAX_COMPARED_LENGTH):
// a refusal compares the unknown token with about a thousand of the catalog's forms
const rows = [new Int32Array(MAX_COMPARED_LENGTH + 1), new Int32Array(MAX_COMPARED_LENGTH + 1), new Int32Array(MAX_COMPARED_LENGTH + 1)] as const

const osa = (a: string, b: string, atMost: number): number => {
  const n = b.length
  let [before, previous, row] = rows
  for (let j = 0; j <= n; j++) previous[j] = j
  let previousMin = 0
  for (let i = 1; i <= a.length; i++) {
    row[0] = i
    let rowMin = i
    const ai = a.charCodeAt(i - 1)
    for (let j = 1; j <= n; j++) {
      const bj = b.charCodeAt(j - 1)
      const cost = ai === bj ? 0 : 1
      let d = previous[j]! + 1
      const insertion = row[j - 1]! + 1
      if (insertion < d) d = insertion
      const substitution = previous[j - 1]! + cost
      if (substitution < d) d = substitution
      if (i > 1 && j > 1 && ai === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === bj) {
        const transposition = before[j - 2]! + cost
        if (transposition < d) d = transposition
      }
      row[j] = d
      if (d < rowMin) rowMin = d
    }
    if (rowMin > atMost && previousMin > atMost) return atMost + 1
    previousMin = rowMin
    ;[before, previous, row] = [previous, row, before]
  }
  return previous[n]!
}

export const editDistance = (a: string, b: string, atMost = Infinity): number => {
  if (a === b) return 0
  const longer = Math.max(a.length, b.length)
  // the distance is at least the difference in length; beyond half the longer one it is not a typo
  if (longer > MAX_COMPARED_LENGTH || Math.abs(a.length - b.length) * 2 > longer) return longer
  return osa(a, b, atMost)
}

/**
 * 1 − edits / longer length. With `atLeast`, any value under it may be reported as a lower one
 * (the distance is cut off early): for callers that drop candidates under a threshold.
 */
export const similarity = (a: string, b: string, atLeast = -Infinity): number => {
  const longer = Math.max(a.length, b.length, 1)
  return 1 - editDistance(a, b, atLeast === -Infinity ? Infinity : Math.floor((1 - atLeast) * longer)) / longer
}

/** Similarity ignoring case: names an agent types (formula, kind, dimension and field names). */
export const nameSimilarity = (a: string, b: string): number => similarity(a.toLowerCase(), b.toLowerCase())

/**
 * Names within reach of a typo, best first: similar spelling (at least `minScore`), or one
 * containing the other (`reynolds` → `reynolds_number`). Ties break alphabetically, so the answer
 * is the same on every run.
 */
export const closestNames = (name: string, candidates: ReadonlyArray<string>, limit = 3, minScore = 0.6): Array<string> => {
  const lower = name.toLowerCase()
  return candidates
    .map((c) => {
      const contained = lower.length >= 3 && (c.toLowerCase().includes(lower) || lower.includes(c.toLowerCase())) ? 0.8 : 0
      return { c, score: Math.max(nameSimilarity(name, c), contained) }
    })
    .filter((x) => x.score >= minScore)
    .sort((a, b) => b.score - a.score || a.c.localeCompare(b.c))
    .filter((x, i, all) => all.findIndex((y) => y.c === x.c) === i)
    .slice(0, limit)
    .map((x) => x.c)
}

/** The one close name, when it beats the runner-up by a clear margin; otherwise undefined. */
export const likelyName = (name: string, candidates: ReadonlyArray<string>, lead = 0.1): string | undefined => {
  const [first, second] = closestNames(name, candidates, 2)
  if (first === undefined) return undefined
  if (second === undefined) return first
  return nameSimilarity(name, first) - nameSimilarity(name, second) >= lead ? first : undefined
}
