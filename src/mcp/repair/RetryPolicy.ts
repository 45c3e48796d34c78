/**
 * When a failed call may be corrected and dispatched again, and how often: the classification of
 * every `error_type` (retryable, never retried, unknown) and the `Schedule`s that bound the
 * correction rounds and the backoff between sampling requests after a transient failure.
 */
import { Context, Duration, Effect, Layer, Schedule } from "effect"
import { SelfCorrectionConfig, type SelfCorrectionSettings } from "./SelfCorrectionConfig.ts"

/** retryable: may be corrected; non_retryable: never "fixed"; unknown: not listed, so not retried. */
export type RetryClass = "retryable" | "non_retryable" | "unknown"

export interface Classification {
  readonly class: RetryClass
  /** Whether the executor may correct and dispatch again under the current settings. */
  readonly retry: boolean
  readonly reason: string
}

/** Never corrected, whatever the configuration says: fixing these would change the question. */
export const neverRetried: Readonly<Record<string, string>> = {
  dimension_mismatch: "the quantities are physically incompatible; correcting them would change the question",
  no_conversion_path: "no conversion exists between these units; only a definition from you can add one",
  computation_error: "the arithmetic itself has no finite answer",
  invalid_value: "only you know the value that was meant",
  ambiguous_input: "two readings give different answers; only you know which one was meant",
  execution_error: "the formula failed on valid arguments",
  duplicate_symbol: "session state conflict: the name is taken in this session",
  duplicate_unit: "session state conflict: the unit already exists",
  alias_collision: "session state conflict: the alias is taken",
  duplicate_kind: "session state conflict: the kind already exists",
  no_active_declaration: "session state: declare_computation must run first",
  store_unavailable: "the workspace store did not answer; a corrected call would meet the same store",
  unknown_workspace: "the workspace id names no live workspace; only you know which one was meant",
  internal_error: "a server fault; the same call would fail the same way"
}

/** Corrections of these replace a name, which changes meaning: applied only with server-side unit correction. */
export const nameErrors: ReadonlySet<string> = new Set(["unknown_unit", "parse_error", "invalid_unit", "invalid_dimension", "unknown_formula", "unknown_kind"])

/**
 * Classifies an `error_type` under `settings`. `likelyFix`: the failure carries a fix the server
 * is confident of (an unknown unit's nearest name); it is the agent's to apply unless server-side
 * unit correction is on, so no corrector gets to change that name on the server's own account.
 */
export const classify = (settings: SelfCorrectionSettings, errorType: string, likelyFix = false): Classification => {
  const never = neverRetried[errorType]
  if (never !== undefined) return { class: "non_retryable", retry: false, reason: `${errorType} is never retried: ${never}` }
  if (!settings.retryableErrors.includes(errorType)) return { class: "unknown", retry: false, reason: `${errorType} is not configured as retryable, so it is not retried` }
  if (!settings.enabled) return { class: "retryable", retry: false, reason: "automatic correction is disabled on this server" }
  if ((nameErrors.has(errorType) || likelyFix) && !settings.serverUnitCorrection) {
    return { class: "retryable", retry: false, reason: "the server does not change names on its own: apply likely_fix yourself (server-side unit correction is off)" }
  }
  return { class: "retryable", retry: true, reason: `${errorType} may be corrected` }
}

export class RetryPolicy extends Context.Service<
  RetryPolicy,
  {
    readonly classify: (errorType: string, likelyFix?: boolean) => Classification
    /** Bounds the corrected dispatches after the first attempt (no delay: a correction is not a wait). */
    readonly corrections: Schedule.Schedule<number, unknown>
    /** Backoff between sampling requests after a transient failure such as a time-out. */
    readonly transient: Schedule.Schedule<Duration.Duration, unknown>
    readonly settings: SelfCorrectionSettings
  }
>()("dimensional/RetryPolicy") {
  static readonly make = (settings: SelfCorrectionSettings) =>
    RetryPolicy.of({
      classify: (errorType, likelyFix) => classify(settings, errorType, likelyFix),
      corrections: Schedule.recurs(settings.enabled ? settings.maxRetries : 0),
      transient: Schedule.exponential(settings.backoff).pipe(Schedule.upTo({ times: settings.samplingRetries })),
      settings
    })

  static readonly layer = Layer.effect(RetryPolicy, Effect.map(SelfCorrectionConfig, RetryPolicy.make))
}
