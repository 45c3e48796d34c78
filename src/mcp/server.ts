/**
 * The SDK's low-level Server, wired to our tools: tools/list advertises each tool's JSON Schemas
 * (generated from its Effect Schemas), tools/call decodes the arguments, runs the handler with the
 * request's abort signal and maps the outcome through toolResult. Only an unknown tool name is a
 * protocol error.
 */
import { Server } from "@modelcontextprotocol/sdk/server/index.js"
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError, type Tool as McpTool } from "@modelcontextprotocol/sdk/types.js"
import { Cause, Effect, Schema } from "effect"
import type { AnyTool } from "../tools/Tool.ts"
import { decodeArguments } from "./decodeArguments.ts"
import { ToolError, toToolResult } from "./toolResult.ts"

export const serverInfo = { name: "dimensional", version: "0.1.0" } as const

const instructions =
  "Unit-safe arithmetic. Use convert for a value between units, check_dimensions before combining quantities, " +
  "and list_units / list_dimensions / list_scales to discover names. Failures are structured: apply likely_fix " +
  "when present; otherwise read hints and ask the user."

type JsonObject = { [key: string]: unknown }

/** A JSON Schema object for MCP: the document's schema with its definitions inlined as $defs. */
export const jsonSchemaOf = (schema: Schema.Top): JsonObject => {
  const document = Schema.toJsonSchemaDocument(schema)
  const root = { ...(document.schema as JsonObject) }
  if (Object.keys(document.definitions ?? {}).length > 0) root.$defs = document.definitions
  return root
}

/** tools/list entry: the output schema admits the success shape or the structured error. */
export const describeTool = (tool: AnyTool): McpTool => {
  const output = jsonSchemaOf(tool.output)
  const error = jsonSchemaOf(ToolError)
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: { ...jsonSchemaOf(tool.input), type: "object" } as McpTool["inputSchema"],
    outputSchema: { type: "object", anyOf: [output, error] } as unknown as McpTool["outputSchema"],
    annotations: { title: tool.title, ...tool.annotations }
  }
}

/** Runs one call to completion; never fails. */
export const runTool = <R>(tool: AnyTool<R>, args: unknown) =>
  decodeArguments(tool.input, args).pipe(
    Effect.flatMap((input) => tool.handler(input)),
    Effect.exit,
    Effect.flatMap((exit) => {
      let defect: Cause.Cause<unknown> | undefined
      const result = toToolResult(exit, (cause) => (defect = cause))
      return defect ? Effect.logError(`tool ${tool.name} failed with a defect`, Cause.pretty(defect)).pipe(Effect.as(result)) : Effect.succeed(result)
    })
  )

/** Builds an SDK Server serving `tools` with the services of the current context. */
export const makeServer = <R>(tools: ReadonlyArray<AnyTool<R>>) =>
  Effect.gen(function* () {
    const context = yield* Effect.context<R>()
    const byName = new Map(tools.map((t) => [t.name, t]))
    const listing = tools.map(describeTool)
    const server = new Server(serverInfo, { capabilities: { tools: { listChanged: false } }, instructions })
    server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: listing }))
    server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
      const tool = byName.get(request.params.name)
      if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name}. Available: ${[...byName.keys()].join(", ")}`)
      return Effect.runPromiseWith(context)(runTool(tool, request.params.arguments), { signal: extra.signal })
    })
    return server
  })
