// What a web page does with the official client (bundled for the browser by the browser test):
// connect to the server in one era, list the tools, convert, define a unit and use it, and report
// what it saw. Exposed as `runMcp` on the page's global object.
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client"

const runMcp = async (url: string, era: "2025" | "2026-07-28") => {
  const client = new Client({ name: "browser-page", version: "1.0.0" }, era === "2025" ? {} : { versionNegotiation: { mode: { pin: era } } })
  const transport = new StreamableHTTPClientTransport(new URL(url))
  await client.connect(transport)
  const call = async (name: string, args: Record<string, unknown>) =>
    (await client.callTool({ name, arguments: args })).structuredContent as Record<string, any>
  const { tools } = await client.listTools()
  const converted = await call("convert", { value: 5, from_unit: "km", to_unit: "mi" })
  const defined = await call("define_unit", { name: "smoot", dimension: "length" })
  const workspace = era === "2025" ? {} : { workspace: defined.workspace }
  await call("define_conversion", { src: "smoot", dst: "m", factor: 1.7018, ...workspace })
  const smoots = await call("convert", { value: 2, from_unit: "smoot", to_unit: "m", ...workspace })
  const result = {
    era: client.getProtocolEra(),
    // readable only when the server exposes the header to the page (CORS)
    sessionId: transport.sessionId ?? null,
    tools: tools.length,
    quantity: converted.quantity,
    smootsInMetres: smoots.quantity
  }
  if (era === "2025") await transport.terminateSession()
  await client.close()
  return result
}

;(globalThis as { runMcp?: typeof runMcp }).runMcp = runMcp
