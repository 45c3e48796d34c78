// Over HTTP, a message nested too deeply for the SDK's validation is refused before it: 400 with a
// JSON-RPC -32600 (not a -32603 server fault from an overflowed stack), and the server keeps serving.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type SpawnedServer, initializeBody, postRaw, spawnServer } from "../support/httpServer.ts"

let server: SpawnedServer
beforeAll(async () => (server = await spawnServer()))
afterAll(() => server.stop())

describe("a deeply nested message over HTTP", () => {
  it("is refused as an invalid request, and the next request is served", async () => {
    const deep = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{"x":${"[".repeat(5000)}${"]".repeat(5000)}},"clientInfo":{"name":"raw","version":"1"}}}`
    const refused = await postRaw(server.url, deep)
    expect(refused.status).toBe(400)
    expect(await refused.json()).toMatchObject({ error: { code: -32600, message: expect.stringMatching(/more than 64 levels/) } })
    expect((await postRaw(server.url, initializeBody)).status).toBe(200)
  })
})
