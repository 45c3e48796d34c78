/**
 * The `dimensional` (alias `dimensional-mcp`) command. For people: `convert`, `check`, `units`,
 * answered as text, or with `--json` as the MCP tools' structured results; the same engine and the
 * same failure mapping as the server, so a typo gets the same suggestion here as there. For MCP
 * clients: `mcp` serves stdio, `mcp --http` Streamable HTTP (src/mcp/transports/http.ts).
 *
 * Exit codes: 0 success; 1 the answer is an error (unknown unit, dimension mismatch, …);
 * 2 the command line is wrong.
 */
// the modules themselves, not the package index: the index would bundle every Node platform module
import * as NodeRuntime from "@effect/platform-node/NodeRuntime"
import * as NodeServices from "@effect/platform-node/NodeServices"
import { Cause, ConfigProvider, Console, Effect, Exit, Layer, Option } from "effect"
import { Argument, Command, Flag } from "effect/cli"
import type { CallToolResult } from "@modelcontextprotocol/server"
import { callTool, serverInfo } from "./mcp/server.ts"
import { flagUsage, parseFlags } from "./mcp/repair/SelfCorrectionConfig.ts"
import { httpFlagUsage, parseHttpFlags, splitValuedFlags } from "./mcp/transports/httpConfig.ts"
import { LogToStderr, runStdioServer } from "./mcp/transports/stdio.ts"
import { FormulaRegistry } from "./services/FormulaRegistry.ts"
import { Workspace } from "./services/Workspace.ts"
import { workspaceFlags, workspaceFlagUsage } from "./services/WorkspaceStore.ts"
import { UnitCatalog } from "./services/UnitCatalog.ts"
import { checkDimensions } from "./tools/check_dimensions.ts"
import { convert } from "./tools/convert.ts"
import { listUnits } from "./tools/list_units.ts"
import type { AnyTool } from "./tools/Tool.ts"

const mcpUsage = `Usage: dimensional mcp [flags]         serve MCP over stdio
       dimensional mcp --http [flags]  serve MCP over Streamable HTTP (default http://127.0.0.1:3000/mcp)

${flagUsage}

${httpFlagUsage}

${workspaceFlagUsage}`

// ---------------------------------------------------------------------------------------------
// Human commands

/** The services one tool call needs, outside any MCP session. */
const ToolServicesLive = Layer.mergeAll(Workspace.layerInMemory(), FormulaRegistry.layer).pipe(Layer.provideMerge(UnitCatalog.layer), Layer.provideMerge(LogToStderr))

const json = Flag.Boolean("json").pipe(Flag.withDefault(false), Flag.withDescription("Print the structured result (the MCP tool's JSON) instead of text"))
const ucum = Flag.Boolean("ucum").pipe(Flag.withDefault(false), Flag.withDescription("Units are written in UCUM (mg/dL, mm[Hg], Cel, 10*3/uL)"))

interface ToolError {
  readonly error: string
  readonly error_type: string
  readonly likely_fix?: string | null
  readonly hints?: ReadonlyArray<string>
  readonly readings?: ReadonlyArray<{ meaning: string; value: number | null }>
}

/** A failure as text: the message, the fix to apply, the hints. */
const errorText = (e: ToolError): string =>
  [
    `error (${e.error_type}): ${e.error}`,
    ...(e.likely_fix ? [`  did you mean: ${e.likely_fix}`] : []),
    ...(e.readings ?? []).map((r) => `  reading: ${r.meaning}${r.value === null ? "" : ` → ${r.value}`}`),
    ...(e.hints ?? []).map((h) => `  hint: ${h}`)
  ].join("\n")

/** Runs a tool as the MCP server would and prints its answer; a failed answer sets exit code 1. */
const answer = (tool: AnyTool, args: Record<string, unknown>, asJson: boolean, text: (data: any) => string) =>
  Effect.gen(function* () {
    const result = (yield* callTool(tool, args)) as CallToolResult
    const data = result.structuredContent as any
    if (result.isError) {
      process.exitCode = 1
      if (asJson) yield* Console.log(JSON.stringify(data, null, 2))
      else yield* Console.error(errorText(data as ToolError))
      return
    }
    yield* Console.log(asJson ? JSON.stringify(data, null, 2) : text(data))
  }).pipe(Effect.provide(ToolServicesLive))

const convertCommand = Command.make(
  "convert",
  {
    value: Argument.Finite("value").pipe(Argument.withDescription("The number to convert")),
    from: Argument.String("from").pipe(Argument.withDescription("Source unit, e.g. km, mcg/(kg*min), degC")),
    to: Argument.String("to").pipe(Argument.withDescription("Target unit, e.g. mi, mg/(kg*h), degF")),
    json,
    ucum
  },
  ({ value, from, to, json, ucum }) =>
    answer(convert, { value, from_unit: from, to_unit: to, ...(ucum ? { notation: "ucum" } : {}) }, json, (d) =>
      [`${d.quantity} ${d.unit}`, ...(d.notes as Array<string>).map((n) => `  note: ${n}`)].join("\n")
    )
).pipe(Command.withDescription("Convert a value between units: dimensional convert 5 km mi"))

const checkCommand = Command.make(
  "check",
  {
    a: Argument.String("unit-a").pipe(Argument.withDescription("First unit")),
    b: Argument.String("unit-b").pipe(Argument.withDescription("Second unit")),
    json,
    ucum
  },
  ({ a, b, json, ucum }) =>
    answer(checkDimensions, { unit_a: a, unit_b: b, ...(ucum ? { notation: "ucum" } : {}) }, json, (d) =>
      d.compatible ? `compatible: both are ${d.dimension_a}` : `not compatible: ${d.dimension_a} vs ${d.dimension_b}${d.reason ? `\n  ${d.reason}` : ""}`
    )
).pipe(Command.withDescription("Whether two units convert into each other: dimensional check kg lb"))

const unitsCommand = Command.make(
  "units",
  {
    dimension: Flag.String("dimension").pipe(Flag.optional, Flag.withDescription("Only units of this dimension (pressure, length/time)")),
    query: Flag.String("query").pipe(Flag.optional, Flag.withDescription("Only units whose name, symbol or alias contains this text")),
    limit: Flag.Int("limit").pipe(Flag.optional, Flag.withDescription("Units to show (at most 100)")),
    json
  },
  ({ dimension, query, limit, json }) =>
    answer(
      listUnits,
      { ...Option.match(dimension, { onNone: () => ({}), onSome: (d) => ({ dimension: d }) }), ...Option.match(query, { onNone: () => ({}), onSome: (q) => ({ query: q }) }), ...Option.match(limit, { onNone: () => ({}), onSome: (l) => ({ limit: l }) }) },
      json,
      (d) =>
        [
          ...(d.result as Array<{ shorthand: string; name: string; dimension: string }>).map((u) => `${u.shorthand.padEnd(12)} ${u.name} (${u.dimension})`),
          `${d.result.length} of ${d.total} units${d.next_cursor ? " (use --limit or --query for others)" : ""}`
        ].join("\n")
    )
).pipe(Command.withDescription("List units: dimensional units --dimension pressure"))

const mcpCommand = Command.make("mcp").pipe(Command.withDescription(`Serve MCP: stdio by default, --http for Streamable HTTP (see: dimensional mcp --help)`))

const root = Command.make("dimensional").pipe(
  Command.withDescription("Unit-safe arithmetic: convert, check dimensions, list units; or serve MCP"),
  Command.withSubcommands([convertCommand, checkCommand, unitsCommand, mcpCommand])
)

// ---------------------------------------------------------------------------------------------
// The MCP server: its flags are the server's own settings (env variables overridden by flags)

const serveMcp = (argv: ReadonlyArray<string>) => {
  if (argv.includes("--help") || argv.includes("-h")) return Effect.sync(() => process.stdout.write(mcpUsage + "\n"))
  const usageError = (message: string) =>
    Effect.sync(() => {
      process.stderr.write(`${message}\n${mcpUsage}\n`)
      process.exitCode = 2
    })
  const workspace = splitValuedFlags(argv, workspaceFlags)
  if (workspace.missingValue.length > 0) return usageError(`Missing value for ${workspace.missingValue.join(", ")}`)
  const parsed = parseFlags(workspace.rest)
  const flags = { ...parsed, values: { ...parsed.values, ...workspace.values } }
  if (flags.rest.includes("--http")) {
    const http = parseHttpFlags(flags.rest.filter((arg) => arg !== "--http"))
    if (http.missingValue.length > 0) return usageError(`Missing value for ${http.missingValue.join(", ")}`)
    if (http.rest.length > 0) return usageError(`Unknown argument(s) for --http: ${http.rest.join(" ")}`)
    // loaded only for --http: the stdio server an MCP client spawns never parses the HTTP stack
    const runHttpServer = Effect.promise(() => import("./mcp/transports/http.ts")).pipe(Effect.flatMap((m) => m.runHttpServer))
    return runHttpServer.pipe(Effect.provide(ConfigProvider.layerAdd(ConfigProvider.fromUnknown({ ...flags.values, ...http.values }), { asPrimary: true })))
  }
  if (flags.rest.length > 0) return usageError(`Unknown argument(s): ${flags.rest.join(" ")}`)
  return runStdioServer.pipe(Effect.provide(ConfigProvider.layerAdd(ConfigProvider.fromUnknown(flags.values), { asPrimary: true })))
}

/**
 * With no command: an MCP client spawned us (stdin is a pipe), as every reference server is
 * configured (`npx -y dimensional-mcp`), so serve MCP over stdio; a person at a terminal gets the help.
 */
export const servesByDefault = (argv: ReadonlyArray<string>, stdinIsTerminal: boolean): boolean => argv.length === 0 && !stdinIsTerminal

const main = (argv: ReadonlyArray<string>): Effect.Effect<void, unknown> => {
  if (argv[0] === "mcp") return serveMcp(argv.slice(1))
  if (servesByDefault(argv, process.stdin.isTTY === true)) return serveMcp([])
  return Command.runWith(root, { version: serverInfo.version })(argv).pipe(
    // a command line the parser refused: its message is already printed; scripts see exit code 2
    Effect.catchTag("ShowHelp", (e) => Effect.sync(() => void (e.errors.length > 0 && (process.exitCode = 2)))),
    Effect.catch((e) => Effect.sync(() => void ((process.exitCode = 2), process.stderr.write(`${String((e as { message?: string }).message ?? e)}\n`)))),
    Effect.provide(NodeServices.layer)
  ) as unknown as Effect.Effect<void, unknown> // the tools' requirements are all in ToolServicesLive
}

NodeRuntime.runMain(main(process.argv.slice(2)), {
  teardown: (exit, onExit) => onExit(Exit.isFailure(exit) && !Cause.hasInterruptsOnly(exit.cause) ? 1 : ((process.exitCode as number | undefined) ?? 0))
})
