/**
 * Building factor chains for compute. Query mode ("500 mL to L") emits the one exact factor that
 * converts source to target, so exponents (cm² → m²) and compound targets (W·h → kWh) come out
 * right. Structured mode places each known quantity in the numerator or the denominator so the
 * dimensions close on the target, choosing, among the placements that close, the one whose units
 * cancel best (kg against /kg, mg against mcg), then bridges the leftover units to the target with
 * one exact factor. A conversion that is not a pure factor (a temperature scale, a logarithmic
 * level) is reported as such: a factor chain cannot carry an offset.
 */
import { Effect } from "effect"
import type { Catalog } from "../units/Catalog.ts"
import { type Converter, converterBetween } from "./between.ts"
import { resolveUnit } from "./convert.ts"
import * as Dimension from "../Dimension.ts"
import * as DimensionNames from "../DimensionNames.ts"
import { DimensionMismatch, type EngineError, InvalidInput, NoConversionPath, ParseError, isEngineError, locate } from "../errors.ts"
import { Role } from "../roles.ts"
import * as Rational from "../Rational.ts"
import { type Term, type UnitExpression, format, multiplyTerms, unitValue } from "../units/UnitExpression.ts"
import type { Factor } from "./compute.ts"
import { Action } from "../actions.ts"

export interface KnownQuantity {
  readonly value: number
  readonly unit: string
}

export interface DecomposeResult {
  readonly initialValue: number | null
  readonly initialUnit: string
  readonly targetUnit: string
  readonly factors: ReadonlyArray<Factor>
  readonly notes: ReadonlyArray<string>
}

// →, escaped: a literal non-ASCII character makes V8 hold the whole bundle chunk as a two-byte string (scripts/build.ts).
// Each separator ends where its word does (the lookahead), so "1 in in cm" finds both of its "in"s.
const QUERY_SEPARATOR = /\s+(?:to|into|in|as)(?=\s)|\s*(?:\u2192|->|=>)\s*/gu
// "in" and "as" are also units (the inch, the attosecond): "1 in to cm" splits at "to"
const WEAK_SEPARATOR = /^\s+(?:in|as)$/u
const LEADING_NUMBER = /^\s*([+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)\s*(.*)$/su

interface QuerySplit {
  readonly value: number | null
  readonly source: string
  readonly target: string
  /** Where each unit stands in the query, [start, end): a fix to one is said as the whole query corrected. */
  readonly sourceAt: readonly [number, number]
  readonly targetAt: readonly [number, number]
}

const splitAt = (query: string, match: RegExpExecArray): QuerySplit => {
  const left = query.slice(0, match.index).trim()
  const rest = query.slice(match.index + match[0].length)
  const target = rest.trim()
  const number = LEADING_NUMBER.exec(left)
  const value = number && number[2]!.trim() !== "" ? Number(number[1]) : null
  const source = value === null ? left : number![2]!.trim()
  const sourceEnd = query.slice(0, match.index).trimEnd().length
  const targetStart = match.index + match[0].length + (rest.length - rest.trimStart().length)
  return { value, source, target, sourceAt: [sourceEnd - source.length, sourceEnd], targetAt: [targetStart, targetStart + target.length] }
}

/**
 * Splits "500 mL to L" into value, source and target; the value is optional. Of the separators
 * the query holds, "to", "into" and the arrows come before "in" and "as", and the first that leaves
 * a unit on each side is taken: "1 in to cm" is an inch, "3 in in cm" too.
 */
export const parseQuery = (query: string): QuerySplit | ParseError => {
  const separators = [...query.matchAll(QUERY_SEPARATOR)]
  const ordered = [...separators.filter((m) => !WEAK_SEPARATOR.test(m[0])), ...separators.filter((m) => WEAK_SEPARATOR.test(m[0]))]
  if (ordered.length === 0) {
    return new ParseError({
      message: `Cannot read the query '${query}': expected '<value> <unit> to <unit>'`,
      role: Role.query,
      got: query,
      expected: "'<value> <unit> to <unit>', e.g. '500 mL to L' or '60 mph -> km/h'",
      expression: query,
      position: query.length,
      hints: ["Separate source and target with 'to', 'in', '->' or '→'", "Or give the source and target units separately"]
    })
  }
  const splits = ordered.map((m) => splitAt(query, m))
  const split = splits.find((s) => s.source !== "" && s.target !== "" && !(s.value === null && LEADING_NUMBER.test(s.source))) ?? splits[0]!
  if (split.source === "" || split.target === "") {
    return new ParseError({
      message: `The query '${query}' is missing a unit`,
      role: Role.query,
      got: query,
      expected: "'<value> <unit> to <unit>'",
      expression: query,
      position: split.source === "" ? 0 : query.length,
      hints: []
    })
  }
  return split
}

const notAPureFactor = (from: UnitExpression, to: UnitExpression, converter: Converter): NoConversionPath =>
  new NoConversionPath({
    message: `'${from.input}' → '${to.input}' is not a pure factor, so it cannot be a factor chain`,
    from: from.input,
    to: to.input,
    hints:
      converter.kind === "affine"
        ? [
            `The conversion is y = ${Number(Rational.toNumber(converter.slope).toPrecision(12))}·x + ${Number(Rational.toNumber(converter.intercept).toPrecision(12))}: a factor chain can only multiply`
          ]
        : ["A logarithmic level (dB, dBm, pH) converts by exponentials, not by a factor"],
    next: converter.kind === "affine" ? [Action.convertPoint, Action.useDeltaUnits] : [Action.convertPoint]
  })

/** The single exact factor taking `from` to `to`, or why there is none. */
const bridgeFactor = (catalog: Catalog, from: UnitExpression, to: UnitExpression, fromText: string, toText: string): Factor | EngineError => {
  const converter = converterBetween(catalog, from, to)
  if (isEngineError(converter)) return converter
  if (converter.kind !== "linear") return notAPureFactor(from, to, converter)
  return { value: Rational.toNumber(converter.slope), numerator: toText, denominator: fromText }
}

/**
 * Query mode: the query's one exact factor. A failure names the query, and a fix to either unit is
 * the whole query with that unit corrected ("5 mg to g" for "5 mgg to g"), so it can be sent back as is.
 */
export const decomposeQuery = (catalog: Catalog, query: string): Effect.Effect<DecomposeResult, EngineError> => {
  const split = parseQuery(query)
  if (isEngineError(split)) return Effect.fail(split)
  return Effect.mapError(decomposeConversion(catalog, split.source, split.target, split.value), (error) => {
    const at = error.role === Role.sourceUnit ? split.sourceAt : error.role === Role.targetUnit ? split.targetAt : undefined
    const corrected = error.corrected === undefined || at === undefined ? undefined : query.slice(0, at[0]) + error.corrected + query.slice(at[1])
    return locate(error, { role: Role.query, corrected })
  })
}

/** Initial and target units with no known quantities (or a query's two units): one exact factor. */
export const decomposeConversion = (
  catalog: Catalog,
  source: string,
  target: string,
  value: number | null,
  roles: { readonly from: string; readonly to: string } = { from: Role.sourceUnit, to: Role.targetUnit }
) =>
  Effect.gen(function* () {
    const from = yield* resolveUnit(catalog, source, roles.from)
    const to = yield* resolveUnit(catalog, target, roles.to)
    const factor = bridgeFactor(catalog, from, to, source, target)
    if (isEngineError(factor)) return yield* Effect.fail(locate(factor, { role: roles.to }))
    const result: DecomposeResult = {
      initialValue: value,
      initialUnit: source,
      targetUnit: target,
      factors: factor.value === 1 && source === target ? [] : [factor],
      notes: [...from.notes, ...to.notes]
    }
    return result
  })

interface Placed {
  readonly quantity: KnownQuantity
  readonly expression: UnitExpression
  readonly sign: 1 | -1
}

/** How well a placement cancels units: +2 for the same unit with opposite sign, +1 for the same dimension. */
const cancellationScore = (placed: ReadonlyArray<Placed>, initial: ReadonlyArray<Term>, target: ReadonlyArray<Term>): number => {
  let score = 0
  for (const p of placed) {
    for (const t of p.expression.terms) {
      const e = p.sign * t.exponent
      for (const i of initial) {
        if (Math.sign(i.exponent) === -Math.sign(e) && Dimension.equals(i.unit.dimension, t.unit.dimension))
          score += i.unit === t.unit && i.prefix === t.prefix ? 2 : 1
      }
      for (const g of target) {
        if (Math.sign(g.exponent) === Math.sign(e) && Dimension.equals(g.unit.dimension, t.unit.dimension))
          score += g.unit === t.unit && g.prefix === t.prefix ? 2 : 1
      }
    }
  }
  return score
}

const unitText = (t: Term): string => format([{ ...t, exponent: 1 }])

interface Bridge {
  readonly factor: Factor
  readonly numerator: Term
  readonly denominator: Term
}

/**
 * One readable factor per unit to change, as on paper: mcg against /mg cancels (0.001 mg/mcg),
 * /min becomes /h (60 min/h). Only single, linear units of one dimension with exponent ±1 are
 * paired; whatever remains is bridged by one exact factor afterwards.
 */
const unitBridges = (terms: ReadonlyArray<Term>, target: ReadonlyArray<Term>): Array<Bridge> => {
  const simple = (t: Term) => Math.abs(t.exponent) === 1 && !t.unit.offset && !t.unit.logarithmic && !t.unit.unconnected
  const bridges: Array<Bridge> = []
  const used = new Set<Term>()
  const bridge = (from: Term, to: Term, exponent: number) => {
    // per unit of `from` in the numerator: × (from/to) to/from; in the denominator: × (to/from) from/to
    const [numerator, denominator] = exponent > 0 ? [to, from] : [from, to]
    const value = Rational.toNumber(Rational.divide(unitValue(denominator), unitValue(numerator)))
    bridges.push({
      factor: { value, numerator: unitText(numerator), denominator: unitText(denominator) },
      numerator: { ...numerator, exponent: 1 },
      denominator: { ...denominator, exponent: 1 }
    })
  }
  // leftovers of one dimension that cancel each other (mcg · mg⁻¹)
  for (const up of terms) {
    if (!simple(up) || up.exponent < 0 || used.has(up)) continue
    const down = terms.find(
      (d) =>
        simple(d) &&
        d.exponent < 0 &&
        !used.has(d) &&
        Dimension.equals(d.unit.dimension, up.unit.dimension) &&
        !target.some((g) => g.unit === d.unit && g.prefix === d.prefix)
    )
    if (!down || target.some((g) => g.unit === up.unit && g.prefix === up.prefix)) continue
    used.add(up).add(down)
    bridge(up, { ...down, exponent: 1 }, 1)
  }
  // units that differ from the target's unit of the same dimension and sign (min → h)
  for (const t of terms) {
    if (!simple(t) || used.has(t) || target.some((g) => g.unit === t.unit && g.prefix === t.prefix)) continue
    const goal = target.find(
      (g) =>
        simple(g) &&
        Math.sign(g.exponent) === Math.sign(t.exponent) &&
        Dimension.equals(g.unit.dimension, t.unit.dimension) &&
        !terms.some((o) => o.unit === g.unit && o.prefix === g.prefix)
    )
    if (!goal) continue
    used.add(t)
    bridge(t, goal, t.exponent)
  }
  return bridges
}

const MAX_QUANTITIES = 12

/** Structured mode: known quantities bridge the dimensional gap between initial and target units. */
// A little over 80 lines: the search is one loop over the known quantities with its bounds beside it.
export const decomposeWithQuantities = (catalog: Catalog, initialUnit: string, targetUnit: string, known: ReadonlyArray<KnownQuantity>) =>
  Effect.gen(function* () {
    if (known.length > MAX_QUANTITIES) {
      return yield* new InvalidInput({
        message: `At most ${MAX_QUANTITIES} known quantities are supported, got ${known.length}`,
        role: Role.knownQuantities,
        hints: []
      })
    }
    const initial = yield* resolveUnit(catalog, initialUnit, Role.initialUnit)
    const target = yield* resolveUnit(catalog, targetUnit, Role.targetUnit)
    const quantities: Array<{ quantity: KnownQuantity; expression: UnitExpression }> = []
    for (const [index, q] of known.entries()) {
      if (!Number.isFinite(q.value) || q.value === 0) {
        return yield* new InvalidInput({
          message: `Known quantity ${index + 1} needs a finite, non-zero value`,
          role: Role.knownQuantityValue(index),
          hints: []
        })
      }
      quantities.push({ quantity: q, expression: yield* resolveUnit(catalog, q.unit, Role.knownQuantityUnit(index)) })
    }
    const gap = Dimension.divide(target.dimension, initial.dimension)
    const placements = function* () {
      for (let mask = 0; mask < 1 << quantities.length; mask++) {
        let dimension = Dimension.dimensionless
        const placed: Array<Placed> = quantities.map((q, i) => {
          const sign = mask & (1 << i) ? -1 : 1
          dimension = Dimension.multiply(dimension, Dimension.power(q.expression.dimension, sign))
          return { ...q, sign }
        })
        yield { placed, dimension }
      }
    }
    let best: { placed: Array<Placed>; score: number; denominators: number } | undefined
    for (const { placed, dimension } of placements()) {
      if (!Dimension.equals(dimension, gap)) continue
      const score = cancellationScore(placed, initial.terms, target.terms)
      const denominators = placed.filter((p) => p.sign === -1).length
      // most cancellation first, then fewest denominators, then the lowest mask (stable, deterministic)
      if (!best || score > best.score || (score === best.score && denominators < best.denominators)) best = { placed, score, denominators }
    }
    // bridged but for a count a known quantity carries (3 ea/d for 3 doses a day): the answer is per item
    const counted = quantities.filter((q) => Dimension.differingPseudo(q.expression.dimension, Dimension.dimensionless).includes("count"))
    const perItem =
      !best &&
      counted.length > 0 &&
      [...placements()].some(
        ({ dimension }) => Dimension.equalsIgnoringPseudo(dimension, gap) && Dimension.differingPseudo(dimension, gap).every((p) => p === "count")
      )
    if (perItem) {
      const written = counted.map((q) => `${q.quantity.value} ${q.quantity.unit}`).join("', '")
      return yield* new DimensionMismatch({
        message: `The known quantities bridge '${initialUnit}' to '${targetUnit}' but for the count in '${written}': the result would be per counted item`,
        role: Role.knownQuantities,
        fromDimension: DimensionNames.describe(initial.dimension),
        toDimension: DimensionNames.describe(target.dimension),
        got: DimensionNames.describe(initial.dimension),
        expected: DimensionNames.describe(target.dimension),
        hints: [
          `'${written}' carries a count: ask for the amount per item (e.g. ${targetUnit}/ea), or give the quantity without the count (a frequency as 3 /d, not 3 ea/d)`
        ]
      })
    }
    if (!best) {
      const hints: Array<string> = []
      gap.forEach((e, i) => {
        if (e !== 0)
          hints.push(
            `Need to ${e > 0 ? "add" : "cancel"} '${Dimension.baseQuantities[i]!.name}' (exponent ${Math.abs(e)}): provide a quantity with this dimension`
          )
      })
      if (gap[2]! !== 0) hints.push("A dose frequency such as 3 /d or an infusion time such as 8 h supplies time")
      hints.push("Add more known quantities to bridge the gap")
      return yield* new DimensionMismatch({
        message: `Cannot bridge the dimensional gap from '${initialUnit}' to '${targetUnit}' with the known quantities`,
        role: Role.knownQuantities,
        fromDimension: DimensionNames.describe(initial.dimension),
        toDimension: DimensionNames.describe(target.dimension),
        got: DimensionNames.describe(initial.dimension),
        expected: DimensionNames.describe(target.dimension),
        hints
      })
    }
    const factors: Array<Factor> = best.placed.map((p) =>
      p.sign === 1
        ? { value: p.quantity.value, numerator: p.quantity.unit, denominator: "1" }
        : { value: 1, numerator: "1", denominator: `${p.quantity.value} ${p.quantity.unit}` }
    )
    // the units after the placed quantities, bridged to the target unit by unit, then exactly
    let terms: Array<Term> = [...initial.terms]
    for (const p of best.placed) terms = multiplyTerms(terms, p.expression.terms, p.sign)
    const bridges = unitBridges(terms, target.terms)
    for (const b of bridges) terms = multiplyTerms(multiplyTerms(terms, [b.numerator], 1), [b.denominator], -1)
    factors.push(...bridges.map((b) => b.factor))
    const accumulatedText = terms.length === 0 ? "1" : format(terms)
    if (accumulatedText !== format(target.terms)) {
      const accumulated = yield* resolveUnit(catalog, accumulatedText, Role.initialUnit)
      const bridge = bridgeFactor(catalog, accumulated, target, accumulatedText, targetUnit)
      if (isEngineError(bridge)) return yield* Effect.fail(locate(bridge, { role: Role.targetUnit }))
      factors.push(bridge)
    }
    const result: DecomposeResult = {
      initialValue: null,
      initialUnit: initialUnit,
      targetUnit: targetUnit,
      factors,
      notes: [...initial.notes, ...target.notes]
    }
    return result
  })
