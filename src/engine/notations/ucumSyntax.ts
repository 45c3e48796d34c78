export type Node =
  | { readonly _tag: "Unit"; readonly text: string; readonly exponent: number; readonly start: number }
  | { readonly _tag: "Factor"; readonly value: number; readonly start: number }
  | { readonly _tag: "Binary"; readonly op: "." | "/"; readonly left: Node; readonly right: Node }

interface Failure {
  readonly position: number
  readonly message: string
  readonly expected: string
}

/** Bounds, as for conventional expressions: far above any real UCUM code. */
export const MAX_LENGTH = 1000
const MAX_NESTING = 32

/**
 * A recursive-descent reader of UCUM's grammar. A failure is returned as a value (SyntaxFailure),
 * never thrown: each step hands it up unchanged.
 */
export class Syntax {
  private i = 0
  private depth = 0
  readonly annotations: Array<string> = []
  private readonly s: string
  constructor(s: string) {
    this.s = s
  }

  private fail(message: string, expected: string, position = this.i): SyntaxFailure {
    return new SyntaxFailure({ position, message, expected })
  }

  parse(): Node | SyntaxFailure {
    if (this.s.length === 0) return this.fail("The unit is empty", "a UCUM expression, e.g. 'mg/dL'; '1' for a pure number")
    // a leading '/' divides one: /min
    let node: Node | SyntaxFailure
    if (this.s[0] === "/") {
      this.i++
      const right = this.component()
      if (right instanceof SyntaxFailure) return right
      node = { _tag: "Binary", op: "/", left: { _tag: "Factor", value: 1, start: 0 }, right }
    } else node = this.component()
    if (node instanceof SyntaxFailure) return node
    const term = this.rest(node)
    if (term instanceof SyntaxFailure) return term
    if (this.i < this.s.length) return this.fail(`Unexpected '${this.s[this.i]}' at position ${this.i}`, "'.', '/' or the end")
    return term
  }

  private rest(first: Node): Node | SyntaxFailure {
    let left = first
    while (this.i < this.s.length && (this.s[this.i] === "." || this.s[this.i] === "/")) {
      const op = this.s[this.i++] as "." | "/"
      if (this.i >= this.s.length) return this.fail(`'${op}' is not followed by a unit`, "a unit after the operator")
      const right = this.component()
      if (right instanceof SyntaxFailure) return right
      left = { _tag: "Binary", op, left, right }
    }
    return left
  }

  private component(): Node | SyntaxFailure {
    const start = this.i
    const c = this.s[this.i]
    if (c === "(") {
      if (++this.depth > MAX_NESTING) return this.fail(`Parentheses nest deeper than ${MAX_NESTING} levels`, "a flatter expression")
      this.i++
      const first = this.component()
      if (first instanceof SyntaxFailure) return first
      const inner = this.rest(first)
      if (inner instanceof SyntaxFailure) return inner
      if (this.s[this.i] !== ")") return this.fail(`'(' at position ${start} is never closed`, "')'")
      this.i++
      this.depth--
      return this.noUnitAfter() ?? inner
    }
    if (c === "{") {
      return this.annotation() ?? this.noUnitAfter() ?? { _tag: "Factor", value: 1, start }
    }
    if (c !== undefined && /\d/.test(c)) {
      // a factor is digits alone; digits glued to a unit (12h) are not UCUM (write 12.h)
      let j = this.i
      while (j < this.s.length && /\d/.test(this.s[j]!)) j++
      const next = this.s[j]
      if (next === undefined || next === "." || next === "/" || next === ")" || next === "{") {
        const value = Number(this.s.slice(this.i, j))
        this.i = j
        return (next === "{" ? this.noUnitAfter() : undefined) ?? { _tag: "Factor", value, start }
      }
      if (!(this.s.startsWith("10*", this.i) || this.s.startsWith("10^", this.i))) {
        return this.fail(
          `A number must stand alone or be joined with '.': '${this.s.slice(start, j + 1)}…' (write ${this.s.slice(start, j)}.${next})`,
          "a factor followed by '.', '/' or the end",
          j
        )
      }
    }
    return this.simpleUnit()
  }

  /** After ')' or an annotation only an operator may follow; the failure when something else does. */
  private noUnitAfter(): SyntaxFailure | undefined {
    const next = this.s[this.i]
    if (next === "{") {
      const failed = this.annotation()
      if (failed) return failed
    }
    const after = this.s[this.i]
    if (after !== undefined && after !== "." && after !== "/" && after !== ")")
      return this.fail(`Unexpected '${after}' at position ${this.i}: join components with '.' or '/'`, "'.', '/' or the end")
    return undefined
  }

  /** Reads `{…}`; the failure when it is not a well-formed annotation. */
  private annotation(): SyntaxFailure | undefined {
    const start = this.i
    const close = this.s.indexOf("}", this.i)
    if (close < 0) return this.fail(`The annotation at position ${start} is never closed`, "'}'")
    const text = this.s.slice(this.i + 1, close)
    if (/[{]/.test(text)) return this.fail("Annotations do not nest", "'}'", start)
    if (/[^\x21-\x7e]/.test(text)) return this.fail("An annotation holds printable ASCII characters only", "ASCII characters", start)
    this.annotations.push(text)
    this.i = close + 1
    return undefined
  }

  private simpleUnit(): Node | SyntaxFailure {
    const start = this.i
    let j = this.i
    while (j < this.s.length) {
      const c = this.s[j]!
      if (c === "[") {
        const close = this.s.indexOf("]", j)
        if (close < 0) return this.fail(`'[' at position ${j} is never closed`, "']'", j)
        j = close + 1
        continue
      }
      if (c === "." || c === "/" || c === "(" || c === ")" || c === "{" || c === "}") break
      if (/[\s]/.test(c)) return this.fail("UCUM expressions contain no spaces", "no spaces (join units with '.')", j)
      if (/[^\x21-\x7e]/.test(c)) return this.fail(`'${c}' is not a UCUM character (UCUM is ASCII: ug, not µg; Cel, not °C)`, "ASCII characters", j)
      j++
    }
    let text = this.s.slice(start, j)
    let exponent = 1
    // the exponent is the signed digits at the end, outside brackets
    const m = /^(.*?[^\d+-])([+-]?\d+)$/.exec(text)
    if (m && !text.endsWith("]")) {
      text = m[1]!
      exponent = Number(m[2])
      if (Math.abs(exponent) > 100) return this.fail(`The exponent ${exponent} is out of range (at most ±100)`, "a smaller exponent", start)
    }
    if (text === "") return this.fail(`Expected a unit at position ${start}`, "a unit")
    this.i = j
    if (this.s[this.i] === "{") {
      const failed = this.annotation()
      if (failed) return failed
    }
    const after = this.s[this.i]
    if (after === "(") return this.fail(`Unexpected '(' at position ${this.i}: join components with '.' or '/'`, "'.', '/' or the end")
    return { _tag: "Unit", text, exponent, start }
  }
}

export class SyntaxFailure {
  readonly failure: Failure
  constructor(failure: Failure) {
    this.failure = failure
  }
}
