/**
 * The worksheet view as MCP Apps declares it (the `io.modelcontextprotocol/ui` extension, SEP-1865,
 * stable 2026-01-26): compute, convert and call_formula name the `ui://` resource in their
 * `_meta.ui.resourceUri`; a host with the extension reads it (`text/html;profile=mcp-app`) and shows
 * it in a sandboxed frame beside the result, which it passes to the view. The results themselves are
 * the same with or without the view: a host without the extension sees exactly what it always did.
 *
 * The resource is left out of resources/list (the spec allows it for a view-only resource): a client
 * that browses resources would otherwise offer 25 KB of HTML as something to attach to a chat.
 * `--no-ui` (DIMENSIONAL_UI=false) turns the view off: no `_meta`, no resource.
 */
import type { McpUiResourceMeta, McpUiToolMeta } from "@modelcontextprotocol/ext-apps"
import { EXTENSION_ID, RESOURCE_MIME_TYPE, RESOURCE_URI_META_KEY } from "@modelcontextprotocol/ext-apps/server"
import type { ReadResourceResult, Tool as McpTool } from "@modelcontextprotocol/server"
import { Config, Context, Layer } from "effect"
import { worksheetHtml } from "./worksheetHtml.ts"

export const worksheetUri = "ui://dimensional/worksheet"

/** The flag's variable: `--no-ui` sets it false. */
export const uiEnv = "DIMENSIONAL_UI"
export const uiEnabled: Config.Config<boolean> = Config.Boolean(uiEnv).pipe(Config.withDefault(true))

/**
 * Whether servers made by the factory offer the view: on unless an entry's composition says
 * otherwise. The setting is read by a layer (the composition root, src/layers.ts), never by the
 * factory itself: read there through Effect's default ConfigProvider, it would freeze the
 * environment into the start-up snapshot, which builds a factory while it warms up.
 */
export const WorksheetView = Context.Reference<boolean>("dimensional/WorksheetView", { defaultValue: () => true })

/** The view as configured: `--no-ui` / DIMENSIONAL_UI=false turns it off. */
export const WorksheetViewFromConfig = Layer.effect(WorksheetView, uiEnabled)

/** The tools whose results the worksheet lays out. */
export const viewTools: ReadonlySet<string> = new Set(["compute", "convert", "call_formula"])

/**
 * A tool's `_meta`: the spec's `ui.resourceUri`, and the flat `ui/resourceUri` older hosts read,
 * as the extension's own registerAppTool writes both.
 */
const toolMeta = { ui: { resourceUri: worksheetUri } satisfies McpUiToolMeta, [RESOURCE_URI_META_KEY]: worksheetUri }

/** A tools/list entry with the view named, for the tools it lays out. */
export const withView = (tool: McpTool): McpTool => (viewTools.has(tool.name) ? { ...tool, _meta: { ...tool._meta, ...toolMeta } } : tool)

/**
 * What the host applies: no origin for anything (the spec's empty lists: no connections, no
 * resources, no frames), the clipboard for the copy button (hosts MAY grant it), a border.
 */
export const resourceMeta = {
  ui: {
    csp: { connectDomains: [], resourceDomains: [], frameDomains: [], baseUriDomains: [] },
    permissions: { clipboardWrite: {} },
    prefersBorder: true
  } satisfies McpUiResourceMeta
}

/** The server's side of the negotiation: it serves views of this type. */
export const uiCapability = { [EXTENSION_ID]: { mimeTypes: [RESOURCE_MIME_TYPE] } }

/** resources/read of the view, or undefined for another URI. */
export const readWorksheet = async (uri: string): Promise<ReadResourceResult | undefined> =>
  uri === worksheetUri ? { contents: [{ uri, mimeType: RESOURCE_MIME_TYPE, text: await worksheetHtml(), _meta: resourceMeta }] } : undefined
