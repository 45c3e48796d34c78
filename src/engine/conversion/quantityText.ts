/**
 * A quantity as people write it, for the command line and the library: `5 km`, a sum of terms of one
 * quantity (`5 ft 11 in`, `5 ft + 11 in`, `2 h 30 min`), feet and inches by their marks (`5'11"`),
 * degrees, minutes and seconds (`40°26′46″`), and a clock's `1:30:00` (h:min:s). A term without a
 * unit (`5 m 3`: cubic metres, or 5 m and 3 of what?) and terms of different quantities are refused.
 */
import type { Catalog } from "../units/Catalog.ts"
import { InvalidInput, ParseError, isEngineError, type UnitError } from "../errors.ts"
import { Role } from "../roles.ts"
import type { ConvertError, Notation } from "./convert.ts"
import { sumValues } from "./sum.ts"

export interface WrittenQuantity {
  /** The value, in `unit`. */
  readonly value: number
  /** One unit: the last term's (a sum of 5 ft and 11 in is 71 in). */
  readonly unit: string
  /** The terms as read, for the notes: [5, "ft"], [11, "in"]. */
  readonly terms: ReadonlyArray<{ readonly value: number; readonly unit: string }>
  readonly notes: ReadonlyArray<string>
}

const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/
/** A number glued to a unit that starts with a letter or a mark: 5ft, 11in, 5'. */
const GLUED = /^([+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)([\p{L}'"\u00b0\u2032\u2033\u00b5%].*)$/u
const PAIR = /([+-]?\d+(?:\.\d+)?)(\p{L}+)/gu
const PAIRS = /^(?:[+-]?\d+(?:\.\d+)?\p{L}+){2,}$/u
/** h:min:s, as a clock or a stopwatch writes it; min:s or h:min alone (1:30) has two readings. */
const CLOCK = /^\s*([+-])?(\d+):([0-5]?\d)(?::([0-5]?\d(?:\.\d+)?))?\s*$/

const parseError = (text: string, message: string, hints: ReadonlyArray<string>, position = 0): ParseError =>
  new ParseError({ message, expression: text, position, expected: "a number and a unit, or a sum of such terms (5 ft 11 in)", got: text, hints: [...hints] })

/** A fraction as recipes and labels write a value: 1/2, 3/4 (and, after a whole number, 1 1/2). */
const FRACTION = /^([+-]?\d+)\/(\d+)$/

/** The vulgar fractions a keyboard or a label has: 1½ cups is 1 1/2 cups. */
const VULGAR: Readonly<Record<string, string>> = {
  "\u00bd": "1/2",
  "\u2153": "1/3",
  "\u2154": "2/3",
  "\u00bc": "1/4",
  "\u00be": "3/4",
  "\u2155": "1/5",
  "\u2156": "2/5",
  "\u2157": "3/5",
  "\u2158": "4/5",
  "\u2159": "1/6",
  "\u215a": "5/6",
  "\u215b": "1/8",
  "\u215c": "3/8",
  "\u215d": "5/8",
  "\u215e": "7/8"
}

/** A word's value: a number (5, 2.5e3), or a fraction (1/2); undefined for a unit's word. */
const wordValue = (word: string): number | undefined => {
  if (NUMBER.test(word)) return Number(word)
  const fraction = FRACTION.exec(word)
  return fraction && Number(fraction[2]) !== 0 ? Number(fraction[1]) / Number(fraction[2]) : undefined
}

/** Words of the text, a number glued to its unit split from it; feet and inches marks and degree marks each a word. */
const wordsOf = (text: string): Array<string> =>
  text
    // the minus sign a word processor types (−5 °C), and vulgar fractions as fractions of their own word
    .replace(/\u2212(?=[\d.])/gu, "-")
    .replace(/[\u00bd\u2153-\u215e\u00bc\u00be]/gu, (c) => ` ${VULGAR[c] ?? c} `)
    // a mark is a word of its own (40°26′46″, 5'11"), but a degree sign before a letter is part of its
    // unit's symbol (°C, °F), kept as written
    .replace(/([\u2032\u2033'"])(?=\S)|(\u00b0)(?=[^\p{L}\s])/gu, "$1$2 ")
    .split(/\s+/)
    .filter((w) => w !== "")
    .flatMap((w) => {
      // a number in E notation is one word (2.5e3), never 2.5 and a unit e3
      if (NUMBER.test(w) || FRACTION.test(w)) return [w]
      // 5ft11in: numbers and names in turn, all glued
      if (PAIRS.test(w)) return [...w.matchAll(PAIR)].flatMap((m) => [m[1]!, m[2]!])
      const glued = GLUED.exec(w)
      return glued ? [glued[1]!, glued[2]!] : [w]
    })

/** The marks people use: ' and " are feet and inches, and after a degree sign ′ ″ (or ' ") are minutes and seconds of arc. */
const markUnit = (mark: string, angle: boolean): string | undefined => {
  if (mark === "°") return "deg"
  if (mark === "'" || mark === "′") return angle ? "arcmin" : "ft"
  if (mark === '"' || mark === "″") return angle ? "arcsec" : "in"
  return undefined
}

type Term = { readonly value: number; readonly unit: string }

/** The text's terms, or why it is not a sum of terms. */
const termsOf = (text: string): Array<Term> | ParseError => {
  const clock = CLOCK.exec(text)
  if (clock) {
    const sign = clock[1] === "-" ? -1 : 1
    if (clock[4] === undefined)
      return parseError(text, `'${text.trim()}' reads as hours and minutes or as minutes and seconds; say which`, [
        `As h:min, write '${clock[2]} h ${clock[3]} min'; as min:s, '${clock[2]} min ${clock[3]} s'; or write h:min:s (${clock[2]}:${clock[3]}:00)`
      ])
    return [
      { value: sign * Number(clock[2]), unit: "h" },
      { value: sign * Number(clock[3]), unit: "min" },
      { value: sign * Number(clock[4]), unit: "s" }
    ]
  }
  const angle = /\u00b0/u.test(text)
  // mixed: the value already holds a fraction (1 1/2), so no further fraction joins it
  const terms: Array<{ value: number; unit: Array<string>; mixed: boolean }> = []
  for (const word of wordsOf(text.replaceAll("+", " + "))) {
    if (word === "+") continue
    const value = wordValue(word)
    if (value !== undefined) {
      const last = terms.at(-1)
      // a whole number and a fraction: one mixed number (1 1/2 cups), its sign the whole number's
      if (last !== undefined && last.unit.length === 0 && last.mixed === false && Number.isInteger(last.value) && FRACTION.test(word) && value > 0) {
        last.value = last.value < 0 || Object.is(last.value, -0) ? last.value - value : last.value + value
        last.mixed = true
        continue
      }
      if (last !== undefined && last.unit.length === 0)
        return parseError(text, `'${last.value}' has no unit before ${word}: in '${text.trim()}' every number needs its unit`, [
          "Write each term with its unit: 5 ft 11 in, 2 h 30 min"
        ])
      terms.push({ value, unit: [], mixed: FRACTION.test(word) })
      continue
    }
    const mark = markUnit(word, angle)
    if (terms.length === 0) terms.push({ value: 1, unit: [], mixed: true })
    terms.at(-1)!.unit.push(mark ?? word)
  }
  if (terms.length === 0) return parseError(text, "There is no quantity in the text: give a number and a unit, e.g. 5 km", [])
  const last = terms.at(-1)!
  if (last.unit.length === 0) {
    if (terms.length === 1) return [{ value: last.value, unit: "1" }]
    return parseError(text, `'${last.value}' at the end of '${text.trim()}' has no unit: is it part of the unit before it, or a term of its own?`, [
      "Write its unit (5 m 3 cm), or raise the unit with ^ (5 m^3)"
    ])
  }
  return terms.map((t) => ({ value: t.value, unit: t.unit.join(" ") }))
}

/** Reads a written quantity: one term as it is, several added in the last term's unit (exactly, where the units are). */
export const readQuantity = (catalog: Catalog, text: string, notation: Notation = "conventional"): WrittenQuantity | ConvertError => {
  const terms = termsOf(text)
  if (isEngineError(terms)) return terms
  if (terms.length === 1) return { value: terms[0]!.value, unit: terms[0]!.unit, terms, notes: [] }
  const sum = sumValues(catalog, terms, terms.at(-1)!.unit, notation)
  if (isEngineError(sum)) return asTermError(sum, text)
  const marks = /['"\u2032\u2033]/u.test(text) ? [`'${text.trim()}' read as ${terms.map((t) => `${t.value} ${t.unit}`).join(" + ")}`] : []
  return { value: sum.quantity, unit: sum.unit, terms, notes: [...marks, ...sum.notes] }
}

/** A term's failure, said of the written quantity: terms of two quantities are not one sum. */
const asTermError = (error: ConvertError, text: string): ConvertError | InvalidInput | UnitError =>
  error._tag === "DimensionMismatch" || error._tag === "NoConversionPath"
    ? new InvalidInput({
        message: `The terms of '${text.trim()}' are not of one quantity, so they do not add: ${error.message}`,
        got: text,
        role: Role.quantities,
        hints: ["Write a sum of one quantity (5 ft 11 in, 2 h 30 min), or convert each term on its own"]
      })
    : error
