/**
 * String similarity for suggestions: 1 − edits / longer length, where an edit is an insertion,
 * deletion, substitution or transposition of adjacent characters (Damerau-Levenshtein, optimal
 * string alignment, from the damerau-levenshtein package). Transpositions count once because they
 * are the commonest typing slip: kilgoram → kilogram is one edit, not two.
 */
import damerauLevenshtein from "damerau-levenshtein"

/**
 * Longer strings are never a typo of a name: the distance is then taken as the longer length, so
 * the cost stays linear in the input (the exact algorithm is quadratic in time and memory: a
 * 10,000-character field against every name took tens of seconds and gigabytes).
 */
const MAX_COMPARED_LENGTH = 64

export const editDistance = (a: string, b: string): number => {
  if (a === b) return 0
  const longer = Math.max(a.length, b.length)
  // the distance is at least the difference in length; beyond half the longer one it is not a typo
  if (longer > MAX_COMPARED_LENGTH || Math.abs(a.length - b.length) * 2 > longer) return longer
  return damerauLevenshtein(a, b).steps
}

export const similarity = (a: string, b: string): number => 1 - editDistance(a, b) / Math.max(a.length, b.length, 1)

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
