import { Effect, Schema } from "effect"
import * as Dimension from "../engine/Dimension.ts"
import { DuplicateKind, isEngineError } from "../engine/errors.ts"
import * as QuantityKind from "../engine/kinds/QuantityKind.ts"
import { openWorkspace, workspaceField, workspaceOutput } from "./workspaceArgument.ts"
import { defineTool, sessionWrite } from "./Tool.ts"

export const DefineQuantityKindInput = Schema.Struct({
  workspace: workspaceField,
  name: Schema.NonEmptyString.annotate({ examples: ["reaction_gibbs_energy"] }),
  dimension: Schema.NonEmptyString.annotate({
    description: "e.g. energy/amount_of_substance",
    examples: ["energy/amount_of_substance"]
  }),
  description: Schema.optional(Schema.String).annotate({ examples: ["Gibbs energy change of a reaction at constant T, p"] }),
  aliases: Schema.optional(Schema.Array(Schema.NonEmptyString)).annotate({ examples: [["delta_G_rxn"]] }),
  category: Schema.optional(Schema.NonEmptyString).annotate({ description: "Default session", examples: ["thermodynamics"] }),
  disambiguation_hints: Schema.optional(Schema.Array(Schema.String)).annotate({ examples: [["Use ΔG = ΔH − TΔS"]] }),
  keywords: Schema.optional(Schema.Array(Schema.NonEmptyString)).annotate({ description: "Words in reasoning that name it", examples: [["ΔG_rxn"]] })
})

export const DefineQuantityKindOutput = Schema.Struct({
  success: Schema.Boolean,
  name: Schema.String,
  dimension: Schema.String,
  vector_signature: Schema.String,
  category: Schema.String,
  message: Schema.String,
  workspace: workspaceOutput
})

export const defineQuantityKind = defineTool({
  name: "define_quantity_kind",
  title: "Define a kind of quantity",
  description: "Define a session kind of quantity, to tell apart quantities of one dimension (entropy change vs heat capacity).",
  input: DefineQuantityKindInput,
  output: DefineQuantityKindOutput,
  annotations: sessionWrite,
  handler: (input) =>
    Effect.gen(function* () {
      const session = yield* openWorkspace(input, "write")
      const taken = (kinds: ReadonlyArray<QuantityKind.QuantityKind>) =>
        Effect.gen(function* () {
          for (const n of [input.name, ...(input.aliases ?? [])]) {
            const taken = QuantityKind.findKind(kinds, n)
            if (taken) {
              return yield* new DuplicateKind({
                message: `Quantity kind '${n}' is already defined${taken.name.toLowerCase() === n.toLowerCase() ? "" : ` (as an alias of '${taken.name}')`}`,
                parameter: n === input.name ? "name" : "aliases",
                got: n,
                hints: [taken.builtin ? `'${taken.name}' is built in: use it directly` : "Use a different name, or reset_session() to start over"]
              })
            }
          }
        })
      const kind = QuantityKind.fromEntry(
        {
          name: input.name,
          dimension: input.dimension,
          category: input.category ?? "session",
          description: input.description ?? "",
          keywords: input.keywords ?? [input.name.replaceAll("_", " ")],
          aliases: input.aliases ?? [],
          disambiguationHints: input.disambiguation_hints ?? []
        },
        false
      )
      if (isEngineError(kind)) return yield* Effect.fail(kind)
      // a built-in kind defined again with its own dimension (an agent written for a server with no
      // built-in kinds starts every flow this way) is that kind: nothing is added, and it is said
      const builtin = QuantityKind.findKind(QuantityKind.builtins(), input.name)
      if (builtin && Dimension.equals(builtin.dimension, kind.dimension)) {
        return {
          success: true,
          name: builtin.name,
          dimension: builtin.dimensionText,
          vector_signature: Dimension.signature(builtin.dimension),
          category: builtin.category,
          message: `'${input.name}' is built in as the kind '${builtin.name}' (${builtin.dimensionText}); nothing was added. Use it directly.`,
          workspace: session.id
        }
      }
      yield* taken([...QuantityKind.builtins(), ...(yield* session.get).kinds])
      // checked again as written: another replica may have defined the kind meanwhile
      yield* session.modify((data) =>
        Effect.as(taken([...QuantityKind.builtins(), ...data.kinds]), [undefined, { ...data, kinds: [...data.kinds, kind] }] as const)
      )
      return {
        success: true,
        name: kind.name,
        dimension: input.dimension,
        vector_signature: Dimension.signature(kind.dimension),
        category: kind.category,
        message: `Quantity kind '${kind.name}' registered in workspace ${session.id}.`,
        workspace: session.id
      }
    })
})
