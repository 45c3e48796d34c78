/** The node server under the platform, answering 503 until the platform's handler is attached. */
import { type IncomingMessage, type ServerResponse, createServer } from "node:http"
import { ErrorCodes } from "./answers.ts"

/**
 * The node server. The platform listens before it attaches its request handler, and Node leaves a
 * request with no handler unanswered: until the handler is attached, a request gets 503 with
 * Retry-After (a client that connects the moment the port opens retries instead of hanging).
 */
export const startingServer = () => {
  const server = createServer({ headersTimeout: 30_000, requestTimeout: 60_000, keepAliveTimeout: 5_000 })
  const starting = (_: IncomingMessage, response: ServerResponse) => {
    response.writeHead(503, { "content-type": "application/json", "retry-after": "1", connection: "close" })
    response.end(
      JSON.stringify({ jsonrpc: "2.0", error: { code: ErrorCodes.server, message: "Service Unavailable: the server is starting; retry shortly" }, id: null })
    )
  }
  server.on("request", starting)
  const attached = (event: string | symbol, listener: unknown) => {
    if (event !== "request" || listener === starting) return
    server.off("newListener", attached)
    // after this event: the platform's handler is being added now
    queueMicrotask(() => server.off("request", starting))
  }
  server.on("newListener", attached)
  return server
}
