/**
 * The params of a request the SDK would validate itself, checked first with the SDK's own spec
 * schemas (`specTypeSchemas`): the SDK reports a request whose params do not fit its method as an
 * internal error (-32603) carrying its validator's raw dump of issues (issue 33, item 15), where
 * JSON-RPC says invalid params (-32602) and a client or model reads one short line better. Of a
 * tool call only the envelope is checked here (a name, arguments that are an object): the
 * arguments themselves are checked, explained and repaired by the tools (mcp/repair/).
 */
import { type SpecTypeName, specTypeSchemas } from "@modelcontextprotocol/server"
import { Effect } from "effect"
import { HttpServerResponse } from "effect/http"
import { refuse } from "./route.ts"

/** The requests whose params the SDK validates by schema, by method. */
const schemaOf: Readonly<Record<string, SpecTypeName>> = {
  initialize: "InitializeRequest",
  ping: "PingRequest",
  "tools/list": "ListToolsRequest",
  "resources/list": "ListResourcesRequest",
  "resources/templates/list": "ListResourceTemplatesRequest",
  "resources/read": "ReadResourceRequest",
  "resources/subscribe": "SubscribeRequest",
  "resources/unsubscribe": "UnsubscribeRequest",
  "prompts/list": "ListPromptsRequest",
  "prompts/get": "GetPromptRequest",
  "logging/setLevel": "SetLevelRequest",
  "completion/complete": "CompleteRequest"
}

/** At most this many issues, each a path and a short reason, are named. */
const named = 3

const pathOf = (path: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }> | undefined) =>
  (path ?? []).map((p) => String(typeof p === "object" ? p.key : p)).join(".") || "params"

/** Lets a request whose params fit its method's schema through; answers -32602 naming what does not fit, otherwise. */
export const checkParams = (message: unknown) =>
  Effect.suspend(() => {
    const m = message as { id?: unknown; method?: unknown; params?: unknown }
    if (typeof m.method !== "string" || m.id === undefined) return Effect.void
    if (m.method === "tools/call") return toolCallEnvelope(m)
    const name = schemaOf[m.method]
    if (name === undefined) return Effect.void
    // the envelope's _meta is the era's (checked by the SDK's classifier), not the method's
    const params = typeof m.params === "object" && m.params !== null && !Array.isArray(m.params) ? { ...(m.params as object), _meta: undefined } : m.params
    const checked = specTypeSchemas[name]["~standard"].validate({ method: m.method, ...(m.params === undefined ? {} : { params }) })
    if (!("issues" in checked) || checked.issues === undefined || checked.issues.length === 0) return Effect.void
    const issues = checked.issues.slice(0, named).map((issue) => `${pathOf(issue.path)}: ${issue.message.slice(0, 120)}`)
    return invalidParams(m, `${issues.join("; ")}${checked.issues.length > named ? `; and ${checked.issues.length - named} more` : ""}`)
  })

interface Request {
  readonly id?: unknown
  readonly method?: unknown
  readonly params?: unknown
}

const invalidParams = (m: Request, what: string) =>
  refuse(
    HttpServerResponse.jsonUnsafe({
      jsonrpc: "2.0",
      id: typeof m.id === "string" ? m.id.slice(0, 200) : typeof m.id === "number" ? m.id : null,
      error: { code: -32602, message: `Invalid params for ${String(m.method).slice(0, 60)}: ${what}` }
    })
  )

/** A tool call's envelope: a tool's name, and arguments that are an object when given (their content is the tool's to check). */
const toolCallEnvelope = (m: Request) => {
  const params = m.params as { name?: unknown; arguments?: unknown } | undefined
  if (typeof params !== "object" || params === null || Array.isArray(params))
    return invalidParams(m, "params: expected an object with the tool's name and arguments")
  if (typeof params.name !== "string") return invalidParams(m, "params.name: expected the tool's name, a string")
  const args = params.arguments
  if (args !== undefined && (typeof args !== "object" || args === null || Array.isArray(args)))
    return invalidParams(m, "params.arguments: expected an object of the tool's arguments")
  return Effect.void
}
