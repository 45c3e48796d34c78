/**
 * What the worksheet shows, read from a tool call: its arguments (ui/notifications/tool-input) and
 * its result (ui/notifications/tool-result) as the server sent them. Nothing here computes a value:
 * every number is the server's; the worksheet only lays the work out.
 */
import { cancel } from "./cancel.ts"
import { convertSheet } from "./conversion.ts"
import { type Json, type Refused, type Row, type Worked, type Worksheet, isObject, numberOr, strings } from "./sheet.ts"
import { statedRelations } from "./words.ts"

export type { Outcome, Refused, Row, Worked, Worksheet } from "./sheet.ts"

/**
 * The arguments a conversion of the result to another unit carries on: what states a relation,
 * where definitions live, and the notation (compute writes its result unit in the call's: UCUM
 * codes in UCUM notation).
 */
const carried = [
  "notation",
  "molar_mass",
  "substance",
  "equivalence",
  "atmospheric_pressure",
  "valence",
  "particles",
  "custom_units",
  "custom_edges",
  "workspace"
]
const carriedFrom = (args: Json): Json => Object.fromEntries(carried.filter((k) => args[k] !== undefined).map((k) => [k, args[k]]))

/** A compute step's factor as the server writes it, `× (250 mL / 400 mg)`, when the arguments are not at hand. */
const factorText = /^\u00d7 \((\S+) (.+?) \/ (.+)\)$/u

const computeSheet = (args: Json, result: Json): Worked | undefined => {
  const steps = Array.isArray(result.steps) ? result.steps.filter(isObject) : []
  if (steps.length === 0 || typeof result.quantity !== "number") return undefined
  const given = Array.isArray(args.factors) ? args.factors.filter(isObject) : undefined
  const factors = steps.slice(1).map((step, i) => {
    const arg = given?.[i]
    if (arg && typeof arg.numerator === "string" && typeof arg.denominator === "string")
      return { value: numberOr(arg.value, 1), numerator: arg.numerator, denominator: arg.denominator }
    const m = factorText.exec(String(step.factor))
    return { value: Number(m?.[1] ?? Number.NaN), numerator: m?.[2] ?? "?", denominator: m?.[3] ?? "?" }
  })
  const initialUnit = typeof args.initial_unit === "string" ? args.initial_unit : String(steps[0]!.factor).replace(/^\S+ /, "")
  const initialValue = numberOr(args.initial_value, Number(String(steps[0]!.factor).split(" ")[0]))
  const ucum = args.notation === "ucum" || args.notation === "ucum_ci"
  const chain = cancel(
    initialUnit,
    factors,
    steps.map((s) => String(s.unit)),
    ucum
  )
  const rows: Array<Row> = factors.map((f, i) => ({
    kind: "factor",
    value: f.value,
    below: undefined,
    index: i,
    after: { quantity: Number(steps[i + 1]!.quantity), unit: String(steps[i + 1]!.unit) }
  }))
  const converted = isObject(result.converted) ? result.converted : undefined
  const last = { quantity: result.quantity, unit: String(result.unit) }
  if (converted && String(converted.unit) !== last.unit)
    rows.push({
      kind: "words",
      text: `Converted to the expected unit, ${String(converted.unit)}`,
      after: { quantity: Number(converted.quantity), unit: String(converted.unit) }
    })
  const shown = converted ? { quantity: Number(converted.quantity), unit: String(converted.unit) } : last
  return {
    kind: "worked",
    tool: "compute",
    title: "Factor-label computation",
    start: { value: initialValue, unit: initialUnit, read: { quantity: Number(steps[0]!.quantity), unit: String(steps[0]!.unit) } },
    target: shown.unit,
    chain,
    rows,
    outcome: {
      ...shown,
      dimension: typeof result.dimension === "string" ? result.dimension : undefined,
      uncertainty: null,
      ucum: converted ? null : ((result.ucum as string | null) ?? null)
    },
    relations: statedRelations(args),
    notes: strings(result.notes),
    warnings: strings(result.warnings),
    reconvert: { value: shown.quantity, from_unit: shown.unit, ...carriedFrom(args) }
  }
}

const formulaSheet = (args: Json, result: Json): Worked | undefined => {
  if (typeof result.quantity !== "number" || typeof result.formula !== "string") return undefined
  const outcome = {
    quantity: result.quantity,
    unit: String(result.unit),
    dimension: typeof result.dimension === "string" ? result.dimension : undefined,
    uncertainty: numberOr(result.uncertainty, null),
    ucum: null
  }
  return {
    kind: "worked",
    tool: "call_formula",
    title: "Formula",
    start: { formula: result.formula },
    target: outcome.unit,
    chain: undefined,
    rows: strings(result.steps).map((text) => ({ kind: "input", text })),
    outcome,
    relations: [],
    notes: strings(result.notes),
    warnings: strings(result.warnings),
    reconvert: { value: outcome.quantity, from_unit: outcome.unit, ...carriedFrom(args) }
  }
}

const asked = (args: Json): string | undefined => {
  if (typeof args.from_unit === "string" && typeof args.to_unit === "string") return `${String(args.value)} ${args.from_unit} \u2192 ${args.to_unit}`
  if (typeof args.initial_unit === "string")
    return `${String(args.initial_value)} ${args.initial_unit} through ${Array.isArray(args.factors) ? args.factors.length : 0} factors`
  if (typeof args.name === "string") return `the formula ${args.name}`
  return undefined
}

const refusal = (args: Json, error: Json): Refused => ({
  kind: "refused",
  asked: asked(args),
  type: String(error.error_type ?? "error"),
  error: String(error.error ?? "The call was refused"),
  parameter: typeof error.parameter === "string" ? error.parameter : null,
  step: numberOr(error.step, null),
  readings: (Array.isArray(error.readings) ? error.readings.filter(isObject) : []).map((r) => ({
    meaning: String(r.meaning),
    value: numberOr(r.value, null),
    unit: String(r.unit)
  })),
  readingUnit: typeof args.to_unit === "string" ? args.to_unit : typeof args.expected_unit === "string" ? args.expected_unit : undefined,
  likelyFix: typeof error.likely_fix === "string" ? error.likely_fix : null,
  hints: strings(error.hints)
})

/** The result's structured content, or else the JSON its first text block carries (a host may pass only content). */
const structured = (result: Json): Json | undefined => {
  if (isObject(result.structuredContent)) return result.structuredContent
  const text = Array.isArray(result.content) ? result.content.find((b) => isObject(b) && b.type === "text") : undefined
  try {
    const parsed: unknown = JSON.parse(String((text as Json | undefined)?.text))
    return isObject(parsed) ? parsed : undefined
  } catch {
    return undefined
  }
}

/** The worksheet for one call: `tool` is the host's toolInfo name when it gave one, else read from the shapes. */
export const worksheetOf = (args: Json, result: Json, tool?: string): Worksheet => {
  const data = structured(result)
  if (!data) return { kind: "unknown", text: "The result carries no structured content to lay out." }
  if (result.isError === true || typeof data.error_type === "string") return refusal(args, data)
  const name = tool ?? (Array.isArray(data.steps) && "converted" in data ? "compute" : typeof data.formula === "string" ? "call_formula" : "convert")
  const sheet = name === "compute" ? computeSheet(args, data) : name === "call_formula" ? formulaSheet(args, data) : convertSheet(args, data)
  return sheet ?? { kind: "unknown", text: `This ${name} result has a shape the worksheet does not know.` }
}
