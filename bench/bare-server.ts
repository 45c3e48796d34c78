/**
 * The protocol floor: a bare MCP server on the v2 SDK's low-level Server, whose one tool `convert`
 * returns a constant. It does nothing but speak the protocol, so the distance between it and our
 * server is what our own work costs per call and at start-up.
 *
 * Its answer and tools/list entry are bench/lib/bareTool.ts: a constant the shape and size of our
 * convert result for 5 km → mi, and (with BARE_TOOL_FILE) our convert tool's entry, output schema
 * included, so both servers serialise the same JSON and a client validates both answers alike.
 *
 * It serves both protocol eras the way ours does, so each era is compared like with like:
 *   stdio  `serveStdio(factory)`: the opening message picks the era, one instance per connection.
 *   HTTP   2025-era requests to sessionful, resumable transports (one per session, initialize opens
 *          one; an event store, as ours has) and
 *          2026-07-28 requests to `createMcpHandler(factory, { legacy: "reject" })` (one instance
 *          per request), routed by `isLegacyRequest`, on node:http. The SDK's default
 *          `createMcpHandler(factory)` would serve 2025 traffic statelessly (a fresh instance per
 *          request, no session), which is not what our 2025-era serving does.
 *
 *   node bench/bare-server.ts            stdio
 *   node bench/bare-server.ts --http     Streamable HTTP on 127.0.0.1:$PORT/mcp, printing
 *                                        `listening <port>` on stderr once ready
 */
import { randomUUID } from "node:crypto"
import { createServer, type IncomingMessage } from "node:http"
import { type NodeIncomingMessageLike, NodeStreamableHTTPServerTransport, toNodeHandler } from "@modelcontextprotocol/node"
import { type EventStore, type JSONRPCMessage, Server, createMcpHandler, isLegacyRequest } from "@modelcontextprotocol/server"
import { serveStdio } from "@modelcontextprotocol/server/stdio"
import { bareResult, bareTool } from "./lib/bareTool.ts"

const makeServer = (): Server => {
  const server = new Server({ name: "bare", version: "1.0.0" }, { capabilities: { tools: { listChanged: false } } })
  server.setRequestHandler("tools/list", async () => ({ tools: [bareTool] }))
  server.setRequestHandler("tools/call", async () => bareResult)
  return server
}

/**
 * SSE resumability, as ours offers it (2025-era sessions replay what a client missed after
 * Last-Event-ID): the SDK then sends each POST stream a priming event and stores every message. The
 * simplest store that works, unbounded (a benchmark's sessions are short).
 */
const makeEventStore = (): EventStore => {
  const events: Array<{ readonly id: string; readonly stream: string; readonly message: JSONRPCMessage }> = []
  let seq = 0
  return {
    storeEvent: async (stream, message) => {
      const id = `${stream}~${++seq}`
      events.push({ id, stream, message })
      return id
    },
    getStreamIdForEventId: async (eventId) => events.find((e) => e.id === eventId)?.stream,
    replayEventsAfter: async (lastEventId, { send }) => {
      const at = events.findIndex((e) => e.id === lastEventId)
      const stream = events[at]?.stream ?? ""
      for (const e of events.slice(at + 1)) if (e.stream === stream) await send(e.id, e.message)
      return stream
    }
  }
}

const readBody = (req: IncomingMessage): Promise<unknown> =>
  new Promise((resolve, reject) => {
    const chunks: Array<Buffer> = []
    req.on("data", (c: Buffer) => chunks.push(c))
    req.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8")
      try {
        resolve(text === "" ? undefined : JSON.parse(text))
      } catch (e) {
        reject(e)
      }
    })
    req.on("error", reject)
  })

const serveHttp = (): void => {
  const modern = toNodeHandler(createMcpHandler(() => makeServer(), { legacy: "reject" }))
  const sessions = new Map<string, NodeStreamableHTTPServerTransport>()
  const http = createServer(async (req, res) => {
    if (!req.url?.startsWith("/mcp")) {
      res.writeHead(404).end()
      return
    }
    // the body is read once: the era is classified from it and each leg takes it parsed
    const body = req.method === "POST" ? await readBody(req) : undefined
    if (req.method === "POST") {
      const headers = new Headers()
      for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value)
      if (!(await isLegacyRequest(new Request(`http://127.0.0.1${req.url}`, { method: "POST", headers }), body)))
        return modern(req as NodeIncomingMessageLike, res, body)
    }
    const id = req.headers["mcp-session-id"]
    let transport = typeof id === "string" ? sessions.get(id) : undefined
    if (!transport) {
      if (typeof id === "string" || req.method !== "POST") {
        res.writeHead(404).end()
        return
      }
      const created = new NodeStreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        eventStore: makeEventStore(),
        retryInterval: 1000,
        onsessioninitialized: (sid) => void sessions.set(sid, created)
      })
      created.onclose = () => {
        if (created.sessionId) sessions.delete(created.sessionId)
      }
      await makeServer().connect(created)
      transport = created
    }
    await transport.handleRequest(req, res, body)
  })
  http.listen(Number(process.env.PORT ?? 0), "127.0.0.1", () => {
    const address = http.address()
    process.stderr.write(`listening ${typeof address === "object" && address ? address.port : ""}\n`)
  })
  const stop = () => http.close(() => process.exit(0))
  process.on("SIGTERM", stop)
  process.on("SIGINT", stop)
}

if (process.argv.includes("--http")) serveHttp()
else {
  serveStdio(() => makeServer())
  // the SDK's stdio transport ignores EOF; end with the client
  process.stdin.once("end", () => process.exit(0))
}
