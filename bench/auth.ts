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
import { spawn } from "node:child_process"
import { createHash } from "node:crypto"
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client"
import { newSigningKey, startIssuer } from "../test/support/oidc.ts"

const argv = process.argv.slice(2)
const calls = Number(argv[argv.indexOf("--calls") + 1] ?? 2000) || 2000
const repoRoot = fileURLToPath(new URL("..", import.meta.url))

const startServer = (args: ReadonlyArray<string>) =>
  new Promise<{ url: string; stop: () => void }>((resolve, reject) => {
    const child = spawn(process.execPath, ["src/cli.ts", "mcp", "--http", "--port", "0", "--store", "memory", "--log-level", "warning", ...args], {
      cwd: repoRoot,
      stdio: ["ignore", "pipe", "inherit"]
    })
    let out = ""
    child.stdout.on("data", (c: Buffer) => {
      out += c.toString()
      const m = /listening on (http:\/\/\S+\/mcp)/.exec(out)
      if (m) resolve({ url: m[1]!, stop: () => child.kill("SIGTERM") })
    })
    child.once("exit", (code) => reject(new Error(`server exited ${code}`)))
  })

const measure = async (url: string, token: string | undefined) => {
  const client = new Client({ name: "bench-auth", version: "1.0.0" })
  await client.connect(new StreamableHTTPClientTransport(new URL(url), token === undefined ? {} : { authProvider: { token: async () => token } }))
  const call = () => client.callTool({ name: "convert", arguments: { value: 1, from_unit: "km", to_unit: "m" } })
  for (let i = 0; i < 200; i++) await call()
  const times: Array<number> = []
  for (let i = 0; i < calls; i++) {
    const started = performance.now()
    await call()
    times.push(performance.now() - started)
  }
  await client.close()
  times.sort((a, b) => a - b)
  return { median: times[Math.floor(times.length / 2)]!, p95: times[Math.floor(times.length * 0.95)]! }
}

const dir = mkdtempSync(join(tmpdir(), "dimensional-bench-auth-"))
const key = "bench-key-0123456789abcdef"
writeFileSync(join(dir, "keys"), `bench sha256:${createHash("sha256").update(key).digest("hex")}\n`)
const client = { id: "bench", secret: "bench-secret-0123456789abcdef0123456789", scope: "units:read units:write" }
const issuer = await startIssuer({ keys: [await newSigningKey("bench-key")], clients: [client] })
const open = await startServer([])
const metered = await startServer(["--metrics"])
const keyed = await startServer(["--api-keys-file", join(dir, "keys")])
const jwt = await startServer(["--auth-issuer", issuer.issuer])
try {
  const token = await issuer.token(client, jwt.url, "units:read units:write")
  const base = await measure(open.url, undefined)
  const withMetrics = await measure(metered.url, undefined)
  const withKey = await measure(keyed.url, key)
  const withJwt = await measure(jwt.url, token)
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
