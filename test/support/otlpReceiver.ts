// A receiver of OTLP/HTTP (JSON) traces on loopback, for the tests: it decodes the real payloads
// the server's exporter sends (resourceSpans → scopeSpans → spans) and keeps every span.
import { type Server, createServer } from "node:http"

export interface OtlpSpan {
  readonly traceId: string
  readonly spanId: string
  readonly parentSpanId?: string
  readonly name: string
  readonly kind: number
  readonly attributes: ReadonlyArray<{
    readonly key: string
    readonly value: { readonly stringValue?: string; readonly intValue?: number | string; readonly doubleValue?: number }
  }>
  readonly links?: ReadonlyArray<{ readonly traceId: string; readonly spanId: string }>
}

export interface OtlpReceiver {
  /** The endpoint to give the server (`--otlp-endpoint`). */
  readonly endpoint: string
  readonly spans: Array<OtlpSpan>
  /** The service.name of every batch received. */
  readonly services: Array<string>
  /** The first span `found` accepts, waiting for the exporter's batches (every second; a hang guard of 15 s, not a timing assertion). */
  readonly spanWith: (found: (span: OtlpSpan) => boolean) => Promise<OtlpSpan>
  readonly close: () => Promise<void>
}

/** A span's attribute as a string or a number. */
export const attribute = (span: OtlpSpan, name: string) => {
  const value = span.attributes.find((a) => a.key === name)?.value
  return value?.stringValue ?? (value?.intValue === undefined ? value?.doubleValue : Number(value.intValue))
}

export const startOtlpReceiver = async (): Promise<OtlpReceiver> => {
  const spans: Array<OtlpSpan> = []
  const services: Array<string> = []
  const receiver: Server = createServer((request, response) => {
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
  return {
    endpoint: `http://127.0.0.1:${port}`,
    spans,
    services,
    spanWith: async (found) => {
      const deadline = Date.now() + 15_000
      while (Date.now() < deadline) {
        const span = spans.find(found)
        if (span) return span
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
      throw new Error(`no such span among ${spans.length}`)
    },
    close: async () => {
      receiver.closeAllConnections()
      await new Promise((resolve) => receiver.close(resolve))
    }
  }
}
