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
import * as Parts from "./engine/conversion/parts.ts"
import * as QuantityText from "./engine/conversion/quantityText.ts"
import type * as StatedRelation from "./engine/conversion/StatedRelation.ts"
import { Role } from "./engine/roles.ts"
import { UnitCatalog } from "./services/UnitCatalog.ts"

export * from "./engine/errors.ts"
export type { ComputeResult, ComputeStep, Factor } from "./engine/conversion/compute.ts"
export type { ConversionResult, ConvertError, DimensionCheck, Notation } from "./engine/conversion/convert.ts"
export type { DecomposeResult, KnownQuantity } from "./engine/conversion/decompose.ts"
export type { ListConversion, Part } from "./engine/conversion/parts.ts"
export type { WrittenQuantity } from "./engine/conversion/quantityText.ts"
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
 * What a conversion may be told, as the convert tool is: the notation, and the relations a caller
 * states (a substance or its molar mass for mg ↔ mmol, a valence for mEq, an equivalence, the
 * atmosphere a gauge reading is relative to).
 */
export interface ConvertOptions {
  readonly notation?: Convert.Notation
  readonly substance?: string
  readonly molarMass?: string
  readonly valence?: number
  readonly particles?: number
  readonly equivalence?: StatedRelation.Equivalence
  readonly atmosphericPressure?: string
}

const optionsOf = (
  options: Convert.Notation | ConvertOptions | undefined
): { readonly notation: Convert.Notation; readonly stated: Convert.StatedRelations } => {
  const o: ConvertOptions = typeof options === "string" ? { notation: options } : (options ?? {})
  return {
    notation: o.notation ?? "conventional",
    stated: {
      substance: o.substance,
      molarMass: o.molarMass,
      valence: o.valence,
      particles: o.particles,
      equivalence: o.equivalence,
      atmosphere: o.atmosphericPressure
    }
  }
}

/**
 * Converts a value between units; fails with UnknownUnit, ParseError, DimensionMismatch,
 * NoConversionPath, AmbiguousInput (each reading with its value) or InvalidValue. `to` may be a unit
 * list (ft;in: the answer carries parts), `from` too with a list of values; the fourth argument is
 * the notation or the options of the convert tool.
 *
 * @example
 * Effect.runSync(Units.convert(100, "degC", "degF").pipe(Effect.provide(Units.layer))).quantity // 212
 * Effect.runSync(Units.convert(100, "mg/dL", "mmol/L", { substance: "glucose" }).pipe(Effect.provide(Units.layer))).quantity // 5.5507…
 */
export const convert = (value: number | ReadonlyArray<number>, from: string, to: string, options?: Convert.Notation | ConvertOptions) =>
  withCatalog((c) => {
    const { notation, stated } = optionsOf(options)
    return Parts.convert(c, value, from, to, notation, stated)
  })

/**
 * A quantity as people write it: `5 ft 11 in`, `5 ft + 11 in`, `5'11"`, `2 h 30 min`, `1:30:00`,
 * `40°26′46″`; several terms of one quantity are added (in the last term's unit).
 *
 * @example
 * Effect.runSync(Units.readQuantity("5 ft 11 in").pipe(Effect.provide(Units.layer))) // { value: 71, unit: "in", … }
 */
export const readQuantity = (text: string, notation: Convert.Notation = "conventional") =>
  withCatalog((c) => Convert.lift(QuantityText.readQuantity(c, text, notation)))

/**
 * Converts a quantity as people write it (see readQuantity) to a unit or a unit list.
 *
 * @example
 * Effect.runSync(Units.convertText("5 ft + 11 in", "cm").pipe(Effect.provide(Units.layer))).quantity // 180.34
 */
export const convertText = (text: string, to: string, options?: Convert.Notation | ConvertOptions) =>
  withCatalog((c) => {
    const { notation, stated } = optionsOf(options)
    return Effect.flatMap(Convert.lift(QuantityText.readQuantity(c, text, notation)), (q) =>
      Effect.map(Parts.convert(c, q.value, q.unit, to, notation, stated), (r) => ({ ...r, notes: [...new Set([...q.notes, ...r.notes])] }))
    )
  })

/**
 * Whether two units convert into each other, with both dimensions.
 *
 * @example
 * Effect.runSync(Units.checkDimensions("dyn", "N").pipe(Effect.provide(Units.layer))).compatible // true
 */
export const checkDimensions = (a: string, b: string, notation: Convert.Notation = "conventional") =>
  withCatalog((c) => Convert.checkDimensions(c, a, b, notation))

/**
 * A factor-label chain: the value through each factor, units cancelling step by step. With an
 * expected unit the answer is in it (quantity and unit; the chain's own unit stays in steps).
 *
 * @example
 * Units.compute(1000, "mL", [{ value: 15, numerator: "gtt", denominator: "mL" }, { value: 1, numerator: "1", denominator: "480 min" }]) // 31.25 gtt/min
 */
export const compute = (
  initialValue: number,
  initialUnit: string,
  factors: ReadonlyArray<Compute.Factor>,
  expectedUnit?: string,
  options?: Convert.Notation | ConvertOptions
) =>
  withCatalog((c) => {
    const { notation, stated } = optionsOf(options)
    return Effect.map(Compute.compute(c, initialValue, initialUnit, factors, expectedUnit, notation, stated), (r) =>
      r.converted === null ? r : { ...r, quantity: r.converted.quantity, unit: r.converted.unit, ...(r.converted.parts ? { parts: r.converted.parts } : {}) }
    )
  })

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
