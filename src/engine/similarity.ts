/**
 * String similarity for suggestions: 1 − edits / longer length, where an edit is an insertion,
 * deletion, substitution or transposition of adjacent characters (Damerau-Levenshtein, optimal
 * string alignment, from the damerau-levenshtein package). Transpositions count once because they
 * are the commonest typing slip: kilgoram → kilogram is one edit, not two.
 */
import damerauLevenshtein from "damerau-levenshtein"

export const editDistance = (a: string, b: string): number => (a === b ? 0 : damerauLevenshtein(a, b).steps)

export const similarity = (a: string, b: string): number => 1 - editDistance(a, b) / Math.max(a.length, b.length, 1)
