// Self-correction configured the way a user configures the binary: command-line flags and
// environment variables of `dimensional mcp`, checked through the SDK Client over stdio.
import { Client } from "@modelcontextprotocol/client"
import { StdioClientTransport, getDefaultEnvironment } from "@modelcontextprotocol/client/stdio"
import type { CallToolResult } from "@modelcontextprotocol/client"
import { afterEach, describe, expect, it } from "vitest"
import { builtBin } from "../support/builtCommand.ts"

const clients: Array<Client> = []
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()))
})

const spawnServer = async (flags: ReadonlyArray<string>, env: Record<string, string> = {}) => {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [builtBin(), "mcp", ...flags],
    env: { ...getDefaultEnvironment(), ...env },
    stderr: "ignore"
  })
  const client = new Client({ name: "self-correction-stdio", version: "1.0.0" })
  await client.connect(transport)
  clients.push(client)
  await client.listTools()
  return async (name: string, args: Record<string, unknown>) => {
    const result = (await client.callTool({ name, arguments: args })) as CallToolResult
    return {
      isError: result.isError === true,
      data: result.structuredContent as any,
      text: result.content.map((c) => (c.type === "text" ? c.text : "")).join("\n")
    }
  }
}

describe("dimensional mcp over stdio", () => {
  it("corrects kilgoram with --server-unit-correction, over an environment that says otherwise", async () => {
    const call = await spawnServer(["--server-unit-correction"], { DIMENSIONAL_SERVER_UNIT_CORRECTION: "false" })
    const { isError, data, text } = await call("convert", { value: 5, from_unit: "kilgoram", to_unit: "lb" })
    expect(isError).toBe(false)
    expect(data.quantity).toBeCloseTo(5 / 0.45359237, 10) // the pound is exactly 0.45359237 kg
    expect(data.corrections).toEqual([
      { parameter: "from_unit", from: "kilgoram", to: "kg", source: "likely_fix", note: "unknown unit 'kilgoram' read as kilogram (kg)" }
    ])
    expect(text).toContain('from_unit: "kilgoram" → "kg"')
  })

  it("does not correct at all with DIMENSIONAL_RETRY_ENABLED=false, and still coerces losslessly", async () => {
    const call = await spawnServer([], { DIMENSIONAL_RETRY_ENABLED: "false" })
    const misspelt = await call("convert", { value: 5, form_unit: "km", to_unit: "mi" })
    expect(misspelt.isError).toBe(true)
    expect(misspelt.data.retry).toBeUndefined()
    const coerced = await call("convert", { value: "5", from_unit: "km", to_unit: "m" })
    expect(coerced.data.quantity).toBe(5000)
    expect(coerced.data.corrections[0].source).toBe("coercion")
  })

  it("refuses to start with a setting out of range", async () => {
    await expect(spawnServer(["--max-retries", "9"])).rejects.toThrow()
  })
})
