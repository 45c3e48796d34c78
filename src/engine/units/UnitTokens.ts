/**
 * The lexer of the conventional notation: characters to tokens (names, numbers, operators, powers,
 * superscripts), with multi-word names the catalog knows kept whole and qualifiers in braces or
 * parentheses attached to their name. UnitSyntax.ts parses the tokens.
 */

export interface SyntaxFailure {
  readonly position: number
  readonly expected: string
  readonly message: string
}

/** Multi-word names the catalog knows ("fl oz", "nautical mile"), lowercased; the lexer keeps them whole. */
export interface SyntaxOptions {
  readonly multiWordNames?: ReadonlyMap<string, ReadonlyArray<string>>
  /** Whether a hyphenated word is a unit's name ("pound-force"); otherwise its hyphens multiply ("kilowatt-hour"). */
  readonly knows?: (name: string) => boolean
}
import { canonicalQualifier, isReferenceTemperature, readsAsUnits } from "../catalog/qualifiers.ts"
import * as Prefix from "../Prefix.ts"

export type Token =
  | { readonly kind: "number"; readonly value: number; readonly start: number; readonly end: number; readonly spaceBefore: boolean }
  | { readonly kind: "name"; readonly text: string; readonly start: number; readonly end: number; readonly spaceBefore: boolean }
  | {
      readonly kind: "mul" | "div" | "pow" | "lparen" | "rparen" | "sign"
      readonly text: string
      readonly start: number
      readonly end: number
      readonly spaceBefore: boolean
    }
  | { readonly kind: "sup"; readonly value: number; readonly start: number; readonly end: number; readonly spaceBefore: boolean }
  | { readonly kind: "end"; readonly start: number; readonly end: number; readonly spaceBefore: boolean }

const SUPERSCRIPT_DIGITS = "⁰¹²³⁴⁵⁶⁷⁸⁹"
const MUL_CHARS = new Set(["*", "·", "⋅", "×", "•", "∙"])
const DIV_CHARS = new Set(["/", "∕", "÷"])
const SPACE = /[\s\u00a0\u2009\u202f]/
// ℧ (U+2127) is the mho's sign; ∆ (U+2206 INCREMENT) is typed for Δ (U+0394) in ∆°C
// °‰‱′″☉⊙℃℉µ℧∆, escaped: a literal non-ASCII character makes V8 hold the whole bundle chunk as a two-byte string (scripts/build.ts)
const NAME_START = /[\p{L}_\u00b0%\u2030\u2031\u2032\u2033'"\u2609\u2299\u2103\u2109\u00b5\u2127\u2206]/u
// °‰‱′″☉⊙℃℉µ℧∆, escaped: a literal non-ASCII character makes V8 hold the whole bundle chunk as a two-byte string (scripts/build.ts)
const NAME_PART = /[\p{L}\d_\u00b0%\u2030\u2031\u2032\u2033'"\u2609\u2299\u2103\u2109\u00b5\u2127\u2206]/u
const NUMBER = /^(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/

// ASCII letters, digits and `_` answer the name test without running the Unicode regex
const isAsciiNamePart = (c: string): boolean => {
  const code = c.charCodeAt(0)
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57) || code === 95
}
const isNamePart = (c: string): boolean => isAsciiNamePart(c) || NAME_PART.test(c)

/** Where and why an expression is not well formed: returned as a value, never thrown. */
export class Failure {
  readonly failure: SyntaxFailure
  constructor(failure: SyntaxFailure) {
    this.failure = failure
  }
}

export const fail = (position: number, expected: string, message: string): Failure => new Failure({ position, expected, message })

/** After a name with "per" in it: another word, juxtaposed (not an operator, "per", a power word or a qualifier). */
const PER_CONTINUES = /^[\s\u00a0]+(?!(?:per|squared|cubed)\b)\p{L}/iu

/** After a name with "per" in it: "squared" or "cubed", which belongs to the name's last word. */
const PER_POWER = /^[\s\u00a0]+(squared|cubed)\b/iu

/**
 * Percent by weight or volume as labels write it (% w/v, %(w/v), % m/v, w/v %): one name, since its
 * w/v is two words, not a watt per volt (USP General Notices 8.140). Mass (w, m) and volume (v).
 */
const PERCENT_FIRST = /^%[\s\u00a0]*(\()?[\s\u00a0]*([wmv])[\s\u00a0]*\/[\s\u00a0]*([wmv])[\s\u00a0]*(\))?/iu
const PERCENT_LAST = /^([wmv])[\s\u00a0]*\/[\s\u00a0]*([wmv])[\s\u00a0]*%/iu

const concentrationPercent = (input: string, i: number): { readonly text: string; readonly end: number } | undefined => {
  const rest = input.slice(i, i + 16)
  const first = PERCENT_FIRST.exec(rest)
  const m = first && (first[1] === undefined) === (first[4] === undefined) ? { a: first[2]!, b: first[3]!, length: first[0].length } : undefined
  const last = m ? undefined : PERCENT_LAST.exec(rest)
  const found = m ?? (last ? { a: last[1]!, b: last[2]!, length: last[0].length } : undefined)
  if (!found || isNamePart(input[i + found.length] ?? " ")) return undefined
  const side = (x: string) => (x.toLowerCase() === "v" ? "v" : "w")
  const text = `% ${side(found.a)}/${side(found.b)}`
  return text === "% v/w" ? undefined : { text, end: i + found.length }
}

/**
 * A power of ten written as a factor, never 10 times its exponent: UCUM's `10*3`, `10*-7` (a white-cell
 * count in 10*3/uL is per thousand), and laboratory systems' `10E3/uL`, `10E9/L` (Cerner and Epic result
 * units, HL7 v2 OBX-6 as sent), glued to the division it scales: 10³ per µL, never the number 10 × 10³.
 * The E form only before a slash: `10E3 mL` stays the number 10000 (a value written in E notation).
 */
const POWERS_OF_TEN: ReadonlyArray<{ readonly written: RegExp; readonly note: (written: string, exponent: string) => string }> = [
  { written: /^10\*([+-]?\d+)/, note: (w, n) => `Read '${w}' as 10^${n} (a power of ten, as UCUM writes it), not as 10 × ${n}` },
  {
    written: /^10[eE]([+-]?\d+)(?=\/)/,
    note: (w, n) => `Read '${w}' as 10^${n}, as laboratory systems write a power of ten before a unit (10E3/uL is 10^3 per µL), not as the number 10 × 10^${n}`
  }
]

const powerOfTen = (text: string): { readonly written: string; readonly exponent: string; readonly note: string } | undefined => {
  for (const p of POWERS_OF_TEN) {
    const m = p.written.exec(text)
    if (m) return { written: m[0], exponent: m[1]!, note: p.note(m[0], m[1]!) }
  }
  return undefined
}

/** `x10E3/uL`, `×10^9/L`, `X10*3/uL`: a result's unit as lab reports print it, "times ten to the …". */
const TIMES_POWER_OF_TEN = /^[xX\u00d7]\s?(?=10(?:[eE][+-]?\d+\/|[*^][+-]?\d))/

// one pass over the characters, a branch per character class: longer than 80 lines, kept whole so the
// positions every error reports come from one place
export const tokenize = (input: string, options: SyntaxOptions, notes: Array<string>): Array<Token> | Failure => {
  const tokens: Array<Token> = []
  let i = 0
  let spaceBefore = false
  // √: the square root of the name or parenthesized group right after it (QUDT writes fracture toughness
  // MPa√m); each pending root is the parenthesis depth at which its operand ends
  const roots: Array<number> = []
  let depth = 0
  const push = (token: Token) => {
    tokens.push(token)
    spaceBefore = false
    if (token.kind === "lparen") depth++
    if (token.kind === "rparen") depth--
    if (roots.at(-1) === depth && (token.kind === "name" || token.kind === "rparen")) {
      roots.pop()
      tokens.push({ kind: "sup", value: 0.5, start: token.end, end: token.end, spaceBefore: false })
    }
  }
  while (i < input.length) {
    const c = input[i]!
    if (c === " " || SPACE.test(c)) {
      spaceBefore = true
      i++
      continue
    }
    const start = i
    const times = tokens.length === 0 ? TIMES_POWER_OF_TEN.exec(input.slice(i, i + 24)) : null
    const power = c === "1" && !/[\d.]/.test(input[i - 1] ?? "") ? powerOfTen(input.slice(i, i + 16)) : undefined
    if (times) {
      // the leading "times" of a printed result unit says only that the value is scaled: nothing to multiply by
      notes.push(`Read the leading '${times[0].trim()}' of '${input.trim()}' as "times", as lab reports print a power of ten before the unit`)
      i += times[0].length
      continue
    }
    if (c === "*" && input[i + 1] === "*") {
      push({ kind: "pow", text: "**", start, end: i + 2, spaceBefore })
      i += 2
    } else if (c === "√") {
      let k = i + 1
      while (k < input.length && SPACE.test(input[k]!)) k++
      const next = input[k] ?? ""
      if (roots.length > 0 || !(next === "(" || NAME_START.test(next) || isAsciiNamePart(next)) || /\d/.test(next))
        return fail(i + 1, "a unit name or a parenthesized group", "'√' must be followed by a unit name or a parenthesized group, once: √m, √(m·s)")
      const prev = tokens.at(-1)?.kind
      if (prev === "name" || prev === "number" || prev === "rparen" || prev === "sup") push({ kind: "mul", text: "√", start, end: start, spaceBefore })
      roots.push(depth)
      i++
    } else if (MUL_CHARS.has(c)) {
      push({ kind: "mul", text: c, start, end: i + 1, spaceBefore })
      i++
    } else if (DIV_CHARS.has(c)) {
      push({ kind: "div", text: c, start, end: i + 1, spaceBefore })
      i++
    } else if (c === "^") {
      push({ kind: "pow", text: c, start, end: i + 1, spaceBefore })
      i++
    } else if (c === "(" || c === "[") {
      push({ kind: "lparen", text: c, start, end: i + 1, spaceBefore })
      i++
    } else if (c === ")" || c === "]") {
      push({ kind: "rparen", text: c, start, end: i + 1, spaceBefore })
      i++
    } else if (c === "⁻" || c === "⁺" || SUPERSCRIPT_DIGITS.includes(c)) {
      let j = i
      let sign = 1
      if (input[j] === "⁻" || input[j] === "⁺") sign = input[j++] === "⁻" ? -1 : 1
      let digits = ""
      while (j < input.length && SUPERSCRIPT_DIGITS.includes(input[j]!)) digits += SUPERSCRIPT_DIGITS.indexOf(input[j++]!)
      if (digits === "") return fail(j, "a superscript digit", `'${input[i]}' must be followed by a superscript digit`)
      push({ kind: "sup", value: sign * Number(digits), start, end: j, spaceBefore })
      i = j
    } else if (c === "." && /\p{L}/u.test(input[i + 1] ?? "") && tokens.length > 0 && (tokens.at(-1)!.kind === "name" || tokens.at(-1)!.kind === "rparen")) {
      // UCUM style N.m: a dot between two names multiplies
      push({ kind: "mul", text: c, start, end: i + 1, spaceBefore })
      i++
    } else if (power !== undefined) {
      const { written, exponent, note } = power
      notes.push(note)
      push({ kind: "number", value: 10, start, end: i + 2, spaceBefore })
      push({ kind: "pow", text: "^", start: i + 2, end: i + 3, spaceBefore: false })
      push({ kind: "number", value: Number(exponent), start: i + 3, end: i + written.length, spaceBefore: false })
      i += written.length
    } else if (/[\d.]/.test(c)) {
      const match = NUMBER.exec(input.slice(i))
      if (!match) return fail(i, "a number", `'${c}' does not start a number`)
      const text = match[0]
      push({ kind: "number", value: Number(text), start, end: i + text.length, spaceBefore })
      i += text.length
    } else if (c === "-" && /\d/.test(input[i + 1] ?? "") && tokens.at(-1)?.kind === "name" && !spaceBefore) {
      // m s-1: a signed integer glued to a name is its exponent
      const match = /^-\d+/.exec(input.slice(i))!
      push({ kind: "sup", value: Number(match[0]), start, end: i + match[0].length, spaceBefore })
      i += match[0].length
    } else if (c === "-" || c === "+" || c === "−") {
      push({ kind: "sign", text: c, start, end: i + 1, spaceBefore })
      i++
    } else if (NAME_START.test(c) && concentrationPercent(input, i) !== undefined) {
      const percent = concentrationPercent(input, i)!
      push({ kind: "name", text: percent.text, start, end: percent.end, spaceBefore })
      i = percent.end
    } else if (NAME_START.test(c)) {
      let j = i + 1
      while (j < input.length && isNamePart(input[j]!)) j++
      let text = input.slice(i, j)
      // a hyphen between letters: part of a name the catalog knows (pound-force, foot-pound, or the first word of one: pound-force per square inch), or a
      // product as English writes it (kilowatt-hour, newton-meter), said in the notes
      // the longest hyphenated run the catalog knows (us-liquid-gallon, though us-liquid is nothing)
      const ends: Array<number> = []
      for (let k = j; input[k] === "-" && /\p{L}/u.test(input[k + 1] ?? "") && text.toLowerCase() !== "per"; ) {
        k++
        while (k < input.length && isNamePart(input[k]!)) k++
        ends.push(k)
      }
      for (const k of ends.reverse()) {
        const joined = input.slice(i, k)
        if (options.knows?.(joined) || options.multiWordNames?.has(joined.toLowerCase())) {
          text = joined
          j = k
          break
        }
      }
      // keep a catalog multi-word name ("fl oz", "nautical mile") in one token
      let perContinues = false
      const lowerText = text.toLowerCase()
      // a prefix's name glued to a multi-word name ("megaenzyme unit", "kiloelectron volt"), kept whole
      // when the catalog knows it that way: how a reading is spelled back when its symbol reads two ways
      const prefixName = options.multiWordNames?.has(lowerText)
        ? ""
        : (Prefix.nameForms.find(
            ([form]) => lowerText.length > form.length && lowerText.startsWith(form) && options.multiWordNames?.has(lowerText.slice(form.length))
          )?.[0] ?? "")
      const candidates = options.multiWordNames?.get(lowerText.slice(prefixName.length))
      if (candidates) {
        for (const bare of candidates) {
          const phrase = prefixName + bare
          const slice = input.slice(i, i + phrase.length)
          const after = input[i + phrase.length]
          if (prefixName !== "" && !options.knows?.(slice)) continue
          if (slice.toLowerCase() === phrase && (after === undefined || !NAME_PART.test(after))) {
            text = slice
            j = i + phrase.length
            // a name with "per" in it followed by another word: English puts that word in the denominator
            // too ("gram per square metre year" is g/(m²·a)), never beside the name (gsm·a)
            perContinues = phrase.includes(" per ") && PER_CONTINUES.test(input.slice(j))
            break
          }
        }
      }
      // "in H2O", "mm Hg": a length and the manometric fluid written apart, when the catalog knows them together
      // ("inch H2O", "millimetres Hg": the spelled length with "of water" / "of mercury")
      const fluid = /^[\s\u00a0]+(H2O|Hg|Aq)(?![\p{L}\d_])/u.exec(input.slice(j))
      if (fluid && options.knows?.(text + fluid[1])) {
        text = text + fluid[1]
        j += fluid[0].length
      } else if (fluid && options.knows?.(`${text} of ${fluid[1] === "Hg" ? "mercury" : "water"}`)) {
        text = `${text} of ${fluid[1] === "Hg" ? "mercury" : "water"}`
        j += fluid[0].length
      }
      const qualifier = qualifierAfter(input, j, options.knows, text)
      if (qualifier !== undefined && text.toLowerCase() !== "per") {
        text = input.slice(i, qualifier)
        j = qualifier
      }
      const lower = text.toLowerCase()
      if (lower === "per") push({ kind: "div", text, start, end: j, spaceBefore })
      else push({ kind: "name", text, start, end: j, spaceBefore })
      if (perContinues && j === start + text.length) {
        notes.push(
          `Read the words after '${text}' as its denominator too: '${text} ${
            input
              .slice(j)
              .trim()
              .split(/[\s*/]/)[0]
          }' is ${text} per ${
            input
              .slice(j)
              .trim()
              .split(/[\s*/]/)[0]
          }`
        )
        push({ kind: "div", text: "per", start: j, end: j, spaceBefore: false })
      }
      // "mile per hour squared" squares the hour, as "metre per second squared" does: the name divided
      // once more by its last term (mph/h), so the name keeps its one reading (psi stays pound-force)
      const power = lower.includes(" per ") && text.includes(" ") ? PER_POWER.exec(input.slice(j)) : null
      const words = text.split(/\s+/)
      const last = words.length >= 4 && POWER_WORDS.has(words.at(-2)!.toLowerCase()) ? words.slice(-2) : words.slice(-1)
      // only where the last word is a unit itself ("parts per million squared" stays ppm², million being no unit)
      if (power && j === start + text.length && options.knows?.(last.join(" "))) {
        const n = power[1]!.toLowerCase() === "squared" ? 2 : 3
        notes.push(
          `Read '${text} ${power[1]}' as ${text} per ${last.join(" ")}${n === 3 ? "²" : ""}: '${power[1]}' belongs to the last word, as in metre per second ${power[1]}; for the ${n === 2 ? "square" : "cube"} of the whole, write (${text})^${n}`
        )
        push({ kind: "div", text: "per", start: j, end: j, spaceBefore: false })
        for (const w of last) push({ kind: "name", text: w, start: j, end: j, spaceBefore: true })
        if (n === 3) push({ kind: "sup", value: 2, start: j, end: j, spaceBefore: false })
        j += power[0].length
      }
      i = j
      if (input[i] === "-" && /\p{L}/u.test(input[i + 1] ?? "")) {
        notes.push(`Read the hyphen in '${input.slice(start, Math.min(input.length, i + 20)).split(/[\s*/]/)[0]}' as a product, as in kilowatt-hour`)
        push({ kind: "mul", text: "-", start: i, end: i + 1, spaceBefore: false })
        i++
      }
    } else {
      return fail(i, "a unit name, number, operator or parenthesis", `Unexpected character '${c}' at position ${i}`)
    }
  }
  if (roots.length > 0)
    return fail(input.length, "a unit name or a parenthesized group after '√'", "'√' must be followed by a unit name or a parenthesized group")
  tokens.push({ kind: "end", start: input.length, end: input.length, spaceBefore })
  return tokens
}

/**
 * Where a qualifier written right after a name ends: `{…}` always (braces never group in this
 * notation), `(…)` only when everything inside is qualifier words. Undefined when there is none.
 */
const qualifierAfter = (input: string, from: number, knows: SyntaxOptions["knows"], name: string): number | undefined => {
  let k = from
  while (k < input.length && SPACE.test(input[k]!)) k++
  const open = input[k]
  if (open !== "{" && open !== "(") return undefined
  const close = input.indexOf(open === "{" ? "}" : ")", k + 1)
  if (close < 0) return undefined
  const inside = input.slice(k + 1, close)
  if (/[(){}]/.test(inside)) return undefined
  // in parentheses, a text that is also a unit keeps its old meaning ("kg (m)" is kg × m) unless the name's
  // qualifiers name it too ("gallon (us)": refused, the US gallon or gallon × µs); a
  // number makes a product ("m (2 s)"), except a reference temperature as NIST SP 811 B.8 writes one
  // ("Btu (39 °F)": a scale temperature inside a product would mean nothing); without a catalog to ask,
  // parentheses always group
  if (open === "(") {
    if (!knows || !("canonical" in canonicalQualifier(inside))) return undefined
    if (isReferenceTemperature(inside)) return close + 1
    if (/\d/.test(inside)) return undefined
    // a unit inside that the name's own qualifiers also name (therm (EC): the EC therm, or therm ×
    // exacoulomb) stays one token, refused with both readings (evaluate: bothReadings); a text is a
    // unit only when every word of it is one ("absorbed dose" is a qualifier though "dose" is a unit)
    if (readsAsUnits(inside, knows)) return knows(`${name}{${inside.trim()}}`) ? close + 1 : undefined
  }
  return close + 1
}

/** Power words before (square metre) and after (metre squared) a unit; Maps, not object literals, so a unit named "constructor" finds nothing of Object.prototype's. */
export const POWER_WORDS: ReadonlyMap<string, number> = new Map([
  ["sq", 2],
  ["square", 2],
  ["cu", 3],
  ["cubic", 3]
])
export const POSTFIX_POWER_WORDS: ReadonlyMap<string, number> = new Map([
  ["squared", 2],
  ["cubed", 3]
])
