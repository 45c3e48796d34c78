import { Effect, Schema } from "effect"
import { type DecomposeResult, decomposeConversion, decomposeQuery, decomposeWithQuantities } from "../engine/conversion/decompose.ts"
import { InvalidInput } from "../engine/errors.ts"
import { openWorkspace, workspaceField } from "./workspaceArgument.ts"
import { Role, knownQuantityOf } from "../engine/roles.ts"
import { defineTool, readOnly, type RolePlacement, unitField } from "./Tool.ts"

const arguments_: Readonly<Record<string, string>> = {
  [Role.query]: "query",
  [Role.initialUnit]: "initial_unit",
  [Role.targetUnit]: "target_unit",
  [Role.knownQuantities]: "known_quantities"
}

/** Decompose roles to its arguments; known quantity 2 is known_quantities[1]. */
const roles: RolePlacement = (role) => {
  const known = knownQuantityOf(role)
  if (known) return `known_quantities[${known.index}].${known.field}`
  return Object.hasOwn(arguments_, role) ? arguments_[role] : undefined
}

const wire = (r: DecomposeResult) => ({
  initial_value: r.initialValue,
  initial_unit: r.initialUnit,
  target_unit: r.targetUnit,
  factors: r.factors,
  notes: r.notes
})

export const KnownQuantityInput = Schema.Struct({
  value: Schema.Finite.annotate({ examples: [80] }),
  unit: Schema.optional(unitField({ description: "Default ea (a count)", examples: ["kg"] }))
})

export const DecomposeInput = Schema.Struct({
  workspace: workspaceField,
  query: Schema.optional(Schema.String).annotate({ description: "e.g. 500 mL to L", examples: ["500 mL to L"] }),
  initial_unit: Schema.optional(unitField({ description: "Instead of query, with target_unit", examples: ["mcg/(kg*min)"] })),
  target_unit: Schema.optional(unitField({ examples: ["mg/h"] })),
  known_quantities: Schema.optional(Schema.Array(KnownQuantityInput)).annotate({
    description: "Bridging quantities, e.g. body weight",
    examples: [[{ value: 70, unit: "kg" }]]
  })
  // a whole call for validation reports' validExample: no field is required, but one mode is
}).annotate({ examples: [{ query: "500 mL to L" }] })

export const DecomposeOutput = Schema.Struct({
  initial_value: Schema.NullOr(Schema.Number),
  initial_unit: Schema.String,
  target_unit: Schema.String,
  factors: Schema.Array(Schema.Struct({ value: Schema.Number, numerator: Schema.String, denominator: Schema.String })),
  notes: Schema.Array(Schema.String)
})

// made when needed, not when the module loads: constructing a Schema class's first instance compiles its
// constructor's checks, which cost every start (an MCP client spawns one per session) milliseconds
const needsUnits = () =>
  new InvalidInput({
    message: "Provide either query, or both initial_unit and target_unit",
    parameter: "query",
    expected: "query='500 mL to L', or initial_unit + target_unit (+ known_quantities)",
    hints: [
      "Query mode: decompose(query='60 mph to km/h')",
      "Structured mode: decompose(initial_unit='mcg/(kg*min)', target_unit='mg/h', known_quantities=[{value: 70, unit: 'kg'}])"
    ]
  })

export const decompose = defineTool({
  name: "decompose",
  title: "Build a factor chain",
  description:
    "Factor chain for compute: query '3 TB to GiB', or initial_unit, target_unit and known_quantities (5 mcg/kg/min, 80 kg, 400 mg in 250 mL → mL/h).",
  input: DecomposeInput,
  output: DecomposeOutput,
  annotations: readOnly,
  roles,
  handler: (input) =>
    Effect.gen(function* () {
      const catalog = yield* (yield* openWorkspace(input, "read")).catalog()
      if (input.query !== undefined) {
        return wire(yield* decomposeQuery(catalog, input.query))
      }
      if (input.initial_unit === undefined || input.target_unit === undefined) return yield* Effect.fail(needsUnits())
      const known = (input.known_quantities ?? []).map((q) => ({ value: q.value, unit: q.unit ?? "ea" }))
      return wire(
        known.length === 0
          ? yield* decomposeConversion(catalog, input.initial_unit, input.target_unit, null, { from: Role.initialUnit, to: Role.targetUnit })
          : yield* decomposeWithQuantities(catalog, input.initial_unit, input.target_unit, known)
      )
    })
})
