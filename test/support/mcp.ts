// An SDK Client connected to our server in-process (InMemoryTransport): the same Server, tools,
// services and mapping layer as the stdio binary, without spawning a process per test file.
import { Client } from "@modelcontextprotocol/client"
import { InMemoryTransport } from "@modelcontextprotocol/client"
import type { CallToolResult } from "@modelcontextprotocol/client"
import { Effect, Layer, ManagedRuntime } from "effect"
import { makeServer } from "../../src/mcp/server.ts"
import { LogToStderr } from "../../src/mcp/transports/stdio.ts"
import { FormulaRegistry } from "../../src/services/FormulaRegistry.ts"
import { Workspace } from "../../src/services/Workspace.ts"
import { UnitCatalog } from "../../src/services/UnitCatalog.ts"
import { type ToolServices, tools } from "../../src/tools/index.ts"

export interface TestClient {
  readonly client: Client
  /** Calls a tool and returns its structured content with the isError flag. */
  readonly call: (name: string, args?: Record<string, unknown>) => Promise<{ readonly isError: boolean; readonly data: any; readonly result: CallToolResult }>
  readonly close: () => Promise<void>
}

export const connectClient = async (sessionId = "test"): Promise<TestClient> => {
  const runtime = ManagedRuntime.make(Layer.merge(Workspace.layerInMemory(sessionId), FormulaRegistry.layer).pipe(Layer.provideMerge(UnitCatalog.layer), Layer.provideMerge(LogToStderr)))
  const server = await runtime.runPromise(makeServer<ToolServices>(tools))
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair()
  const client = new Client({ name: "dimensional-tests", version: "1.0.0" })
  await Promise.all([server.connect(serverTransport), client.connect(clientTransport)])
  return {
    client,
    call: async (name, args = {}) => {
      const result = (await client.callTool({ name, arguments: args })) as CallToolResult
      return { isError: result.isError === true, data: result.structuredContent, result }
    },
    close: async () => {
      await client.close()
      await runtime.dispose()
    }
  }
}

export { Effect }
