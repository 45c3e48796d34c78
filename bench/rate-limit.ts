/**
 * What the limits per client cost a call (not part of the test suite): a convert round trip over
 * Streamable HTTP (a 2025-era session, the SDK client, an API key) against servers on loopback,
 * with and without `--rate-limit` (a rate no call reaches, so every call is measured and granted),
 * on the memory store (the buckets in the process) and on a real Redis (the buckets in Redis: one
 * EVAL per request); and opaque tokens checked by introspection (--auth-introspection) against a
 * real OpenID provider, where the cache makes one round trip for the whole run. Prints the median
 * and p95 per call and the ratios to the server without a rate limit on the same store.
 *
 *   node bench/rate-limit.ts [--calls 2000]
 */
import { createHash } from "node:crypto"
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { measureRoundTrips, startServer } from "./lib/httpRoundTrip.ts"
import { newSigningKey, startIssuer } from "../test/support/oidc.ts"
import { redisServer, startRedis } from "../test/support/redis.ts"

const argv = process.argv.slice(2)
const calls = Number(argv[argv.indexOf("--calls") + 1] ?? 2000) || 2000

const row = (name: string, r: { median: number; p95: number }, base: { median: number; p95: number }) =>
  `${name.padEnd(40)} median ${r.median.toFixed(3)} ms (${(r.median / base.median).toFixed(2)}×)   p95 ${r.p95.toFixed(3)} ms (${(r.p95 / base.p95).toFixed(2)}×)`

const dir = mkdtempSync(join(tmpdir(), "dimensional-bench-rate-"))
const key = "bench-key-0123456789abcdef"
writeFileSync(join(dir, "keys"), `bench sha256:${createHash("sha256").update(key).digest("hex")}\n`)
const keys = ["--api-keys-file", join(dir, "keys")]
const unreachable = ["--rate-limit", "1000000/second"]
const stops: Array<() => unknown> = []
try {
  console.log(`convert round trip over HTTP, ${calls} calls after 200 warm-up, one session each`)
  const memory = await startServer([...keys, "--store", "memory"])
  const memoryLimited = await startServer([...keys, "--store", "memory", ...unreachable])
  stops.push(memory.stop, memoryLimited.stop)
  const memoryBase = await measureRoundTrips(memory.url, key, calls)
  console.log(row("memory store, no rate limit", memoryBase, memoryBase))
  console.log(row("memory store, --rate-limit (local)", await measureRoundTrips(memoryLimited.url, key, calls), memoryBase))
  if (redisServer === undefined) console.log("(Redis rows skipped: no redis-server)")
  else {
    const redis = await startRedis()
    stops.push(redis.stop)
    const onRedis = await startServer([...keys, "--store", redis.url])
    const onRedisLimited = await startServer([...keys, "--store", redis.url, ...unreachable])
    stops.push(onRedis.stop, onRedisLimited.stop)
    const redisBase = await measureRoundTrips(onRedis.url, key, calls)
    console.log(row("Redis store, no rate limit", redisBase, redisBase))
    console.log(row("Redis store, --rate-limit (shared)", await measureRoundTrips(onRedisLimited.url, key, calls), redisBase))
  }
  const resourceServer = { id: "bench-rs", secret: "bench-rs-secret-0123456789abcdef0123456789", scope: "units:read" }
  const opaque = { id: "bench-opaque", secret: "bench-opaque-secret-0123456789abcdef01234567", scope: "units:read units:write" }
  const issuer = await startIssuer({
    keys: [await newSigningKey("bench-key")],
    clients: [resourceServer, opaque],
    opaqueClients: [opaque.id],
    introspection: true
  })
  stops.push(issuer.stop)
  writeFileSync(join(dir, "secret"), resourceServer.secret)
  const introspecting = await startServer([
    "--store",
    "memory",
    "--auth-issuer",
    issuer.issuer,
    "--auth-introspection",
    "--auth-client-id",
    resourceServer.id,
    "--auth-client-secret-file",
    join(dir, "secret")
  ])
  stops.push(introspecting.stop)
  const before = issuer.introspections()
  const token = await issuer.token(opaque, introspecting.url, "units:read units:write")
  console.log(row("opaque token, --auth-introspection", await measureRoundTrips(introspecting.url, token, calls), memoryBase))
  console.log(`  (introspection requests to the issuer during the run: ${issuer.introspections() - before})`)
} finally {
  for (const stop of stops.reverse()) await stop()
  rmSync(dir, { recursive: true, force: true })
}
