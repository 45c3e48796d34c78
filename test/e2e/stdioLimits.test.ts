// The stdio server against an oversized message and a client that goes away (finding 7 of issue 20):
// a line past the 10 MB bound is answered with an error (with its request's id) and logged, the next
// call is served, and the process exits once stdin ends, whatever state the connection is in.
import { spawn } from "node:child_process"
import { describe, expect, it } from "vitest"
import { builtBin } from "../support/builtCommand.ts"

const root = new URL("../..", import.meta.url).pathname

describe("stdio server limits", () => {
  it("answers an oversized line with an error, serves the next call and exits when stdin ends", async () => {
    const child = spawn(process.execPath, [builtBin(), "mcp"], { cwd: root, stdio: ["pipe", "pipe", "pipe"] })
    const exited = new Promise<{ code: number | null; ms: number }>((resolve) => {
      let endedAt = 0
      child.stdin.once("finish", () => (endedAt = performance.now()))
      child.once("exit", (code) => resolve({ code, ms: performance.now() - endedAt }))
    })
    let stderr = ""
    child.stderr.on("data", (c: Buffer) => (stderr += c.toString()))
    const answers = new Map<unknown, any>()
    let pending = ""
    child.stdout.on("data", (c: Buffer) => {
      pending += c.toString()
      let newline: number
      while ((newline = pending.indexOf("\n")) !== -1) {
        const message = JSON.parse(pending.slice(0, newline))
        pending = pending.slice(newline + 1)
        if (message.id !== undefined) answers.set(message.id, message)
      }
    })
    const answer = async (id: unknown, ms = 60_000) => {
      const until = Date.now() + ms
      while (!answers.has(id)) {
        if (Date.now() > until) throw new Error(`no answer to request ${String(id)} within ${ms} ms; stderr: ${stderr.slice(-500)}`)
        await new Promise((r) => setTimeout(r, 20))
      }
      return answers.get(id)
    }
    try {
      const send = (message: object) => child.stdin.write(`${JSON.stringify(message)}\n`)
      send({
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "limits", version: "1" } }
      })
      expect((await answer(1)).result.serverInfo.name).toBeTruthy()
      send({ jsonrpc: "2.0", method: "notifications/initialized" })
      const call = (id: number, extra: Record<string, unknown> = {}) => ({
        jsonrpc: "2.0",
        id,
        method: "tools/call",
        params: { name: "convert", arguments: { value: 1, from_unit: "km", to_unit: "m", ...extra } }
      })
      // 11 MB on one line, sent in pieces as a pipe delivers it
      const huge = JSON.stringify(call(2, { padding: "x".repeat(11 * 1024 * 1024) }))
      for (let i = 0; i < huge.length; i += 1 << 20) child.stdin.write(huge.slice(i, i + (1 << 20)))
      child.stdin.write("\n")
      send(call(3))
      const refused = await answer(2)
      expect(refused.error.code).toBe(-32600)
      expect(refused.error.message).toMatch(/must not exceed/)
      const served = await answer(3)
      expect(served.result.structuredContent.quantity).toBe(1000)
      expect(stderr).toMatch(/dropped a message line over \d+ bytes \(request id 2\)/)
      // 5,000 nested arrays in the arguments: refused as an invalid request, not -32603 from an overflowed stack
      child.stdin.write(`${JSON.stringify(call(4)).replace('"value":1', `"deep":${"[".repeat(5000)}${"]".repeat(5000)},"value":1`)}\n`)
      send(call(5))
      expect((await answer(4)).error).toMatchObject({ code: -32600, message: expect.stringMatching(/nests arrays and objects more than 64 levels/) })
      expect((await answer(5)).result.structuredContent.quantity).toBe(1000)
      child.stdin.end()
      const { code, ms } = await Promise.race([
        exited,
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error("the server did not exit within 60 s of stdin ending")), 60_000))
      ])
      console.log(`stdio server exit after stdin ended: ${Math.round(ms)} ms, code ${code}`)
      expect(code).toBe(0)
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL")
    }
  })
})
