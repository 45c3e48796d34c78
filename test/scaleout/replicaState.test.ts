// Replicas on one real Redis, each request sent to the replica the test chooses (issue 33): after
// Redis loses its data (FLUSHALL, as a restart without persistence or a failover to an empty
// replica would) and a new replica starts, every replica still recognises every session and owned
// workspace id, without a restart (item 4); a session taken over by another replica keeps its
// client's sampling capability (item 3); a request through another replica right after a DELETE
// never brings the session back (item 11).
import { createHash, randomBytes } from "node:crypto"
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client"
import type { CallToolResult } from "@modelcontextprotocol/client"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type SpawnedServer, initializeBody, postRaw, spawnServer } from "../support/httpServer.ts"
import { type RunningRedis, redisServer, startRedis } from "../support/redis.ts"

if (!redisServer) console.warn("replica-state suite skipped: redis-server not installed (apt-get install redis-server)")

const key = "replica-key-4c7d1e9a2b5f"
const bearer = { authorization: `Bearer ${key}` }
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** A 2025-era session opened on `url`: its id, and a tool call through any replica. */
const openSession = async (url: string) => {
  const opened = await postRaw(url, initializeBody, bearer)
  expect(opened.status).toBe(200)
  await opened.text()
  return opened.headers.get("mcp-session-id")!
}
const callThrough = async (url: string, session: string, name: string, args: Record<string, unknown>) => {
  const response = await postRaw(url, JSON.stringify({ jsonrpc: "2.0", id: 7, method: "tools/call", params: { name, arguments: args } }), {
    ...bearer,
    "mcp-session-id": session,
    "mcp-protocol-version": "2025-11-25"
  })
  const text = await response.text()
  return { status: response.status, text }
}

/** Polls `check` until it holds (replicas reconcile every 2 s), at most `ms`. */
const eventually = async (check: () => Promise<boolean>, ms = 60_000) => {
  const until = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > until) return false
    await sleep(250)
  }
  return true
}

describe.skipIf(!redisServer)("replicas on one Redis, their shared state", () => {
  let redis: RunningRedis
  let dir: string
  let args: Array<string>
  let a: SpawnedServer
  let b: SpawnedServer
  beforeAll(async () => {
    redis = await startRedis()
    dir = mkdtempSync(join(tmpdir(), "dimensional-replica-state-"))
    writeFileSync(join(dir, "keys"), `agent sha256:${createHash("sha256").update(key).digest("hex")}\n`)
    args = ["--store", redis.url, "--api-keys-file", join(dir, "keys")]
    ;[a, b] = await Promise.all([spawnServer({ args }), spawnServer({ args })])
  })
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()])
    await redis?.stop()
    rmSync(dir, { recursive: true, force: true })
  })

  it("keeps a session's client capabilities when another replica takes it over: sampling still reaches the client", async () => {
    const client = new Client({ name: "sampling-client", version: "1.0.0" }, { capabilities: { sampling: {} } })
    let asked = 0
    client.setRequestHandler("sampling/createMessage", async () => {
      asked++
      return { role: "assistant", model: "test-model", content: { type: "text", text: '{"arguments": {"value": 5, "from_unit": "km", "to_unit": "mi"}}' } }
    })
    let initialized = false
    // the initialize goes to A; every later request to B, which has never seen this client
    const transport = new StreamableHTTPClientTransport(new URL(a.url), {
      requestInit: { headers: bearer },
      fetch: async (input, init) => {
        const target = initialized ? new URL(b.url) : new URL(String(input))
        const response = await fetch(target, init)
        if (response.headers.get("mcp-session-id")) initialized = true
        return response
      }
    })
    await client.connect(transport)
    try {
      const result = (await client.callTool({ name: "convert", arguments: { value: "five", from_unit: "km", to_unit: "mi" } })) as CallToolResult
      expect(asked).toBe(1)
      expect(result.isError).not.toBe(true)
      expect((result.structuredContent as { quantity: number }).quantity).toBeCloseTo(3.10686, 4)
    } finally {
      await client.close()
    }
  })

  it("never brings a session back through another replica right after its DELETE", async () => {
    for (let round = 0; round < 6; round++) {
      const session = await openSession(a.url)
      expect((await callThrough(a.url, session, "define_unit", { name: `gizmo${round}`, dimension: "length" })).status).toBe(200)
      const deleted = await fetch(a.url, { method: "DELETE", headers: { ...bearer, "mcp-session-id": session, "mcp-protocol-version": "2025-11-25" } })
      expect(deleted.status).toBe(200)
      expect((await callThrough(b.url, session, "list_dimensions", {})).status).toBe(404)
    }
  })

  it("recognises every replica's sessions and owned workspaces after Redis lost its data and a new replica started, without a restart", async () => {
    const onA = await openSession(a.url)
    expect(await redis.command("FLUSHALL")).toBe("OK")
    // a replica that started on the empty store before the running ones noticed would have made a secret of its own
    expect(await redis.command("SET", "dimensional:session-secret", randomBytes(32).toString("hex"))).toBe("OK")
    const c = await spawnServer({ args })
    try {
      const onC = await openSession(c.url)
      // a workspace made on each side of the loss: its id is signed with whichever secret that replica held
      const owned = await Promise.all([a, c].map((replica) => defineOwned(replica.url)))
      // within a few reconciliations every replica accepts both secrets
      const recognised = await eventually(async () => {
        const sessions = await Promise.all([
          callThrough(c.url, onA, "list_dimensions", {}),
          callThrough(a.url, onC, "list_dimensions", {}),
          callThrough(b.url, onC, "list_dimensions", {})
        ])
        const workspaces = await Promise.all([a, b, c].flatMap((replica) => owned.map((workspace) => readOwned(replica.url, workspace))))
        return sessions.every((r) => r.status === 200) && workspaces.every((ok) => ok)
      })
      expect(recognised).toBe(true)
      // and the replicas said what happened
      expect(await eventually(async () => /the shared store had lost the session secret/.test(a.stderr() + b.stderr() + c.stderr()))).toBe(true)
    } finally {
      await c.stop()
    }
  })
})

const modernClient = async (url: string) => {
  const client = new Client({ name: "modern", version: "1.0.0" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } })
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: bearer } }))
  return client
}

/** A workspace the key's principal owns, made on `url`: its id. */
const defineOwned = async (url: string) => {
  const client = await modernClient(url)
  try {
    const defined = (await client.callTool({ name: "define_unit", arguments: { name: "smoot", dimension: "length" } })) as CallToolResult
    const workspace = (defined.structuredContent as { workspace: string }).workspace
    expect(workspace).toMatch(/^wo/)
    await client.callTool({ name: "define_conversion", arguments: { src: "smoot", dst: "m", factor: 1.7018, workspace } })
    return workspace
  } finally {
    await client.close()
  }
}

/** Whether `url` lets the owner read its workspace. */
const readOwned = async (url: string, workspace: string) => {
  const client = await modernClient(url)
  try {
    const read = (await client.callTool({ name: "convert", arguments: { value: 1, from_unit: "smoot", to_unit: "m", workspace } })) as CallToolResult
    return (read.structuredContent as { quantity?: number }).quantity === 1.7018
  } finally {
    await client.close()
  }
}
