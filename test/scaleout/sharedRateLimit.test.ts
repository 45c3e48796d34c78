// The rate limit per principal with two replicas on one real Redis, as behind a balancer that
// spreads a client's requests: the buckets live in Redis, so the principal gets the configured
// rate in all (not once per replica), either replica answers 429 with Retry-After, and the
// principal is let in again after the wait. When Redis does not answer, each replica measures
// against its own bucket (still a bound, never unlimited) and says so in its log and metrics.
import { createHash } from "node:crypto"
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type SpawnedServer, initializeBody, postRaw, spawnServer } from "../support/httpServer.ts"
import { type RunningRedis, redisServer, startRedis } from "../support/redis.ts"

if (redisServer === undefined) console.warn("shared rate-limit suite skipped: needs redis-server (apt-get install redis-server)")

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex")
const keyA = "shared-rate-key-a-0123456789"
const keyB = "shared-rate-key-b-0123456789"
const keyC = "shared-rate-key-c-0123456789"

describe.skipIf(redisServer === undefined)("two replicas on one Redis with --rate-limit 20/minute", () => {
  let redis: RunningRedis
  let dir: string
  let a: SpawnedServer
  let b: SpawnedServer
  beforeAll(async () => {
    redis = await startRedis()
    dir = mkdtempSync(join(tmpdir(), "dimensional-shared-rate-"))
    writeFileSync(join(dir, "keys"), `a sha256:${sha256(keyA)}\nb sha256:${sha256(keyB)}\nc sha256:${sha256(keyC)}\n`)
    const args = ["--store", redis.url, "--api-keys-file", join(dir, "keys"), "--rate-limit", "20/minute", "--metrics"]
    ;[a, b] = await Promise.all([spawnServer({ args }), spawnServer({ args })])
  })
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()])
    await redis?.stop()
    if (dir) rmSync(dir, { recursive: true, force: true })
  })

  const initialize = async (server: SpawnedServer, key: string) => {
    const response = await postRaw(server.url, initializeBody, { authorization: `Bearer ${key}` })
    await response.text()
    return response
  }

  it("grants one principal 20 requests in all across both replicas, refuses the rest 429 on either, and lets it in after Retry-After", async () => {
    // 40 requests at once, alternating replicas: a limiter per replica would grant all 40
    const started = Date.now()
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => initialize(i % 2 === 0 ? a : b, keyA)))
    // 20 a minute refill one token per 3 s: on a loaded machine one may come back while 40 requests are answered
    const refilled = Math.floor((Date.now() - started) / 3000)
    const granted = answers.filter((r) => r.status === 200).length
    const refused = answers.map((r, i) => ({ r, replica: i % 2 === 0 ? "a" : "b" })).filter(({ r }) => r.status === 429)
    expect(granted).toBe(20 + refilled)
    expect(refused).toHaveLength(20 - refilled)
    expect(new Set(refused.map(({ replica }) => replica))).toEqual(new Set(["a", "b"]))
    const waits = refused.map(({ r }) => Number(r.headers.get("retry-after")))
    for (const wait of waits) expect(wait).toBeGreaterThanOrEqual(1)
    for (const wait of waits) expect(wait).toBeLessThanOrEqual(3)
    // another principal has its own bucket
    expect((await initialize(b, keyB)).status).toBe(200)
    // after the longest wait either replica lets the principal in again, for one request: one token came back
    await new Promise((resolve) => setTimeout(resolve, 1000 * Math.max(...waits) + 100))
    expect((await initialize(b, keyA)).status).toBe(200)
    expect((await initialize(a, keyA)).status).toBe(429)
    // the bucket is one small hash in Redis that expires by itself
    const buckets = await redis.command("KEYS", "dimensional:rate:*")
    expect(buckets).toMatch(/^\*2\r\n/)
  })

  it("while Redis does not answer, measures each replica's own bucket (a bound, not unlimited) and says so in the log and the metrics", async () => {
    // every client of Redis is held for 4 s: the limiter's round trip times out after 0.5 s
    expect(await redis.command("CLIENT", "PAUSE", "4000", "ALL")).toBe("OK")
    const started = Date.now()
    const answers = await Promise.all(Array.from({ length: 25 }, () => initialize(a, keyC)))
    // answered without waiting for Redis to come back (its pause lasts 4 s)
    const elapsed = Date.now() - started
    expect(elapsed).toBeLessThan(3500)
    // replica a alone grants its own burst of 20 (and what its bucket refilled meanwhile, one per 3 s), then refuses
    const refilled = Math.floor(elapsed / 3000)
    expect(answers.filter((r) => r.status === 200)).toHaveLength(20 + refilled)
    expect(answers.filter((r) => r.status === 429)).toHaveLength(5 - refilled)
    expect(a.stderr()).toMatch(/rate limit: the shared store did not answer .*measured against this replica's own bucket/)
    const metrics = await (await fetch(`${a.origin}/metrics`)).text()
    expect(metrics).toMatch(/^dimensional_rate_limit_fallbacks_total(\{[^}]*\})? 25$/m)
  })
})
