/**
 * The view's side of MCP Apps (the `io.modelcontextprotocol/ui` extension, SEP-1865 2026-01-26):
 * JSON-RPC 2.0 over postMessage with the host. The view asks `ui/initialize`, says
 * `ui/notifications/initialized`, then hears the call's arguments and result, and may ask the host
 * to call a tool (`tools/call`, which the host forwards to this server).
 *
 * Written here rather than taken from the extension's `App` class: bundled for the browser, `App`
 * brings the MCP client's protocol core and zod (about 650 KB minified, 390 KB without zod's
 * locales), four times the 150 KB the whole view may weigh. The messages are the extension's own
 * types, so the compiler holds them to the spec, and the browser test drives this against the
 * extension's `AppBridge`. The spec says as much: a view needs no SDK to speak to its host.
 */
import type {
  McpUiAppCapabilities,
  McpUiHostContext,
  McpUiInitializeRequest,
  McpUiInitializeResult,
  McpUiSizeChangedNotification,
  McpUiToolCancelledNotification,
  McpUiToolInputNotification,
  McpUiToolResultNotification
} from "@modelcontextprotocol/ext-apps"

export type ToolResult = McpUiToolResultNotification["params"]

export interface Handlers {
  readonly toolInput: (args: Readonly<Record<string, unknown>>) => void
  readonly toolResult: (result: ToolResult) => void
  readonly toolCancelled: (reason: string | undefined) => void
  readonly hostContext: (context: Partial<McpUiHostContext>) => void
}

export interface Bridge {
  /** The host's answer to ui/initialize (its capabilities and context). */
  readonly ready: Promise<McpUiInitializeResult>
  /** tools/call through the host: the tool's result, or a rejection with the host's error. */
  readonly callTool: (name: string, args: Readonly<Record<string, unknown>>) => Promise<ToolResult>
}

/** The extension's protocol version this view speaks (ext-apps' LATEST_PROTOCOL_VERSION). */
const protocolVersion = "2026-01-26"
const appCapabilities: McpUiAppCapabilities = { availableDisplayModes: ["inline"] }

type Message = {
  readonly jsonrpc?: unknown
  readonly id?: string | number
  readonly method?: string
  readonly params?: unknown
  readonly result?: unknown
  readonly error?: { readonly message?: string }
}

/** Connects to the host in window.parent and routes what it sends to `handlers`. */
export const connect = (handlers: Handlers, appInfo: { readonly name: string; readonly version: string }): Bridge => {
  const host = window.parent
  const post = (message: object) => host.postMessage({ jsonrpc: "2.0", ...message }, "*")
  const pending = new Map<string | number, { readonly resolve: (r: unknown) => void; readonly reject: (e: Error) => void }>()
  let nextId = 1
  const request = <A>(method: string, params: object): Promise<A> =>
    new Promise<A>((resolve, reject) => {
      const id = nextId++
      pending.set(id, { resolve: resolve as (r: unknown) => void, reject })
      post({ id, method, params })
    })

  const notifications: Readonly<Record<string, (params: unknown) => void>> = {
    "ui/notifications/tool-input": (p) => handlers.toolInput((p as McpUiToolInputNotification["params"]).arguments ?? {}),
    "ui/notifications/tool-result": (p) => handlers.toolResult(p as ToolResult),
    "ui/notifications/tool-cancelled": (p) => handlers.toolCancelled((p as McpUiToolCancelledNotification["params"] | undefined)?.reason),
    "ui/notifications/host-context-changed": (p) => handlers.hostContext(p as Partial<McpUiHostContext>)
  }

  window.addEventListener("message", (event: MessageEvent<Message>) => {
    // only the host that framed this view speaks to it
    if (event.source !== host) return
    const message = event.data
    if (typeof message !== "object" || message === null || message.jsonrpc !== "2.0") return
    if (message.method === undefined && message.id !== undefined) {
      const waiting = pending.get(message.id)
      pending.delete(message.id)
      if (message.error) waiting?.reject(new Error(message.error.message ?? "the host refused the request"))
      else waiting?.resolve(message.result)
      return
    }
    if (message.method === undefined) return
    if (message.id === undefined) return notifications[message.method]?.(message.params)
    // the host's requests: teardown and ping are answered; nothing else is offered
    if (message.method === "ui/resource-teardown" || message.method === "ping") post({ id: message.id, result: {} })
    else post({ id: message.id, error: { code: -32601, message: `Method not found: ${message.method}` } })
  })

  const params: McpUiInitializeRequest["params"] = { appInfo, appCapabilities, protocolVersion }
  const ready = request<McpUiInitializeResult>("ui/initialize", params).then((result) => {
    post({ method: "ui/notifications/initialized", params: {} })
    handlers.hostContext(result.hostContext ?? {})
    // the view's size is news to the host only once the handshake is done
    reportSize(post)
    return result
  })
  return { ready, callTool: (name, args) => request<ToolResult>("tools/call", { name, arguments: args }) }
}

/** Tells the host the view's height whenever it changes, so an inline frame fits its content. */
const reportSize = (post: (message: object) => void) => {
  let last = -1
  let scheduled = false
  const send = () => {
    scheduled = false
    const height = Math.ceil(document.documentElement.getBoundingClientRect().height)
    if (height === last) return
    last = height
    const params: McpUiSizeChangedNotification["params"] = { height }
    post({ method: "ui/notifications/size-changed", params })
  }
  new ResizeObserver(() => {
    if (scheduled) return
    scheduled = true
    requestAnimationFrame(send)
  }).observe(document.documentElement)
}
