/**
 * Unit expressions as the worksheet shows them: the text a caller wrote, cut into pieces (numbers,
 * unit names, operators) so that a unit that cancels can be struck through where it was written.
 * This reads only the shape of an expression, never a unit's meaning: which units truly cancel is
 * the server's answer (each step's unit), and cancel.ts strikes a unit only where its reading here
 * agrees with that answer.
 *
 * The grammar is the server's, as the README states it: `/` and `per` put what follows in the
 * denominator and group left to right (mcg/kg/min = mcg/(kg·min)); units side by side after `/`
 * stay there (W/m2 K = W/(m²·K)); `*`, `·` (and UCUM's `.`) bring the next one back up
 * (J/mol*K = (J/mol)·K); exponents are `^n`, `**n`, trailing digits (m2, s-2) or superscripts.
 */

/** One piece of the written text; a unit piece has the index of its atom. */
export interface Piece {
  readonly text: string
  readonly kind: "number" | "unit" | "operator"
  readonly atom?: number
}

/** A unit as it acts on the expression: its name and signed power (negative in the denominator). */
export interface Atom {
  readonly name: string
  readonly power: number
}

export interface Reading {
  readonly pieces: ReadonlyArray<Piece>
  readonly atoms: ReadonlyArray<Atom>
}

const superscripts: Readonly<Record<string, string>> = {
  "\u2070": "0",
  "\u00b9": "1",
  "\u00b2": "2",
  "\u00b3": "3",
  "\u2074": "4",
  "\u2075": "5",
  "\u2076": "6",
  "\u2077": "7",
  "\u2078": "8",
  "\u2079": "9",
  "\u207b": "-"
}
const superscriptClass = "\u2070\u00b9\u00b2\u00b3\u2074-\u2079\u207b"

/** A character a unit name may hold, and the bracketed parts kept whole ([in_i], mm[Hg], {annotation}). */
const plain = `[^\\s*\\u00b7\\u22c5\\u00d7/()^.\\d${superscriptClass}\\[{\\-]`
const bracketed = "\\[[^\\]]*\\]|\\{[^}]*\\}"

/**
 * The lexical pieces: a power of ten (UCUM's 10*3), a number, a unit name (bracketed parts such as
 * [in_i] or mm[Hg] and annotations kept whole) with its exponent, the word `per`, an operator.
 */
const lexer = new RegExp(
  [
    "(?<ten>10\\*[-+]?\\d+|10\\^[-+]?\\d+)",
    "(?<number>\\d+(?:\\.\\d+)?(?:[eE][-+]?\\d+)?)",
    `(?<unit>(?:${bracketed}|${plain})(?:${bracketed}|${plain}|-(?=\\p{L}))*)`,
    "(?<operator>\\*\\*|[*\\u00b7\\u22c5\\u00d7/()^.]|\\s+)"
  ].join("|"),
  "gu"
)

const exponentAfter = /^(?:\^|\*\*)?([-+]?\d+)|^([\u2070\u00b9\u00b2\u00b3\u2074-\u2079\u207b]+)/u

/** Reads `text`; `ucum` makes `.` a product (in conventional notation it only appears inside numbers). */
export const read = (text: string, ucum = false): Reading => {
  const pieces: Array<Piece> = []
  const atoms: Array<Atom> = []
  // side: 1 in the numerator, -1 after a division; groups push the side they opened on
  let side = 1
  const groups: Array<{ readonly outer: number; readonly inner: number; readonly first: number }> = []
  let position = 0
  while (position < text.length) {
    lexer.lastIndex = position
    const match = lexer.exec(text)
    if (!match || match.index !== position) {
      // a character the lexer has no use for: shown as written, read as nothing
      pieces.push({ text: text[position]!, kind: "operator" })
      position += 1
      continue
    }
    const { ten, number, unit, operator } = match.groups!
    position += match[0].length
    if (ten !== undefined || number !== undefined) {
      pieces.push({ text: match[0], kind: "number" })
      continue
    }
    if (unit !== undefined) {
      if (unit.toLowerCase() === "per") {
        pieces.push({ text: unit, kind: "operator" })
        side = -1
        continue
      }
      const exponent = exponentAfter.exec(text.slice(position))
      let power = 1
      let written = unit
      if (exponent) {
        const digits = exponent[1] ?? [...exponent[2]!].map((c) => superscripts[c]).join("")
        const parsed = Number(digits)
        if (Number.isInteger(parsed) && parsed !== 0) {
          power = parsed
          written += exponent[0]
          position += exponent[0].length
        }
      }
      // an annotation ({tot}, {RBC}) is a comment in UCUM: mmol{tot} is mmol, and {cells} alone is 1
      const name = unit.replace(/\{[^}]*\}/g, "")
      if (name === "") {
        pieces.push({ text: written, kind: "operator" })
        continue
      }
      atoms.push({ name, power: power * side * (groups.at(-1)?.inner ?? 1) })
      pieces.push({ text: written, kind: "unit", atom: atoms.length - 1 })
      continue
    }
    const op = operator!
    pieces.push({ text: op, kind: "operator" })
    if (op === "/") side = -1
    else if (op === "*" || op === "**" || op === "\u00b7" || op === "\u22c5" || op === "\u00d7" || (op === "." && ucum)) side = 1
    else if (op === "(") {
      const outer = groups.at(-1)?.inner ?? 1
      groups.push({ outer: side, inner: outer * side, first: atoms.length })
      side = 1
    } else if (op === ")") {
      const group = groups.pop()
      if (group) {
        side = group.outer
        // a power on the group, (m/s)^2, raises every unit inside it
        const exponent = exponentAfter.exec(text.slice(position))
        if (exponent?.[1] !== undefined || exponent?.[2] !== undefined) {
          const digits = exponent[1] ?? [...exponent[2]!].map((c) => superscripts[c]).join("")
          const parsed = Number(digits)
          if (Number.isInteger(parsed) && parsed !== 0) {
            for (let i = group.first; i < atoms.length; i++) atoms[i] = { ...atoms[i]!, power: atoms[i]!.power * parsed }
            pieces.push({ text: exponent[0], kind: "operator" })
            position += exponent[0].length
          }
        }
      }
    }
  }
  return { pieces, atoms }
}

/** Each unit name with its net power, those that net to zero left out. */
export const net = (atoms: ReadonlyArray<Atom>): ReadonlyMap<string, number> => {
  const sums = new Map<string, number>()
  for (const a of atoms) sums.set(a.name, (sums.get(a.name) ?? 0) + a.power)
  for (const [name, power] of sums) if (power === 0) sums.delete(name)
  return sums
}

export const sameNet = (a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number>): boolean =>
  a.size === b.size && [...a].every(([name, power]) => b.get(name) === power)
