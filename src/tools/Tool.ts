/**
 * What a tool is: a name an agent calls, an input Schema (decoded before the handler runs), an
 * output Schema (advertised to clients), MCP annotations and a handler Effect whose typed failures
 * the single mapping layer in src/mcp turns into structured results. Tools never import the SDK.
 */
import type { Effect, Schema } from "effect"
import type { EngineError } from "../engine/errors.ts"

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

/** Every failure a tool handler may produce. */
export type ToolFailure = EngineError

export interface Tool<I, O, R> {
  readonly name: string
  readonly title: string
  readonly description: string
  readonly input: Schema.Codec<I, unknown>
  readonly output: Schema.Codec<O, unknown>
  readonly annotations: ToolAnnotations
  readonly handler: (input: I) => Effect.Effect<O, ToolFailure, R>
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyTool<R = any> = Tool<any, any, R>

/** Declares a tool; the identity, but it checks that handler, input and output agree. */
export const defineTool = <I, O, R>(tool: Tool<I, O, R>): Tool<I, O, R> => tool
