// A browser client on an allowed origin: a page served from another origin runs the official
// client (bundled for the browser) in headless Chromium against the HTTP server, in both protocol
// eras. CORS is what makes this work: preflights for the MCP headers (2026-07-28 adds Mcp-Method
// and Mcp-Name) and the session id exposed to the page. A page on an origin that is not allowed
// gets nothing. Needs Debian's chromium (apt-get install chromium; .ci/run installs it); without
// it the suite says so in one line and is skipped.
import { existsSync } from "node:fs"
import { type Server, createServer } from "node:http"
import { join } from "node:path"
import { build } from "esbuild"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { tools } from "../../src/tools/index.ts"
import { type SpawnedServer, freePort, repoRoot, spawnServer } from "../support/httpServer.ts"

const chromiumPath = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p) => existsSync(p))
const playwright = await import("playwright-core").catch(() => undefined)
const missing = !chromiumPath ? "Chromium is not installed (apt-get install chromium)" : !playwright ? "playwright-core is not installed" : undefined
if (missing) console.log(`browser client suite skipped: ${missing}`)

describe.skipIf(missing !== undefined)("a browser page as the client (headless Chromium)", () => {
  let server: SpawnedServer
  let pages: Server
  let pagePort = 0
  let browser: import("playwright-core").Browser

  beforeAll(async () => {
    pagePort = await freePort()
    // the page is another origin than the server's: it is allowed by name
    server = await spawnServer({ env: { DIMENSIONAL_STORE: "memory" }, args: ["--allowed-origins", `http://localhost:${pagePort}`] })
    const bundled = await build({
      entryPoints: [join(repoRoot, "test/support/browserClient.ts")],
      bundle: true,
      format: "esm",
      platform: "browser",
      write: false,
      logLevel: "silent"
    })
    const script = bundled.outputFiles[0]!.text
    pages = createServer((request, response) => {
      if (request.url === "/client.js") response.writeHead(200, { "content-type": "text/javascript" }).end(script)
      else
        response.writeHead(200, { "content-type": "text/html" }).end('<!doctype html><title>MCP page</title><script type="module" src="/client.js"></script>')
    })
    await new Promise<void>((resolve) => pages.listen(pagePort, "0.0.0.0", resolve))
    browser = await playwright!.chromium.launch({
      executablePath: chromiumPath!,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync"
      ]
    })
  })

  afterAll(async () => {
    await browser?.close()
    await new Promise((resolve) => pages?.close(resolve))
    await server?.stop()
  })

  /** Opens the page from `origin` and runs the client in it against the server. */
  const runFrom = async (origin: string, era: "2025" | "2026-07-28"): Promise<Record<string, any>> => {
    const page = await browser.newPage()
    try {
      await page.goto(`${origin}/`)
      await page.waitForFunction(() => typeof (globalThis as { runMcp?: unknown }).runMcp === "function")
      return await page.evaluate(
        ([url, era]) =>
          (globalThis as unknown as { runMcp: (url: string, era: string) => Promise<Record<string, unknown>> })
            .runMcp(url, era)
            .catch((e: Error) => ({ failed: String(e) })),
        [server.url, era] as const
      )
    } finally {
      await page.close()
    }
  }

  it.each(["2025", "2026-07-28"] as const)(
    "connects from an allowed origin and works (%s)",
    async (era) => {
      const result = await runFrom(`http://localhost:${pagePort}`, era)
      expect(result).toMatchObject({ era: era === "2025" ? "legacy" : "modern", tools: tools.length, smootsInMetres: 3.4036 })
      expect(result.quantity).toBeCloseTo(3.10685596118667, 13)
      // the session id is a header the page can read only because the server exposes it
      if (era === "2025") expect(result.sessionId).toMatch(/^s[0-9a-z]{9}[A-Za-z0-9_-]{46}$/)
      else expect(result.sessionId).toBeNull()
    },
    30_000
  )

  it("gets nothing from an origin that is not allowed", async () => {
    const result = await runFrom(`http://127.0.0.2:${pagePort}`, "2026-07-28")
    // the browser refuses the page what the server refused (403 without CORS headers)
    expect(result.failed).toMatch(/fetch|CORS|network|negotiation failed/i)
  })
})
