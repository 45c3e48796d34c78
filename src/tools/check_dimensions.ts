import { Effect, Schema } from "effect"
import * as Engine from "../engine/conversion/convert.ts"
import { openWorkspace, workspaceField } from "./workspaceArgument.ts"
import { Role } from "../engine/roles.ts"
import { defineTool, notationField, readOnly, rolesTable, unitField } from "./Tool.ts"

export const CheckDimensionsInput = Schema.Struct({
  workspace: workspaceField,
  unit_a: unitField({ examples: ["kg"] }),
  unit_b: unitField({ examples: ["lb"] }),
  notation: notationField
})

export const CheckDimensionsOutput = Schema.Struct({
  compatible: Schema.Boolean,
  related_by: Schema.Array(Schema.String),
  dimension_a: Schema.String,
  dimension_b: Schema.String,
  signature_a: Schema.String,
  signature_b: Schema.String,
  reason: Schema.NullOr(Schema.String)
})

export const checkDimensions = defineTool({
  name: "check_dimensions",
  title: "Check dimensions",
  description: "Whether two units inter-convert, with both dimensions: kg, lb yes; rad/s, Hz no (angle is a pseudo-dimension).",
  input: CheckDimensionsInput,
  output: CheckDimensionsOutput,
  annotations: readOnly,
  roles: rolesTable({ [Role.firstUnit]: "unit_a", [Role.secondUnit]: "unit_b" }),
  handler: (input) =>
    Effect.gen(function* () {
      const catalog = yield* (yield* openWorkspace(input, "read")).catalog()
      const c = yield* Engine.checkDimensions(catalog, input.unit_a, input.unit_b, input.notation)
      // the engine's shape in the tool's wire names
      return {
        compatible: c.compatible,
        related_by: c.relatedBy,
        dimension_a: c.dimensionA,
        dimension_b: c.dimensionB,
        signature_a: c.signatureA,
        signature_b: c.signatureB,
        reason: c.reason
      }
    })
})
