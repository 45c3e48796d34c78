/**
 * What tools/list says of a tool: its JSON Schemas, generated once per process from its Effect
 * Schemas, plus name, title, description and annotations. For the built-in tools the bundle carries
 * them precomputed (precomputedListing.ts): generating eighteen tools' schemas costs a cold start
 * 20-40 ms, and every client lists the tools first (the SDK client before its first call in the
 * 2026-07-28 era).
 */
import type { Tool as McpTool } from "@modelcontextprotocol/server"
import { Schema } from "effect"
import { tools as builtinTools } from "../tools/index.ts"
import type { AnyTool } from "../tools/Tool.ts"
import { precomputedListing } from "./precomputedListing.ts"

type JsonObject = { [key: string]: unknown }

const isObject = (u: unknown): u is JsonObject => typeof u === "object" && u !== null && !Array.isArray(u)

/** Effect's JSON Schema for a finite number also admits "Infinity" and "NaN" strings the server refuses. */
const isNonFiniteString = (u: unknown): boolean => isObject(u) && u.type === "string" && Array.isArray(u.enum) && u.enum.includes("NaN")

/**
 * A JSON Schema as an agent needs to read it, and no longer: no non-finite number strings, an
 * optional property as its own type (omitting it is how it is left out), no explicit
 * `additionalProperties: true` (the default). A nullable required field says its null as
 * `anyOf: [{type: X}, {type: "null"}]`, each branch one `type`: the MCP Inspector warns on
 * `type: [X, "null"]`, which clients that map tool schemas onto a single-`type` dialect (Gemini's
 * OpenAPI subset) reject or flatten.
 */
const compact = (schema: unknown, drop: ReadonlySet<string> = none): unknown => {
  if (Array.isArray(schema)) return schema.map((s) => compact(s, drop))
  if (!isObject(schema)) return schema
  const out: JsonObject = {}
  for (const [key, value] of Object.entries(schema)) {
    if ((key === "additionalProperties" && value === true) || drop.has(key) || isNonEmptyMark(key, value)) continue
    out[key] = key === "properties" && isObject(value) ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, compact(v, drop)])) : compact(value, drop)
  }
  if (Array.isArray(out.anyOf)) {
    const members = uniqueMembers((out.anyOf as Array<unknown>).filter((m) => !isNonFiniteString(m)))
    const { anyOf: _anyOf, ...rest } = out
    if (members.length === 1) return { ...(members[0] as JsonObject), ...rest }
    out.anyOf = members
  }
  if (isObject(out.properties)) {
    const required = new Set(Array.isArray(out.required) ? (out.required as Array<string>) : [])
    const properties: JsonObject = {}
    for (const [name, property] of Object.entries(out.properties)) {
      properties[name] = required.has(name) ? property : withoutNull(property)
    }
    out.properties = properties
  }
  return out
}

/** anyOf members, each once (an optional NullOr field comes out of Effect with two null branches). */
const uniqueMembers = (members: ReadonlyArray<unknown>): Array<unknown> => {
  const seen = new Set<string>()
  return members.filter((m) => {
    const key = JSON.stringify(m)
    return seen.has(key) ? false : (seen.add(key), true)
  })
}

const none: ReadonlySet<string> = new Set()
/**
 * Field examples stay out of the listing (descriptions say "e.g." where it helps, and an
 * invalid_input answer carries a whole valid example); output fields are named by the schema alone.
 * An input's `additionalProperties: false` is said once, in the server's instructions (arguments a
 * schema does not name are refused): on every object of every tool it cost 175 tokens.
 */
const inputOnly: ReadonlySet<string> = new Set(["examples", "additionalProperties"])

/**
 * "minLength: 1" on every string says only that an empty one is refused, which the refusal itself
 * says; Effect's Int bounds every integer by ±Number.MAX_SAFE_INTEGER, which says nothing to an agent.
 */
const isNonEmptyMark = (key: string, value: unknown) =>
  (key === "minLength" && value === 1) || (key === "minimum" && value === Number.MIN_SAFE_INTEGER) || (key === "maximum" && value === Number.MAX_SAFE_INTEGER)
const outputOnly: ReadonlySet<string> = new Set(["examples", "description"])

/** An optional property's `X | null` as X: the property is left out by omitting it. */
const withoutNull = (property: unknown): unknown => {
  if (!isObject(property) || !Array.isArray(property.anyOf)) return property
  const members = (property.anyOf as Array<unknown>).filter((m) => !(isObject(m) && m.type === "null" && Object.keys(m).length === 1))
  if (members.length !== 1) return { ...property, anyOf: members }
  const { anyOf: _anyOf, ...rest } = property
  return { ...(members[0] as JsonObject), ...rest }
}

/**
 * Shapes said once: a field several tools take with the same shape is spelled out in one tool's
 * listing (its owner, named here) and named in the others' as "as in <owner>". Their arguments are
 * decoded in full all the same, and a refusal carries a whole valid example.
 */
const saidOnce: Readonly<Record<string, { readonly owner: string; readonly type: string }>> = {
  custom_units: { owner: "convert", type: "array" },
  custom_edges: { owner: "convert", type: "array" }
}

/** A field whose shape is short but whose description is the same in several tools: described in its owner's listing only. */
const describedOnce: Readonly<Record<string, string>> = { notation: "convert" }

const withSharedShapes = (tool: AnyTool, schema: JsonObject): JsonObject => {
  if (!isObject(schema.properties)) return schema
  const properties: JsonObject = {}
  for (const [name, property] of Object.entries(schema.properties)) {
    const shared = saidOnce[name]
    const owner = describedOnce[name]
    if (shared && shared.owner !== tool.name && isObject(property))
      properties[name] = { type: shared.type, description: `${String(property.description ?? name)}: as in ${shared.owner}` }
    else if (owner !== undefined && owner !== tool.name && isObject(property)) {
      const { description: _description, ...rest } = property
      properties[name] = rest
    } else properties[name] = property
  }
  return { ...schema, properties }
}

/**
 * The error branch of every output schema. The SDK client checks structuredContent against the
 * output schema even for errors, so errors must fit; their full shape is described once, in the
 * server's instructions, instead of in all eighteen tools.
 */
const errorBranch: JsonObject = { required: ["error", "error_type"] }

/** A JSON Schema object for MCP: the document's schema with its definitions inlined as $defs. */
export const jsonSchemaOf = (schema: Schema.Top, options?: Schema.ToJsonSchemaOptions): JsonObject => {
  const document = Schema.toJsonSchemaDocument(schema, options)
  const root = { ...(document.schema as JsonObject) }
  if (Object.keys(document.definitions ?? {}).length > 0) root.$defs = document.definitions
  return root
}

/** The input JSON Schema; a tool without parameters is advertised as an empty object (Effect's `{}` accepts anything). */
const inputSchemaOf = (tool: AnyTool): McpTool["inputSchema"] => {
  const schema = withSharedShapes(tool, compact(jsonSchemaOf(tool.input, { onExcessProperty: "error" }), inputOnly) as JsonObject)
  const empty = schema.properties === undefined && schema.additionalProperties === undefined
  return (empty ? { type: "object", properties: {} } : { ...schema, type: "object" }) as McpTool["inputSchema"]
}

/** MCP's defaults for tool annotations: only a hint that differs from them needs saying. */
const defaultHints: Readonly<Record<string, boolean>> = { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true }
/** The hints that differ from MCP's defaults; destructive and idempotent mean nothing for a read-only tool (MCP spec, ToolAnnotations). */
const withoutDefaults = (hints: AnyTool["annotations"]): McpTool["annotations"] =>
  Object.fromEntries(
    Object.entries(hints).filter(([k, v]) => defaultHints[k] !== v && !(hints.readOnlyHint && (k === "destructiveHint" || k === "idempotentHint")))
  )

const listings = new WeakMap<AnyTool, McpTool>()

/**
 * tools/list entry. The input schema says what decoding enforces (no unknown fields). The output
 * schema admits the success shape or the structured error; both stay open to extra properties,
 * because the client validates structuredContent against it even when isError is true, and
 * results may carry `corrections` and `retry` besides the tool's own fields.
 */
export const describeTool = (tool: AnyTool): McpTool => {
  // generating JSON Schemas is the costliest part of start-up: each tool's once per process
  // (every HTTP session lists the same tools), and a built-in tool's not at all in the bundle
  const known = listings.get(tool) ?? precomputedFor(tool)
  if (known) return known
  return generate(tool)
}

const generate = (tool: AnyTool): McpTool => {
  // the wrapper says "object" for both branches
  const { type: _object, ...output } = compact(jsonSchemaOf(tool.output), outputOnly) as JsonObject
  const described: McpTool = {
    name: tool.name,
    // what hosts show in menus and approval dialogs (the spec's display order: title, annotations.title, name)
    title: tool.title,
    description: tool.description,
    inputSchema: inputSchemaOf(tool),
    outputSchema: { type: "object", anyOf: [output, errorBranch] } as unknown as McpTool["outputSchema"],
    annotations: withoutDefaults(tool.annotations)
  }
  listings.set(tool, described)
  return described
}

/** Bump when the layout below changes. */
export const listingVersion = 2

/** The built-in tools' entries as the JSON text the bundle carries: generated here, at build time. */
export const listingSnapshot = (): string => JSON.stringify({ version: listingVersion, tools: builtinTools.map(generate) })

/** The entries a snapshot holds, in built-in order, or undefined when it is of another version or its entries are not the built-in tools by name in order. */
export const readListing = (text: string): ReadonlyArray<McpTool> | undefined => {
  const snapshot = JSON.parse(text) as { readonly version: number; readonly tools: ReadonlyArray<McpTool> }
  const fits =
    snapshot.version === listingVersion && snapshot.tools.length === builtinTools.length && snapshot.tools.every((t, i) => t.name === builtinTools[i]!.name)
  return fits ? snapshot.tools : undefined
}

let restored = false

/**
 * A built-in tool's precomputed entry, once the snapshot is read into `listings`. Never misread: a
 * snapshot readListing refuses is not used (each entry is then generated), and a tool that is not
 * one of the built-in objects (a library user's own) is always generated.
 */
const precomputedFor = (tool: AnyTool): McpTool | undefined => {
  if (precomputedListing === undefined) return undefined
  if (!restored) {
    restored = true
    const entries = readListing(precomputedListing)
    if (entries) for (const [i, t] of builtinTools.entries()) listings.set(t, entries[i]!)
  }
  return listings.get(tool)
}
