/**
 * A unit expression resolved against a catalog: its terms, its coherent SI factor and dimension,
 * and how any ambiguous part was read. `resolveUnitExpression` never throws; it returns the
 * expression or a typed error (UnknownUnit with suggestions, ParseError with the position).
 */
import { type Catalog, describeUnit, nameOf, symbolOf } from "./Catalog.ts"
import * as Dimension from "../Dimension.ts"
import { AmbiguousInput, ParseError, UnknownUnit, fieldsOf, isEngineError, type UnitError } from "../errors.ts"
import { wordNotes } from "../catalog/dominantReadings.ts"
import { ambiguousAlone } from "../catalog/readingsAlone.ts"
import * as Rational from "../Rational.ts"
import * as Suggestions from "./Suggestions.ts"
import { sameMeaning } from "./elsewhere.ts"
import * as UnitSyntax from "./UnitSyntax.ts"
import { POWER_WORDS } from "./UnitTokens.ts"
import { isCapitalToken, isCapitals } from "./capitals.ts"
import { ambiguousUnit, bothReadings, possessive, unknownQualified, unknownUnit } from "./unknownUnits.ts"
import { readInCapitals } from "./conventions.ts"
import { type Evaluation, type NameNode, type Term, type UnitExpression, ambiguousName, evaluateNode, finish } from "./evaluate.ts"

export { type Term, type UnitExpression, fromTerms, multiplyTerms, unitValue } from "./evaluate.ts"

/**
 * A short symbol glued to one digit carries its exponent: m2, cm3, ft2, s-1 (as m-1 in SI practice).
 * Only a symbol of at most four characters and one digit 1–9: "ampere90" is not A⁹⁰, "H0" is not
 * H⁰ = 1 and "S10" is not S¹⁰; such tokens are names elsewhere (GNU units' S10, H0) and stay unknown.
 */
const TRAILING_EXPONENT = /^(.{0,3}[^\d])([1-9])$/u

/**
 * One name of an expression as written: a unit, a prefixed unit, a unit with a glued exponent (m2),
 * another tool's name, or why not. A name in capitals (MCG, ML) is read here only by its exact
 * symbol: folding its case is the capitals convention, which conventions.ts reads for the whole
 * expression, never for one token beside SI symbols.
 */
const evaluateName = (catalog: Catalog, expression: string, node: NameNode, notes: Array<string>, convention: Convention): Evaluation => {
  const fold = !isCapitalToken(node.name)
  let resolved = catalog.resolve(node.name, fold)
  // the catalog's own definitions name a unit by its symbol (cal: the thermochemical calorie); people's 'cal' is refused
  if (!resolved?.unit.custom && !(convention === "written" && resolved !== undefined)) {
    const refused = ambiguousName(node.name)
    if (refused) return { ok: false, error: ambiguousUnit(expression, node.name, node.start, refused) }
  }
  let exponent = 1
  if (!resolved) {
    const split = TRAILING_EXPONENT.exec(node.name)
    const base = split && catalog.resolve(split[1]!, fold)
    if (base && !base.unit.logarithmic) {
      resolved = base
      exponent = Number(split![2])
    }
  }
  if (!resolved) {
    // a name pint defines undisputed, meaning exactly a unit here: read as that unit, with a note
    const known = sameMeaning(catalog, node.name)
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
    const both = bothReadings(catalog, expression, node.name, node.start, (text) => !isEngineError(resolveUnitExpression(catalog, text, "written")))
    return { ok: false, error: both ?? unknownUnit(catalog, expression, node.name, node.start) }
  }
  const wordNote = resolved.unit.custom ? undefined : wordNotes[node.name.toLowerCase()]
  if (wordNote !== undefined) notes.push(wordNote)
  return { ok: true, terms: [{ unit: resolved.unit, prefix: resolved.prefix, exponent }], numeric: Rational.one }
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

/**
 * `1/2 cup`, `3/4 tsp`: a fraction before a unit, as recipes and labels write half a cup, though the
 * grammar (as GNU units) binds the space before the slash: 1/(2 cup). The two readings differ (a volume,
 * or its reciprocal), so the call may choose between them, and otherwise both are shown.
 */
const LEADING_FRACTION = /^(\d+(?:\.\d+)?)\s*\/\s*(\d+(?:\.\d+)?)\s+(?=[\p{L}\u00b5\u00b0(])(.+)$/u

const leadingFraction = (input: string, trimmed: string): AmbiguousInput | undefined => {
  const m = LEADING_FRACTION.exec(trimmed)
  if (!m) return undefined
  const [, a, b, rest] = m as unknown as [string, string, string, string]
  return new AmbiguousInput({
    message: `'${trimmed}' reads two ways: ${a}/${b} of ${rest}, or ${a} per ${b} ${rest}; say which`,
    hints: [`For the fraction of a unit write (${a}/${b})*${rest}; for the unit divided, ${a}/(${b} ${rest})`],
    readings: [
      { meaning: `${a}/${b} of ${rest} (the fraction times the unit, as recipes write it)`, unit: `(${a}/${b})*(${rest})` },
      { meaning: `${a} per ${b} ${rest} (the space binding before the slash, as GNU units reads it)`, unit: `${a}/(${b}*(${rest}))` }
    ],
    expression: input,
    position: input.indexOf(trimmed),
    token: trimmed,
    byContext: true
  })
}

/**
 * A period closing an abbreviated word (lb., sq.): a word standing alone (after the start, a space or a
 * slash, so never the S of U.S.), before a space, the end, or what follows a unit (/ ) * · ^).
 */
const ABBREVIATION_PERIOD = /(^|[\s/])(\p{L}+)\.(?=\s|$|[/)*\u00b7^])/gu

const parseAndEvaluate = (catalog: Catalog, input: string, convention: Convention): UnitExpression | UnitError => {
  const symbol = displayFormSymbol(catalog, input)
  if (symbol !== undefined) {
    // the name says which unit the symbol is: read as written, never in capitals (henry (H))
    const unit = parseAndEvaluate(catalog, symbol, "written")
    return isEngineError(unit) ? unit : { ...unit, input }
  }
  const trimmed = input.trim()
  // a name read two ways only when alone (rad: the radian, or the rad of dose): the call may choose
  const alone = convention === "any" ? ambiguousAlone.find((a) => a.names.includes(trimmed)) : undefined
  if (alone) return ambiguousUnit(input, trimmed, input.indexOf(trimmed), alone, true)
  const fraction = convention === "any" ? leadingFraction(input, trimmed) : undefined
  if (fraction) return fraction
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
    // abbreviation periods as handbooks and labels print them (lb., fl. oz., sq. ft., in. Hg): read
    // without them, said in a note, only where the text does not parse with them
    // not where there are brackets (a qualifier's periods, gallon (U.S.), are the qualifier's to read),
    // not a single letter (U. K. is no product of units), and not when asked for the text as written
    const unabbreviated =
      convention !== "any" || /[(){}]/.test(input)
        ? input
        : input.replace(ABBREVIATION_PERIOD, (whole, before: string, word: string) =>
            word.length > 1 && (catalog.resolve(word) !== undefined || POWER_WORDS.has(word.toLowerCase())) ? before + word : whole
          )
    if (unabbreviated !== input) {
      const read = parseAndEvaluate(catalog, unabbreviated, convention)
      if (!isEngineError(read))
        return { ...read, input, notes: [`Read '${input.trim()}' without its abbreviation periods, as '${unabbreviated.trim()}'`, ...read.notes] }
    }
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
  const read = new Map<NameNode, Term>()
  const evaluated = evaluateNode(input, parsed.value.ast, (node) => {
    const e = evaluateName(catalog, input, node, notes, convention)
    if (e.ok) read.set(node, e.terms[0]!)
    return e
  })
  const written = evaluated.ok ? finish(input, evaluated.terms, evaluated.numeric, notes) : evaluated.error
  return convention === "written" ? written : readInCapitals(catalog, input, parsed.value, written, read)
}

/**
 * `any`: an expression as people and systems write it, in SI symbols or in capitals (conventions.ts);
 * `written`: SI symbols as written only, for the catalog's own definitions.
 */
export type Convention = "any" | "written"

const CACHE_LIMIT = 4096
const caches = new WeakMap<Catalog, Map<string, UnitExpression | UnitError>>()
const rawCaches = new WeakMap<Catalog, Map<string, UnitExpression | UnitError>>()

const cached = (
  store: WeakMap<Catalog, Map<string, UnitExpression | UnitError>>,
  catalog: Catalog,
  key: string,
  compute: () => UnitExpression | UnitError
): UnitExpression | UnitError => {
  let cache = store.get(catalog)
  if (!cache) store.set(catalog, (cache = new Map()))
  const hit = cache.get(key)
  if (hit) return hit
  const result = compute()
  if (cache.size >= CACHE_LIMIT) cache.clear()
  cache.set(key, result)
  return result
}

/**
 * Resolves a unit expression against a catalog. Results, errors included, are cached per catalog
 * (a catalog never changes once built), so repeated calls cost one map lookup.
 */
export const resolveUnitExpression = (catalog: Catalog, input: string, convention: Convention = "any"): UnitExpression | UnitError => {
  const key = convention === "written" ? `\u0000${input}` : input
  const read = () => cached(rawCaches, catalog, key, () => parseAndEvaluate(catalog, input, convention))
  if (checkingFix) return read()
  return cached(caches, catalog, key, () => {
    const parsed = read()
    return isEngineError(parsed) && parsed._tag === "UnknownUnit" ? pastedBack(catalog, parsed) : parsed
  })
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

/**
 * A unit expression read by what the call needs of it (the quantity a formula parameter takes, the
 * dimension an expected unit must have): where its readings differ by convention (an expression in
 * capitals, conventions.ts) and exactly one `fits`, that one, with a note saying why; otherwise the
 * expression as `resolveUnitExpression` reads it, refusal included.
 */
export const resolveFitting = (catalog: Catalog, input: string, fits: (e: UnitExpression) => boolean, what: string): UnitExpression | UnitError => {
  const read = resolveUnitExpression(catalog, input)
  if (!isEngineError(read) || read._tag !== "AmbiguousInput" || read.byContext !== true) return read
  const tried = read.readings.map((reading) => ({ reading, e: reading.unit === undefined ? undefined : resolveUnitExpression(catalog, reading.unit) }))
  // a reading whose spelling does not read back cannot be set aside: the choice stays open
  if (tried.some((t) => t.e === undefined || isEngineError(t.e))) return read
  const fitting = tried.flatMap(({ reading, e }) => (e !== undefined && !isEngineError(e) && fits(e) ? [{ reading, e }] : []))
  if (fitting.length !== 1) return read
  const [{ reading, e }] = fitting as [(typeof fitting)[number]]
  return { ...e, input, notes: [`'${input}' read as ${reading.meaning}: the only reading that is ${what}`, ...e.notes] }
}

/**
 * A likely fix is a promise: pasted back, it reads as the unit suggested. A fix written as its symbol
 * may not (MCG/KGG fixed to MCG/kg mixes capitals with SI symbols; H alone is read two ways), so the
 * fix is written in the expression's capitals or spelled out where that is what reads back, and
 * dropped (hints stay) where nothing does.
 */
type UnknownUnitFields = ConstructorParameters<typeof UnknownUnit>[0]

/** Set while a fix is checked: the candidate's own errors are taken as they come (no fix of a fix). */
let checkingFix = false

const pastedBack = (catalog: Catalog, error: UnknownUnit): UnknownUnit => {
  const { replacement, corrected, expression, position, unit: token } = error
  if (replacement === undefined || corrected === undefined || expression === undefined || position === undefined) return error
  const target = catalog.resolve(replacement)
  if (target === undefined) return error
  const writings = [
    replacement,
    ...(isCapitals(expression) ? [replacement.toUpperCase()] : []),
    /\s/.test(nameOf(target)) ? `(${nameOf(target)})` : nameOf(target)
  ]
  const whole = token.trim() === expression.trim()
  for (const written of writings) {
    const candidate = expression.slice(0, position) + written + expression.slice(position + token.length)
    checkingFix = true
    let read: UnitExpression | UnitError
    try {
      read = resolveUnitExpression(catalog, candidate)
    } finally {
      checkingFix = false
    }
    if (isEngineError(read)) continue
    // as suggested it reads (a misspelt name before its qualifier reads as the qualified unit); written otherwise, it must be that unit
    if (written === replacement) return error
    if (!read.terms.some((t) => t.unit === target.unit && t.prefix === target.prefix)) continue
    return new UnknownUnit({
      ...(fieldsOf(error) as UnknownUnitFields),
      replacement: written,
      corrected: candidate,
      likelyFix: whole ? error.likelyFix : candidate,
      hints: error.hints.map((h) => h.replace(`'${corrected}'`, `'${candidate}'`))
    })
  }
  const { likelyFix: _fix, corrected: _corrected, replacement: _replacement, ...rest } = fieldsOf(error) as UnknownUnitFields
  return new UnknownUnit({ ...rest, hints: error.hints.filter((h) => !h.startsWith("Did you mean")) })
}

/**
 * An unknown unit's fix read by the whole call: of the near units the token is a slip of the hand for
 * (metere: meter or stere), the one that `fits` what the rest of the call needs (to ft: a length) is
 * the fix, when exactly one does; a fix that does not fit is withdrawn (it would not give the call).
 * Without exactly one, the error as it was. `what` says in the hints why the fix was chosen.
 */
export const fixFitting = <E extends { readonly _tag: string }>(
  catalog: Catalog,
  failure: E,
  fits: (e: UnitExpression, corrected: string) => boolean,
  what: string
): E | UnknownUnit => {
  if (!(failure instanceof UnknownUnit)) return failure
  const error: UnknownUnit = failure
  const { expression, position, unit: token, candidates = [], slips = [] } = error
  if (candidates.length === 0) return failure
  const fitting = candidates.flatMap((symbol) => {
    const corrected = expression.slice(0, position) + symbol + expression.slice(position + token.length)
    const read = resolveUnitExpression(catalog, corrected)
    return !isEngineError(read) && fits(read, corrected) ? [{ symbol, corrected }] : []
  })
  const fields = fieldsOf(error) as UnknownUnitFields
  // of the near units that fit, the nearest, alone at its distance, and one the token is a slip for:
  // a fix is never a guess (kmm to m: km with a doubled m, or mm with a stray k?)
  const ranked = fitting
    .flatMap((f) => {
      const unit = catalog.resolve(f.symbol)
      // a rival is a slip too, or a letter left out or added (mm for kmm); a changed letter (psia for psii) is not
      return unit !== undefined && (slips.includes(f.symbol) || Suggestions.indelOf(token, unit)) ? [{ ...f, edits: Suggestions.editsTo(token, unit) }] : []
    })
    .sort((x, y) => x.edits - y.edits)
  const [nearest, next] = ranked
  const only = nearest !== undefined && (next === undefined || next.edits > nearest.edits) && slips.includes(nearest.symbol) ? nearest : undefined
  if (only === undefined) {
    // where nothing near fits, the call says nothing and the fix stands (the call's other problem is its
    // own error); a fix that ties with another near unit that fits is withdrawn, a guess; so is a fix that
    // only changes a letter's case and fits nothing of the call (abs to abS, the absiemens, in 'atm abs'
    // to kPa): no slip of the hand, another unit
    const withdrawn = () => {
      const { likelyFix: _fix, corrected: _corrected, replacement: _replacement, ...rest } = fields
      return new UnknownUnit({ ...rest, hints: error.hints.filter((h) => !h.startsWith("Did you mean")) })
    }
    const caseOnly = error.replacement !== undefined && error.replacement !== token && error.replacement.toLowerCase() === token.toLowerCase()
    if (error.likelyFix !== undefined && ranked.length === 0 && caseOnly) return withdrawn()
    if (error.likelyFix === undefined || ranked.length === 0 || (ranked.length === 1 && ranked[0]!.symbol === error.replacement)) return error
    return withdrawn()
  }
  const { symbol, corrected } = only
  if (symbol === error.replacement) return error
  const target = catalog.resolve(symbol)
  const whole = token.trim() === expression.trim()
  return new UnknownUnit({
    ...fields,
    replacement: symbol,
    corrected,
    likelyFix: whole && target !== undefined ? describeUnit(target) : corrected,
    hints: [`'${symbol}' is the only near unit that ${what}`, ...error.hints.filter((h) => !h.startsWith("Did you mean"))]
  })
}
