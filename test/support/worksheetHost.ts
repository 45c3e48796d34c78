// A web host for MCP Apps, as small as it can be and built on the extension's own AppBridge:
// bundled for the browser by test/e2e/worksheetBrowser.test.ts. It connects the official client to
// the server (Streamable HTTP), finds a tool's view in its _meta.ui.resourceUri, reads the view
// (resources/read), frames it sandboxed (scripts only, an opaque origin), and drives it as a host
// does: the call's arguments, then its result, both as the server sent them. The view's own
// requests (tools/call) go to the server through the bridge, and are recorded.
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client"
import type { CallToolResult, Tool } from "@modelcontextprotocol/client"
import {
  AppBridge,
  type McpUiHostContext,
  type McpUiResourceMeta,
  PostMessageTransport,
  RESOURCE_MIME_TYPE,
  buildAllowAttribute,
  getToolUiResourceUri
} from "@modelcontextprotocol/ext-apps/app-bridge"

/** Style variables as a host passes them (the spec's names, light-dark() pairs), distinct from the view's defaults. */
const hostVariables: Partial<NonNullable<NonNullable<McpUiHostContext["styles"]>["variables"]>> = {
  "--color-background-primary": "light-dark(#faf9f5, #262624)",
  "--color-background-secondary": "light-dark(#f0eee6, #30302e)",
  "--color-text-primary": "light-dark(#141413, #faf9f5)",
  "--color-text-secondary": "light-dark(#3d3d3a, #c2c0b6)",
  "--color-text-danger": "light-dark(#8f1d1d, #ff9d9d)",
  "--color-border-primary": "light-dark(#b7b5a9, #5e5d59)",
  "--color-border-secondary": "light-dark(#dedcd1, #3e3e38)",
  "--color-ring-primary": "light-dark(#2c5fbd, #8ab4ff)",
  "--font-sans": "Georgia, serif",
  "--border-radius-md": "10px"
}

interface Shown {
  readonly result: CallToolResult
  readonly mimeType: string | undefined
  readonly resourceMeta: McpUiResourceMeta | undefined
  readonly bytes: number
}

let client: Client
let tools: Array<Tool> = []
let bridge: AppBridge | undefined
/** Every tools/call the view asked of the host. */
const viewCalls: Array<{ readonly name: string; readonly arguments: unknown }> = []

const hostConnect = async (url: string) => {
  client = new Client(
    { name: "worksheet-test-host", version: "1.0.0" },
    { capabilities: { extensions: { "io.modelcontextprotocol/ui": { mimeTypes: [RESOURCE_MIME_TYPE] } } } }
  )
  await client.connect(new StreamableHTTPClientTransport(new URL(url)))
  tools = (await client.listTools()).tools
  return tools.map((t) => ({ name: t.name, resourceUri: getToolUiResourceUri(t) ?? null }))
}

/** Calls `name` with `args` as a model would, and shows its view at the page's width in `theme`. */
const hostShow = async (
  name: string,
  args: Record<string, unknown>,
  options: { readonly theme: "light" | "dark"; readonly styled: boolean; readonly serverTools: boolean }
): Promise<Shown> => {
  const tool = tools.find((t) => t.name === name)
  const uri = tool && getToolUiResourceUri(tool)
  if (!tool || !uri) throw new Error(`${name} names no view`)
  const read = await client.readResource({ uri })
  const content = read.contents[0]!
  const html = "text" in content ? content.text : ""
  const resourceMeta = (content._meta as { ui?: McpUiResourceMeta } | undefined)?.ui

  await bridge?.teardownResource({}).catch(() => undefined)
  await bridge?.close()
  const frame = document.createElement("iframe")
  frame.title = "Worksheet"
  frame.setAttribute("sandbox", "allow-scripts")
  frame.setAttribute("allow", buildAllowAttribute(resourceMeta?.permissions))
  document.getElementById("host")!.replaceChildren(frame)

  const hostContext: McpUiHostContext = {
    theme: options.theme,
    displayMode: "inline",
    platform: "web",
    locale: "en-US",
    toolInfo: { tool },
    containerDimensions: { maxHeight: 4000, width: frame.clientWidth },
    // a host passes any subset of the variables (the spec's words); the type asks for every one
    ...(options.styled ? { styles: { variables: hostVariables as NonNullable<NonNullable<McpUiHostContext["styles"]>["variables"]> } } : {})
  }
  document.documentElement.style.colorScheme = options.theme
  bridge = new AppBridge(null, { name: "worksheet-test-host", version: "1.0.0" }, options.serverTools ? { serverTools: {}, logging: {} } : { logging: {} }, {
    hostContext
  })
  bridge.oncalltool = async (params) => {
    viewCalls.push({ name: params.name, arguments: params.arguments })
    return (await client.callTool(params)) as CallToolResult
  }
  bridge.onsizechange = ({ height }) => {
    if (height !== undefined) frame.style.height = `${height}px`
  }
  const initialized = new Promise<void>((resolve) => (bridge!.oninitialized = () => resolve()))
  await bridge.connect(new PostMessageTransport(frame.contentWindow!, frame.contentWindow!))
  frame.srcdoc = html
  await initialized
  await bridge.sendToolInput({ arguments: args })
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult
  await bridge.sendToolResult(result)
  return { result, mimeType: content.mimeType, resourceMeta, bytes: new TextEncoder().encode(html).length }
}

const hostGlobal = globalThis as Record<string, unknown>
hostGlobal.hostConnect = hostConnect
hostGlobal.hostShow = hostShow
hostGlobal.viewCalls = viewCalls
