import { Effect, Schema } from "effect"
import * as Dimension from "../engine/Dimension.ts"
import * as DimensionNames from "../engine/DimensionNames.ts"
import * as QuantityKind from "../engine/kinds/QuantityKind.ts"
import { kindsOf, openWorkspace, workspaceField } from "./workspaceArgument.ts"
import { defineTool, sessionWrite, unitField } from "./Tool.ts"
import { unitForKind } from "./unitForKind.ts"

export const DeclareComputationInput = Schema.Struct({
  workspace: workspaceField,
  quantity_kind: Schema.NonEmptyString.annotate({ description: "e.g. gibbs_energy", examples: ["gibbs_energy"] }),
  expected_unit: unitField({ examples: ["kJ/mol"] }),
  context: Schema.optional(Schema.Record(Schema.String, Schema.String)).annotate({ examples: [{ temperature: "298.15 K" }] })
})

export const DeclareComputationOutput = Schema.Struct({
  declaration_id: Schema.String,
  quantity_kind: Schema.String,
  expected_unit: Schema.String,
  expected_dimension: Schema.String,
  status: Schema.Literals(["valid", "warning"]),
  warnings: Schema.Array(Schema.String),
  compatible_kinds: Schema.Array(Schema.String),
  disambiguation_hints: Schema.Array(Schema.String),
  message: Schema.String
})

export const declareComputation = defineTool({
  name: "declare_computation",
  title: "Declare an expected result",
  description: "Declare the kind of quantity (gibbs_energy in kJ/mol) a computation must produce, for validate_result.",
  input: DeclareComputationInput,
  output: DeclareComputationOutput,
  annotations: sessionWrite,
  handler: (input) =>
    Effect.gen(function* () {
      const session = yield* openWorkspace(input, "write")
      const kinds = yield* kindsOf(session)
      const kind = QuantityKind.findKind(kinds, input.quantity_kind)
      if (!kind) return yield* Effect.fail(QuantityKind.unknownKind(kinds, input.quantity_kind, "quantity_kind"))
      const unit = yield* unitForKind(yield* session.catalog(), input.expected_unit, "expected_unit")
      const warnings: Array<string> = []
      if (!Dimension.equals(unit.dimension, kind.dimension)) {
        warnings.push(
          `Expected unit '${input.expected_unit}' is ${DimensionNames.describe(unit.dimension)} (${Dimension.signature(unit.dimension)}), ` +
            `but '${kind.name}' is ${DimensionNames.describe(kind.dimension)} (${Dimension.signature(kind.dimension)})`
        )
      }
      const siblings = QuantityKind.siblings(kinds, kind).map((k) => k.name)
      const id = crypto.randomUUID()
      yield* session.modify((data) =>
        Effect.succeed([
          undefined,
          { ...data, declaration: { id, kind: kind.name, expectedUnit: input.expected_unit, context: { ...input.context } } }
        ] as const)
      )
      return {
        declaration_id: id,
        quantity_kind: kind.name,
        expected_unit: input.expected_unit,
        expected_dimension: Dimension.signature(kind.dimension),
        status: warnings.length > 0 ? ("warning" as const) : ("valid" as const),
        warnings,
        compatible_kinds: siblings,
        disambiguation_hints: [...kind.disambiguationHints],
        message: `Computation declared: expecting '${kind.name}' in ${input.expected_unit}`
      }
    })
})
