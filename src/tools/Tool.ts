/**
 * What a tool is: a name an agent calls, an input Schema (decoded before the handler runs), an
 * output Schema (advertised to clients), MCP annotations and a handler Effect whose typed failures
 * the single mapping layer in src/mcp turns into structured results. Tools never import the SDK.
 */
import { Effect, Schema, type SchemaAST } from "effect"
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
   * arguments ("from_unit", "factors[2].numerator"); roles it does not name pass unchanged.
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

/** The failure with its role replaced by the argument it names in this tool. */
const placed =
  (roles: RolePlacement) =>
  (failure: ToolFailure): ToolFailure => {
    const parameter = failure.role === undefined ? undefined : roles(failure.role, failure.step)
    return parameter === undefined ? failure : locate(failure, { role: parameter })
  }

// biome-ignore lint/suspicious/noExplicitAny: a tool of any input and output, for tables of heterogeneous tools; each call is still decoded and encoded with that tool's own Schemas
export type AnyTool<R = any> = Tool<any, any, R>

/**
 * Declares a tool, checking that handler, input and output agree. Its failures leave the handler
 * placed at the tool's own arguments: after this, `failure.role` is an argument path.
 */
export const defineTool = <I, O, R>(tool: Tool<I, O, R>): Tool<I, O, R> => {
  const roles = tool.roles
  if (roles === undefined) return tool
  const place = placed(roles)
  return { ...tool, handler: (input) => Effect.mapError(tool.handler(input), place) }
}
