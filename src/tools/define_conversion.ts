import { Effect, Schema } from "effect"
import { checkBuiltinEdge } from "../engine/units/customUnits.ts"
import { InvalidInput, InvalidValue, isEngineError, locate } from "../engine/errors.ts"
import { openWorkspace, workspaceField, workspaceOutput } from "./workspaceArgument.ts"
import { defineTool, sessionWrite, unitField } from "./Tool.ts"

export const DefineConversionInput = Schema.Struct({
  workspace: workspaceField,
  src: unitField({ examples: ["widget"] }),
  dst: unitField({ examples: ["ea"] }),
  factor: Schema.Finite.annotate({ examples: [12] }),
  offset: Schema.optional(Schema.Finite).annotate({ examples: [0] })
  // a whole call for validation reports' validExample that succeeds in a fresh session (a built-in edge is checked, not applied)
}).annotate({ examples: [{ src: "ft", dst: "in", factor: 12 }] })

export const DefineConversionOutput = Schema.Struct({
  success: Schema.Boolean,
  src: Schema.String,
  dst: Schema.String,
  factor: Schema.Number,
  offset: Schema.Number,
  applied: Schema.Boolean,
  message: Schema.String,
  workspace: workspaceOutput
})

export const defineConversion = defineTool({
  name: "define_conversion",
  title: "Define a conversion",
  description: "Relate a session unit to another: dst = src × factor + offset (1 widget = 12 ea). Built-in units are never redefined.",
  input: DefineConversionInput,
  output: DefineConversionOutput,
  annotations: sessionWrite,
  handler: (input) =>
    Effect.gen(function* () {
      const session = yield* openWorkspace(input, "write")
      if (input.factor === 0) {
        return yield* new InvalidValue({
          message: "A conversion factor cannot be 0",
          parameter: "factor",
          got: "0",
          hints: ["dst = src × factor: the factor must be non-zero"]
        })
      }
      const edge = { src: input.src, dst: input.dst, factor: input.factor, offset: input.offset ?? 0 }
      const catalog = yield* session.catalog()
      const src = catalog.resolve(input.src)
      const dst = catalog.resolve(input.dst)
      if (!src?.unit.custom && !dst?.unit.custom) {
        const verdict = checkBuiltinEdge(catalog, edge)
        if (typeof verdict !== "string")
          return yield* Effect.fail(
            locate(verdict, { parameter: isEngineError(verdict) && verdict._tag === "UnknownUnit" && verdict.expression === input.dst ? "dst" : "src" })
          )
        return { success: true, ...edge, applied: false, message: verdict }
      }
      // validate against a trial catalog before storing, so a bad edge never enters the session
      yield* session.modify((data) => {
        const same = data.edges.find((e) => e.src === edge.src && e.dst === edge.dst)
        if (same) {
          return Effect.fail(
            new InvalidInput({
              message: `The conversion '${edge.src}' -> '${edge.dst}' is already defined in this session (factor ${same.factor})`,
              parameter: "src",
              got: `${edge.src} -> ${edge.dst}`,
              hints: ["An edge is defined once; to change it, reset the session and define it again"]
            })
          )
        }
        const next = { ...data, edges: [...data.edges, edge] }
        return Effect.as(session.catalogOf(next), [undefined, next] as const)
      })
      return {
        success: true,
        ...edge,
        applied: true,
        message: `Conversion edge '${input.src}' -> '${input.dst}' (factor=${input.factor}${edge.offset ? `, offset=${edge.offset}` : ""}) added to workspace ${session.id}.`,
        workspace: session.id
      }
    })
})
