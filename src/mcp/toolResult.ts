/**
 * The one place where a tool's outcome becomes an MCP result. Success: the value as
 * structuredContent and as JSON text. A typed failure: `isError: true` with the ConversionError
 * shape agents written for ucon expect ({error, error_type, parameter, step, got, expected,
 * likely_fix, hints}). A defect: an `internal_error` result, never a crash or a protocol error.
 */
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js"
import { Cause, Exit, Option, Schema } from "effect"
import type { ToolFailure } from "../tools/Tool.ts"

/** The machine-readable `error_type` of each failure: one exhaustive switch over the union. */
export const errorTypeOf = (failure: ToolFailure): string => {
  switch (failure._tag) {
    case "UnknownUnit":
      return "unknown_unit"
    case "ParseError":
      return "parse_error"
    case "DimensionMismatch":
      return "dimension_mismatch"
    case "NoConversionPath":
      return "no_conversion_path"
    case "InvalidInput":
      return "invalid_input"
    case "ComputationError":
      return "computation_error"
    case "DuplicateDefinition":
      return failure.kind
    case "InvalidValue":
      return "invalid_value"
    case "InvalidUnit":
      return "invalid_unit"
    case "FormulaError":
      return failure.kind
    case "UnknownKind":
      return "unknown_kind"
    case "DuplicateKind":
      return "duplicate_kind"
    case "NoActiveDeclaration":
      return "no_active_declaration"
    case "InvalidDimension":
      return "invalid_dimension"
  }
}

const NullableString = Schema.NullOr(Schema.String)

/** The error shape every tool may return, advertised in each tool's output schema. */
export const ToolError = Schema.Struct({
  error: Schema.String,
  error_type: Schema.String,
  parameter: NullableString,
  step: Schema.NullOr(Schema.Number),
  got: NullableString,
  expected: NullableString,
  likely_fix: NullableString,
  hints: Schema.Array(Schema.String),
  formula: Schema.optional(Schema.String)
})
export type ToolError = typeof ToolError.Type

export const describeFailure = (failure: ToolFailure): ToolError => ({
  error: failure.message,
  error_type: errorTypeOf(failure),
  parameter: failure.parameter ?? null,
  step: failure.step ?? null,
  got: failure.got ?? null,
  expected: failure.expected ?? null,
  likely_fix: failure.likelyFix ?? null,
  hints: [...failure.hints],
  ...(failure._tag === "FormulaError" ? { formula: failure.formula } : {})
})

export const internalError = (): ToolError => ({
  error: "Internal error while running the tool. The failure was logged on the server; retrying with the same arguments will not help.",
  error_type: "internal_error",
  parameter: null,
  step: null,
  got: null,
  expected: null,
  likely_fix: null,
  hints: ["Report this input to the server's maintainers"]
})

const text = (value: unknown): string => JSON.stringify(value)

export const success = (value: unknown): CallToolResult => {
  // MCP structured content is an object; lists travel as {result: [...]} (FastMCP's convention, which ucon clients read)
  const structured = Array.isArray(value) || typeof value !== "object" || value === null ? { result: value } : (value as Record<string, unknown>)
  return { content: [{ type: "text", text: text(value) }], structuredContent: structured }
}

export const failure = (error: ToolError): CallToolResult => ({
  isError: true,
  content: [{ type: "text", text: text(error) }],
  structuredContent: error as unknown as Record<string, unknown>
})

/** Exit → CallToolResult; `onDefect` sees every defect (it logs). */
export const toToolResult = (exit: Exit.Exit<unknown, ToolFailure>, onDefect: (cause: Cause.Cause<unknown>) => void): CallToolResult => {
  if (Exit.isSuccess(exit)) return success(exit.value)
  const error = Cause.findErrorOption(exit.cause)
  if (Option.isSome(error)) return failure(describeFailure(error.value))
  onDefect(exit.cause)
  return failure(internalError())
}
