import { Effect, Schema } from "effect"
import * as Engine from "../engine/conversion/compute.ts"
import { catalogForCall, inlineFields } from "./inlineDefinitions.ts"
import { Role } from "../engine/roles.ts"
import { statedRelationFields, statedRelationRoles, statedRelations } from "./statedRelations.ts"
import { defineTool, notationField, readOnly, type RolePlacement, unitField } from "./Tool.ts"

const arguments_: Readonly<Record<string, string>> = {
  [Role.initialValue]: "initial_value",
  [Role.initialUnit]: "initial_unit",
  [Role.expectedUnit]: "expected_unit",
  [Role.customUnits]: "custom_units",
  ...statedRelationRoles
}
const factorFields: Readonly<Record<string, string>> = {
  [Role.factorValue]: "value",
  [Role.factorNumerator]: "numerator",
  [Role.factorDenominator]: "denominator"
}

/** Chain roles to compute's arguments; a factor's field is placed at its step: factors[2].numerator. */
const roles: RolePlacement = (role, step) =>
  Object.hasOwn(factorFields, role) && step !== undefined
    ? `factors[${step}].${factorFields[role]}`
    : Object.hasOwn(arguments_, role)
      ? arguments_[role]
      : undefined

export const FactorInput = Schema.Struct({
  value: Schema.optional(Schema.Finite).annotate({ description: "Default 1", examples: [15] }),
  numerator: unitField({ description: "e.g. mg, 1000 mcg; 1 for none", examples: ["mg"] }),
  denominator: unitField({ description: "e.g. 2.205 lb", examples: ["kg*d"] })
})

export const ComputeInput = Schema.Struct({
  initial_value: Schema.Finite.annotate({ examples: [154] }),
  initial_unit: unitField({ examples: ["lb"] }),
  factors: Schema.Array(FactorInput).annotate({
    description: "Applied in order: × value·numerator/denominator",
    examples: [
      [
        { value: 1, numerator: "kg", denominator: "2.205 lb" },
        { value: 15, numerator: "mg", denominator: "kg*d" }
      ]
    ]
  }),
  expected_unit: Schema.optional(unitField({ description: "Also convert the result to this (a list, h;min: parts)", examples: ["mg/d"] })),
  notation: notationField,
  // for the expected unit, as in convert (described there: tools/list says each thing once)
  molar_mass: Schema.optional(Schema.NonEmptyString),
  substance: Schema.optional(Schema.NonEmptyString),
  equivalence: statedRelationFields.equivalence,
  ...inlineFields
})

export const ComputeOutput = Schema.Struct({
  quantity: Schema.Number,
  unit: Schema.String,
  dimension: Schema.String,
  steps: Schema.Array(Schema.Struct({ factor: Schema.String, quantity: Schema.Number, unit: Schema.String, dimension: Schema.String })),
  warnings: Schema.Array(Schema.String),
  notes: Schema.Array(Schema.String),
  converted: Schema.NullOr(
    Schema.Struct({
      quantity: Schema.Number,
      unit: Schema.String,
      parts: Schema.optional(Schema.Array(Schema.Struct({ quantity: Schema.Number, unit: Schema.String })))
    })
  ),
  ucum: Schema.NullOr(Schema.String)
})

export const compute = defineTool({
  name: "compute",
  title: "Compute a chain of factors",
  description: "Multiply through factors, tracking units and steps: 154 lb × (1 kg/2.205 lb) × (15 mg/kg·d) = 1047.6 mg/d.",
  input: ComputeInput,
  output: ComputeOutput,
  annotations: readOnly,
  roles,
  stepOf: (parameter) => {
    const step = /^factors\[(\d+)\]/.exec(parameter)?.[1]
    return step === undefined ? undefined : Number(step)
  },
  handler: (input) =>
    Effect.gen(function* () {
      const { catalog, notes } = yield* catalogForCall(input)
      const factors = input.factors.map((f) => ({ value: f.value ?? 1, numerator: f.numerator, denominator: f.denominator }))
      const result = yield* Engine.compute(
        catalog,
        input.initial_value,
        input.initial_unit,
        factors,
        input.expected_unit,
        input.notation,
        statedRelations(input)
      )
      return notes.length > 0 ? { ...result, notes: [...notes, ...result.notes] } : result
    })
})
