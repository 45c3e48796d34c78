// The embedded file store under a flood and under operator mistakes (findings 1 and 4 of issue 20):
// a session writes nothing until it defines something; expired workspaces are deleted from disk (and
// stay deleted after a restart); the store holds at most --max-workspaces live workspaces and says
// so; a second process on the same directory refuses to start and says why, while a lock left by a
// killed process (kill -9) does not stop the next start, and the killed process's writes are kept.
import { spawn } from "node:child_process"
import { mkdtempSync, readdirSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { builtBin } from "../support/builtCommand.ts"
import { connectHttpClient, initializeBody, postRaw, repoRoot, spawnServer } from "../support/httpServer.ts"

const workspaceFiles = (directory: string) => readdirSync(directory).filter((n) => n.startsWith("dimensional%3Aworkspace%3A"))

const waitUntil = async (what: string, condition: () => boolean, ms = 60_000) => {
  const until = Date.now() + ms
  while (!condition()) {
    if (Date.now() > until) throw new Error(`${what}: not within ${ms} ms`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

describe("the file store under a flood", () => {
  const root = mkdtempSync(join(tmpdir(), "dimensional-flood-"))
  afterAll(() => rmSync(root, { recursive: true, force: true }))

  it("writes nothing for bare sessions and deletes expired workspaces from disk", async () => {
    const directory = join(root, "expiry")
    // long enough for 20 definitions on a busy machine to be on disk together, short for the wait after
    const args = ["--store", `file:${directory}`, "--workspace-idle-timeout", "10 seconds"]
    const server = await spawnServer({ args })
    try {
      const initializes = await Promise.all(Array.from({ length: 200 }, () => postRaw(server.url, initializeBody).then((r) => r.status)))
      expect(initializes.every((s) => s === 200)).toBe(true)
      expect(workspaceFiles(directory)).toEqual([])
      const clients = await Promise.all(Array.from({ length: 20 }, () => connectHttpClient(server.url)))
      const defined = await Promise.all(clients.map((c) => c.call("define_unit", { name: "smoot", dimension: "length" })))
      for (const d of defined) expect(d.isError).toBe(false)
      expect(workspaceFiles(directory)).toHaveLength(20)
      await Promise.all(clients.map((c) => c.close()))
      // idle for the time-out: deleted from disk, not merely hidden
      await waitUntil("expired workspaces deleted", () => workspaceFiles(directory).length === 0)
    } finally {
      await server.stop()
    }
    const again = await spawnServer({ args })
    await again.stop()
    expect(workspaceFiles(directory)).toEqual([])
  })

  it("holds at most --max-workspaces live workspaces and says so", async () => {
    const server = await spawnServer({ args: ["--store", `file:${join(root, "cap")}`, "--max-workspaces", "3"] })
    try {
      const clients = await Promise.all(Array.from({ length: 4 }, () => connectHttpClient(server.url)))
      const results = []
      for (const c of clients) results.push(await c.call("define_unit", { name: "smoot", dimension: "length" }))
      expect(results.slice(0, 3).map((r) => r.isError)).toEqual([false, false, false])
      expect(results[3]!.isError).toBe(true)
      expect(results[3]!.data.error_type).toBe("store_unavailable")
      expect(results[3]!.data.error).toMatch(/maximum of 3 live workspaces/)
      // the message never shows the server's path
      expect(results[3]!.data.error).not.toContain(root)
      // the existing ones still work
      expect((await clients[0]!.call("define_unit", { name: "smoot2", dimension: "length" })).isError).toBe(false)
      await Promise.all(clients.map((c) => c.close()))
    } finally {
      await server.stop()
    }
  })
})

describe("one process per file-store directory", () => {
  const root = mkdtempSync(join(tmpdir(), "dimensional-lock-"))
  afterAll(() => rmSync(root, { recursive: true, force: true }))

  it("refuses a second process on the directory, and starts again after the first was killed", async () => {
    const args = ["--store", `file:${join(root, "store")}`]
    const first = await spawnServer({ args })
    const client = await connectHttpClient(first.url)
    const acknowledged: Array<string> = []
    for (let i = 0; i < 20; i++) if (!(await client.call("define_unit", { name: `thing${i}`, dimension: "length" })).isError) acknowledged.push(`thing${i}`)
    const workspace = client.sessionId()!

    const second = spawn(process.execPath, [builtBin(), "mcp", "--http", "--port", "0", ...args], { cwd: repoRoot, stdio: ["ignore", "pipe", "pipe"] })
    let output = ""
    second.stdout.on("data", (c: Buffer) => (output += c.toString()))
    second.stderr.on("data", (c: Buffer) => (output += c.toString()))
    // bounded: a second process that starts serving is killed after 15 s and the test fails
    const killer = setTimeout(() => second.kill("SIGKILL"), 60_000)
    const code = await new Promise<number | null>((resolve) => second.once("exit", (c) => resolve(c)))
    clearTimeout(killer)
    expect(code).not.toBe(0)
    expect(output).toMatch(new RegExp(`in use by another process \\(pid ${first.child.pid}\\).*one process per directory`))
    expect(output).not.toMatch(/listening on/)

    first.child.kill("SIGKILL")
    await first.exited
    const third = await spawnServer({ args })
    try {
      const other = await connectHttpClient(third.url)
      const listed = await other.call("list_units", { workspace, query: "thing", limit: 100 })
      expect(listed.isError, JSON.stringify(listed.data)).toBe(false)
      const names = JSON.stringify(listed.data)
      const kept = acknowledged.filter((n) => names.includes(`"${n}"`))
      console.log(`file store, kill -9 then restart: ${kept.length} of ${acknowledged.length} acknowledged units kept`)
      expect(kept).toEqual(acknowledged)
      await other.close()
    } finally {
      await third.stop()
      await client.close().catch(() => undefined)
    }
  })
})
