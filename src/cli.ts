/**
 * The `dimensional` (alias `dimensional-mcp`) command. For people: `convert`, `check`, `units`; for
 * MCP clients: `mcp` (stdio), `mcp --http` (Streamable HTTP), and the bare command, which serves
 * stdio when stdin is not a terminal (an MCP client spawned it: `npx -y dimensional-mcp`) and shows
 * the help at a terminal. Every command line is parsed by Effect's CLI module (src/cliCommands.ts),
 * loaded only when there is one: the bare start goes straight to the server (src/cliServe.ts).
 *
 * Exit codes: 0 success; 1 the answer is an error (unknown unit, dimension mismatch, …);
 * 2 the command line, or a setting, is wrong.
 */
// the module itself, not the package index: the index would bundle every Node platform module
import * as NodeRuntime from "@effect/platform-node/NodeRuntime"
import { Cause, Effect, Exit } from "effect"
import { serveMcp, servesByDefault } from "./cliServe.ts"

const argv = process.argv.slice(2)

const main: Effect.Effect<void, unknown> = servesByDefault(argv, process.stdin.isTTY === true)
  ? serveMcp(false, {})
  : Effect.flatMap(
      Effect.promise(() => import("./cliCommands.ts")),
      (commands) => commands.runCommandLine(argv)
    )

NodeRuntime.runMain(main, {
  teardown: (exit, onExit) => onExit(Exit.isFailure(exit) && !Cause.hasInterruptsOnly(exit.cause) ? 1 : ((process.exitCode as number | undefined) ?? 0))
})
