/**
 * The shape every failure takes on the wire (ToolError), advertised in each tool's output schema,
 * and the corrections the server made to the arguments. Apart from failures.ts, which says what each
 * failure is, so that a command line can describe a failure without loading Schema (issue 29).
 */
import { Schema } from "effect"

const NullableString = Schema.NullOr(Schema.String)

/** A change the server made to the arguments: `to` is null when a field was dropped. */
export const CorrectionSchema = Schema.Struct({
  parameter: Schema.String,
  from: Schema.Unknown,
  to: Schema.Unknown,
  source: Schema.String,
  note: Schema.String
})

const IssueSchema = Schema.Struct({
  field: Schema.String,
  problem: Schema.String,
  received: Schema.optional(Schema.Unknown),
  expected: Schema.String,
  fix: Schema.String,
  closest_field: Schema.optional(Schema.String)
})

/** The error shape every tool may return, advertised in each tool's output schema. */
export const ToolError = Schema.Struct({
  error: Schema.String,
  error_type: Schema.String,
  parameter: NullableString,
  step: Schema.NullOr(Schema.Number),
  got: NullableString,
  expected: NullableString,
  likely_fix: NullableString,
  /** The whole corrected argument, ready to send back: {parameter: "from_unit", value: "mcg/kg"}. */
  fix: Schema.optional(Schema.NullOr(Schema.Struct({ parameter: Schema.String, value: Schema.String }))),
  hints: Schema.Array(Schema.String),
  formula: Schema.optional(Schema.String),
  readings: Schema.optional(Schema.Array(Schema.Struct({ meaning: Schema.String, value: Schema.NullOr(Schema.Number), unit: NullableString }))),
  summary: Schema.optional(Schema.String),
  issues: Schema.optional(Schema.Array(IssueSchema)),
  schema: Schema.optional(Schema.Unknown),
  suggestions: Schema.optional(Schema.Array(Schema.Struct({ category: Schema.String, suggestion: Schema.String }))),
  validExample: Schema.optional(Schema.Record(Schema.String, Schema.Unknown)),
  corrections: Schema.optional(Schema.Array(CorrectionSchema)),
  retry: Schema.optional(Schema.Record(Schema.String, Schema.Unknown)),
  /** rate_limited: how long to wait before the call may be sent again. */
  retry_after_ms: Schema.optional(Schema.Number)
})
export type ToolError = typeof ToolError.Type
