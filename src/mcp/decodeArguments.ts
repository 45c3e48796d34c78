/**
 * Decoding a tool's arguments with its input Schema. Every problem is collected (not just the
 * first) and becomes one `invalid_input` failure naming each bad field.
 */
import { Effect, Schema, SchemaIssue } from "effect"
import { InvalidInput } from "../engine/errors.ts"

export interface FieldIssue {
  readonly path: string
  readonly message: string
}

const formatter = SchemaIssue.makeFormatterStandardSchemaV1()

const pathText = (path: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }> | undefined): string =>
  (path ?? []).map((p) => String(typeof p === "object" && p !== null ? p.key : p)).reduce((acc, k) => (/^\d+$/.test(k) ? `${acc}[${k}]` : acc ? `${acc}.${k}` : k), "")

/** The field-level issues of a decoding failure. */
export const fieldIssues = (issue: SchemaIssue.Issue): Array<FieldIssue> =>
  formatter(issue).issues.map((i) => ({ path: pathText(i.path as never), message: i.message }))

export const decodeArguments = <I>(schema: Schema.Codec<I, unknown>, args: unknown): Effect.Effect<I, InvalidInput> =>
  Schema.decodeUnknownEffect(schema)(args ?? {}, { errors: "all", onExcessProperty: "error" }).pipe(
    Effect.mapError((error) => {
      const issues = fieldIssues(error.issue)
      const first = issues[0]
      return new InvalidInput({
        message: `Invalid arguments: ${issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join("; ")}`,
        parameter: first?.path || undefined,
        hints: issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message))
      })
    })
  ) as Effect.Effect<I, InvalidInput>
