/**
 * The `dimensional` command. `dimensional mcp` serves MCP on stdio (what an MCP client launches).
 */
import { NodeRuntime } from "@effect/platform-node"
import { Cause, Effect, Exit } from "effect"
import { runStdioServer } from "./mcp/stdio.ts"

const usage = `Usage: dimensional mcp          serve MCP over stdio
       dimensional --help`

const main = (argv: ReadonlyArray<string>) => {
  const [command] = argv
  if (command === "mcp") return runStdioServer
  if (command === "--help" || command === "-h" || command === undefined) return Effect.sync(() => process.stderr.write(usage + "\n"))
  return Effect.sync(() => {
    process.stderr.write(`Unknown command '${command}'\n${usage}\n`)
    process.exitCode = 2
  })
}

NodeRuntime.runMain(main(process.argv.slice(2)), {
  teardown: (exit, onExit) => onExit(Exit.isFailure(exit) && !Cause.hasInterruptsOnly(exit.cause) ? 1 : (process.exitCode as number | undefined) ?? 0)
})
