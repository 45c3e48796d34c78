import { Effect, Schema } from "effect"
import type { Constant } from "../engine/Constants.ts"
import { checkSessionConstant } from "../engine/constants/sessionConstant.ts"
import { isEngineError } from "../engine/errors.ts"
import type { WorkspaceData } from "../services/Workspace.ts"
import { openWorkspace, workspaceField, workspaceOutput } from "./workspaceArgument.ts"
import { UnitCatalog } from "../services/UnitCatalog.ts"
import { defineTool, sessionWrite, unitField } from "./Tool.ts"

export const DefineConstantInput = Schema.Struct({
  workspace: workspaceField,
  symbol: Schema.NonEmptyString.annotate({
    description: "Short symbol, e.g. 'vₛ', 'E_g', 'g_local'. It also becomes a unit name of this session, so it must not be a built-in constant or read as a unit already ('Tm' is terametre: use 'T_m')",
    examples: ["g_local"]
  }),
  name: Schema.NonEmptyString.annotate({ description: "Full descriptive name", examples: ["local gravitational acceleration"] }),
  value: Schema.Finite.annotate({ description: "Numeric value in the given unit (finite, nonzero)", examples: [9.81] }),
  unit: unitField({ description: "Unit expression of the value, built from built-in units, e.g. 'm/s', 'J', 'm/s^2'; '1' for a pure number", examples: ["m/s^2"] }),
  uncertainty: Schema.optional(Schema.NullOr(Schema.Number)).annotate({
    description: "Standard uncertainty in the same unit; omit (or null) for an exact value",
    examples: [0.01]
  }),
  source: Schema.optional(Schema.String).annotate({ description: "Where the value comes from (default 'user-defined')", examples: ["measured on site"] })
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
export const sessionConstants = (data: WorkspaceData): Array<Constant> =>
  data.constants.map((c) => ({ ...c, aliases: [], category: "session" }))

const usage = (c: Constant): string =>
  `Use '${c.symbol}' as a unit in convert, compute, decompose or call_formula: convert(1, '${c.symbol}', '${c.unit}') → ${c.value}`

export const defineConstant = defineTool({
  name: "define_constant",
  title: "Define a session constant",
  description:
    "Define a constant for this session; list_constants(category='session') lists it. The constant also becomes a unit named by its symbol: " +
    "after define_constant(symbol='g_local', value=9.81, unit='m/s^2'), convert(2, 'g_local', 'm/s^2') gives 19.62 and 'g_local' works in any " +
    "unit expression of convert, compute, decompose and call_formula (its uncertainty is listed, not propagated through conversions). " +
    "Fails with duplicate_symbol when the symbol is a built-in constant, a session constant or already reads as a unit (kg, Tm), invalid_value for a non-finite or zero " +
    "value or a negative uncertainty, invalid_unit when the unit does not resolve.",
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
          const constant = checkSessionConstant({ builtin, session: current }, sessionConstants(data), input)
          if (isEngineError(constant)) return yield* Effect.fail(constant)
          const stored = { symbol: constant.symbol, name: constant.name, value: constant.value, unit: constant.unit, uncertainty: constant.uncertainty, source: constant.source }
          const result = {
            success: true,
            symbol: constant.symbol,
            name: constant.name,
            unit: constant.unit,
            uncertainty: constant.uncertainty,
            message: `Constant '${constant.symbol}' registered for session.`,
            usage: usage(constant),
            workspace: session.id
          }
          return [result, { ...data, constants: [...data.constants, stored] }] as const
        })
      )
    })
})
