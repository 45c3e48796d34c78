// Which era answers a request: the fast check the HTTP front makes for plain 2025-era messages
// never disagrees with the SDK's own classifier (isLegacyRequest) where it answers.
import { isLegacyRequest } from "@modelcontextprotocol/server"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { plainlyLegacy } from "../../../src/mcp/transports/http/server.ts"

const envelope = { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {} }

const headersArb = fc.record(
  {
    "mcp-protocol-version": fc.constantFrom("2025-11-25", "2025-06-18", "2025-03-26", "2026-07-28", "2099-01-01", ""),
    "mcp-method": fc.constantFrom("tools/call", "server/discover"),
    "mcp-session-id": fc.constantFrom("abc", "4c2d9a")
  },
  { requiredKeys: [] }
)

const metaArb = fc.oneof(
  fc.constant(undefined),
  fc.constant(envelope),
  fc.constant({ progressToken: 1 }),
  fc.constant({ "io.modelcontextprotocol/protocolVersion": "2026-07-28" }),
  fc.constant({ "io.modelcontextprotocol/logLevel": "info" }),
  fc.constant("not an object"),
  fc.constant(null)
)

const bodyArb = fc.record({
  jsonrpc: fc.constant("2.0"),
  id: fc.integer({ min: 1, max: 100 }),
  method: fc.constantFrom("tools/call", "tools/list", "initialize", "server/discover", "ping"),
  params: fc.option(fc.record({ name: fc.constant("convert"), _meta: metaArb }, { requiredKeys: ["name"] }), { nil: undefined })
})

describe("era routing on HTTP", () => {
  it("treats a message as 2025-era on its own only where the SDK's classifier says so too", async () => {
    await fc.assert(
      fc.asyncProperty(headersArb, bodyArb, async (headers, body) => {
        if (!plainlyLegacy({ headers }, body)) return
        const request = new Request("http://127.0.0.1/mcp", {
          method: "POST",
          headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers }
        })
        expect(await isLegacyRequest(request, body)).toBe(true)
      }),
      { numRuns: 500 }
    )
  })

  it("takes the fast way for a plain session message, and leaves anything with the 2026-07-28 envelope or headers to the SDK", () => {
    const call = { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "convert" } }
    expect(plainlyLegacy({ headers: { "mcp-session-id": "s", "mcp-protocol-version": "2025-11-25" } }, call)).toBe(true)
    expect(plainlyLegacy({ headers: { "mcp-protocol-version": "2026-07-28" } }, call)).toBe(false)
    expect(plainlyLegacy({ headers: { "mcp-method": "tools/call" } }, call)).toBe(false)
    expect(plainlyLegacy({ headers: {} }, { ...call, params: { name: "convert", _meta: envelope } })).toBe(false)
  })
})
