/**
 * What authorization costs a call (not part of the test suite): a convert round trip over
 * Streamable HTTP (a 2025-era session, the SDK client) against three servers on loopback: open, with
 * an API key (--api-keys-file), and with JWT access tokens from a real OpenID provider
 * (--auth-issuer, oidc-provider; the keys fetched once, then each token's signature checked on
 * every request); and the open server with --metrics (what recording the metrics costs). Prints the
 * median and p95 per call and the ratios to the open server.
 *
 *   node bench/auth.ts [--calls 2000]
 */
import { createHash } from "node:crypto"
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { measureRoundTrips, startServer } from "./lib/httpRoundTrip.ts"
import { newSigningKey, startIssuer } from "../test/support/oidc.ts"

const argv = process.argv.slice(2)
const calls = Number(argv[argv.indexOf("--calls") + 1] ?? 2000) || 2000

const dir = mkdtempSync(join(tmpdir(), "dimensional-bench-auth-"))
const key = "bench-key-0123456789abcdef"
writeFileSync(join(dir, "keys"), `bench sha256:${createHash("sha256").update(key).digest("hex")}\n`)
const client = { id: "bench", secret: "bench-secret-0123456789abcdef0123456789", scope: "units:read units:write" }
const issuer = await startIssuer({ keys: [await newSigningKey("bench-key")], clients: [client] })
const open = await startServer(["--store", "memory"])
const metered = await startServer(["--store", "memory", "--metrics"])
const keyed = await startServer(["--store", "memory", "--api-keys-file", join(dir, "keys")])
const jwt = await startServer(["--store", "memory", "--auth-issuer", issuer.issuer])
try {
  const token = await issuer.token(client, jwt.url, "units:read units:write")
  const base = await measureRoundTrips(open.url, undefined, calls)
  const withMetrics = await measureRoundTrips(metered.url, undefined, calls)
  const withKey = await measureRoundTrips(keyed.url, key, calls)
  const withJwt = await measureRoundTrips(jwt.url, token, calls)
  const row = (name: string, r: { median: number; p95: number }) =>
    `${name.padEnd(22)} median ${r.median.toFixed(3)} ms (${(r.median / base.median).toFixed(2)}×)   p95 ${r.p95.toFixed(3)} ms (${(r.p95 / base.p95).toFixed(2)}×)`
  console.log(`convert round trip over HTTP, ${calls} calls after 200 warm-up, one session each`)
  console.log(row("open (no authorization)", base))
  console.log(row("open, --metrics", withMetrics))
  console.log(row("API key", withKey))
  console.log(row("JWT (RS256)", withJwt))
} finally {
  open.stop()
  metered.stop()
  keyed.stop()
  jwt.stop()
  await issuer.stop()
  rmSync(dir, { recursive: true, force: true })
}
