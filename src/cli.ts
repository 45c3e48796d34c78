/**
 * The `dimensional` command. `dimensional mcp` serves MCP on stdio (what an MCP client launches);
 * `dimensional mcp --http` serves MCP over Streamable HTTP (see src/mcp/transports/http.ts).
 */
// the module itself, not the package index: the index would bundle every Node platform module
import * as NodeRuntime from "@effect/platform-node/NodeRuntime"
import { Cause, ConfigProvider, Effect, Exit } from "effect"
import { httpFlagUsage, parseHttpFlags } from "./mcp/transports/httpConfig.ts"
import { runStdioServer } from "./mcp/transports/stdio.ts"
import { flagUsage, parseFlags } from "./mcp/repair/SelfCorrectionConfig.ts"
import { parseWorkspaceFlags, workspaceFlagUsage } from "./services/WorkspaceStore.ts"

const usage = `Usage: dimensional mcp [flags]         serve MCP over stdio
       dimensional mcp --http [flags]  serve MCP over Streamable HTTP (default http://127.0.0.1:3000/mcp)
       dimensional --help

${flagUsage}

${httpFlagUsage}

${workspaceFlagUsage}`

const usageError = (message: string) =>
  Effect.sync(() => {
    process.stderr.write(`${message}\n${usage}\n`)
    process.exitCode = 2
  })

const main = (argv: ReadonlyArray<string>) => {
  const [command] = argv
  // self-correction flags win over the environment: a ConfigProvider layered over it
  const workspace = parseWorkspaceFlags(argv.slice(1))
  if (workspace.missingValue.length > 0) return usageError(`Missing value for ${workspace.missingValue.join(", ")}`)
  const parsed = parseFlags(workspace.rest)
  const flags = { ...parsed, values: { ...parsed.values, ...workspace.values } }
  if (command === "mcp" && flags.rest.includes("--http")) {
    const http = parseHttpFlags(flags.rest.filter((arg) => arg !== "--http"))
    if (http.missingValue.length > 0) return usageError(`Missing value for ${http.missingValue.join(", ")}`)
    if (http.rest.length > 0) return usageError(`Unknown argument(s) for --http: ${http.rest.join(" ")}`)
    // loaded only for --http: the stdio server an MCP client spawns never parses the HTTP stack
    const runHttpServer = Effect.promise(() => import("./mcp/transports/http.ts")).pipe(Effect.flatMap((m) => m.runHttpServer))
    return runHttpServer.pipe(Effect.provide(ConfigProvider.layerAdd(ConfigProvider.fromUnknown({ ...flags.values, ...http.values }), { asPrimary: true })))
  }
  if (command === "mcp" && flags.rest.length > 0) return usageError(`Unknown argument(s): ${flags.rest.join(" ")}`)
  if (command === "mcp") return runStdioServer.pipe(Effect.provide(ConfigProvider.layerAdd(ConfigProvider.fromUnknown(flags.values), { asPrimary: true })))
  if (command === "--help" || command === "-h" || command === undefined) return Effect.sync(() => process.stderr.write(usage + "\n"))
  return Effect.sync(() => {
    process.stderr.write(`Unknown command '${command}'\n${usage}\n`)
    process.exitCode = 2
  })
}

NodeRuntime.runMain(main(process.argv.slice(2)), {
  teardown: (exit, onExit) => onExit(Exit.isFailure(exit) && !Cause.hasInterruptsOnly(exit.cause) ? 1 : (process.exitCode as number | undefined) ?? 0)
})
