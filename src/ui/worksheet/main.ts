/**
 * The worksheet view (issue 32): what a host with MCP Apps shows beside a compute, convert or
 * call_formula result, so that a person can check the work before acting on it. It lays out the
 * server's own result; the one thing it asks of the server is a conversion of the result to another
 * unit (the convert tool, through the host), and the catalog's units for completing that field.
 *
 * Built by scripts/build.ts (src/mcp/apps/buildWorksheet.ts) into one HTML document with this
 * script and its style inline; it loads nothing and connects nowhere (its CSP says so).
 */
import type { McpUiHostContext } from "@modelcontextprotocol/ext-apps"
import { type Bridge, type ToolResult, connect } from "./bridge.ts"
import { type Worksheet, worksheetOf } from "./model.ts"
import { h, render } from "./render.ts"
import { copyText } from "./clipboard.ts"

const root = document.getElementById("worksheet")!
const state: { args: Record<string, unknown>; result?: ToolResult; tool?: string; canCall: boolean } = { args: {}, canCall: false }

/** The host's theme and style variables (the spec's standard names); the view's own defaults stand for the rest. */
const applyContext = (context: Partial<McpUiHostContext>) => {
  const html = document.documentElement
  if (context.theme === "light" || context.theme === "dark") {
    html.dataset.theme = context.theme
    html.style.colorScheme = context.theme
  }
  for (const [name, value] of Object.entries(context.styles?.variables ?? {}))
    if (name.startsWith("--") && typeof value === "string" && value !== "") html.style.setProperty(name, value)
  if (context.toolInfo?.tool?.name) state.tool = context.toolInfo.tool.name
}

const show = (...children: ReadonlyArray<Node | false>) => root.replaceChildren(...children.filter((c): c is Node => c !== false))

const waiting = (text: string) => show(h("p", { class: "waiting", role: "status" }, text))

let bridge: Bridge | undefined

const redraw = () => {
  if (!state.result) return
  const sheet = worksheetOf(state.args, state.result as Record<string, unknown>, state.tool)
  show(...render(sheet, "h1", copyText), sheet.kind === "worked" && state.canCall ? targetForm(sheet) : false)
}

/** The units of the result's dimension from the catalog (list_units), for the field's completion. */
const completion = async (list: HTMLDataListElement, dimension: string | undefined, args: Readonly<Record<string, unknown>>) => {
  if (!bridge || dimension === undefined) return
  const workspace = typeof args.workspace === "string" ? { workspace: args.workspace } : {}
  const answer = (await bridge.callTool("list_units", { dimension, limit: 100, ...workspace }).catch(() => undefined)) as
    | { structuredContent?: { result?: Array<{ shorthand: string; name: string }> }; isError?: boolean }
    | undefined
  if (!answer || answer.isError) return
  const options = (answer.structuredContent?.result ?? []).map((u) => h("option", { value: u.shorthand, label: u.name }))
  list.replaceChildren(...options)
}

/** What a conversion to another unit starts from: convert's own question again, else the result. */
const convertedFrom = (sheet: Extract<Worksheet, { kind: "worked" }>): string =>
  sheet.tool === "convert" && !("formula" in sheet.start)
    ? (sheet.start.written ?? `${sheet.start.value} ${sheet.start.unit}`)
    : `${sheet.outcome.quantity} ${sheet.outcome.unit}`

/** Change the target unit: the view asks the server's convert for the result in it, and shows that worksheet below. */
const targetForm = (sheet: Extract<Worksheet, { kind: "worked" }>): HTMLElement => {
  const input = h("input", {
    id: "target",
    name: "target",
    list: "target-units",
    autocomplete: "off",
    spellcheck: "false",
    required: "",
    "aria-describedby": "target-help"
  }) as HTMLInputElement
  const list = h("datalist", { id: "target-units" }) as HTMLDataListElement
  const out = h("div", { class: "again", "aria-live": "polite" })
  const button = h("button", { type: "button" }, "Convert")
  let listed = false
  input.addEventListener("focus", () => {
    if (listed) return
    listed = true
    void completion(list, sheet.outcome.dimension, sheet.reconvert)
  })
  const form = h(
    "form",
    { class: "target" },
    h("label", { for: "target" }, "Show the result in another unit"),
    h("div", { class: "row" }, input, button),
    list,
    h("p", { id: "target-help", class: "digits" }, `The server's convert tool answers: ${convertedFrom(sheet)} \u2192 the unit you type.`),
    out
  )
  const convert = () => {
    const target = input.value.trim()
    if (!bridge || target === "" || button.hasAttribute("disabled")) return
    button.setAttribute("disabled", "")
    out.replaceChildren(h("p", { class: "waiting", role: "status" }, `Converting to ${target}\u2026`))
    const args = { ...sheet.reconvert, to_unit: target }
    bridge
      .callTool("convert", args)
      .then(
        (answer) => out.replaceChildren(...render(worksheetOf(args, answer as Record<string, unknown>, "convert"), "h2", copyText).filter((c) => c !== false)),
        (error: Error) => out.replaceChildren(h("p", { class: "error" }, `The host did not run convert: ${error.message}`))
      )
      .finally(() => button.removeAttribute("disabled"))
  }
  // Enter and the button, never a form submission: a host's sandbox may withhold forms (allow-forms)
  input.addEventListener("keydown", (event) => {
    if (event.key !== "Enter") return
    event.preventDefault()
    convert()
  })
  button.addEventListener("click", convert)
  form.addEventListener("submit", (event) => event.preventDefault())
  return form
}

if (window.parent === window) {
  waiting("This worksheet is shown by an MCP host beside a compute, convert or call_formula result.")
} else {
  waiting("Waiting for the result\u2026")
  bridge = connect(
    {
      toolInput: (args) => {
        state.args = { ...args }
        redraw()
      },
      toolResult: (result) => {
        state.result = result
        redraw()
      },
      toolCancelled: (reason) => waiting(`The call was cancelled${reason ? `: ${reason}` : ""}.`),
      hostContext: applyContext
    },
    { name: "dimensional-worksheet", version: "1.0.0" }
  )
  bridge.ready.then(
    (init) => {
      state.canCall = init.hostCapabilities?.serverTools !== undefined
      redraw()
    },
    () => undefined
  )
}
