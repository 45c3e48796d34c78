/**
 * Inline `custom_units` and `custom_edges`, accepted by convert and compute for one call only
 * (never cached across calls or sessions), in the shapes ucon's tools take.
 */
import { Effect, Schema } from "effect"
import { unitField } from "./Tool.ts"
import type { CustomEdge, CustomUnit } from "../engine/units/customUnits.ts"
import { builtinEquivalent, checkBuiltinEdge } from "../engine/units/customUnits.ts"
import { parseDimension } from "../engine/units/DimensionExpression.ts"
import { isEngineError, locate } from "../engine/errors.ts"
import type { Catalog } from "../engine/units/Catalog.ts"
import type { CatalogError, Workspace, WorkspaceError } from "../services/Workspace.ts"
import { openWorkspace, workspaceField } from "./workspaceArgument.ts"
import { UnitCatalog } from "../services/UnitCatalog.ts"

export const CustomUnitInput = Schema.Struct({
  name: Schema.NonEmptyString,
  dimension: Schema.NonEmptyString.annotate({ description: "e.g. mass, length/time" }),
  aliases: Schema.optional(Schema.Array(Schema.NonEmptyString))
})

export const CustomEdgeInput = Schema.Struct({
  src: unitField({}),
  dst: unitField({}),
  factor: Schema.Finite.annotate({ description: "dst = src × factor + offset" }),
  offset: Schema.optional(Schema.Finite)
})

export const inlineFields = {
  custom_units: Schema.optional(Schema.Array(CustomUnitInput)).annotate({ description: "Units for this call only" }),
  custom_edges: Schema.optional(Schema.Array(CustomEdgeInput)).annotate({ description: "Conversions for this call only" }),
  workspace: workspaceField
}

export interface InlineArguments {
  readonly custom_units?: ReadonlyArray<typeof CustomUnitInput.Type> | undefined
  readonly custom_edges?: ReadonlyArray<typeof CustomEdgeInput.Type> | undefined
  readonly workspace?: string | undefined
}

/** The catalog for one call: the session's, with this call's inline units and edges over it, and notes on edges not applied. */
export const catalogForCall = (
  args: InlineArguments
): Effect.Effect<{ readonly catalog: Catalog; readonly notes: ReadonlyArray<string> }, CatalogError | WorkspaceError, Workspace | UnitCatalog> =>
  // no inline definitions (nearly every call): the workspace's own catalog, as it is
  (args.custom_units ?? []).length === 0 && (args.custom_edges ?? []).length === 0
    ? Effect.flatMap(openWorkspace(args, "read"), (workspace) => Effect.map(workspace.catalog(), (catalog) => ({ catalog, notes: noNotes })))
    : withInline(args)

const noNotes: ReadonlyArray<string> = []

/** The workspace's catalog with this call's inline units and edges over it. */
const withInline = (
  args: InlineArguments
): Effect.Effect<{ readonly catalog: Catalog; readonly notes: ReadonlyArray<string> }, CatalogError | WorkspaceError, Workspace | UnitCatalog> =>
  Effect.gen(function* () {
    const session = yield* openWorkspace(args, "read")
    const { catalog: builtin } = yield* UnitCatalog
    const units: Array<CustomUnit> = []
    for (const [index, u] of (args.custom_units ?? []).entries()) {
      const dimension = parseDimension(u.dimension)
      if (isEngineError(dimension)) return yield* Effect.fail(locate(dimension, { parameter: `custom_units[${index}].dimension` }))
      // repeating a built-in unit with the same meaning is harmless: use the built-in
      if (builtinEquivalent(builtin, u.name, dimension) && (u.aliases ?? []).every((a) => builtinEquivalent(builtin, a, dimension))) continue
      units.push({ name: u.name, dimension, aliases: u.aliases ?? [] })
    }
    const customNames = new Set(units.flatMap((u) => [u.name, ...u.aliases]))
    const sessionCatalog = yield* session.catalog()
    const edges: Array<CustomEdge> = []
    const notes: Array<string> = []
    for (const [index, e] of (args.custom_edges ?? []).entries()) {
      const edge = { src: e.src, dst: e.dst, factor: e.factor, offset: e.offset ?? 0 }
      const touchesCustom = customNames.has(edge.src) || customNames.has(edge.dst) || [edge.src, edge.dst].some((n) => sessionCatalog.resolve(n)?.unit.custom)
      if (touchesCustom) {
        edges.push(edge)
        continue
      }
      const verdict = checkBuiltinEdge(sessionCatalog, edge)
      if (typeof verdict !== "string") return yield* Effect.fail(locate(verdict, { parameter: `custom_edges[${index}]` }))
      notes.push(verdict)
    }
    return { catalog: yield* session.catalog({ units, edges }), notes }
  })
