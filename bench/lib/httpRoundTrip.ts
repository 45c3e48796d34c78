/**
 * A server started from this checkout over HTTP, and the convert round trip it answers as the SDK
 * client makes it (a 2025-era session), for the benches that compare server options with each other
 * in one run (bench/auth.ts, bench/rate-limit.ts).
 */
import { spawn } from "node:child_process"
import { fileURLToPath } from "node:url"
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client"

const repoRoot = fileURLToPath(new URL("../..", import.meta.url))

/** `dimensional mcp --http` on a free port with `args`; resolves once it says where it listens. */
export const startServer = (args: ReadonlyArray<string>) =>
  new Promise<{ url: string; stop: () => void }>((resolve, reject) => {
    const child = spawn(process.execPath, ["src/cli/main.ts", "mcp", "--http", "--port", "0", "--log-level", "warning", ...args], {
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

export interface RoundTrips {
  readonly median: number
  readonly p95: number
}

/** Median and p95 (ms) of `calls` convert round trips after 200 to warm up, with `token` as the bearer when given. */
export const measureRoundTrips = async (url: string, token: string | undefined, calls: number): Promise<RoundTrips> => {
  const client = new Client({ name: "dimensional-bench", version: "1.0.0" })
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
