// `dimensional mcp --http --otlp-endpoint URL`: a span per request exported over OTLP/HTTP (JSON)
// to a receiver in the test that decodes the real payloads: the trace an incoming `traceparent`
// started is continued, the span names the route, status, tool and principal (never the token),
// and the request's log line carries the same trace id.
import { createHash } from "node:crypto"
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { type Server, createServer } from "node:http"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type SpawnedServer, initializeBody, postRaw, spawnServer } from "../support/httpServer.ts"

interface OtlpSpan {
  readonly traceId: string
  readonly spanId: string
  readonly parentSpanId?: string
  readonly name: string
  readonly kind: number
  readonly attributes: ReadonlyArray<{ readonly key: string; readonly value: { readonly stringValue?: string; readonly intValue?: number | string } }>
}

const key = "tracing-key-5d2a8f1c4e"

describe("traces over OTLP/HTTP", () => {
  let dir: string
  let receiver: Server
  const spans: Array<OtlpSpan> = []
  const services: Array<string> = []
  let server: SpawnedServer
  beforeAll(async () => {
    receiver = createServer((request, response) => {
      let body = ""
      request.on("data", (chunk: Buffer) => (body += chunk.toString()))
      request.on("end", () => {
        if (request.url === "/v1/traces" && request.headers["content-type"] === "application/json") {
          const payload = JSON.parse(body) as {
            resourceSpans: Array<{ resource: { attributes: OtlpSpan["attributes"] }; scopeSpans: Array<{ spans: Array<OtlpSpan> }> }>
          }
          for (const rs of payload.resourceSpans) {
            services.push(rs.resource.attributes.find((a) => a.key === "service.name")?.value.stringValue ?? "")
            for (const ss of rs.scopeSpans) spans.push(...ss.spans)
          }
        }
        response.writeHead(200, { "content-type": "application/json" })
        response.end("{}")
      })
    })
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve))
    const address = receiver.address()
    const port = typeof address === "object" && address ? address.port : 0
    dir = mkdtempSync(join(tmpdir(), "dimensional-tracing-"))
    writeFileSync(join(dir, "keys"), `tracer sha256:${createHash("sha256").update(key).digest("hex")}\n`)
    server = await spawnServer({
      args: ["--api-keys-file", join(dir, "keys"), "--store", "memory", "--otlp-endpoint", `http://127.0.0.1:${port}`, "--log-format", "json"]
    })
  })
  afterAll(async () => {
    await server?.stop()
    receiver?.closeAllConnections()
    await new Promise((resolve) => receiver?.close(resolve))
    rmSync(dir, { recursive: true, force: true })
  })

  const attribute = (span: OtlpSpan, name: string) => {
    const value = span.attributes.find((a) => a.key === name)?.value
    return value?.stringValue ?? (value?.intValue === undefined ? undefined : Number(value.intValue))
  }

  /** Waits for the exporter's next batch (every second; a hang guard, not a timing assertion). */
  const spanWith = async (found: (span: OtlpSpan) => boolean) => {
    const deadline = Date.now() + 15_000
    while (Date.now() < deadline) {
      const span = spans.find(found)
      if (span) return span
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    throw new Error(`no such span among ${spans.length}`)
  }

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
    const span = await spanWith((s) => s.traceId === traceId && attribute(s, "mcp.tool") === "convert")
    expect(span.parentSpanId).toBe("a1b2c3d4e5f60718")
    expect(span.kind).toBe(2) // SPAN_KIND_SERVER
    expect(attribute(span, "http.route")).toBe("/mcp")
    expect(attribute(span, "http.response.status_code")).toBe(200)
    expect(attribute(span, "enduser.id")).toBe("key:tracer")
    expect(JSON.stringify(spans)).not.toContain(key)
    expect(services).toContain("dimensional")
    // the log line of that request names the same trace
    const line = server
      .stderr()
      .split("\n")
      .filter((l) => l.startsWith("{"))
      .map((l) => JSON.parse(l) as { annotations: Record<string, unknown> })
      .find((l) => l.annotations.tool === "convert")
    expect(line?.annotations.traceId).toBe(traceId)
  }, 30_000)

  it("records a refused request's reason on its span", async () => {
    const traceId = "0af7651916cd43dd8448eb211c80319c"
    await (await postRaw(server.url, initializeBody, { traceparent: `00-${traceId}-b7ad6b7169203331-01` })).text()
    const span = await spanWith((s) => s.traceId === traceId)
    expect(attribute(span, "http.response.status_code")).toBe(401)
    expect(attribute(span, "dimensional.refusal")).toBe("missing")
  }, 30_000)
})
