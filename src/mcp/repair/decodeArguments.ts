/**
 * Decoding a tool's arguments with its input Schema. Fast path: decode as sent. Only when that
 * fails are the arguments coerced towards the Schema (lossless rules, see coercion.ts) and decoded
 * again; every coercion applied is returned so the result can report it. Arguments that still do
 * not decode become one `invalid_input` failure naming every problem, with the full validation
 * report (fixes, schema in brief, suggestions, a valid example) for the agent.
 */
import { Effect, Schema, SchemaAST, SchemaIssue } from "effect"
import { InvalidInput } from "../../engine/errors.ts"
import type { AnyTool } from "../../tools/Tool.ts"
import { type Coercion, coerce } from "./coercion.ts"
import { type AST, encodedAst, unwrap } from "./schemaShape.ts"
import { checkLimits } from "./limits.ts"
import { type ValidationReport, buildReport, limitReport } from "./validationReport.ts"

export interface Decoded<I> {
  readonly input: I
  readonly coercions: ReadonlyArray<Coercion>
}

/** Arguments the tool cannot take: the failure agents get, with the report that explains it. */
export interface InvalidArguments {
  readonly failure: InvalidInput
  readonly report: ValidationReport
}

const options = { errors: "all", onExcessProperty: "error" } as const

const invalidInputOf = (tool: AnyTool, report: ValidationReport): InvalidInput => {
  const [first] = report.issues
  const rename = report.issues.length === 1 && first?.closest_field !== undefined ? first.fix : undefined
  const field = first && first.field !== "(arguments)" ? first.field : undefined
  const step = field === undefined ? undefined : tool.stepOf?.(field)
  return new InvalidInput({
    message: `${report.summary} ${report.issues.map((i) => `${i.field}: ${i.problem}`).join("; ")}`,
    parameter: field,
    ...(step === undefined ? {} : { step }),
    got: first && first.received !== undefined ? JSON.stringify(first.received) : undefined,
    expected: first?.expected,
    likelyFix: rename,
    hints: report.issues.map((i) => `${i.field}: ${i.problem}. Fix: ${i.fix}`)
  })
}

/** Effect's empty Struct accepts any object; a tool without parameters still names the fields it would ignore. */
const fieldsOfEmptyInput = (ast: AST, sent: unknown): SchemaIssue.Issue | undefined => {
  const node = unwrap(ast)
  if (!SchemaAST.isObjects(node) || node.propertySignatures.length > 0 || node.indexSignatures.length > 0) return undefined
  if (typeof sent !== "object" || sent === null || Array.isArray(sent)) return undefined
  const [first, ...others] = Object.entries(sent).map(([key, value]) => new SchemaIssue.Pointer([key], new SchemaIssue.UnexpectedKey(node, value)))
  return first ? new SchemaIssue.Composite(node, [first, ...others]) : undefined
}

interface Decoder {
  readonly decode: (input: unknown) => Effect.Effect<unknown, Schema.SchemaError>
  readonly ast: AST
}

/** Built once per tool: a decoder and the encoded AST the reports walk. */
const decoders = new WeakMap<AnyTool, Decoder>()
const decoderOf = (tool: AnyTool): Decoder => {
  let known = decoders.get(tool)
  if (!known) {
    const decode = Schema.decodeUnknownEffect(tool.input as Schema.Codec<unknown, unknown>)
    known = { decode: (input) => decode(input, options), ast: encodedAst(tool.input) }
    decoders.set(tool, known)
  }
  return known
}

/** Decodes `args` for `tool`, coercing only after a failed first attempt. */
export const decodeArguments = <I>(tool: AnyTool, args: unknown): Effect.Effect<Decoded<I>, InvalidArguments> => {
  const { decode, ast } = decoderOf(tool)
  const sent = args ?? {}
  // size limits first: nothing below may walk, parse or compare an oversized value
  const violation = checkLimits(sent)
  if (violation) {
    const report = limitReport({ name: tool.name, description: tool.description, ast }, violation)
    return Effect.fail({ failure: invalidInputOf(tool, report), report })
  }
  const ignored = fieldsOfEmptyInput(ast, sent)
  if (ignored) {
    const report = buildReport({ name: tool.name, description: tool.description, ast }, sent, ignored)
    return Effect.fail({ failure: invalidInputOf(tool, report), report })
  }
  // the common case: the arguments decode as sent
  return decode(sent).pipe(
    Effect.map((input): Decoded<I> => ({ input: input as I, coercions: [] })),
    Effect.catch((error) => repair<I>(tool, decode, ast, sent, error.issue))
  )
}

/** Arguments that did not decode as sent: coerced and decoded again, else the report of what the agent sent. */
const repair = <I>(tool: AnyTool, decode: Decoder["decode"], ast: AST, sent: unknown, issue: SchemaIssue.Issue): Effect.Effect<Decoded<I>, InvalidArguments> =>
  Effect.gen(function* () {
    const coerced = coerce(ast, sent)
    if (coerced.coercions.length > 0) {
      const second = yield* Effect.result(decode(coerced.value))
      if (second._tag === "Success") return { input: second.success as I, coercions: coerced.coercions }
    }
    // the report describes what the agent sent, so every problem it made is named
    const report = buildReport({ name: tool.name, description: tool.description, ast }, sent, issue)
    return yield* Effect.fail({ failure: invalidInputOf(tool, report), report })
  })
