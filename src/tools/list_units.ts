import { Effect, Schema } from "effect"
import * as Dimension from "../engine/Dimension.ts"
import * as DimensionNames from "../engine/DimensionNames.ts"
import { parseDimension } from "../engine/DimensionExpression.ts"
import { isEngineError, locate } from "../engine/errors.ts"
import { SessionState } from "../services/SessionState.ts"
import { defineTool, readOnly } from "./Tool.ts"

export const ListUnitsInput = Schema.Struct({
  dimension: Schema.optional(Schema.NonEmptyString).annotate({
    description: "Only units of this dimension: a name from list_dimensions ('mass', 'pressure') or an expression ('length/time')",
    examples: ["mass"]
  })
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

export const ListUnitsOutput = Schema.Struct({ result: Schema.Array(UnitInfo) })

export const listUnits = defineTool({
  name: "list_units",
  title: "List available units",
  description:
    "List the units this server knows (built-in and defined in this session), optionally only those of one dimension. " +
    "`scalable` units take SI prefixes (k, m, µ, ...), information units also binary ones (Ki, Mi, ...).",
  input: ListUnitsInput,
  output: ListUnitsOutput,
  annotations: readOnly,
  handler: (input) =>
    Effect.gen(function* () {
      const catalog = yield* (yield* SessionState).catalog()
      let filter: Dimension.Dimension | undefined
      if (input.dimension !== undefined) {
        const parsed = parseDimension(input.dimension)
        if (isEngineError(parsed)) return yield* Effect.fail(locate(parsed, { role: "dimension" }))
        filter = parsed
      }
      const units = catalog
        .allRecords()
        .filter((r) => filter === undefined || Dimension.equals(r.dimension, filter))
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
      return { result: units }
    })
})
