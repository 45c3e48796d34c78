/**
 * The typed failures of the engine. Every error carries what the single mapping layer in src/mcp
 * needs to answer an agent: a message, where it happened (parameter, compute step), what was
 * received and expected, a high-confidence `likelyFix` to apply directly, and lower-confidence hints.
 */
import * as Data from "effect/Data"
import type { Action } from "./actions.ts"

/**
 * What every engine failure carries. The errors are Effect's `Data.TaggedError`s: values with a
 * `_tag` that an Effect fails with and `catchTag` selects, compared by their fields. Not Schema
 * classes: nothing decodes or encodes an engine error (the tools layer maps each to its own output
 * schema in src/mcp/repair/failures.ts), and Schema's module costs a command line its start
 * (issue 29: about 35 ms of a one-shot `dimensional convert`).
 */
export interface Diagnostics {
  readonly message: string
  readonly hints: ReadonlyArray<string>
  readonly likelyFix?: string | undefined
  /**
   * The role of the input at fault, in the domain's words: "source unit", "target unit",
   * "initial unit", "known quantity 2", a formula parameter's name. The tools layer maps roles to
   * its own argument names (Tool.roles); the engine never names a tool or a tool argument.
   */
  readonly role?: string | undefined
  /**
   * Where the failure is among the arguments of the call that met it, in the caller's own names:
   * set by the tools layer, which places a role at one of its arguments (Tool.roles), and by
   * argument decoding; the engine never sets it (test/architecture.test.ts).
   */
  readonly parameter?: string | undefined
  /** The whole input of the role with the fix applied, ready to send back: "mcg/kg" for "mcg/kgg". */
  readonly corrected?: string | undefined
  readonly step?: number | undefined
  readonly got?: string | undefined
  readonly expected?: string | undefined
  /** What the caller can do next, in domain words (actions.ts); the tools layer names the tool for each. */
  readonly next?: ReadonlyArray<Action> | undefined
}

/** A token of a unit expression names no known unit. */
export class UnknownUnit extends Data.TaggedError("UnknownUnit")<
  Diagnostics & {
    /** The symbol that replaces the unknown token, when there is one clear fix. */
    readonly replacement?: string | undefined
    /**
     * The near units, best first, each written to read back alone; of them, `slips` are those the token
     * is a slip of the hand for. The rest of a call may choose a fix among them (UnitExpression.fixFitting).
     */
    readonly candidates?: ReadonlyArray<string> | undefined
    readonly slips?: ReadonlyArray<string> | undefined
    readonly unit: string
    readonly expression: string
    readonly position: number
  }
> {}

/** A unit expression is not well formed. */
export class ParseError extends Data.TaggedError("ParseError")<Diagnostics & { readonly expression: string; readonly position: number }> {}

/** Two quantities have different dimensions where the same one was needed. */
export class DimensionMismatch extends Data.TaggedError("DimensionMismatch")<Diagnostics & { readonly fromDimension: string; readonly toDimension: string }> {}

/** Units that could be related but have no conversion: isolated pseudo-dimensions, or a custom unit with no edge. */
export class NoConversionPath extends Data.TaggedError("NoConversionPath")<Diagnostics & { readonly from: string; readonly to: string }> {}

/** One reading of an ambiguous input: what it means and, where there is a value, what it gives. */
export interface Reading {
  readonly meaning: string
  readonly value?: number | undefined
  readonly unit?: string | undefined
}

/**
 * Two or more plausible readings of the input give different answers (a level to a plain ratio:
 * power or field?; a name that means different units in different systems). Refused, with every
 * reading and, where there is a value, what each reading would give.
 */
export class AmbiguousInput extends Data.TaggedError("AmbiguousInput")<
  Diagnostics & {
    readonly readings: ReadonlyArray<Reading>
    /** For an ambiguous unit name: the expression it appeared in and where, so each reading can be tried. */
    readonly expression?: string | undefined
    readonly position?: number | undefined
    readonly token?: string | undefined
    /**
     * Whether the rest of a call may choose: a reading of another quantity than the call needs is set
     * aside (an expression in capitals read two ways). Named ambiguities (catalog/readings.ts) are
     * refused whatever the call.
     */
    readonly byContext?: boolean | undefined
  }
> {}

/** An argument is malformed or out of range. */
export class InvalidInput extends Data.TaggedError("InvalidInput")<Diagnostics> {}

/** Arithmetic that cannot produce a finite answer: division by zero, overflow. */
export class ComputationError extends Data.TaggedError("ComputationError")<Diagnostics> {}

/** A name is already taken: a session constant, unit or alias that exists (built in or in the session). */
export class DuplicateDefinition extends Data.TaggedError("DuplicateDefinition")<
  Diagnostics & { readonly kind: "duplicate_symbol" | "duplicate_unit" | "alias_collision" }
> {}

/** A value that cannot be used: NaN, infinite, or a negative uncertainty. */
export class InvalidValue extends Data.TaggedError("InvalidValue")<Diagnostics> {}

/** A unit string given to a constant or kind-of-quantity tool does not resolve. */
export class InvalidUnit extends Data.TaggedError("InvalidUnit")<Diagnostics> {}

/** A formula call that cannot run: unknown name, missing or malformed parameter, or a failure inside. */
export class FormulaError extends Data.TaggedError("FormulaError")<
  Diagnostics & {
    readonly kind: "unknown_formula" | "missing_parameter" | "invalid_parameter" | "execution_error"
    readonly formula: string
  }
> {}

/** Kind of quantity: the named kind does not exist. */
export class UnknownKind extends Data.TaggedError("UnknownKind")<Diagnostics> {}

/** Kind of quantity: a kind (or alias) with this name already exists. */
export class DuplicateKind extends Data.TaggedError("DuplicateKind")<Diagnostics> {}

/** Kind of quantity: validate_result without a declaration or a declared_kind. */
export class NoActiveDeclaration extends Data.TaggedError("NoActiveDeclaration")<Diagnostics> {}

/** Kind of quantity: a dimension string that names no dimension. */
export class InvalidDimension extends Data.TaggedError("InvalidDimension")<Diagnostics> {}

/**
 * The store that holds workspaces (custom units, constants, kinds) did not answer in time or
 * refused: the call changed nothing it could not report; retrying later may succeed.
 */
export class StoreUnavailable extends Data.TaggedError("StoreUnavailable")<Diagnostics> {}

/**
 * A workspace at one of its limits (units, aliases, edges, constants, kinds, bytes): the change was
 * not made. Not a malformed argument: the same call, however corrected, meets the same limit.
 */
export class QuotaExceeded extends Data.TaggedError("QuotaExceeded")<Diagnostics> {}

/**
 * The client is over its request rate (the server's rate limit per client): the call did not run.
 * Not a fault of the arguments: the same call, however corrected, waits for the same rate; it may
 * be sent again after `retryAfterMs`.
 */
export class RateLimited extends Data.TaggedError("RateLimited")<Diagnostics & { readonly retryAfterMs: number }> {}

/**
 * A workspace whose stored document is damaged (empty after a power loss, not JSON, or holding what
 * no release writes): nothing of it is used; the message names the damage. The rest of the store
 * works; emptying the workspace (reset_session) starts it over.
 */
export class WorkspaceDamaged extends Data.TaggedError("WorkspaceDamaged")<Diagnostics> {}

/** A workspace id that names no live workspace: never created here, expired after idling, or mistyped. */
export class UnknownWorkspace extends Data.TaggedError("UnknownWorkspace")<Diagnostics> {}

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
  WorkspaceDamaged,
  QuotaExceeded,
  RateLimited
] as const

export type EngineError = InstanceType<(typeof engineErrors)[number]>

// every tag once (the type says when one is missing or extra): the guard runs on every engine result (0.002 µs)
const tagged: { readonly [Tag in EngineError["_tag"]]: true } = {
  UnknownUnit: true,
  ParseError: true,
  DimensionMismatch: true,
  NoConversionPath: true,
  InvalidInput: true,
  ComputationError: true,
  DuplicateDefinition: true,
  InvalidValue: true,
  InvalidUnit: true,
  FormulaError: true,
  UnknownKind: true,
  DuplicateKind: true,
  NoActiveDeclaration: true,
  InvalidDimension: true,
  AmbiguousInput: true,
  StoreUnavailable: true,
  UnknownWorkspace: true,
  WorkspaceDamaged: true,
  QuotaExceeded: true,
  RateLimited: true
}
const engineErrorTags: ReadonlySet<string> = new Set(Object.keys(tagged))

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

/** The fields of an error: its own data plus `message`, which Error keeps non-enumerable. */
export const fieldsOf = (error: EngineError): Record<string, unknown> => {
  const out: Record<string, unknown> = { message: error.message }
  for (const [k, v] of Object.entries(error)) if (v !== undefined && k !== "_tag" && k !== "name" && k !== "stack") out[k] = v
  return out
}
