// Processes started together on one file-store directory whose lock a killed process left behind
// (issue 33, item 12: two of them both started, 1 start in 8): exactly one serves, every other
// refuses and names the one holding the lock, whatever the order in which they reach it.
import { spawn } from "node:child_process"
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { describe, expect, it } from "vitest"
import { builtBin } from "../support/builtCommand.ts"
import { repoRoot } from "../support/httpServer.ts"

/** Starts a server on `directory`: "listening", or how it ended (its exit code and the end of its stderr). */
const start = (directory: string) =>
  new Promise<{ readonly outcome: "listening" | "exited"; readonly stderr: string; readonly stop: () => void }>((resolve) => {
    const child = spawn(process.execPath, [builtBin(), "mcp", "--http", "--store", `file:${directory}`], {
      cwd: repoRoot,
      env: { ...process.env, DIMENSIONAL_HTTP_PORT: "0" },
      stdio: ["ignore", "pipe", "pipe"]
    })
    let stderr = ""
    const stop = () => child.kill("SIGKILL")
    child.stderr.on("data", (c: Buffer) => (stderr += c.toString()))
    child.stdout.on("data", (c: Buffer) => {
      if (c.toString().includes("listening on")) resolve({ outcome: "listening", stderr, stop })
    })
    child.once("exit", () => resolve({ outcome: "exited", stderr, stop }))
  })

describe("servers started together on a directory with a stale lock", () => {
  it("serve from exactly one of them", async () => {
    for (let round = 0; round < 3; round++) {
      const directory = join(mkdtempSync(join(tmpdir(), "dimensional-lock-")), "store")
      try {
        mkdirSync(directory, { recursive: true })
        // left by a process that no longer runs
        writeFileSync(join(directory, ".lock"), "2147483646 killed")
        const started = await Promise.all([0, 1, 2].map(() => start(directory)))
        for (const s of started) s.stop()
        expect(
          started.filter((s) => s.outcome === "listening"),
          `round ${round}`
        ).toHaveLength(1)
        for (const refused of started.filter((s) => s.outcome === "exited")) expect(refused.stderr).toMatch(/is in use by another process \(pid \d+/)
      } finally {
        rmSync(dirname(directory), { recursive: true, force: true })
      }
    }
  }, 120_000)
})
