/**
 * When a failed call may be corrected and dispatched again, and how often: the classification of
 * every `error_type` (retryable, never retried, unknown) and the `Schedule`s that bound the
 * correction rounds and the backoff between sampling requests after a transient failure.
 */
import { Context, type Duration, Effect, Layer, Schedule } from "effect"
import { repairOf } from "./failures.ts"
import { SelfCorrectionConfig, type SelfCorrectionSettings } from "./SelfCorrectionConfig.ts"

/** retryable: may be corrected; non_retryable: never "fixed"; unknown: not listed, so not retried. */
export type RetryClass = "retryable" | "non_retryable" | "unknown"

export interface Classification {
  readonly class: RetryClass
  /** Whether the executor may correct and dispatch again under the current settings. */
  readonly retry: boolean
  readonly reason: string
}

/**
 * Classifies an `error_type` under `settings`. `likelyFix`: the failure carries a fix the server
 * is confident of (an unknown unit's nearest name); it is the agent's to apply unless server-side
 * unit correction is on, so no corrector gets to change that name on the server's own account.
 */
export const classify = (settings: SelfCorrectionSettings, errorType: string, likelyFix = false): Classification => {
  const repair = repairOf(errorType)
  if (typeof repair === "object") return { class: "non_retryable", retry: false, reason: `${errorType} is never retried: ${repair.never}` }
  if (!settings.retryableErrors.includes(errorType))
    return { class: "unknown", retry: false, reason: `${errorType} is not configured as retryable, so it is not retried` }
  if (!settings.enabled) return { class: "retryable", retry: false, reason: "automatic correction is disabled on this server" }
  if ((repair === "rename" || likelyFix) && !settings.serverUnitCorrection) {
    return {
      class: "retryable",
      retry: false,
      reason: likelyFix
        ? "the server does not change names on its own: apply likely_fix yourself (server-side unit correction is off)"
        : "the server does not rewrite what was written on its own: correct it from the hints and call again (server-side unit correction is off)"
    }
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
