/**
 * The typed failures of the engine. Every error carries what the single mapping layer in src/mcp
 * needs to answer an agent: a message, where it happened (parameter, compute step), what was
 * received and expected, a high-confidence `likelyFix` to apply directly, and lower-confidence hints.
 */
import { Schema } from "effect"
import { actions } from "./actions.ts"

const diagnostics = {
  message: Schema.String,
  hints: Schema.Array(Schema.String),
  likelyFix: Schema.optional(Schema.String),
  /**
   * The role of the input at fault, in the domain's words: "source unit", "target unit",
   * "initial unit", "known quantity 2", a formula parameter's name. The tools layer maps roles to
   * its own argument names (Tool.roles); the engine never names a tool or a tool argument.
   */
  role: Schema.optional(Schema.String),
  /**
   * Where the failure is among the arguments of the call that met it ("from_unit",
   * "factors[2].numerator"): set by the tools layer, which places a role at its own argument
   * (Tool.roles), and by argument decoding; the engine never sets it (test/architecture.test.ts).
   */
  parameter: Schema.optional(Schema.String),
  /** The whole input of the role with the fix applied, ready to send back: "mcg/kg" for "mcg/kgg". */
  corrected: Schema.optional(Schema.String),
  step: Schema.optional(Schema.Number),
  got: Schema.optional(Schema.String),
  expected: Schema.optional(Schema.String),
  /** What the caller can do next, in domain words (actions.ts); the tools layer names the tool for each. */
  next: Schema.optional(Schema.Array(Schema.Literals(actions)))
}

/** A token of a unit expression names no known unit. */
export class UnknownUnit extends Schema.TaggedError<UnknownUnit>()("UnknownUnit", {
  ...diagnostics,
  /** The symbol that replaces the unknown token, when there is one clear fix. */
  replacement: Schema.optional(Schema.String),
  /**
   * The near units, best first, each written to read back alone; of them, `slips` are those the token
   * is a slip of the hand for. The rest of a call may choose a fix among them (UnitExpression.fixFitting).
   */
  candidates: Schema.optional(Schema.Array(Schema.String)),
  slips: Schema.optional(Schema.Array(Schema.String)),
  unit: Schema.String,
  expression: Schema.String,
  position: Schema.Number
}) {}

/** A unit expression is not well formed. */
export class ParseError extends Schema.TaggedError<ParseError>()("ParseError", {
  ...diagnostics,
  expression: Schema.String,
  position: Schema.Number
}) {}

/** Two quantities have different dimensions where the same one was needed. */
export class DimensionMismatch extends Schema.TaggedError<DimensionMismatch>()("DimensionMismatch", {
  ...diagnostics,
  fromDimension: Schema.String,
  toDimension: Schema.String
}) {}

/** Units that could be related but have no conversion: isolated pseudo-dimensions, or a custom unit with no edge. */
export class NoConversionPath extends Schema.TaggedError<NoConversionPath>()("NoConversionPath", {
  ...diagnostics,
  from: Schema.String,
  to: Schema.String
}) {}

/**
 * Two or more plausible readings of the input give different answers (a level to a plain ratio:
 * power or field?; a name that means different units in different systems). Refused, with every
 * reading and, where there is a value, what each reading would give.
 */
export class AmbiguousInput extends Schema.TaggedError<AmbiguousInput>()("AmbiguousInput", {
  ...diagnostics,
  readings: Schema.Array(Schema.Struct({ meaning: Schema.String, value: Schema.optional(Schema.Number), unit: Schema.optional(Schema.String) })),
  /** For an ambiguous unit name: the expression it appeared in and where, so each reading can be tried. */
  expression: Schema.optional(Schema.String),
  position: Schema.optional(Schema.Number),
  token: Schema.optional(Schema.String),
  /**
   * Whether the rest of a call may choose: a reading of another quantity than the call needs is set
   * aside (an expression in capitals read two ways). Named ambiguities (catalog/readings.ts) are
   * refused whatever the call.
   */
  byContext: Schema.optional(Schema.Boolean)
}) {}

/** An argument is malformed or out of range. */
export class InvalidInput extends Schema.TaggedError<InvalidInput>()("InvalidInput", {
  ...diagnostics
}) {}

/** Arithmetic that cannot produce a finite answer: division by zero, overflow. */
export class ComputationError extends Schema.TaggedError<ComputationError>()("ComputationError", {
  ...diagnostics
}) {}

/** A name is already taken: a session constant, unit or alias that exists (built in or in the session). */
export class DuplicateDefinition extends Schema.TaggedError<DuplicateDefinition>()("DuplicateDefinition", {
  ...diagnostics,
  kind: Schema.Literals(["duplicate_symbol", "duplicate_unit", "alias_collision"])
}) {}

/** A value that cannot be used: NaN, infinite, or a negative uncertainty. */
export class InvalidValue extends Schema.TaggedError<InvalidValue>()("InvalidValue", {
  ...diagnostics
}) {}

/** A unit string given to a constant or kind-of-quantity tool does not resolve. */
export class InvalidUnit extends Schema.TaggedError<InvalidUnit>()("InvalidUnit", {
  ...diagnostics
}) {}

/** A formula call that cannot run: unknown name, missing or malformed parameter, or a failure inside. */
export class FormulaError extends Schema.TaggedError<FormulaError>()("FormulaError", {
  ...diagnostics,
  kind: Schema.Literals(["unknown_formula", "missing_parameter", "invalid_parameter", "execution_error"]),
  formula: Schema.String
}) {}

/** Kind of quantity: the named kind does not exist. */
export class UnknownKind extends Schema.TaggedError<UnknownKind>()("UnknownKind", {
  ...diagnostics
}) {}

/** Kind of quantity: a kind (or alias) with this name already exists. */
export class DuplicateKind extends Schema.TaggedError<DuplicateKind>()("DuplicateKind", {
  ...diagnostics
}) {}

/** Kind of quantity: validate_result without a declaration or a declared_kind. */
export class NoActiveDeclaration extends Schema.TaggedError<NoActiveDeclaration>()("NoActiveDeclaration", {
  ...diagnostics
}) {}

/** Kind of quantity: a dimension string that names no dimension. */
export class InvalidDimension extends Schema.TaggedError<InvalidDimension>()("InvalidDimension", {
  ...diagnostics
}) {}

/**
 * The store that holds workspaces (custom units, constants, kinds) did not answer in time or
 * refused: the call changed nothing it could not report; retrying later may succeed.
 */
export class StoreUnavailable extends Schema.TaggedError<StoreUnavailable>()("StoreUnavailable", {
  ...diagnostics
}) {}

/**
 * A workspace at one of its limits (units, aliases, edges, constants, kinds, bytes): the change was
 * not made. Not a malformed argument: the same call, however corrected, meets the same limit.
 */
export class QuotaExceeded extends Schema.TaggedError<QuotaExceeded>()("QuotaExceeded", {
  ...diagnostics
}) {}

/**
 * The client is over its request rate (the server's rate limit per client): the call did not run.
 * Not a fault of the arguments: the same call, however corrected, waits for the same rate; it may
 * be sent again after `retryAfterMs`.
 */
export class RateLimited extends Schema.TaggedError<RateLimited>()("RateLimited", {
  ...diagnostics,
  retryAfterMs: Schema.Number
}) {}

/** A workspace id that names no live workspace: never created here, expired after idling, or mistyped. */
export class UnknownWorkspace extends Schema.TaggedError<UnknownWorkspace>()("UnknownWorkspace", {
  ...diagnostics
}) {}

/** Why a unit expression does not resolve: a name not known, a malformed expression, or a name with several meanings. */
export type UnitError = UnknownUnit | ParseError | AmbiguousInput

/** Every engine failure, listed once: the union and the guard are derived from this list. */
export const engineErrors = [
  UnknownUnit,
  ParseError,
  DimensionMismatch,
  NoConversionPath,
  InvalidInput,
  ComputationError,
  DuplicateDefinition,
  InvalidValue,
  InvalidUnit,
  FormulaError,
  UnknownKind,
  DuplicateKind,
  NoActiveDeclaration,
  InvalidDimension,
  AmbiguousInput,
  StoreUnavailable,
  UnknownWorkspace,
  QuotaExceeded,
  RateLimited
] as const

export type EngineError = InstanceType<(typeof engineErrors)[number]>

// a Set of tags rather than Schema.is over the union: the guard runs on every engine result (0.002 µs)
const engineErrorTags: ReadonlySet<string> = new Set(engineErrors.map((c) => c.identifier))

export const isEngineError = (u: unknown): u is EngineError => typeof u === "object" && u !== null && engineErrorTags.has((u as { _tag?: string })._tag ?? "")

/**
 * The same error, placed at a role (the source unit, a known quantity) and (for compute) a factor
 * step; placed in a larger input (a unit inside a decompose query), its fix restated as that whole
 * input corrected. The tools layer also places it at an argument (`parameter`).
 */
export const locate = <E extends EngineError>(
  error: E,
  location: { readonly role?: string; readonly parameter?: string; readonly step?: number; readonly corrected?: string | undefined }
): E => {
  const Constructor = error.constructor as new (fields: object) => E
  return new Constructor({ ...fieldsOf(error), ...location })
}

/** The schema fields of an error: its own data plus `message`, which Error keeps non-enumerable. */
export const fieldsOf = (error: EngineError): Record<string, unknown> => {
  const out: Record<string, unknown> = { message: error.message }
  for (const [k, v] of Object.entries(error)) if (v !== undefined && k !== "_tag" && k !== "name" && k !== "stack") out[k] = v
  return out
}
