/**
 * convert's worksheet: the start as written (a unit list, [5, 11] ft;in, as 5 ft 11 in), the one
 * factor as a fraction whose units below the line cancel the start's, or in words how the value
 * moved when no one factor moves it; the answer in parts where a unit list was asked for.
 */
import { cancel } from "./cancel.ts"
import { type Json, type Quantity, type Row, type Worked, inParts, isObject, numberOr, strings } from "./sheet.ts"
import { conversionWords, plain, statedRelations } from "./words.ts"

const conversionKinds: Readonly<Record<string, string>> = {
  affine: "A temperature point: scale and offset",
  reciprocal: "The reciprocal, 1/x: the dimensions are inverses",
  logarithmic: "Through the logarithm: a level"
}
export const conversionKind = (kind: string) => conversionKinds[kind] ?? `A ${kind} conversion`

/** A unit list as written, largest first: "ft;in" is ft and in. */
const unitList = (text: string) =>
  text
    .split(";")
    .map((u) => u.trim())
    .filter((u) => u !== "")

const numbers = (u: unknown): Array<number> =>
  typeof u === "number" ? [u] : Array.isArray(u) ? u.filter((v): v is number => typeof v === "number" && Number.isFinite(v)) : []

const partsOf = (u: unknown): Array<Quantity> | undefined =>
  Array.isArray(u) ? u.filter(isObject).map((p) => ({ quantity: Number(p.quantity), unit: String(p.unit) })) : undefined

export const convertSheet = (args: Json, result: Json): Worked | undefined => {
  const values = numbers(args.value)
  if (typeof result.quantity !== "number" || typeof args.from_unit !== "string" || values.length === 0) return undefined
  const fromUnits = unitList(args.from_unit)
  const list = values.length > 1 || fromUnits.length > 1
  const written = list
    ? inParts(
        values.map((quantity, i) => ({ quantity, unit: fromUnits[i] ?? "" })),
        plain
      )
    : undefined
  const unit = String(result.unit)
  const factor = numberOr(result.factor, null)
  const linear = result.conversion === "linear" && factor !== null
  const ucum = args.notation === "ucum" || args.notation === "ucum_ci"
  // a unit list has no one unit to strike: its parts are taken together in the first unit
  const chain = linear && !list ? cancel(args.from_unit, [{ numerator: unit, denominator: args.from_unit }], [args.from_unit, unit], ucum) : undefined
  const after = { quantity: result.quantity, unit }
  const rows: Array<Row> = chain
    ? [{ kind: "factor", value: factor!, below: /^\d/.test(args.from_unit) ? undefined : 1, index: 0, after }]
    : linear
      ? [{ kind: "words", text: `The parts taken as one quantity in ${fromUnits[0]}, \u00d7 ${plain(factor!)} ${unit} per ${fromUnits[0]}`, after }]
      : [{ kind: "words", text: conversionKind(String(result.conversion)), after }]
  const parts = partsOf(result.parts)
  if (parts && parts.length > 0) rows.push({ kind: "words", text: `In parts, largest first: ${inParts(parts, plain)}`, after: undefined })
  const { to_unit: target, ...again } = args
  return {
    kind: "worked",
    tool: "convert",
    title: "Conversion",
    start: { value: values[0]!, unit: args.from_unit, ...(written === undefined ? {} : { written }), read: { quantity: values[0]!, unit: args.from_unit } },
    target: typeof target === "string" ? target : unit,
    chain,
    rows,
    outcome: {
      quantity: result.quantity,
      unit,
      ...(parts && parts.length > 0 ? { parts } : {}),
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
