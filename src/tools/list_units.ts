import { Effect, Schema } from "effect"
import * as Dimension from "../engine/Dimension.ts"
import * as DimensionNames from "../engine/DimensionNames.ts"
import { parseDimension } from "../engine/units/DimensionExpression.ts"
import type { UnitRecord } from "../engine/units/Catalog.ts"
import { isEngineError, locate } from "../engine/errors.ts"
import { page, pageInput, pageOutput } from "./paging.ts"
import { openWorkspace, workspaceField } from "./workspaceArgument.ts"
import { defineTool, readOnly } from "./Tool.ts"

/** A page answers in under 2,000 tokens: 12 entries, sent as text and as structured content. */
const DEFAULT_LIMIT = 12
const MAX_LIMIT = 100

export const ListUnitsInput = Schema.Struct({
  workspace: workspaceField,
  dimension: Schema.optional(Schema.NonEmptyString).annotate({
    description: "e.g. pressure, length/time",
    examples: ["mass"]
  }),
  query: Schema.optional(Schema.NonEmptyString).annotate({ description: "Text in a name, symbol or alias", examples: ["gallon"] }),
  ...pageInput(DEFAULT_LIMIT, MAX_LIMIT)
})

export const UnitInfo = Schema.Struct({
  name: Schema.String,
  shorthand: Schema.String,
  aliases: Schema.Array(Schema.String),
  dimension: Schema.String,
  scalable: Schema.Boolean,
  system: Schema.String,
  exact: Schema.Boolean,
  note: Schema.NullOr(Schema.String)
})

export const ListUnitsOutput = Schema.Struct({
  result: Schema.Array(UnitInfo),
  total: Schema.Number.annotate({ description: "Units matching the filters, on all pages" }),
  ...pageOutput
})

export const listUnits = defineTool({
  name: "list_units",
  title: "List units",
  description: "Built-in and session units, by dimension or text (query: gallon). `scalable` ones take SI prefixes (information units binary ones too).",
  input: ListUnitsInput,
  output: ListUnitsOutput,
  annotations: readOnly,
  handler: (input) =>
    Effect.gen(function* () {
      const catalog = yield* (yield* openWorkspace(input, "read")).catalog()
      let filter: Dimension.Dimension | undefined
      if (input.dimension !== undefined) {
        const parsed = parseDimension(input.dimension)
        if (isEngineError(parsed)) return yield* Effect.fail(locate(parsed, { parameter: "dimension" }))
        filter = parsed
      }
      const query = input.query?.toLowerCase()
      const matches = (r: UnitRecord) => query === undefined || [r.name, r.symbol, ...r.aliases, ...r.names].some((n) => n.toLowerCase().includes(query))
      const units = catalog
        .allRecords()
        .filter((r) => (filter === undefined || Dimension.equals(r.dimension, filter)) && matches(r))
        .map((r) => ({
          name: r.name,
          shorthand: r.symbol,
          aliases: [r.symbol, ...r.aliases],
          dimension: DimensionNames.describe(r.dimension),
          scalable: r.prefixes !== "none",
          system: r.system,
          exact: r.exact,
          note: r.note ?? null
        }))
        .sort((a, b) => a.dimension.localeCompare(b.dimension) || a.name.localeCompare(b.name))
      return { ...(yield* page(units, input, DEFAULT_LIMIT)), total: units.length }
    })
})
