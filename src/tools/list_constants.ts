import { Effect, Schema } from "effect"
import * as Constants from "../engine/constants/Constants.ts"
import { isEngineError } from "../engine/errors.ts"
import { openWorkspace, workspaceField } from "./workspaceArgument.ts"
import { UnitCatalog } from "../services/UnitCatalog.ts"
import { workspaceConstants } from "../services/workspaceConstants.ts"
import { page, pageInput, pageOutput } from "./paging.ts"
import { defineTool, readOnly } from "./Tool.ts"

/** A default page answers in under 2,000 tokens: a constant costs about 115 (as text and as structured content). */
const DEFAULT_LIMIT = 15
const MAX_LIMIT = 100

export const ListConstantsInput = Schema.Struct({
  workspace: workspaceField,
  category: Schema.optional(
    Schema.Literals([...Constants.categories, "all"]).annotate({
      description: "Default all",
      examples: ["measured"]
    })
  ),
  ...pageInput(DEFAULT_LIMIT, MAX_LIMIT)
})

export const ConstantInfo = Schema.Struct({
  symbol: Schema.String,
  name: Schema.String,
  value: Schema.Number,
  unit: Schema.String,
  dimension: Schema.String,
  uncertainty: Schema.NullOr(Schema.Number),
  is_exact: Schema.Boolean,
  source: Schema.String,
  category: Schema.Literals(Constants.categories)
})

export const ListConstantsOutput = Schema.Struct({ result: Schema.Array(ConstantInfo), ...pageOutput })

export const listConstants = defineTool({
  name: "list_constants",
  title: "List constants",
  description: "CODATA 2022 constants (c, h, G, ...) and the session's, by category then symbol; uncertainty null: exact.",
  input: ListConstantsInput,
  output: ListConstantsOutput,
  annotations: readOnly,
  handler: (input) =>
    Effect.gen(function* () {
      const filter = Constants.parseCategory(input.category)
      if (isEngineError(filter)) return yield* Effect.fail(filter)
      const { catalog } = yield* UnitCatalog
      const data = yield* (yield* openWorkspace(input, "read")).get
      const listed = Constants.select([...Constants.builtin, ...workspaceConstants(data)], filter)
      const result: Array<typeof ConstantInfo.Type> = []
      for (const c of listed) {
        const info = Constants.toInfo(catalog, c)
        // every unit was resolved when the constant was defined (built-in ones by the constants test)
        if (isEngineError(info)) return yield* Effect.die(new Error(`Constant ${c.symbol} has a unit that no longer resolves: ${info.message}`))
        const { isExact, ...rest } = info
        result.push({ ...rest, is_exact: isExact })
      }
      return yield* page(result, input, DEFAULT_LIMIT)
    })
})
