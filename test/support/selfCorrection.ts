// An SDK Client connected in-process to our server with chosen self-correction settings and,
// optionally, the `sampling` capability answered by a test handler (the client's "model"). The
// 2025 era runs over an in-memory pair; 2026-07-28, which has no in-memory entry, through the
// SDK's per-request HTTP handler called directly (its URL is never dialed).
import { Client } from "@modelcontextprotocol/client"
import type { CallToolResult, CreateMessageRequest, CreateMessageResult } from "@modelcontextprotocol/client"
import { Layer, ManagedRuntime } from "effect"
import { makeServerFactory } from "../../src/mcp/server.ts"
import { connectInProcess, eraOptions } from "./mcp.ts"
import { LogToStderr } from "../../src/mcp/transports/stdio/server.ts"
import { type SelfCorrectionSettings, SelfCorrectionConfig } from "../../src/mcp/repair/SelfCorrectionConfig.ts"
import { FormulaRegistry } from "../../src/services/FormulaRegistry.ts"
import { Workspace } from "../../src/services/Workspace.ts"
import { UnitCatalog } from "../../src/services/UnitCatalog.ts"
import { type ToolServices, tools } from "../../src/tools/index.ts"
import { Corrector } from "../../src/mcp/repair/Corrector.ts"
import { RetryPolicy } from "../../src/mcp/repair/RetryPolicy.ts"

export interface Called {
  readonly isError: boolean
  readonly data: any
  readonly text: string
  readonly result: CallToolResult
}

export interface SelfCorrectionClient {
  readonly call: (name: string, args?: unknown) => Promise<Called>
  /** Every sampling request the server sent to the client, in order. */
  readonly samplingRequests: ReadonlyArray<CreateMessageRequest["params"]>
  readonly close: () => Promise<void>
}

/** A sampling reply carrying `text`, as a client's model would send it. */
export const reply = (text: string): CreateMessageResult => ({ role: "assistant", model: "test-model", content: { type: "text", text } })

export const connect = async (
  options: {
    readonly settings?: Partial<SelfCorrectionSettings>
    readonly sampling?: (request: CreateMessageRequest) => Promise<CreateMessageResult>
    readonly sessionId?: string
    readonly era?: "legacy" | "modern"
    /** More services for the server (a tracer, telemetry settings). */
    readonly layer?: Layer.Layer<never>
  } = {}
): Promise<SelfCorrectionClient> => {
  const runtime = ManagedRuntime.make(
    Layer.merge(Workspace.layerInMemory(options.sessionId ?? "self-correction"), FormulaRegistry.layer).pipe(
      Layer.provideMerge(UnitCatalog.layer),
      Layer.provideMerge(LogToStderr),
      Layer.provideMerge(Corrector.layer),
      Layer.provideMerge(RetryPolicy.layer),
      Layer.provideMerge(SelfCorrectionConfig.layerWith(options.settings ?? {})),
      Layer.provideMerge(options.layer ?? Layer.empty)
    )
  )
  const factory = await runtime.runPromise(makeServerFactory<ToolServices>(tools))
  const era = options.era ?? "legacy"
  const client = new Client(
    { name: "self-correction-tests", version: "1.0.0" },
    { ...(options.sampling ? { capabilities: { sampling: {} } } : {}), ...eraOptions(era) }
  )
  const samplingRequests: Array<CreateMessageRequest["params"]> = []
  const handler = options.sampling
  if (handler) {
    client.setRequestHandler("sampling/createMessage", async (request) => {
      samplingRequests.push(request.params)
      return handler(request)
    })
  }
  const closeServer = await connectInProcess(client, factory, era)
  // listing first makes the client validate every structuredContent against the advertised outputSchema
  await client.listTools()
  return {
    call: async (name, args = {}) => {
      const result = (await client.callTool({ name, arguments: args as Record<string, unknown> })) as CallToolResult
      const text = result.content.map((c) => (c.type === "text" ? c.text : "")).join("\n")
      return { isError: result.isError === true, data: result.structuredContent, text, result }
    },
    samplingRequests,
    close: async () => {
      await client.close()
      await closeServer()
      await runtime.dispose()
    }
  }
}
