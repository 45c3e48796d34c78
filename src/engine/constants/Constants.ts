/**
 * Physical constants: the CODATA 2022 set, in three categories (exact SI defining and conventional
 * values, values derived from them, measured values with their standard uncertainty), and the
 * constants an agent defines for its session. A built-in constant is found by its symbol or an ASCII
 * alias, case-sensitively (`k` is Boltzmann's constant, `K` is nothing). Listings are sorted by
 * category, then symbol, as ucon sorts them. `toInfo` gives the shape list_constants returns, the
 * dimension read from the constant's unit.
 */
import { likelyName } from "../similarity.ts"
import type { Catalog } from "../units/Catalog.ts"
import { codata2022 } from "./codata2022.ts"
import * as DimensionNames from "../DimensionNames.ts"
import { InvalidInput, isEngineError, type UnitError } from "../errors.ts"
import { resolveUnitExpression } from "../units/UnitExpression.ts"
import { Role } from "../roles.ts"

/** @category models */
export const categories = ["exact", "derived", "measured", "session"] as const
export type Category = (typeof categories)[number]
/** What list_constants filters by: one category, or every constant. */
export type CategoryFilter = Category | "all"

/** @category models */
export interface Constant {
  readonly symbol: string
  /** Other spellings that find the constant, ASCII ones for the Greek and subscripted symbols. */
  readonly aliases: ReadonlyArray<string>
  readonly name: string
  readonly value: number
  /** A unit expression the catalog resolves: "m/s", "J/(mol*K)", "1" for a pure number. */
  readonly unit: string
  /** Standard uncertainty in `unit`; null when the value is exact. */
  readonly uncertainty: number | null
  readonly category: Category
  readonly source: string
}

/** A constant of the CODATA set. */
export interface BuiltinConstant extends Constant {
  readonly category: Exclude<Category, "session">
  /** The quantity's row in NIST's CODATA 2022 listing; undefined for a constant CODATA does not list (k_e). */
  readonly nist: string | undefined
}

/** A constant as list_constants returns it (ucon's ConstantInfo). */
export interface ConstantInfo {
  readonly symbol: string
  readonly name: string
  readonly value: number
  readonly unit: string
  readonly dimension: string
  readonly uncertainty: number | null
  readonly isExact: boolean
  readonly source: string
  readonly category: Category
}

/** Every built-in constant, in the order of the data file. @category constants */
export const builtin: ReadonlyArray<BuiltinConstant> = codata2022

const bySpelling = new Map<string, BuiltinConstant>()
for (const c of builtin) for (const s of [c.symbol, ...c.aliases]) if (!bySpelling.has(s)) bySpelling.set(s, c)

/** The built-in constant with this symbol or alias. @category getters */
export const lookup = (spelling: string): BuiltinConstant | undefined => bySpelling.get(spelling)

/**
 * Whether a value is exact: no uncertainty was given (ucon: "None for exact"), or it is zero. Built-in
 * derived constants are exact too: CODATA computes them from the exact defining constants.
 * @category predicates
 */
export const isExact = (c: Constant): boolean => c.uncertainty === null || c.uncertainty === 0

/** Category, then symbol by code point: the order of ucon's listing. @category instances */
export const order = (a: Constant, b: Constant): number =>
  a.category === b.category ? (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0) : a.category < b.category ? -1 : 1

/** The constants of `filter`, sorted. @category filtering */
export const select = (constants: ReadonlyArray<Constant>, filter: CategoryFilter): Array<Constant> =>
  constants.filter((c) => filter === "all" || c.category === filter).sort(order)

const filters: ReadonlyArray<CategoryFilter> = [...categories, "all"]

/**
 * Reads list_constants' `category` argument: absent means all; case does not matter. An unknown
 * category fails with InvalidInput naming the valid ones, and the closest as likely fix.
 * @category constructors
 */
export const parseCategory = (input: string | undefined): CategoryFilter | InvalidInput => {
  if (input === undefined) return "all"
  const normalized = input.trim().toLowerCase()
  const known = filters.find((f) => f === normalized)
  if (known) return known
  return new InvalidInput({
    message: `Unknown category: '${input}'`,
    role: Role.category,
    got: input,
    expected: filters.join(", "),
    likelyFix: likelyName(normalized, filters),
    hints: [`Valid categories: ${filters.join(", ")}`]
  })
}

/** The dimension of a constant's unit, named as list_dimensions names it. @category getters */
export const dimensionOf = (catalog: Catalog, c: Constant): string | UnitError => {
  const resolved = resolveUnitExpression(catalog, c.unit, "written")
  return isEngineError(resolved) ? resolved : DimensionNames.describe(resolved.dimension)
}

/** The list_constants shape of a constant; fails only when its unit does not resolve. @category converting */
export const toInfo = (catalog: Catalog, c: Constant): ConstantInfo | UnitError => {
  const dimension = dimensionOf(catalog, c)
  if (typeof dimension !== "string") return dimension
  return {
    symbol: c.symbol,
    name: c.name,
    value: c.value,
    unit: c.unit,
    dimension,
    uncertainty: c.uncertainty,
    isExact: isExact(c),
    source: c.source,
    category: c.category
  }
}
