import { Effect, Schema } from "effect"
import * as Dimension from "../engine/Dimension.ts"
import { parseDimension } from "../engine/units/DimensionExpression.ts"
import * as DimensionNames from "../engine/DimensionNames.ts"
import { DuplicateDefinition, InvalidDimension, InvalidUnit, isEngineError } from "../engine/errors.ts"
import * as Rational from "../engine/Rational.ts"
import { resolveUnitExpression } from "../engine/units/UnitExpression.ts"
import { openWorkspace, workspaceField, workspaceOutput } from "./workspaceArgument.ts"
import { defineTool, sessionWrite } from "./Tool.ts"

export const DefineUnitInput = Schema.Struct({
  workspace: workspaceField,
  name: Schema.NonEmptyString.annotate({ examples: ["widget"] }),
  dimension: Schema.NonEmptyString.annotate({ description: "e.g. count, length/time", examples: ["count"] }),
  aliases: Schema.optional(Schema.Array(Schema.NonEmptyString)).annotate({ examples: [["wdg"]] })
})

export const DefineUnitOutput = Schema.Struct({
  success: Schema.Boolean,
  name: Schema.String,
  dimension: Schema.String,
  aliases: Schema.Array(Schema.String),
  builtin: Schema.Boolean,
  message: Schema.String,
  workspace: workspaceOutput
})

export const defineUnit = defineTool({
  name: "define_unit",
  title: "Define a unit",
  description: "Define a session unit (widget, count); it converts to nothing else until define_conversion relates it.",
  input: DefineUnitInput,
  output: DefineUnitOutput,
  annotations: sessionWrite,
  handler: (input) =>
    Effect.gen(function* () {
      const session = yield* openWorkspace(input, "write")
      const dimension = parseDimension(input.dimension)
      if (isEngineError(dimension)) {
        return yield* new InvalidDimension({
          message: dimension.message,
          parameter: "dimension",
          got: input.dimension,
          expected: dimension.expected,
          likelyFix: dimension.likelyFix,
          hints: [...dimension.hints]
        })
      }
      // a name given again among the aliases (define_unit("slug", "mass", ["slug"]), as ucon's own
      // examples write it) adds no second meaning: each is kept once, the unit's name not as an alias
      const aliases = [...new Set(input.aliases ?? [])].filter((a) => a !== input.name)
      const catalog = yield* session.catalog()
      const dimensionName = DimensionNames.describe(dimension)
      const existing = catalog.resolve(input.name)
      if (
        existing &&
        !existing.prefix &&
        !existing.unit.custom &&
        Dimension.equals(existing.unit.dimension, dimension) &&
        aliases.every((a) => catalog.resolve(a)?.unit === existing.unit || !catalog.resolve(a))
      ) {
        return {
          success: true,
          name: existing.unit.name,
          dimension: dimensionName,
          aliases: [existing.unit.symbol, ...existing.unit.aliases],
          builtin: true,
          message: `'${input.name}' is already built in as ${existing.unit.name} (${existing.unit.symbol}), ${dimensionName}, with its exact definition; nothing was added. Use it directly.`
        }
      }
      // checked against the workspace as it is when written: another replica may have defined the name meanwhile
      yield* session.modify((data) =>
        Effect.gen(function* () {
          const current = yield* session.catalogOf(data)
          for (const [index, taken] of [input.name, ...aliases].entries()) {
            const hit = current.resolve(taken)
            if (hit) {
              const what = `${hit.prefix ? hit.prefix.name : ""}${hit.unit.name} (${DimensionNames.describe(hit.unit.dimension)})`
              return yield* new DuplicateDefinition({
                kind: index === 0 ? "duplicate_unit" : "alias_collision",
                message: `'${taken}' already names ${what}`,
                parameter: index === 0 ? "name" : "aliases",
                got: taken,
                hints: ["Choose a name that no built-in or session unit uses", "Use list_units() to see the names in use"]
              })
            }
          }
          const next = { ...data, units: [...data.units, { name: input.name, dimension, aliases }] }
          // a name must read back as this unit wherever units are written: `widget-1` would read as widget⁻¹
          const candidate = yield* session.catalogOf(next)
          for (const [index, written] of [input.name, ...aliases].entries()) {
            const read = resolveUnitExpression(candidate, written)
            const term = isEngineError(read) || read.terms.length !== 1 || !Rational.isOne(read.numeric) ? undefined : read.terms[0]
            if (term && term.unit.name === input.name && term.prefix === undefined && term.exponent === 1) continue
            const readAs = isEngineError(read)
              ? `it does not parse as a unit (${read.message})`
              : `it reads as ${read.terms.map((t) => `${t.prefix?.name ?? ""}${t.unit.name}${t.exponent === 1 ? "" : `^${t.exponent}`}`).join("·") || "a pure number"}`
            return yield* new InvalidUnit({
              message: `'${written}' cannot name a unit: written in a unit expression, ${readAs}`,
              parameter: index === 0 ? "name" : "aliases",
              got: written,
              hints: [
                "Use letters, with digits, '_' or '.' only after a letter and not at the end after '-' or '^' (a trailing number after '-' reads as an exponent, e.g. s-1 = 1/s)",
                "e.g. 'widget_1' or 'widgetA' instead of 'widget-1'"
              ]
            })
          }
          return [undefined, next] as const
        })
      )
      return {
        success: true,
        name: input.name,
        dimension: dimensionName,
        aliases: [...(input.aliases ?? [])],
        builtin: false,
        message: `Unit '${input.name}' registered in workspace ${session.id}. Use define_conversion() to add conversion edges.`,
        workspace: session.id
      }
    })
})
