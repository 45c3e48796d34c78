/**
 * dimensional as a library for Effect apps: the engine's operations as Effects with typed
 * failures, the services they need (workspaces, formulas, self-correction) and the tools. Its
 * declarations need only `effect`: the MCP server for embedding, whose types name the MCP SDK and
 * @effect/platform-node, is the `dimensional-mcp/server` entry (src/server.ts).
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
/** In this process's memory, self-correction as configured: what the tools need, outside a server. */
export { InMemoryServices, SelfCorrection } from "./layers.ts"
export { tools, toolsets } from "./tools/index.ts"
export type { Tool } from "./tools/Tool.ts"
