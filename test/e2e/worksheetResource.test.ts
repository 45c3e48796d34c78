import { Client } from "@modelcontextprotocol/client"
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio"
import { ConfigProvider, Layer, ManagedRuntime } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { builtBin } from "../support/builtCommand.ts"
import { makeServerFactory } from "../../src/mcp/server.ts"
import { LogToStderr } from "../../src/mcp/transports/stdio/server.ts"
import { type ToolServices, tools } from "../../src/tools/index.ts"
import { InMemoryServices } from "../../src/layers.ts"
import { exposureFromConfig } from "../../src/mcp/toolsets.ts"
import { connectInProcess, eraOptions } from "../support/mcp.ts"

const uri = "ui://dimensional/worksheet"
const viewTools = ["call_formula", "compute", "convert"]

/** An in-process client on a server built with `settings` over the environment (as flags are). */
const connect = async (era: "legacy" | "modern", settings: Record<string, string> = {}) => {
  const config = ConfigProvider.layerAdd(ConfigProvider.fromUnknown(settings), { asPrimary: true })
  const runtime = ManagedRuntime.make(
    InMemoryServices(`worksheet-${era}`).pipe(Layer.provideMerge(exposureFromConfig), Layer.provideMerge(LogToStderr), Layer.provideMerge(config))
  )
  const factory = await runtime.runPromise(makeServerFactory<ToolServices>(tools))
  const client = new Client({ name: "worksheet-tests", version: "1.0.0" }, eraOptions(era))
  const closeServer = await connectInProcess(client, factory, era)
  return {
    client,
    close: async () => {
      await client.close()
      await closeServer()
      await runtime.dispose()
    }
  }
}

/** Real calls for each tool with the view, and a refusal (two readings). */
const calls = [
  {
    name: "compute",
    arguments: {
      initial_value: 5,
      initial_unit: "mcg/kg/min",
      factors: [
        { value: 80, numerator: "kg", denominator: "1" },
        { value: 1, numerator: "mg", denominator: "1000 mcg" },
        { value: 250, numerator: "mL", denominator: "400 mg" },
        { value: 60, numerator: "min", denominator: "h" }
      ],
      expected_unit: "mL/h"
    }
  },
  { name: "convert", arguments: { value: 100, from_unit: "mg/dL", to_unit: "mmol/L", substance: "glucose" } },
  { name: "convert", arguments: { value: 1, from_unit: "cwt", to_unit: "kg" } },
  { name: "call_formula", arguments: { name: "bmi", parameters: { mass: { value: 70, unit: "kg" }, height: { value: 1.75, unit: "m" } } } }
]

describe.each(["legacy", "modern"] as const)("the worksheet view through the SDK client (%s era)", (era) => {
  let withView: Awaited<ReturnType<typeof connect>>
  let without: Awaited<ReturnType<typeof connect>>
  beforeAll(async () => {
    withView = await connect(era)
    without = await connect(era, { DIMENSIONAL_UI: "false" })
  })
  afterAll(async () => {
    await withView?.close()
    await without?.close()
  })

  it("is named by compute, convert and call_formula in _meta.ui.resourceUri, and by no other tool", async () => {
    const { tools: listed } = await withView.client.listTools()
    const named = listed.filter((t) => t._meta !== undefined)
    expect(named.map((t) => t.name).sort()).toEqual(viewTools)
    for (const tool of named) expect(tool._meta, tool.name).toEqual({ ui: { resourceUri: uri }, "ui/resourceUri": uri })
    expect(withView.client.getServerCapabilities()?.extensions).toEqual({ "io.modelcontextprotocol/ui": { mimeTypes: ["text/html;profile=mcp-app"] } })
  })

  it("reads back as one self-contained HTML document of the MCP Apps type, with a CSP that allows nothing", async () => {
    const { contents } = await withView.client.readResource({ uri })
    expect(contents).toHaveLength(1)
    const [view] = contents as Array<{ uri: string; mimeType: string; text: string; _meta: unknown }>
    expect(view).toMatchObject({ uri, mimeType: "text/html;profile=mcp-app" })
    expect(view!._meta).toEqual({
      ui: { csp: { connectDomains: [], resourceDomains: [], frameDomains: [], baseUriDomains: [] }, permissions: { clipboardWrite: {} }, prefersBorder: true }
    })
    const html = view!.text
    expect(Buffer.byteLength(html)).toBeLessThan(150 * 1024)
    expect(html).toMatch(/^<!doctype html>/)
    expect(html).toContain(
      `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:;`
    )
    // nothing to fetch: no address, no external script or style sheet, no import
    expect(html).not.toMatch(/https?:\/\/|<script[^>]+src=|<link\b|@import|\bimport\(/i)
    expect(html.match(/<script>/g)).toHaveLength(1)
    expect(html.match(/<style>/g)).toHaveLength(1)
  })

  it("is read, not listed: resources/list and its templates are as they were", async () => {
    const listed = await withView.client.listResources()
    const before = await without.client.listResources()
    expect(listed).toEqual(before)
    expect(listed.resources.map((r) => r.uri)).not.toContain(uri)
  })

  it("with --no-ui: no _meta, no extension, no resource, and tools/list otherwise the same", async () => {
    const plain = (await without.client.listTools()).tools
    expect(plain.filter((t) => t._meta !== undefined)).toEqual([])
    expect(without.client.getServerCapabilities()?.extensions).toBeUndefined()
    const stripped = (await withView.client.listTools()).tools.map(({ _meta, ...rest }) => rest)
    expect(stripped).toEqual(plain)
    await expect(without.client.readResource({ uri })).rejects.toThrow(/Unknown resource/)
  })

  it.each(calls.map((c) => [`${c.name} ${JSON.stringify(c.arguments).slice(0, 60)}`, c] as const))(
    "answers %s exactly as without the view",
    async (_, call) => {
      const a = await withView.client.callTool(call)
      const b = await without.client.callTool(call)
      expect(a).toEqual(b)
    }
  )
})

describe("the view where an operator exposes fewer tools", () => {
  it("is named only by the exposed tools it lays out, and is not offered where none is exposed", async () => {
    const some = await connect("legacy", { DIMENSIONAL_TOOLSETS: "compute" })
    const none = await connect("legacy", { DIMENSIONAL_TOOLSETS: "workspace" })
    try {
      expect((await some.client.listTools()).tools.filter((t) => t._meta !== undefined).map((t) => t.name)).toEqual(["compute"])
      expect((await some.client.readResource({ uri })).contents[0]).toMatchObject({ mimeType: "text/html;profile=mcp-app" })
      expect((await none.client.listTools()).tools.filter((t) => t._meta !== undefined)).toEqual([])
      expect(none.client.getServerCapabilities()?.extensions).toBeUndefined()
      await expect(none.client.readResource({ uri })).rejects.toThrow(/Unknown resource/)
    } finally {
      await some.close()
      await none.close()
    }
  })
})

describe("the flag from the command line", () => {
  it.each([
    ["--no-ui", ["mcp", "--no-ui"], {}],
    ["DIMENSIONAL_UI=false", ["mcp"], { DIMENSIONAL_UI: "false" }],
    ["the default", ["mcp"], {}]
  ] as const)("%s over stdio", async (what, args, env) => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [builtBin(), ...args],
      env: { ...(process.env as Record<string, string>), ...env },
      stderr: "pipe"
    })
    const client = new Client({ name: "worksheet-flag-test", version: "1.0.0" })
    try {
      await client.connect(transport)
      const named = (await client.listTools()).tools.filter((t) => t._meta?.ui !== undefined).map((t) => t.name)
      expect(named.sort(), what).toEqual(what === "the default" ? viewTools : [])
    } finally {
      await client.close()
    }
  })
})
