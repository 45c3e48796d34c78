// `dimensional mcp --http --otlp-endpoint URL`: a span per request exported over OTLP/HTTP (JSON)
// to a receiver in the test that decodes the real payloads: the trace an incoming `traceparent`
// started is continued, the span names the route, status, tool and principal (never the token),
// and the request's log line carries the same trace id.
import { createHash } from "node:crypto"
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type SpawnedServer, initializeBody, postRaw, spawnServer } from "../support/httpServer.ts"
import { type OtlpReceiver, attribute, startOtlpReceiver } from "../support/otlpReceiver.ts"

const key = "tracing-key-5d2a8f1c4e"

describe("traces over OTLP/HTTP", () => {
  let dir: string
  let receiver: OtlpReceiver
  let server: SpawnedServer
  beforeAll(async () => {
    receiver = await startOtlpReceiver()
    dir = mkdtempSync(join(tmpdir(), "dimensional-tracing-"))
    writeFileSync(join(dir, "keys"), `tracer sha256:${createHash("sha256").update(key).digest("hex")}\n`)
    server = await spawnServer({
      // a store on disk: its operations are I/O, each a span (an in-memory store's are not: see the stdio test)
      args: ["--api-keys-file", join(dir, "keys"), "--store", `file:${join(dir, "store")}`, "--otlp-endpoint", receiver.endpoint, "--log-format", "json"]
    })
  })
  afterAll(async () => {
    await server?.stop()
    await receiver?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  const spanWith = (found: Parameters<OtlpReceiver["spanWith"]>[0]) => receiver.spanWith(found)

  it("never writes a token sent in the query string into a span: every query value is redacted (issue 33, item 8)", async () => {
    const secret = "query-token-0a1b2c3d4e5f"
    const traceId = "5cf92f3577b34da6a3ce929d0e0e4737"
    const refused = await postRaw(`${server.url}?access_token=${secret}&x=${secret}`, initializeBody, { traceparent: `00-${traceId}-00f067aa0ba902b8-01` })
    expect(refused.status).toBe(401)
    await refused.text()
    const span = await spanWith((s) => s.traceId === traceId && s.kind === 2)
    expect(String(attribute(span, "url.full"))).not.toContain(secret)
    expect(JSON.stringify(receiver.spans)).not.toContain(secret)
  })

  it("continues the caller's trace with a server span per request, naming route, status, tool and principal", async () => {
    const traceId = "4bf92f3577b34da6a3ce929d0e0e4736"
    const opened = await postRaw(server.url, initializeBody, { authorization: `Bearer ${key}`, traceparent: `00-${traceId}-00f067aa0ba902b7-01` })
    await opened.text()
    const session = opened.headers.get("mcp-session-id")!
    const called = await postRaw(
      server.url,
      JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "convert", arguments: { value: 3, from_unit: "km", to_unit: "m" } } }),
      {
        authorization: `Bearer ${key}`,
        "mcp-session-id": session,
        "mcp-protocol-version": "2025-11-25",
        traceparent: `00-${traceId}-a1b2c3d4e5f60718-01`
      }
    )
    expect(called.status).toBe(200)
    await called.text()
    const span = await spanWith((s) => s.traceId === traceId && s.kind === 2 && attribute(s, "mcp.tool") === "convert")
    expect(span.parentSpanId).toBe("a1b2c3d4e5f60718")
    expect(span.kind).toBe(2) // SPAN_KIND_SERVER
    expect(attribute(span, "http.route")).toBe("/mcp")
    expect(attribute(span, "http.response.status_code")).toBe(200)
    expect(attribute(span, "enduser.id")).toBe("key:tracer")
    expect(JSON.stringify(receiver.spans)).not.toContain(key)
    expect(receiver.services).toContain("dimensional")
    // the log line of that request names the same trace
    const line = server
      .stderr()
      .split("\n")
      .filter((l) => l.startsWith("{"))
      .map((l) => JSON.parse(l) as { annotations: Record<string, unknown> })
      .find((l) => l.annotations.tool === "convert")
    expect(line?.annotations.traceId).toBe(traceId)
  })

  it("records a refused request's reason on its span", async () => {
    const traceId = "0af7651916cd43dd8448eb211c80319c"
    await (await postRaw(server.url, initializeBody, { traceparent: `00-${traceId}-b7ad6b7169203331-01` })).text()
    const span = await spanWith((s) => s.traceId === traceId)
    expect(attribute(span, "http.response.status_code")).toBe(401)
    expect(attribute(span, "dimensional.refusal")).toBe("missing")
  })

  /** A tools/call on `session`, with extra headers and `_meta`. */
  const callTool = async (
    session: string,
    id: number,
    name: string,
    args: Record<string, unknown>,
    headers: Record<string, string>,
    meta?: Record<string, string>
  ) => {
    const response = await postRaw(
      server.url,
      JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params: { name, arguments: args, ...(meta ? { _meta: meta } : {}) } }),
      { authorization: `Bearer ${key}`, "mcp-session-id": session, "mcp-protocol-version": "2025-11-25", ...headers }
    )
    expect(response.status).toBe(200)
    return response.text()
  }

  const openSession = async () => {
    const opened = await postRaw(server.url, initializeBody, { authorization: `Bearer ${key}` })
    await opened.text()
    return opened.headers.get("mcp-session-id")!
  }

  it("gives each tool call its own span under the request's, with tool, era, outcome, error_type, retries and store time, and the store's operations under it", async () => {
    const session = await openSession()
    const traceId = "5a1c9e0b7d3f4a2b8c6e1f0a9b8c7d6e"
    await callTool(session, 3, "define_unit", { name: "smidgen", dimension: "length" }, { traceparent: `00-${traceId}-1111222233334444-01` })
    const call = await spanWith((s) => s.traceId === traceId && s.name === "tools/call define_unit")
    const request = receiver.spans.find((s) => s.traceId === traceId && s.parentSpanId === "1111222233334444")!
    expect(request.kind).toBe(2) // the HTTP request is the server span
    expect(call.parentSpanId).toBe(request.spanId)
    expect(call.kind).toBe(1) // SPAN_KIND_INTERNAL
    expect(attribute(call, "mcp.tool")).toBe("define_unit")
    expect(attribute(call, "mcp.era")).toBe("2025")
    expect(attribute(call, "dimensional.outcome")).toBe("success")
    expect(attribute(call, "dimensional.retries")).toBe(0)
    expect(Number(attribute(call, "dimensional.store_time_ms"))).toBeGreaterThan(0)
    // the definition was written: a store span under the call, naming the kind of store
    const write = await spanWith((s) => s.traceId === traceId && s.name === "WorkspaceStore.set")
    expect(write.parentSpanId).toBe(call.spanId)
    expect(attribute(write, "dimensional.store")).toBe("file")

    // a failing call: its error_type on its span
    const failedTrace = "6b2d0f1c8e4a5b3c9d7f2a1b0c9d8e7f"
    await callTool(session, 4, "convert", { value: 1, from_unit: "kg", to_unit: "m" }, { traceparent: `00-${failedTrace}-2222333344445555-01` })
    const failed = await spanWith((s) => s.traceId === failedTrace && s.name === "tools/call convert")
    expect(attribute(failed, "dimensional.outcome")).toBe("error")
    expect(attribute(failed, "dimensional.error_type")).toBe("dimension_mismatch")
  })

  it("continues the trace in the call's _meta over the HTTP header's, linking the request's span", async () => {
    const session = await openSession()
    const headerTrace = "7c3e1a2d9f5b6c4d0e8a3b2c1d0e9f8a"
    const metaTrace = "8d4f2b3e0a6c7d5e1f9b4c3d2e1f0a9b"
    await callTool(
      session,
      5,
      "convert",
      { value: 2, from_unit: "km", to_unit: "m" },
      { traceparent: `00-${headerTrace}-3333444455556666-01` },
      { traceparent: `00-${metaTrace}-4444555566667777-01`, tracestate: "vendor=abc" }
    )
    const call = await spanWith((s) => s.name === "tools/call convert" && s.traceId === metaTrace)
    expect(call.parentSpanId).toBe("4444555566667777")
    expect(attribute(call, "w3c.tracestate")).toBe("vendor=abc")
    // the HTTP request's span stays in the header's trace, and the call links to it
    const request = await spanWith((s) => s.traceId === headerTrace && s.parentSpanId === "3333444455556666")
    expect(call.links?.map((l) => [l.traceId, l.spanId])).toEqual([[headerTrace, request.spanId]])
    // a malformed traceparent in _meta is ignored: the header's trace goes on
    const otherHeader = "9e5a3c4f1b7d8e6f2a0c5d4e3f2a1b0c"
    await callTool(
      session,
      6,
      "convert",
      { value: 3, from_unit: "km", to_unit: "m" },
      { traceparent: `00-${otherHeader}-5555666677778888-01` },
      { traceparent: "not-a-trace" }
    )
    const plain = await spanWith((s) => s.name === "tools/call convert" && s.traceId === otherHeader)
    expect(plain.links ?? []).toEqual([])
  })

  it("puts a 2026-07-28 call's span under its request's too", async () => {
    const traceId = "a0b1c2d3e4f5061728394a5b6c7d8e9f"
    const response = await postRaw(
      server.url,
      JSON.stringify({
        jsonrpc: "2.0",
        id: 7,
        method: "tools/call",
        params: {
          name: "convert",
          arguments: { value: 4, from_unit: "km", to_unit: "m" },
          _meta: { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {} }
        }
      }),
      {
        authorization: `Bearer ${key}`,
        "mcp-protocol-version": "2026-07-28",
        "mcp-method": "tools/call",
        "mcp-name": "convert",
        traceparent: `00-${traceId}-6666777788889999-01`
      }
    )
    const answer = await response.text()
    expect(response.status, answer).toBe(200)
    const call = await spanWith((s) => s.traceId === traceId && s.name === "tools/call convert")
    const request = await spanWith((s) => s.traceId === traceId && s.parentSpanId === "6666777788889999")
    expect(call.parentSpanId).toBe(request.spanId)
    expect(attribute(call, "mcp.era")).toBe("2026-07-28")
  })
})

describe("head sampling over HTTP (--trace-sample-ratio)", () => {
  let receiver: OtlpReceiver
  let server: SpawnedServer
  beforeAll(async () => {
    receiver = await startOtlpReceiver()
    server = await spawnServer({ args: ["--store", "memory", "--otlp-endpoint", receiver.endpoint, "--trace-sample-ratio", "0"] })
  })
  afterAll(async () => {
    await server?.stop()
    await receiver?.close()
  })

  it("records no request that starts a trace at ratio 0, and every one a sampled traceparent continues, its tool call under it", async () => {
    const call = (id: number, headers: Record<string, string>) =>
      postRaw(
        server.url,
        JSON.stringify({
          jsonrpc: "2.0",
          id,
          method: "tools/call",
          params: {
            name: "convert",
            arguments: { value: id, from_unit: "km", to_unit: "m" },
            _meta: { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {} }
          }
        }),
        { "mcp-protocol-version": "2026-07-28", "mcp-method": "tools/call", "mcp-name": "convert", ...headers }
      )
    const traceId = "5bf92f3577b34da6a3ce929d0e0e4737"
    for (const answer of [await call(1, {}), await call(2, { traceparent: `00-${traceId}-00f067aa0ba902b8-01` })]) {
      expect(answer.status).toBe(200)
      await answer.text()
    }
    const tool = await receiver.spanWith((s) => s.traceId === traceId && s.name === "tools/call convert")
    const request = await receiver.spanWith((s) => s.traceId === traceId && s.kind === 2)
    expect(tool.parentSpanId).toBe(request.spanId)
    await new Promise((resolve) => setTimeout(resolve, 1500))
    expect(receiver.spans.filter((s) => s.traceId !== traceId)).toEqual([])
  })
})
