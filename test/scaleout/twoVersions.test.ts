// Two releases on one Redis during a rolling deploy (finding 8 of issue 20). Stored documents are
// versioned and decoded, never cast: a workspace written by the previous release (no `format`,
// dimensions as positional 12-number vectors, written here exactly as that release wrote it) is
// read with its meaning intact and written back in the current format on its next change; a
// workspace of a newer format is refused with a clear error and left untouched.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { connectHttpClient, type SpawnedServer, spawnServer } from "../support/httpServer.ts"
import { type RunningRedis, redisServer, startRedis } from "../support/redis.ts"

if (!redisServer) console.warn("two-versions suite skipped: redis-server not installed (apt-get install redis-server)")

/** What the previous release stored for a workspace holding one unit, a kind and a constant. */
const previousReleaseDocument = (touched: number) =>
  JSON.stringify({
    version: 3,
    touched,
    data: {
      // length¹ is slot 0, count⁻¹ slot 10 in the previous release's order
      units: [
        { name: "smoot", dimension: [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], aliases: ["smt"] },
        { name: "stride", dimension: [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, -1, 0], aliases: [] }
      ],
      edges: [{ src: "smoot", dst: "m", factor: 1.7018, offset: 0 }],
      constants: [],
      kinds: [
        {
          name: "bridge_span",
          category: "session",
          description: "",
          keywords: ["bridge span"],
          aliases: ["span"],
          disambiguationHints: [],
          dimension: [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
          dimensionText: "length",
          builtin: false
        }
      ]
    }
  })

describe.skipIf(!redisServer)("two releases on one Redis", () => {
  let redis: RunningRedis
  let server: SpawnedServer
  beforeAll(async () => {
    redis = await startRedis()
    server = await spawnServer({ args: ["--store", redis.url] })
  })
  afterAll(async () => {
    await server?.stop()
    await redis?.stop()
  })

  it("reads a previous release's workspace with its meaning and rewrites it in the current format on the next change", async () => {
    const id = "ws_previousRelease0000000000000"
    await redis.command("SET", `dimensional:workspace:${id}`, previousReleaseDocument(Date.now()), "PX", "600000")
    const client = await connectHttpClient(server.url)
    const converted = await client.call("convert", { value: 2, from_unit: "smt", to_unit: "m", workspace: id })
    expect(converted.isError, JSON.stringify(converted.data)).toBe(false)
    expect(converted.data.quantity).toBeCloseTo(3.4036, 12)
    const described = await client.call("define_unit", { name: "furlong_ish", dimension: "length", workspace: id })
    expect(described.isError, JSON.stringify(described.data)).toBe(false)
    const stored = JSON.parse(await redis.command("GET", `dimensional:workspace:${id}`))
    expect(stored.format).toBe(2)
    expect(stored.version).toBe(4)
    expect(stored.data.units.slice(0, 2)).toEqual([
      { name: "smoot", dimension: { length: 1 }, aliases: ["smt"] },
      { name: "stride", dimension: { length: 1, count: -1 }, aliases: [] }
    ])
    expect(stored.data.kinds[0].dimension).toEqual({ length: 1 })
    const kind = await client.call("declare_computation", { quantity_kind: "span", expected_unit: "m", workspace: id })
    expect(kind.isError, JSON.stringify(kind.data)).toBe(false)
    await client.close()
  })

  it("refuses a workspace written in a newer format, saying so, and leaves it untouched", async () => {
    const id = "ws_nextRelease000000000000000000"
    const newer = JSON.stringify({
      format: 3,
      version: 7,
      touched: Date.now(),
      data: { units: [], edges: [], constants: [], kinds: [], quantities: { novel: true } }
    })
    await redis.command("SET", `dimensional:workspace:${id}`, newer, "PX", "600000")
    const client = await connectHttpClient(server.url)
    const read = await client.call("convert", { value: 1, from_unit: "m", to_unit: "ft", workspace: id })
    expect(read.isError).toBe(true)
    expect(read.data.error_type).toBe("store_unavailable")
    expect(read.data.error).toMatch(/format 3.*this release reads formats 1 to 2/)
    const write = await client.call("define_unit", { name: "zork", dimension: "length", workspace: id })
    expect(write.isError).toBe(true)
    expect(await redis.command("GET", `dimensional:workspace:${id}`)).toBe(newer)
    await client.close()
  })
})
