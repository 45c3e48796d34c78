/**
 * Self-healing dispatch (seed 004, as services): a failed call is classified by the RetryPolicy;
 * a retryable failure is handed to the Corrector, and its proposal is dispatched again, as often
 * as the policy's schedule allows. A proposal may change only what the failure names, never
 * repeats an earlier attempt, and every change it makes is reported. When the corrected call fails
 * too, the result keeps every error, the agent's own first.
 */
import { Cause, Effect, Exit, Option, Ref } from "effect"
import * as ArgumentPath from "./ArgumentPath.ts"
import { type Correction, type CorrectionRequest, Corrector, type Proposal } from "./Corrector.ts"
import { type Classification, RetryPolicy } from "./RetryPolicy.ts"
import type { AnyTool } from "../../tools/Tool.ts"
import { type CallOutcome, type Rejection, type RetryReport, type Succeeded, describeRejection, dispatch } from "./callOutcome.ts"
import { errorTypeOf } from "./failures.ts"
import { Telemetry, underCallSpan } from "../../services/Telemetry.ts"
import { type CorrectorLabel, correctorOf, recordCorrectionAttempt, recordRetries, tracedCorrection } from "./repairTelemetry.ts"

/** What a tool looks like to a corrector: its name, description and advertised input schema. */
export interface ToolDescription {
  readonly name: string
  readonly description: string
  readonly inputSchema: unknown
}

interface State {
  readonly args: unknown
  readonly rejections: ReadonlyArray<Rejection>
  readonly corrections: ReadonlyArray<Correction>
  /** Every argument set dispatched so far, as JSON: a proposal repeating one is refused. */
  readonly tried: ReadonlyArray<string>
  /** A retryable failure got no usable proposal. */
  readonly declined: boolean
}

const isRecord = (u: unknown): u is Record<string, unknown> => typeof u === "object" && u !== null && !Array.isArray(u)

/** The argument paths a correction of `rejection` may touch: the fields its failure names. */
export const correctablePaths = (rejection: Rejection): ReadonlyArray<string> => {
  if (rejection.report) return rejection.report.argumentIssues.flatMap((i) => [i.field, ...(i.closestField ? [i.closestField] : []), ...(i.related ?? [])])
  const parameter = rejection.failure.parameter
  return parameter ? [parameter] : []
}

const within = (path: string, allowed: string): boolean => path === allowed || path.startsWith(`${allowed}.`) || path.startsWith(`${allowed}[`)

/** Whether `proposal` stays within the fields the failure names. */
export const staysWithin = (before: unknown, proposal: Proposal, allowed: ReadonlyArray<string>): boolean => {
  const changes = ArgumentPath.diff(before, proposal.arguments)
  return changes.length > 0 && changes.every((c) => allowed.some((a) => within(c.path, a)))
}

const requestFor = (tool: ToolDescription, rejection: Rejection): CorrectionRequest => ({
  tool,
  arguments: isRecord(rejection.arguments) ? rejection.arguments : {},
  failure: rejection.failure,
  error: describeRejection(rejection) as unknown as Record<string, unknown>,
  issues: rejection.report?.argumentIssues ?? []
})

const reportOf = (state: State, exit: Exit.Exit<Succeeded, Rejection>, first: Classification | undefined): RetryReport | undefined => {
  const [original] = state.rejections
  if (!original || !first) return undefined
  const attempts = state.tried.length
  const outcome = Exit.isSuccess(exit) ? "recovered" : attempts > 1 ? "exhausted" : state.declined ? "no_correction" : "not_retried"
  const reason =
    outcome === "recovered"
      ? "a corrected call succeeded"
      : outcome === "exhausted"
        ? "the corrected call failed too; both errors are kept"
        : outcome === "no_correction"
          ? "no correction could be found without guessing; apply the fixes yourself"
          : first.retry
            ? "no retries are configured"
            : first.reason
  return { class: first.class, outcome, attempts, reason, rejections: state.rejections, corrections: state.corrections }
}

/**
 * Runs `tool` with `args`, correcting and dispatching again while the policy allows. Never fails.
 * `describe` is asked only once a call has failed: deriving a tool's advertised input schema costs
 * a cold start milliseconds that a call which succeeds never needs.
 */
export const execute = <R>(tool: AnyTool<R>, args: unknown, describe: () => ToolDescription): Effect.Effect<CallOutcome, never, R | RetryPolicy | Corrector> =>
  // the common case first: a call that succeeds pays for none of the retry machinery
  Effect.flatMap(Effect.exit(dispatch(tool, args)), (firstExit) =>
    Exit.isSuccess(firstExit)
      ? Effect.succeed({ exit: firstExit, corrections: firstExit.value.coercions, retry: undefined })
      : recover(tool, args, describe, firstExit)
  )

/** After a failed first attempt: classify, correct and dispatch again while the policy allows. */
const recover = <R>(
  tool: AnyTool<R>,
  args: unknown,
  describe: () => ToolDescription,
  firstExit: Exit.Failure<Succeeded, Rejection>
): Effect.Effect<CallOutcome, never, R | RetryPolicy | Corrector> =>
  Effect.gen(function* () {
    const policy = yield* RetryPolicy
    const corrector = yield* Corrector
    // read here, after a failure: the successful path never pays for it
    const telemetry = yield* Telemetry
    // the corrector of the last dispatched proposal
    let lastCorrector: CorrectorLabel | undefined
    const state = yield* Ref.make<State>({ args, rejections: [], corrections: [], tried: [JSON.stringify(args ?? {})], declined: false })
    let first: Classification | undefined
    // a likely fix from the handler (not a decoding report's rename advice) is the agent's to apply
    const classifyRejection = (r: Rejection) => policy.classify(errorTypeOf(r.failure), r.report === undefined && r.failure.likelyFix !== undefined)

    const firstRejection = Cause.findErrorOption(firstExit.cause)
    if (Option.isNone(firstRejection) || firstRejection.value.report?.oversized) return { exit: firstExit, corrections: [], retry: undefined }
    // the schedule starts from that failure: the call is not dispatched a second time as it was
    let pending: Rejection | undefined = firstRejection.value
    const attempt = Effect.suspend(() => {
      const already = pending
      pending = undefined
      return already ? Effect.fail(already) : Effect.flatMap(Ref.get(state), (s) => dispatch(tool, s.args))
    }).pipe(Effect.tapError((rejection) => Ref.update(state, (s) => ({ ...s, rejections: [...s.rejections, rejection] }))))

    // called by the schedule only while it has retries left
    const correctAndContinue = (rejection: Rejection) =>
      Effect.gen(function* () {
        const decision = classifyRejection(rejection)
        first ??= decision
        if (!decision.retry) return false
        const asked = corrector.correct(requestFor(describe(), rejection))
        const proposal = yield* telemetry.traced ? underCallSpan(tracedCorrection(tool.name, errorTypeOf(rejection.failure), asked)) : asked
        const s = yield* Ref.get(state)
        const usable = Option.filter(
          proposal,
          (p) => staysWithin(rejection.arguments, p, correctablePaths(rejection)) && !s.tried.includes(JSON.stringify(p.arguments))
        )
        if (telemetry.metrics) yield* recordCorrectionAttempt(correctorOf(usable))
        if (Option.isNone(usable)) {
          yield* Ref.update(state, (st) => ({ ...st, declined: true }))
          return false
        }
        const p = usable.value
        lastCorrector = correctorOf(usable)
        yield* Effect.logInfo(
          `correcting ${tool.name}: ${p.corrections.map((c) => `${c.parameter} ${JSON.stringify(c.from)} → ${JSON.stringify(c.to)} (${c.source})`).join(", ")}`
        )
        yield* Ref.update(state, (st) => ({
          ...st,
          args: p.arguments,
          corrections: [...st.corrections, ...p.corrections],
          tried: [...st.tried, JSON.stringify(p.arguments)]
        }))
        return true
      })

    const exit = yield* attempt.pipe(Effect.retry({ schedule: policy.corrections, while: correctAndContinue }), Effect.exit)
    const final = yield* Ref.get(state)
    if (telemetry.metrics) yield* recordRetries(tool.name, final.tried.length - 1, Exit.isSuccess(exit) ? lastCorrector : undefined)
    // a rejection the schedule did not get to classify (no retries configured) is classified here
    if (first === undefined && final.rejections[0]) first = classifyRejection(final.rejections[0])
    if (Exit.isSuccess(exit)) {
      const retry = final.rejections.length > 0 ? reportOf(final, exit, first) : undefined
      return { exit, corrections: [...final.corrections, ...exit.value.coercions], retry }
    }
    const original = final.rejections[0]
    if (original === undefined) return { exit, corrections: [], retry: undefined }
    if (Option.isNone(Cause.findErrorOption(exit.cause))) {
      // a corrected attempt crashed: log it, and answer with the agent's own error
      yield* Effect.logError(`tool ${tool.name} failed with a defect after correction`, Cause.pretty(exit.cause))
    }
    return { exit: Exit.fail(original), corrections: [], retry: policy.settings.enabled ? reportOf(final, exit, first) : undefined }
  })
