/**
 * The readable companion of a structured result: the validation report as an agent reads it,
 * every correction the server applied, and what the retry executor did. It travels as a second
 * text block, so the first block stays the JSON that ucon-style clients parse.
 */
import type { Correction } from "./repair/Corrector.ts"
import type { ValidationReport } from "./repair/validationReport.ts"

const show = (value: unknown): string => (value === undefined ? "(omitted)" : JSON.stringify(value))

/** The report in the shape of seed 003's readable error: issues, schema, suggestions, example. */
export const reportText = (report: ValidationReport): string => {
  const issues = report.issues.map((i, n) =>
    [
      `${n + 1}. ${i.field}: ${i.problem}`,
      ...(i.received !== undefined ? [`   received: ${show(i.received)}`] : []),
      `   expected: ${i.expected}`,
      `   fix: ${i.fix}`
    ].join("\n")
  )
  const properties = Object.entries(report.schema.properties).map(([name, p]) => {
    const details = [p.description, p.constraints?.length ? `constraints: ${p.constraints.join("; ")}` : undefined, `example: ${show(p.example)}`]
    return `- ${name} (${p.type}, ${p.required ? "required" : "optional"}): ${details.filter((d) => d !== undefined).join(". ")}`
  })
  return [
    report.summary,
    "",
    "Issues:",
    ...issues,
    "",
    `Schema of ${report.schema.tool} (required: ${report.schema.required.join(", ") || "none"}):`,
    ...properties,
    "",
    "Suggestions:",
    ...report.suggestions.map((s) => `- [${s.category}] ${s.suggestion}`),
    "",
    "Valid example (send it as it is, or change only its values):",
    JSON.stringify(report.validExample)
  ].join("\n")
}

/** One line per correction: where, from what, to what, and why. */
export const correctionsText = (corrections: ReadonlyArray<Correction>, heading: string): string =>
  [heading, ...corrections.map((c) => `- ${c.parameter}: ${show(c.from)} → ${show(c.to)} (${c.source}: ${c.note})`)].join("\n")
