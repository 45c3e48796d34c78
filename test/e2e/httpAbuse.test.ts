// What one client can do to the others, on a real server with API keys (issue 33): a burst of
// initializes by one principal evicts only its own sessions (item 3); wrong keys from one address
// get 429 with Retry-After once past --max-auth-failures-per-minute, while a key that passed keeps
// working (item 9); a request right after a DELETE never brings the session back (item 11); a
// 2026-07-28 header that disagrees with a 900 kB body gets a small refusal, not the input back
// (item 15).
import { createHash } from "node:crypto"
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type SpawnedServer, initializeBody, postRaw, spawnServer } from "../support/httpServer.ts"

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex")
const keys = { alice: "alice-key-5e1f9c0b2d7a", bob: "bob-key-8a3d6f1e0c4b", carol: "carol-key-2b7e4a9d1f3c" }
const bearer = (token: string) => ({ authorization: `Bearer ${token}` })
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** A 2025-era session opened with `token`; its calls, and its DELETE. */
const session = async (url: string, token: string) => {
  const opened = await postRaw(url, initializeBody, bearer(token))
  expect(opened.status).toBe(200)
  await opened.text()
  const id = opened.headers.get("mcp-session-id")!
  const headers = { ...bearer(token), "mcp-session-id": id, "mcp-protocol-version": "2025-11-25" }
  await (await postRaw(url, JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }), headers)).text()
  let n = 10
  return {
    id,
    call: async (name: string, args: Record<string, unknown>) => {
      const response = await postRaw(url, JSON.stringify({ jsonrpc: "2.0", id: ++n, method: "tools/call", params: { name, arguments: args } }), headers)
      await response.text()
      return response.status
    },
    del: () => fetch(url, { method: "DELETE", headers }).then((r) => r.status)
  }
}

describe("one client against the others", () => {
  let dir: string
  let server: SpawnedServer
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "dimensional-abuse-"))
    writeFileSync(
      join(dir, "keys"),
      Object.entries(keys)
        .map(([name, key]) => `${name} sha256:${sha256(key)}`)
        .join("\n")
    )
    server = await spawnServer({
      args: ["--api-keys-file", join(dir, "keys"), "--store", "memory", "--max-sessions", "20", "--max-auth-failures-per-minute", "10"]
    })
  })
  afterAll(async () => {
    await server?.stop()
    rmSync(dir, { recursive: true, force: true })
  })

  it("lets a burst of initializes by one principal evict only its own sessions (--max-sessions-per-principal: a tenth of --max-sessions)", async () => {
    const bob = await session(server.url, keys.bob)
    expect(await bob.call("define_unit", { name: "smoot", dimension: "length" })).toBe(200)
    // bob listens on his session's stream
    const stream = await fetch(server.url, {
      headers: { ...bearer(keys.bob), accept: "text/event-stream", "mcp-session-id": bob.id, "mcp-protocol-version": "2025-11-25" }
    })
    expect(stream.status).toBe(200)
    const reader = stream.body!.getReader()
    await reader.read()
    // alice opens 30 sessions, more than the whole table holds
    const opened = await Promise.all(
      Array.from({ length: 30 }, () => postRaw(server.url, initializeBody, bearer(keys.alice)).then(async (r) => (await r.text(), r)))
    )
    expect(opened.every((r) => r.status === 200)).toBe(true)
    // bob's session is still there, his definition with it
    expect(await bob.call("convert", { value: 1, from_unit: "smoot", to_unit: "smoot" })).toBe(200)
    // alice holds 2 (20 / 10): her first sessions were closed to make room for her later ones
    const stats = (await (await fetch(`${server.origin}/healthz`)).json()) as { sessions: number; closed: { evicted: number } }
    expect(stats.closed.evicted).toBe(28)
    expect(stats.sessions).toBe(3)
    // and his stream was never closed: nothing more arrives on it until he ends it
    const next = reader.read()
    const quiet = await Promise.race([next.then(() => "ended"), sleep(500).then(() => "open")])
    expect(quiet).toBe("open")
    await reader.cancel()
  })

  it("never brings a session back after its DELETE, whatever comes right after it", async () => {
    for (let round = 0; round < 8; round++) {
      const s = await session(server.url, keys.carol)
      expect(await s.call("define_unit", { name: `gadget${round}`, dimension: "length" })).toBe(200)
      const [deleted, after] = await Promise.all([s.del(), sleep(round % 2).then(() => s.call("list_dimensions", {}))])
      expect(deleted).toBe(200)
      // either the request came first (200), or it came after the end (404); never a session back from the dead
      expect([200, 404]).toContain(after)
      expect(await s.call("list_dimensions", {})).toBe(404)
    }
  })

  it("answers wrong keys 429 with Retry-After past 10 a minute from one address, and keeps checking a key that passed", async () => {
    expect((await postRaw(server.url, initializeBody, bearer(keys.bob))).status).toBe(200)
    const statuses: Array<number> = []
    let retryAfter = 0
    for (let i = 0; i < 14; i++) {
      const response = await postRaw(server.url, initializeBody, bearer(`wrong-key-${i}`))
      await response.text()
      statuses.push(response.status)
      if (response.status === 429) retryAfter = Number(response.headers.get("retry-after"))
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401))
    expect(statuses.slice(11)).toEqual([429, 429, 429])
    expect(retryAfter).toBeGreaterThanOrEqual(1)
    // a key that passed before goes on working; a right key never seen waits like the wrong ones
    expect((await postRaw(server.url, initializeBody, bearer(keys.bob))).status).toBe(200)
    expect((await postRaw(server.url, initializeBody, bearer(keys.carol + "x"))).status).toBe(429)
    // after the wait, the address is heard again
    await sleep(retryAfter * 1000 + 200)
    expect((await postRaw(server.url, initializeBody, bearer("still-wrong"))).status).toBe(401)
  })

  it("answers params that do not fit their method with invalid params (-32602) in one line, never an internal error carrying a validator's dump", async () => {
    const s = await session(server.url, keys.alice)
    const headers = { ...bearer(keys.alice), "mcp-session-id": s.id, "mcp-protocol-version": "2025-11-25" }
    const bad: ReadonlyArray<readonly [string, unknown]> = [
      ["resources/read", { uri: 5 }],
      ["prompts/get", { name: "weight_based_dose", arguments: 5 }],
      ["logging/setLevel", { level: "loud" }],
      ["completion/complete", { ref: 5 }],
      ["tools/list", { cursor: {} }],
      ["tools/call", { name: 123 }],
      ["tools/call", { name: "convert", arguments: "5 km in mi" }]
    ]
    for (const [method, params] of bad) {
      const response = await postRaw(server.url, JSON.stringify({ jsonrpc: "2.0", id: 3, method, params }), headers)
      const text = await response.text()
      const answer = JSON.parse(
        text.startsWith("{")
          ? text
          : text
              .split("\n")
              .find((l) => l.startsWith("data: {"))!
              .slice(6)
      ) as { id: number; error: { code: number; message: string } }
      expect(answer.error.code, method).toBe(-32602)
      expect(answer.id).toBe(3)
      expect(answer.error.message).toMatch(new RegExp(`^Invalid params for ${method}: params`))
      expect(answer.error.message).not.toMatch(/\n|"code"/)
    }
  })

  it("answers a 2026-07-28 header that disagrees with a 900 kB body with a small refusal, never the input back", async () => {
    const note = "x".repeat(900_000)
    const body = JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: {
        name: "convert",
        arguments: { value: 1, from_unit: "km", to_unit: "m", note },
        _meta: {
          "io.modelcontextprotocol/protocolVersion": "2026-07-28",
          "io.modelcontextprotocol/clientInfo": { name: "t", version: "1" },
          "io.modelcontextprotocol/clientCapabilities": {}
        }
      }
    })
    for (const headers of [
      { "mcp-method": "tools/list" },
      { "mcp-method": "tools/call", "mcp-name": "list_units" },
      { "mcp-method": "tools/call", "mcp-name": note.slice(0, 4000) }
    ]) {
      const response = await postRaw(server.url, body, { ...bearer(keys.alice), "mcp-protocol-version": "2026-07-28", ...headers })
      const text = await response.text()
      expect(response.status).toBeGreaterThanOrEqual(400)
      expect(text.length).toBeLessThan(8_192)
      expect(JSON.parse(text).error.code).toBeTypeOf("number")
    }
  })
})
