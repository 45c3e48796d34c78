/** The Effect request as the web Request the SDK takes, and the SDK's web Response as one the platform sends. */
import { SUPPORTED_PROTOCOL_VERSIONS } from "@modelcontextprotocol/server"
import type { HttpServerRequest } from "effect/http"

/** The Effect request as the web Request the SDK takes (its body was already read, if any). */
export const toWebRequest = (request: HttpServerRequest.HttpServerRequest): Request => {
  const headers = new Headers()
  for (const [name, value] of Object.entries(request.headers)) if (typeof value === "string") headers.set(name, value)
  let url: URL
  try {
    url = new URL(request.url, `http://${request.headers.host ?? "localhost"}`)
  } catch {
    url = new URL(request.url, "http://localhost")
  }
  return new Request(url, { method: request.method, headers })
}

/**
 * For a session, the revision agreed at initialize stands in for an MCP-Protocol-Version header
 * naming another supported revision: what the client can read (an SSE priming event with empty
 * data needs 2025-11-25) was settled by that agreement.
 */
export const withNegotiated = (web: Request, negotiated: string | undefined): Request => {
  const sent = web.headers.get("mcp-protocol-version")
  if (negotiated !== undefined && sent !== null && sent !== negotiated && SUPPORTED_PROTOCOL_VERSIONS.includes(sent))
    web.headers.set("mcp-protocol-version", negotiated)
  return web
}

export const openingComment = new TextEncoder().encode(": stream open\n\n")

/**
 * Node sends a response's headers with its first body bytes, and the standalone GET stream may stay
 * silent for minutes: start it with an SSE comment (clients ignore it) so the client sees 200 at
 * once. (A POST's stream carries its answer promptly.) Cancelling the wrapper (client gone)
 * cancels the transport's stream, which frees the session's GET slot for a reconnect.
 */
export const asStandaloneStream = (response: Response, method: string): Response => {
  if (method !== "GET" || response.body === null || !(response.headers.get("content-type") ?? "").startsWith("text/event-stream")) return response
  const reader = response.body.getReader()
  const body = new ReadableStream<Uint8Array>({
    start: (controller) => controller.enqueue(openingComment),
    pull: async (controller) => {
      const { done, value } = await reader.read()
      if (done) controller.close()
      else controller.enqueue(value)
    },
    cancel: (reason) => reader.cancel(reason)
  })
  const headers = new Headers(response.headers)
  // the stream lives as long as the session: its connection is not worth keeping, and closing it
  // with the stream lets shutdown finish without waiting for an idle connection
  headers.set("connection", "close")
  return new Response(body, { status: response.status, statusText: response.statusText, headers })
}
