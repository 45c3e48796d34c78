// Every tool the server offers, in the order tools/list shows them.
import { checkDimensions } from "./check_dimensions.ts"
import { convert } from "./convert.ts"
import { listDimensions } from "./list_dimensions.ts"
import { listScales } from "./list_scales.ts"
import { listUnits } from "./list_units.ts"

export const tools = [convert, checkDimensions, listUnits, listScales, listDimensions] as const
