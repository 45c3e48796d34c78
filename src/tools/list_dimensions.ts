import { Effect, Schema } from "effect"
import * as DimensionNames from "../engine/DimensionNames.ts"
import { defineTool, readOnly } from "./Tool.ts"

export const ListDimensionsInput = Schema.Struct({})
export const ListDimensionsOutput = Schema.Struct({ result: Schema.Array(Schema.String) })

export const listDimensions = defineTool({
  name: "list_dimensions",
  title: "List dimension names",
  description:
    "The named dimensions (length, pressure, ...) for list_units and define_unit; angle, solid_angle and count are pseudo-dimensions.",
  input: ListDimensionsInput,
  output: ListDimensionsOutput,
  annotations: readOnly,
  handler: () => Effect.succeed({ result: [...DimensionNames.allNames()] })
})
