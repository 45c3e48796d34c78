import { Effect, Schema } from "effect"
import type { Constant } from "../engine/constants/Constants.ts"
import { checkSessionConstant } from "../engine/constants/workspaceConstant.ts"
import { isEngineError } from "../engine/errors.ts"
import { workspaceConstants } from "../services/workspaceConstants.ts"
import { openWorkspace, workspaceField, workspaceOutput } from "./workspaceArgument.ts"
import { UnitCatalog } from "../services/UnitCatalog.ts"
import { defineTool, sessionWrite, unitField } from "./Tool.ts"

export const DefineConstantInput = Schema.Struct({
  workspace: workspaceField,
  symbol: Schema.NonEmptyString.annotate({
    description: "Also a unit, so not one that reads as a unit (Tm)",
    examples: ["g_local"]
  }),
  name: Schema.NonEmptyString.annotate({ examples: ["local gravitational acceleration"] }),
  value: Schema.Finite.annotate({ description: "Nonzero", examples: [9.81] }),
  unit: unitField({ description: "1 for a pure number", examples: ["m/s^2"] }),
  uncertainty: Schema.optional(Schema.NullOr(Schema.Number)).annotate({
    description: "Omit if exact",
    examples: [0.01]
  }),
  source: Schema.optional(Schema.String).annotate({ examples: ["measured on site"] })
})

export const DefineConstantOutput = Schema.Struct({
  success: Schema.Boolean,
  symbol: Schema.String,
  name: Schema.String,
  unit: Schema.String,
  uncertainty: Schema.NullOr(Schema.Number),
  message: Schema.String,
  usage: Schema.String,
  workspace: workspaceOutput
})

/** The session's constants in the engine's shape (category "session"). */
const usage = (c: Constant): string =>
  `Use '${c.symbol}' as a unit in convert, compute, decompose or call_formula: convert(1, '${c.symbol}', '${c.unit}') → ${c.value}`

export const defineConstant = defineTool({
  name: "define_constant",
  title: "Define a constant",
  description: "Define a session constant; its symbol becomes a unit too (g_local = 9.81 m/s^2, then 2 g_local → 19.62 m/s^2).",
  input: DefineConstantInput,
  output: DefineConstantOutput,
  annotations: sessionWrite,
  handler: (input) =>
    Effect.gen(function* () {
      const session = yield* openWorkspace(input, "write")
      const { catalog: builtin } = yield* UnitCatalog
      return yield* session.modify((data) =>
        Effect.gen(function* () {
          const current = yield* session.catalogOf(data)
          const constant = checkSessionConstant({ builtin, session: current }, workspaceConstants(data), input)
          if (isEngineError(constant)) return yield* Effect.fail(constant)
          const stored = {
            symbol: constant.symbol,
            name: constant.name,
            value: constant.value,
            unit: constant.unit,
            uncertainty: constant.uncertainty,
            source: constant.source
          }
          const result = {
            success: true,
            symbol: constant.symbol,
            name: constant.name,
            unit: constant.unit,
            uncertainty: constant.uncertainty,
            message: `Constant '${constant.symbol}' registered in workspace ${session.id}.`,
            usage: usage(constant),
            workspace: session.id
          }
          return [result, { ...data, constants: [...data.constants, stored] }] as const
        })
      )
    })
})
