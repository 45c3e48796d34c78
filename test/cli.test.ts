// The human CLI as a script or a person runs it: answers on stdout, the same suggestions as the
// MCP tools on stderr, --json for the structured form, exit codes a script can test. Run as it is
// installed, from the bundle (built once for the suite by test/globalSetup.ts: the command line's own
// bundle, the browsing commands in the server's, the session's chunk), and once from the source as
// `npm start` runs it.
import { execFile, spawn, spawnSync } from "node:child_process"
import { join } from "node:path"
import { promisify } from "node:util"
import { Client } from "@modelcontextprotocol/client"
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio"
import { describe, expect, it } from "vitest"
import { builtPackage } from "./support/builtCommand.ts"
import { repoRoot } from "./support/httpServer.ts"

/** The built command's entry, what the bin runs. */
const cli = join(builtPackage(), "dist", "dimensional.js")

const run = async (...args: Array<string>) => {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [cli, ...args], { cwd: repoRoot })
    return { code: 0, stdout, stderr }
  } catch (e) {
    const failed = e as { code: number; stdout: string; stderr: string }
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr }
  }
}

describe("dimensional (the CLI)", () => {
  it("converts: dimensional convert 5 km mi, built and from the source", async () => {
    const r = await run("convert", "5", "km", "mi")
    expect(r.code).toBe(0)
    expect(r.stdout.trim()).toBe("3.1068559611866697 mi")
    const source = spawnSync(process.execPath, ["src/cli/main.ts", "convert", "5", "km", "mi"], { cwd: repoRoot, encoding: "utf8" })
    expect(source.stdout.trim()).toBe("3.1068559611866697 mi")
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

  it("states relations with --substance, --molar-mass, --equivalence and --atmospheric-pressure, and answers reciprocals with a note", async () => {
    expect((await run("convert", "100", "mg/dL", "mmol/L", "--substance", "glucose", "--digits", "4")).stdout).toMatch(
      /^5\.551 mmol\/L\n {2}note: .*180\.156 g\/mol/
    )
    expect((await run("convert", "5.551", "mmol/L", "mg/dL", "--molar-mass", "180.156 g/mol", "--digits", "4")).stdout).toMatch(/^100 mg\/dL/)
    expect((await run("convert", "500", "nm", "THz", "--equivalence", "spectral")).stdout).toMatch(/^599\.584916 THz/)
    expect((await run("convert", "30", "psig", "psia", "--atmospheric-pressure", "14.7 psi")).stdout).toMatch(/^44\.7 psia/)
    expect((await run("convert", "30", "mpg", "L/100km", "--digits", "4")).stdout).toMatch(/^7\.84 L\/100km[\s\S]*note: Reciprocal conversion/)
    const refused = await run("convert", "100", "mg/dL", "mmol/L")
    expect(refused.code).toBe(1)
    expect(refused.stderr).toMatch(/molar mass/)
    expect((await run("convert", "1", "nm", "THz", "--equivalence", "optical")).code).toBe(2)
  })

  it("rounds to --digits significant digits, as GNU units' -d does", async () => {
    expect((await run("convert", "5", "km", "mi", "--digits", "4")).stdout.trim()).toBe("3.107 mi")
    expect((await run("convert", "1", "ly", "km", "--digits", "3")).stdout.trim()).toBe("9460000000000 km")
    const refused = await run("convert", "5", "km", "mi", "--digits", "40")
    expect(refused.code).toBe(2)
    expect(refused.stderr).toMatch(/--digits must be between 1 and 17, got 40/)
  })

  it("pages units: each page prints the command for the next, and --cursor follows it", async () => {
    const first = await run("units", "--dimension", "pressure", "--limit", "3")
    const footer = first.stdout.trim().split("\n").at(-1)!
    expect(footer).toMatch(/^3 of \d+ units; \d+ more: dimensional units --dimension pressure --limit 3 --cursor 3$/)
    const second = await run("units", ...footer.slice(footer.indexOf("dimensional units ") + "dimensional units ".length).split(" "))
    expect(second.code).toBe(0)
    const names = (out: string) => out.trim().split("\n").slice(0, -1)
    expect(names(second.stdout)).toHaveLength(3)
    expect(names(second.stdout).some((line) => names(first.stdout).includes(line))).toBe(false)
  })

  it("refuses an out-of-range --limit in its own words, not the MCP tool's", async () => {
    const r = await run("units", "--limit", "500")
    expect(r.code).toBe(2)
    expect(r.stderr).toMatch(/--limit must be between 1 and 100, got 500/)
    expect(r.stderr).not.toMatch(/list_units|invalid_input/)
  })

  it("parses mcp's flags like every other command: did you mean, a missing value, a bad setting named by flag and variable", async () => {
    const typo = await run("mcp", "--htp")
    expect(typo.code).toBe(2)
    expect(typo.stderr).toMatch(/Unrecognized flag: --htp[\s\S]*Did you mean this\?\s+--http/)
    const missing = await run("mcp", "--max-retries", "--http")
    expect(missing.code).toBe(2)
    expect(missing.stderr).toMatch(/--max-retries/)
    expect(missing.stderr).not.toMatch(/ConfigError|SchemaError/)
    const badEnv = spawnSync(process.execPath, [cli, "mcp"], {
      cwd: repoRoot,
      stdio: ["ignore", "pipe", "pipe"],
      encoding: "utf8",
      env: { ...process.env, DIMENSIONAL_CORRECTION_TIMEOUT: "soon" }
    })
    expect(badEnv.status).toBe(2)
    expect(badEnv.stderr).toMatch(/--correction-timeout \(env DIMENSIONAL_CORRECTION_TIMEOUT\): expected a valid Duration string/)
    expect(badEnv.stderr).not.toMatch(/ConfigError|SchemaError/)
  })

  it("prints its version and help on stdout, and on a wrong command line one line of what is wrong and the usage line, exit 2", async () => {
    expect((await run("--version")).stdout).toMatch(/0\.2\.0/)
    expect((await run("--help")).stdout).toMatch(/convert/)
    for (const line of [["convert", "5", "km"], ["frobnicate"], ["convert", "5", "km", "mi", "--digts", "3"], ["convert"], ["units", "extra"]]) {
      const r = await run(...line)
      expect(r.code, line.join(" ")).toBe(2)
      expect(r.stderr.trim().split("\n").length, r.stderr).toBeLessThanOrEqual(6)
      expect(r.stderr).toMatch(/^dimensional: .*\nusage: dimensional/)
    }
    expect((await run("convert", "5", "km", "mi", "--digts", "3")).stderr).toMatch(/did you mean --digits/)
  })

  it("converts a quantity as people write it and into a unit list, as GNU units does", async () => {
    expect((await run("convert", "5 ft + 11 in", "cm")).stdout.trim()).toBe("180.34 cm")
    expect((await run("convert", "1.8 m", "ft;in")).stdout.trim()).toBe("5 ft 10.866142 in")
    expect((await run("convert", "1.8", "m", "ft;in")).stdout.trim()).toBe("5 ft 10.866142 in")
    expect((await run("convert", "2 h 30 min", "min")).stdout.trim()).toBe("150 min")
    expect((await run("convert", "5;11", "ft;in", "cm")).stdout.trim()).toBe("180.34 cm")
    // a recipe's fraction, never 1/(2 cups)
    expect((await run("convert", "1 1/2 cups", "mL")).stdout).toMatch(/^354\.88235475 mL\n/)
    const refused = await run("convert", "5 m 3", "cm")
    expect(refused.code).toBe(1)
    expect(refused.stderr).toMatch(/has no unit/)
  })

  it("computes a chain, gives a constant and evaluates a formula", async () => {
    expect((await run("compute", "1000 mL", "15 gtt/mL", "1/(480 min)", "--to", "gtt/min")).stdout.trim()).toBe("31.25 gtt/min")
    expect((await run("constant", "c")).stdout).toMatch(/^c = 299792458 m\/s \(exact\)/)
    expect((await run("formula", "bmi", "mass=70 kg", "height=1.75 m", "--digits", "4")).stdout).toMatch(/^22\.86 kg\/m²/)
  })

  it("with no command, serves MCP over stdio to a client that spawns it (stdin is a pipe, as `npx -y dimensional-mcp`)", async () => {
    const client = new Client({ name: "dimensional-cli-test", version: "1.0.0" })
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [cli], cwd: repoRoot, stderr: "pipe" }))
    try {
      expect(client.getServerVersion()?.name).toBe("dimensional")
      const result = await client.callTool({ name: "convert", arguments: { value: 5, from_unit: "km", to_unit: "mi" } })
      expect((result.structuredContent as { quantity: number }).quantity).toBeCloseTo(3.10686, 5)
    } finally {
      await client.close()
    }
  })

  // a terminal on stdin: util-linux's `script` runs the command under a pseudo-terminal
  const hasScript = spawnSync("script", ["--version"], { encoding: "utf8" }).status === 0
  it.skipIf(!hasScript)(
    "with no command at a terminal, holds a session as GNU units does: You have, You want, Ctrl-D leaves (needs util-linux `script`)",
    async () => {
      const child = spawn("script", ["-qec", `${JSON.stringify(process.execPath)} ${JSON.stringify(cli)}`, "/dev/null"], {
        cwd: repoRoot,
        stdio: ["pipe", "pipe", "pipe"]
      })
      let out = ""
      child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()))
      const exited = new Promise<number | null>((done) => child.once("exit", done))
      const seen = async (pattern: RegExp) => {
        while (!pattern.test(out)) await new Promise((r) => child.stdout.once("data", r))
      }
      // biome-ignore lint/suspicious/noControlCharactersInRegex: the escapes readline moves its cursor with
      const text = () => out.replace(/\x1b\[[0-9;]*[A-Za-z]/g, "")
      await seen(/You have: /)
      // typed ahead: each pair is answered in turn
      child.stdin.write("5 km\nmi\n5 ft 11 in\ncm\n1.8 m\nft;in\nkilgoram\ng\n")
      await seen(/did you mean: kilogram/)
      child.stdin.write("\u0004")
      expect(await exited).toBe(0)
      expect(text()).toMatch(/= 3\.1068559611866697 mi/)
      expect(text()).toMatch(/= 180\.34 cm/)
      expect(text()).toMatch(/5 ft 10\.866142 in/)
      expect(text()).not.toMatch(/listening on stdio/)
    }
  )

  it("with no command and no input at all (stdin closed), ends cleanly instead of waiting", async () => {
    // stdin from /dev/null: not a terminal, and at its end at once
    const r = spawnSync(process.execPath, [cli], { cwd: repoRoot, stdio: ["ignore", "pipe", "pipe"], encoding: "utf8", timeout: 20_000 })
    expect(r.status).toBe(0)
    expect(r.stdout).toBe("")
  })
})
