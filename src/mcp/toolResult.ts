/**
 * The one place where a tool call's outcome becomes an MCP result. Success: the value as
 * structuredContent and as JSON text, plus every correction the server applied. A typed failure:
 * `isError: true` with the ConversionError shape agents written for ucon expect ({error,
 * error_type, parameter, step, got, expected, likely_fix, hints}), extended for invalid arguments
 * with the validation report and, when the retry executor ran, with what it tried. A defect: an
 * `internal_error` result, never a crash or a protocol error. Readable text for the agent travels
 * as a second text block; the first is always the JSON.
 */
import type { CallToolResult } from "@modelcontextprotocol/server"
import { Cause, Exit, Option } from "effect"
import type { Correction } from "./repair/Corrector.ts"
import { type CallOutcome, type Rejection, type RetryReport, describeRejection } from "./repair/callOutcome.ts"
import { type ErrorType, type ToolError, errorTypeOf, internalError } from "./repair/failures.ts"

export { CorrectionSchema, ToolError } from "./repair/failureShape.ts"
import { correctionsText, reportText } from "./resultText.ts"

/** Corrections as JSON: a dropped field's `to` becomes null, so every entry has all its keys. */
const correctionsJson = (corrections: ReadonlyArray<Correction>) => corrections.map((c) => ({ ...c, to: c.to === undefined ? null : c.to }))

const retryJson = (retry: RetryReport): Record<string, unknown> => ({
  class: retry.class,
  outcome: retry.outcome,
  attempts: retry.attempts,
  reason: retry.reason,
  // with one attempt the only error is the result itself; after a correction every error is kept
  ...(retry.attempts > 1
    ? {
        errors: retry.rejections.map((r) => {
          const { schema: _schema, suggestions: _suggestions, validExample: _example, ...compact } = describeRejection(r)
          return compact
        })
      }
    : {}),
  ...(retry.outcome === "exhausted" ? { corrections_tried: correctionsJson(retry.corrections) } : {})
})

const retryText = (retry: RetryReport): string => {
  const head = `Automatic correction: ${retry.outcome.replace("_", " ")} after ${retry.attempts} attempt${retry.attempts === 1 ? "" : "s"} (${retry.class}): ${retry.reason}`
  if (retry.outcome !== "exhausted") return head
  const errors = retry.rejections.map((r, i) => `- attempt ${i + 1}: ${errorTypeOf(r.failure)}: ${r.failure.message}`)
  return [head, ...errors, correctionsText(retry.corrections, "Corrections tried:")].join("\n")
}

const text = (value: unknown): string => JSON.stringify(value)

/** How much of any one input an error echoes: enough to recognise it, never the whole of a huge one. */
export const MAX_ECHO = 300
/** The most a result may weigh, JSON text and structured content together. */
export const MAX_RESULT_BYTES = 64 * 1024

/** A long string cut to MAX_ECHO characters, marked as cut with its full length. */
export const clip = (s: string, max = MAX_ECHO): string => (s.length <= max ? s : `${s.slice(0, max)}… [cut: ${s.length} characters in all]`)

/** Every string in a JSON value clipped: errors echo what the agent sent, and never all of a huge input. */
const clipDeep = (value: unknown, max: number): unknown => {
  if (typeof value === "string") return clip(value, max)
  if (Array.isArray(value)) return value.map((v) => clipDeep(v, max))
  if (typeof value === "object" && value !== null) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, clipDeep(v, max)]))
  return value
}

/** Roughly what the result weighs on the wire: every text block plus the structured content, which is the first block again. */
const weight = (result: CallToolResult): number =>
  result.content.reduce((n, c) => n + (c.type === "text" ? c.text.length : 0), 0) + (result.content[0]?.type === "text" ? result.content[0].text.length : 0)

/** A result over MAX_RESULT_BYTES is not sent: the agent is told to ask for less. */
const tooLarge = (bytes: number): ToolError => ({
  error: `The result is too large to send (about ${bytes} bytes; at most ${MAX_RESULT_BYTES}). Ask for less: filter or page the listing.`,
  error_type: "result_too_large",
  parameter: null,
  step: null,
  got: null,
  expected: `at most ${MAX_RESULT_BYTES} bytes`,
  likely_fix: null,
  hints: ["Use the tool's filters (dimension, query, category, domain) or a smaller limit"]
})

/** A value in a unit list, as a person says it (5 ft 10.866142 in): convert's and add_quantities' parts, compute's converted ones. */
const partsLine = (structured: Record<string, unknown>): string | undefined => {
  const converted = structured.converted as { readonly parts?: unknown } | null | undefined
  const parts = (structured.parts ?? converted?.parts) as ReadonlyArray<{ readonly quantity: number; readonly unit: string }> | undefined
  return Array.isArray(parts) && parts.length > 0 ? parts.map((p) => `${p.quantity} ${p.unit}`).join(" ") : undefined
}

export const success = (
  value: unknown,
  extra: { readonly corrections?: ReadonlyArray<Correction>; readonly retry?: RetryReport | undefined } = {}
): CallToolResult => {
  // MCP structured content is an object; lists travel as {result: [...]} (FastMCP's convention, which ucon clients read)
  const structured = Array.isArray(value) || typeof value !== "object" || value === null ? { result: value } : (value as Record<string, unknown>)
  const corrections = extra.corrections ?? []
  const whole = partsLine(structured)
  if (corrections.length === 0 && !extra.retry)
    return { content: [{ type: "text", text: text(value) }, ...(whole ? [{ type: "text" as const, text: whole }] : [])], structuredContent: structured }
  const full = {
    ...structured,
    ...(corrections.length > 0 ? { corrections: correctionsJson(corrections) } : {}),
    ...(extra.retry ? { retry: retryJson(extra.retry) } : {})
  }
  const note = [
    ...(whole ? [whole] : []),
    ...(corrections.length > 0
      ? [correctionsText(corrections, "The server corrected the arguments before running the tool; check that this is what you meant:")]
      : []),
    ...(extra.retry ? [retryText(extra.retry)] : [])
  ].join("\n\n")
  return {
    content: [
      { type: "text", text: text(full) },
      { type: "text", text: note }
    ],
    structuredContent: full
  }
}

/** A failure as the wire carries it: every echoed input clipped. */
const clippedError = (error: ToolError): ToolError =>
  // hints may list every valid name (57 formulas); the message and `got` echo the input
  ({ ...(clipDeep(error, 4 * MAX_ECHO) as ToolError), error: clip(error.error), got: error.got === null ? null : clip(error.got) })

const failureResult = (clipped: ToolError, readable: string | undefined): CallToolResult => ({
  isError: true,
  content: [{ type: "text", text: text(clipped) }, ...(readable ? [{ type: "text" as const, text: clip(readable, 4 * MAX_ECHO * 10) }] : [])],
  structuredContent: clipped as unknown as Record<string, unknown>
})

/** A failure the server answers without running the tool (over the client's rate): its MCP result. */
export const failure = (error: ToolError, readable?: string): CallToolResult => failureResult(clippedError(error), readable)

/**
 * What happened to one call, told once: the MCP result; on success the tool's value; on failure
 * the error as the wire carries it and its type; the defect behind an `internal_error`, for the log.
 */
export interface Answer {
  readonly result: CallToolResult
  readonly value: unknown
  readonly error: ToolError | undefined
  readonly errorType: ErrorType | undefined
  readonly defect: Cause.Cause<unknown> | undefined
}

const failed = (error: ToolError, errorType: ErrorType, readable?: string, defect?: Cause.Cause<unknown>): Answer => {
  const clipped = clippedError(error)
  return { result: failureResult(clipped, readable), value: undefined, error: clipped, errorType, defect }
}

const rejected = (rejection: Rejection, retry: RetryReport | undefined): Answer => {
  const coercions = rejection.coercions
  const error: ToolError = {
    ...describeRejection(rejection),
    ...(coercions.length > 0 ? { corrections: correctionsJson(coercions) } : {}),
    ...(retry ? { retry: retryJson(retry) } : {})
  }
  const readable = [
    ...(rejection.report ? [reportText(rejection.report)] : []),
    ...(coercions.length > 0 ? [correctionsText(coercions, "Coercions applied before the tool failed:")] : []),
    ...(retry ? [retryText(retry)] : [])
  ].join("\n\n")
  return failed(error, errorTypeOf(rejection.failure), readable || undefined)
}

/** CallOutcome → what happened: the MCP result, and the value or the error it carries. */
export const toAnswer = (outcome: CallOutcome): Answer => {
  const answer = answerOf(outcome)
  const bytes = weight(answer.result)
  return bytes > MAX_RESULT_BYTES ? failed(tooLarge(bytes), "result_too_large") : answer
}

const answerOf = (outcome: CallOutcome): Answer => {
  const exit = outcome.exit
  if (Exit.isSuccess(exit)) {
    const result = success(exit.value.value, { corrections: outcome.corrections, retry: outcome.retry })
    return { result, value: exit.value.value, error: undefined, errorType: undefined, defect: undefined }
  }
  const error = Option.getOrUndefined(Cause.findErrorOption(exit.cause))
  if (error !== undefined) return rejected(error, outcome.retry)
  return failed(internalError(), "internal_error", undefined, exit.cause)
}
