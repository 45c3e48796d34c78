/**
 * What a tool is: a name an agent calls, an input Schema (decoded before the handler runs), an
 * output Schema (advertised to clients), MCP annotations and a handler Effect whose typed failures
 * the single mapping layer in src/mcp turns into structured results. Tools never import the SDK.
 */
import { Effect, Schema, SchemaAST } from "effect"
import { type EngineError, locate } from "../engine/errors.ts"

export interface ToolAnnotations {
  readonly readOnlyHint: boolean
  readonly destructiveHint: boolean
  readonly idempotentHint: boolean
  readonly openWorldHint: boolean
}

/** Pure look-ups and calculations: no side effects, same answer every time, no outside world. */
export const readOnly: ToolAnnotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false }

/** Tools that change the session's state (define_*, reset_session, declare_computation). */
export const sessionWrite: ToolAnnotations = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false }

/**
 * A field that holds a unit expression ("km", "mcg/(kg*min)"). Marked so that call repair never
 * turns a number into one: `from_unit: 5` is a mistake to report, not the unit "5".
 */
export const unitField = (annotations: Schema.Annotations.Documentation<string>) => Schema.NonEmptyString.annotate({ ...annotations, unitExpression: true })

/** How the call's unit expressions are written; UCUM is what lab systems, HL7 and FHIR send. */
export const notationField = Schema.optional(
  Schema.Literals(["conventional", "ucum", "ucum_ci"]).annotate({
    description: "ucum: lab codes (mm[Hg], 10*3/uL); ucum_ci: in capitals (MG/DL)",
    examples: ["ucum"]
  })
)

/** Whether a schema node is a unit-expression field (see unitField). */
export const isUnitField = (ast: SchemaAST.AST): boolean =>
  (ast.checks ?? []).some((check) => (check.annotations as { unitExpression?: unknown } | undefined)?.unitExpression === true)

/** Every failure a tool handler may produce. */
export type ToolFailure = EngineError

export interface Tool<I, O, R> {
  readonly name: string
  readonly title: string
  readonly description: string
  readonly input: Schema.Codec<I, unknown>
  readonly output: Schema.Codec<O, unknown>
  readonly annotations: ToolAnnotations
  /**
   * Where an engine role ("source unit", "factor numerator" at step 2) is in this tool's
   * arguments ("from_unit", "factors[2].numerator"). A role it does not place that names one of
   * the tool's own fields ("workspace", "symbol") is placed there; any other stays unplaced.
   */
  readonly roles?: RolePlacement
  /** The step an argument path belongs to, for a tool whose arguments are steps (compute: factors[2].numerator is step 2). */
  readonly stepOf?: (parameter: string) => number | undefined
  readonly handler: (input: I) => Effect.Effect<O, ToolFailure, R>
}

/** Places an engine role among a tool's arguments; undefined leaves it as it is. */
export type RolePlacement = (role: string, step: number | undefined) => string | undefined

/** A placement from a fixed table of role → argument name. */
export const rolesTable =
  (table: Readonly<Record<string, string>>): RolePlacement =>
  (role) =>
    Object.hasOwn(table, role) ? table[role] : undefined

/** The top-level fields of a tool's input: a role that names one is placed at it. */
const fieldsOf = (input: Schema.Top): ReadonlySet<string> => {
  const ast = SchemaAST.toType(input.ast)
  return new Set(SchemaAST.isObjects(ast) ? ast.propertySignatures.map((p) => String(p.name)) : [])
}

/**
 * The failure placed at the argument its role names in this tool (`parameter`); its role stays
 * the domain's word. A failure the tool already placed (its own argument checks) keeps its place.
 */
const placed = (roles: RolePlacement | undefined, input: Schema.Top) => {
  // read on the first failure, not when the tool is declared (at every start)
  let fields: ReadonlySet<string> | undefined
  return (failure: ToolFailure): ToolFailure => {
    if (failure.parameter !== undefined || failure.role === undefined) return failure
    fields ??= fieldsOf(input)
    const parameter = roles?.(failure.role, failure.step) ?? (fields.has(failure.role) ? failure.role : undefined)
    return parameter === undefined ? failure : locate(failure, { parameter })
  }
}

// biome-ignore lint/suspicious/noExplicitAny: a tool of any input and output, for tables of heterogeneous tools; each call is still decoded and encoded with that tool's own Schemas
export type AnyTool<R = any> = Tool<any, any, R>

/**
 * Declares a tool, checking that handler, input and output agree. Its failures leave the handler
 * placed at the tool's own arguments: after this, `failure.parameter` is an argument path
 * wherever the failure's role is one of them.
 */
export const defineTool = <I, O, R>(tool: Tool<I, O, R>): Tool<I, O, R> => {
  const place = placed(tool.roles, tool.input)
  return { ...tool, handler: (input) => Effect.mapError(tool.handler(input), place) }
}
