// Limits per client on the HTTP server: a token bucket per principal (`--rate-limit N/period`)
// and a bound on its requests in flight (`--client-concurrency N`), each answered 429 with
// Retry-After, one client's excess never touching another's requests.
import { createHash } from "node:crypto"
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { request as httpRequest } from "node:http"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type ClientLimitSettings, makeClientLimiter, parseRate } from "../../src/mcp/transports/http/clientLimits.ts"
import { type SpawnedServer, initializeBody, postRaw, spawnServer } from "../support/httpServer.ts"

/** The limiter with local buckets, on a clock the test moves: each admission answers at once. */
const limiterOf = (settings: ClientLimitSettings, now: () => number) => {
  const limiter = makeClientLimiter(settings, { now })
  return { admit: (client: string, slot?: boolean) => Effect.runSync(limiter.admit(client, slot)) }
}

describe("the limiter per client", () => {
  it("reads rates as requests per second, minute or hour, and nothing else", () => {
    expect(parseRate("20/second")).toEqual({ requests: 20, periodMs: 1000 })
    expect(parseRate("600 / minute")).toEqual({ requests: 600, periodMs: 60_000 })
    expect(parseRate("5000/h")).toEqual({ requests: 5000, periodMs: 3_600_000 })
    for (const bad of ["20", "0/second", "20/fortnight", "-1/s", "1.5/s"]) expect(parseRate(bad)).toBeUndefined()
  })

  it("grants a burst of N, then one request per 1/N of the period, each client its own bucket", () => {
    let now = 0
    const limiter = limiterOf({ rate: { requests: 4, periodMs: 1000 }, concurrency: 100 }, () => now)
    for (let i = 0; i < 4; i++) expect(limiter.admit("a")._tag).toBe("Admitted")
    expect(limiter.admit("a")).toEqual({ _tag: "Limited", why: "rate", retryAfterSeconds: 1 })
    expect(limiter.admit("b")._tag).toBe("Admitted")
    now = 249
    expect(limiter.admit("a")._tag).toBe("Limited")
    now = 250
    expect(limiter.admit("a")._tag).toBe("Admitted")
    expect(limiter.admit("a")._tag).toBe("Limited")
    // idle for long: the bucket is full again, never fuller
    now = 60_000
    for (let i = 0; i < 4; i++) expect(limiter.admit("a")._tag).toBe("Admitted")
    expect(limiter.admit("a")._tag).toBe("Limited")
  })

  it("says how long to wait for a slow rate", () => {
    const limiter = limiterOf({ rate: { requests: 2, periodMs: 60_000 }, concurrency: 100 }, () => 0)
    limiter.admit("a")
    limiter.admit("a")
    expect(limiter.admit("a")).toEqual({ _tag: "Limited", why: "rate", retryAfterSeconds: 30 })
  })

  it("bounds the requests in flight per client, freeing a place when one is answered", () => {
    const limiter = limiterOf({ rate: undefined, concurrency: 2 }, () => 0)
    const first = limiter.admit("a")
    const second = limiter.admit("a")
    expect(limiter.admit("a")).toEqual({ _tag: "Limited", why: "concurrency", retryAfterSeconds: 1 })
    // a stream (no place taken) and another client pass
    expect(limiter.admit("a", false)._tag).toBe("Admitted")
    expect(limiter.admit("b")._tag).toBe("Admitted")
    if (first._tag !== "Admitted" || second._tag !== "Admitted") throw new Error("expected admissions")
    first.release()
    first.release() // twice frees one place only
    expect(limiter.admit("a")._tag).toBe("Admitted")
    expect(limiter.admit("a")._tag).toBe("Limited")
  })
})

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex")

describe("dimensional mcp --http --rate-limit 2/second --client-concurrency 1", () => {
  let dir: string
  let server: SpawnedServer
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "dimensional-limits-"))
    writeFileSync(join(dir, "keys"), `a sha256:${sha256("key-a-0123456789")}\nb sha256:${sha256("key-b-0123456789")}\n`)
    server = await spawnServer({ args: ["--api-keys-file", join(dir, "keys"), "--store", "memory", "--rate-limit", "2/second", "--client-concurrency", "1"] })
  })
  afterAll(async () => {
    await server?.stop()
    rmSync(dir, { recursive: true, force: true })
  })

  const initialize = async (key: string) => {
    const response = await postRaw(server.url, initializeBody, { authorization: `Bearer ${key}` })
    await response.text()
    return response
  }

  it("answers a client over its rate 429 with Retry-After, leaves the others alone, and lets it in again after the wait", async () => {
    // a rate of 3 a minute on a server of its own: four requests at once take the bucket's three
    // and one more, however slowly a busy machine answers them (a token comes back every 20 s)
    const slowRate = await spawnServer({ args: ["--api-keys-file", join(dir, "keys"), "--store", "memory", "--rate-limit", "3/minute"] })
    try {
      const ask = async (key: string) => {
        const response = await postRaw(slowRate.url, initializeBody, { authorization: `Bearer ${key}` })
        await response.text()
        return response
      }
      const answers = await Promise.all([0, 1, 2, 3].map(() => ask("key-a-0123456789")))
      expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 200, 429])
      const limited = answers.find((r) => r.status === 429)!
      const wait = Number(limited.headers.get("retry-after"))
      expect(wait).toBeGreaterThanOrEqual(1)
      expect(wait).toBeLessThanOrEqual(20)
      expect((await ask("key-b-0123456789")).status).toBe(200)
      await new Promise((resolve) => setTimeout(resolve, 1000 * wait))
      expect((await ask("key-a-0123456789")).status).toBe(200)
    } finally {
      await slowRate.stop()
    }
  })

  it("answers a client with a request already in flight 429 until that one is answered", async () => {
    await new Promise((resolve) => setTimeout(resolve, 1100)) // a full bucket for both clients
    // a request whose body is still coming: it holds client b's one place
    const url = new URL(server.url)
    const slow = httpRequest({
      host: url.hostname,
      port: url.port,
      path: url.pathname,
      method: "POST",
      headers: {
        authorization: "Bearer key-b-0123456789",
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        "content-length": String(initializeBody.length)
      }
    })
    const answered = new Promise<number>((resolve, reject) => {
      slow.on("response", (response) => {
        response.resume()
        response.on("end", () => resolve(response.statusCode ?? 0))
      })
      slow.on("error", reject)
    })
    slow.write(initializeBody.slice(0, 10))
    // the server has it once its headers are read: a second request of b is refused until then
    let refused: Response | undefined
    let why = ""
    for (let i = 0; i < 50 && refused === undefined; i++) {
      const response = await postRaw(server.url, JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }), { authorization: "Bearer key-b-0123456789" })
      const text = await response.text()
      if (response.status === 429) [refused, why] = [response, text]
      else await new Promise((resolve) => setTimeout(resolve, 600)) // stay under the rate
    }
    expect(refused?.headers.get("retry-after")).toBe("1")
    expect(JSON.parse(why).error.message).toMatch(/requests in flight/)
    expect((await initialize("key-a-0123456789")).status).toBe(200)
    slow.end(initializeBody.slice(10))
    expect(await answered).toBe(200)
    await new Promise((resolve) => setTimeout(resolve, 600))
    expect((await initialize("key-b-0123456789")).status).toBe(200)
  })
})
