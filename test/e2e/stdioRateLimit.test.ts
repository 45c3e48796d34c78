// --rate-limit over stdio: the one client's tools/call are measured against a token bucket, and a
// call over the rate answers a structured `rate_limited` tool error (isError, retry_after_ms)
// without running: never repaired by retry-correction, since any call would wait the same.
import { Client } from "@modelcontextprotocol/client"
import type { CallToolResult } from "@modelcontextprotocol/client"
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { builtBin } from "../support/builtCommand.ts"

const root = new URL("../..", import.meta.url).pathname
let client: Client

beforeAll(async () => {
  client = new Client({ name: "stdio-rate-limit", version: "1.0.0" })
  await client.connect(
    new StdioClientTransport({ command: process.execPath, args: [builtBin(), "mcp", "--rate-limit", "3/minute"], cwd: root, stderr: "pipe" })
  )
})
afterAll(() => client.close())

const convert = async () => (await client.callTool({ name: "convert", arguments: { value: 1, from_unit: "km", to_unit: "m" } })) as CallToolResult

describe("dimensional mcp --rate-limit 3/minute (stdio)", () => {
  it("runs a burst of three calls, answers the fourth rate_limited without running it, and runs calls again after retry_after_ms", async () => {
    // four calls at once: the bucket holds three, and one more comes back only after 20 s, far longer
    // than a busy machine takes to answer four calls (at 3/second a token came back in between)
    const results = await Promise.all([convert(), convert(), convert(), convert()])
    const ran = results.filter((r) => r.isError !== true)
    for (const result of ran) expect((result.structuredContent as { quantity: number }).quantity).toBe(1000)
    expect(ran).toHaveLength(3)
    const refused = results.find((r) => r.isError === true)!
    const error = refused.structuredContent as { error_type: string; retry_after_ms: number; error: string; retry?: unknown; quantity?: unknown }
    expect(error.error_type).toBe("rate_limited")
    expect(error.quantity).toBeUndefined()
    // one token comes back every 20 s
    expect(error.retry_after_ms).toBeGreaterThan(0)
    expect(error.retry_after_ms).toBeLessThanOrEqual(20_000)
    expect(error.error).toMatch(/rate limit.*did not run/)
    // not sent to a corrector: no retry report
    expect(error.retry).toBeUndefined()
    // listing is not a call: never measured
    expect((await client.listTools()).tools.length).toBeGreaterThan(0)
    await new Promise((resolve) => setTimeout(resolve, error.retry_after_ms + 20))
    expect((await convert()).isError).toBeFalsy()
  })
})
