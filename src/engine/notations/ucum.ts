/**
 * UCUM, the notation clinical systems send (HL7, FHIR, LOINC): case-sensitive atoms from UCUM's
 * own table (ucumAtoms.ts), `.` and `/` between components, exponents written as digits after the
 * unit (`m2`, `s-1`), integer factors (`12.h`), `10*3` as a power of ten, `{annotations}` that do not
 * change the unit, and brackets that are part of an atom's name (`[in_i]`, `mm[Hg]`). Grammar and
 * semantics per the UCUM specification (unitsofmeasure.org/ucum, §§ 2–9).
 *
 * Expressions evaluate to the engine's UnitExpression, so conversion is the engine's own. UCUM's
 * base units map onto the engine's dimensions (the coulomb as current × time, the radian as the
 * angle pseudo-dimension); the mole is, as UCUM defines it, a number (6.02214076 × 10²³).
 * Arbitrary units ([IU], [CFU], [arb'U]) convert only to themselves. Special units with an offset
 * or a logarithm (Cel, [degF], B[V], Np, [pH]) are the engine's affine and logarithmic units; the
 * few others (prism diopter, % slope, homeopathic potencies, √Hz) are refused with the reason.
 */
import type { UnitRecord } from "../units/Catalog.ts"
import * as Dimension from "../Dimension.ts"
import { InvalidInput, ParseError, UnknownUnit, type UnitError, isEngineError } from "../errors.ts"
import type * as Prefix from "../Prefix.ts"
import * as Rational from "../Rational.ts"
import { closestNames } from "../similarity.ts"
import { type Term, type UnitExpression, fromTerms, multiplyTerms } from "../units/UnitExpression.ts"
import { type UcumUnit, baseUnits, units } from "./ucumAtoms.ts"
import { MAX_LENGTH, type Node, Syntax, SyntaxFailure } from "./ucumSyntax.ts"
import { precomputedAtoms } from "./precomputedAtoms.ts"
import { readAtoms } from "./ucumSnapshot.ts"
import { type Atom, baseDimensions, decimal, perSubstance, record, ucumPrefixes, unsupportedFunctions } from "./ucumRecords.ts"

export { type Atom, ucumPrefixes }

// ---------------------------------------------------------------------------------------------
// Atoms

let atoms: Map<string, Atom> | undefined

/**
 * What evaluating an atom's definition gives it: its dimension and coherent factor (before the
 * atom's own value), and for an arbitrary unit defined as another ([IU] = [iU]) that unit's name.
 */
export interface AtomEvaluation {
  readonly dimension: Dimension.Dimension
  readonly factor: Rational.Rational
  readonly arbitraryName?: string
}

/** The table's atoms in the order they went in, each with its evaluation: what the bundle precomputes (ucumSnapshot.ts). */
export interface EvaluatedAtoms {
  readonly table: Map<string, Atom>
  readonly order: ReadonlyArray<{ readonly unit: UcumUnit; readonly evaluation: AtomEvaluation }>
}

/** The table with UCUM's base units, before any defined unit. */
export const baseAtomTable = (): Map<string, Atom> => {
  const table = new Map<string, Atom>()
  for (const b of baseUnits)
    table.set(b.code, {
      record: record({ ...b, property: b.property }, { ...baseDimensions[b.code]!, offset: undefined, logarithmic: undefined }),
      metric: true
    })
  return table
}

/** UCUM's table, each definition evaluated with the atoms before it, pass after pass until none is left that can be. */
export const evaluateAtomTable = (): EvaluatedAtoms => {
  const table = baseAtomTable()
  const order: Array<{ unit: UcumUnit; evaluation: AtomEvaluation }> = []
  let pending: Array<UcumUnit> = [...units]
  while (pending.length > 0) {
    const deferred: Array<UcumUnit> = []
    for (const u of pending) {
      const evaluation = evaluateAtom(table, u)
      if (evaluation === "deferred") deferred.push(u)
      else {
        table.set(u.code, defineAtom(u, evaluation))
        order.push({ unit: u, evaluation })
      }
    }
    if (deferred.length === pending.length) break
    pending = deferred
  }
  return { table, order }
}

/** Restores the table from evaluations made earlier (in table order): the same atoms evaluateAtomTable gives. */
export const atomTableFrom = (order: EvaluatedAtoms["order"]): Map<string, Atom> => {
  const table = baseAtomTable()
  for (const { unit, evaluation } of order) table.set(unit.code, defineAtom(unit, evaluation))
  return table
}

/** UCUM's table as engine records (built once, on first use): restored when the bundle carries it precomputed, else evaluated. */
export const atomTable = (): Map<string, Atom> => {
  if (atoms) return atoms
  const order = precomputedAtoms === undefined ? undefined : readAtoms(precomputedAtoms)
  atoms = order ? atomTableFrom(order) : evaluateAtomTable().table
  return atoms
}

/** Whether every atom a definition names is in the table yet (a syntax error is left to the evaluation to report). */
const atomsKnown = (table: Map<string, Atom>, definition: string): boolean => {
  const ast = new Syntax(definition).parse()
  if (ast instanceof SyntaxFailure) return true
  const known = (node: Node): boolean =>
    node._tag === "Factor" ||
    (node._tag === "Binary" ? known(node.left) && known(node.right) : node.text === "10*" || node.text === "10^" || resolveAtom(table, node.text) !== undefined)
  return known(ast)
}

/** An atom's definition evaluated with the atoms in the table, or "deferred" while one it names is not there yet. */
const evaluateAtom = (table: Map<string, Atom>, u: UcumUnit): AtomEvaluation | "deferred" => {
  const definitionUnit = u.function ? u.function.unit : u.unit
  // checked first: an atom defined by one not in the table yet waits for the next pass, and an
  // unknown atom's error (its suggestions a scan of the whole table) would cost a cold start
  // milliseconds for nothing, since the table build discards it
  if (!atomsKnown(table, definitionUnit)) return "deferred"
  const evaluated = evaluate(table, definitionUnit, new Syntax(definitionUnit))
  if (isEngineError(evaluated)) return "deferred"
  // an arbitrary unit defined as exactly one other arbitrary unit takes its name ([IU] = [iU])
  const single =
    u.arbitrary && evaluated.terms.length === 1 && evaluated.terms[0]!.exponent === 1 && evaluated.terms[0]!.unit.unconnected
      ? evaluated.terms[0]!.unit
      : undefined
  return { dimension: evaluated.dimension, factor: evaluated.factor, ...(single ? { arbitraryName: single.name } : {}) }
}

const defineAtom = (u: UcumUnit, evaluated: AtomEvaluation): Atom => {
  const fn = u.function
  // [pi] is π itself, kept exact (its row gives 64 digits): the degree is then π/180 rad as in the catalog
  const value = u.code === "[pi]" ? Rational.pi : decimal(fn ? fn.value : u.value)
  const scale = Rational.multiply(value, evaluated.factor)
  if (fn) {
    if (unsupportedFunctions.has(fn.name)) {
      return {
        record: record(u, { dimension: evaluated.dimension, factor: scale, offset: undefined, logarithmic: undefined }),
        metric: u.metric,
        unsupported: `UCUM defines '${u.code}' (${u.name}) by the function ${fn.name}, which this server does not evaluate`
      }
    }
    // kelvin = (x + offset) × factor: Cel 273.15, [degF] 459.67 (in °F), [degRe] 218.52 (in °Ré)
    const offsets: Record<string, string> = { Cel: "273.15", degF: "459.67", degRe: "218.52" }
    if (Object.hasOwn(offsets, fn.name)) {
      return {
        record: record(u, { dimension: evaluated.dimension, factor: scale, offset: Rational.fromDecimal(offsets[fn.name]!), logarithmic: undefined }),
        metric: u.metric
      }
    }
    // levels: linear = reference × base^(x / divisor)
    const levels: Record<string, { base: number; divisor: number }> = {
      lg: { base: 10, divisor: 1 },
      lgTimes2: { base: 10, divisor: 2 },
      ln: { base: Math.E, divisor: 1 },
      pH: { base: 10, divisor: -1 }
    }
    const level = levels[fn.name]
    if (level && Object.hasOwn(levels, fn.name)) {
      return {
        record: record(u, {
          dimension: evaluated.dimension,
          factor: scale,
          offset: undefined,
          logarithmic: { base: level.base, divisor: level.divisor, complement: false, ratioOf: undefined }
        }),
        metric: u.metric
      }
    }
    return {
      record: record(u, { dimension: evaluated.dimension, factor: scale, offset: undefined, logarithmic: undefined }),
      metric: u.metric,
      unsupported: `UCUM defines '${u.code}' by the function ${fn.name}, which this server does not evaluate`
    }
  }
  if (Object.hasOwn(perSubstance, u.code)) {
    // UCUM defines eq and osm as the mole itself; that holds only for a valence (or particle count) of 1
    return {
      record: {
        ...record(u, { dimension: Dimension.dimensionless, factor: scale, offset: undefined, logarithmic: undefined, unconnected: true }),
        note: perSubstance[u.code]
      },
      metric: u.metric
    }
  }
  if (u.arbitrary) {
    // convertible only to itself (and to the arbitrary unit it is defined as: [IU] = [iU])
    return {
      record: record(u, {
        dimension: Dimension.dimensionless,
        factor: scale,
        offset: undefined,
        logarithmic: undefined,
        unconnected: true,
        name: evaluated.arbitraryName ?? u.name
      }),
      metric: u.metric
    }
  }
  return { record: record(u, { dimension: evaluated.dimension, factor: scale, offset: undefined, logarithmic: undefined }), metric: u.metric }
}

// ---------------------------------------------------------------------------------------------
// Evaluation

type Resolved = { readonly atom: Atom; readonly prefix: Prefix.Prefix | undefined }

const resolveAtom = (table: Map<string, Atom>, text: string): Resolved | undefined => {
  const exact = table.get(text)
  if (exact) return { atom: exact, prefix: undefined }
  for (const p of ucumPrefixes) {
    if (!text.startsWith(p.symbol)) continue
    const atom = table.get(text.slice(p.symbol.length))
    if (atom?.metric) return { atom, prefix: p }
  }
  return undefined
}

const unknown = (table: Map<string, Atom>, input: string, node: Extract<Node, { _tag: "Unit" }>): UnknownUnit => {
  const near = closestNames(node.text, [...table.keys()], 3)
  const hints = near.length > 0 ? [`Similar UCUM codes: ${near.join(", ")}`] : []
  hints.push("UCUM codes are case-sensitive: mg, mL or ml, [in_i], [lb_av], Cel, mm[Hg]; see unitsofmeasure.org")
  return new UnknownUnit({ message: `Unknown UCUM unit: '${node.text}'`, unit: node.text, expression: input, position: node.start, got: node.text, hints })
}

type Evaluation = { readonly terms: Array<Term>; readonly numeric: Rational.Rational } | UnitError | InvalidInput

const specialMisused = (input: string, node: Extract<Node, { _tag: "Unit" }>, why: string): ParseError =>
  new ParseError({
    message: `Not a usable UCUM expression: ${why}`,
    expression: input,
    position: node.start,
    expected: "a special unit (Cel, [degF], B, dB, Np, B[V], [pH]) on its own",
    got: node.text,
    hints: ["UCUM's special units are defined by a function: use one alone, unprefixed except for levels (dB, cNp), and convert the linear value"]
  })

const prefixedLevels = new Map<string, UnitRecord>()

/** dB, cNp, mB: the level with its step scaled by the prefix (the function applies to x × prefix). */
const prefixedLevel = (level: UnitRecord, prefix: Prefix.Prefix): UnitRecord => {
  const key = prefix.symbol + level.symbol
  let derived = prefixedLevels.get(key)
  if (!derived) {
    const scale = level.logarithmic!
    derived = { ...level, symbol: key, name: prefix.name + level.name, logarithmic: { ...scale, divisor: scale.divisor / Rational.toNumber(prefix.factor) } }
    prefixedLevels.set(key, derived)
  }
  return derived
}

/** A level or scale inside a compound: UCUM's special units cannot be multiplied (no meaning for dB/s). */
const misplacedSpecial = (input: string, e: UnitExpression): ParseError | undefined => {
  if (e.level !== undefined || e.temperatureScale !== undefined) return undefined
  const level = e.terms.find((t) => t.unit.logarithmic !== undefined)
  if (!level) return undefined
  return new ParseError({
    message: `Logarithmic unit '${level.unit.symbol}' cannot be combined with other units or numbers`,
    expression: input,
    position: 0,
    expected: "a logarithmic unit on its own",
    got: input,
    hints: [`Convert '${level.unit.symbol}' on its own, e.g. to its linear unit, then combine the linear value`]
  })
}

const evalNode = (table: Map<string, Atom>, input: string, node: Node): Evaluation => {
  switch (node._tag) {
    case "Factor":
      return { terms: [], numeric: Rational.fromNumber(node.value) }
    case "Unit": {
      // 10*3 and 10^3: UCUM's number ten raised to the exponent
      // a power of ten held as one, exactly, however large (10*23 of the mole)
      if (node.text === "10*" || node.text === "10^") return { terms: [], numeric: Rational.make(1, 1, 0, node.exponent) }
      const r = resolveAtom(table, node.text)
      if (!r) return unknown(table, input, node)
      if (r.atom.unsupported)
        return new InvalidInput({
          message: r.atom.unsupported,
          got: node.text,
          hints: ["Convert the value with the function's definition, then use a linear UCUM unit"]
        })
      const special = r.atom.record.logarithmic !== undefined || r.atom.record.offset !== undefined
      if (special && node.exponent !== 1)
        return specialMisused(input, node, `'${node.text}' is defined by a function (a scale or a level), so it cannot be raised to a power`)
      if (special && r.prefix) {
        // a prefixed level is the level in a smaller step: 1 dB = 0.1 B, so 10^(x/10) for dB; a
        // prefixed temperature scale (mCel) has no agreed meaning: a scale point is not a quantity
        if (r.atom.record.offset !== undefined)
          return specialMisused(input, node, `'${node.text}' puts a prefix on the temperature scale '${r.atom.record.symbol}', which has no agreed meaning`)
        return { terms: [{ unit: prefixedLevel(r.atom.record, r.prefix), prefix: undefined, exponent: 1 }], numeric: Rational.one }
      }
      return { terms: [{ unit: r.atom.record, prefix: r.prefix, exponent: node.exponent }], numeric: Rational.one }
    }
    case "Binary": {
      const left = evalNode(table, input, node.left)
      if (isEngineError(left)) return left
      const right = evalNode(table, input, node.right)
      if (isEngineError(right)) return right
      const sign = node.op === "." ? 1 : -1
      return {
        terms: multiplyTerms(left.terms, right.terms, sign),
        numeric: sign === 1 ? Rational.multiply(left.numeric, right.numeric) : Rational.divide(left.numeric, right.numeric)
      }
    }
  }
}

const evaluate = (table: Map<string, Atom>, input: string, syntax: Syntax): UnitExpression | UnitError | InvalidInput => {
  const ast = syntax.parse()
  if (ast instanceof SyntaxFailure) {
    return new ParseError({
      message: `Not a valid UCUM expression: '${input}'`,
      expression: input,
      position: ast.failure.position,
      expected: ast.failure.expected,
      got: input,
      hints: [ast.failure.message]
    })
  }
  const evaluated = evalNode(table, input, ast)
  if (isEngineError(evaluated)) return evaluated
  const notes =
    syntax.annotations.length > 0
      ? [`Annotations ${syntax.annotations.map((a) => `{${a}}`).join(", ")} name what is counted or measured; they do not change the unit`]
      : []
  return fromTerms(input, evaluated.terms, evaluated.numeric, notes)
}

const CACHE_LIMIT = 2048
const cache = new Map<string, UnitExpression | UnitError | InvalidInput>()

const checked = (input: string, e: UnitExpression | UnitError | InvalidInput): UnitExpression | UnitError | InvalidInput =>
  isEngineError(e) ? e : (misplacedSpecial(input, e) ?? e)

/** The refusal of an expression longer than any UCUM code, read no further (either form of UCUM). */
export const tooLong = (input: string): ParseError | undefined =>
  input.length > MAX_LENGTH
    ? new ParseError({
        message: `The expression is ${input.length} characters long; at most ${MAX_LENGTH} are read`,
        expression: input.slice(0, 40),
        position: MAX_LENGTH,
        expected: `at most ${MAX_LENGTH} characters`,
        hints: []
      })
    : undefined

/** Resolves a UCUM expression ("mg/dL", "10*3/uL", "[lb_av]", "mm[Hg]", "kg.m.s-2"). */
export const resolveUcum = (input: string): UnitExpression | UnitError | InvalidInput => {
  const hit = cache.get(input)
  if (hit) return hit
  const result = tooLong(input) ?? checked(input, evaluate(atomTable(), input, new Syntax(input)))
  if (input.length <= 256) {
    if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!)
    cache.set(input, result)
  }
  return result
}

/** Whether a string is a valid UCUM expression (syntax and atoms), as UCUM's validation tests ask. */
export const isValidUcum = (input: string): boolean => !isEngineError(resolveUcum(input))

/** A string only UCUM reads: brackets around atom names or annotations, which conventional notation lacks. */
export const looksLikeUcum = (input: string): boolean => /\[[^\]]*\]|\{[^}]*\}/.test(input) && isValidUcum(input)
