/**
 * dimensional's engine for Effect apps, with no MCP and no HTTP in its import graph
 * (`import * as Units from "dimensional-mcp/engine"`): unit-safe operations as Effects over the
 * UnitCatalog service, each failure a tagged error.
 *
 * @example
 * import { Effect } from "effect"
 * import * as Units from "dimensional-mcp/engine"
 *
 * const miles = Units.convert(5, "km", "mi").pipe(Effect.map((r) => r.quantity), Effect.provide(Units.layer))
 * Effect.runSync(miles) // 3.1068559611866697
 */
import { Effect, type Layer } from "effect"
import type { Catalog } from "./engine/units/Catalog.ts"
import * as Compute from "./engine/conversion/compute.ts"
import * as Convert from "./engine/conversion/convert.ts"
import * as Decompose from "./engine/conversion/decompose.ts"
import { Role } from "./engine/roles.ts"
import { UnitCatalog } from "./services/UnitCatalog.ts"

export * from "./engine/errors.ts"
export type { ComputeResult, ComputeStep, Factor } from "./engine/conversion/compute.ts"
export type { ConversionResult, ConvertError, DimensionCheck, Notation } from "./engine/conversion/convert.ts"
export type { DecomposeResult, KnownQuantity } from "./engine/conversion/decompose.ts"
export type { UnitExpression } from "./engine/units/UnitExpression.ts"
export type { Catalog, UnitRecord } from "./engine/units/Catalog.ts"
export * as Dimension from "./engine/Dimension.ts"
export * as DimensionNames from "./engine/DimensionNames.ts"
export { Role } from "./engine/roles.ts"
export { UnitCatalog } from "./services/UnitCatalog.ts"

/** The built-in catalog, for the operations below: `Effect.provide(layer)`. */
export const layer: Layer.Layer<UnitCatalog> = UnitCatalog.layer

const withCatalog = <A, E>(f: (catalog: Catalog) => Effect.Effect<A, E>): Effect.Effect<A, E, UnitCatalog> =>
  Effect.flatMap(UnitCatalog, ({ catalog }) => f(catalog))

/**
 * Resolves a unit expression ("kg*m/s^2", "mcg/(kg*min)"; "mg/dL" in either notation).
 *
 * @example
 * Units.DimensionNames.describe(Effect.runSync(Units.resolveUnit("kN*m").pipe(Effect.provide(Units.layer))).dimension) // "energy"
 */
export const resolveUnit = (expression: string, notation: Convert.Notation = "conventional") =>
  withCatalog((c) => Convert.resolveUnit(c, expression, Role.sourceUnit, notation))

/**
 * Converts a value between units; fails with UnknownUnit, ParseError, DimensionMismatch,
 * NoConversionPath, AmbiguousInput (each reading with its value) or InvalidValue.
 *
 * @example
 * Effect.runSync(Units.convert(100, "degC", "degF").pipe(Effect.provide(Units.layer))).quantity // 212
 */
export const convert = (value: number, from: string, to: string, notation: Convert.Notation = "conventional") =>
  withCatalog((c) => Convert.convert(c, value, from, to, notation))

/**
 * Whether two units convert into each other, with both dimensions.
 *
 * @example
 * Effect.runSync(Units.checkDimensions("dyn", "N").pipe(Effect.provide(Units.layer))).compatible // true
 */
export const checkDimensions = (a: string, b: string, notation: Convert.Notation = "conventional") =>
  withCatalog((c) => Convert.checkDimensions(c, a, b, notation))

/**
 * A factor-label chain: the value through each factor, units cancelling step by step.
 *
 * @example
 * Units.compute(1000, "mL", [{ value: 15, numerator: "gtt", denominator: "mL" }, { value: 1, numerator: "1", denominator: "480 min" }]) // 31.25 gtt/min
 */
export const compute = (
  initialValue: number,
  initialUnit: string,
  factors: ReadonlyArray<Compute.Factor>,
  expectedUnit?: string,
  notation: Convert.Notation = "conventional"
) => withCatalog((c) => Compute.compute(c, initialValue, initialUnit, factors, expectedUnit, notation))

/**
 * The exact factor chain from one unit to another, optionally bridged by known quantities.
 *
 * @example
 * Units.decompose("mcg/(kg*min)", "mL/h", [{ value: 80, unit: "kg" }, { value: 400, unit: "mg" }, { value: 250, unit: "mL" }])
 */
export const decompose = (initialUnit: string, targetUnit: string, knownQuantities: ReadonlyArray<Decompose.KnownQuantity> = []) =>
  withCatalog((c) =>
    knownQuantities.length === 0
      ? Decompose.decomposeConversion(c, initialUnit, targetUnit, null, { from: Role.initialUnit, to: Role.targetUnit })
      : Decompose.decomposeWithQuantities(c, initialUnit, targetUnit, knownQuantities)
  )
