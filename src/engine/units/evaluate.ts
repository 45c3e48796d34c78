/**
 * Evaluating a parsed unit expression: its names read into terms (by a reader the caller gives, so
 * that one expression is read in one convention), terms multiplied and raised, and the result
 * assembled with its coherent SI factor, dimension and notes.
 */
import type { Resolved, UnitRecord } from "./Catalog.ts"
import * as Dimension from "../Dimension.ts"
import { ParseError, type UnitError } from "../errors.ts"
import { dominant } from "../catalog/dominantReadings.ts"
import { type AmbiguousName, ambiguous } from "../catalog/readings.ts"
import * as Rational from "../Rational.ts"
import type * as UnitSyntax from "./UnitSyntax.ts"

export interface Term {
  readonly unit: UnitRecord
  readonly prefix: Resolved["prefix"]
  readonly exponent: number
}

export interface UnitExpression {
  readonly input: string
  /** Unit terms, merged by unit and prefix, in order of first appearance. */
  readonly terms: ReadonlyArray<Term>
  /** Pure numbers in the expression: 100 in `L/100km` gives 1/100. */
  readonly numeric: Rational.Rational
  /** Coherent SI value of one of this unit, numbers included. */
  readonly factor: Rational.Rational
  readonly dimension: Dimension.Dimension
  /** How ambiguous parts were read. */
  readonly notes: ReadonlyArray<string>
  /** The unit, when the expression is exactly one temperature scale (°C, °F): its offset applies. */
  readonly temperatureScale: UnitRecord | undefined
  /** The unit, when the expression is exactly one logarithmic level (dB, dBm, pH). */
  readonly level: UnitRecord | undefined
  /** A temperature scale appears inside a compound unit, where it stands for a difference. */
  readonly temperatureDifference: boolean
  /** Some term is a temperature-difference unit (delta_degC): the expression is never a point on a scale. */
  readonly temperatureInterval: boolean
  /** The expression is exactly one gauge or explicitly absolute pressure unit (psig, bara). */
  readonly pressureReference: "gauge" | "absolute" | undefined
  /** A gauge unit appears inside a compound, where it stands for a pressure difference. */
  readonly gaugeInside: boolean
}

export type Evaluation =
  | { readonly ok: true; readonly terms: Array<Term>; readonly numeric: Rational.Rational }
  | { readonly ok: false; readonly error: UnitError }

export type NameNode = Extract<UnitSyntax.Node, { _tag: "Name" }>

/** How one name of an expression is read: as written (evaluateName) or in a convention's reading (conventions.ts). */
export type NameReader = (node: NameNode) => Evaluation

const exactNames = new Map<string, AmbiguousName>()
const anyCaseNames = new Map<string, AmbiguousName>()
for (const a of ambiguous) for (const n of a.names) a.anyCase ? anyCaseNames.set(n.toLowerCase(), a) : exactNames.set(n, a)

/** The readings of a name that means different units in different systems (catalog/readings.ts). */
export const ambiguousName = (name: string): AmbiguousName | undefined => exactNames.get(name) ?? anyCaseNames.get(name.toLowerCase())

/**
 * Notes naming the reading taken for units that mean other things elsewhere (gal: the US gallon),
 * by the prefixed symbol first (Gbit: the gigabit, not the gilbert), else by the unit's, so a
 * prefixed unit says its reading too (MRayl: the MKS rayl).
 */
const readingNotes = (terms: ReadonlyArray<Term>): Array<string> => {
  const notes: Array<string> = []
  for (const t of terms) {
    const reading = dominant[(t.prefix?.symbol ?? "") + t.unit.symbol] ?? (t.prefix === undefined ? undefined : dominant[t.unit.symbol])
    if (reading !== undefined && !t.unit.custom) notes.push(reading.note)
  }
  return notes
}

/** The product (sign 1) or quotient (sign -1) of two term lists: same unit and prefix merge, cancelled terms go. */
export const multiplyTerms = (a: ReadonlyArray<Term>, b: ReadonlyArray<Term>, sign: 1 | -1): Array<Term> => {
  const out = a.map((t) => ({ ...t }))
  for (const t of b) {
    const same = out.findIndex((o) => o.unit === t.unit && o.prefix === t.prefix)
    if (same >= 0) out[same] = { ...out[same]!, exponent: out[same]!.exponent + sign * t.exponent }
    else out.push({ ...t, exponent: sign * t.exponent })
  }
  return out.filter((t) => Math.abs(t.exponent) > 1e-12)
}

const MAX_EXPONENT = 100

export const evaluateNode = (expression: string, node: UnitSyntax.Node, readName: NameReader): Evaluation => {
  switch (node._tag) {
    case "Number":
      if (!(node.value > 0) || !Number.isFinite(node.value)) {
        return {
          ok: false,
          error: new ParseError({
            message: `A numeric factor in a unit must be a positive finite number, got ${node.value}`,
            expression,
            position: node.start,
            hints: ["Numeric factors such as '100' in 'L/100km' must be positive"],
            expected: "a positive number"
          })
        }
      }
      return { ok: true, terms: [], numeric: Rational.fromNumber(node.value) }
    case "Name":
      return readName(node)
    case "Power": {
      const inner = evaluateNode(expression, node.base, readName)
      if (!inner.ok) return inner
      const largest = Math.max(0, ...inner.terms.map((t) => Math.abs(t.exponent * node.exponent)))
      if (largest > MAX_EXPONENT) {
        return {
          ok: false,
          error: new ParseError({
            message: `Cannot parse unit expression: '${expression}' raises a unit to the power ${largest}`,
            expression,
            position: node.start,
            expected: `exponents between -${MAX_EXPONENT} and ${MAX_EXPONENT}`,
            hints: [`Exponents are limited to ±${MAX_EXPONENT}; no physical unit needs more`]
          })
        }
      }
      const numeric = Rational.power(inner.numeric, node.exponent)
      return { ok: true, terms: inner.terms.map((t) => ({ ...t, exponent: t.exponent * node.exponent })), numeric }
    }
    case "Binary": {
      const left = evaluateNode(expression, node.left, readName)
      if (!left.ok) return left
      const right = evaluateNode(expression, node.right, readName)
      if (!right.ok) return right
      const sign = node.op === "*" ? 1 : -1
      return {
        ok: true,
        terms: multiplyTerms(left.terms, right.terms, sign),
        numeric: sign === 1 ? Rational.multiply(left.numeric, right.numeric) : Rational.divide(left.numeric, right.numeric)
      }
    }
  }
}

/** Coherent SI value of one of the term's prefixed unit, before its exponent: 1 km is 1000. */
export const unitValue = (t: Term): Rational.Rational => (t.prefix ? Rational.multiply(t.prefix.factor, t.unit.factor) : t.unit.factor)

const termFactor = (t: Term): Rational.Rational => Rational.power(unitValue(t), t.exponent)

/** Assembles an expression from terms: used by the parser and by code that builds units (compute). */
export const fromTerms = (input: string, terms: ReadonlyArray<Term>, numeric: Rational.Rational, notes: ReadonlyArray<string> = []): UnitExpression => {
  const kept = terms.filter((t) => Math.abs(t.exponent) > 1e-12)
  let factor = numeric
  let dimension = Dimension.dimensionless
  for (const t of kept) {
    factor = Rational.multiply(factor, termFactor(t))
    dimension = Dimension.multiply(dimension, Dimension.power(t.unit.dimension, t.exponent))
  }
  const single = kept.length === 1 && kept[0]!.exponent === 1 && Rational.isOne(numeric) && !kept[0]!.prefix ? kept[0]!.unit : undefined
  return {
    input,
    terms: kept,
    numeric,
    factor,
    dimension,
    notes,
    temperatureScale: single?.offset ? single : undefined,
    level: single?.logarithmic ? single : undefined,
    temperatureDifference: !single && kept.some((t) => t.unit.offset !== undefined),
    temperatureInterval: kept.some((t) => t.unit.interval === true),
    pressureReference: single?.pressureReference,
    gaugeInside: !single && kept.some((t) => t.unit.pressureReference === "gauge")
  }
}

/** At most this many notes per expression: a 1,000-term expression must not answer with 1,000 notes. */
const MAX_NOTES = 6

/** Notes without repeats, and past MAX_NOTES one line counting the rest. */
const foldNotes = (notes: ReadonlyArray<string>): Array<string> => {
  const unique = [...new Set(notes)]
  return unique.length <= MAX_NOTES ? unique : [...unique.slice(0, MAX_NOTES), `…and ${unique.length - MAX_NOTES} more notes of the same kinds`]
}

/** An evaluated expression with its notes, or the error of a level combined with other units. */
export const finish = (input: string, terms: ReadonlyArray<Term>, numeric: Rational.Rational, notes: ReadonlyArray<string>): UnitExpression | UnitError => {
  const expression = fromTerms(input, terms, numeric, foldNotes([...notes, ...readingNotes(terms)]))
  const misplacedLevel = expression.level === undefined && expression.terms.find((t) => t.unit.logarithmic)
  if (misplacedLevel) {
    return new ParseError({
      message: `Logarithmic unit '${misplacedLevel.unit.symbol}' cannot be combined with other units, prefixed or raised to a power`,
      expression: input,
      position: 0,
      expected: "a logarithmic unit on its own",
      hints: [`Convert '${misplacedLevel.unit.symbol}' on its own, e.g. to its linear unit, then combine the linear value`]
    })
  }
  return expression
}
