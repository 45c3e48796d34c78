/**
 * MCP over stdio: one session, stdout reserved for the protocol (logs go to stderr), and the
 * process ends when the client closes stdin (the SDK's transport ignores EOF, so we watch for it).
 */
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js"
import { Effect, Layer, Logger } from "effect"
import { FormulaRegistry } from "../../services/FormulaRegistry.ts"
import { SessionState } from "../../services/SessionState.ts"
import { UnitCatalog } from "../../services/UnitCatalog.ts"
import { type ToolServices, tools } from "../../tools/index.ts"
import { makeServer } from "../server.ts"

/** Effect's default logger writes to stdout, which would corrupt the JSON-RPC stream. */
export const LogToStderr = Layer.succeed(Logger.LogToStderr, true)

export const StdioServices = Layer.merge(SessionState.layer("stdio"), FormulaRegistry.layer).pipe(Layer.provideMerge(UnitCatalog.layer))

export const runStdioServer = Effect.gen(function* () {
  const server = yield* makeServer<ToolServices>(tools)
  const closed = Effect.callback<void>((resume) => {
    const done = () => resume(Effect.void)
    server.onclose = done
    process.stdin.once("end", done)
    process.stdin.once("close", done)
  })
  yield* Effect.promise(() => server.connect(new StdioServerTransport()))
  yield* Effect.logInfo("dimensional MCP server listening on stdio")
  yield* closed
  yield* Effect.promise(() => server.close())
}).pipe(Effect.provide(StdioServices), Effect.provide(LogToStderr))
