/**
 * The `dimensional` command line on Effect's CLI module (src/cli/main.ts loads it for every command line
 * but the bare one an MCP client starts). For people: `convert`, `check`, `units`, answered as
 * text, or with `--json` as the MCP tools' structured results; the same engine and the same
 * failure mapping as the server, so a typo gets the same suggestion here as there. `mcp` serves
 * stdio, `mcp --http` Streamable HTTP. Typed flags, "did you mean" for a mistyped one, help in one
 * style.
 */
// the module itself, not the package index: the index would bundle every Node platform module
import * as NodeServices from "@effect/platform-node/NodeServices"
import { Console, Effect, Layer, Option } from "effect"
import { Argument, Command, Flag, GlobalFlag } from "effect/cli"
import { httpEnv } from "../mcp/transports/http/config.ts"
import { callTool, serverInfo } from "../mcp/server.ts"
import { LogToStderr } from "../mcp/transports/stdio/server.ts"
import { serveMcp } from "./serve.ts"
import { countFlag, settingFlags, valuesOf } from "./settings.ts"
import { checkDimensions } from "../tools/check_dimensions.ts"
import { equivalences } from "../engine/conversion/StatedRelation.ts"
import { convert } from "../tools/convert.ts"
import { listUnits } from "../tools/list_units.ts"
import type { Tool } from "../tools/Tool.ts"
import type { ToolError } from "../mcp/repair/failures.ts"
import { InMemoryServices } from "../layers.ts"

// ---------------------------------------------------------------------------------------------
// Human commands

/** The services one tool call needs, outside any MCP session. */
const ToolServicesLive = InMemoryServices().pipe(Layer.provideMerge(LogToStderr))

const json = Flag.Boolean("json").pipe(Flag.withDefault(false), Flag.withDescription("Print the structured result (the MCP tool's JSON) instead of text"))
const ucum = Flag.Boolean("ucum").pipe(Flag.withDefault(false), Flag.withDescription("Units are written in UCUM (mg/dL, mm[Hg], Cel, 10*3/uL)"))
const ucumCi = Flag.Boolean("ucum-ci").pipe(
  Flag.withDefault(false),
  Flag.withDescription("Units are written in UCUM's case-insensitive form, as HL7 v2 sends them (MG/DL, MM[HG], CEL, 10*3/UL)")
)
/** The notation the flags ask for, as the tools name it. */
const notationOf = (flags: { readonly ucum: boolean; readonly ucumCi: boolean }) =>
  flags.ucumCi ? { notation: "ucum_ci" } : flags.ucum ? { notation: "ucum" } : {}

/** A failure as text: the message, the fix to apply, the hints. */
const errorText = (e: ToolError): string =>
  [
    `error (${e.error_type}): ${e.error}`,
    ...(e.likely_fix ? [`  did you mean: ${e.likely_fix}`] : []),
    ...(e.readings ?? []).map((r) => `  reading: ${r.meaning}${r.value === null ? "" : ` → ${r.value}`}`),
    ...(e.hints ?? []).map((h) => `  hint: ${h}`)
  ].join("\n")

/** Runs a tool as the MCP server would and prints its answer (the tool's value as `text` reads it); a failed answer sets exit code 1. */
const answer = <I, O, R>(tool: Tool<I, O, R>, args: Record<string, unknown>, asJson: boolean, text: (data: O) => string) =>
  Effect.gen(function* () {
    const answered = yield* callTool(tool, args)
    if (answered.error !== undefined) {
      process.exitCode = 1
      if (asJson) yield* Console.log(JSON.stringify(answered.error, null, 2))
      else yield* Console.error(errorText(answered.error))
      return
    }
    yield* Console.log(asJson ? JSON.stringify(answered.result.structuredContent, null, 2) : text(answered.value))
  }).pipe(Effect.provide(ToolServicesLive))

const digits = countFlag("digits", 1, 17).pipe(
  Flag.optional,
  Flag.withDescription("Significant digits of the result, 1-17 (default: all, 17), as GNU units' -d")
)

/** `value` to `digits` significant digits, written as JavaScript writes numbers (3.107, 120000, 1e-9). */
export const withDigits = (value: number, digits: Option.Option<number>): string =>
  Option.isNone(digits) ? String(value) : String(Number(value.toPrecision(digits.value)))

const convertCommand = Command.make(
  "convert",
  {
    value: Argument.Finite("value").pipe(Argument.withDescription("The number to convert")),
    from: Argument.String("from").pipe(Argument.withDescription("Source unit, e.g. km, mcg/(kg*min), degC")),
    to: Argument.String("to").pipe(Argument.withDescription("Target unit, e.g. mi, mg/(kg*h), degF")),
    digits,
    json,
    ucum,
    ucumCi,
    substance: Flag.String("substance").pipe(
      Flag.optional,
      Flag.withDescription("For mass ↔ amount (mg/dL ↔ mmol/L): a named analyte, e.g. glucose, creatinine, BUN, calcium")
    ),
    molarMass: Flag.String("molar-mass").pipe(
      Flag.optional,
      Flag.withMetavar("QUANTITY"),
      Flag.withDescription("For mass ↔ amount: the molar mass with its unit, e.g. '180.156 g/mol'")
    ),
    equivalence: Flag.Literals("equivalence", equivalences).pipe(
      Flag.optional,
      Flag.withDescription("Relate other dimensions: spectral (λ ↔ ν ↔ E), thermal (T ↔ E), mass_energy (E = mc²)")
    ),
    atmosphere: Flag.String("atmospheric-pressure").pipe(
      Flag.optional,
      Flag.withMetavar("QUANTITY"),
      Flag.withDescription("For gauge ↔ absolute pressure (psig ↔ psia), e.g. '1 atm'")
    )
  },
  ({ value, from, to, digits, json, ucum, ucumCi, substance, molarMass, equivalence, atmosphere }) =>
    answer(
      convert,
      {
        value,
        from_unit: from,
        to_unit: to,
        ...notationOf({ ucum, ucumCi }),
        ...Option.match(substance, { onNone: () => ({}), onSome: (s) => ({ substance: s }) }),
        ...Option.match(molarMass, { onNone: () => ({}), onSome: (m) => ({ molar_mass: m }) }),
        ...Option.match(equivalence, { onNone: () => ({}), onSome: (e) => ({ equivalence: e }) }),
        ...Option.match(atmosphere, { onNone: () => ({}), onSome: (a) => ({ atmospheric_pressure: a }) })
      },
      json,
      (d) => [`${withDigits(d.quantity, digits)} ${d.unit}`, ...d.notes.map((n) => `  note: ${n}`)].join("\n")
    )
).pipe(Command.withDescription("Convert a value between units: dimensional convert 5 km mi"))

const checkCommand = Command.make(
  "check",
  {
    a: Argument.String("unit-a").pipe(Argument.withDescription("First unit")),
    b: Argument.String("unit-b").pipe(Argument.withDescription("Second unit")),
    json,
    ucum,
    ucumCi
  },
  ({ a, b, json, ucum, ucumCi }) =>
    answer(checkDimensions, { unit_a: a, unit_b: b, ...notationOf({ ucum, ucumCi }) }, json, (d) =>
      d.compatible ? `compatible: both are ${d.dimension_a}` : `not compatible: ${d.dimension_a} vs ${d.dimension_b}${d.reason ? `\n  ${d.reason}` : ""}`
    )
).pipe(Command.withDescription("Whether two units convert into each other: dimensional check kg lb"))

const unitsCommand = Command.make(
  "units",
  {
    dimension: Flag.String("dimension").pipe(Flag.optional, Flag.withDescription("Only units of this dimension (pressure, length/time)")),
    query: Flag.String("query").pipe(Flag.optional, Flag.withDescription("Only units whose name, symbol or alias contains this text")),
    limit: countFlag("limit", 1, 100).pipe(Flag.optional, Flag.withDescription("Units per page, 1-100 (default 12)")),
    cursor: Flag.String("cursor").pipe(Flag.optional, Flag.withDescription("Start at this page: the --cursor the previous page printed")),
    json
  },
  ({ dimension, query, limit, cursor, json }) => {
    const given = (name: string, value: Option.Option<string | number>) => Option.match(value, { onNone: () => ({}), onSome: (v) => ({ [name]: v }) })
    const again = (next: string) =>
      [
        "dimensional units",
        ...Option.toArray(dimension).map((d) => `--dimension ${quoted(d)}`),
        ...Option.toArray(query).map((q) => `--query ${quoted(q)}`),
        ...Option.toArray(limit).map((l) => `--limit ${l}`),
        `--cursor ${next}`
      ].join(" ")
    return answer(listUnits, { ...given("dimension", dimension), ...given("query", query), ...given("limit", limit), ...given("cursor", cursor) }, json, (d) =>
      [
        ...d.result.map((u) => `${u.shorthand.padEnd(12)} ${u.name} (${u.dimension})`),
        `${d.result.length} of ${d.total} units${d.next_cursor ? `; ${d.remaining} more: ${again(d.next_cursor)}` : ""}`
      ].join("\n")
    )
  }
).pipe(Command.withDescription("List units, a page at a time: dimensional units --dimension pressure"))

/** A value as a shell reads it back: quoted when it holds anything but letters, digits and /._-. */
const quoted = (text: string) => (/^[\w/.-]+$/.test(text) ? text : `'${text.replaceAll("'", "'\\''")}'`)

// ---------------------------------------------------------------------------------------------
// The MCP server: every setting of src/cli/settings.ts as a flag, over its environment variable

const mcpCommand = Command.make(
  "mcp",
  {
    http: Flag.Boolean("http").pipe(
      Flag.withDefault(false),
      Flag.withDescription("Serve Streamable HTTP (default http://127.0.0.1:3000/mcp) instead of stdio")
    ),
    ...settingFlags
  },
  ({ http, ...settings }) =>
    Effect.gen(function* () {
      // the global --log-level sets the HTTP server's request log too (env DIMENSIONAL_LOG_LEVEL)
      const logLevel = yield* GlobalFlag.LogLevel
      const level = Option.match(logLevel, { onNone: () => ({}), onSome: (l) => ({ [httpEnv.logLevel]: l }) })
      return yield* serveMcp(http, { ...valuesOf(settings), ...level })
    })
).pipe(Command.withDescription("Serve MCP: stdio by default (what an MCP client spawns), --http for Streamable HTTP"))

const root = Command.make("dimensional").pipe(
  Command.withDescription("Unit-safe arithmetic: convert, check dimensions, list units; or serve MCP (with no command and stdin not a terminal, as `mcp`)"),
  Command.withSubcommands([convertCommand, checkCommand, unitsCommand, mcpCommand])
)

/**
 * `--log-level` is Effect's global flag, whose choices are lower case; the HTTP server's level was
 * written `Warn`, `Info` (as DIMENSIONAL_LOG_LEVEL still is), so either case is taken.
 */
const normalized = (argv: ReadonlyArray<string>): ReadonlyArray<string> =>
  argv.map((arg, i) => (arg.startsWith("--log-level=") ? arg.toLowerCase() : argv[i - 1] === "--log-level" ? arg.toLowerCase() : arg))

/** Runs one command line; a line the parser refused has its message printed and exit code 2. */
export const runCommandLine = (argv: ReadonlyArray<string>): Effect.Effect<void, unknown> =>
  Command.runWith(root, { version: serverInfo.version })(normalized(argv)).pipe(
    Effect.catch((e: unknown) =>
      Effect.sync(() => {
        // ShowHelp: the help (and, for a refused line, its errors) is printed already
        const refused = e as { readonly _tag?: string; readonly errors?: ReadonlyArray<unknown>; readonly message?: string }
        if (refused._tag === "ShowHelp") return void ((refused.errors ?? []).length > 0 && (process.exitCode = 2))
        process.exitCode = 2
        process.stderr.write(`${String(refused.message ?? e)}\n`)
      })
    ),
    Effect.provide(NodeServices.layer)
  ) as unknown as Effect.Effect<void, unknown> // the tools' requirements are all in ToolServicesLive
