/**
 * What the worksheet shows, read from a tool call: its arguments (ui/notifications/tool-input) and
 * its result (ui/notifications/tool-result) as the server sent them. Nothing here computes a value:
 * every number is the server's; the worksheet only lays the work out.
 */
import { type Chain, cancel } from "./cancel.ts"
import { conversionWords, statedRelations } from "./words.ts"

type Json = Readonly<Record<string, unknown>>

export interface Quantity {
  readonly quantity: number
  readonly unit: string
}

/** The result, shown large. */
export interface Outcome extends Quantity {
  readonly dimension: string | undefined
  readonly uncertainty: number | null
  readonly ucum: string | null
}

/** A row of the table: a factor (a fraction) or an operation said in words, and the value after it. */
export type Row =
  | {
      readonly kind: "factor"
      readonly value: number
      /** A number written below the line before the denominator (convert's "1 ft"). */
      readonly below: number | undefined
      readonly index: number
      readonly after: Quantity | undefined
    }
  | { readonly kind: "words"; readonly text: string; readonly after: Quantity }
  | { readonly kind: "input"; readonly text: string }

export interface Worked {
  readonly kind: "worked"
  readonly tool: "compute" | "convert" | "call_formula"
  readonly title: string
  /** The starting quantity as written (its unit is chain.start) and as the server read it, or the formula's name. */
  readonly start: { readonly value: number; readonly unit: string; readonly read: Quantity } | { readonly formula: string }
  readonly chain: Chain | undefined
  readonly rows: ReadonlyArray<Row>
  readonly outcome: Outcome
  readonly relations: ReadonlyArray<string>
  readonly notes: ReadonlyArray<string>
  readonly warnings: ReadonlyArray<string>
  /** What a conversion to another unit repeats: the tool's own arguments, or the result as a value. */
  readonly reconvert: Json
}

export interface Reading {
  readonly meaning: string
  readonly value: number | null
  readonly unit: string
}

export interface Refused {
  readonly kind: "refused"
  readonly asked: string | undefined
  readonly type: string
  readonly error: string
  readonly parameter: string | null
  readonly step: number | null
  readonly readings: ReadonlyArray<Reading>
  /** The unit the readings' values are in (convert's to_unit), when the call named one. */
  readonly readingUnit: string | undefined
  readonly likelyFix: string | null
  readonly hints: ReadonlyArray<string>
}

export type Worksheet = Worked | Refused | { readonly kind: "unknown"; readonly text: string }

const isObject = (u: unknown): u is Json => typeof u === "object" && u !== null && !Array.isArray(u)
const strings = (u: unknown): Array<string> => (Array.isArray(u) ? u.filter((s): s is string => typeof s === "string") : [])
const numberOr = <A>(u: unknown, otherwise: A): number | A => (typeof u === "number" && Number.isFinite(u) ? u : otherwise)

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

const convertSheet = (args: Json, result: Json): Worked | undefined => {
  if (typeof result.quantity !== "number" || typeof args.from_unit !== "string" || typeof args.value !== "number") return undefined
  const unit = String(result.unit)
  const factor = numberOr(result.factor, null)
  const linear = result.conversion === "linear" && factor !== null
  const ucum = args.notation === "ucum" || args.notation === "ucum_ci"
  const chain = linear ? cancel(args.from_unit, [{ numerator: unit, denominator: args.from_unit }], [args.from_unit, unit], ucum) : undefined
  const after = { quantity: result.quantity, unit }
  const rows: Array<Row> = linear
    ? [{ kind: "factor", value: factor, below: /^\d/.test(args.from_unit) ? undefined : 1, index: 0, after }]
    : [{ kind: "words", text: conversionKind(String(result.conversion)), after }]
  const { to_unit: _to, ...again } = args
  return {
    kind: "worked",
    tool: "convert",
    title: "Conversion",
    start: { value: args.value, unit: args.from_unit, read: { quantity: args.value, unit: args.from_unit } },
    chain,
    rows,
    outcome: {
      quantity: result.quantity,
      unit,
      dimension: typeof result.dimension === "string" ? result.dimension : undefined,
      uncertainty: numberOr(result.uncertainty, null),
      ucum: (result.ucum as string | null) ?? null
    },
    relations: statedRelations(args),
    // how the value moved when no one factor moves it, said first
    notes: [...(linear ? [] : [conversionWords[String(result.conversion)] ?? ""]).filter((n) => n !== ""), ...strings(result.notes)],
    warnings: [],
    reconvert: again
  }
}

const conversionKinds: Readonly<Record<string, string>> = {
  affine: "A temperature point: scale and offset",
  reciprocal: "The reciprocal, 1/x: the dimensions are inverses",
  logarithmic: "Through the logarithm: a level"
}
const conversionKind = (kind: string) => conversionKinds[kind] ?? `A ${kind} conversion`

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
