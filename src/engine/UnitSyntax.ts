/**
 * The grammar of unit expressions, independent of any catalog.
 *
 *   expression := term (("*" | "·" | "⋅" | "×" | "." | "/" | "per" | juxtaposition) term)*   left to right
 *   term       := ("sq" | "square" | "cu" | "cubic")* atom (("^" | "**") exponent | superscript | "squared" | "cubed" | "-n")*
 *   atom       := number [term] | name | "(" expression ")"
 *
 * A number directly followed by a unit is one factor, so `L/100km` is L/(100 km) and `1/8 hr` is
 * 1/(8 hr). `*` and `/` group left to right (`mcg/kg/min` is mcg/(kg·min)); when a product follows a
 * quotient (`J/mol*K`), the reading is reported in `notes` because people often mean J/(mol·K).
 *
 * A name followed by a qualifier in braces (`gal{UK}`) or by one in parentheses made only of
 * qualifier words that are not units as written (`gallon (UK)`, `qt (US dry)`; catalog/qualifiers.ts)
 * is one name, so `(degC)/s`, `kg/(m*s)` and `gallon (us)` (× µs) group exactly as before.
 */
import { canonicalQualifier } from "./catalog/qualifiers.ts"

export type Node =
  | { readonly _tag: "Name"; readonly name: string; readonly start: number; readonly end: number }
  | { readonly _tag: "Number"; readonly value: number; readonly start: number; readonly end: number }
  | {
      readonly _tag: "Binary"
      readonly op: "*" | "/"
      readonly left: Node
      readonly right: Node
      readonly start: number
      readonly end: number
    }
  | { readonly _tag: "Power"; readonly base: Node; readonly exponent: number; readonly start: number; readonly end: number }

export interface SyntaxFailure {
  readonly position: number
  readonly expected: string
  readonly message: string
}

export interface Parsed {
  readonly ast: Node
  readonly notes: ReadonlyArray<string>
}

/** Multi-word names the catalog knows ("fl oz", "nautical mile"), lowercased; the lexer keeps them whole. */
export interface SyntaxOptions {
  readonly multiWordNames?: ReadonlyMap<string, ReadonlyArray<string>>
  /** Whether a hyphenated word is a unit's name ("pound-force"); otherwise its hyphens multiply ("kilowatt-hour"). */
  readonly knows?: (name: string) => boolean
}

type Token =
  | { readonly kind: "number"; readonly value: number; readonly start: number; readonly end: number; readonly spaceBefore: boolean }
  | { readonly kind: "name"; readonly text: string; readonly start: number; readonly end: number; readonly spaceBefore: boolean }
  | { readonly kind: "mul" | "div" | "pow" | "lparen" | "rparen" | "sign"; readonly text: string; readonly start: number; readonly end: number; readonly spaceBefore: boolean }
  | { readonly kind: "sup"; readonly value: number; readonly start: number; readonly end: number; readonly spaceBefore: boolean }
  | { readonly kind: "end"; readonly start: number; readonly end: number; readonly spaceBefore: boolean }

const SUPERSCRIPT_DIGITS = "⁰¹²³⁴⁵⁶⁷⁸⁹"
const MUL_CHARS = new Set(["*", "·", "⋅", "×", "•", "∙"])
const DIV_CHARS = new Set(["/", "∕", "÷"])
const SPACE = /[\s\u00a0\u2009\u202f]/
// ℧ (U+2127) is the mho's sign; ∆ (U+2206 INCREMENT) is typed for Δ (U+0394) in ∆°C
const NAME_START = /[\p{L}_°%‰‱′″'"☉⊙℃℉µ℧∆]/u
const NAME_PART = /[\p{L}\d_°%‰‱′″'"☉⊙℃℉µ℧∆]/u
const NUMBER = /^(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/

// ASCII letters, digits and `_` answer the name test without running the Unicode regex
const isAsciiNamePart = (c: string): boolean => {
  const code = c.charCodeAt(0)
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57) || code === 95
}
const isNamePart = (c: string): boolean => isAsciiNamePart(c) || NAME_PART.test(c)

class Failure {
  readonly failure: SyntaxFailure
  constructor(failure: SyntaxFailure) {
    this.failure = failure
  }
}

const fail = (position: number, expected: string, message: string): never => {
  throw new Failure({ position, expected, message })
}

/** After a name with "per" in it: another word, juxtaposed (not an operator, "per", a power word or a qualifier). */
const PER_CONTINUES = /^[\s\u00a0]+(?!(?:per|squared|cubed)\b)\p{L}/iu

/** After a name with "per" in it: "squared" or "cubed", which belongs to the name's last word. */
const PER_POWER = /^[\s\u00a0]+(squared|cubed)\b/iu

/** `10*3`, `10*-7`: UCUM's power of ten, never 10 × 3 (a white-cell count in 10*3/uL is per thousand). */
const POWER_OF_TEN = /^10\*([+-]?\d+)/

const tokenize = (input: string, options: SyntaxOptions, notes: Array<string>): Array<Token> => {
  const tokens: Array<Token> = []
  let i = 0
  let spaceBefore = false
  const push = (token: Token) => {
    tokens.push(token)
    spaceBefore = false
  }
  while (i < input.length) {
    const c = input[i]!
    if (c === " " || SPACE.test(c)) {
      spaceBefore = true
      i++
      continue
    }
    const start = i
    if (c === "*" && input[i + 1] === "*") {
      push({ kind: "pow", text: "**", start, end: i + 2, spaceBefore })
      i += 2
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
      if (digits === "") fail(j, "a superscript digit", `'${input[i]}' must be followed by a superscript digit`)
      push({ kind: "sup", value: sign * Number(digits), start, end: j, spaceBefore })
      i = j
    } else if (c === "." && /\p{L}/u.test(input[i + 1] ?? "") && tokens.length > 0 && (tokens.at(-1)!.kind === "name" || tokens.at(-1)!.kind === "rparen")) {
      // UCUM style N.m: a dot between two names multiplies
      push({ kind: "mul", text: c, start, end: i + 1, spaceBefore })
      i++
    } else if (c === "1" && POWER_OF_TEN.test(input.slice(i, i + 16)) && !/[\d.]/.test(input[i - 1] ?? "")) {
      const written = POWER_OF_TEN.exec(input.slice(i, i + 16))![0]
      notes.push(`Read '${written}' as 10^${written.slice(3)} (a power of ten, as UCUM writes it), not as 10 × ${written.slice(3)}`)
      push({ kind: "number", value: 10, start, end: i + 2, spaceBefore })
      push({ kind: "pow", text: "*", start: i + 2, end: i + 3, spaceBefore: false })
      i += 3
    } else if (/[\d.]/.test(c)) {
      const match = NUMBER.exec(input.slice(i))
      if (!match) fail(i, "a number", `'${c}' does not start a number`)
      const text = match![0]
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
    } else if (NAME_START.test(c)) {
      let j = i + 1
      while (j < input.length && isNamePart(input[j]!)) j++
      let text = input.slice(i, j)
      // a hyphen between letters: part of a name the catalog knows (pound-force, foot-pound, or the first word of one: pound-force per square inch), or a
      // product as English writes it (kilowatt-hour, newton-meter), said in the notes
      while (input[j] === "-" && /\p{L}/u.test(input[j + 1] ?? "") && text.toLowerCase() !== "per") {
        let k = j + 1
        while (k < input.length && isNamePart(input[k]!)) k++
        const joined = input.slice(i, k)
        if (options.knows?.(joined) || options.multiWordNames?.has(joined.toLowerCase())) {
          text = joined
          j = k
          continue
        }
        break
      }
      // keep a catalog multi-word name ("fl oz", "nautical mile") in one token
      let perContinues = false
      const candidates = options.multiWordNames?.get(text.toLowerCase())
      if (candidates) {
        for (const phrase of candidates) {
          const slice = input.slice(i, i + phrase.length)
          const after = input[i + phrase.length]
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
      const qualifier = qualifierAfter(input, j, options.knows)
      if (qualifier !== undefined && text.toLowerCase() !== "per") {
        text = input.slice(i, qualifier)
        j = qualifier
      }
      const lower = text.toLowerCase()
      if (lower === "per") push({ kind: "div", text, start, end: j, spaceBefore })
      else push({ kind: "name", text, start, end: j, spaceBefore })
      if (perContinues && j === start + text.length) {
        notes.push(`Read the words after '${text}' as its denominator too: '${text} ${input.slice(j).trim().split(/[\s*/]/)[0]}' is ${text} per ${input.slice(j).trim().split(/[\s*/]/)[0]}`)
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
      fail(i, "a unit name, number, operator or parenthesis", `Unexpected character '${c}' at position ${i}`)
    }
  }
  tokens.push({ kind: "end", start: input.length, end: input.length, spaceBefore })
  return tokens
}

/**
 * Where a qualifier written right after a name ends: `{…}` always (braces never group in this
 * notation), `(…)` only when everything inside is qualifier words. Undefined when there is none.
 */
const qualifierAfter = (input: string, from: number, knows: SyntaxOptions["knows"]): number | undefined => {
  let k = from
  while (k < input.length && SPACE.test(input[k]!)) k++
  const open = input[k]
  if (open !== "{" && open !== "(") return undefined
  const close = input.indexOf(open === "{" ? "}" : ")", k + 1)
  if (close < 0) return undefined
  const inside = input.slice(k + 1, close)
  if (/[(){}]/.test(inside)) return undefined
  // in parentheses, a text that is also a unit keeps its old meaning: "gallon (us)" is gallon × µs,
  // "cal (15 °C)" a product (a qualifier with a number is read in braces only); without a catalog to ask, parentheses always group
  if (open === "(") {
    if (!knows || /\d/.test(inside) || !("canonical" in canonicalQualifier(inside))) return undefined
    if (knows(inside.trim()) || inside.split(/[\s,]+/).some((w) => w !== "" && knows(w))) return undefined
  }
  return close + 1
}

/** No physical unit needs more; a bound keeps m^99999999 from being an expensive way to say Infinity. */
const MAX_EXPONENT = 100

// Maps, not object literals: a unit named "constructor" must not find Object.prototype's
const POWER_WORDS: ReadonlyMap<string, number> = new Map([["sq", 2], ["square", 2], ["cu", 3], ["cubic", 3]])
const POSTFIX_POWER_WORDS: ReadonlyMap<string, number> = new Map([["squared", 2], ["cubed", 3]])

/**
 * Bounds on one expression, far above any real unit (the longest in the catalog tests is under 60
 * characters): parsing and evaluation stay linear and shallow, whatever an agent sends.
 */
export const MAX_EXPRESSION_LENGTH = 1000
const MAX_NESTING = 32

class Parser {
  private index = 0
  private depth = 0
  readonly notes: Array<string>
  private readonly input: string
  private readonly tokens: ReadonlyArray<Token>
  constructor(input: string, tokens: ReadonlyArray<Token>, notes: Array<string>) {
    this.input = input
    this.tokens = tokens
    this.notes = notes
  }

  private get peek(): Token {
    return this.tokens[this.index]!
  }

  private next(): Token {
    return this.tokens[this.index++]!
  }

  parse(): Node {
    if (this.peek.kind === "end") fail(0, "a unit expression", "The unit expression is empty")
    const node = this.expression()
    const t = this.peek
    if (t.kind === "rparen") fail(t.start, "an operator or the end of the expression", `Unbalanced parentheses: ')' at position ${t.start} has no matching '('`)
    if (t.kind !== "end") fail(t.start, "an operator or the end of the expression", `Unexpected '${this.input.slice(t.start, t.end)}' at position ${t.start}`)
    return node
  }

  private startsAtom(t: Token): boolean {
    return t.kind === "number" || t.kind === "lparen" || (t.kind === "name" && !POSTFIX_POWER_WORDS.has(t.text.toLowerCase()))
  }

  private expression(): Node {
    // a leading '/' or 'per' divides one: "/min", "per second"
    const first = this.peek
    let left: Node = first.kind === "div" ? { _tag: "Number", value: 1, start: first.start, end: first.start } : this.term()
    let sawDivision = false
    for (;;) {
      const t = this.peek
      let op: "*" | "/"
      if (t.kind === "mul") {
        this.next()
        op = "*"
      } else if (t.kind === "div") {
        this.next()
        op = "/"
      } else if (this.startsAtom(t)) {
        op = "*" // juxtaposition: "kg m/s^2"
      } else break
      const right = op === "/" ? this.denominator(t) : this.term()
      if (op === "*" && sawDivision && right._tag !== "Number") {
        const shown = this.input.slice(left.start, right.end)
        this.notes.push(
          `Read '${shown}' left to right: '${this.input.slice(right.start, right.end)}' multiplies the whole quotient (it is in the numerator). If it belongs in the denominator, write it inside parentheses after '/'.`
        )
      }
      if (op === "/") sawDivision = true
      left = { _tag: "Binary", op, left, right, start: left.start, end: right.end }
    }
    return left
  }

  /**
   * What a division divides by. Units written side by side after it stay together, as people write
   * and GNU units reads them: "W/m2 K" is W/(m²·K), and in words "joule per kilogram kelvin" is
   * J/(kg·K) (also with '*' after "per": "per kilogram * kelvin"). An explicit '*' after '/' still
   * multiplies the whole quotient (J/mol*K), with a note.
   */
  private denominator(division: Token): Node {
    const word = division.kind === "div" && division.text.toLowerCase() === "per"
    let node = this.term()
    let grouped = false
    for (;;) {
      const t = this.peek
      const juxtaposed = this.startsAtom(t)
      const multiplied = word && t.kind === "mul" && this.startsAtom(this.tokens[this.index + 1]!)
      if (!juxtaposed && !multiplied) break
      if (multiplied) this.next()
      const right = this.term()
      node = { _tag: "Binary", op: "*", left: node, right, start: node.start, end: right.end }
      grouped = true
    }
    if (grouped) {
      const written = this.input.slice(node.start, node.end)
      this.notes.push(`Read everything after '${division.kind === "div" ? division.text : "/"}' in '${this.input.slice(division.start, node.end)}' as the denominator: '${written}' divides together`)
    }
    return node
  }

  private term(): Node {
    const t = this.peek
    if (t.kind === "name" && POWER_WORDS.has(t.text.toLowerCase())) {
      this.next()
      const inner = this.term()
      return { _tag: "Power", base: inner, exponent: POWER_WORDS.get(t.text.toLowerCase())!, start: t.start, end: inner.end }
    }
    let node = this.atom()
    for (;;) {
      const p = this.peek
      if (p.kind === "pow") {
        this.next()
        const exponent = this.exponent()
        node = { _tag: "Power", base: node, exponent: exponent.value, start: node.start, end: exponent.end }
      } else if (p.kind === "sup" && !p.spaceBefore) {
        this.next()
        node = { _tag: "Power", base: node, exponent: p.value, start: node.start, end: p.end }
      } else if (p.kind === "name" && POSTFIX_POWER_WORDS.has(p.text.toLowerCase())) {
        this.next()
        node = { _tag: "Power", base: node, exponent: POSTFIX_POWER_WORDS.get(p.text.toLowerCase())!, start: node.start, end: p.end }
      } else break
    }
    return node
  }

  private exponent(): { value: number; end: number } {
    const result = this.exponentValue()
    if (!Number.isFinite(result.value) || Math.abs(result.value) > MAX_EXPONENT) {
      fail(result.end, `an exponent between -${MAX_EXPONENT} and ${MAX_EXPONENT}`, `The exponent ${result.value} is out of range (at most ±${MAX_EXPONENT})`)
    }
    return result
  }

  private exponentValue(): { value: number; end: number } {
    const t = this.peek
    if (t.kind === "sup") {
      this.next()
      return { value: t.value, end: t.end }
    }
    if (t.kind === "lparen") {
      this.next()
      const numerator = this.signedNumber()
      let value = numerator.value
      if (this.peek.kind === "div") {
        this.next()
        const denominator = this.signedNumber()
        if (denominator.value === 0) fail(denominator.start, "a non-zero denominator", "An exponent cannot divide by zero")
        value = numerator.value / denominator.value
      }
      const close = this.next()
      if (close.kind !== "rparen") fail(close.start, "')'", `Unbalanced parentheses: expected ')' to close the exponent at position ${t.start}`)
      return { value, end: close.end }
    }
    const n = this.signedNumber()
    return { value: n.value, end: n.end }
  }

  private signedNumber(): { value: number; start: number; end: number } {
    let sign = 1
    const first = this.peek
    if (first.kind === "sign") {
      this.next()
      sign = first.text === "+" ? 1 : -1
    }
    const t = this.next()
    if (t.kind === "number" || t.kind === "sup") return { value: sign * t.value, start: first.start, end: t.end }
    return fail(t.start, "a number (the exponent)", `Expected a number as the exponent at position ${t.start}`)
  }

  private atom(): Node {
    const t = this.next()
    switch (t.kind) {
      case "number": {
        const number: Node = { _tag: "Number", value: t.value, start: t.start, end: t.end }
        // a number followed by a unit is one factor: "100km", "8 hr", "2.205 lb"
        const p = this.peek
        if (p.kind === "name" && !(POSTFIX_POWER_WORDS.has(p.text.toLowerCase()))) {
          const unit = this.term()
          return { _tag: "Binary", op: "*", left: number, right: unit, start: t.start, end: unit.end }
        }
        return number
      }
      case "name":
        return { _tag: "Name", name: t.text, start: t.start, end: t.end }
      case "lparen": {
        if (++this.depth > MAX_NESTING) fail(t.start, `at most ${MAX_NESTING} nested parentheses`, `Parentheses nest deeper than ${MAX_NESTING} levels at position ${t.start}`)
        const inner = this.expression()
        this.depth--
        const close = this.next()
        if (close.kind !== "rparen") {
          fail(close.start, "')'", `Unbalanced parentheses: '${t.text}' at position ${t.start} is never closed (expected ')' at position ${close.start})`)
        }
        // a lone name keeps its own span, so a fix to it replaces the name and not its parentheses
        return inner._tag === "Name" ? inner : { ...inner, start: t.start, end: close.end }
      }
      case "end":
        return fail(t.start, "a unit, number or '('", `The expression ends where a unit was expected (position ${t.start})`)
      case "rparen":
        return fail(t.start, "a unit, number or '('", `Unbalanced parentheses: ')' at position ${t.start} has no matching '('`)
      case "sign":
        return fail(t.start, "a unit, number or '('", `A sign '${t.text}' at position ${t.start} is only allowed in an exponent (m^-2); unit expressions cannot be negative`)
      default:
        return fail(t.start, "a unit, number or '('", `Expected a unit, number or '(' at position ${t.start}, found '${this.input.slice(t.start, t.end)}'`)
    }
  }
}

/** Parses `input` into an AST, or describes where and why it is not a unit expression. Never throws. */
export const parse = (input: string, options: SyntaxOptions = {}): { ok: true; value: Parsed } | { ok: false; failure: SyntaxFailure } => {
  if (input.length > MAX_EXPRESSION_LENGTH) {
    return {
      ok: false,
      failure: {
        position: MAX_EXPRESSION_LENGTH,
        expected: `a unit expression of at most ${MAX_EXPRESSION_LENGTH} characters`,
        message: `The expression is ${input.length} characters long; at most ${MAX_EXPRESSION_LENGTH} are read`
      }
    }
  }
  try {
    const notes: Array<string> = []
    const parser = new Parser(input, tokenize(input, options, notes), notes)
    const ast = parser.parse()
    return { ok: true, value: { ast, notes: parser.notes } }
  } catch (e) {
    if (e instanceof Failure) return { ok: false, failure: e.failure }
    if (e instanceof RangeError) return { ok: false, failure: { position: 0, expected: "a simpler expression", message: `The expression is too deeply nested` } }
    throw e
  }
}
