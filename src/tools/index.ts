// Every tool the server offers, in the order tools/list shows them.
import { addQuantities } from "./add_quantities.ts"
import { checkDimensions } from "./check_dimensions.ts"
import type { AnyTool } from "./Tool.ts"
import { compute } from "./compute.ts"
import { convert } from "./convert.ts"
import { declareComputation } from "./declare_computation.ts"
import { decompose } from "./decompose.ts"
import { defineConstant } from "./define_constant.ts"
import { defineConversion } from "./define_conversion.ts"
import { defineQuantityKind } from "./define_quantity_kind.ts"
import { defineUnit } from "./define_unit.ts"
import { listConstants } from "./list_constants.ts"
import { callFormula } from "./call_formula.ts"
import { listDimensions } from "./list_dimensions.ts"
import { listFormulas } from "./list_formulas.ts"
import { listQuantityKinds } from "./list_quantity_kinds.ts"
import { listScales } from "./list_scales.ts"
import { listUnits } from "./list_units.ts"
import { resetSession } from "./reset_session.ts"
import { validateResult } from "./validate_result.ts"

export const tools = [
  convert,
  compute,
  decompose,
  addQuantities,
  checkDimensions,
  listUnits,
  listScales,
  listDimensions,
  defineUnit,
  defineConversion,
  listConstants,
  defineConstant,
  resetSession,
  listFormulas,
  callFormula,
  defineQuantityKind,
  declareComputation,
  validateResult,
  listQuantityKinds
] as const

/**
 * The named sets an operator exposes with `--toolsets` (src/mcp/toolsets.ts): each tool in exactly
 * one (test/e2e/toolsets.test.ts). convert: a value between units and the names to find them;
 * compute: chains of factors and checking a result's kind; reference: constants, formulas, kinds;
 * workspace: the definitions a workspace holds, and emptying it.
 */
export const toolsets = {
  convert: [convert, checkDimensions, addQuantities, listUnits, listDimensions, listScales],
  compute: [compute, decompose, declareComputation, validateResult],
  reference: [listConstants, listFormulas, callFormula, listQuantityKinds],
  workspace: [defineUnit, defineConversion, defineConstant, defineQuantityKind, resetSession]
} as const satisfies Record<string, ReadonlyArray<(typeof tools)[number]>>

export type ToolsetName = keyof typeof toolsets

export const toolsetNames = Object.keys(toolsets) as ReadonlyArray<ToolsetName>

/** Every service some tool needs: what a server built from `tools` must be given (`makeServer<ToolServices>(tools)`). */
export type ToolServices = (typeof tools)[number] extends infer T ? (T extends AnyTool<infer R> ? R : never) : never
