/**
 * dimensional as a library for Effect apps: the engine's operations as Effects with typed
 * failures, the services they need, and the MCP server for embedding.
 *
 *   const program = Effect.gen(function* () {
 *     const r = yield* Dimensional.convert(5, "km", "mi")          // r.quantity = 3.1068559611866697
 *     return r
 *   }).pipe(Effect.catchTag("DimensionMismatch", (e) => ...), Effect.provide(Dimensional.layer))
 */
export * from "./engine.ts"
export { DefaultWorkspace, newWorkspaceId, Workspace, WorkspaceQuota } from "./services/Workspace.ts"
export type { OpenWorkspace, WorkspaceData } from "./services/Workspace.ts"
export * as WorkspaceStore from "./services/WorkspaceStore.ts"
export * as Formula from "./engine/formulas/Formula.ts"
export type { FormulaInput, FormulaResult } from "./engine/formulas/FormulaEvaluation.ts"
export { FormulaRegistry } from "./services/FormulaRegistry.ts"
export { Corrector } from "./mcp/repair/Corrector.ts"
export { RetryPolicy } from "./mcp/repair/RetryPolicy.ts"
export { SamplingClient } from "./mcp/repair/SamplingClient.ts"
export * as SelfCorrectionConfig from "./mcp/repair/SelfCorrectionConfig.ts"
export type { ToolServices } from "./tools/index.ts"
export { type ServeOptions, type ServerFactory, makeServer, makeServerFactory } from "./mcp/server.ts"
/** Serve MCP over stdio from your own main: `NodeRuntime.runMain(runStdioServer)`. */
export { runStdioServer } from "./mcp/transports/stdio/server.ts"
/** Mount MCP in your own effect/http server: McpRoutes(settings) with SharedServicesLive, or run HttpMcpServer(settings). */
export { HttpMcpServer, McpRoutes, runHttpServer } from "./mcp/transports/http/server.ts"
/** The services an HTTP server's sessions share (the composition root's HttpServices). */
export { HttpServices as SharedServicesLive, HttpServices, InMemoryServices, SelfCorrection, StdioServices } from "./layers.ts"
export { tools } from "./tools/index.ts"
export type { Tool } from "./tools/Tool.ts"
