/**
 * Self-correction's telemetry: what the retry executor and the correctors did, for an operator
 * deciding whether correction earns its keep. Read only after a call has failed (the slow path),
 * and only when telemetry is on (services/Telemetry.ts).
 *
 *   dimensional_correction_attempts_total{corrector}    a retryable failure handed to the correctors,
 *                                                       by the corrector whose proposal was dispatched
 *                                                       (none: no usable proposal)
 *   dimensional_correction_successes_total{corrector}   corrected dispatches that succeeded
 *   dimensional_retries_total{tool,result}              corrected dispatches: recovered or failed
 *
 * Spans: `Corrector.correct` around asking the correctors (its proposal's corrector as an
 * attribute) and `sampling/createMessage` around each round trip to the client's model
 * (sampling.ts).
 */
import { Effect, Metric, Option } from "effect"
import type { CorrectionSource, Proposal } from "./Corrector.ts"
import { spanOptions } from "../../services/Telemetry.ts"

/** The corrector a proposal came from: every change of one proposal has the same source. */
export type CorrectorLabel = Exclude<CorrectionSource, "coercion"> | "none"

export const correctorOf = (proposal: Option.Option<Proposal>): CorrectorLabel => {
  if (Option.isNone(proposal)) return "none"
  const source = proposal.value.corrections[0]?.source
  return source === undefined || source === "coercion" ? "none" : source
}

const attempts = Metric.counter("dimensional_correction_attempts_total", {
  description: "Retryable failures handed to the correctors, by the corrector whose proposal was dispatched (none: no usable proposal)",
  incremental: true
})
const successes = Metric.counter("dimensional_correction_successes_total", {
  description: "Corrected dispatches that succeeded, by the corrector that proposed them",
  incremental: true
})
const retries = Metric.counter("dimensional_retries_total", {
  description: "Dispatches of corrected arguments by the retry executor, by tool and result (recovered or failed)",
  incremental: true
})

export const recordCorrectionAttempt = (corrector: CorrectorLabel) => Metric.update(Metric.withAttributes(attempts, { corrector }), 1)

/** A finished retry: `dispatched` corrected dispatches, the last succeeding when `recoveredBy` names its corrector. */
export const recordRetries = (tool: string, dispatched: number, recoveredBy: CorrectorLabel | undefined) =>
  Effect.gen(function* () {
    if (dispatched === 0) return
    const recovered = recoveredBy === undefined ? 0 : 1
    if (recovered > 0) {
      yield* Metric.update(Metric.withAttributes(successes, { corrector: recoveredBy! }), 1)
      yield* Metric.update(Metric.withAttributes(retries, { tool, result: "recovered" }), 1)
    }
    if (dispatched - recovered > 0) yield* Metric.update(Metric.withAttributes(retries, { tool, result: "failed" }), dispatched - recovered)
  })

/** Asking the correctors, as a span naming the tool, the failure and the corrector that answered. */
export const tracedCorrection = Effect.fn(
  "Corrector.correct",
  spanOptions({})
)(function* (tool: string, errorType: string, correct: Effect.Effect<Option.Option<Proposal>>): Effect.fn.Return<Option.Option<Proposal>> {
  const proposal = yield* correct
  const span = yield* Effect.option(Effect.currentSpan)
  if (Option.isSome(span)) {
    span.value.attribute("mcp.tool", tool)
    span.value.attribute("dimensional.error_type", errorType)
    span.value.attribute("dimensional.corrector", correctorOf(proposal))
  }
  return proposal
})
