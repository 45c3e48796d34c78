// The memory store within the heap it runs in (issue 33, item 13): in a process whose heap may
// grow to 128 MB, filling the store with workspaces of 16 kB of JSON ends with the store refusing
// one (store_unavailable, saying it is full), not with the process out of memory. The store used to
// keep every workspace decoded, about ten times its JSON, under caps sized for 512 MiB of it.
import { spawn } from "node:child_process"
import { describe, expect, it } from "vitest"
import { repoRoot } from "../support/httpServer.ts"

describe("the memory store in a small heap", () => {
  it("refuses a workspace when full, long before the heap runs out", async () => {
    const child = spawn(process.execPath, ["--max-old-space-size=128", "test/support/memoryStoreFill.ts"], { cwd: repoRoot, stdio: ["ignore", "pipe", "pipe"] })
    let out = ""
    let err = ""
    child.stdout.on("data", (c: Buffer) => (out += c.toString()))
    child.stderr.on("data", (c: Buffer) => (err = (err + c.toString()).slice(-2000)))
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve))
    expect(code, err).toBe(0)
    const result = JSON.parse(out.trim().split("\n").at(-1)!) as { workspaces: number; refused: string; message: string; heapUsedMb: number }
    expect(result.refused).toBe("StoreUnavailable")
    expect(result.message).toMatch(/already holds its maximum of \d+ MiB of workspaces/)
    // a store worth having: thousands of workspaces (40 MiB of JSON) fit
    expect(result.workspaces).toBeGreaterThan(2000)
  }, 180_000)
})
