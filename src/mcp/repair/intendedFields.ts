/**
 * Which real field an unknown argument stands for: by spelling, by its words in any order, in
 * camelCase or under another tool's name, or as the one required field not sent that it is a word
 * of, the call's unknown fields read together. Used by the validation report (validationReport.ts)
 * and, through its closest_field, by the deterministic corrector's renames (Corrector.ts).
 */
import { editDistance } from "../../engine/similarity.ts"
import type { Field } from "./schemaShape.ts"

/** A near field name: at most two edits, and most of the name intact. */
export const closestField = (name: string, candidates: ReadonlyArray<string>): string | undefined => {
  if (candidates.length === 0) return undefined
  const best = [...candidates].sort((a, b) => editDistance(name, a) - editDistance(name, b) || a.localeCompare(b))[0]!
  const d = editDistance(name, best)
  return d <= 2 && d / Math.max(name.length, best.length) <= 0.34 ? best : undefined
}

/** Whether the arguments `sent` hold a field named `field`. */
export const holds = (sent: unknown, field: string): boolean => typeof sent === "object" && sent !== null && Object.hasOwn(sent, field)

/**
 * The real field an unknown one stands for: the nearest by spelling (from_unti → from_unit), else
 * the one field not sent with the same words in any order or under a synonym (target_unit,
 * unit_to → to_unit; quantity → value), else the one required field not sent of which it is a
 * word (compute's `value` → initial_value, `unit` → initial_unit, as a caller of convert writes
 * them; convert's `to` → to_unit). Undefined when that is not one field (convert's `unit` with
 * neither unit sent).
 */
export const intendedField = (name: string, fields: ReadonlyArray<Field>, sent: unknown): string | undefined => {
  const near = closestField(
    name,
    fields.map((f) => f.name)
  )
  if (near !== undefined) return near
  const open = fields.filter((f) => !holds(sent, f.name))
  // the same words in another order or under another name: target_unit, unit_to, toUnit → to_unit
  const words = wordsOf(name)
  const same = open.filter((f) => sameWords(words, wordsOf(f.name)))
  if (same.length === 1) return same[0]!.name
  const named = open.filter((f) => !f.optional && words.length === 1 && wordsOf(f.name).some((w) => meanings(words[0]!).includes(w)))
  return named.length === 1 ? named[0]!.name : undefined
}

/**
 * Other words callers use for the words of the tools' field names (as other unit tools name them:
 * pint's `magnitude`, "source" and "target" units), each read as any field word it may stand for.
 */
const synonyms: Readonly<Record<string, ReadonlyArray<string>>> = {
  quantity: ["value"],
  amount: ["value"],
  magnitude: ["value"],
  number: ["value"],
  val: ["value"],
  source: ["from"],
  src: ["from"],
  original: ["from"],
  target: ["to", "expected"],
  dest: ["to"],
  destination: ["to"],
  desired: ["to", "expected"],
  output: ["to", "expected"],
  result: ["expected"]
}

// own keys only: a field named "constructor" or "__proto__" is a word like any other
const meanings = (word: string): ReadonlyArray<string> => [word, ...(Object.hasOwn(synonyms, word) ? synonyms[word]! : [])]

/** A field name's words: snake_case and camelCase alike, lower-cased. */
const wordsOf = (name: string): ReadonlyArray<string> =>
  name
    .replace(/([a-z0-9])([A-Z])/gu, "$1_$2")
    .toLowerCase()
    .split(/[_\-\s]+/u)
    .filter((w) => w !== "")

/** Whether `written` is `field`'s words, in any order, each word itself or a synonym of it. */
const sameWords = (written: ReadonlyArray<string>, field: ReadonlyArray<string>): boolean => {
  if (written.length !== field.length) return false
  const left = [...field]
  for (const word of written) {
    const i = left.findIndex((w) => meanings(word).includes(w))
    if (i < 0) return false
    left.splice(i, 1)
  }
  return true
}

/**
 * The fields the unknown top-level names stand for, read together: a name is given its field once
 * the others' fields count as sent ({value, unit: "km", to: "mi"}: `to` is to_unit, and then `unit`
 * can only be from_unit). Two names claiming one field get neither.
 */
export const intendedFields = (names: ReadonlyArray<string>, fields: ReadonlyArray<Field>, sent: unknown): ReadonlyMap<string, string> => {
  const intended = new Map<string, string>()
  for (;;) {
    const assumed = { ...(typeof sent === "object" && sent !== null ? sent : {}), ...Object.fromEntries([...intended.values()].map((f) => [f, true])) }
    const claims = new Map<string, Array<string>>()
    for (const name of names) {
      const field = intended.has(name) ? undefined : intendedField(name, fields, assumed)
      if (field !== undefined) claims.set(field, [...(claims.get(field) ?? []), name])
    }
    const settled = [...claims].filter(([field, claimants]) => claimants.length === 1 && ![...intended.values()].includes(field))
    if (settled.length === 0) return intended
    for (const [field, [name]] of settled) intended.set(name!, field)
  }
}
