// The MCP Inspector's own probe of MCP Apps (`--app-info`, CLI 2.12) finds the worksheet view on
// compute, convert and call_formula, with its CSP, permissions and MIME type, over stdio and
// Streamable HTTP; no other tool has one. The Inspector's web Apps view renders it too (checked by
// hand: docs/worksheet.md). Installed with npm like the Inspector CLI suite; where that cannot be
// done it says so in one line and is skipped.
import { execFile } from "node:child_process"
import { promisify } from "node:util"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { builtBin } from "../support/builtCommand.ts"
import { type SpawnedServer, repoRoot, spawnServer } from "../support/httpServer.ts"
import { inspectorBin as bin, inspectorMissing, inspectorPatience, inspectorVersion as version } from "../support/inspector.ts"

const run = promisify(execFile)
const missing = await inspectorMissing()
if (missing) console.log(`MCP Inspector --app-info suite skipped: npm could not install @modelcontextprotocol/inspector@${version} (${missing})`)

const app = {
  hasApp: true,
  resourceUri: "ui://dimensional/worksheet",
  csp: { connectDomains: [], resourceDomains: [], frameDomains: [], baseUriDomains: [] },
  permissions: { clipboardWrite: {} },
  prefersBorder: true,
  resourceMimeType: "text/html;profile=mcp-app"
}

describe.skipIf(missing !== undefined)(`the MCP Inspector ${version}'s MCP Apps probe`, () => {
  let server: SpawnedServer
  beforeAll(async () => (server = await spawnServer({ env: { DIMENSIONAL_STORE: "memory" } })))
  afterAll(() => server?.stop())

  it.each(["stdio", "Streamable HTTP"])(
    "finds the view on the three tools, and on no other, over %s",
    async (transport) => {
      const target = transport === "stdio" ? [process.execPath, builtBin()] : [server.url]
      const { stdout } = await run(process.execPath, [bin, "--cli", ...inspectorPatience, "--quiet", "--method", "tools/list", "--app-info", ...target], {
        timeout: 120_000,
        cwd: repoRoot
      })
      const lines = stdout
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l) as { toolName: string; hasApp: boolean })
      const withApp = lines.filter((l) => l.hasApp)
      expect(withApp.map((l) => l.toolName).sort()).toEqual(["call_formula", "compute", "convert"])
      for (const line of withApp) expect(line, line.toolName).toEqual({ ...app, toolName: line.toolName })
      expect(lines.length).toBeGreaterThan(withApp.length)
    },
    240_000
  )
})
