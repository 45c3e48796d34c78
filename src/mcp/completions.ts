/**
 * completion/complete from the catalog: what a client offers as the user types a prompt argument
 * or a resource template's variable. Formula names (engineering_formula's `formula`, the formula
 * template), dimension names (the units template), and for a quantity ("154 l") the unit it ends
 * with, completed from the catalog's symbols, names and aliases, of the argument's dimension where
 * it has one (a weight: mass units). At most 100 values, with `total` and `hasMore` (MCP's bound).
 */
import { Effect } from "effect"
import * as Dimension from "../engine/Dimension.ts"
import * as DimensionNames from "../engine/DimensionNames.ts"
import { isEngineError } from "../engine/errors.ts"
import * as Prefix from "../engine/Prefix.ts"
import type { Catalog } from "../engine/units/Catalog.ts"
import { parseDimension } from "../engine/units/DimensionExpression.ts"
import { FormulaRegistry } from "../services/FormulaRegistry.ts"
import { UnitCatalog } from "../services/UnitCatalog.ts"
import type { Completion } from "./prompts.ts"
import { scheme } from "./resources.ts"

/** MCP caps a completion at 100 values. */
export const MAX_VALUES = 100

export interface Completed {
  readonly values: Array<string>
  readonly total: number
  readonly hasMore: boolean
}

const none: Completed = { values: [], total: 0, hasMore: false }

/** The first 100 of `matches`, and how many there are. */
const bounded = (matches: ReadonlyArray<string>): Completed => ({
  values: matches.slice(0, MAX_VALUES),
  total: matches.length,
  hasMore: matches.length > MAX_VALUES
})

/**
 * Names that begin with what was typed (case aside), then those with a word that does
 * ("number" finds reynolds_number): each once, shortest first, as typed names are short.
 */
export const matching = (names: Iterable<string>, typed: string): Array<string> => {
  const lower = typed.toLowerCase()
  const unique = [...new Set(names)]
  const order = (a: string, b: string) => a.length - b.length || a.localeCompare(b)
  const starting = unique.filter((n) => n.toLowerCase().startsWith(lower)).sort(order)
  if (lower.length === 0) return starting
  const inside = unique
    .filter(
      (n) =>
        !n.toLowerCase().startsWith(lower) &&
        n
          .toLowerCase()
          .split(/[_\s/-]/)
          .some((w) => w.startsWith(lower))
    )
    .sort(order)
  return [...starting, ...inside]
}

const formulaNames = Effect.gen(function* () {
  return (yield* (yield* FormulaRegistry).list).map((f) => f.formula.name)
})

/** A spelling a user types for a unit ("mL", "millilitre", "lb") and the unit's dimension. */
interface Spelling {
  readonly text: string
  readonly dimension: Dimension.Dimension
}

const spellingsByCatalog = new WeakMap<Catalog, ReadonlyArray<Spelling>>()

/**
 * Every unit's symbol, names and aliases, and each prefix its unit takes before its symbol and its
 * name (mL, millilitre): made once per catalog. No spelling with a space, which reads as two units.
 */
const spellingsOf = (catalog: Catalog): ReadonlyArray<Spelling> => {
  const known = spellingsByCatalog.get(catalog)
  if (known) return known
  const made = catalog.allRecords().flatMap((r) => {
    const taken = Prefix.prefixes.filter((p) => Prefix.allows(r.prefixes, p))
    const texts = [r.symbol, r.name, ...r.aliases, ...taken.map((p) => p.symbol + r.symbol), ...taken.map((p) => p.name + r.name)]
    return texts.filter((t) => !/\s/.test(t)).map((text) => ({ text, dimension: r.dimension }))
  })
  spellingsByCatalog.set(catalog, made)
  return made
}

/**
 * "154 l" → "154 lb", "154 L", …: the text up to the last unit, then each unit spelling that
 * begins with it, of `dimension` when given. Nothing is offered before a unit is begun (a bare
 * number).
 */
const units = (typed: string, dimension: string | undefined) =>
  Effect.gen(function* () {
    const at = typed.search(/[^\s*/\u00b7^()0-9.,+-]*$/)
    const head = typed.slice(0, at)
    const partial = typed.slice(at)
    if (partial.length === 0) return none
    const { catalog } = yield* UnitCatalog
    const wanted = dimension === undefined ? undefined : parseDimension(dimension)
    const texts = spellingsOf(catalog)
      .filter((s) => wanted === undefined || isEngineError(wanted) || Dimension.equals(s.dimension, wanted))
      .map((s) => s.text)
    // a symbol's case is its meaning (mL, ML): spellings in the partial's own case first
    const exact = matching(
      texts.filter((t) => t.startsWith(partial)),
      partial
    )
    const rest = matching(texts, partial).filter((t) => !t.startsWith(partial))
    return bounded([...exact, ...rest].map((t) => head + t))
  })

/** What a prompt argument completes to. */
export const completePrompt = (completion: Completion | undefined, typed: string): Effect.Effect<Completed, never, UnitCatalog | FormulaRegistry> => {
  if (completion === undefined) return Effect.succeed(none)
  if (completion === "formula") return Effect.map(formulaNames, (names) => bounded(matching(names, typed)))
  return units(typed, completion.unit)
}

/** What a resource template's variable completes to. */
export const completeTemplate = (template: string, argument: string, typed: string): Effect.Effect<Completed, never, FormulaRegistry> => {
  if (template === `${scheme}://units/{dimension}` && argument === "dimension") return Effect.succeed(bounded(matching(DimensionNames.allNames(), typed)))
  if (template === `${scheme}://formulas/{name}` && argument === "name") return Effect.map(formulaNames, (names) => bounded(matching(names, typed)))
  return Effect.succeed(none)
}
