// Protocol revision 2026-07-28 as a client pinned to it meets the server, over both real
// transports (`dimensional mcp` on stdio, `mcp --http` on loopback): discovery instead of
// initialize, no session, and state in a workspace the call names. A client in auto mode lands on
// 2026-07-28 too, and a 2025-era client keeps working on the same HTTP server.
import { Client, StreamableHTTPClientTransport, type Transport } from "@modelcontextprotocol/client"
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio"
import type { CallToolResult } from "@modelcontextprotocol/client"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { builtBin } from "../support/builtCommand.ts"
import { type SpawnedServer, connectHttpClient, repoRoot, spawnServer } from "../support/httpServer.ts"

type Mode = "auto" | { readonly pin: "2026-07-28" }

const connect = async (transport: Transport, mode: Mode = { pin: "2026-07-28" }, sampling?: (prompt: string) => string) => {
  const client = new Client({ name: "modern-e2e", version: "1.0.0" }, { versionNegotiation: { mode }, ...(sampling ? { capabilities: { sampling: {} } } : {}) })
  if (sampling) {
    client.setRequestHandler("sampling/createMessage", async (request) => {
      const text = request.params.messages.map((m) => (m.content as { text?: string }).text ?? "").join("\n")
      return { role: "assistant", model: "test-model", content: { type: "text", text: sampling(text) } }
    })
  }
  await client.connect(transport)
  const call = async (name: string, args: Record<string, unknown> = {}) => {
    const result = (await client.callTool({ name, arguments: args })) as CallToolResult
    return { isError: result.isError === true, data: result.structuredContent as any }
  }
  return { client, call }
}

const stdio = () => new StdioClientTransport({ command: process.execPath, args: [builtBin(), "mcp"], cwd: repoRoot, stderr: "pipe" })

let server: SpawnedServer
beforeAll(async () => {
  server = await spawnServer({ env: { DIMENSIONAL_STORE: "memory" } })
})
afterAll(() => server.stop())

const http = () => new StreamableHTTPClientTransport(new URL(server.url))

describe.each([
  ["stdio", stdio],
  ["Streamable HTTP", http]
] as const)("2026-07-28 over %s", (_, transport) => {
  it("is negotiated by server/discover, and lists, converts and refuses as in the 2025 era", async () => {
    const { client, call } = await connect(transport())
    try {
      expect(client.getProtocolEra()).toBe("modern")
      expect(client.getServerVersion()).toMatchObject({ name: "dimensional" })
      const { tools } = await client.listTools()
      expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(["convert", "compute", "define_unit", "reset_session"]))
      expect((await call("convert", { value: 5, from_unit: "km", to_unit: "mi" })).data.quantity).toBeCloseTo(3.10685596118667, 13)
      const refused = await call("convert", { value: 1, from_unit: "kg", to_unit: "m" })
      expect(refused).toMatchObject({ isError: true, data: { error_type: "dimension_mismatch", parameter: "to_unit" } })
      const { resources } = await client.listResources()
      expect(resources.length).toBeGreaterThan(0)
    } finally {
      await client.close()
    }
  })

  it("keeps definitions in a workspace the define call creates and later calls name; none is shared by default", async () => {
    const { client, call } = await connect(transport())
    try {
      const defined = await call("define_unit", { name: "smoot", dimension: "length" })
      expect(defined.isError).toBe(false)
      const workspace: string = defined.data.workspace
      expect(workspace).toMatch(/^ws_[A-Za-z0-9_-]{20,}$/)
      expect((await call("define_conversion", { src: "smoot", dst: "m", factor: 1.7018, workspace })).data.workspace).toBe(workspace)
      // 1 smoot = 1.7018 m (GNU units' definitions)
      expect((await call("convert", { value: 2, from_unit: "smoot", to_unit: "m", workspace })).data.quantity).toBeCloseTo(3.4036, 12)
      // without the workspace there is no session to fall back on: the built-in catalog alone
      expect((await call("convert", { value: 2, from_unit: "smoot", to_unit: "m" })).data.error_type).toBe("unknown_unit")
      // another define without a workspace starts another one
      const other = await call("define_unit", { name: "smoot", dimension: "length" })
      expect(other.data.workspace).not.toBe(workspace)
      // an id nobody was given reaches nothing
      expect((await call("convert", { value: 1, from_unit: "m", to_unit: "km", workspace: "ws_notissuedtoanyone0000" })).data.error_type).toBe(
        "unknown_workspace"
      )
      // reset_session clears the named workspace
      expect((await call("reset_session", { workspace })).isError).toBe(false)
      expect((await call("convert", { value: 2, from_unit: "smoot", to_unit: "m", workspace })).data.error_type).toBe("unknown_unit")
    } finally {
      await client.close()
    }
  })

  it("asks the client's model through an input_required round to repair a malformed call, and says what it changed", async () => {
    const prompts: Array<string> = []
    const { client, call } = await connect(transport(), { pin: "2026-07-28" }, (prompt) => {
      prompts.push(prompt)
      return '{"arguments": {"value": 5, "from_unit": "km", "to_unit": "mi"}}'
    })
    try {
      const repaired = await call("convert", { value: "five", from_unit: "km", to_unit: "mi" })
      expect(repaired.isError).toBe(false)
      expect(repaired.data.quantity).toBeCloseTo(3.10685596118667, 13)
      expect(repaired.data.corrections).toEqual([{ parameter: "value", from: "five", to: 5, source: "sampling", note: "suggested by the client's model" }])
      expect(prompts).toHaveLength(1)
      expect(prompts[0]).toContain('"value":"five"')
    } finally {
      await client.close()
    }
  })

  it("is chosen by a client in auto mode", async () => {
    const { client, call } = await connect(transport(), "auto")
    try {
      expect(client.getProtocolEra()).toBe("modern")
      expect((await call("convert", { value: 100, from_unit: "degC", to_unit: "degF" })).data.quantity).toBe(212)
    } finally {
      await client.close()
    }
  })
})

describe("both eras on one HTTP server", () => {
  it("serves a 2025-era session and 2026-07-28 requests side by side, each with its own state", async () => {
    const legacy = await connectHttpClient(server.url, "legacy-client")
    const { client, call } = await connect(http())
    try {
      expect(legacy.client.getProtocolEra()).toBe("legacy")
      expect(legacy.sessionId()).toBeDefined()
      await legacy.call("define_unit", { name: "furlong_e2e", dimension: "length" })
      await legacy.call("define_conversion", { src: "furlong_e2e", dst: "m", factor: 201.168 })
      expect((await legacy.call("convert", { value: 1, from_unit: "furlong_e2e", to_unit: "m" })).data.quantity).toBe(201.168)
      expect((await call("convert", { value: 1, from_unit: "furlong_e2e", to_unit: "m" })).data.error_type).toBe("unknown_unit")
    } finally {
      await client.close()
      await legacy.close(true)
    }
  })
})
