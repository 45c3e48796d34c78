/**
 * dimensional as a library for Effect apps: the engine's operations as Effects with typed
 * failures, the services they need, and the MCP server for embedding.
 *
 *   const program = Effect.gen(function* () {
 *     const r = yield* Dimensional.convert(5, "km", "mi")          // r.quantity = 3.1068559611866697
 *     return r
 *   }).pipe(Effect.catchTag("DimensionMismatch", (e) => ...), Effect.provide(Dimensional.layer))
 */
import { Effect, Layer } from "effect"
import * as Compute from "./engine/compute.ts"
import * as Convert from "./engine/convert.ts"
import * as Decompose from "./engine/decompose.ts"
import type { Catalog } from "./engine/Catalog.ts"
import { UnitCatalog } from "./services/UnitCatalog.ts"

export * from "./engine/errors.ts"
export type { ComputeResult, ComputeStep, Factor } from "./engine/compute.ts"
export type { ConversionResult, ConvertError, DimensionCheck } from "./engine/convert.ts"
export type { DecomposeResult, KnownQuantity } from "./engine/decompose.ts"
export type { UnitExpression } from "./engine/UnitExpression.ts"
export type { Catalog, UnitRecord } from "./engine/Catalog.ts"
export * as Dimension from "./engine/Dimension.ts"
export * as DimensionNames from "./engine/DimensionNames.ts"
export { UnitCatalog } from "./services/UnitCatalog.ts"
export { DefaultWorkspace, newWorkspaceId, Workspace, WorkspaceQuota } from "./services/Workspace.ts"
export type { OpenWorkspace, WorkspaceData } from "./services/Workspace.ts"
export * as WorkspaceStore from "./services/WorkspaceStore.ts"
export * as Formula from "./engine/Formula.ts"
export type { FormulaInput, FormulaResult } from "./engine/FormulaEvaluation.ts"
export { FormulaRegistry } from "./services/FormulaRegistry.ts"
export { Corrector } from "./mcp/repair/Corrector.ts"
export { RetryPolicy } from "./mcp/repair/RetryPolicy.ts"
export { SamplingClient } from "./mcp/repair/SamplingClient.ts"
export * as SelfCorrectionConfig from "./mcp/repair/SelfCorrectionConfig.ts"
export type { ToolServices } from "./tools/index.ts"
export { makeServer } from "./mcp/server.ts"
export { runStdioServer } from "./mcp/transports/stdio.ts"
export { tools } from "./tools/index.ts"
export type { Tool } from "./tools/Tool.ts"

/** The built-in catalog, for the operations below. */
export const layer: Layer.Layer<UnitCatalog> = UnitCatalog.layer

const withCatalog = <A, E>(f: (catalog: Catalog) => Effect.Effect<A, E>): Effect.Effect<A, E, UnitCatalog> =>
  Effect.gen(function* () {
    const { catalog } = yield* UnitCatalog
    return yield* f(catalog)
  })

/** Resolves a unit expression ("kg*m/s^2", "mcg/(kg*min)"); fails with UnknownUnit or ParseError. */
export const resolveUnit = (expression: string) => withCatalog((c) => Convert.resolveUnit(c, expression))

/** Converts a value between units; fails with UnknownUnit, ParseError, DimensionMismatch, NoConversionPath… */
export const convert = (value: number, from: string, to: string) => withCatalog((c) => Convert.convert(c, value, from, to))

/** Whether two units convert into each other. */
export const checkDimensions = (a: string, b: string) => withCatalog((c) => Convert.checkDimensions(c, a, b))

/** A factor-label chain (see the compute tool). */
export const compute = (initialValue: number, initialUnit: string, factors: ReadonlyArray<Compute.Factor>, expectedUnit?: string) =>
  withCatalog((c) => Compute.compute(c, initialValue, initialUnit, factors, expectedUnit))

/** The exact factor chain from one unit to another, optionally bridged by known quantities. */
export const decompose = (initialUnit: string, targetUnit: string, knownQuantities: ReadonlyArray<Decompose.KnownQuantity> = []) =>
  withCatalog((c) =>
    knownQuantities.length === 0
      ? Decompose.decomposeConversion(c, initialUnit, targetUnit, null, { from: "initial_unit", to: "target_unit" })
      : Decompose.decomposeWithQuantities(c, initialUnit, targetUnit, knownQuantities)
  )
