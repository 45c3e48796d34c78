/**
 * What counts as a slip of the hand, for a likely fix: a fix is a promise, and many names one edit
 * away from a unit here are units elsewhere (cusec is not cumec, mounce not ounce, slugf not slug),
 * so a fix is offered only for the slips typists make, and the suggestion search (Suggestions.ts)
 * gives hints for everything else.
 */
import { editDistance } from "../similarity.ts"

/** Doubled letters after the first: kilogramm → kilogram, mililiter ≈ milliliter; a leading "mm" stays. */
export const collapse = (s: string): string => s.replace(/(?<=.)(.)\1+/gu, "$1")

/** Words this short are often another unit's name (fot, mast, text, goad): only the gentlest slips are fixed. */
const SHORT_WORD = 4
/** Below this length a word has at most one slip (doubled letters aside); from it, at most LONG_WORD_EDITS. */
const LONG_WORD = 10
const LONG_WORD_EDITS = 2

const words = (s: string): ReadonlyArray<string> =>
  s
    .toLowerCase()
    .replace(/['\u2019]/gu, "")
    .split(/[\s_-]+/u)
    .filter((w) => w.length > 0)

/** SI prefix letters whose case is another prefix or none: M is mega, m milli; G giga, g the gram; P peta, p pico. */
const PREFIX_LETTERS = new Set(["Y", "Z", "E", "P", "T", "G", "M", "m", "n", "p", "f", "a", "z", "y"])

/**
 * A prefix letter written in the other case is another prefix, a factor of up to 10²⁴ (MG is not mg,
 * pfu not PFU), so it is never read as a slip; KG → kg and ghz → GHz are (K and g are no prefix).
 */
const prefixCaseChanged = (token: string, form: string): boolean =>
  token[0] !== form[0] && token[0]?.toLowerCase() === form[0]?.toLowerCase() && PREFIX_LETTERS.has(token[0]!) && !shouted(token)

/** A token in capitals throughout (PSI, GHZ) says nothing by its case; two letters (MG) still might. */
const shouted = (token: string): boolean => token.length >= 3 && token === token.toUpperCase() && token !== token.toLowerCase()

/** `shorter` is `longer` with one letter left out (mter, herz). */
const oneLetterMissing = (shorter: string, longer: string): boolean => {
  if (longer.length !== shorter.length + 1) return false
  let i = 0
  while (i < shorter.length && shorter[i] === longer[i]) i++
  return shorter.slice(i) === longer.slice(i + 1)
}

/** The one letter that differs between two words of the same length, as (written, meant). */
const oneLetterChanged = (a: string, b: string): readonly [string, string] | undefined => {
  if (a.length !== b.length) return undefined
  const at = [...a].flatMap((ch, i) => (ch === b[i] ? [] : [i]))
  return at.length === 1 ? [a[at[0]!]!, b[at[0]!]!] : undefined
}

/** QWERTY rows: a finger that slips lands on a neighbour in the same or the next row. */
const KEY_ROWS = ["qwertyuiop", "asdfghjkl", "zxcvbnm"]
const keyAt = new Map([...KEY_ROWS.entries()].flatMap(([row, keys]) => [...keys].map((k, col) => [k, { row, col }] as const)))

/**
 * A changed letter is a slip when the keys are neighbours (kilogrsm for kilogram) or the sounds
 * are (celcius): c/s/k, s/z, i/y, f/v, e/i, a/e.
 * Otherwise the word is more likely another name (cusec and cumec, pfund and pound).
 */
const SOUND_ALIKE = new Set(["cs", "ck", "ks", "sz", "iy", "fv", "ei", "ae"])
const nearSlip = (written: string, meant: string): boolean => {
  if (SOUND_ALIKE.has(written + meant) || SOUND_ALIKE.has(meant + written)) return true
  const a = keyAt.get(written)
  const b = keyAt.get(meant)
  return a !== undefined && b !== undefined && Math.abs(a.row - b.row) <= 1 && Math.abs(a.col + a.row * 0.5 - (b.col + b.row * 0.5)) <= 1
}

/** Two neighbouring letters swapped (yaer, kcla). */
const swapped = (a: string, b: string): boolean => {
  if (a.length !== b.length) return false
  const at = [...a].flatMap((ch, i) => (ch === b[i] ? [] : [i]))
  return at.length === 2 && at[1] === at[0]! + 1 && a[at[0]!] === b[at[1]!] && a[at[1]!] === b[at[0]!]
}

/**
 * Whether one word of a token reads as a slip of the hand for one word of a unit's spelling. The
 * first letter is kept (a changed, extra or missing first letter makes another word: air and pair,
 * nmile and mile, bicron and micron); a trailing f is the force mark (lbf, kgf, slugf) and is never
 * dropped; a word of four letters or fewer may only have a letter doubled or undoubled, two
 * neighbours swapped or one letter missing, since an extra or a changed letter turns it into another
 * short name (mast, text, goad, Volm are units too).
 */
const wordSlip = (t: string, f: string): boolean => {
  if (t === f) return true
  if (t[0] !== f[0] || t.length <= 2) return false
  if (t.endsWith("f") && !f.endsWith("f") && !f.endsWith("force")) return false
  // a name carried on past its end is another name (quarter is not quart, equivalentlux not equivalent)
  if (t.startsWith(f) && t.length >= f.length + 2) return false
  if (t.length <= SHORT_WORD) return collapse(t) === collapse(f) || swapped(t, f) || oneLetterMissing(t, f)
  const changed = oneLetterChanged(collapse(t), collapse(f))
  if (changed) return nearSlip(changed[0], changed[1])
  return editDistance(collapse(t), collapse(f), LONG_WORD_EDITS) <= (t.length < LONG_WORD ? 1 : LONG_WORD_EDITS)
}

/**
 * Whether `token` reads as a slip of the hand for `form`, rather than a name of its own. A likely fix
 * is a promise, and many names one edit from a unit here are units elsewhere (cusec is not cumec,
 * mounce not ounce, slugf not slug), so a fix is offered only for the slips typists make (Damerau
 * 1964, "A technique for computer detection and correction of spelling errors", CACM 7(3): one
 * letter wrong, missing, extra or swapped; Yannakoudakis and Fawthrop 1983, "The rules of spelling
 * errors", Information Processing & Management 19(2): the first letter is rarely wrong). A name of
 * several words keeps its words, each a slip of the word in the same place (electronmass_u is not
 * "electron mass", force_t not force_au); a missing word break is a slip (nautcalmile).
 */
export const isSlip = (token: string, form: string): boolean => {
  if (prefixCaseChanged(token, form)) return false
  const tw = words(token)
  const fw = words(form)
  if (tw.length === 0 || fw.length === 0) return token.toLowerCase() === form.toLowerCase()
  if (tw.length === fw.length) return tw.every((w, i) => wordSlip(w, fw[i]!))
  return tw.length === 1 && wordSlip(tw[0]!, fw.join(""))
}
