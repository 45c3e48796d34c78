/**
 * MCP over stdio: one session, stdout reserved for the protocol (logs go to stderr), and the
 * process ends when the client closes stdin (the SDK's transport ignores EOF, so we watch for it).
 */
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js"
import { Effect, Layer, Logger } from "effect"
import { FormulaRegistry } from "../../services/FormulaRegistry.ts"
import { DefaultWorkspace, newWorkspaceId, Workspace } from "../../services/Workspace.ts"
import * as WorkspaceStore from "../../services/WorkspaceStore.ts"
import { UnitCatalog } from "../../services/UnitCatalog.ts"
import { type ToolServices, tools } from "../../tools/index.ts"
import { makeServer } from "../server.ts"

/** Effect's default logger writes to stdout, which would corrupt the JSON-RPC stream. */
export const LogToStderr = Layer.succeed(Logger.LogToStderr, true)

/** One client, one process: the process's own workspace is every call's default; the store is memory unless configured. */
export const StdioServices = Layer.mergeAll(Workspace.layer, FormulaRegistry.layer, Layer.succeed(DefaultWorkspace, newWorkspaceId())).pipe(
  Layer.provideMerge(WorkspaceStore.layerFromConfig("memory")),
  Layer.provideMerge(UnitCatalog.layer)
)

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
