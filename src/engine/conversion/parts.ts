/**
 * A value in several units at once, as GNU units writes them (`units '1.8 m' 'ft;in'` → 5;10.866142):
 * a list of units joined by `;`, largest first, all of one quantity. To a list, a value becomes parts:
 * whole numbers of every unit but the last, the rest in the last, all of one sign. From a list, the
 * parts are added (5 ft + 11 in). Offset scales and levels are no list units: their values do not add.
 */
import * as Effect from "effect/Effect"
import type { Catalog } from "../units/Catalog.ts"
import * as Dimension from "../Dimension.ts"
import * as DimensionNames from "../DimensionNames.ts"
import { InvalidInput, isEngineError, locate, type UnitError } from "../errors.ts"
import * as Rational from "../Rational.ts"
import type { UnitExpression } from "../units/UnitExpression.ts"
import { converterBetween } from "./between.ts"
import { type ConversionResult, type ConvertError, convertValue, type Notation, resolveIn, type StatedRelations } from "./convert.ts"
import { Role } from "../roles.ts"

/** Whether a unit argument is a list of units (`ft;in`). */
export const isUnitList = (unit: string): boolean => unit.includes(";")

/** The units of a list, as written. */
export const unitsOf = (list: string): ReadonlyArray<string> => list.split(";").map((u) => u.trim())

/** At most this many units in a list: a day, hours, minutes, seconds and milliseconds is five. */
const MAX_UNITS = 8

/** The last part's decimals, as GNU units prints them (5;10.866142). */
export const LAST_PART_DECIMALS = 6

export interface UnitList {
  readonly units: ReadonlyArray<string>
  readonly expressions: ReadonlyArray<UnitExpression>
  /** Each unit's size in the last unit's: ft;in is [12, 1]. */
  readonly ratios: ReadonlyArray<Rational.Rational>
}

const refuse = (role: string, list: string, message: string, hints: ReadonlyArray<string>): InvalidInput =>
  new InvalidInput({
    message,
    role,
    got: list,
    hints: [...hints, "A unit list is largest first, one quantity, joined by ';': ft;in, h;min;s, st;lb, deg;arcmin;arcsec"]
  })

/** Reads a unit list: every unit known, of one quantity, each larger than the next, none an offset scale or a level. */
export const readUnitList = (catalog: Catalog, list: string, role: string, notation: Notation = "conventional"): UnitList | UnitError | InvalidInput => {
  const units = unitsOf(list)
  if (units.length < 2 || units.some((u) => u === "")) return refuse(role, list, `'${list}' is not a list of units: give two or more, joined by ';'`, [])
  if (units.length > MAX_UNITS) return refuse(role, list, `'${list}' lists ${units.length} units; at most ${MAX_UNITS}`, [])
  const expressions: Array<UnitExpression> = []
  for (const unit of units) {
    const read = resolveIn(catalog, unit, notation)
    if (isEngineError(read)) return read
    if (read.temperatureScale || read.level || read.pressureReference === "gauge")
      return refuse(role, list, `'${unit}' cannot be part of a unit list: its values are points on a scale or levels, which do not add`, [
        "Convert to one unit instead, or use a difference unit (K, delta_degF)"
      ])
    expressions.push(read)
  }
  const last = expressions.at(-1)!
  const ratios: Array<Rational.Rational> = []
  for (const [i, e] of expressions.entries()) {
    const converter = converterBetween(catalog, e, last)
    if (isEngineError(converter) || converter.kind !== "linear")
      return refuse(
        role,
        list,
        `The units of '${list}' are not of one quantity: '${units[i]}' is ${DimensionNames.describe(e.dimension)} and '${units.at(-1)}' ${DimensionNames.describe(last.dimension)}`,
        []
      )
    ratios.push(converter.slope)
  }
  for (let i = 1; i < ratios.length; i++)
    if (!(Rational.toNumber(ratios[i - 1]!) > Rational.toNumber(ratios[i]!)))
      return refuse(role, list, `In '${list}', '${units[i - 1]}' is not larger than '${units[i]}': list the units largest first`, [
        `Write ${[...units].sort((a, b) => Rational.toNumber(ratios[units.indexOf(b)]!) - Rational.toNumber(ratios[units.indexOf(a)]!)).join(";")}`
      ])
  return { units, expressions, ratios }
}

export interface Part {
  readonly quantity: number
  readonly unit: string
}

/**
 * A value in the last unit of a list, split into parts: whole numbers of each unit but the last, the
 * rest in the last rounded to LAST_PART_DECIMALS, carried up where it rounds to a whole larger unit
 * (never 12 in or 60 min). All parts share the value's sign.
 */
export const toParts = (list: UnitList, inLast: number): ReadonlyArray<Part> => {
  const sign = inLast < 0 ? -1 : 1
  const scale = 10 ** LAST_PART_DECIMALS
  // the whole value in millionths of the last unit, so that the split is integer arithmetic where it can be
  let rest = Math.round(Math.abs(inLast) * scale)
  const wholes: Array<number> = []
  for (const ratio of list.ratios.slice(0, -1)) {
    const size = Rational.toNumber(ratio) * scale
    const whole = Math.floor(rest / size + 1e-9)
    wholes.push(whole)
    rest = Math.max(0, rest - whole * size)
  }
  const parts = [...wholes, rest / scale].map((q, i) => ({
    quantity: q === 0 ? 0 : sign * Number(q.toFixed(i === wholes.length ? LAST_PART_DECIMALS : 0)),
    unit: list.units[i]!
  }))
  return parts
}

/** The parts as a person writes them: 5 ft 10.866142 in. */
export const partsText = (parts: ReadonlyArray<Part>): string => parts.map((p) => `${p.quantity} ${p.unit}`).join(" ")

/** A value given as parts of a list, in its first unit: 5 ft and 11 in is 5.9166… ft. */
export const fromParts = (list: UnitList, values: ReadonlyArray<number>, role: string): number | InvalidInput => {
  if (values.length !== list.units.length)
    return new InvalidInput({
      message: `${values.length} values for ${list.units.length} units (${list.units.join(";")}): give one value per unit`,
      role,
      got: JSON.stringify(values),
      hints: ["e.g. the values 5 and 11 for the unit list ft;in (5 ft 11 in)"]
    })
  const first = list.ratios[0]!
  let total = 0
  for (const [i, v] of values.entries()) total += Rational.toNumber(Rational.divide(Rational.multiply(Rational.fromNumber(v), list.ratios[i]!), first))
  return total
}

/** Whether two lists' units are of one quantity (the other side of a conversion checks it). */
export const sameQuantity = (list: UnitList, other: UnitExpression): boolean => Dimension.equals(list.expressions[0]!.dimension, other.dimension)

export interface ListConversion extends ConversionResult {
  /** The value in each unit of the target list, largest first; absent for a single target unit. */
  readonly parts?: ReadonlyArray<Part>
}

/**
 * Converts a value, or parts of a list (`value` a list with `from` "ft;in"), to a unit or a list of
 * units. The result's quantity and unit are the value in one unit (a target list's first); `parts`
 * splits it over the list.
 */
export const convertWithLists = (
  catalog: Catalog,
  value: number | ReadonlyArray<number>,
  from: string,
  to: string,
  notation: Notation = "conventional",
  stated?: StatedRelations
): ListConversion | ConvertError => {
  let amount: number
  let source = from
  if (isUnitList(from)) {
    const list = readUnitList(catalog, from, Role.sourceUnit, notation)
    if (isEngineError(list)) return locate(list, { role: Role.sourceUnit })
    const total = fromParts(list, typeof value === "number" ? [value] : value, Role.value)
    if (isEngineError(total)) return total
    amount = total
    source = list.units[0]!
  } else if (typeof value !== "number") {
    return new InvalidInput({
      message: `A list of ${value.length} values needs a unit list of as many units to read them in (e.g. ft;in), got '${from}'`,
      role: Role.value,
      got: JSON.stringify(value),
      hints: ["Give one number for one unit, or a unit list joined by ';'"]
    })
  } else amount = value
  if (!isUnitList(to)) return convertValue(catalog, amount, source, to, notation, stated)
  const list = readUnitList(catalog, to, Role.targetUnit, notation)
  if (isEngineError(list)) return locate(list, { role: Role.targetUnit })
  const inLast = convertValue(catalog, amount, source, list.units.at(-1)!, notation, stated)
  if (isEngineError(inLast)) return inLast
  const inFirst = convertValue(catalog, amount, source, list.units[0]!, notation, stated)
  if (isEngineError(inFirst)) return inFirst
  const parts = toParts(list, inLast.quantity)
  return { ...inFirst, parts, notes: [...new Set([...inFirst.notes, ...inLast.notes])] }
}

/** `convertWithLists` as an Effect. */
export const convert = (
  catalog: Catalog,
  value: number | ReadonlyArray<number>,
  from: string,
  to: string,
  notation: Notation = "conventional",
  stated?: StatedRelations
): Effect.Effect<ListConversion, ConvertError> =>
  Effect.suspend(() => {
    const result = convertWithLists(catalog, value, from, to, notation, stated)
    return isEngineError(result) ? Effect.fail(result) : Effect.succeed(result)
  })
