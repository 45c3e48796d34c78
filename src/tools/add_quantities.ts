import { Effect, Schema } from "effect"
import { Role, summandOf } from "../engine/roles.ts"
import * as Engine from "../engine/conversion/sum.ts"
import { defineTool, notationField, readOnly, type RolePlacement, unitField } from "./Tool.ts"
import { openWorkspace, workspaceField } from "./workspaceArgument.ts"

/** Sum roles to add_quantities' arguments; quantity 2 is quantities[1]. */
const roles: RolePlacement = (role) => {
  const summand = summandOf(role)
  if (summand) return `quantities[${summand.index}].${summand.field}`
  return role === Role.outputUnit ? "to_unit" : role === Role.quantities ? "quantities" : undefined
}

export const AddQuantitiesInput = Schema.Struct({
  workspace: workspaceField,
  quantities: Schema.Array(Schema.Struct({ value: Schema.Finite, unit: unitField({ examples: ["ft"] }) }))
    // at most as many as the server takes in any array (README, "Limits"): a call stays bounded
    .check(Schema.isMinLength(1))
    .annotate({
      examples: [
        [
          { value: 5, unit: "ft" },
          { value: 7, unit: "in" }
        ]
      ]
    }),
  to_unit: Schema.optional(unitField({ description: "Default: the first quantity's (a °C/°F point's) unit; a list (ft;in): parts", examples: ["cm"] })),
  notation: notationField
})

export const AddQuantitiesOutput = Schema.Struct({
  quantity: Schema.Number,
  unit: Schema.String,
  dimension: Schema.String,
  notes: Schema.Array(Schema.String),
  parts: Schema.optional(Schema.Array(Schema.Struct({ quantity: Schema.Number, unit: Schema.String })))
})

export const addQuantities = defineTool({
  name: "add_quantities",
  title: "Add quantities",
  description: "Sum in one unit: 5 ft + 7 in → 170.18 cm; 20 °C + 5 K → 25 °C. Two °C/°F points or dB levels do not add.",
  input: AddQuantitiesInput,
  output: AddQuantitiesOutput,
  annotations: readOnly,
  roles,
  handler: (input) =>
    Effect.gen(function* () {
      const catalog = yield* (yield* openWorkspace(input, "read")).catalog()
      const { quantity, unit, dimension, notes, parts } = yield* Engine.sum(catalog, input.quantities, input.to_unit, input.notation)
      return { quantity, unit, dimension, notes, ...(parts === undefined ? {} : { parts }) }
    })
})
