/**
 * Serving MCP from the command line, and the start itself. The settings are a table
 * (src/cli/settings.ts) whose rows are flags of `dimensional mcp` (src/cli/commands.ts) over their
 * environment variables; kept apart from that table and the CLI module so the bare command an MCP
 * client spawns (src/cli/main.ts) starts the stdio server without loading the command-line parser.
 *
 * A flag's value goes to the server as its variable would, through a ConfigProvider layered over
 * the environment (the flag wins), so both are read and checked by the same Config in the module
 * that uses the setting. A value the server cannot read stops it with exit code 2 and a message
 * naming the flag and the variable, never a raw ConfigError.
 */
import { Cause, Config, ConfigProvider, Effect } from "effect"
import { HttpServices, StdioServices } from "../layers.ts"
import { runStdioServer } from "../mcp/transports/stdio/server.ts"

/** A setting the server cannot read, named by its flag and its variable (the table is loaded only then). */
const refusedSetting = (error: Config.ConfigError) =>
  Effect.promise(() => import("./settings.ts")).pipe(
    Effect.flatMap(({ settingProblem }) =>
      Effect.sync(() => {
        process.exitCode = 2
        process.stderr.write(
          `dimensional mcp: ${settingProblem(error.message)}\n  (each setting is a flag or its environment variable; see: dimensional mcp --help)\n`
        )
      })
    )
  )

/** Serves MCP over stdio, or Streamable HTTP, with `values` (config keys → flag values) over the environment. */
export const serveMcp = (http: boolean, values: Readonly<Record<string, string>>): Effect.Effect<void, unknown> => {
  // loaded only for --http: the stdio server an MCP client spawns never parses the HTTP stack
  const server: Effect.Effect<unknown, unknown> = http
    ? Effect.promise(() => import("../mcp/transports/http/server.ts")).pipe(Effect.flatMap((m) => m.runHttpServer.pipe(Effect.provide(HttpServices))))
    : runStdioServer.pipe(Effect.provide(StdioServices))
  return server.pipe(
    Effect.provide(ConfigProvider.layerAdd(ConfigProvider.fromUnknown(values), { asPrimary: true })),
    // a setting the server cannot read ends its start as a defect (src/mcp/server.ts reads its config with orDie)
    Effect.catchCause((cause) => {
      const error = Cause.hasInterruptsOnly(cause) ? undefined : Cause.squash(cause)
      return error instanceof Config.ConfigError ? refusedSetting(error) : Effect.failCause(cause)
    }),
    Effect.asVoid
  )
}
