// One node on the embedded file store (the HTTP default): definitions survive a restart of the
// server, reachable by their workspace id and by the same 2025-era session, which the restarted
// server takes over from the store. Also: a store that cannot be opened stops the server at once.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { builtBin } from "../support/builtCommand.ts"
import { spawn } from "node:child_process"
import { connectHttpClient, freePort, repoRoot, spawnServer } from "../support/httpServer.ts"

describe("the embedded file store", () => {
  const dir = mkdtempSync(join(tmpdir(), "dimensional-filestore-"))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it("keeps a node's definitions across a restart, for the workspace id and for the same session", async () => {
    const port = await freePort()
    const args = ["--port", String(port), "--store", `file:${join(dir, "store")}`]
    const first = await spawnServer({ args })
    const client = await connectHttpClient(first.url)
    const defined = await client.call("define_unit", { name: "smoot", dimension: "length" })
    expect(defined.isError).toBe(false)
    const edge = await client.call("define_conversion", { src: "smoot", dst: "m", factor: 1.7018 })
    expect(edge.isError, JSON.stringify(edge.data)).toBe(false)
    const workspace = defined.data.workspace as string
    expect(workspace).toBe(client.sessionId())
    await first.stop()

    const second = await spawnServer({ args })
    try {
      // the same client, its session id unknown to the new process: taken over from the store
      const again = await client.call("convert", { value: 2, from_unit: "smoot", to_unit: "m" })
      expect(again.isError).toBe(false)
      expect(again.data.quantity).toBeCloseTo(3.4036, 12)
      // and a new client naming the workspace
      const other = await connectHttpClient(second.url)
      const named = await other.call("convert", { value: 1, from_unit: "smoot", to_unit: "cm", workspace })
      expect(named.isError).toBe(false)
      expect(named.data.quantity).toBeCloseTo(170.18, 10)
      await other.close()
      await client.close()
    } finally {
      await second.stop()
    }
  })

  it("stops the server with a clear message when the store cannot be opened", async () => {
    const blocker = join(dir, "not-a-directory")
    writeFileSync(blocker, "")
    const child = spawn(process.execPath, [builtBin(), "mcp", "--http", "--port", "0", "--store", `file:${blocker}/store`], {
      cwd: repoRoot,
      stdio: ["ignore", "pipe", "pipe"]
    })
    let output = ""
    child.stdout.on("data", (c: Buffer) => (output += c.toString()))
    child.stderr.on("data", (c: Buffer) => (output += c.toString()))
    const code = await new Promise<number | null>((resolve) => child.once("exit", (c) => resolve(c)))
    expect(code).not.toBe(0)
    expect(output).toMatch(/workspace store \(file:.*not-a-directory\/store\) cannot be opened/)
    expect(output).not.toMatch(/listening on/)
  })
})
