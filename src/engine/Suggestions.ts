/**
 * What to suggest for a token that names no unit: a `likelyFix` only for one clear winner, hints
 * for a near tie, and nothing for garbage. Tokens are matched one at a time, so in `mcg/kgg` only
 * `kgg` is judged (→ kilogram). Similarity is Levenshtein distance (fastest-levenshtein) normalised
 * by length, also taken with doubled letters collapsed (kilogramm, mililiter) and case folded
 * (KG → kg), the most common slips. Thresholds are calibrated on test/data/unit-typos.json.
 */
import { distance } from "fastest-levenshtein"
import { type Catalog, type Resolved, describeUnit, spelledForms } from "./Catalog.ts"
import * as Prefix from "./Prefix.ts"

/** Minimum similarity for a likely fix, and the lead it needs over the runner-up. */
export const LIKELY_FIX_SCORE = 0.75
export const LIKELY_FIX_LEAD = 0.1
/** Minimum similarity to be mentioned at all. */
export const HINT_SCORE = 0.6
/** Tokens this short are too ambiguous for a likely fix unless only case or doubling differs. */
const SHORT_TOKEN = 2

interface CorpusEntry {
  readonly form: string
  readonly folded: string
  readonly collapsed: string
  readonly target: Resolved
  readonly key: string
}

/** Prefixes an agent commonly writes, paired with the units they are commonly written on. */
const COMMON_PREFIXES = ["k", "M", "G", "T", "c", "m", "µ", "n"]

const collapse = (s: string): string => s.replace(/(.)\1+/gu, "$1")

const corpusCache = new WeakMap<Catalog, ReadonlyArray<CorpusEntry>>()

const corpusOf = (catalog: Catalog): ReadonlyArray<CorpusEntry> => {
  const cached = corpusCache.get(catalog)
  if (cached) return cached
  const entries: Array<CorpusEntry> = []
  const add = (form: string, target: Resolved) => {
    const folded = form.toLowerCase()
    entries.push({ form, folded, collapsed: collapse(folded), target, key: `${target.prefix?.symbol ?? ""}|${target.unit.symbol}` })
  }
  for (const unit of catalog.allRecords()) {
    const plain: Resolved = { unit, prefix: undefined }
    for (const s of [unit.symbol, ...unit.aliases]) add(s, plain)
    for (const n of spelledForms(unit, [])) add(n, plain)
    if (unit.prefixes === "none" || unit.custom) continue
    for (const p of Prefix.prefixes) {
      if (!Prefix.allows(unit.prefixes, p) || !COMMON_PREFIXES.includes(p.symbol)) continue
      const target: Resolved = { unit, prefix: p }
      add(p.symbol + unit.symbol, target)
      for (const n of [unit.name, ...unit.names]) add(p.name + n.toLowerCase(), target)
    }
  }
  corpusCache.set(catalog, entries)
  return entries
}

const similarity = (a: string, b: string): number => 1 - distance(a, b) / Math.max(a.length, b.length, 1)

/** How close `token` is to `entry`, 0..1, with small discounts for case and doubling slips. */
const score = (token: string, entry: CorpusEntry): number => {
  const folded = token.toLowerCase()
  const raw = token === entry.form ? 1 : similarity(token, entry.form)
  const caseFolded = similarity(folded, entry.folded) - (folded === entry.folded ? 0.02 : 0.04)
  const collapsed = similarity(collapse(folded), entry.collapsed) - 0.05
  return Math.max(raw, caseFolded, collapsed)
}

export interface Ranked {
  readonly target: Resolved
  readonly score: number
}

/** The closest distinct units to `token`, best first, at most `limit`. */
export const closestUnits = (catalog: Catalog, token: string, limit = 5): ReadonlyArray<Ranked> => {
  const best = new Map<string, Ranked>()
  for (const entry of corpusOf(catalog)) {
    // cheap length filter: a string more than half as long again cannot reach the hint score
    if (Math.abs(entry.form.length - token.length) > Math.max(token.length, entry.form.length) * (1 - HINT_SCORE) + 1) continue
    const s = score(token, entry)
    if (s < HINT_SCORE) continue
    const previous = best.get(entry.key)
    if (!previous || s > previous.score) best.set(entry.key, { target: entry.target, score: s })
  }
  return [...best.values()]
    .sort((a, b) => b.score - a.score || describeUnit(a.target).localeCompare(describeUnit(b.target)))
    .slice(0, limit)
}

export interface Suggestion {
  readonly likelyFix: Resolved | undefined
  readonly alternatives: ReadonlyArray<Resolved>
}

/** A likely fix when one candidate clearly wins; otherwise the candidates as alternatives. */
export const suggest = (catalog: Catalog, token: string): Suggestion => {
  const ranked = closestUnits(catalog, token)
  const [top, second] = ranked
  if (!top) return { likelyFix: undefined, alternatives: [] }
  const onlyCaseOrDoubling = collapse(token.toLowerCase()) === collapse(describeForms(top.target).find((f) => collapse(f.toLowerCase()) === collapse(token.toLowerCase())) ?? "\u0000")
  const clear =
    top.score >= LIKELY_FIX_SCORE &&
    (second === undefined || top.score - second.score >= LIKELY_FIX_LEAD) &&
    (token.length > SHORT_TOKEN || onlyCaseOrDoubling)
  return clear
    ? { likelyFix: top.target, alternatives: ranked.slice(1, 3).map((r) => r.target) }
    : { likelyFix: undefined, alternatives: ranked.slice(0, 3).map((r) => r.target) }
}

const describeForms = (target: Resolved): Array<string> => {
  const p = target.prefix
  const forms = [target.unit.symbol, ...target.unit.aliases, target.unit.name, ...target.unit.names]
  return p ? forms.map((f) => (f === target.unit.name || target.unit.names.includes(f) ? p.name + f : p.symbol + f)) : forms
}
