// The HTTP server in-process on a free port: what reaches a session and what is refused first
// (Host/Origin allow-lists, Accept, content type, body limit, malformed JSON, batches, session ids),
// request ids, /healthz, and per-session state seen through SDK clients and through the registry.
import { request as httpRequest } from "node:http"
import { Duration, Effect, Layer, ManagedRuntime } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { HttpLogger, HttpMcpServer, mcpUrl } from "../../../src/mcp/transports/http/server.ts"
import type { HttpSettings } from "../../../src/mcp/transports/http/config.ts"
import { HttpSessions } from "../../../src/mcp/transports/http/sessions.ts"
import { DefaultWorkspace, Workspace } from "../../../src/services/Workspace.ts"
import { type HttpTestClient, connectHttpClient, initializeBody, postRaw } from "../../support/httpServer.ts"
import { HttpServices } from "../../../src/layers.ts"

const settings: HttpSettings = {
  port: 0,
  host: "127.0.0.1",
  allowedHosts: [],
  allowedOrigins: [],
  maxBodyBytes: 64 * 1024,
  idleTimeout: Duration.minutes(5),
  maxSessions: 50,
  logLevel: "Error",
  conformanceFixtures: false
}

const runtime = ManagedRuntime.make(HttpMcpServer(settings).pipe(Layer.provideMerge(HttpServices), Layer.provideMerge(HttpLogger)))
let url: string
let port: number

beforeAll(async () => {
  url = await runtime.runPromise(mcpUrl)
  port = Number(new URL(url).port)
})
afterAll(() => runtime.dispose())

interface RawResponse {
  readonly status: number
  readonly headers: Record<string, string | string[] | undefined>
  readonly body: string
}

/** A request with exactly these headers (fetch would not let a test set Host). */
const raw = (options: { method?: string; path?: string; headers?: Record<string, string>; body?: string | Buffer; chunked?: boolean }) =>
  new Promise<RawResponse>((resolve, reject) => {
    const req = httpRequest(
      { host: "127.0.0.1", port, method: options.method ?? "POST", path: options.path ?? "/mcp", headers: options.headers ?? {} },
      (res) => {
        let body = ""
        res.setEncoding("utf8")
        res.on("data", (chunk: string) => (body += chunk))
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body }))
        res.on("error", reject)
      }
    )
    req.on("error", reject)
    if (options.chunked && options.body !== undefined) {
      const bytes = Buffer.from(options.body)
      for (let i = 0; i < bytes.length; i += 16 * 1024) req.write(bytes.subarray(i, i + 16 * 1024))
      req.end()
    } else req.end(options.body)
  })

const mcpHeaders = { "content-type": "application/json", accept: "application/json, text/event-stream" }

const jsonRpcError = (response: RawResponse) => JSON.parse(response.body) as { jsonrpc: string; id: null; error: { code: number; message: string } }

describe("HTTP /mcp: refused before reaching a session", () => {
  it("answers 403 to a request naming a foreign Host (DNS rebinding)", async () => {
    const response = await raw({ headers: { ...mcpHeaders, host: "evil.example.com" }, body: initializeBody })
    expect(response.status).toBe(403)
    expect(jsonRpcError(response).error.message).toMatch(/Host 'evil\.example\.com' is not allowed/)
    const withPort = await raw({ headers: { ...mcpHeaders, host: `evil.example.com:${port}` }, body: initializeBody })
    expect(withPort.status).toBe(403)
  })

  it("accepts the loopback names on its port, with or without an Origin on them", async () => {
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`, "localhost"]) {
      const response = await raw({ headers: { ...mcpHeaders, host }, body: initializeBody })
      expect(response.status, host).toBe(200)
      expect(response.headers["mcp-session-id"]).toBeTypeOf("string")
    }
    const fromOwnOrigin = await raw({ headers: { ...mcpHeaders, host: `localhost:${port}`, origin: `http://localhost:${port}` }, body: initializeBody })
    expect(fromOwnOrigin.status).toBe(200)
    // a page on another local port is another application (issue 33, item 15)
    const fromOtherPage = await raw({ headers: { ...mcpHeaders, host: `localhost:${port}`, origin: "http://localhost:5173" }, body: initializeBody })
    expect(fromOtherPage.status).toBe(403)
  })

  it("answers 403 to a foreign Origin even with a loopback Host", async () => {
    for (const origin of ["http://evil.example.com", "null", "file://"]) {
      const response = await raw({ headers: { ...mcpHeaders, host: `127.0.0.1:${port}`, origin }, body: initializeBody })
      expect(response.status, origin).toBe(403)
      expect(jsonRpcError(response).error.message).toMatch(/Origin/)
    }
  })

  it("answers 406 when Accept does not list both JSON and SSE (and SSE for GET)", async () => {
    for (const accept of [undefined, "application/json", "text/event-stream", "*/*"]) {
      const headers: Record<string, string> = { "content-type": "application/json" }
      if (accept) headers.accept = accept
      const response = await raw({ headers, body: initializeBody })
      expect(response.status, String(accept)).toBe(406)
      expect(jsonRpcError(response).error.message).toMatch(/Not Acceptable/)
    }
    const get = await raw({ method: "GET", headers: { accept: "application/json", "mcp-session-id": "x" } })
    expect(get.status).toBe(406)
  })

  it("answers 415 to a body that is not application/json", async () => {
    for (const contentType of ["text/plain", "application/x-www-form-urlencoded", "application/jsonp"]) {
      const response = await raw({ headers: { ...mcpHeaders, "content-type": contentType }, body: initializeBody })
      expect(response.status, contentType).toBe(415)
    }
    const noType = await raw({ headers: { accept: mcpHeaders.accept }, body: initializeBody })
    expect(noType.status).toBe(415)
    const withCharset = await raw({ headers: { ...mcpHeaders, "content-type": "application/json; charset=utf-8" }, body: initializeBody })
    expect(withCharset.status).toBe(200)
  })

  it("answers 413 to a body over the limit, declared or streamed in chunks", async () => {
    const big = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping", params: { pad: "x".repeat(settings.maxBodyBytes) } })
    const declared = await raw({ headers: mcpHeaders, body: big })
    expect(declared.status).toBe(413)
    expect(jsonRpcError(declared).error.message).toMatch(/must not exceed 65536 bytes/)
    const chunked = await raw({ headers: mcpHeaders, body: big, chunked: true })
    expect(chunked.status).toBe(413)
  })

  it("answers 400 with a JSON-RPC parse error to malformed JSON", async () => {
    for (const body of ["{not json", "", '{"jsonrpc":"2.0","id":1,'] as const) {
      const response = await raw({ headers: mcpHeaders, body })
      expect(response.status, body).toBe(400)
      const error = jsonRpcError(response)
      expect(error.jsonrpc).toBe("2.0")
      expect(error.id).toBeNull()
      expect(error.error.code).toBe(-32700)
    }
    const notUtf8 = await raw({ headers: mcpHeaders, body: Buffer.from([0x7b, 0xff, 0xfe, 0x7d]) })
    expect(jsonRpcError(notUtf8).error.code).toBe(-32700)
  })

  it("answers 400 to a JSON-RPC batch, and to JSON that is not one JSON-RPC message", async () => {
    const batch = await raw({ headers: mcpHeaders, body: JSON.stringify([JSON.parse(initializeBody)]) })
    expect(batch.status).toBe(400)
    expect(jsonRpcError(batch).error).toMatchObject({ code: -32600, message: expect.stringMatching(/batches are not supported/) })
    for (const body of ['"hello"', "42", "{}", '{"jsonrpc":"1.0","id":1,"method":"ping"}']) {
      const response = await raw({ headers: mcpHeaders, body })
      expect(response.status, body).toBe(400)
      expect(jsonRpcError(response).error.code).toBe(-32600)
    }
  })

  it("answers 400 to a request other than initialize without a session id", async () => {
    const response = await raw({ headers: mcpHeaders, body: JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list" }) })
    expect(response.status).toBe(400)
    expect(jsonRpcError(response).error.message).toMatch(/Mcp-Session-Id header is required/)
    const get = await raw({ method: "GET", headers: { accept: "text/event-stream" } })
    expect(get.status).toBe(400)
  })

  it("answers 404 to an unknown session id on POST, GET and DELETE", async () => {
    const sid = { "mcp-session-id": "00000000-0000-4000-8000-000000000000" }
    const post = await raw({ headers: { ...mcpHeaders, ...sid }, body: JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list" }) })
    const get = await raw({ method: "GET", headers: { accept: "text/event-stream", ...sid } })
    const del = await raw({ method: "DELETE", headers: sid })
    for (const response of [post, get, del]) {
      expect(response.status).toBe(404)
      expect(jsonRpcError(response).error).toMatchObject({ code: -32001, message: expect.stringMatching(/Start a new session/) })
    }
  })

  it("answers 405 with Allow to other methods", async () => {
    const response = await raw({ method: "PUT", headers: mcpHeaders, body: "{}" })
    expect(response.status).toBe(405)
    expect(response.headers.allow).toBe("GET, POST, DELETE, OPTIONS")
  })
})

describe("HTTP: request ids, health, sessions", () => {
  it("returns the client's X-Request-Id, or one of its own", async () => {
    const given = await raw({ headers: { ...mcpHeaders, "x-request-id": "trace-42" }, body: "{oops" })
    expect(given.headers["x-request-id"]).toBe("trace-42")
    const generated = await raw({ headers: { ...mcpHeaders, "x-request-id": "bad id with spaces" }, body: "{oops" })
    expect(generated.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/)
  })

  it("serves /healthz", async () => {
    const response = await fetch(new URL("/healthz", url))
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ status: "ok", name: "dimensional", sessions: expect.any(Number) })
  })

  it("ends a session on DELETE; its id then gets 404", async () => {
    const init = await postRaw(url, initializeBody)
    const sid = init.headers.get("mcp-session-id")!
    await init.body?.cancel()
    const del = await fetch(url, { method: "DELETE", headers: { "mcp-session-id": sid } })
    expect(del.status).toBe(200)
    const after = await postRaw(url, JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list" }), {
      "mcp-session-id": sid,
      "mcp-protocol-version": "2025-11-25"
    })
    expect(after.status).toBe(404)
  })

  describe("two concurrent SDK clients", () => {
    let a: HttpTestClient
    let b: HttpTestClient
    beforeAll(async () => ([a, b] = await Promise.all([connectHttpClient(url, "client-a"), connectHttpClient(url, "client-b")])))
    afterAll(() => Promise.all([a.close(true), b.close(true)]))

    it("get separate sessions whose state never mixes", async () => {
      expect(a.sessionId()).toBeTypeOf("string")
      expect(a.sessionId()).not.toBe(b.sessionId())
      expect((await a.call("define_unit", { name: "smoot", dimension: "length" })).data.success).toBe(true)
      expect((await a.call("define_conversion", { src: "smoot", dst: "m", factor: 1.7018 })).data.applied).toBe(true)
      const [inA, inB] = await Promise.all([
        a.call("convert", { value: 2, from_unit: "smoot", to_unit: "m" }),
        b.call("convert", { value: 2, from_unit: "smoot", to_unit: "m" })
      ])
      expect(inA.isError).toBe(false)
      expect(inA.data.quantity).toBeCloseTo(3.4036, 12)
      expect(inB.isError).toBe(true)
      expect(inB.data.error_type).toBe("unknown_unit")
    })

    it("each reach their own workspace in the registry", async () => {
      const dataOf = (id: string) =>
        runtime.runPromise(
          Effect.gen(function* () {
            const session = yield* (yield* HttpSessions).lookup(id)
            if (!session) return undefined
            const workspace = yield* (yield* Workspace).open(undefined, "read").pipe(Effect.provideService(DefaultWorkspace, session.id))
            return yield* workspace.get
          })
        )
      const [dataA, dataB] = await Promise.all([dataOf(a.sessionId()!), dataOf(b.sessionId()!)])
      expect(dataA?.units.map((u) => u.name)).toContain("smoot")
      expect(dataB?.units).toHaveLength(0)
    })
  })
})
