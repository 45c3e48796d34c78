/**
 * The SDK's low-level Server, wired to our tools: tools/list advertises each tool's JSON Schemas
 * (generated from its Effect Schemas), tools/call decodes the arguments, runs the handler with the
 * request's abort signal and maps the outcome through toolResult. Only an unknown tool name is a
 * protocol error.
 */
import { Server } from "@modelcontextprotocol/sdk/server/index.js"
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError, type Tool as McpTool } from "@modelcontextprotocol/sdk/types.js"
import { Cause, Effect, Option, Schema } from "effect"
import { Corrector } from "../services/Corrector.ts"
import { RetryPolicy } from "../services/RetryPolicy.ts"
import { SamplingClient } from "../services/SamplingClient.ts"
import { SelfCorrectionConfig, selfCorrectionConfig } from "../services/SelfCorrectionConfig.ts"
import type { AnyTool } from "../tools/Tool.ts"
import { type ToolDescription, execute } from "./retryExecutor.ts"
import { samplingClientFor } from "./sampling.ts"
import { ToolError, toToolResult } from "./toolResult.ts"

export const serverInfo = { name: "dimensional", version: "0.1.0" } as const

const instructions =
  "Unit-safe arithmetic. Use convert for a value between units, check_dimensions before combining quantities, " +
  "and list_units / list_dimensions / list_scales to discover names. Failures are structured: apply likely_fix " +
  "when present; otherwise read hints and ask the user. An invalid_input failure lists every problem with a fix and " +
  "a validExample you can start from. A result with `corrections` ran on arguments the server adjusted: check them."

type JsonObject = { [key: string]: unknown }

/** A JSON Schema object for MCP: the document's schema with its definitions inlined as $defs. */
export const jsonSchemaOf = (schema: Schema.Top, options?: Schema.ToJsonSchemaOptions): JsonObject => {
  const document = Schema.toJsonSchemaDocument(schema, options)
  const root = { ...(document.schema as JsonObject) }
  if (Object.keys(document.definitions ?? {}).length > 0) root.$defs = document.definitions
  return root
}

/** The input JSON Schema; a tool without parameters is advertised as an empty object (Effect's `{}` accepts anything). */
const inputSchemaOf = (tool: AnyTool): McpTool["inputSchema"] => {
  const schema = jsonSchemaOf(tool.input, { onExcessProperty: "error" })
  const empty = schema.properties === undefined && schema.additionalProperties === undefined
  return (empty ? { type: "object", properties: {}, additionalProperties: false } : { ...schema, type: "object" }) as McpTool["inputSchema"]
}

const listings = new WeakMap<AnyTool, McpTool>()
let toolErrorSchema: JsonObject | undefined

/**
 * tools/list entry. The input schema says what decoding enforces (no unknown fields). The output
 * schema admits the success shape or the structured error; both stay open to extra properties,
 * because the client validates structuredContent against it even when isError is true, and
 * results may carry `corrections` and `retry` besides the tool's own fields.
 */
export const describeTool = (tool: AnyTool): McpTool => {
  // generating JSON Schemas is the costliest part of start-up: each tool's once per process
  // (every HTTP session lists the same tools), and the shared error schema once for all of them
  const known = listings.get(tool)
  if (known) return known
  const output = jsonSchemaOf(tool.output)
  const error = (toolErrorSchema ??= jsonSchemaOf(ToolError))
  const described: McpTool = {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: inputSchemaOf(tool),
    outputSchema: { type: "object", anyOf: [output, error] } as unknown as McpTool["outputSchema"],
    annotations: { title: tool.title, ...tool.annotations }
  }
  listings.set(tool, described)
  return described
}

const descriptions = new WeakMap<AnyTool, ToolDescription>()

/** What a corrector is shown of a tool: name, description and the advertised input schema. */
const descriptionOf = (tool: AnyTool): ToolDescription => {
  const known = descriptions.get(tool)
  if (known) return known
  const described = { name: tool.name, description: tool.description, inputSchema: describeTool(tool).inputSchema }
  descriptions.set(tool, described)
  return described
}

/**
 * Runs one call to completion through the retry executor (decode with coercion, handler, and on a
 * retryable failure a corrected dispatch); never fails. A SamplingClient in the context lets the
 * Corrector ask the client's model.
 */
export const runTool = <R>(tool: AnyTool<R>, args: unknown) =>
  execute(tool, args, descriptionOf(tool)).pipe(
    Effect.flatMap((outcome) => {
      let defect: Cause.Cause<unknown> | undefined
      const result = toToolResult(outcome, (cause) => (defect = cause))
      return defect ? Effect.logError(`tool ${tool.name} failed with a defect`, Cause.pretty(defect)).pipe(Effect.as(result)) : Effect.succeed(result)
    })
  )

/** The self-correction services from the context when provided, else built from configuration. */
const selfCorrectionServices = Effect.gen(function* () {
  const configured = yield* Effect.serviceOption(SelfCorrectionConfig)
  const settings = Option.isSome(configured) ? configured.value : yield* Effect.orDie(selfCorrectionConfig)
  const policy = Option.getOrElse(yield* Effect.serviceOption(RetryPolicy), () => RetryPolicy.make(settings))
  const corrector = Option.getOrElse(yield* Effect.serviceOption(Corrector), () => Corrector.make(policy))
  return { policy, corrector }
})

/** Builds an SDK Server serving `tools` with the services of the current context. */
export const makeServer = <R>(tools: ReadonlyArray<AnyTool<R>>) =>
  Effect.gen(function* () {
    const context = yield* Effect.context<R>()
    const { policy, corrector } = yield* selfCorrectionServices
    const byName = new Map(tools.map((t) => [t.name, t]))
    const listing = tools.map(describeTool)
    // logging: the SDK answers logging/setLevel and filters sendLoggingMessage by the level set per session
    const server = new Server(serverInfo, { capabilities: { tools: { listChanged: false }, logging: {} }, instructions })
    server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: listing }))
    server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
      const tool = byName.get(request.params.name)
      if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name}. Available: ${[...byName.keys()].join(", ")}`)
      const sampling = samplingClientFor(server, extra)
      const call = runTool(tool, request.params.arguments).pipe(
        Effect.provideService(RetryPolicy, policy),
        Effect.provideService(Corrector, corrector),
        (eff) => (Option.isSome(sampling) ? Effect.provideService(eff, SamplingClient, sampling.value) : eff)
      )
      const result = await Effect.runPromiseWith(context)(call, { signal: extra.signal })
      // a defect also goes to the client's log (details stay in the server's stderr)
      if (result.isError && (result.structuredContent as { error_type?: unknown } | undefined)?.error_type === "internal_error") {
        await server.sendLoggingMessage({ level: "error", logger: "dimensional", data: `${tool.name} failed with an internal error` }, extra.sessionId).catch(() => undefined)
      }
      return result
    })
    return server
  })
