import { Effect, Schema } from "effect"
import * as Parts from "../engine/conversion/parts.ts"
import { catalogForCall, inlineFields } from "./inlineDefinitions.ts"
import { Role } from "../engine/roles.ts"
import { statedRelationFields, statedRelationRoles, statedRelations } from "./statedRelations.ts"
import { defineTool, notationField, readOnly, rolesTable, unitField } from "./Tool.ts"

export const ConvertInput = Schema.Struct({
  value: Schema.Union([Schema.Finite, Schema.Array(Schema.Finite).check(Schema.isMinLength(2), Schema.isMaxLength(8))]).annotate({
    description: "A number; a list for a unit list ([5, 11] ft;in)",
    examples: [5]
  }),
  from_unit: unitField({ description: "e.g. km, mcg/(kg*min), degC", examples: ["km"] }),
  to_unit: unitField({ description: "Or a list, largest first (ft;in): the answer in parts", examples: ["mi"] }),
  notation: notationField,
  valence: Schema.optional(Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 8 })).annotate({ description: "mEq↔mmol (Ca²⁺: 2)" })),
  particles: Schema.optional(Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 8 })).annotate({ description: "mOsm↔mmol (NaCl: 2)" })),
  ...statedRelationFields,
  ...inlineFields
})

export const ConvertOutput = Schema.Struct({
  quantity: Schema.Number,
  unit: Schema.String,
  dimension: Schema.String,
  uncertainty: Schema.NullOr(Schema.Number),
  conversion: Schema.Literals(["linear", "affine", "logarithmic", "reciprocal"]),
  factor: Schema.NullOr(Schema.Number),
  notes: Schema.Array(Schema.String),
  ucum: Schema.NullOr(Schema.String).annotate({ description: "The unit as a UCUM code, or null" }),
  parts: Schema.optional(Schema.Array(Schema.Struct({ quantity: Schema.Number, unit: Schema.String })))
})

export const convert = defineTool({
  name: "convert",
  title: "Convert units",
  description:
    "Between units: 5 km → mi, 100 degC → degF. A lone temperature is a point, inside a compound a difference; inverse dimensions give 1/x (mpg → L/100km).",
  input: ConvertInput,
  output: ConvertOutput,
  annotations: readOnly,
  roles: rolesTable({ [Role.sourceUnit]: "from_unit", [Role.targetUnit]: "to_unit", [Role.customUnits]: "custom_units", ...statedRelationRoles }),
  handler: (input) =>
    Effect.flatMap(catalogForCall(input), ({ catalog, notes }) =>
      Effect.map(
        Parts.convert(
          catalog,
          input.value,
          input.from_unit,
          input.to_unit,
          input.notation,
          statedRelations(input, { valence: input.valence, particles: input.particles })
        ),
        (result) => (notes.length > 0 ? { ...result, notes: [...notes, ...result.notes] } : result)
      )
    )
})
