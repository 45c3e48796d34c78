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

export { type ToolsetName, toolsetNames, toolsets } from "./toolsets.ts"

/** Every service some tool needs: what a server built from `tools` must be given (`makeServer<ToolServices>(tools)`). */
export type ToolServices = (typeof tools)[number] extends infer T ? (T extends AnyTool<infer R> ? R : never) : never
