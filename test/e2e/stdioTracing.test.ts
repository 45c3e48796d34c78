// `dimensional mcp --otlp-endpoint URL` over stdio: each tool call is a span exported over OTLP/HTTP
// to a receiver that decodes the real payloads; a `traceparent` in the call's `_meta` continues the
// caller's trace (stdio has no headers: `_meta` is the only way in). A store on disk makes a span per
// operation under the call; the default in-memory store makes none (a map lookup is no I/O boundary),
// its time still counted in the call's store time.
import { Client } from "@modelcontextprotocol/client"
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { builtBin } from "../support/builtCommand.ts"
import { type OtlpReceiver, attribute, startOtlpReceiver } from "../support/otlpReceiver.ts"

const root = new URL("../..", import.meta.url).pathname

describe("traces over stdio", () => {
  let receiver: OtlpReceiver
  let client: Client
  let dir: string
  beforeAll(async () => {
    receiver = await startOtlpReceiver()
    dir = mkdtempSync(join(tmpdir(), "dimensional-stdio-tracing-"))
    client = new Client({ name: "stdio-tracing-tests", version: "1.0.0" })
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [builtBin(), "mcp", "--store", `file:${dir}`, "--otlp-endpoint", receiver.endpoint],
        cwd: root,
        stderr: "pipe"
      })
    )
  })
  afterAll(async () => {
    await client?.close()
    await receiver?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it("continues the trace a call's _meta names, with the call's tool, era and outcome, and its store operations under it", async () => {
    const traceId = "1f2e3d4c5b6a79880716253443526170"
    const result = await client.callTool({
      name: "define_unit",
      arguments: { name: "stdio_smidgen", dimension: "length" },
      _meta: { traceparent: `00-${traceId}-0a0b0c0d0e0f1011-01`, tracestate: "team=units" }
    })
    expect(result.isError).not.toBe(true)
    const call = await receiver.spanWith((s) => s.traceId === traceId && s.name === "tools/call define_unit")
    expect(call.parentSpanId).toBe("0a0b0c0d0e0f1011")
    expect(call.kind).toBe(2) // over stdio the call is the server's span
    expect(attribute(call, "mcp.tool")).toBe("define_unit")
    expect(attribute(call, "dimensional.outcome")).toBe("success")
    expect(attribute(call, "w3c.tracestate")).toBe("team=units")
    expect(receiver.services).toContain("dimensional")
    const write = await receiver.spanWith((s) => s.traceId === traceId && s.name === "WorkspaceStore.set")
    expect(write.parentSpanId).toBe(call.spanId)
  })

  it("starts a trace of its own for a call without trace context", async () => {
    await client.callTool({ name: "convert", arguments: { value: 1, from_unit: "lb", to_unit: "s" } })
    const call = await receiver.spanWith((s) => s.name === "tools/call convert")
    expect(call.parentSpanId ?? "").toBe("")
    expect(attribute(call, "dimensional.outcome")).toBe("error")
    expect(attribute(call, "dimensional.error_type")).toBe("dimension_mismatch")
  })
})

describe("head sampling over stdio (--trace-sample-ratio)", () => {
  let receiver: OtlpReceiver
  let client: Client
  beforeAll(async () => {
    receiver = await startOtlpReceiver()
    client = new Client({ name: "stdio-sampling-tests", version: "1.0.0" })
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [builtBin(), "mcp", "--otlp-endpoint", receiver.endpoint, "--trace-sample-ratio", "0"],
        cwd: root,
        stderr: "pipe"
      })
    )
  })
  afterAll(async () => {
    await client?.close()
    await receiver?.close()
  })

  it("records no trace that starts here at ratio 0, but follows a caller's sampled flag either way", async () => {
    const sampled = "2f2e3d4c5b6a79880716253443526171"
    const unsampled = "3f2e3d4c5b6a79880716253443526172"
    await client.callTool({ name: "convert", arguments: { value: 1, from_unit: "km", to_unit: "m" } })
    await client.callTool({
      name: "convert",
      arguments: { value: 2, from_unit: "km", to_unit: "m" },
      _meta: { traceparent: `00-${unsampled}-0a0b0c0d0e0f1012-00` }
    })
    await client.callTool({
      name: "convert",
      arguments: { value: 3, from_unit: "km", to_unit: "m" },
      _meta: { traceparent: `00-${sampled}-0a0b0c0d0e0f1013-01` }
    })
    // the sampled caller's span arrives; by then (exports are batched each second) the others would have too
    const call = await receiver.spanWith((s) => s.traceId === sampled && s.name === "tools/call convert")
    expect(call.parentSpanId).toBe("0a0b0c0d0e0f1013")
    await new Promise((resolve) => setTimeout(resolve, 1500))
    expect(receiver.spans.filter((s) => s.traceId !== sampled)).toEqual([])
    // the default store is this process's memory: a lookup there is no I/O, and makes no span
    expect(receiver.spans.map((s) => s.name)).toEqual(["tools/call convert"])
  })
})
