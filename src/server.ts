/**
 * `dimensional-mcp/server`: the MCP server for embedding in an app of your own. Its declarations
 * name the MCP SDK (`@modelcontextprotocol/server`) and `@effect/platform-node`, optional peers an
 * app installs for these types; the main entry (src/index.ts) needs only `effect`.
 *
 *   import { NodeRuntime } from "@effect/platform-node"
 *   import { runStdioServer } from "dimensional-mcp/server"
 *   NodeRuntime.runMain(runStdioServer)
 */
export { type ServeOptions, type ServerFactory, callTool, makeServer, makeServerFactory, serverInfo } from "./mcp/server.ts"
export type { Answer } from "./mcp/toolResult.ts"
/** Serve MCP over stdio from your own main: `NodeRuntime.runMain(runStdioServer)`. */
export { runStdioServer } from "./mcp/transports/stdio/server.ts"
/** Mount MCP in your own effect/http server: McpRoutes(settings) with SharedServicesLive, or run HttpMcpServer(settings). */
export { HttpMcpServer, McpRoutes, runHttpServer } from "./mcp/transports/http/server.ts"
/** The services a server is built from (the composition root): over stdio, and those an HTTP server's sessions share. */
export { HttpServices as SharedServicesLive, HttpServices, Observability, StdioServices } from "./layers.ts"
/** Which tools a server exposes (--toolsets, --read-only), for a server of your own. */
export { type Exposure, exposedTools, exposureConfig } from "./mcp/toolsets.ts"
export { type ToolServices, tools, toolsets } from "./tools/index.ts"
