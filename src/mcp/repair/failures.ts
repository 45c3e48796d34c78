/**
 * The failure vocabulary, said once: each engine error's `error_type`, each `error_type`'s repair
 * rule, and each failure as it goes on the wire (describeFailure, in failureShape.ts's ToolError). The compiler demands a row for
 * every tag of the engine's union and for every `error_type` a tag can produce; the retry policy,
 * the self-correction defaults, the server's instructions and the final mapping all read from here.
 * Adding an error is one class in engine/errors.ts and one row in each table below (byTag,
 * errorTypes, errorMeanings).
 */
import type { EngineError } from "../../engine/errors.ts"
import { hintsOf } from "../../tools/nextSteps.ts"
import type { ToolFailure } from "../../tools/Tool.ts"
import type { ToolError } from "./failureShape.ts"

export type { ToolError } from "./failureShape.ts"

type Of<T extends EngineError["_tag"]> = Extract<EngineError, { readonly _tag: T }>

/** Each engine error's `error_type`: a name, or the error's own `kind` where it carries one. */
const byTag = {
  UnknownUnit: "unknown_unit",
  ParseError: "parse_error",
  DimensionMismatch: "dimension_mismatch",
  NoConversionPath: "no_conversion_path",
  InvalidInput: "invalid_input",
  ComputationError: "computation_error",
  DuplicateDefinition: (e: Of<"DuplicateDefinition">) => e.kind,
  InvalidValue: "invalid_value",
  InvalidUnit: "invalid_unit",
  FormulaError: (e: Of<"FormulaError">) => e.kind,
  UnknownKind: "unknown_kind",
  DuplicateKind: "duplicate_kind",
  NoActiveDeclaration: "no_active_declaration",
  InvalidDimension: "invalid_dimension",
  AmbiguousInput: "ambiguous_input",
  StoreUnavailable: "store_unavailable",
  UnknownWorkspace: "unknown_workspace",
  WorkspaceDamaged: "workspace_damaged",
  QuotaExceeded: "quota_exceeded",
  RateLimited: "rate_limited"
} as const satisfies { readonly [T in EngineError["_tag"]]: string | ((e: Of<T>) => string) }

/**
 * How a failure of each type may be repaired: "repair" (a corrector may fix the arguments and the
 * call runs again), "rename" (the fix replaces a name, which changes meaning: only with server-side
 * unit correction), or never, with the reason an agent is told.
 */
export type Repair = "repair" | "rename" | { readonly never: string }

export const errorTypes = {
  invalid_input: "repair",
  invalid_parameter: "repair",
  missing_parameter: "repair",
  unknown_unit: "rename",
  parse_error: "rename",
  invalid_unit: "rename",
  invalid_dimension: "rename",
  unknown_formula: "rename",
  unknown_kind: "rename",
  dimension_mismatch: { never: "the quantities are physically incompatible; correcting them would change the question" },
  no_conversion_path: { never: "no conversion exists between these units; only a factor or a definition from you can relate them" },
  computation_error: { never: "the arithmetic itself has no finite answer" },
  invalid_value: { never: "only you know the value that was meant" },
  ambiguous_input: { never: "two readings give different answers; only you know which one was meant" },
  execution_error: { never: "the formula failed on valid arguments" },
  duplicate_symbol: { never: "session state conflict: the name is taken in this session" },
  duplicate_unit: { never: "session state conflict: the unit already exists" },
  alias_collision: { never: "session state conflict: the alias is taken" },
  duplicate_kind: { never: "session state conflict: the kind already exists" },
  no_active_declaration: { never: "session state: declare_computation must run first" },
  store_unavailable: { never: "the workspace store did not answer; a corrected call would meet the same store" },
  unknown_workspace: { never: "the workspace id names no live workspace; only you know which one was meant" },
  workspace_damaged: { never: "the stored workspace is damaged; reset_session empties it, or start a new workspace" },
  quota_exceeded: { never: "the workspace is at one of its limits; a corrected call would meet the same limit" },
  rate_limited: { never: "the client is over its request rate; any call, corrected or not, waits for the same rate (see retry_after_ms)" },
  result_too_large: { never: "the answer itself is too large; the same call gives the same answer" },
  internal_error: { never: "a server fault; the same call would fail the same way" }
} as const satisfies Record<string, Repair>

export type ErrorType = keyof typeof errorTypes

/** What each `error_type` means, as the errors resource (dimensional://errors) tells an agent. */
export const errorMeanings = {
  invalid_input: "the arguments do not fit the tool's schema; issues, schema and validExample say how",
  invalid_parameter: "a formula parameter's value or unit does not fit the formula",
  missing_parameter: "a formula parameter the formula needs was not given",
  unknown_unit: "a name in a unit expression is no unit; hints and likely_fix name close ones",
  parse_error: "a unit expression is not well formed (at the position given)",
  invalid_unit: "a unit a definition or kind names does not resolve",
  invalid_dimension: "a dimension name or expression is not known",
  unknown_formula: "no formula has this name",
  unknown_kind: "no kind of quantity has this name",
  dimension_mismatch: "the units measure different dimensions; hints list compatible units",
  no_conversion_path: "one dimension, but nothing relates these units (different kinds, or a custom unit with no edge)",
  computation_error: "the arithmetic has no finite answer",
  invalid_value: "a value is out of its range (a negative uncertainty, a zero factor)",
  ambiguous_input: "two readings give different answers; readings lists each with its value",
  execution_error: "the formula failed on valid arguments",
  duplicate_symbol: "the workspace already has a constant with this symbol",
  duplicate_unit: "the workspace already has this unit",
  alias_collision: "the alias is already a name in the workspace",
  duplicate_kind: "the workspace already has this kind",
  no_active_declaration: "validate_result needs declare_computation first, or declared_kind",
  store_unavailable: "the workspace store did not answer",
  unknown_workspace: "the workspace id names no live workspace",
  workspace_damaged: "the workspace's stored document is damaged (set aside; reset_session starts it over)",
  quota_exceeded: "the workspace, or this client, is at one of its limits",
  rate_limited: "over this client's request rate; retry_after_ms says when to send again",
  result_too_large: "the answer is too large to send; ask for less (filter or page)",
  internal_error: "a server fault, logged on the server"
} as const satisfies Record<ErrorType, string>

// every error_type a tag can produce has a row in errorTypes, or this does not compile
type Produced = { [T in EngineError["_tag"]]: (typeof byTag)[T] extends (e: never) => infer R ? R : (typeof byTag)[T] }[EngineError["_tag"]]
const everyProducedTypeHasARow = (t: Produced): ErrorType => t
void everyProducedTypeHasARow

export const allErrorTypes = Object.keys(errorTypes) as ReadonlyArray<ErrorType>

/** The repair rule of an `error_type`; undefined for one this table does not know (never retried). */
export const repairOf = (errorType: string): Repair | undefined => (Object.hasOwn(errorTypes, errorType) ? errorTypes[errorType as ErrorType] : undefined)

/** The types a corrector may repair unless configured otherwise. */
export const retryableByDefault: ReadonlyArray<ErrorType> = allErrorTypes.filter((t) => typeof errorTypes[t] === "string")

/** The machine-readable `error_type` of a failure. */
export const errorTypeOf = (failure: ToolFailure): ErrorType => {
  const row = byTag[failure._tag] as string | ((e: ToolFailure) => string)
  return (typeof row === "function" ? row(failure) : row) as ErrorType
}

export const describeFailure = (failure: ToolFailure): ToolError => ({
  error: failure.message,
  error_type: errorTypeOf(failure),
  parameter: failure.parameter ?? null,
  step: failure.step ?? null,
  got: failure.got ?? null,
  expected: failure.expected ?? null,
  likely_fix: failure.likelyFix ?? null,
  ...(failure.corrected !== undefined && failure.parameter !== undefined ? { fix: { parameter: failure.parameter, value: failure.corrected } } : {}),
  hints: hintsOf(failure),
  ...(failure._tag === "FormulaError" ? { formula: failure.formula } : {}),
  ...(failure._tag === "AmbiguousInput"
    ? { readings: failure.readings.map((r) => ({ meaning: r.meaning, value: r.value ?? null, unit: r.unit ?? null })) }
    : {}),
  ...(failure._tag === "RateLimited" ? { retry_after_ms: failure.retryAfterMs } : {})
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
