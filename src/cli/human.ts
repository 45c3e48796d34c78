/**
 * The commands a person runs by hand, on the engine (not through the MCP pipeline): convert, check,
 * units, constant, formula, compute. Answers go to stdout as text (or the structured result with
 * --json), a failure to stderr with the same suggestions the MCP tools give (the one ToolError of
 * mcp/repair/failures.ts), exit code 1; a command line that does not fit is one sentence and the
 * usage line, exit code 2.
 */
import * as Effect from "effect/Effect"
import * as Compute from "../engine/conversion/compute.ts"
import { convertWithLists, isUnitList, partsText } from "../engine/conversion/parts.ts"
import { readQuantity, type WrittenQuantity } from "../engine/conversion/quantityText.ts"
import { equivalences, type Equivalence } from "../engine/conversion/StatedRelation.ts"
import { checkDimensions } from "../engine/conversion/convert.ts"
import { isEngineError } from "../engine/errors.ts"
import type { Catalog } from "../engine/units/Catalog.ts"
import { describeFailure, type ToolError } from "../mcp/repair/failures.ts"
import { builtinCatalog } from "../services/builtinCatalog.ts"
import { type CommandSpec, type FlagSpec, type Parsed, parseArgs } from "./args.ts"

type Notation = "conventional" | "ucum" | "ucum_ci"

const boolean: FlagSpec = { kind: "boolean" }
const common = { json: boolean, ucum: boolean, "ucum-ci": boolean } as const
const digits: FlagSpec = { kind: "count", min: 1, max: 17 }

export { builtinCatalog }

const notationOf = (flags: Parsed["flags"]): Notation => (flags["ucum-ci"] ? "ucum_ci" : flags.ucum ? "ucum" : "conventional")

/** `value` to `digits` significant digits, written as JavaScript writes numbers (3.107, 120000, 1e-9). */
export const withDigits = (value: number, digits: unknown): string => (typeof digits === "number" ? String(Number(value.toPrecision(digits))) : String(value))

/** A failure as text: the message, the fix to apply, the readings, the hints. */
export const errorText = (e: ToolError): string =>
  [
    `error (${e.error_type}): ${e.error}`,
    ...(e.likely_fix ? [`  did you mean: ${e.likely_fix}`] : []),
    ...(e.readings ?? []).map((r) => `  reading: ${r.meaning}${r.value === null ? "" : ` → ${r.value}`}`),
    ...(e.hints ?? []).map((h) => `  hint: ${h}`)
  ].join("\n")

/** What a command printed, and its exit code. */
export interface Outcome {
  readonly stdout: string
  readonly stderr: string
  readonly code: 0 | 1 | 2
}

const ok = (stdout: string): Outcome => ({ stdout, stderr: "", code: 0 })
const failed = (error: Parameters<typeof describeFailure>[0], json: boolean): Outcome => {
  const e = describeFailure(error)
  return json ? { stdout: JSON.stringify(e, null, 2), stderr: "", code: 1 } : { stdout: "", stderr: errorText(e), code: 1 }
}
const noted = (head: string, notes: ReadonlyArray<string>): string => [head, ...notes.map((n) => `  note: ${n}`)].join("\n")

const convertSpec: CommandSpec = {
  name: "convert",
  usage: "dimensional convert <value> <from> <to> | <quantity> <to> [--digits N] [--json] [--ucum|--ucum-ci] [--substance S] …",
  help: [
    "Convert a value between units: dimensional convert 5 km mi; dimensional convert '5 ft + 11 in' cm",
    "A target may be a unit list, as GNU units writes it: dimensional convert 1.8 m 'ft;in' → 5 ft 10.866142 in",
    "  --digits N                 significant digits of the result (1-17), as GNU units' -d",
    "  --json                     the structured result instead of text",
    "  --ucum, --ucum-ci          units written in UCUM, or in its case-insensitive form (MG/DL)",
    "  --substance S, --molar-mass Q   mass ↔ amount (mg/dL ↔ mmol/L): glucose, or '180.156 g/mol'",
    "  --equivalence E            spectral, thermal or mass_energy",
    "  --atmospheric-pressure Q   gauge ↔ absolute pressure, e.g. '1 atm'"
  ],
  positionals: [2, 3],
  flags: {
    ...common,
    digits,
    substance: { kind: "string", metavar: "NAME" },
    "molar-mass": { kind: "string", metavar: "QUANTITY" },
    equivalence: { kind: "string", metavar: "NAME", choices: equivalences },
    "atmospheric-pressure": { kind: "string", metavar: "QUANTITY" }
  }
}

/** convert: three arguments (a number, or numbers joined by ';' for a unit list) or a written quantity and a target. */
const convert = (catalog: Catalog, args: Parsed): Outcome | { readonly mistake: string } => {
  const { positionals: p, flags } = args
  const notation = notationOf(flags)
  let value: number | ReadonlyArray<number>
  let from: string
  let to: string
  let read: ReadonlyArray<string> = []
  if (p.length === 3) {
    const numbers = p[0]!.split(";").map((n) => (n.trim() === "" ? Number.NaN : Number(n)))
    if (numbers.some((n) => !Number.isFinite(n))) return { mistake: `'${p[0]}' is not a number: convert <value> <from> <to>, or convert '<quantity>' <to>` }
    value = numbers.length === 1 ? numbers[0]! : numbers
    from = p[1]!
    to = p[2]!
  } else {
    const quantity = readQuantity(catalog, p[0]!, notation)
    if (isEngineError(quantity)) return failed(quantity, flags.json === true)
    if (quantity.unit === "1" && /^[\s\d.eE+-]+$/.test(p[0]!))
      return { mistake: `'${p[0]}' has no unit: convert ${p[0]} <from> <to>, or convert '${p[0]} <unit>' ${p[1]}` }
    value = quantity.value
    from = quantity.unit
    to = p[1]!
    read = quantity.notes
  }
  const stated = {
    substance: flags.substance as string | undefined,
    molarMass: flags["molar-mass"] as string | undefined,
    equivalence: flags.equivalence as Equivalence | undefined,
    atmosphere: flags["atmospheric-pressure"] as string | undefined
  }
  const r = convertWithLists(catalog, value, from, to, notation, stated)
  if (isEngineError(r)) return failed(r, flags.json === true)
  if (flags.json) return ok(JSON.stringify(r, null, 2))
  const head = r.parts
    ? partsText(r.parts.map((x, i) => (i === r.parts!.length - 1 ? { ...x, quantity: Number(withDigits(x.quantity, flags.digits)) } : x)))
    : `${withDigits(r.quantity, flags.digits)} ${isUnitList(to) ? r.unit : to}`
  return ok(noted(head, [...new Set([...read, ...r.notes])]))
}

const checkSpec: CommandSpec = {
  name: "check",
  usage: "dimensional check <unit-a> <unit-b> [--json] [--ucum|--ucum-ci]",
  help: ["Whether two units convert into each other: dimensional check kg lb"],
  positionals: [2, 2],
  flags: common
}

const check = (catalog: Catalog, { positionals: [a, b], flags }: Parsed): Outcome => {
  const r = Effect.runSync(Effect.result(checkDimensions(catalog, a!, b!, notationOf(flags))))
  if (r._tag === "Failure") return failed(r.failure, flags.json === true)
  const d = r.success
  if (flags.json) return ok(JSON.stringify(d, null, 2))
  return ok(d.compatible ? `compatible: both are ${d.dimensionA}` : `not compatible: ${d.dimensionA} vs ${d.dimensionB}${d.reason ? `\n  ${d.reason}` : ""}`)
}

const computeSpec: CommandSpec = {
  name: "compute",
  usage: "dimensional compute <quantity> [<factor>…] [--to UNIT] [--digits N] [--json]",
  help: [
    "A factor-label chain, units cancelling step by step:",
    "  dimensional compute '1000 mL' '15 gtt/mL' '1/(480 min)' --to gtt/min   → 31.25 gtt/min",
    "Each factor is a number and a unit (15 gtt/mL); --to converts the result (a unit list gives parts)."
  ],
  positionals: [1, 64],
  flags: { ...common, digits, to: { kind: "string", metavar: "UNIT" } }
}

const compute = (catalog: Catalog, { positionals, flags }: Parsed): Outcome => {
  const notation = notationOf(flags)
  const quantities: Array<WrittenQuantity> = []
  for (const text of positionals) {
    const q = readQuantity(catalog, text, notation)
    if (isEngineError(q)) return failed(q, flags.json === true)
    quantities.push(q)
  }
  const [initial, ...factors] = quantities
  const chain = factors.map((f) => ({ value: f.value, numerator: f.unit, denominator: "1" }))
  const r = Effect.runSync(Effect.result(Compute.compute(catalog, initial!.value, initial!.unit, chain, flags.to as string | undefined, notation)))
  if (r._tag === "Failure") return failed(r.failure, flags.json === true)
  const d = r.success
  if (flags.json) return ok(JSON.stringify(d, null, 2))
  const converted = d.converted
  const head = converted?.parts
    ? partsText(converted.parts)
    : converted
      ? `${withDigits(converted.quantity, flags.digits)} ${converted.unit}`
      : `${withDigits(d.quantity, flags.digits)} ${d.unit}`
  return ok(noted(head, [...d.warnings.map((w) => `warning: ${w}`), ...d.notes]))
}

export const specs: ReadonlyArray<CommandSpec> = [convertSpec, checkSpec, computeSpec]

type Handler = (catalog: Catalog, args: Parsed) => Outcome | { readonly mistake: string }
const handlers: Readonly<Record<string, Handler>> = { convert, check, compute }

/** Runs one of this module's commands on its arguments: the outcome, or the one-line mistake. */
export const runHuman = (spec: CommandSpec, argv: ReadonlyArray<string>, catalog: Catalog = builtinCatalog()): Outcome => {
  const args = parseArgs(spec, argv)
  if ("mistake" in args) return mistake(spec, args.mistake)
  if (args.help) return ok([spec.usage.replace(/^dimensional/, "usage: dimensional"), ...spec.help].join("\n"))
  const outcome = handlers[spec.name]!(catalog, args)
  return "mistake" in outcome ? mistake(spec, outcome.mistake) : outcome
}

/** A command line that does not fit: what is wrong, and how the command is written. */
export const mistake = (spec: CommandSpec | undefined, what: string): Outcome => ({
  stdout: "",
  stderr: [
    `dimensional: ${what}`,
    `usage: ${spec?.usage.replace(/^dimensional /, "dimensional ") ?? "dimensional <command> … (dimensional --help lists them)"}`
  ].join("\n"),
  code: 2
})
