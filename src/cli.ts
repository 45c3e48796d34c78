/**
 * The `dimensional` (alias `dimensional-mcp`) command. For people: `convert`, `check`, `units`,
 * answered as text, or with `--json` as the MCP tools' structured results; the same engine and the
 * same failure mapping as the server, so a typo gets the same suggestion here as there. For MCP
 * clients: `mcp` serves stdio, `mcp --http` Streamable HTTP (src/mcp/transports/http.ts); with no
 * command and stdin not a terminal (an MCP client spawned us) it serves stdio too. Every command is
 * parsed by Effect's CLI module: typed flags, "did you mean" for a mistyped one, help in one style.
 *
 * Exit codes: 0 success; 1 the answer is an error (unknown unit, dimension mismatch, …);
 * 2 the command line is wrong.
 */
// the modules themselves, not the package index: the index would bundle every Node platform module
import * as NodeRuntime from "@effect/platform-node/NodeRuntime"
import * as NodeServices from "@effect/platform-node/NodeServices"
import { Cause, Config, ConfigProvider, Console, Effect, Exit, Layer, Option } from "effect"
import { Argument, Command, Flag, GlobalFlag } from "effect/cli"
import type { CallToolResult } from "@modelcontextprotocol/server"
import { callTool, serverInfo } from "./mcp/server.ts"
import { settingKeys } from "./mcp/repair/SelfCorrectionConfig.ts"
import { httpEnv } from "./mcp/transports/httpConfig.ts"
import { LogToStderr, runStdioServer } from "./mcp/transports/stdio.ts"
import { FormulaRegistry } from "./services/FormulaRegistry.ts"
import { Workspace } from "./services/Workspace.ts"
import { storeEnv } from "./services/WorkspaceStore.ts"
import { UnitCatalog } from "./services/UnitCatalog.ts"
import { checkDimensions } from "./tools/check_dimensions.ts"
import { convert } from "./tools/convert.ts"
import { listUnits } from "./tools/list_units.ts"
import type { AnyTool } from "./tools/Tool.ts"

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

/** A flag for a count between `min` and `max`, refused in the CLI's own words outside it. */
const countFlag = (name: string, min: number, max: number) =>
  Flag.Int(name).pipe(Flag.filter((n) => n >= min && n <= max, (n) => `--${name} must be between ${min} and ${max}, got ${n}`))

const digits = countFlag("digits", 1, 17).pipe(
  Flag.optional,
  Flag.withDescription("Significant digits of the result, 1-17 (default: all, 17), as GNU units' -d")
)

/** `value` to `digits` significant digits, written as JavaScript writes numbers (3.107, 120000, 1e-9). */
export const withDigits = (value: number, digits: Option.Option<number>): string => (Option.isNone(digits) ? String(value) : String(Number(value.toPrecision(digits.value))))

const convertCommand = Command.make(
  "convert",
  {
    value: Argument.Finite("value").pipe(Argument.withDescription("The number to convert")),
    from: Argument.String("from").pipe(Argument.withDescription("Source unit, e.g. km, mcg/(kg*min), degC")),
    to: Argument.String("to").pipe(Argument.withDescription("Target unit, e.g. mi, mg/(kg*h), degF")),
    digits,
    json,
    ucum
  },
  ({ value, from, to, digits, json, ucum }) =>
    answer(convert, { value, from_unit: from, to_unit: to, ...(ucum ? { notation: "ucum" } : {}) }, json, (d) =>
      [`${withDigits(d.quantity, digits)} ${d.unit}`, ...(d.notes as Array<string>).map((n) => `  note: ${n}`)].join("\n")
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
    limit: countFlag("limit", 1, 100).pipe(Flag.optional, Flag.withDescription("Units per page, 1-100 (default 12)")),
    cursor: Flag.String("cursor").pipe(Flag.optional, Flag.withDescription("Start at this page: the --cursor the previous page printed")),
    json
  },
  ({ dimension, query, limit, cursor, json }) => {
    const given = (name: string, value: Option.Option<string | number>) => Option.match(value, { onNone: () => ({}), onSome: (v) => ({ [name]: v }) })
    const again = (next: string) =>
      ["dimensional units", ...Option.toArray(dimension).map((d) => `--dimension ${quoted(d)}`), ...Option.toArray(query).map((q) => `--query ${quoted(q)}`), ...Option.toArray(limit).map((l) => `--limit ${l}`), `--cursor ${next}`].join(" ")
    return answer(listUnits, { ...given("dimension", dimension), ...given("query", query), ...given("limit", limit), ...given("cursor", cursor) }, json, (d) =>
      [
        ...(d.result as Array<{ shorthand: string; name: string; dimension: string }>).map((u) => `${u.shorthand.padEnd(12)} ${u.name} (${u.dimension})`),
        `${d.result.length} of ${d.total} units${d.next_cursor ? `; ${d.remaining} more: ${again(d.next_cursor)}` : ""}`
      ].join("\n")
    )
  }
).pipe(Command.withDescription("List units, a page at a time: dimensional units --dimension pressure"))

/** A value as a shell reads it back: quoted when it holds anything but letters, digits and /._-. */
const quoted = (text: string) => (/^[\w/.-]+$/.test(text) ? text : `'${text.replaceAll("'", "'\\''")}'`)

// ---------------------------------------------------------------------------------------------
// The MCP server: every setting is a flag or its environment variable (the flag wins). A flag's
// value goes to the server as the variable would, through a ConfigProvider layered over the
// environment, so both are read and checked by the same Config (src/mcp/transports/httpConfig.ts,
// src/mcp/repair/SelfCorrectionConfig.ts, src/services/WorkspaceStore.ts).

/** Each setting's flag, by its environment variable: how a refusal names it. */
const flagOf = new Map<string, string>([[httpEnv.logLevel, "--log-level"]])

/** A valued setting: `--name VALUE` or the environment variable `key`. */
const setting = (name: string, key: string, description: string, metavar: string) =>
  (flagOf.set(key, `--${name}`), Flag.String(name)).pipe(Flag.withMetavar(metavar), Flag.optional, Flag.withDescription(`${description} (env ${key})`), Flag.map(Option.map((v) => [key, v] as const)))

/** A counted setting, checked as an integer by the parser. */
const countSetting = (name: string, key: string, description: string, min: number, max: number) =>
  (flagOf.set(key, `--${name}`), countFlag(name, min, max)).pipe(Flag.optional, Flag.withDescription(`${description} (env ${key})`), Flag.map(Option.map((v) => [key, String(v)] as const)))

/** An on/off setting: `--name` or `--no-name`. */
const toggle = (name: string, key: string, description: string) =>
  (flagOf.set(key, `--${name}`), Flag.Boolean(name)).pipe(Flag.optional, Flag.withDescription(`${description} (env ${key}=true|false)`), Flag.map(Option.map((v) => [key, String(v)] as const)))

const serverSettings = {
  retry: toggle("retry", settingKeys.enabled, "Correct a failed call and dispatch it again; --no-retry never does (default on)"),
  maxRetries: countSetting("max-retries", settingKeys.maxRetries, "Corrected dispatches per call, 0-5 (default 1)", 0, 5),
  retryErrors: setting("retry-errors", settingKeys.retryableErrors, "Error types that may be corrected, comma-separated", "a,b"),
  llmCorrection: toggle("llm-correction", settingKeys.llmCorrection, "Ask the client's model for a correction (sampling; default on)"),
  correctionTimeout: setting("correction-timeout", settingKeys.correctionTimeout, "How long a correction may take (default 10 seconds)", "DURATION"),
  samplingRetries: countSetting("sampling-retries", settingKeys.samplingRetries, "Sampling requests per correction, 0-5 (default 1)", 0, 5),
  retryBackoff: setting("retry-backoff", settingKeys.backoff, "Pause before a corrected dispatch (default 200 millis)", "DURATION"),
  serverUnitCorrection: toggle("server-unit-correction", settingKeys.serverUnitCorrection, "Apply an unknown unit's likely fix on the server (default off)"),
  llmBaseUrl: setting("llm-base-url", settingKeys.providerBaseUrl, "Also ask a model at this OpenAI-compatible API (off unless set)", "URL"),
  llmModel: setting("llm-model", settingKeys.providerModel, "Its model (required with --llm-base-url)", "NAME"),
  llmApiKey: setting("llm-api-key", settingKeys.providerApiKey, "Its bearer token (local servers need none)", "KEY"),
  store: setting("store", storeEnv, "Where definitions live: memory (stdio default), file:<directory> (HTTP default) or redis://host:port", "STORE"),
  workspaceIdleTimeout: setting("workspace-idle-timeout", "DIMENSIONAL_WORKSPACE_IDLE_TIMEOUT", "A workspace unused this long is dropped (default 7 days)", "DURATION"),
  port: countSetting("port", httpEnv.port, "With --http: the port, 0 for a free one (default 3000)", 0, 65535),
  host: setting("host", httpEnv.host, "With --http: the address to listen on (default 127.0.0.1)", "ADDRESS"),
  allowedHosts: setting("allowed-hosts", httpEnv.allowedHosts, "With --http: Host headers accepted (default: loopback names and the bound address; * = any)", "a,b"),
  allowedOrigins: setting("allowed-origins", httpEnv.allowedOrigins, "With --http: Origins accepted (default: origins on an allowed host; * = any)", "a,b"),
  maxBody: setting("max-body", httpEnv.maxBody, "With --http: the largest request body (default 1 MiB)", "SIZE"),
  idleTimeout: setting("idle-timeout", httpEnv.idleTimeout, "With --http: a session idle this long is closed (default 30 minutes)", "DURATION"),
  maxSessions: countSetting("max-sessions", httpEnv.maxSessions, "With --http: sessions at once; the longest-idle goes first (default 1000)", 1, 1_000_000)
}

/** Config's "SchemaError(Expected a valid Duration string at ["KEY"])" as "--flag (env KEY): expected a valid Duration string". */
export const settingProblem = (message: string): string => {
  const schema = /Expected ([^\n]*)\s+at \["(\w+)"\]/.exec(message)
  if (schema) return `${flagOf.get(schema[2]!) ?? schema[2]} (env ${schema[2]}): expected ${schema[1]}`
  return message.replace(/^SourceError: /, "")
}

/** A setting the server refused (from a flag or the environment), in the CLI's words: which variable, what is wrong; exit code 2. */
const refusedSetting = (error: Config.ConfigError) =>
  Effect.sync(() => {
    process.exitCode = 2
    process.stderr.write(`dimensional mcp: ${settingProblem(error.message)}\n  (each setting is a flag or its environment variable; see: dimensional mcp --help)\n`)
  })

const mcpCommand = Command.make("mcp", { http: Flag.Boolean("http").pipe(Flag.withDefault(false), Flag.withDescription("Serve Streamable HTTP (default http://127.0.0.1:3000/mcp) instead of stdio")), ...serverSettings }, ({ http, ...settings }) =>
  Effect.gen(function* () {
    // the global --log-level sets the HTTP server's request log too (env DIMENSIONAL_LOG_LEVEL)
    const logLevel = yield* GlobalFlag.LogLevel
    const values: Record<string, string> = Object.fromEntries([...Object.values(settings).flatMap((v) => Option.toArray(v)), ...Option.toArray(logLevel).map((l) => [httpEnv.logLevel, l] as const)])
    const flags = ConfigProvider.layerAdd(ConfigProvider.fromUnknown(values), { asPrimary: true })
    // loaded only for --http: the stdio server an MCP client spawns never parses the HTTP stack
    const server = http ? Effect.promise(() => import("./mcp/transports/http.ts")).pipe(Effect.flatMap((m) => m.runHttpServer)) : runStdioServer
    // a setting the server cannot read ends its start as a defect (src/mcp/server.ts reads its config with orDie)
    return yield* server.pipe(
      Effect.provide(flags),
      Effect.catchCause((cause) => {
        const error = Cause.hasInterruptsOnly(cause) ? undefined : Cause.squash(cause)
        return error instanceof Config.ConfigError ? refusedSetting(error) : Effect.failCause(cause)
      })
    )
  })
).pipe(Command.withDescription("Serve MCP: stdio by default (what an MCP client spawns), --http for Streamable HTTP"))

const root = Command.make("dimensional").pipe(
  Command.withDescription("Unit-safe arithmetic: convert, check dimensions, list units; or serve MCP (with no command and stdin not a terminal, as `mcp`)"),
  Command.withSubcommands([convertCommand, checkCommand, unitsCommand, mcpCommand])
)

/**
 * With no command: an MCP client spawned us (stdin is a pipe), as every reference server is
 * configured (`npx -y dimensional-mcp`), so serve MCP over stdio; a person at a terminal gets the help.
 */
export const servesByDefault = (argv: ReadonlyArray<string>, stdinIsTerminal: boolean): boolean => argv.length === 0 && !stdinIsTerminal

/**
 * `--log-level` is Effect's global flag, whose choices are lower case; the HTTP server's level was
 * written `Warn`, `Info` (as DIMENSIONAL_LOG_LEVEL still is), so either case is taken.
 */
const normalized = (argv: ReadonlyArray<string>): ReadonlyArray<string> =>
  argv.map((arg, i) => (arg.startsWith("--log-level=") ? arg.toLowerCase() : argv[i - 1] === "--log-level" ? arg.toLowerCase() : arg))

const main = (argv: ReadonlyArray<string>): Effect.Effect<void, unknown> =>
  Command.runWith(root, { version: serverInfo.version })(servesByDefault(argv, process.stdin.isTTY === true) ? ["mcp"] : normalized(argv)).pipe(
    // a command line the parser refused: its message is already printed; scripts see exit code 2
    Effect.catchTag("ShowHelp", (e) => Effect.sync(() => void (e.errors.length > 0 && (process.exitCode = 2)))),
    Effect.catch((e) => Effect.sync(() => void ((process.exitCode = 2), process.stderr.write(`${String((e as { message?: string }).message ?? e)}\n`)))),
    Effect.provide(NodeServices.layer)
  ) as unknown as Effect.Effect<void, unknown> // the tools' requirements are all in ToolServicesLive

NodeRuntime.runMain(main(process.argv.slice(2)), {
  teardown: (exit, onExit) => onExit(Exit.isFailure(exit) && !Cause.hasInterruptsOnly(exit.cause) ? 1 : ((process.exitCode as number | undefined) ?? 0))
})
