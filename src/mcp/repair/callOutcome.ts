/**
 * One dispatch of a tool call (decode with coercion, then the handler) and the vocabulary of a
 * call's outcome: what a rejected attempt carries and how the agent is told of it, what the retry
 * executor reports, and what the mapping layer turns into an MCP result.
 */
import { Effect, type Exit } from "effect"
import type { Correction } from "./Corrector.ts"
import type { RetryClass } from "./RetryPolicy.ts"
import type { AnyTool, ToolFailure } from "../../tools/Tool.ts"
import type { Coercion } from "./coercion.ts"
import { decodeArguments } from "./decodeArguments.ts"
import { type ToolError, describeFailure } from "./failures.ts"
import type { ValidationReport } from "./validationReport.ts"

export interface Succeeded {
  readonly value: unknown
  /** Lossless coercions decoding applied to these arguments. */
  readonly coercions: ReadonlyArray<Correction>
}

/** A failed attempt: the typed failure, the validation report when the arguments did not decode. */
export interface Rejection {
  readonly failure: ToolFailure
  readonly report: ValidationReport | undefined
  readonly arguments: unknown
  /** Coercions decoding applied before the handler failed (none when decoding itself failed). */
  readonly coercions: ReadonlyArray<Correction>
}

/** A failed attempt as the agent sees it: the failure, with the validation report when there is one. */
export const describeRejection = (rejection: Rejection): ToolError => {
  const base = describeFailure(rejection.failure)
  const report = rejection.report
  if (!report) return base
  const { summary, issues, schema, suggestions, validExample } = report
  return { ...base, summary, issues, schema, suggestions, validExample }
}

/** What the retry executor did after the first attempt failed. */
export interface RetryReport {
  readonly class: RetryClass
  /** recovered: a corrected call succeeded; exhausted: corrected calls failed too; not_retried / no_correction: one attempt only. */
  readonly outcome: "recovered" | "exhausted" | "not_retried" | "no_correction"
  readonly attempts: number
  readonly reason: string
  /** Every failed attempt in order, the agent's own call first. */
  readonly rejections: ReadonlyArray<Rejection>
  /** Corrections tried on the way (on success they are also the result's corrections). */
  readonly corrections: ReadonlyArray<Correction>
}

export interface CallOutcome {
  /** The last attempt; a failure is the agent's original rejection when corrections did not help. */
  readonly exit: Exit.Exit<Succeeded, Rejection>
  /** Every change the server made to the arguments that produced a success. */
  readonly corrections: ReadonlyArray<Correction>
  readonly retry: RetryReport | undefined
}

export const correctionOf = (c: Coercion): Correction => ({ parameter: c.path, from: c.from, to: c.to, source: "coercion", note: c.rule })

/** Decodes (coercing when needed) and runs the handler once; defects stay defects. */
export const dispatch = <R>(tool: AnyTool<R>, args: unknown): Effect.Effect<Succeeded, Rejection, R> =>
  decodeArguments(tool, args).pipe(
    Effect.mapError((invalid): Rejection => ({ failure: invalid.failure, report: invalid.report, arguments: args, coercions: [] })),
    Effect.flatMap(({ input, coercions }) =>
      tool.handler(input).pipe(
        Effect.map((value): Succeeded => ({ value, coercions: coercions.map(correctionOf) })),
        Effect.mapError((failure): Rejection => ({ failure, report: undefined, arguments: args, coercions: coercions.map(correctionOf) }))
      )
    )
  )
