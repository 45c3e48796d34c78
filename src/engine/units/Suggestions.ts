/**
 * What to suggest for a token that names no unit: a `likelyFix` only for one clear winner, hints
 * for a near tie, and nothing for garbage. Tokens are matched one at a time, so in `mcg/kgg` only
 * `kgg` is judged (→ kilogram). Similarity is Damerau-Levenshtein (see similarity.ts), also taken
 * with doubled letters collapsed (kilogramm, mililiter) and with case folded (KG → kg), the most
 * common slips. Thresholds are calibrated on test/data/unit-typos.json (see Suggestions.test.ts).
 */
import { type Catalog, type Resolved, describeUnit, spelledForms } from "./Catalog.ts"
import * as Dimension from "../Dimension.ts"
import * as Prefix from "../Prefix.ts"
import { prefixReading } from "./prefixReadings.ts"
import { editDistance, similarity } from "../similarity.ts"
import { type ForeignUnit, SHORT_TOKEN, foreign, means, sameMeaningOf } from "./elsewhere.ts"
import { collapse, isSlip } from "./slips.ts"

/** Minimum similarity for a likely fix, and the lead it needs over the runner-up. */
export const LIKELY_FIX_SCORE = 0.75
export const LIKELY_FIX_LEAD = 0.1
/** Minimum similarity to be mentioned at all. */
export const HINT_SCORE = 0.6
/** The lead a fix needs over every candidate of another dimension: a slip must not change the quantity. */
const OTHER_QUANTITY_LEAD = 0.2
const COLLAPSE_PENALTY = 0.03
const CASE_PENALTY = 0.05
const TRUNCATION_BONUS = 0.1
const EPSILON = 1e-9

interface CorpusEntry {
  readonly form: string
  /** Spelled names match case-insensitively; symbols are case-sensitive. */
  readonly isName: boolean
  readonly target: Resolved
  readonly key: string
  /** The variants `score` compares, computed once per catalog rather than once per unknown token. */
  readonly lower: string
  readonly collapsed: string
  readonly collapsedLower: string
  readonly lowerLetters: Letters
  readonly collapsedLetters: Letters
}

/**
 * A string's letters with their counts, folded into 64 bins by character code (every ASCII letter and
 * digit has a bin of its own in practice): every edit changes the counts by at most 2 (a substitution).
 * Folding letters together only merges counts, which never raises the difference below, so the bound
 * stays a lower bound; an array of small integers, not a Map, because it is compared with every form
 * of the catalog for each unknown token (a Map made this the hottest loop of a refusal).
 */
type Letters = Int32Array

const BINS = 64

const lettersOf = (s: string): Letters => {
  const counts = new Int32Array(BINS)
  for (let i = 0; i < s.length; i++) counts[s.charCodeAt(i) & (BINS - 1)]!++
  return counts
}

/**
 * Whether the edit distance of two strings can be at most `edits`, by a lower bound from their letter
 * counts: an insertion or a deletion changes one count by 1, a substitution two counts, a
 * transposition none, so at least half the summed count differences. Cheap enough to rule out most
 * of the corpus before the quadratic edit distance runs; it stops as soon as the sum is too large.
 */
const editsWithin = (a: Letters, b: Letters, edits: number): boolean => {
  const most = 2 * edits
  let differ = 0
  for (let i = 0; i < BINS; i++) {
    differ += Math.abs(a[i]! - b[i]!)
    if (differ > most) return false
  }
  return true
}

/** Whether a variant pair can still reach `floor` (the hint score less any truncation bonus) by its lower bound. */
const reachable = (a: Letters, aLength: number, b: Letters, bLength: number, floor: number): boolean =>
  editsWithin(a, b, Math.floor((1 - floor) * Math.max(aLength, bLength, 1)))

/**
 * The prefixed forms worth suggesting: what agents actually write (kg, mL, µmol, kWh, MBq, GiB).
 * A rare form such as kilogauss (kG) or kilomolar (kM) must not compete with kg or km for a typo.
 */
const COMMONLY_PREFIXED: Readonly<Record<string, ReadonlyArray<string>>> = {
  m: ["k", "c", "m", "µ", "n"],
  g: ["k", "m", "µ", "n"],
  L: ["m", "µ", "d", "c"],
  s: ["m", "µ", "n"],
  W: ["k", "M", "G", "m"],
  J: ["k", "M", "G"],
  Pa: ["k", "M", "G", "h"],
  Hz: ["k", "M", "G"],
  V: ["k", "m", "M"],
  A: ["m", "µ", "k"],
  B: ["k", "M", "G", "T", "Ki", "Mi", "Gi", "Ti"],
  b: ["k", "M", "G", "T"],
  mol: ["m", "µ", "n", "k"],
  N: ["k", "M", "m"],
  eV: ["k", "M", "G", "T"],
  Wh: ["k", "M", "G"],
  Ω: ["k", "M", "m"],
  F: ["µ", "n", "p", "m"],
  H: ["m", "µ"],
  T: ["m"],
  cal: ["k"],
  M: ["m", "µ", "n"],
  Gy: ["m", "c"],
  Sv: ["m", "µ"],
  Bq: ["k", "M", "G"],
  Ci: ["m", "µ"],
  bar: ["m"],
  C: ["m", "µ", "n"],
  t: ["k", "M", "G"],
  Ah: ["m"],
  VA: ["k", "M"]
}

const corpusCache = new WeakMap<Catalog, ReadonlyArray<CorpusEntry>>()

const corpusOf = (catalog: Catalog): ReadonlyArray<CorpusEntry> => {
  const cached = corpusCache.get(catalog)
  if (cached) return cached
  const entries: Array<CorpusEntry> = []
  const add = (written: string, isName: boolean, target: Resolved) => {
    const form = isName ? written.toLowerCase() : written
    const lower = form.toLowerCase()
    const collapsed = collapse(form)
    const collapsedLower = collapse(lower)
    entries.push({
      form,
      isName,
      target,
      key: `${target.prefix?.symbol ?? ""}|${target.unit.symbol}|${target.unit.name}`,
      lower,
      collapsed,
      collapsedLower,
      lowerLetters: lettersOf(lower),
      collapsedLetters: lettersOf(collapsed.toLowerCase())
    })
  }
  for (const unit of catalog.allRecords()) {
    const plain: Resolved = { unit, prefix: undefined }
    for (const s of [unit.symbol, ...unit.aliases]) add(s, false, plain)
    for (const n of spelledForms(unit, unit.plurals)) add(n, true, plain)
  }
  for (const [symbol, prefixSymbols] of Object.entries(COMMONLY_PREFIXED)) {
    const unit = catalog.symbolRecord(symbol)
    if (!unit) continue
    for (const p of Prefix.prefixes.filter((p) => prefixSymbols.includes(p.symbol) && Prefix.allows(unit.prefixes, p))) {
      const target: Resolved = { unit, prefix: p }
      add(p.symbol + symbol, false, target)
      for (const n of spelledForms(unit, unit.plurals)) add(p.name + n, true, target)
    }
  }
  corpusCache.set(catalog, entries)
  return entries
}

/** The variants of a token that `score` compares, computed once per token. */
interface Probe {
  readonly token: string
  readonly folded: string
  readonly collapsed: string
  readonly collapsedFolded: string
  readonly foldedLetters: Letters
  /** Letters of lower(collapse(token)), against a symbol's; of collapse(lower(token)), against a name's. */
  readonly collapsedLetters: Letters
  readonly collapsedFoldedLetters: Letters
}

const probeOf = (token: string): Probe => {
  const folded = token.toLowerCase()
  const collapsed = collapse(token)
  const collapsedFolded = collapse(folded)
  return {
    token,
    folded,
    collapsed,
    collapsedFolded,
    foldedLetters: lettersOf(folded),
    collapsedLetters: lettersOf(collapsed.toLowerCase()),
    collapsedFoldedLetters: lettersOf(collapsedFolded)
  }
}

/** A truncated word (megabyt, minut) is a common slip: the form it starts is preferred. */
const truncated = (p: Probe, entry: CorpusEntry): boolean => p.token.length >= 4 && entry.lower.startsWith(p.folded)

/** How close the token is to `entry`, 0..1, with small discounts for case and doubling slips. */
const score = (p: Probe, entry: CorpusEntry): number => {
  const truncation = truncated(p, entry) ? TRUNCATION_BONUS : 0
  // a similarity that cannot reach the hint score with the bonus may be cut off early (see similarity.ts)
  const floor = HINT_SCORE - truncation
  if (entry.isName)
    return Math.min(
      0.99,
      truncation +
        Math.max(similarity(p.folded, entry.form, floor), similarity(p.collapsedFolded, entry.collapsed, floor + COLLAPSE_PENALTY) - COLLAPSE_PENALTY)
    )
  return Math.min(
    0.99,
    truncation +
      Math.max(
        similarity(p.token, entry.form, floor),
        similarity(p.collapsed, entry.collapsed, floor + COLLAPSE_PENALTY) - COLLAPSE_PENALTY,
        similarity(p.folded, entry.lower, floor + CASE_PENALTY) - CASE_PENALTY
      )
  )
}

export interface Ranked {
  readonly target: Resolved
  readonly score: number
  /** The spelling of the unit the token came closest to. */
  readonly form: string
}

/** The closest distinct units to `token`, best first, at most `limit`. */
export const closestUnits = (catalog: Catalog, token: string, limit = 5): ReadonlyArray<Ranked> => {
  const best = new Map<string, Ranked>()
  const probe = probeOf(token)
  for (const entry of corpusOf(catalog)) {
    // cheap filters first: a form this much longer or shorter, or with letters this different, cannot reach the hint score
    if (Math.abs(entry.form.length - token.length) > Math.max(token.length, entry.form.length) * (1 - HINT_SCORE) + 1) continue
    const collapsed = entry.isName ? probe.collapsedFoldedLetters : probe.collapsedLetters
    const floor = HINT_SCORE - (truncated(probe, entry) ? TRUNCATION_BONUS : 0)
    if (
      !reachable(probe.foldedLetters, token.length, entry.lowerLetters, entry.form.length, floor) &&
      !reachable(collapsed, probe.collapsed.length, entry.collapsedLetters, entry.collapsed.length, floor)
    )
      continue
    const s = score(probe, entry)
    if (s < HINT_SCORE) continue
    const previous = best.get(entry.key)
    if (!previous || s > previous.score) best.set(entry.key, { target: entry.target, score: s, form: entry.form })
  }
  return [...best.values()].sort((a, b) => b.score - a.score || describeUnit(a.target).localeCompare(describeUnit(b.target))).slice(0, limit)
}

export interface Suggestion {
  readonly likelyFix: Resolved | undefined
  readonly alternatives: ReadonlyArray<Resolved>
  /**
   * The near units the token is a slip of the hand for, best first: with no context too many to fix
   * (metere: meter or stere?), but the rest of a call may leave one (to ft: the meter).
   */
  readonly slips?: ReadonlyArray<Resolved>
  /** The near units a slip could have come from (slips, and any one edit away), best first: a fix chosen by the call must be the only one of them that fits. */
  readonly near?: ReadonlyArray<Resolved>
  /** What the token means in another tool, when it is a unit there and not here. */
  readonly elsewhere?: ForeignUnit
}

/**
 * A token that is a unit in pint is never "corrected" into another quantity: the fix
 * is the catalog unit with that very meaning (nmile → nautical mile), or there is none and the
 * hints say what the name means there (cusec, appound, c for the speed of light).
 */
export const suggest = (catalog: Catalog, token: string): Suggestion => {
  const spelling = keepQuantity(catalog, token, suggestSpelling(catalog, token))
  const elsewhere = foreign(token)
  if (elsewhere === undefined) return spelling
  // one or two letters (D, c, k) mean too many things to be read even into the same meaning
  const same = token.length <= SHORT_TOKEN ? undefined : sameMeaningOf(catalog, elsewhere)
  if (same) return { likelyFix: same, alternatives: [], elsewhere }
  // a spelling fix survives only if it means the same within 0.1 %; otherwise it is demoted to a hint
  const kept = spelling.likelyFix && means(spelling.likelyFix, elsewhere, 1e-3) ? spelling.likelyFix : undefined
  const demoted = spelling.likelyFix && !kept ? [spelling.likelyFix] : []
  // a name that is a unit elsewhere is never read into another quantity, by context either
  return {
    likelyFix: kept,
    alternatives: [...demoted, ...spelling.alternatives].slice(0, 3),
    elsewhere,
    slips: (spelling.slips ?? []).filter((s) => means(s, elsewhere, 1e-3)),
    near: spelling.near ?? []
  }
}

/**
 * A prefixed form of a known unit (Mbpd, centineper, mcmol) has no spelling fix: the unprefixed unit
 * is off by the prefix's factor, and a neighbour is another quantity (prefixReadings.ts). The hints
 * say what it reads as.
 */
const keepQuantity = (catalog: Catalog, token: string, spelling: Suggestion): Suggestion =>
  prefixReading(catalog, token) ? { likelyFix: undefined, alternatives: spelling.alternatives } : spelling

/**
 * The token is the candidate with another unit written after it (mmolL: mmol and L), so dropping
 * that unit would drop a "per litre" the writer meant: no slip. A doubled last letter (kgg) and a
 * plural's s (feets) are slips.
 */
const unitAppended = (catalog: Catalog, token: string, form: string): boolean => {
  if (!token.startsWith(form) || token.length === form.length) return false
  const rest = token.slice(form.length)
  // a doubled last letter (kgg) or a plural's s (feets) is the slip, not a second
  if ((rest.length === 1 && form.endsWith(rest)) || rest === "s" || rest === "es") return false
  return catalog.resolve(rest) !== undefined
}

/** Every spelling of a unit, prefixed as it is: symbol, aliases, names and plurals. */
export const formsOf = ({ unit, prefix }: Resolved): ReadonlyArray<string> => [
  ...[unit.symbol, ...unit.aliases].map((s) => (prefix?.symbol ?? "") + s),
  ...spelledForms(unit, unit.plurals).map((n) => (prefix?.name ?? "") + n)
]

/**
 * How far a token is from a unit, by the unit's nearest spelling: edits, case aside, less half an edit
 * where the token is a truncation of it (megabyt). What ranks the near units a call leaves (fixFitting).
 */
export const editsTo = (token: string, unit: Resolved): number => {
  const lower = token.toLowerCase()
  return Math.min(...formsOf(unit).map((f) => editDistance(lower, f.toLowerCase()) - (lower.length >= 4 && f.toLowerCase().startsWith(lower) ? 0.5 : 0)))
}

/** Whether a unit is one letter left out of or added to the token, case aside (kmm: mm). */
export const indelOf = (token: string, unit: Resolved): boolean => {
  const lower = token.toLowerCase()
  return formsOf(unit).some((f) => Math.abs(f.length - lower.length) === 1 && editDistance(lower, f.toLowerCase()) === 1)
}

/**
 * Another near unit as few edits away, reached by a letter left out or added (kmm: km with a doubled
 * m, or mm with a stray k): the token names neither clearly.
 */
const tiedWithAnother = (token: string, top: Resolved, ranked: ReadonlyArray<Ranked>): boolean => {
  const edits = editsTo(token, top)
  return ranked.some((r) => r.target.unit !== top.unit && indelOf(token, r.target) && editsTo(token, r.target) <= edits)
}

/** A likely fix when one candidate clearly wins; otherwise the candidates as alternatives. */
const suggestSpelling = (catalog: Catalog, token: string): Suggestion => {
  const ranked = closestUnits(catalog, token)
  const [top, second] = ranked
  if (!top) return { likelyFix: undefined, alternatives: [] }
  // a short token is fixed only when it differs from exactly one common form by case or doubling alone (KG → kg; not mt)
  const collapsedToken = collapse(token.toLowerCase())
  const sameLetters = corpusOf(catalog).filter((e) => e.collapsedLower === collapsedToken)
  const onlyCaseOrDoubling = sameLetters.length > 0 && new Set(sameLetters.map((e) => e.key)).size === 1
  // a near candidate of another quantity (degreeC: degree the angle, or degree Celsius?) leaves no clear fix
  const otherQuantityNear = ranked.some(
    (r) => r !== top && top.score - r.score < OTHER_QUANTITY_LEAD - EPSILON && !Dimension.equals(r.target.unit.dimension, top.target.unit.dimension)
  )
  // one letter's case is its meaning (w is no W, s no S): a single letter is never fixed by changing it
  const singleLetterCase = token.length === 1 && top.form.length === 1
  const clear =
    !singleLetterCase &&
    top.score >= LIKELY_FIX_SCORE - EPSILON &&
    (second === undefined || top.score - second.score >= LIKELY_FIX_LEAD - EPSILON) &&
    !otherQuantityNear &&
    (token.length > SHORT_TOKEN || onlyCaseOrDoubling) &&
    isSlip(token, top.form) &&
    !unitAppended(catalog, token, top.form) &&
    !tiedWithAnother(token, top.target, ranked)
  // for the rest of a call to choose among: near units (any spelling of theirs) the token is a slip of the hand for
  const slipsAllowed = (token.length > SHORT_TOKEN || onlyCaseOrDoubling) && token.length > 1
  const slips = (slipsAllowed ? ranked : [])
    .filter((r) => formsOf(r.target).some((form) => isSlip(token, form) && !unitAppended(catalog, token, form)))
    .map((r) => r.target)
  // the near units a slip could have come from, a fix or not (nmm: nm doubled, or mm with a stray n)
  const near = ranked
    .filter((r) => slips.includes(r.target) || formsOf(r.target).some((form) => editDistance(token.toLowerCase(), form.toLowerCase()) <= 1))
    .map((r) => r.target)
  return clear
    ? { likelyFix: top.target, alternatives: ranked.slice(1, 3).map((r) => r.target), slips, near }
    : { likelyFix: undefined, alternatives: ranked.slice(0, 3).map((r) => r.target), slips, near }
}
