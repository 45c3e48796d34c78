import { Effect, Schema } from "effect"
import { FormulaRegistry } from "../services/FormulaRegistry.ts"
import { openWorkspace, workspaceField } from "./workspaceArgument.ts"
import { Role } from "../engine/roles.ts"
import { defineTool, readOnly, unitField } from "./Tool.ts"

export const FormulaParameterInput = Schema.Struct({
  value: Schema.Finite.annotate({ examples: [70] }),
  unit: Schema.optional(
    unitField({
      description: "Omit for a pure number or count",
      examples: ["kg"]
    })
  ),
  uncertainty: Schema.optional(Schema.Finite).annotate({
    description: "In the value's unit",
    examples: [0.5]
  })
})

const bmiExample = { mass: { value: 70, unit: "kg" }, height: { value: 1.75, unit: "m" } }

export const CallFormulaInput = Schema.Struct({
  workspace: workspaceField,
  name: Schema.NonEmptyString.annotate({ examples: ["bmi"] }),
  parameters: Schema.Record(Schema.String, FormulaParameterInput).annotate({
    description: "One per formula parameter",
    examples: [bmiExample]
  }),
  output_unit: Schema.optional(
    unitField({
      description: "e.g. lbf",
      examples: ["kg/m^2"]
    })
  )
}).annotate({ examples: [{ name: "bmi", parameters: bmiExample }] })

export const CallFormulaOutput = Schema.Struct({
  formula: Schema.String,
  quantity: Schema.Number,
  unit: Schema.String,
  dimension: Schema.String,
  uncertainty: Schema.NullOr(Schema.Number).annotate({ description: "Standard uncertainty; null when exact" }),
  steps: Schema.Array(Schema.String).annotate({ description: "How each parameter was read" })
})

export const callFormula = defineTool({
  name: "call_formula",
  title: "Evaluate a formula",
  description:
    "Evaluate a formula from list_formulas: bmi with {mass: {value: 70, unit: 'kg'}, height: {value: 1.75, unit: 'm'}} → 22.857 kg/m². Any unit of the right dimension; uncertainties propagate.",
  input: CallFormulaInput,
  output: CallFormulaOutput,
  annotations: readOnly,
  // a formula's own parameter ("mass") is its entry in `parameters`
  roles: (role) => (role === Role.outputUnit ? "output_unit" : role === Role.name || role === Role.workspace ? role : `parameters.${role}`),
  handler: (input) =>
    Effect.gen(function* () {
      // the session's catalog: its units and constants resolve here (ucon resolved without the session: mph was milli-phot)
      const catalog = yield* (yield* openWorkspace(input, "read")).catalog()
      return yield* (yield* FormulaRegistry).call(input.name, input.parameters, input.output_unit, catalog)
    })
})
