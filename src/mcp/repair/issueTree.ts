/**
 * A Schema decoding failure flattened into field-level problems, each with its path, a kind that
 * decides how it is fixed (missing, unknown field, wrong type, broken constraint, not one of the
 * choices) and Effect's own message for it.
 */
import { SchemaIssue } from "effect"
import { choicesOf } from "./schemaShape.ts"

export interface RawIssue {
  readonly path: ReadonlyArray<PropertyKey>
  readonly kind: "missing" | "unknown_field" | "type" | "constraint" | "choice" | "other"
  readonly message: string
}

const leaf = (issue: SchemaIssue.Leaf, path: ReadonlyArray<PropertyKey>): RawIssue => {
  const message = SchemaIssue.defaultLeafHook(issue)
  switch (issue._tag) {
    case "MissingKey":
      return { path, kind: "missing", message }
    case "UnexpectedKey":
      return { path, kind: "unknown_field", message }
    case "InvalidType":
      return { path, kind: choicesOf(issue.ast) ? "choice" : "type", message }
    case "InvalidValue":
      return { path, kind: "constraint", message }
    default:
      return { path, kind: "other", message }
  }
}

/** Every field-level problem of `issue`, in the order decoding found them. */
export const fieldIssues = (issue: SchemaIssue.Issue, path: ReadonlyArray<PropertyKey> = []): Array<RawIssue> => {
  switch (issue._tag) {
    case "Pointer":
      return fieldIssues(issue.issue, [...path, ...issue.path])
    case "Encoding":
      return fieldIssues(issue.issue, path)
    case "Composite":
      return issue.issues.flatMap((i) => fieldIssues(i, path))
    case "Filter": {
      if (issue.issue._tag !== "InvalidValue") return fieldIssues(issue.issue, path)
      const expected = issue.filter.annotations?.expected
      const message = SchemaIssue.defaultCheckHook(issue) ?? (typeof expected === "string" ? `Expected ${expected}` : "Invalid value")
      return [{ path, kind: "constraint", message }]
    }
    case "AnyOf": {
      if (issue.issues.length > 0) return issue.issues.flatMap((i) => fieldIssues(i, path))
      const choices = choicesOf(issue.ast)
      const message = SchemaIssue.makeFormatterStandardSchemaV1()(issue).issues[0]?.message ?? "Invalid value"
      return [{ path, kind: choices ? "choice" : "type", message }]
    }
    default:
      return [leaf(issue, path)]
  }
}
