/**
 * One convention per expression. An expression written in capitals (MG/DL, 5 ML, ML/HR) is read two
 * ways, each whole: as written, SI symbols case-sensitive (ML the megalitre), and in capitals, as
 * labels and HL7 v2 mean them (ML the millilitre; catalog/capitals.ts). Never one token one way and
 * the next the other: `MCG/ML` is µg/mL or, as written, nothing (MCG is no SI symbol), never µg/ML.
 * When one reading reads every token, or both agree, that is the answer (a note says when it is the
 * capitals reading); when both read it and differ, the expression is refused with both, each written
 * so that it reads back unambiguously.
 */
import { type Catalog, type Resolved, describeUnit, nameOf, symbolOf } from "./Catalog.ts"
import * as Dimension from "../Dimension.ts"
import { AmbiguousInput, fieldsOf, isEngineError, type UnitError } from "../errors.ts"
import * as Rational from "../Rational.ts"
import type * as UnitSyntax from "./UnitSyntax.ts"
import { capitalsReadings, isCapitals } from "./capitals.ts"
import { ambiguousUnit, unknownUnit } from "./unknownUnits.ts"
import { type NameNode, type Term, type UnitExpression, ambiguousName, evaluateNode, finish } from "./evaluate.ts"

/** More readings than this (every token of a long expression in doubt) are refused by their count, not listed. */
const MAX_READINGS = 8

interface Reading {
  readonly expression: UnitExpression
  /** The expression rewritten so that it reads back as this reading in any convention. */
  readonly rewritten: string
  readonly convention: "written" | "capitals"
}

/** Two expressions that mean the same unit: factor, dimension, and what makes a unit more than its factor. */
const sameMeaning = (a: UnitExpression, b: UnitExpression): boolean =>
  Rational.equals(a.factor, b.factor) &&
  Dimension.equals(a.dimension, b.dimension) &&
  a.temperatureScale === b.temperatureScale &&
  a.level === b.level &&
  a.temperatureInterval === b.temperatureInterval &&
  a.pressureReference === b.pressureReference &&
  a.gaugeInside === b.gaugeInside &&
  a.terms.map((t) => t.unit.kind ?? "").join() === b.terms.map((t) => t.unit.kind ?? "").join()

/** A unit as it reads back unambiguously: its symbol, or its name where the symbol is all capitals (MW, ML, K). */
const unambiguous = (resolved: Resolved, exponent: number): string => {
  const symbol = symbolOf(resolved)
  const text = /\p{Ll}/u.test(symbol) ? symbol : nameOf(resolved)
  const safe = /[\s()]/.test(text) ? `(${text})` : text
  return exponent === 1 ? safe : `${safe}^${exponent}`
}

/** The input with each name replaced by how its reading reads back. */
const rewrite = (input: string, read: ReadonlyMap<NameNode, Term>): string => {
  const spans = [...read].sort(([a], [b]) => b.start - a.start)
  let out = input
  for (const [node, term] of spans) out = out.slice(0, node.start) + unambiguous(term, term.exponent) + out.slice(node.end)
  return out
}

const namesOf = (node: UnitSyntax.Node): Array<NameNode> => {
  switch (node._tag) {
    case "Name":
      return [node]
    case "Number":
      return []
    case "Power":
      return namesOf(node.base)
    case "Binary":
      return [...namesOf(node.left), ...namesOf(node.right)]
  }
}

/** Every reading of the expression in capitals, the first name that has none, or an error every reading shares. */
const capitalsReadingsOf = (catalog: Catalog, input: string, parsed: UnitSyntax.Parsed): ReadonlyArray<Reading> | UnitError | NameNode => {
  const names = namesOf(parsed.ast)
  const choices: Array<ReadonlyArray<Term>> = []
  for (const node of names) {
    // in capitals a letter's case is no meaning: MO is mo, a month of which length?
    // the capitals convention's readings of the name (catalog/capitals.ts), and, in capitals a letter's
    // case being no meaning, those of a name with readings of its own in any case (MO: Mo, or mo, a
    // month of which length?); a unit's own symbol exactly as written (B, the byte) is not re-cased
    const terms: Array<Term> = capitalsReadings(catalog, node.name).map((r) => ({ unit: r.resolved.unit, prefix: r.resolved.prefix, exponent: r.exponent }))
    const own = catalog.resolve(node.name, false)
    const ownSymbol = own !== undefined && own.prefix === undefined && own.unit.symbol === node.name
    const refused = ambiguousName(node.name) ?? (ownSymbol ? undefined : ambiguousName(node.name.toLowerCase()))
    if (refused) {
      for (const r of refused.readings) {
        const resolved = r.unit === undefined ? undefined : catalog.resolve(r.unit)
        // a reading only described (a month of which length?) cannot be written out: the name is refused
        if (resolved === undefined) return ambiguousUnit(input, node.name, node.start, refused)
        if (!terms.some((t) => t.unit === resolved.unit && t.prefix === resolved.prefix))
          terms.push({ unit: resolved.unit, prefix: resolved.prefix, exponent: 1 })
      }
    }
    if (terms.length === 0) return node
    choices.push(terms)
  }
  const count = choices.reduce((n, c) => n * c.length, 1)
  if (count > MAX_READINGS) return tooMany(input, count)
  const readings: Array<Reading> = []
  let error: UnitError | undefined
  for (let i = 0; i < count; i++) {
    const chosen = new Map<NameNode, Term>()
    let rest = i
    names.forEach((node, k) => {
      const c = choices[k]!
      chosen.set(node, c[rest % c.length]!)
      rest = Math.floor(rest / c.length)
    })
    const evaluated = evaluateNode(input, parsed.ast, (node) => ({ ok: true, terms: [{ ...chosen.get(node)! }], numeric: Rational.one }))
    const expression = evaluated.ok ? finish(input, evaluated.terms, evaluated.numeric, parsed.notes) : evaluated.error
    if (isEngineError(expression)) error = expression
    else readings.push({ expression, rewritten: rewrite(input, chosen), convention: "capitals" })
  }
  return readings.length > 0 || error === undefined ? readings : error
}

const tooMany = (input: string, count: number): AmbiguousInput =>
  new AmbiguousInput({
    message: `'${input}' is written in capitals and has ${count} readings; write it in SI symbols (mL, MW) or spell the units out`,
    got: input,
    readings: [],
    hints: ["In capitals a letter's case carries no meaning: M is milli on labels and in HL7, mega in SI symbols"]
  })

const describe = (r: Reading): string =>
  `${r.rewritten} ${r.convention === "written" ? "in SI symbols as written (case-sensitive)" : "in capitals, as labels and HL7 v2 write units (UCUM's case-insensitive form)"}`

/**
 * The expression in one convention. `written` is the as-written reading (or its error) and `read`
 * how each name was read in it; an expression not in capitals is read as written only.
 */
export const readInCapitals = (
  catalog: Catalog,
  input: string,
  parsed: UnitSyntax.Parsed,
  written: UnitExpression | UnitError,
  read: ReadonlyMap<NameNode, Term>
): UnitExpression | UnitError => {
  if (!isCapitals(input)) return written
  const capitals = capitalsReadingsOf(catalog, input, parsed)
  // a name no capitals reading has: as written, or, where the as-written reading stopped at a name the
  // capitals read (MCG/KGG stops at MCG), the name neither reads (KGG)
  if ("_tag" in capitals && capitals._tag === "Name") {
    const stoppedAt = isEngineError(written) && written._tag === "UnknownUnit" ? written.unit : undefined
    return stoppedAt !== undefined && capitalsReadings(catalog, stoppedAt).length > 0 ? unknownUnit(catalog, input, capitals.name, capitals.start) : written
  }
  // a capitals reading refused (a name whose readings cannot be written out, too many readings) is
  // still a reading: the expression is refused, never answered as written beside it
  if (isEngineError(capitals)) {
    if (isEngineError(written) || capitals._tag !== "AmbiguousInput") return isEngineError(written) ? capitals : written
    return new AmbiguousInput({
      ...(fieldsOf(capitals) as unknown as ConstructorParameters<typeof AmbiguousInput>[0]),
      hints: [...capitals.hints, `As written, in SI symbols (case-sensitive): ${rewrite(input, read)}, ${describeTerms(written)}`]
    })
  }
  const readings: Array<Reading> = isEngineError(written) ? [] : [{ expression: written, rewritten: rewrite(input, read), convention: "written" }]
  for (const c of capitals) if (!readings.some((r) => sameMeaning(r.expression, c.expression))) readings.push(c)
  if (readings.length === 1) {
    const [only] = readings as [Reading]
    if (only.convention === "written") return only.expression
    const note = `'${input}' read in capitals, as labels and HL7 v2 write units (UCUM's case-insensitive form): ${only.rewritten}`
    return { ...only.expression, notes: [note, ...only.expression.notes] }
  }
  return new AmbiguousInput({
    message: `'${input}' is written in capitals, and its readings differ: ${readings.map((r) => `'${r.rewritten}'`).join(" or ")}; say which`,
    got: input,
    readings: readings.map((r) => ({ meaning: describe(r), unit: r.rewritten })),
    hints: [
      ...readings.map((r) => `${describe(r)}: ${describeTerms(r.expression)}`),
      "In capitals a letter's case carries no meaning: M is milli on labels and in HL7 (UCUM's case-insensitive form), mega in SI symbols; write the unit in SI symbols or spell it out"
    ],
    expression: input,
    position: 0,
    token: input,
    byContext: true
  })
}

const describeTerms = (e: UnitExpression): string =>
  e.terms.map((t) => describeUnit(t) + (t.exponent === 1 ? "" : Dimension.superscript(t.exponent))).join(" · ")
