// Quotas per principal: live workspaces (`--max-workspaces-per-principal`) and the creations pace
// (`--max-creations-per-minute`) count per authorized client as well as for the whole store, so one
// principal cannot use up everyone's pool. Over the quota a define_* call answers quota_exceeded
// (nothing created); over the pace a 429. Run on each store: memory and file (one process), and
// Redis with two replicas, where both counts are shared.
import { createHash } from "node:crypto"
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client"
import type { CallToolResult } from "@modelcontextprotocol/client"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type SpawnedServer, connectHttpClient, spawnServer } from "../support/httpServer.ts"
import { type RunningRedis, redisServer, startRedis } from "../support/redis.ts"

if (redisServer === undefined) console.warn("per-principal quota suite on Redis skipped: needs redis-server (apt-get install redis-server)")

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex")
const keys = { a: "quota-key-a-0123456789", b: "quota-key-b-0123456789", c: "quota-key-c-0123456789", d: "quota-key-d-0123456789" }

/** A 2026-07-28 client of `key`: a define_* call naming no workspace creates one. */
const modernClient = async (url: string, key: string) => {
  const client = new Client({ name: "quota", version: "1.0.0" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } })
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { authProvider: { token: async () => key } }))
  const create = async (name: string) => {
    const result = (await client.callTool({ name: "define_unit", arguments: { name, dimension: "count" } })) as CallToolResult
    return result.structuredContent as { workspace?: string; error_type?: string; error?: string }
  }
  return { client, create }
}

const stores: ReadonlyArray<{ readonly name: string; readonly replicas: 1 | 2; readonly skip: boolean }> = [
  { name: "memory", replicas: 1, skip: false },
  { name: "file", replicas: 1, skip: false },
  { name: "redis", replicas: 2, skip: redisServer === undefined }
]

describe.each(stores)("workspaces per principal on the $name store ($replicas replica(s))", ({ name, replicas, skip }) => {
  let dir: string
  let redis: RunningRedis | undefined
  let servers: Array<SpawnedServer> = []
  // requests alternate between the replicas, as a balancer without affinity spreads them
  const url = (i: number) => servers[i % servers.length]!.url
  beforeAll(async () => {
    if (skip) return
    dir = mkdtempSync(join(tmpdir(), "dimensional-principal-quota-"))
    writeFileSync(
      join(dir, "keys"),
      Object.entries(keys)
        .map(([n, k]) => `${n} sha256:${sha256(k)}`)
        .join("\n")
    )
    if (name === "redis") redis = await startRedis()
    const store = name === "memory" ? "memory" : name === "file" ? `file:${join(dir, "store")}` : redis!.url
    const args = ["--store", store, "--api-keys-file", join(dir, "keys"), "--max-workspaces-per-principal", "2", "--max-creations-per-minute", "3"]
    servers = await Promise.all(Array.from({ length: replicas }, () => spawnServer({ args })))
  })
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()))
    await redis?.stop()
    if (dir) rmSync(dir, { recursive: true, force: true })
  })

  it.skipIf(skip)(
    "refuses a principal's third live workspace with quota_exceeded, another principal's first is made, and ending a session frees its place",
    async () => {
      // a's first workspace is its 2025-era session's, made by its first definition
      const session = await connectHttpClient(url(0), "quota-session", { token: async () => keys.a })
      const a = await modernClient(url(1), keys.a)
      const b = await modernClient(url(0), keys.b)
      try {
        expect((await session.call("define_unit", { name: "widget", dimension: "count" })).data.workspace).toBe(session.sessionId())
        expect((await a.create("gadget")).workspace).toMatch(/^wo/)
        const refused = await a.create("gizmo")
        expect(refused.error_type).toBe("quota_exceeded")
        expect(refused.error).toMatch(/already has 2 live workspaces/)
        expect(refused.workspace).toBeUndefined()
        // b's pool is its own
        expect((await b.create("sprocket")).workspace).toMatch(/^wo/)
        // a's session ended: its workspace is deleted, and its place with it
        await session.close(true)
        const made = await (await modernClient(url(0), keys.a)).create("gizmo")
        expect(made.error_type).toBeUndefined()
        expect(made.workspace).toMatch(/^wo/)
      } finally {
        await Promise.all([a.client.close(), b.client.close()].map((p) => p.catch(() => undefined)))
      }
    },
    30_000
  )

  it.skipIf(skip)(
    "paces one principal's creations (429 past 3 a minute) without touching another's",
    async () => {
      const c0 = await modernClient(url(0), keys.c)
      const c1 = await modernClient(url(1), keys.c)
      const d = await modernClient(url(1), keys.d)
      try {
        expect((await c0.create("one")).workspace).toMatch(/^wo/)
        expect((await c1.create("two")).workspace).toMatch(/^wo/)
        // the third creation is paced through (it is the quota that refuses it), the fourth is over the pace
        expect((await c0.create("three")).error_type).toBe("quota_exceeded")
        const paced = await c1.create("four").then(
          () => "answered",
          (error: unknown) => String(error)
        )
        expect(paced).toMatch(/429|Too Many Requests/)
        expect((await d.create("five")).workspace).toMatch(/^wo/)
      } finally {
        await Promise.all([c0.client.close(), c1.client.close(), d.client.close()].map((p) => p.catch(() => undefined)))
      }
    },
    30_000
  )
})
