// The human CLI as a script or a person runs it: answers on stdout, the same suggestions as the
// MCP tools on stderr, --json for the structured form, exit codes a script can test.
import { execFile, spawnSync } from "node:child_process"
import { promisify } from "node:util"
import { Client } from "@modelcontextprotocol/client"
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio"
import { describe, expect, it } from "vitest"
import { repoRoot } from "./support/httpServer.ts"

const run = async (...args: Array<string>) => {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ["src/cli.ts", ...args], { cwd: repoRoot })
    return { code: 0, stdout, stderr }
  } catch (e) {
    const failed = e as { code: number; stdout: string; stderr: string }
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr }
  }
}

describe("dimensional (the CLI)", () => {
  it("converts: dimensional convert 5 km mi", async () => {
    const r = await run("convert", "5", "km", "mi")
    expect(r.code).toBe(0)
    expect(r.stdout.trim()).toBe("3.1068559611866697 mi")
  })

  it("prints the MCP tool's structured result with --json, UCUM with --ucum", async () => {
    const r = await run("convert", "5", "10*9/L", "/uL", "--ucum", "--json")
    expect(r.code).toBe(0)
    expect(JSON.parse(r.stdout)).toMatchObject({ quantity: 5000, ucum: "/uL" })
  })

  it("answers an error with the tools' suggestion and exit code 1", async () => {
    const r = await run("convert", "5", "kilgoram", "g")
    expect(r.code).toBe(1)
    expect(r.stderr).toMatch(/unknown_unit/)
    expect(r.stderr).toMatch(/did you mean: kilogram \(kg\)/)
    const json = await run("convert", "5", "kilgoram", "g", "--json")
    expect(json.code).toBe(1)
    expect(JSON.parse(json.stdout)).toMatchObject({ error_type: "unknown_unit", likely_fix: "kilogram (kg)" })
  })

  it("checks dimensions and lists units", async () => {
    expect((await run("check", "kg", "lb")).stdout).toMatch(/compatible: both are mass/)
    const units = await run("units", "--dimension", "pressure", "--limit", "3")
    expect(units.code).toBe(0)
    expect(units.stdout.trim().split("\n")).toHaveLength(4)
  })

  it("prints its version and help on stdout, and exits 2 on a wrong command line", async () => {
    expect((await run("--version")).stdout).toMatch(/0\.2\.0/)
    expect((await run("--help")).stdout).toMatch(/convert/)
    expect((await run("convert", "5", "km")).code).toBe(2)
    expect((await run("frobnicate")).code).toBe(2)
  })

  it("with no command, serves MCP over stdio to a client that spawns it (stdin is a pipe, as `npx -y dimensional-mcp`)", async () => {
    const client = new Client({ name: "dimensional-cli-test", version: "1.0.0" })
    await client.connect(new StdioClientTransport({ command: process.execPath, args: ["src/cli.ts"], cwd: repoRoot, stderr: "pipe" }))
    try {
      expect(client.getServerVersion()?.name).toBe("dimensional")
      const result = await client.callTool({ name: "convert", arguments: { value: 5, from_unit: "km", to_unit: "mi" } })
      expect((result.structuredContent as { quantity: number }).quantity).toBeCloseTo(3.10686, 5)
    } finally {
      await client.close()
    }
  })

  it("with no command and no input at all (stdin closed), ends cleanly instead of waiting", async () => {
    // stdin from /dev/null: not a terminal, and at its end at once
    const r = spawnSync(process.execPath, ["src/cli.ts"], { cwd: repoRoot, stdio: ["ignore", "pipe", "pipe"], encoding: "utf8", timeout: 20_000 })
    expect(r.status).toBe(0)
    expect(r.stdout).toBe("")
  })
})
