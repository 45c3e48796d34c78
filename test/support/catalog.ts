// The built-in catalog, built once per test file, and small helpers for engine tests.
import { buildCatalog } from "../../src/engine/units/buildCatalog.ts"
import { builtinEntries } from "../../src/engine/catalog/index.ts"
import { converterBetween } from "../../src/engine/conversion/between.ts"
import { convertValue as convertCall } from "../../src/engine/conversion/convert.ts"
import { isEngineError } from "../../src/engine/errors.ts"
import { type UnitExpression, resolveUnitExpression } from "../../src/engine/units/UnitExpression.ts"

export const { catalog, problems } = buildCatalog(builtinEntries)

/** The catalog's own symbols and expressions, read as SI writes them (a symbol alone in capitals, G or M, is not read two ways). */
export const resolve = (expression: string): UnitExpression => {
  const r = resolveUnitExpression(catalog, expression, "written")
  if (isEngineError(r)) throw new Error(`${expression}: ${r.message}`)
  return r
}

/** Converts or throws: for tests of conversions that must succeed. */
export const convertValue = (value: number, from: string, to: string): number => {
  const c = converterBetween(catalog, resolve(from), resolve(to))
  if (isEngineError(c)) throw new Error(`${from} → ${to}: ${c.message}`)
  return c.apply(value)
}

export const relativeError = (actual: number, expected: number): number =>
  expected === 0 ? Math.abs(actual) : Math.abs(actual - expected) / Math.abs(expected)

/** A whole conversion call (readings, notes, fixes) that must answer: its result, or a throw saying why not. */
export const answer = (value: number, from: string, to: string) => {
  const r = convertCall(catalog, value, from, to)
  if (isEngineError(r)) throw new Error(`${value} ${from} → ${to}: ${r.message}`)
  return r
}

/** A whole conversion call that must be refused with its readings: the refusal, or a throw with what came instead. */
export const refusal = (value: number, from: string, to: string) => {
  const r = convertCall(catalog, value, from, to)
  if (!isEngineError(r) || r._tag !== "AmbiguousInput") throw new Error(`${value} ${from} → ${to}: expected a refusal, got ${JSON.stringify(r)}`)
  return r
}
