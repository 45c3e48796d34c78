/**
 * What tools/list says of a tool: its JSON Schemas, generated once per process from its Effect
 * Schemas, plus name, title, description and annotations.
 */
import type { Tool as McpTool } from "@modelcontextprotocol/sdk/types.js"
import { Schema } from "effect"
import type { AnyTool } from "../tools/Tool.ts"
import { ToolError } from "./toolResult.ts"

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
