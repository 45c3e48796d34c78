/**
 * A unit expression resolved against a catalog: its terms, its coherent SI factor and dimension,
 * and how any ambiguous part was read. `resolveUnitExpression` never throws; it returns the
 * expression or a typed error (UnknownUnit with suggestions, ParseError with the position).
 */
import { type Catalog, type QualifiedResolution, type Resolved, type UnitRecord, describeUnit, symbolOf } from "./Catalog.ts"
import { Action } from "../actions.ts"
import * as Dimension from "../Dimension.ts"
import { AmbiguousInput, ParseError, UnknownUnit, isEngineError, type UnitError } from "../errors.ts"
import { type AmbiguousName, ambiguous, dominant, wordNotes } from "../catalog/readings.ts"
import * as Rational from "../Rational.ts"
import { prefixReading } from "./prefixReadings.ts"
import * as Suggestions from "./Suggestions.ts"
import * as UnitSyntax from "./UnitSyntax.ts"

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

type Evaluation = { readonly ok: true; readonly terms: Array<Term>; readonly numeric: Rational.Rational } | { readonly ok: false; readonly error: UnitError }

const exactNames = new Map<string, AmbiguousName>()
const anyCaseNames = new Map<string, AmbiguousName>()
for (const a of ambiguous) for (const n of a.names) a.anyCase ? anyCaseNames.set(n.toLowerCase(), a) : exactNames.set(n, a)

/** The readings of a name that means different units in different systems (catalog/readings.ts). */
const ambiguousName = (name: string): AmbiguousName | undefined => exactNames.get(name) ?? anyCaseNames.get(name.toLowerCase())

const ambiguousUnit = (expression: string, token: string, position: number, entry: AmbiguousName): AmbiguousInput =>
  new AmbiguousInput({
    message: `'${token}' means different units in different systems; say which`,
    got: token,
    hints: [
      ...entry.readings.map((r) => (r.unit === undefined ? r.meaning : `${r.meaning}: write '${r.unit}'`)),
      ...(token !== expression ? [`'${token}' at position ${position} of '${expression}'`] : [])
    ],
    readings: entry.readings.map((r) => (r.unit === undefined ? { meaning: r.meaning } : { meaning: r.meaning, unit: r.unit })),
    expression,
    position,
    token
  })

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

/**
 * A short symbol glued to one digit carries its exponent: m2, cm3, ft2, s-1 (as m-1 in SI practice).
 * Only a symbol of at most four characters and one digit 1–9: "ampere90" is not A⁹⁰, "H0" is not
 * H⁰ = 1 and "S10" is not S¹⁰; such tokens are names elsewhere (GNU units' S10, H0) and stay unknown.
 */
const TRAILING_EXPONENT = /^(.{0,3}[^\d])([1-9])$/u
const MAX_EXPONENT = 100

const possessive = (source: string): string => (source.endsWith("s") ? `${source}'` : `${source}'s`)

const unknownUnit = (catalog: Catalog, expression: string, token: string, position: number): UnknownUnit => {
  const { likelyFix, alternatives, elsewhere } = Suggestions.suggest(catalog, token)
  const hints: Array<string> = []
  const prefixed = prefixReading(catalog, token)
  if (prefixed) hints.push(`'${token}' reads as ${prefixed.prefix} + ${describeUnit(prefixed.unit)}, ${prefixed.instead}`)
  if (elsewhere) {
    hints.push(
      likelyFix
        ? `'${token}' is ${possessive(elsewhere.source)} name for ${describeUnit(likelyFix)}`
        : elsewhere.source === "disputed"
          ? `'${token}' is a unit name that pint and other references give different meanings; this catalog does not define it`
          : `'${token}' is a unit in ${elsewhere.source} (${elsewhere.si} ${elsewhere.siUnit}) that this catalog does not define; to use that meaning, write '${elsewhere.si} ${elsewhere.siUnit}'`
    )
  }
  const replacement = likelyFix ? symbolOf(likelyFix) : undefined
  const corrected = replacement === undefined ? undefined : expression.slice(0, position) + replacement + expression.slice(position + token.length)
  if (likelyFix) {
    if (corrected !== replacement) hints.push(`Did you mean '${corrected}'?`)
    if (alternatives.length > 0) hints.push(`Other similar units: ${alternatives.map(describeUnit).join(", ")}`)
  } else if (alternatives.length > 0) {
    hints.push(`Similar units: ${alternatives.map(describeUnit).join(", ")}`)
  } else if (!prefixed) {
    hints.push("No similar units found")
  }
  if (token !== expression) hints.push(`'${token}' at position ${position} of '${expression}' is the unknown part`)
  return new UnknownUnit({
    message: `Unknown unit: '${token}'`,
    unit: token,
    expression,
    position,
    // the display form "kilogram (kg)" reads back as that unit; inside a larger expression the fix
    // is the whole corrected expression, so that pasting it gives the intended call
    likelyFix: likelyFix ? (token.trim() === expression.trim() ? describeUnit(likelyFix) : corrected) : undefined,
    replacement,
    corrected,
    hints,
    got: token,
    ...(likelyFix ? {} : { next: [Action.findUnit] })
  })
}

/**
 * A qualified name the table does not give ("gallon (metric)", "gal{XYZ}"): never the bare name's
 * reading, never a guess. The hints list the qualifiers the name takes, each with its unit.
 */
const unknownQualified = (
  catalog: Catalog,
  expression: string,
  token: string,
  position: number,
  q: Extract<QualifiedResolution, { ok: false }>
): UnknownUnit => {
  const hints: Array<string> = []
  if (q.problem === "unknown-name") hints.push(`'${q.head}' is not a unit this catalog knows, with or without a qualifier`)
  else if (q.problem === "unknown-qualifier")
    hints.push(`'${q.qualifier}' is not a qualifier this catalog reads (UK, US, metric, IT, th, survey, troy, avdp, liquid, dry, …)`)
  else hints.push(`'${q.head}' has no reading qualified '${q.qualifier}'`)
  if (q.known.length > 0) {
    // one line per reading, its qualifiers together: 'gal (US)', 'gal (US liquid)' → gallon (gal)
    const byUnit = new Map<string, Array<string>>()
    for (const k of q.known) {
      const r = catalog.resolveQualified(`${q.head}{${k}}`)
      // braces where parentheses would group: a qualifier with a number ("cal{15 °C}") or one that is a unit (EC, exacoulomb)
      const written = catalog.resolveQualified(`${q.head} (${k})`)?.ok ? `${q.head} (${k})` : `${q.head}{${k}}`
      if (r?.ok) byUnit.set(describeUnit(r.resolved), [...(byUnit.get(describeUnit(r.resolved)) ?? []), `'${written}'`])
    }
    hints.push(`Qualified readings of '${q.head}': ${[...byUnit].map(([unit, written]) => `${written.join(" or ")} is ${unit}`).join("; ")}`)
  } else if (q.problem !== "unknown-name") {
    hints.push(`'${q.head}' takes no qualifier; write it without one, or name the unit meant`)
  }
  if (token !== expression) hints.push(`'${token}' at position ${position} of '${expression}' is the unknown part`)
  return new UnknownUnit({ message: `Unknown unit: '${token}'`, unit: token, expression, position, hints, got: token })
}

/** One name of an expression: a unit, a prefixed unit, a unit with a glued exponent (m2), another tool's name, or why not. */
const evaluateName = (catalog: Catalog, expression: string, node: Extract<UnitSyntax.Node, { _tag: "Name" }>, notes: Array<string>): Evaluation => {
  let resolved = catalog.resolve(node.name)
  if (!resolved?.unit.custom) {
    const refused = ambiguousName(node.name)
    if (refused) return { ok: false, error: ambiguousUnit(expression, node.name, node.start, refused) }
  }
  let exponent = 1
  if (!resolved) {
    const split = TRAILING_EXPONENT.exec(node.name)
    const base = split && catalog.resolve(split[1]!)
    if (base && !base.unit.logarithmic) {
      resolved = base
      exponent = Number(split![2])
    }
  }
  if (!resolved) {
    // a name pint defines undisputed, meaning exactly a unit here: read as that unit, with a note
    const known = Suggestions.sameMeaning(catalog, node.name)
    if (known) {
      resolved = known.unit
      notes.push(`'${node.name}' read as ${describeUnit(known.unit)}, ${possessive(known.elsewhere.source)} name for it`)
    }
  }
  if (!resolved) {
    const qualified = catalog.resolveQualified(node.name)
    if (qualified && !qualified.ok) {
      // a misspelt name before a qualifier ("galon (UK)"): the name's own suggestions, when the fix reads
      if (qualified.problem === "unknown-name") {
        const head = unknownUnit(catalog, expression, qualified.head, node.start)
        if (head.corrected !== undefined && !isEngineError(resolveUnitExpression(catalog, head.corrected))) return { ok: false, error: head }
      }
      return { ok: false, error: unknownQualified(catalog, expression, node.name, node.start, qualified) }
    }
    return { ok: false, error: unknownUnit(catalog, expression, node.name, node.start) }
  }
  const wordNote = resolved.unit.custom ? undefined : wordNotes[node.name.toLowerCase()]
  if (wordNote !== undefined) notes.push(wordNote)
  return { ok: true, terms: [{ unit: resolved.unit, prefix: resolved.prefix, exponent }], numeric: Rational.one }
}

const evaluateNode = (catalog: Catalog, expression: string, node: UnitSyntax.Node, notes: Array<string>): Evaluation => {
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
      return evaluateName(catalog, expression, node, notes)
    case "Power": {
      const inner = evaluateNode(catalog, expression, node.base, notes)
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
      const left = evaluateNode(catalog, expression, node.left, notes)
      if (!left.ok) return left
      const right = evaluateNode(catalog, expression, node.right, notes)
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

/** "kilogram (kg)": a unit's name followed by its own symbol in parentheses, as likely_fix shows it. */
const DISPLAY_FORM = /^([^()]+?)\s*\(\s*([^()\s]+)\s*\)$/u

/** The symbol of a display form whose name and symbol are the same unit; otherwise undefined. */
const displayFormSymbol = (catalog: Catalog, input: string): string | undefined => {
  const m = DISPLAY_FORM.exec(input.trim())
  if (!m) return undefined
  const name = catalog.resolve(m[1]!)
  const symbol = catalog.resolve(m[2]!)
  return name && symbol && name.unit === symbol.unit && name.prefix === symbol.prefix ? m[2] : undefined
}

/** At most this many notes per expression: a 1,000-term expression must not answer with 1,000 notes. */
const MAX_NOTES = 6

/** Notes without repeats, and past MAX_NOTES one line counting the rest. */
const foldNotes = (notes: ReadonlyArray<string>): Array<string> => {
  const unique = [...new Set(notes)]
  return unique.length <= MAX_NOTES ? unique : [...unique.slice(0, MAX_NOTES), `…and ${unique.length - MAX_NOTES} more notes of the same kinds`]
}

const parseAndEvaluate = (catalog: Catalog, input: string): UnitExpression | UnitError => {
  const symbol = displayFormSymbol(catalog, input)
  if (symbol !== undefined) {
    const unit = parseAndEvaluate(catalog, symbol)
    return isEngineError(unit) ? unit : { ...unit, input }
  }
  const trimmed = input.trim()
  if (trimmed === "") {
    return new ParseError({
      message: "Cannot parse unit expression: the unit is empty",
      expression: input,
      position: 0,
      hints: ["Give a unit such as 'm', 'kg*m/s^2' or 'mg/(kg*d)'", "Use '1' for a pure number"],
      expected: "a unit expression"
    })
  }
  const parsed = UnitSyntax.parse(input, { multiWordNames: catalog.multiWords(), knows: (name) => catalog.resolve(name) !== undefined })
  if (!parsed.ok) {
    const { position, expected, message } = parsed.failure
    return new ParseError({
      message: `Cannot parse unit expression: '${input}'`,
      expression: input,
      position,
      expected,
      got: input,
      hints: [`Parse error: ${message}`, "Check for unbalanced parentheses or invalid characters", "Valid syntax: m/s, kg*m/s^2, W/(m²·K), mg/kg/d"]
    })
  }
  const notes = [...parsed.value.notes]
  const evaluated = evaluateNode(catalog, input, parsed.value.ast, notes)
  if (!evaluated.ok) return evaluated.error
  const expression = fromTerms(input, evaluated.terms, evaluated.numeric, foldNotes([...notes, ...readingNotes(evaluated.terms)]))
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

const CACHE_LIMIT = 4096
const caches = new WeakMap<Catalog, Map<string, UnitExpression | UnitError>>()

/**
 * Resolves a unit expression against a catalog. Results, errors included, are cached per catalog
 * (a catalog never changes once built), so repeated calls cost one map lookup.
 */
export const resolveUnitExpression = (catalog: Catalog, input: string): UnitExpression | UnitError => {
  let cache = caches.get(catalog)
  if (!cache) caches.set(catalog, (cache = new Map()))
  const hit = cache.get(input)
  if (hit) return hit
  const result = parseAndEvaluate(catalog, input)
  if (cache.size >= CACHE_LIMIT) cache.clear()
  cache.set(input, result)
  return result
}

const symbolWithExponent = (t: Term, exponent: number): string =>
  symbolOf({ unit: t.unit, prefix: t.prefix }) + (exponent === 1 ? "" : Dimension.superscript(exponent))

/** A canonical rendering such as `kg·m/s²` or `mg/(kg·d)`; `1` for a pure number. */
export const format = (terms: ReadonlyArray<Term>): string => {
  const numerator = terms.filter((t) => t.exponent > 0).map((t) => symbolWithExponent(t, t.exponent))
  const denominator = terms.filter((t) => t.exponent < 0).map((t) => symbolWithExponent(t, -t.exponent))
  const top = numerator.length > 0 ? numerator.join("·") : "1"
  if (denominator.length === 0) return top
  return `${top}/${denominator.length === 1 ? denominator[0] : `(${denominator.join("·")})`}`
}
