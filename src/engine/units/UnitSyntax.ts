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

export interface Parsed {
  readonly ast: Node
  readonly notes: ReadonlyArray<string>
}

import { type SyntaxFailure, type SyntaxOptions, type Token, Failure, POSTFIX_POWER_WORDS, POWER_WORDS, fail, tokenize } from "./UnitTokens.ts"

export type { SyntaxFailure, SyntaxOptions }

/** No physical unit needs more; a bound keeps m^99999999 from being an expensive way to say Infinity. */
const MAX_EXPONENT = 100

/** The note for a product after a division, read left to right (mg/kg·d is (mg/kg)·d): a guess at what the writer grouped. */
const leftToRightNote = (shown: string, factor: string): string =>
  `Read '${shown}' left to right: '${factor}' multiplies the whole quotient (it is in the numerator). If it belongs in the denominator, write it inside parentheses after '/'.`

/** Whether a note says an expression was read left to right: its grouping is a guess, so nothing is built on it (no reciprocal). */
export const readLeftToRight = (note: string): boolean => /^Read '.*' left to right: /s.test(note)

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

  parse(): Node | Failure {
    const first = this.peek
    if (first.kind === "end") return fail(0, "a unit expression", "The unit expression is empty")
    const node = this.expression()
    if (node instanceof Failure) return node
    const t = this.peek
    if (t.kind === "rparen")
      return fail(t.start, "an operator or the end of the expression", `Unbalanced parentheses: ')' at position ${t.start} has no matching '('`)
    if (t.kind !== "end")
      return fail(t.start, "an operator or the end of the expression", `Unexpected '${this.input.slice(t.start, t.end)}' at position ${t.start}`)
    return node
  }

  private startsAtom(t: Token): boolean {
    return t.kind === "number" || t.kind === "lparen" || (t.kind === "name" && !POSTFIX_POWER_WORDS.has(t.text.toLowerCase()))
  }

  private expression(): Node | Failure {
    // a leading '/' or 'per' divides one: "/min", "per second"
    const first = this.peek
    let left: Node | Failure = first.kind === "div" ? { _tag: "Number", value: 1, start: first.start, end: first.start } : this.term()
    if (left instanceof Failure) return left
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
      if (right instanceof Failure) return right
      if (op === "*" && sawDivision && right._tag !== "Number") {
        const shown = this.input.slice(left.start, right.end)
        this.notes.push(leftToRightNote(shown, this.input.slice(right.start, right.end)))
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
  private denominator(division: Token): Node | Failure {
    const word = division.kind === "div" && division.text.toLowerCase() === "per"
    let node = this.term()
    if (node instanceof Failure) return node
    let grouped = false
    for (;;) {
      const t = this.peek
      const juxtaposed = this.startsAtom(t)
      const multiplied = word && t.kind === "mul" && this.startsAtom(this.tokens[this.index + 1]!)
      if (!juxtaposed && !multiplied) break
      if (multiplied) this.next()
      const right = this.term()
      if (right instanceof Failure) return right
      node = { _tag: "Binary", op: "*", left: node, right, start: node.start, end: right.end }
      grouped = true
    }
    if (grouped) {
      const written = this.input.slice(node.start, node.end)
      this.notes.push(
        `Read everything after '${division.kind === "div" ? division.text : "/"}' in '${this.input.slice(division.start, node.end)}' as the denominator: '${written}' divides together`
      )
    }
    return node
  }

  private term(): Node | Failure {
    const t = this.peek
    if (t.kind === "name" && POWER_WORDS.has(t.text.toLowerCase())) {
      // each power word nests a term, as a parenthesis does: the same bound keeps the recursion shallow
      if (++this.depth > MAX_NESTING)
        return fail(t.start, `at most ${MAX_NESTING} power words in a row`, `Too many power words in a row at position ${t.start}`)
      this.next()
      const inner = this.term()
      if (inner instanceof Failure) return inner
      this.depth--
      return { _tag: "Power", base: inner, exponent: POWER_WORDS.get(t.text.toLowerCase())!, start: t.start, end: inner.end }
    }
    let node = this.atom()
    if (node instanceof Failure) return node
    for (;;) {
      const p = this.peek
      if (p.kind === "pow") {
        this.next()
        const exponent = this.exponent()
        if (exponent instanceof Failure) return exponent
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

  private exponent(): { value: number; end: number } | Failure {
    const result = this.exponentValue()
    if (result instanceof Failure) return result
    if (!Number.isFinite(result.value) || Math.abs(result.value) > MAX_EXPONENT) {
      return fail(
        result.end,
        `an exponent between -${MAX_EXPONENT} and ${MAX_EXPONENT}`,
        `The exponent ${result.value} is out of range (at most ±${MAX_EXPONENT})`
      )
    }
    return result
  }

  private exponentValue(): { value: number; end: number } | Failure {
    const t = this.peek
    if (t.kind === "sup") {
      this.next()
      return { value: t.value, end: t.end }
    }
    if (t.kind === "lparen") {
      this.next()
      const numerator = this.signedNumber()
      if (numerator instanceof Failure) return numerator
      let value = numerator.value
      if (this.peek.kind === "div") {
        this.next()
        const denominator = this.signedNumber()
        if (denominator instanceof Failure) return denominator
        if (denominator.value === 0) return fail(denominator.start, "a non-zero denominator", "An exponent cannot divide by zero")
        value = numerator.value / denominator.value
      }
      const close = this.next()
      if (close.kind !== "rparen") return fail(close.start, "')'", `Unbalanced parentheses: expected ')' to close the exponent at position ${t.start}`)
      return { value, end: close.end }
    }
    const n = this.signedNumber()
    return n instanceof Failure ? n : { value: n.value, end: n.end }
  }

  private signedNumber(): { value: number; start: number; end: number } | Failure {
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

  private atom(): Node | Failure {
    const t = this.next()
    switch (t.kind) {
      case "number": {
        const number: Node = { _tag: "Number", value: t.value, start: t.start, end: t.end }
        // a number followed by a unit is one factor: "100km", "8 hr", "2.205 lb"
        const p = this.peek
        if (p.kind === "name" && !POSTFIX_POWER_WORDS.has(p.text.toLowerCase())) {
          const unit = this.term()
          if (unit instanceof Failure) return unit
          return { _tag: "Binary", op: "*", left: number, right: unit, start: t.start, end: unit.end }
        }
        return number
      }
      case "name":
        return { _tag: "Name", name: t.text, start: t.start, end: t.end }
      case "lparen": {
        if (++this.depth > MAX_NESTING)
          return fail(t.start, `at most ${MAX_NESTING} nested parentheses`, `Parentheses nest deeper than ${MAX_NESTING} levels at position ${t.start}`)
        const inner = this.expression()
        if (inner instanceof Failure) return inner
        this.depth--
        const close = this.next()
        if (close.kind !== "rparen") {
          return fail(
            close.start,
            "')'",
            `Unbalanced parentheses: '${t.text}' at position ${t.start} is never closed (expected ')' at position ${close.start})`
          )
        }
        // a lone name keeps its own span, so a fix to it replaces the name and not its parentheses
        return inner._tag === "Name" ? inner : { ...inner, start: t.start, end: close.end }
      }
      case "end":
        return fail(t.start, "a unit, number or '('", `The expression ends where a unit was expected (position ${t.start})`)
      case "rparen":
        return fail(t.start, "a unit, number or '('", `Unbalanced parentheses: ')' at position ${t.start} has no matching '('`)
      case "sign":
        return fail(
          t.start,
          "a unit, number or '('",
          `A sign '${t.text}' at position ${t.start} is only allowed in an exponent (m^-2); unit expressions cannot be negative`
        )
      default:
        return fail(t.start, "a unit, number or '('", `Expected a unit, number or '(' at position ${t.start}, found '${this.input.slice(t.start, t.end)}'`)
    }
  }
}

/** Parses `input` into an AST, or describes where and why it is not a unit expression. Never throws. */
/**
 * Water as chemists write it, H₂O with a subscript two (U+2082), read as H2O: cmH₂O is cmH2O. One
 * character for one, so every position an error reports is still the caller's. No other subscript is
 * read: a subscript digit elsewhere is a label (x₂), never an exponent.
 */
const withPlainWater = (input: string): string => (input.includes("\u2082") ? input.replace(/H\u2082O/gu, "H2O") : input)

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
  const notes: Array<string> = []
  const text = withPlainWater(input)
  const tokens = tokenize(text, options, notes)
  if (tokens instanceof Failure) return { ok: false, failure: tokens.failure }
  const parser = new Parser(text, tokens, notes)
  const ast = parser.parse()
  return ast instanceof Failure ? { ok: false, failure: ast.failure } : { ok: true, value: { ast, notes: parser.notes } }
}
