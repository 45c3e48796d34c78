// A browser client on an allowed origin can reach /mcp: the preflight is answered, responses carry
// the CORS headers and expose the MCP headers; a disallowed origin is refused before anything else.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type SpawnedServer, initializeBody, postRaw, spawnServer } from "../support/httpServer.ts"

let server: SpawnedServer
let plain: SpawnedServer
beforeAll(async () => {
  ;[server, plain] = await Promise.all([spawnServer({ args: ["--allowed-origins", "http://localhost:5173"] }), spawnServer()])
})
afterAll(() => Promise.all([server.stop(), plain.stop()]))

describe("CORS for allowed origins", () => {
  it("answers a preflight from an allowed origin with the methods and headers MCP uses", async () => {
    const r = await fetch(server.url, {
      method: "OPTIONS",
      headers: { origin: "http://localhost:5173", "access-control-request-method": "POST", "access-control-request-headers": "content-type, mcp-session-id" }
    })
    expect(r.status).toBe(204)
    expect(r.headers.get("access-control-allow-origin")).toBe("http://localhost:5173")
    expect(r.headers.get("access-control-allow-methods")).toContain("POST")
    expect(r.headers.get("access-control-allow-headers")).toContain("mcp-session-id")
  })

  it("lets the browser read the session id of an initialize from that origin", async () => {
    const r = await postRaw(server.url, initializeBody, { origin: "http://localhost:5173" })
    expect(r.status).toBe(200)
    expect(r.headers.get("access-control-allow-origin")).toBe("http://localhost:5173")
    expect(r.headers.get("access-control-expose-headers")).toContain("mcp-session-id")
    expect(r.headers.get("mcp-session-id")).toBeTruthy()
  })

  it("allows by default only its own origin: a page on another local port is another application (issue 33, item 15)", async () => {
    const port = new URL(plain.url).port
    const own = await postRaw(plain.url, initializeBody, { origin: `http://127.0.0.1:${port}` })
    expect(own.status).toBe(200)
    expect(own.headers.get("access-control-allow-origin")).toBe(`http://127.0.0.1:${port}`)
    for (const origin of ["http://localhost:5173", `http://127.0.0.1:${Number(port) + 1}`]) {
      const other = await postRaw(plain.url, initializeBody, { origin })
      expect(other.status, origin).toBe(403)
      expect(other.headers.get("access-control-allow-origin")).toBeNull()
    }
  })

  it("refuses a preflight and a request from an origin that is not allowed", async () => {
    const pre = await fetch(server.url, { method: "OPTIONS", headers: { origin: "http://evil.example", "access-control-request-method": "POST" } })
    expect(pre.status).toBe(403)
    expect(pre.headers.get("access-control-allow-origin")).toBeNull()
    const post = await postRaw(server.url, initializeBody, { origin: "http://evil.example" })
    expect(post.status).toBe(403)
  })
})
