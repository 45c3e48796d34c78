/**
 * The browsing commands a person runs by hand: units, constant, formula. They answer from the same
 * handlers the list_* tools and call_formula run (paging, filters, the formula registry), called
 * directly with the services of one process, without the MCP pipeline; printed as text, or as the
 * structured result with --json. Failures and mistakes as in human.ts.
 */
import { Effect, Layer } from "effect"
import { isEngineError } from "../engine/errors.ts"
import * as Constants from "../engine/constants/Constants.ts"
import { readQuantity } from "../engine/conversion/quantityText.ts"
import { InMemoryServices } from "../layers.ts"
import { LogToStderr } from "../mcp/logging.ts"
import { FormulaRegistry } from "../services/FormulaRegistry.ts"
import { listConstants } from "../tools/list_constants.ts"
import { listFormulas } from "../tools/list_formulas.ts"
import { listUnits } from "../tools/list_units.ts"
import type { CommandSpec, FlagSpec, Parsed } from "./args.ts"
import { builtinCatalog, errorText, type Outcome, withDigits } from "./human.ts"
import { describeFailure } from "../mcp/repair/failures.ts"

const boolean: FlagSpec = { kind: "boolean" }
const limit: FlagSpec = { kind: "count", min: 1, max: 100 }
const text = (metavar: string): FlagSpec => ({ kind: "string", metavar })

/** The services one command needs, outside any MCP session. */
const services = InMemoryServices().pipe(Layer.provideMerge(LogToStderr))

const run = <A>(effect: Effect.Effect<A, unknown, Layer.Success<typeof services>>, json: boolean, show: (a: A) => string): Promise<Outcome> =>
  Effect.runPromise(
    Effect.result(effect).pipe(
      Effect.map((r): Outcome => {
        if (r._tag === "Success") return { stdout: json ? JSON.stringify(r.success, null, 2) : show(r.success), stderr: "", code: 0 }
        const e = describeFailure(r.failure as Parameters<typeof describeFailure>[0])
        return json ? { stdout: JSON.stringify(e, null, 2), stderr: "", code: 1 } : { stdout: "", stderr: errorText(e), code: 1 }
      }),
      Effect.provide(services)
    )
  )

/** A value as a shell reads it back: quoted when it holds anything but letters, digits and /._-. */
const quoted = (value: string) => (/^[\w/.-]+$/.test(value) ? value : `'${value.replaceAll("'", "'\\''")}'`)

/** The command line for the next page, as the footer prints it. */
const again = (command: string, flags: Parsed["flags"], names: ReadonlyArray<string>, next: string) =>
  [`dimensional ${command}`, ...names.flatMap((n) => (flags[n] === undefined ? [] : [`--${n} ${quoted(String(flags[n]))}`])), `--cursor ${next}`].join(" ")

const given = (flags: Parsed["flags"], pairs: Readonly<Record<string, string>>) =>
  Object.fromEntries(Object.entries(pairs).flatMap(([flag, field]) => (flags[flag] === undefined ? [] : [[field, flags[flag]]])))

export const unitsSpec: CommandSpec = {
  name: "units",
  usage: "dimensional units [--dimension D] [--query TEXT] [--limit N] [--cursor C] [--json]",
  help: ["List units, a page at a time: dimensional units --dimension pressure; dimensional units --query gallon"],
  positionals: [0, 0],
  flags: { dimension: text("DIMENSION"), query: text("TEXT"), limit, cursor: text("CURSOR"), json: boolean }
}

const units = ({ flags }: Parsed) =>
  run(listUnits.handler(given(flags, { dimension: "dimension", query: "query", limit: "limit", cursor: "cursor" })), flags.json === true, (d) =>
    [
      ...d.result.map((u) => `${u.shorthand.padEnd(12)} ${u.name} (${u.dimension})`),
      `${d.result.length} of ${d.total} units${d.next_cursor ? `; ${d.remaining} more: ${again("units", flags, ["dimension", "query", "limit"], d.next_cursor)}` : ""}`
    ].join("\n")
  )

export const constantSpec: CommandSpec = {
  name: "constant",
  usage: "dimensional constant [SYMBOL] [--category exact|derived|measured|all] [--limit N] [--cursor C] [--json]",
  help: ["A CODATA 2022 constant with its uncertainty (dimensional constant G), or a page of them (dimensional constant --category measured)"],
  positionals: [0, 1],
  flags: { category: { kind: "string", metavar: "CATEGORY", choices: ["exact", "derived", "measured", "all"] }, limit, cursor: text("CURSOR"), json: boolean }
}

const constantLine = (c: { symbol: string; name: string; value: number; unit: string; uncertainty: number | null }) =>
  `${c.symbol} = ${c.value}${c.unit === "1" ? "" : ` ${c.unit}`}${c.uncertainty === null ? " (exact)" : ` ± ${c.uncertainty}`}  ${c.name}`

const constant = ({ positionals: [symbol], flags }: Parsed): Promise<Outcome> => {
  if (symbol !== undefined) {
    const found = Constants.lookup(symbol)
    if (found === undefined)
      return Promise.resolve({
        stdout: "",
        stderr: `error (unknown_unit): no CODATA 2022 constant '${symbol}'\n  hint: dimensional constant lists them`,
        code: 1
      })
    return Promise.resolve({ stdout: flags.json ? JSON.stringify(found, null, 2) : `${constantLine(found)}\n  source: ${found.source}`, stderr: "", code: 0 })
  }
  return run(listConstants.handler(given(flags, { category: "category", limit: "limit", cursor: "cursor" })), flags.json === true, (d) =>
    [...d.result.map(constantLine), ...(d.next_cursor ? [`${d.remaining} more: ${again("constant", flags, ["category", "limit"], d.next_cursor)}`] : [])].join(
      "\n"
    )
  )
}

export const formulaSpec: CommandSpec = {
  name: "formula",
  usage: "dimensional formula [NAME [PARAMETER=QUANTITY …]] [--to UNIT] [--digits N] [--domain D] [--json]",
  help: [
    "Evaluate a dimension-checked formula with any units, or list them:",
    "  dimensional formula bmi mass='70 kg' height='5 ft 9 in'",
    "  dimensional formula --domain medical"
  ],
  positionals: [0, 32],
  flags: { to: text("UNIT"), digits: { kind: "count", min: 1, max: 17 }, domain: text("DOMAIN"), limit, cursor: text("CURSOR"), json: boolean }
}

const formula = ({ positionals: [name, ...assignments], flags }: Parsed): Promise<Outcome> | { readonly mistake: string } => {
  if (name === undefined)
    return run(listFormulas.handler(given(flags, { domain: "domain", limit: "limit", cursor: "cursor" })), flags.json === true, (d) =>
      [
        ...d.result.map((f) => `${f.name.padEnd(28)} ${f.equation}`),
        ...(d.next_cursor ? [`${d.remaining} more: ${again("formula", flags, ["domain", "limit"], d.next_cursor)}`] : [])
      ].join("\n")
    )
  const catalog = builtinCatalog()
  const parameters: Record<string, { value: number; unit?: string }> = {}
  for (const assignment of assignments) {
    const at = assignment.indexOf("=")
    if (at <= 0) return { mistake: `'${assignment}' is not PARAMETER=QUANTITY (mass='70 kg')` }
    const q = readQuantity(catalog, assignment.slice(at + 1))
    if (isEngineError(q)) return { mistake: `${assignment.slice(0, at)}: ${q.message}` }
    parameters[assignment.slice(0, at)] = q.unit === "1" ? { value: q.value } : { value: q.value, unit: q.unit }
  }
  return run(
    FormulaRegistry.use((registry) => registry.call(name, parameters, flags.to as string | undefined)),
    flags.json === true,
    (r) =>
      [
        `${withDigits(r.quantity, flags.digits)} ${r.unit}${r.uncertainty === null ? "" : ` ± ${withDigits(r.uncertainty, 2)}`}`,
        ...r.steps.map((s) => `  ${s}`)
      ].join("\n")
  )
}

export const browseSpecs: ReadonlyArray<CommandSpec> = [unitsSpec, constantSpec, formulaSpec]

export const browseHandlers: Readonly<Record<string, (args: Parsed) => Promise<Outcome> | { readonly mistake: string }>> = {
  units,
  constant,
  formula
}
