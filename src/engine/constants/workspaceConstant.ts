/**
 * Checking a constant an agent defines for its session (define_constant). A session constant is also
 * a unit of the session named by its symbol (g_local = 9.81 m/s² makes "g_local" usable in any unit
 * expression), so besides ucon's checks (symbol taken, value not finite, negative uncertainty, unit
 * that does not resolve) its symbol must not already read as a unit (kg, Tm, m2) and must read back
 * as one unit name, its value must not be zero, and its unit must be linear (a temperature point or a
 * level has no factor).
 */
import type { Catalog } from "../units/Catalog.ts"
import { describeUnit } from "../units/Catalog.ts"
import { type Constant, lookup } from "./Constants.ts"
import { type CustomUnit, overlayCatalog } from "../units/customUnits.ts"
import * as Dimension from "../Dimension.ts"
import { DuplicateDefinition, InvalidInput, InvalidUnit, InvalidValue, isEngineError } from "../errors.ts"
import * as Rational from "../Rational.ts"
import { format, resolveUnitExpression } from "../units/UnitExpression.ts"
import { Role } from "../roles.ts"

export interface SessionConstantInput {
  readonly symbol: string
  readonly name: string
  readonly value: number
  readonly unit: string
  readonly uncertainty?: number | null | undefined
  readonly source?: string | undefined
}

export interface Catalogs {
  /** The built-in catalog: a session constant's unit is resolved against it. */
  readonly builtin: Catalog
  /** The session's catalog (its units and constants over the built-in one): symbols must be new there. */
  readonly session: Catalog
}

export type SessionConstantError = DuplicateDefinition | InvalidValue | InvalidUnit | InvalidInput

/** The unit a session constant becomes: one `symbol` is `value` × `unit`. */
export const asUnit = (c: Pick<Constant, "symbol" | "value" | "unit">): CustomUnit => ({
  name: c.symbol,
  dimension: Dimension.dimensionless,
  aliases: [],
  definition: { value: c.value, unit: c.unit }
})

const duplicate = (message: string, hints: ReadonlyArray<string>, likelyFix?: string): DuplicateDefinition =>
  new DuplicateDefinition({ kind: "duplicate_symbol", message, role: Role.symbol, hints: [...hints], likelyFix })

/** What `symbol` already means in unit expressions of the session, if anything: "kilogram (kg)", "m²". */
const existingReading = (catalog: Catalog, symbol: string): string | undefined => {
  const read = resolveUnitExpression(catalog, symbol)
  if (isEngineError(read)) return undefined
  if (read.terms.length === 0) return "a pure number"
  const only = read.terms.length === 1 && read.terms[0]!.exponent === 1 && Rational.isOne(read.numeric) ? read.terms[0]! : undefined
  return only ? describeUnit(only) : `the unit expression ${format(read.terms)}`
}

/** A free symbol close to a taken one: T_m for Tm, E_g for Eg, k_g for kg. */
const alternativeSymbol = (catalogs: Catalogs, existing: ReadonlyArray<Constant>, symbol: string): string | undefined => {
  const first = [...symbol][0]!
  const candidates = [...symbol].length > 1 ? [`${first}_${symbol.slice(first.length)}`, `${symbol}_const`] : [`${symbol}_const`]
  return candidates.find((s) => !lookup(s) && !existing.some((c) => c.symbol === s) && existingReading(catalogs.session, s) === undefined)
}

const checkSymbol = (catalogs: Catalogs, existing: ReadonlyArray<Constant>, symbol: string): DuplicateDefinition | undefined => {
  const builtin = lookup(symbol)
  if (builtin) {
    const alias = builtin.symbol === symbol ? "" : ` (alias of '${builtin.symbol}')`
    return duplicate(`Symbol '${symbol}' is already defined as '${builtin.name}'${alias}`, ["Use a different symbol or use the built-in constant"])
  }
  const previous = existing.find((c) => c.symbol === symbol)
  if (previous) {
    return duplicate(`Symbol '${symbol}' is already defined as '${previous.name}'`, [
      "Use a different symbol; a workspace's constants cannot be redefined",
      "Emptying the workspace clears every constant, unit and conversion it defines"
    ])
  }
  // the symbol becomes a unit name: taking one that already reads as a unit (kg = k + g, Tm = terametre,
  // m2 = m²) would silently change what that expression means in every later call
  const reading = existingReading(catalogs.session, symbol)
  if (reading) {
    const alternative = alternativeSymbol(catalogs, existing, symbol)
    return duplicate(
      `Symbol '${symbol}' already names a unit: ${reading}`,
      [
        "A session constant becomes a unit named by its symbol, so it cannot take a name unit expressions already read",
        ...(alternative ? [`Use a different symbol, e.g. '${alternative}'`] : [])
      ],
      alternative
    )
  }
  return undefined
}

const checkNumbers = (value: number, uncertainty: number | null | undefined): InvalidValue | undefined => {
  if (!Number.isFinite(value)) {
    return new InvalidValue({
      message: `Value must be a finite number, got ${value}`,
      role: Role.value,
      got: String(value),
      hints: ["Give the constant's value as a finite number in its unit"]
    })
  }
  if (value === 0) {
    return new InvalidValue({
      message: "Value must not be zero: a session constant is also a unit, and a unit of size zero converts to nothing",
      role: Role.value,
      got: "0",
      hints: ["Give the constant's nonzero value in its unit"]
    })
  }
  if (uncertainty !== null && uncertainty !== undefined && !(Number.isFinite(uncertainty) && uncertainty >= 0)) {
    return new InvalidValue({
      message: `Uncertainty must be a finite number ≥ 0, got ${uncertainty}`,
      role: Role.uncertainty,
      got: String(uncertainty),
      hints: ["Give the standard uncertainty (one sigma) in the constant's unit, or omit it for an exact value"]
    })
  }
  return undefined
}

const checkUnit = (catalogs: Catalogs, unit: string): InvalidUnit | undefined => {
  const resolved = resolveUnitExpression(catalogs.builtin, unit)
  if (isEngineError(resolved)) {
    const inSession = resolveUnitExpression(catalogs.session, unit)
    if (!isEngineError(inSession)) {
      return new InvalidUnit({
        message: `Invalid unit '${unit}': a constant's unit must be built from built-in units, not units defined in this session`,
        role: Role.unit,
        got: unit,
        hints: ["Give the value in built-in units (convert it first if needed), e.g. m/s instead of a session unit"]
      })
    }
    return new InvalidUnit({
      message: `Invalid unit '${unit}': ${resolved.message}`,
      role: Role.unit,
      got: unit,
      likelyFix: resolved.likelyFix,
      hints: [...resolved.hints]
    })
  }
  const nonlinear = resolved.temperatureScale ?? resolved.level
  if (nonlinear) {
    return new InvalidUnit({
      message: `Invalid unit '${unit}': ${nonlinear.name} is a point on a scale, not a multiple of a unit, so a constant cannot be measured in it`,
      role: Role.unit,
      got: unit,
      hints: resolved.temperatureScale ? ["Give a temperature in K (20 degC is 293.15 K)"] : ["Give the linear value (W, V, mol/L) instead of the level"]
    })
  }
  return undefined
}

/** The session catalog with the new constant as a unit, checked to read the symbol back as that unit alone. */
const checkUsableAsUnit = (catalogs: Catalogs, c: Constant): InvalidInput | DuplicateDefinition | undefined => {
  const overlay = overlayCatalog(catalogs.session, [asUnit(c)], [])
  if (isEngineError(overlay)) {
    return overlay._tag === "InvalidInput"
      ? duplicate(`Symbol '${c.symbol}' collides with a unit name: ${overlay.message}`, ["Use a different symbol"])
      : new InvalidInput({ message: overlay.message, role: Role.symbol, hints: [...overlay.hints] })
  }
  const read = resolveUnitExpression(overlay, c.symbol)
  const single =
    !isEngineError(read) && read.terms.length === 1 && read.terms[0]!.exponent === 1 && !read.terms[0]!.prefix && read.terms[0]!.unit.name === c.symbol
  if (single) return undefined
  return new InvalidInput({
    message: `Symbol '${c.symbol}' cannot be used as a unit name: unit expressions would not read it as one name`,
    role: Role.symbol,
    got: c.symbol,
    hints: ["Use letters, digits (not first), '_' and subscripts, with no spaces or operators: 'g_local', 'vₛ', 'E_g'"]
  })
}

/**
 * Validates a session constant against the built-in constants, the session's constants and units.
 * Returns the constant, or the first failure.
 */
export const checkSessionConstant = (catalogs: Catalogs, existing: ReadonlyArray<Constant>, input: SessionConstantInput): Constant | SessionConstantError => {
  const symbol = input.symbol.trim()
  const unit = input.unit.trim()
  const failure = checkSymbol(catalogs, existing, symbol) ?? checkNumbers(input.value, input.uncertainty) ?? checkUnit(catalogs, unit)
  if (failure) return failure
  const constant: Constant = {
    symbol,
    aliases: [],
    name: input.name,
    value: input.value,
    unit,
    uncertainty: input.uncertainty ?? null,
    category: "session",
    source: input.source ?? "user-defined"
  }
  return checkUsableAsUnit(catalogs, constant) ?? constant
}
