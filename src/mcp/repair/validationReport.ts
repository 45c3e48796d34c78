/**
 * An `invalid_input` failure an agent can fix on its own (seed 003's contract, built from our
 * Schemas): a summary; for each problem the field, the problem, the value received, what was
 * expected and a concrete fix; the tool's schema in brief; categorized suggestions; and a
 * `validExample` generated from the tool's Schema. Unknown fields are named with the closest real
 * field when one is near (`form_unit` → `from_unit`).
 */
import { closestNames } from "../../engine/similarity.ts"
import { type SchemaIssue, SchemaAST } from "effect"
import * as ArgumentPath from "./ArgumentPath.ts"
import { closestField, holds, intendedField, intendedFields } from "./intendedFields.ts"
import type { ArgumentIssue } from "./Corrector.ts"
import { commaReadings, splitQuantity } from "./coercion.ts"
import { fieldIssues, type RawIssue } from "./issueTree.ts"
import { type AST, atPath, choicesOf, constraintsOf, descriptionOf, fieldsOf, presentMembers, typeName, unwrap } from "./schemaShape.ts"
import { exampleValue, validExample } from "./validExample.ts"

export interface ReportIssue {
  readonly field: string
  readonly problem: string
  readonly received?: unknown
  readonly expected: string
  readonly fix: string
  readonly closest_field?: string
}

export interface PropertyBrief {
  readonly type: string
  readonly required: boolean
  readonly description?: string
  readonly constraints?: ReadonlyArray<string>
  readonly choices?: ReadonlyArray<unknown>
  readonly fields?: Readonly<Record<string, string>>
  readonly example?: unknown
}

export interface SchemaBrief {
  readonly tool: string
  readonly description: string
  readonly required: ReadonlyArray<string>
  readonly properties: Readonly<Record<string, PropertyBrief>>
}

export interface Suggestion {
  readonly category: "missing_fields" | "unknown_fields" | "types" | "constraints" | "choices" | "general"
  readonly suggestion: string
}

export interface ValidationReport {
  readonly summary: string
  readonly issues: ReadonlyArray<ReportIssue>
  readonly schema: SchemaBrief
  readonly suggestions: ReadonlyArray<Suggestion>
  readonly validExample: Record<string, unknown>
  /** The same issues in the Corrector's terms. */
  readonly argumentIssues: ReadonlyArray<ArgumentIssue>
  /** Over a size limit: never handed to a corrector (nor echoed to the client's model). */
  readonly oversized?: true
}

export interface ToolInput {
  readonly name: string
  readonly description: string
  readonly ast: AST
}

const show = (value: unknown): string => (value === undefined ? "nothing" : JSON.stringify(value))

/** The unit field next to a number field, where the unit of a quantity like "5 km" belongs. */
const unitSibling = (input: AST, path: ReadonlyArray<PropertyKey>): string | undefined => {
  const name = String(path[path.length - 1] ?? "")
  const parent = atPath(input, path.slice(0, -1))
  const units = parent
    ? fieldsOf(parent)
        .map((f) => f.name)
        .filter((n) => n.includes("unit"))
    : []
  return units.find((n) => n === name.replace("value", "unit")) ?? units[0]
}

/** The unit field a quantity string is split into, so a correction may fill it. */
const relatedFields = (input: AST, raw: RawIssue | undefined, received: unknown): ReadonlyArray<string> => {
  if (raw?.kind !== "type" || typeof received !== "string" || splitQuantity(received) === undefined) return []
  const sibling = unitSibling(input, raw.path)
  return sibling ? [ArgumentPath.format([...raw.path.slice(0, -1), sibling])] : []
}

const typeFix = (input: AST, raw: RawIssue, expectedAst: AST | undefined, received: unknown, example: unknown): string => {
  const expected = expectedAst ? typeName(expectedAst) : "a different type"
  if (typeof received === "string" && (expected === "number" || expected === "integer")) {
    const comma = commaReadings(received)
    if (comma) {
      const sibling = unitSibling(input, raw.path)
      const unit = comma.unit && sibling ? `, and put "${comma.unit}" in "${ArgumentPath.format([...raw.path.slice(0, -1), sibling])}"` : ""
      const [first, second] = comma.readings
      return second === undefined
        ? `Send ${first} as a JSON number${unit}`
        : `"${received}" has a comma: send ${first} if it separates thousands, or ${second} if it is a decimal comma, as a JSON number${unit}`
    }
    const quantity = splitQuantity(received)
    if (quantity) {
      const sibling = unitSibling(input, raw.path)
      const where = sibling
        ? `put "${quantity.unit}" in "${ArgumentPath.format([...raw.path.slice(0, -1), sibling])}"`
        : `give the unit "${quantity.unit}" separately`
      return `Split the quantity: send ${quantity.value} as a JSON number and ${where}`
    }
    return `Send a JSON number such as ${show(example)}; "${received}" is not a number`
  }
  const article = /^[aeiou]/u.test(expected) ? "an" : "a"
  return `Send ${expected.includes("|") ? "one of" : article} ${expected} such as ${show(example)}`
}

/**
 * A field that takes a value or a list of them (convert's value: 5, or [5, 11] for ft;in) is
 * reported by the member the value sent resembles: a string that should be a number is told about
 * numbers, not arrays.
 */
const narrowed = (ast: AST | undefined, received: unknown): AST | undefined => {
  const node = ast === undefined ? undefined : unwrap(ast)
  if (node === undefined || !SchemaAST.isUnion(node)) return ast
  const members = presentMembers(node)
  const lists = members.filter((m) => SchemaAST.isArrays(unwrap(m)))
  if (lists.length === 0 || lists.length === members.length) return ast
  return members.find((m) => lists.includes(m) === Array.isArray(received)) ?? ast
}

const describeIssue = (tool: ToolInput, args: unknown, raw: RawIssue, intended: ReadonlyMap<string, string>): ReportIssue => {
  const field = ArgumentPath.format(raw.path) || "(arguments)"
  const received = ArgumentPath.get(args, raw.path as ReadonlyArray<string | number>)
  const declared = atPath(tool.ast, raw.path)
  const expectedAst = narrowed(declared, received)
  // the field's own example where it is of the member reported (convert's value: 5)
  const declaredExample = declared ? exampleValue(declared) : undefined
  const example =
    expectedAst && Array.isArray(declaredExample) === Array.isArray(received) ? declaredExample : expectedAst ? exampleValue(expectedAst) : undefined
  const constraints = expectedAst ? constraintsOf(expectedAst) : []
  const expected = expectedAst ? `${typeName(expectedAst)}${constraints.length > 0 ? ` (${constraints.join(", ")})` : ""}` : "no such field"
  switch (raw.kind) {
    case "missing": {
      const misspelt = raw.path.length === 1 ? [...intended].find(([, field]) => field === raw.path[0])?.[0] : undefined
      const spelt = misspelt !== undefined && closestField(misspelt, [String(raw.path[0])]) !== undefined
      const also = misspelt ? ` (you sent "${misspelt}", which looks like ${spelt ? "a misspelling of it" : "a short name for it"})` : ""
      // the unit of a quantity sent whole in its number field ("value": "5 lb"), not the schema's example
      const parent = raw.path.slice(0, -1)
      const sent = ArgumentPath.get(args, parent as ReadonlyArray<string | number>)
      const written = fieldsOf(atPath(tool.ast, parent) ?? tool.ast).flatMap((f) => {
        const text = holds(sent, f.name) ? (sent as Record<string, unknown>)[f.name] : undefined
        const unit = typeof text === "string" ? (splitQuantity(text)?.unit ?? commaReadings(text)?.unit) : undefined
        return unit && unitSibling(tool.ast, [...parent, f.name]) === raw.path[raw.path.length - 1] ? [[f.name, unit] as const] : []
      })[0]
      if (written) return { field, problem: "Required field is missing", expected, fix: `Add "${field}": ${show(written[1])} (the unit in "${written[0]}")` }
      return { field, problem: "Required field is missing", expected, fix: `Add "${field}": ${show(example)}${also}` }
    }
    case "unknown_field": {
      const siblingFields = fieldsOf(atPath(tool.ast, raw.path.slice(0, -1)) ?? tool.ast)
      const siblings = siblingFields.map((f) => f.name)
      const name = String(raw.path[raw.path.length - 1])
      const near =
        raw.path.length === 1
          ? intended.get(name)
          : intendedField(name, siblingFields, ArgumentPath.get(args, raw.path.slice(0, -1) as ReadonlyArray<string | number>))
      // a word of several fields not sent (convert's `unit`): which one is the caller's to say
      const sent = ArgumentPath.get(args, raw.path.slice(0, -1) as ReadonlyArray<string | number>)
      const either = siblings.filter((f) => f.split("_").includes(name) && !holds(sent, f))
      const fix = near
        ? `Rename "${field}" to "${near}"`
        : either.length > 1
          ? `Rename "${field}" to the field it is: ${either.map((f) => `"${f}"`).join(" or ")}`
          : `Remove "${field}"; accepted fields: ${siblings.join(", ") || "none"}`
      return { field, problem: "Unknown field", received, expected: "no such field", fix, ...(near ? { closest_field: near } : {}) }
    }
    case "choice": {
      const choices = (expectedAst && choicesOf(expectedAst)) ?? []
      const strings = choices.filter((c): c is string => typeof c === "string")
      const near = typeof received === "string" && strings.length > 0 ? closestNames(received, strings, 1, 0)[0] : undefined
      const fix = `Use one of: ${choices.map((c) => JSON.stringify(c)).join(", ")}${near ? ` (closest to what you sent: "${near}")` : ""}`
      return { field, problem: raw.message, received, expected, fix }
    }
    case "constraint":
      return { field, problem: raw.message, received, expected, fix: `Provide ${constraints.join(" and ") || "a valid value"}, such as ${show(example)}` }
    case "type":
      return {
        field,
        problem: expectedAst && !SchemaAST.isUnion(unwrap(expectedAst)) ? `Expected ${typeName(expectedAst)}` : raw.message,
        received,
        expected,
        fix: typeFix(tool.ast, raw, expectedAst, received, example)
      }
    case "other":
      return { field, problem: raw.message, received, expected, fix: `Compare "${field}" with validExample` }
  }
}

const nestedFields = (ast: AST): Record<string, string> | undefined => {
  const node = atPath(ast, [0]) ?? ast
  const fields = fieldsOf(node)
  return fields.length > 0 ? Object.fromEntries(fields.map((f) => [f.name, `${typeName(f.type)}${f.optional ? " (optional)" : ""}`])) : undefined
}

/** The tool's input in brief: required fields; each property's type, description, constraints and example. */
export const schemaBrief = (tool: ToolInput): SchemaBrief => {
  const fields = fieldsOf(tool.ast)
  const properties = Object.fromEntries(
    fields.map((f) => {
      const description = descriptionOf(f.type)
      const constraints = constraintsOf(f.type)
      const choices = choicesOf(f.type)
      const nested = nestedFields(f.type)
      const brief: PropertyBrief = {
        type: typeName(f.type),
        required: !f.optional,
        ...(description ? { description } : {}),
        ...(constraints.length > 0 ? { constraints } : {}),
        ...(choices && choices.length > 1 ? { choices } : {}),
        ...(nested ? { fields: nested } : {}),
        example: exampleValue(f.type)
      }
      return [f.name, brief]
    })
  )
  return { tool: tool.name, description: tool.description, required: fields.filter((f) => !f.optional).map((f) => f.name), properties }
}

const suggestionsFor = (issues: ReadonlyArray<ReportIssue>, raws: ReadonlyArray<RawIssue>): Array<Suggestion> => {
  const of = (kind: RawIssue["kind"]) => issues.filter((_, i) => raws[i]?.kind === kind).map((i) => i.field)
  const out: Array<Suggestion> = []
  const missing = of("missing")
  const unknown = of("unknown_field")
  if (missing.length > 0) out.push({ category: "missing_fields", suggestion: `Add the missing required fields: ${missing.join(", ")}` })
  if (unknown.length > 0)
    out.push({
      category: "unknown_fields",
      suggestion: `Rename or remove the unknown fields: ${unknown.join(", ")} (field names are case-sensitive snake_case)`
    })
  if (of("type").length > 0)
    out.push({ category: "types", suggestion: 'Send numbers as JSON numbers and units as separate strings: a quantity such as "5 km" is two fields' })
  if (of("constraint").length > 0)
    out.push({
      category: "constraints",
      suggestion: "Keep values within the constraints listed in schema (empty strings are not allowed where a unit is expected)"
    })
  if (of("choice").length > 0) out.push({ category: "choices", suggestion: "Use only the values listed in schema.properties[...].choices" })
  out.push({ category: "general", suggestion: "Start from validExample, which this tool accepts as it is, and change only the values" })
  return out
}

/** The report for arguments that failed to decode with `issue`. */
export const buildReport = (tool: ToolInput, args: unknown, issue: SchemaIssue.Issue): ValidationReport => {
  const raws = fieldIssues(issue)
  const unknownNames = raws.filter((r) => r.kind === "unknown_field" && r.path.length === 1).map((r) => String(r.path[0]))
  const intended = intendedFields(unknownNames, fieldsOf(tool.ast), args)
  const issues = raws.map((r) => describeIssue(tool, args, r, intended))
  const fields = [...new Set(issues.map((i) => i.field))]
  return {
    summary: `Tool '${tool.name}' received invalid arguments: ${issues.length} problem${issues.length === 1 ? "" : "s"} (${fields.join(", ")}).`,
    issues,
    schema: schemaBrief(tool),
    suggestions: suggestionsFor(issues, raws),
    validExample: validExample(tool.ast),
    argumentIssues: issues.map((i, n) => ({
      field: i.field,
      kind: raws[n]?.kind ?? "other",
      problem: i.problem,
      closestField: i.closest_field,
      related: relatedFields(tool.ast, raws[n], i.received)
    }))
  }
}

/** The report for arguments over a size limit (limits.ts): what was too large, by how much, and a call that is not. */
export const limitReport = (
  tool: ToolInput,
  violation: { readonly field: string; readonly problem: string; readonly limit: number; readonly size: number }
): ValidationReport => {
  const issue: ReportIssue = {
    field: violation.field,
    problem: `too large: ${violation.problem}`,
    received: `(not echoed: size ${violation.size})`,
    expected: `at most ${violation.limit}`,
    fix: "Send a smaller value: no real unit, name or chain comes near this limit"
  }
  return {
    summary: `Tool '${tool.name}' received arguments over a size limit (${violation.field}).`,
    issues: [issue],
    schema: schemaBrief(tool),
    suggestions: [{ category: "constraints", suggestion: issue.fix }],
    validExample: validExample(tool.ast),
    argumentIssues: [{ field: violation.field, kind: "other", problem: issue.problem, closestField: undefined, related: [] }],
    oversized: true
  }
}
