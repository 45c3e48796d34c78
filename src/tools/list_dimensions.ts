import { Effect, Schema } from "effect"
import * as DimensionNames from "../engine/DimensionNames.ts"
import { defineTool, readOnly } from "./Tool.ts"

export const ListDimensionsInput = Schema.Struct({})
export const ListDimensionsOutput = Schema.Struct({ result: Schema.Array(Schema.String) })

export const listDimensions = defineTool({
  name: "list_dimensions",
  title: "List dimension names",
  description:
    "List the named physical dimensions (length, mass, pressure, energy, ...), for list_units' filter and define_unit. " +
    "angle, solid_angle and count are pseudo-dimensions that never convert into each other or into ratio.",
  input: ListDimensionsInput,
  output: ListDimensionsOutput,
  annotations: readOnly,
  handler: () => Effect.succeed({ result: [...DimensionNames.allNames()] })
})
