// Every tool the server offers, in the order tools/list shows them.
import { checkDimensions } from "./check_dimensions.ts"
import { compute } from "./compute.ts"
import { convert } from "./convert.ts"
import { declareComputation } from "./declare_computation.ts"
import { decompose } from "./decompose.ts"
import { defineConstant } from "./define_constant.ts"
import { defineConversion } from "./define_conversion.ts"
import { defineQuantityKind } from "./define_quantity_kind.ts"
import { defineUnit } from "./define_unit.ts"
import { listConstants } from "./list_constants.ts"
import { listDimensions } from "./list_dimensions.ts"
import { listQuantityKinds } from "./list_quantity_kinds.ts"
import { listScales } from "./list_scales.ts"
import { listUnits } from "./list_units.ts"
import { resetSession } from "./reset_session.ts"
import { validateResult } from "./validate_result.ts"

export const tools = [
  convert,
  compute,
  decompose,
  checkDimensions,
  listUnits,
  listScales,
  listDimensions,
  defineUnit,
  defineConversion,
  listConstants,
  defineConstant,
  resetSession,
  defineQuantityKind,
  declareComputation,
  validateResult,
  listQuantityKinds
] as const
