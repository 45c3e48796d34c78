/**
 * Schema-directed coercion: after a failed decode, each value is moved towards the type the tool's
 * Schema expects at its own path, and only by lossless rules: a numeric string to a number
 * ("5", " 2.5 ", "1e3"; never "five", "NaN", "Infinity" or "5 km"), a number to a string, a
 * JSON-encoded array or object to the value it encodes, a single object to a one-element array,
 * "true"/"false" to booleans, and null for an optional field to an absent one. Nothing is guessed:
 * "5 km" for a number stays as it is and the validation report tells the agent to split it.
 */
import { SchemaAST } from "effect"
import { isUnitField } from "../../tools/Tool.ts"
import * as ArgumentPath from "./ArgumentPath.ts"
import { type AST, accepts, presentMembers, unwrap } from "./schemaShape.ts"

export interface Coercion {
  readonly path: string
  readonly from: unknown
  readonly to: unknown
  readonly rule: string
}

export interface Coerced {
  readonly value: unknown
  readonly coercions: ReadonlyArray<Coercion>
}

const NUMERIC = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/u

/** A number followed by a unit, such as "5 km" or "2.5e3 mg/L": a quantity where a bare number was expected. */
export const splitQuantity = (text: string): { readonly value: number; readonly unit: string } | undefined => {
  // the unit starts with neither a digit nor a comma: "1,000" is a number written with a comma, never 1 and a unit ",000"
  const match = /^\s*([+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?)\s*([^\d\s.,+-].*?)\s*$/u.exec(text)
  return match?.[1] !== undefined && match[2] !== undefined ? { value: Number(match[1]), unit: match[2] } : undefined
}

/**
 * The numbers a text with commas can mean, and its unit if any: "1,000" is 1000 (a thousands
 * separator, as English writes it) or 1 (a decimal comma, as most of Europe writes it); "1,5" only
 * 1.5; "1,000,000" only 1000000. Undefined for a text without a comma in its number.
 */
export const commaReadings = (text: string): { readonly readings: ReadonlyArray<number>; readonly unit: string } | undefined => {
  const match = /^\s*([+-]?\d[\d,]*(?:\.\d+)?)\s*([^\d\s.,+-].*?)?\s*$/u.exec(text)
  const number = match?.[1]
  if (number === undefined || !number.includes(",")) return undefined
  const readings: Array<number> = []
  if (/^[+-]?\d{1,3}(?:,\d{3})+(?:\.\d+)?$/u.test(number)) readings.push(Number(number.replaceAll(",", "")))
  if (/^[+-]?\d+,\d+$/u.test(number)) readings.push(Number(number.replace(",", ".")))
  return readings.length > 0 ? { readings, unit: match?.[2] ?? "" } : undefined
}

const numberFrom = (value: unknown): number | undefined => {
  if (typeof value !== "string" || !NUMERIC.test(value.trim())) return undefined
  const n = Number(value.trim())
  return Number.isFinite(n) ? n : undefined
}

const booleanFrom = (value: unknown): boolean | undefined => (value === "true" ? true : value === "false" ? false : undefined)

const jsonFrom = (value: unknown, want: "array" | "object"): unknown => {
  if (typeof value !== "string") return undefined
  const text = value.trim()
  if (!(want === "array" ? text.startsWith("[") : text.startsWith("{"))) return undefined
  try {
    const parsed: unknown = JSON.parse(text)
    const isArray = Array.isArray(parsed)
    return (want === "array") === isArray && typeof parsed === "object" && parsed !== null ? parsed : undefined
  } catch {
    return undefined
  }
}

const isPlainObject = (u: unknown): u is Record<string, unknown> => typeof u === "object" && u !== null && !Array.isArray(u)

type Path = ReadonlyArray<PropertyKey>

const unchanged = (value: unknown): Coerced => ({ value, coercions: [] })

const step = (path: Path, from: unknown, to: unknown, rule: string, then?: Coerced): Coerced => ({
  value: then ? then.value : to,
  coercions: [{ path: ArgumentPath.format(path), from, to, rule }, ...(then?.coercions ?? [])]
})

const coerceLiteral = (node: SchemaAST.Literal, value: unknown, path: Path): Coerced => {
  const literal = node.literal
  if (typeof literal === "number" && numberFrom(value) === literal) return step(path, value, literal, "numeric string to number")
  if (typeof literal === "string" && typeof value === "number" && String(value) === literal) return step(path, value, literal, "number to string")
  if (typeof literal === "boolean" && booleanFrom(value) === literal) return step(path, value, literal, "string to boolean")
  return unchanged(value)
}

const coerceArray = (node: SchemaAST.Arrays, value: unknown, path: Path): Coerced => {
  const parsed = jsonFrom(value, "array")
  if (parsed !== undefined) return step(path, value, parsed, "JSON string to array", coerceArray(node, parsed, path))
  if (isPlainObject(value) && node.elements.length === 0 && node.rest[0] !== undefined) {
    return step(path, value, [value], "single object to one-element array", coerceArray(node, [value], path))
  }
  if (!Array.isArray(value)) return unchanged(value)
  const items = value.map((item, i) => {
    const itemAst = node.elements[i] ?? node.rest[0]
    return itemAst ? coerce(itemAst, item, [...path, i]) : unchanged(item)
  })
  return { value: items.map((c) => c.value), coercions: items.flatMap((c) => c.coercions) }
}

const coerceObject = (node: SchemaAST.Objects, value: unknown, path: Path): Coerced => {
  const parsed = jsonFrom(value, "object")
  if (parsed !== undefined) return step(path, value, parsed, "JSON string to object", coerceObject(node, parsed, path))
  if (!isPlainObject(value)) return unchanged(value)
  const out: Record<string, unknown> = {}
  const coercions: Array<Coercion> = []
  for (const [key, item] of Object.entries(value)) {
    const property = node.propertySignatures.find((p) => p.name === key)
    const itemAst = property?.type ?? node.indexSignatures[0]?.type
    if (itemAst === undefined) {
      out[key] = item // an unknown field: decoding names it, coercion leaves it alone
      continue
    }
    if (item === null && property !== undefined && SchemaAST.isOptional(property.type) && !accepts(property.type, null)) {
      coercions.push({ path: ArgumentPath.format([...path, key]), from: null, to: undefined, rule: "null for an optional field read as omitted" })
      continue
    }
    const c = coerce(itemAst, item, [...path, key])
    out[key] = c.value
    coercions.push(...c.coercions)
  }
  return { value: out, coercions }
}

const coerceUnion = (node: SchemaAST.Union, value: unknown, path: Path): Coerced => {
  for (const member of presentMembers(node)) {
    const c = coerce(member, value, path)
    if (c.coercions.length > 0 && accepts(member, c.value)) return c
  }
  return unchanged(value)
}

/** `value` moved towards `ast` where a lossless rule applies, with every change listed. */
export const coerce = (ast: AST, value: unknown, path: Path = []): Coerced => {
  if (accepts(ast, value)) return unchanged(value)
  const node = unwrap(ast)
  switch (node._tag) {
    case "Number": {
      const n = numberFrom(value)
      return n === undefined ? unchanged(value) : step(path, value, n, "numeric string to number")
    }
    case "String":
      // never into a unit field: `from_unit: 5` lost its unit somewhere, and "5" would be a pure number
      return typeof value === "number" && Number.isFinite(value) && !isUnitField(node) ? step(path, value, String(value), "number to string") : unchanged(value)
    case "Boolean": {
      const b = booleanFrom(value)
      return b === undefined ? unchanged(value) : step(path, value, b, "string to boolean")
    }
    case "Literal":
      return coerceLiteral(node, value, path)
    case "Arrays":
      return coerceArray(node, value, path)
    case "Objects":
      return coerceObject(node, value, path)
    case "Union":
      return coerceUnion(node, value, path)
    default:
      return unchanged(value)
  }
}
