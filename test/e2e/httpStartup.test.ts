// A client that connects the moment the port opens is answered, never left hanging: the platform
// opens the port before its request handler is attached, and Node leaves requests without a
// handler unanswered (a quarter of such connects timed out before this was fixed).
import { spawn } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { builtBin } from "../support/builtCommand.ts"
import { freePort, initializeBody, repoRoot } from "../support/httpServer.ts"

const startAndConnectAtOnce = async (): Promise<ReadonlyArray<number>> => {
  const port = await freePort()
  const store = mkdtempSync(join(tmpdir(), "dimensional-startup-"))
  const child = spawn(process.execPath, [builtBin(), "mcp", "--http", "--port", String(port)], {
    cwd: repoRoot,
    // the file store (the HTTP default) takes a moment to open: the window this test looks into
    env: { ...process.env, DIMENSIONAL_STORE: `file:${store}` },
    stdio: ["ignore", "ignore", "ignore"]
  })
  const statuses: Array<number> = []
  try {
    // a busy machine starts slowly: the bound is on hanging, not on speed
    const until = Date.now() + 100_000
    while (Date.now() < until) {
      try {
        const response = await fetch(`http://127.0.0.1:${port}/mcp`, {
          method: "POST",
          headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
          body: initializeBody,
          signal: AbortSignal.timeout(30_000)
        })
        await response.body?.cancel()
        statuses.push(response.status)
        if (response.status === 200) break
      } catch (e) {
        // refused: not listening yet; anything else (a time-out) is the failure this test is about
        if (!String((e as { cause?: unknown }).cause ?? "").includes("ECONNREFUSED")) throw e
      }
      await new Promise((r) => setTimeout(r, 2))
    }
    return statuses
  } finally {
    child.kill()
    await new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve(undefined) : child.once("exit", resolve)))
    rmSync(store, { recursive: true, force: true })
  }
}

describe("HTTP start-up", () => {
  it("answers a request that arrives as the port opens (503 with Retry-After until ready, then 200), never hangs", async () => {
    for (let round = 0; round < 4; round++) {
      const statuses = await startAndConnectAtOnce()
      expect(statuses.at(-1)).toBe(200)
      expect(statuses.every((s) => s === 200 || s === 503)).toBe(true)
    }
    // four starts of a server from source: on a busy machine each can take most of a minute
  }, 480_000)
})
