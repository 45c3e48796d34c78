/**
 * What a client that browses reads besides the tools (resources/*, completion/complete, prompts/*),
 * registered on each SDK Server the factory builds (server.ts): only what reads through the tools
 * that are on. Unknown names are protocol errors (invalid params) that echo at most 120 characters.
 */
import { ProtocolError, ProtocolErrorCode, type ReadResourceResult, type Server } from "@modelcontextprotocol/server"
import { Effect } from "effect"
import { completePrompt, completeTemplate } from "./completions.ts"
import { prompts } from "./prompts.ts"
import * as Resources from "./resources.ts"

const MAX_PROMPT_ARGUMENT = 1000

/** An echoed input, at most 120 characters: an error never returns a client's whole payload. */
const clipped = (text: string): string => (text.length <= 120 ? text : `${text.slice(0, 117)}… (${text.length} characters)`)

const unknownResource = (uri: string, on: ReadonlySet<string>) =>
  new ProtocolError(
    ProtocolErrorCode.InvalidParams,
    `Unknown resource: ${clipped(uri)}. Resources: ${Resources.resourcesFor(on)
      .map((r) => r.uri)
      .join(", ")}; templates: ${Resources.templatesFor(on)
      .map((t) => t.uriTemplate)
      .join(", ")}`
  )

/**
 * Resources (catalog, constants, formulas, error types), their templates, completions from the
 * catalog, and the workflow prompts: those whose tools are `on`.
 */
export const registerBrowsing = (
  server: Server,
  // biome-ignore lint/suspicious/noExplicitAny: the SDK callback cannot carry the tools' requirements; the context built for this server provides every one of them (ToolServices)
  run: <A>(effect: Effect.Effect<A, never, any>) => Promise<A>,
  runTool: Resources.RunTool,
  on: ReadonlySet<string>,
  /** A view-only resource this server also reads (apps/worksheet.ts): read, never listed. */
  readView?: (uri: string) => Promise<ReadResourceResult | undefined>
) => {
  const offered = prompts.filter((p) => p.tools.every((t) => on.has(t)))
  const templates = Resources.templatesFor(on)
  server.setRequestHandler("resources/list", async () => ({ resources: [...Resources.resourcesFor(on)] }))
  server.setRequestHandler("resources/templates/list", async () => ({ resourceTemplates: [...templates] }))
  server.setRequestHandler("resources/read", async (request) => {
    const contents = (await readView?.(request.params.uri)) ?? (await run(Resources.read(request.params.uri, runTool, on)))
    if (!contents) throw unknownResource(request.params.uri, on)
    return contents
  })
  server.setRequestHandler("completion/complete", async (request) => {
    const { ref, argument } = request.params
    // a client sends what the user typed; an argument is bounded, as a prompt's are
    const typed = argument.value.slice(0, MAX_PROMPT_ARGUMENT)
    const completed =
      ref.type === "ref/prompt"
        ? completePrompt(offered.find((p) => p.name === ref.name)?.arguments.find((a) => a.name === argument.name)?.complete, typed)
        : templates.some((t) => t.uriTemplate === ref.uri)
          ? completeTemplate(ref.uri, argument.name, typed)
          : Effect.succeed({ values: [], total: 0, hasMore: false })
    return { completion: { ...(await run(completed)) } }
  })
  server.setRequestHandler("prompts/list", async () => ({
    prompts: offered.map((p) => ({ name: p.name, title: p.title, description: p.description, arguments: p.arguments.map(({ complete: _, ...a }) => a) }))
  }))
  server.setRequestHandler("prompts/get", async (request) => {
    const prompt = offered.find((p) => p.name === request.params.name)
    if (!prompt)
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        `Unknown prompt: ${clipped(request.params.name)}. Prompts: ${offered.map((p) => p.name).join(", ") || "none (their tools are off)"}`
      )
    const args = request.params.arguments ?? {}
    const missing = prompt.arguments.filter((a) => a.required && !args[a.name])
    if (missing.length > 0) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Prompt ${prompt.name} needs ${missing.map((a) => a.name).join(", ")}`)
    // a prompt's text quotes its arguments: each is bounded, so the answer is too
    const long = Object.entries(args).find(([, v]) => typeof v === "string" && v.length > MAX_PROMPT_ARGUMENT)
    if (long)
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        `Prompt argument ${clipped(long[0])} is ${long[1].length} characters; at most ${MAX_PROMPT_ARGUMENT}`
      )
    return { description: prompt.description, messages: [{ role: "user" as const, content: { type: "text" as const, text: prompt.text(args) } }] }
  })
}
