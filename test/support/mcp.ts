// An SDK Client connected to our server in-process: the same Server, tools, services and mapping
// layer as the binaries, without spawning a process per test file. The 2025 era runs over an
// in-memory pair; 2026-07-28 (which has no in-memory entry) through the SDK's per-request HTTP
// handler called directly (its URL is never dialed).
import { Client, InMemoryTransport, StreamableHTTPClientTransport } from "@modelcontextprotocol/client"
import { createMcpHandler } from "@modelcontextprotocol/server"
import type { CallToolResult } from "@modelcontextprotocol/client"
import { ConfigProvider, Effect, Layer, ManagedRuntime } from "effect"
import { type ServerFactory, makeServerFactory } from "../../src/mcp/server.ts"
import { LogToStderr } from "../../src/mcp/transports/stdio/server.ts"
import { type ToolServices, tools } from "../../src/tools/index.ts"
import { InMemoryServices } from "../../src/layers.ts"

export interface TestClient {
  readonly client: Client
  /** Calls a tool and returns its structured content with the isError flag. */
  readonly call: (name: string, args?: Record<string, unknown>) => Promise<{ readonly isError: boolean; readonly data: any; readonly result: CallToolResult }>
  readonly close: () => Promise<void>
}

/** The client options that make `client` speak `era` (2026-07-28 pinned, or the 2025 handshake). */
export const eraOptions = (era: "legacy" | "modern") => (era === "modern" ? { versionNegotiation: { mode: { pin: "2026-07-28" as const } } } : {})

/** Connects `client` to servers from `factory` in `era`; resolves with what closes the server side. */
export const connectInProcess = async (client: Client, factory: ServerFactory, era: "legacy" | "modern"): Promise<() => Promise<void>> => {
  if (era === "modern") {
    const handler = createMcpHandler(() => factory({ era: "modern" }), { legacy: "reject" })
    await client.connect(
      new StreamableHTTPClientTransport(new URL("http://in-process.test/mcp"), { fetch: (url, init) => handler.fetch(new Request(url, init)) })
    )
    return () => handler.close()
  }
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair()
  await Promise.all([factory({ era: "legacy" }).connect(serverTransport), client.connect(clientTransport)])
  return async () => {}
}

/** `settings`: config values over the environment, as `dimensional mcp`'s flags give them (`{ DIMENSIONAL_TOOLSETS: "convert" }`). */
export const connectClient = async (sessionId = "test", era: "legacy" | "modern" = "legacy", settings: Record<string, string> = {}): Promise<TestClient> => {
  const runtime = ManagedRuntime.make(
    InMemoryServices(sessionId).pipe(
      Layer.provideMerge(LogToStderr),
      Layer.provideMerge(ConfigProvider.layerAdd(ConfigProvider.fromUnknown(settings), { asPrimary: true }))
    )
  )
  const factory = await runtime.runPromise(makeServerFactory<ToolServices>(tools))
  const client = new Client({ name: "dimensional-tests", version: "1.0.0" }, eraOptions(era))
  const closeServer = await connectInProcess(client, factory, era)
  return {
    client,
    call: async (name, args = {}) => {
      const result = (await client.callTool({ name, arguments: args })) as CallToolResult
      return { isError: result.isError === true, data: result.structuredContent, result }
    },
    close: async () => {
      await client.close()
      await closeServer()
      await runtime.dispose()
    }
  }
}

export { Effect }
