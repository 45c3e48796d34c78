import { Effect, Schema } from "effect"
import * as Dimension from "../engine/Dimension.ts"
import { parseDimension } from "../engine/units/DimensionExpression.ts"
import { InvalidDimension, isEngineError } from "../engine/errors.ts"
import type * as QuantityKind from "../engine/kinds/QuantityKind.ts"
import { kindsOf, openWorkspace, workspaceField } from "./workspaceArgument.ts"
import { page, pageInput, pageOutput } from "./paging.ts"
import { defineTool, readOnly } from "./Tool.ts"
import * as DimensionNames from "../engine/DimensionNames.ts"

/** A kind in the tool's wire names. */
const describeKind = (k: QuantityKind.QuantityKind) => ({
  name: k.name,
  dimension_name: DimensionNames.describe(k.dimension),
  dimension_vector: Dimension.signature(k.dimension),
  description: k.description,
  aliases: [...k.aliases],
  category: k.category,
  disambiguation_hints: [...k.disambiguationHints],
  builtin: k.builtin
})

/** A default page answers in under 2,000 tokens: a kind with its hints costs about 130 (as text and as structured content). */
const DEFAULT_LIMIT = 10
const MAX_LIMIT = 100

export const ListQuantityKindsInput = Schema.Struct({
  workspace: workspaceField,
  dimension: Schema.optional(Schema.NonEmptyString).annotate({ examples: ["energy"] }),
  category: Schema.optional(Schema.NonEmptyString).annotate({ description: "e.g. thermodynamics, session", examples: ["radiation"] }),
  ...pageInput(DEFAULT_LIMIT, MAX_LIMIT)
})

export const KindInfo = Schema.Struct({
  name: Schema.String,
  dimension_name: Schema.String,
  dimension_vector: Schema.String,
  description: Schema.String,
  aliases: Schema.Array(Schema.String),
  category: Schema.String,
  disambiguation_hints: Schema.Array(Schema.String),
  builtin: Schema.Boolean
})

export const ListQuantityKindsOutput = Schema.Struct({ result: Schema.Array(KindInfo), ...pageOutput })

export const listQuantityKinds = defineTool({
  name: "list_quantity_kinds",
  title: "List kinds of quantity",
  description: "Built-in and session kinds of quantity (torque vs energy), by dimension or category.",
  input: ListQuantityKindsInput,
  output: ListQuantityKindsOutput,
  annotations: readOnly,
  handler: (input) =>
    Effect.gen(function* () {
      const kinds = yield* kindsOf(yield* openWorkspace(input, "read"))
      let dimension: Dimension.Dimension | undefined
      if (input.dimension !== undefined) {
        const parsed = parseDimension(input.dimension)
        if (isEngineError(parsed)) {
          return yield* new InvalidDimension({
            message: parsed.message,
            parameter: "dimension",
            got: input.dimension,
            likelyFix: parsed.likelyFix,
            hints: [...parsed.hints]
          })
        }
        dimension = parsed
      }
      const result = kinds
        .filter((k) => (dimension === undefined || Dimension.equals(k.dimension, dimension)) && (input.category === undefined || k.category === input.category))
        .sort((a, b) => a.category.localeCompare(b.category) || a.name.localeCompare(b.name))
        .map(describeKind)
      return yield* page(result, input, DEFAULT_LIMIT)
    })
})
