import { Schema } from "effect"
import * as DimensionNames from "../engine/DimensionNames.ts"
import { page, pageInput, pageOutput } from "./paging.ts"
import { defineTool, readOnly } from "./Tool.ts"

/** A default page answers in under 2,000 tokens and holds every name (74, under 10 tokens each). */
const DEFAULT_LIMIT = 100
const MAX_LIMIT = 500

export const ListDimensionsInput = Schema.Struct({ ...pageInput(DEFAULT_LIMIT, MAX_LIMIT) })
export const ListDimensionsOutput = Schema.Struct({ result: Schema.Array(Schema.String), ...pageOutput })

export const listDimensions = defineTool({
  name: "list_dimensions",
  title: "List dimensions",
  description: "Dimension names (length, pressure, ...); angle, solid_angle and count are pseudo-dimensions.",
  input: ListDimensionsInput,
  output: ListDimensionsOutput,
  annotations: readOnly,
  handler: (input) => page([...DimensionNames.allNames()], input, DEFAULT_LIMIT)
})
