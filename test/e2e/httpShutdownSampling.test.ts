// A call waiting on the client's model when the server shuts down still gets its answer: the wait
// ends (as if the model had declined), the agent's own error comes back, and then the session closes.
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client"
import type { CallToolResult } from "@modelcontextprotocol/client"
import { describe, expect, it } from "vitest"
import { spawnServer } from "../support/httpServer.ts"

describe("shutdown while a call waits on the client's model", () => {
  it("answers the call with the agent's own error before the session closes", async () => {
    const server = await spawnServer({ env: { DIMENSIONAL_CORRECTION_TIMEOUT: "60 seconds" } })
    const client = new Client({ name: "shutdown-sampling", version: "1.0.0" }, { capabilities: { sampling: {} } })
    let asked!: () => void
    const samplingAsked = new Promise<void>((resolve) => (asked = resolve))
    // a model that never answers
    client.setRequestHandler("sampling/createMessage", () => {
      asked()
      return new Promise(() => undefined)
    })
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url)))
    try {
      const call = client.callTool({ name: "convert", arguments: { value: "five", from_unit: "km", to_unit: "mi" } }) as Promise<CallToolResult>
      await samplingAsked
      const stopped = server.stop(10_000)
      const result = await call
      expect(result.isError).toBe(true)
      expect((result.structuredContent as { error_type: string }).error_type).toBe("invalid_input")
      const { ms } = await stopped
      expect(ms).toBeLessThan(8_000)
    } finally {
      await client.close().catch(() => undefined)
      if (server.child.exitCode === null) server.child.kill("SIGKILL")
    }
  })
})
