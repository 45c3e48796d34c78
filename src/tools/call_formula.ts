import { Effect, Schema } from "effect"
import { lift } from "../engine/convert.ts"
import { evaluateFormula } from "../engine/FormulaEvaluation.ts"
import { FormulaRegistry } from "../services/FormulaRegistry.ts"
import { openWorkspace, workspaceField } from "./workspaceArgument.ts"
import { Role } from "../engine/roles.ts"
import { defineTool, readOnly, rolesTable, unitField } from "./Tool.ts"

export const FormulaParameterInput = Schema.Struct({
  value: Schema.Finite.annotate({ description: "Numeric value of the parameter", examples: [70] }),
  unit: Schema.optional(unitField({
    description: "Unit expression (any unit of the expected dimension, including session units); omit for a dimensionless value or a plain count",
    examples: ["kg"]
  })),
  uncertainty: Schema.optional(Schema.Finite).annotate({
    description: "Standard uncertainty in the same unit as value; propagated to the result",
    examples: [0.5]
  })
})

const bmiExample = { mass: { value: 70, unit: "kg" }, height: { value: 1.75, unit: "m" } }

export const CallFormulaInput = Schema.Struct({
  workspace: workspaceField,
  name: Schema.NonEmptyString.annotate({ description: "Formula name, from list_formulas", examples: ["bmi"] }),
  parameters: Schema.Record(Schema.String, FormulaParameterInput).annotate({
    description: "One entry per formula parameter: {\"value\": ..., \"unit\": \"...\"}, or {\"value\": ...} for a dimensionless one",
    examples: [bmiExample]
  }),
  output_unit: Schema.optional(unitField({
    description: "Express the result in this unit instead of the formula's own (same dimension), e.g. 'lbf' for a force",
    examples: ["kg/m^2"]
  }))
}).annotate({ examples: [{ name: "bmi", parameters: bmiExample }] })

export const CallFormulaOutput = Schema.Struct({
  formula: Schema.String,
  quantity: Schema.Number,
  unit: Schema.String,
  dimension: Schema.String,
  uncertainty: Schema.NullOr(Schema.Number).annotate({ description: "Combined standard uncertainty in `unit`; null when all inputs are exact" }),
  steps: Schema.Array(Schema.String).annotate({ description: "How each parameter was read and converted to SI, and the constants used" })
})

export const callFormula = defineTool({
  name: "call_formula",
  title: "Evaluate a domain formula",
  description:
    "Evaluate a registered formula (see list_formulas) with dimension-checked parameters, e.g. bmi with " +
    "{\"mass\": {\"value\": 70, \"unit\": \"kg\"}, \"height\": {\"value\": 1.75, \"unit\": \"m\"}} → 22.857 kg/m². " +
    "Parameters may use any unit of the right dimension (lb, in, mph, °F, mg/dL, CGS) and this session's own units; " +
    "°C/°F are absolute temperatures unless the parameter is a difference. An optional per-parameter `uncertainty` and " +
    "the uncertainty of measured constants (G, ε₀) are propagated to the result. Errors: unknown_formula, " +
    "missing_parameter, invalid_parameter, dimension_mismatch, execution_error.",
  input: CallFormulaInput,
  output: CallFormulaOutput,
  annotations: readOnly,
  roles: rolesTable({ [Role.outputUnit]: "output_unit" }),
  handler: (input) =>
    Effect.gen(function* () {
      const formula = yield* (yield* FormulaRegistry).get(input.name)
      // the session's catalog: its units and constants resolve here (ucon resolved without the session: mph was milli-phot)
      const catalog = yield* (yield* openWorkspace(input, "read")).catalog()
      return yield* lift(evaluateFormula(catalog, formula, input.parameters, input.output_unit))
    })
})
