/**
 * The official MCP conformance suite (@modelcontextprotocol/conformance) against the HTTP server,
 * for every server scenario that needs no fixtures of the suite's own (test tools, prompts,
 * resources) but the one it needs for SSE resumability. test/e2e/httpConformance.test.ts runs it in `npm test`; by hand:
 *
 *   node scripts/conformance.ts                      starts `dimensional mcp --http` on a free port
 *   node scripts/conformance.ts --url http://127.0.0.1:3000/mcp [scenario ...]
 *
 * Prints one line per scenario and exits 1 if any check failed or warned.
 */
import { spawn } from "node:child_process"
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises"
import { createRequire } from "node:module"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"

/**
 * server-sse-polling calls the suite's `test_reconnection` fixture: the server serves it only with
 * DIMENSIONAL_CONFORMANCE_FIXTURES=true, which this script (and the test) set.
 */
export const serverScenarios = [
  "server-initialize",
  "ping",
  "tools-list",
  "logging-set-level",
  "server-sse-multiple-streams",
  "server-sse-polling",
  "dns-rebinding-protection"
] as const

/** The environment a server under this suite runs with. */
export const conformanceEnv = { DIMENSIONAL_CONFORMANCE_FIXTURES: "true", DIMENSIONAL_STORE: "memory" } as const

export interface Check {
  readonly id: string
  readonly name: string
  readonly status: "SUCCESS" | "FAILURE" | "WARNING" | "INFO" | string
  readonly errorMessage?: string
}

export interface ScenarioResult {
  readonly scenario: string
  readonly passed: number
  readonly failed: number
  readonly warnings: number
  readonly checks: ReadonlyArray<Check>
  /** What the suite printed, for a failure's report. */
  readonly output: string
}

const repoRoot = fileURLToPath(new URL("..", import.meta.url))
const conformanceCli = join(dirname(createRequire(import.meta.url).resolve("@modelcontextprotocol/conformance/package.json")), "dist", "index.js")

const findChecks = async (dir: string): Promise<string | undefined> => {
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && entry.name === "checks.json") return join(entry.parentPath, entry.name)
  }
  return undefined
}

/** Runs one scenario with the suite's CLI; its checks come from the checks.json it writes. */
export const runScenario = async (url: string, scenario: string): Promise<ScenarioResult> => {
  const outputDir = await mkdtemp(join(tmpdir(), "dimensional-conformance-"))
  try {
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn(process.execPath, [conformanceCli, "server", "--url", url, "--scenario", scenario, "--output-dir", outputDir], {
        env: { ...process.env, NO_COLOR: "1" },
        stdio: ["ignore", "pipe", "pipe"]
      })
      let text = ""
      child.stdout.on("data", (chunk: Buffer) => (text += chunk.toString()))
      child.stderr.on("data", (chunk: Buffer) => (text += chunk.toString()))
      const guard = setTimeout(() => child.kill("SIGKILL"), 60_000)
      child.once("error", reject)
      child.once("exit", () => {
        clearTimeout(guard)
        resolve(text)
      })
    })
    const file = await findChecks(outputDir)
    const checks: ReadonlyArray<Check> = file
      ? JSON.parse(await readFile(file, "utf8"))
      : [{ id: "no-result", name: "NoResult", status: "FAILURE", errorMessage: "the suite wrote no checks.json" }]
    const count = (status: string) => checks.filter((c) => c.status === status).length
    return { scenario, passed: count("SUCCESS"), failed: count("FAILURE"), warnings: count("WARNING"), checks, output }
  } finally {
    await rm(outputDir, { recursive: true, force: true })
  }
}

export const runConformance = (url: string, scenarios: ReadonlyArray<string> = serverScenarios) =>
  Promise.all(scenarios.map((scenario) => runScenario(url, scenario)))

export const summaryLine = (r: ScenarioResult) =>
  `${r.failed === 0 && r.warnings === 0 && r.passed > 0 ? "PASS" : "FAIL"} ${r.scenario}: ${r.passed} passed, ${r.failed} failed, ${r.warnings} warnings` +
  r.checks
    .filter((c) => c.status === "FAILURE" || c.status === "WARNING")
    .map((c) => `\n    ${c.status} ${c.name}: ${c.errorMessage ?? ""}`)
    .join("")

/** `dimensional mcp --http` on a free port; resolves once it prints where it listens. */
const startServer = () =>
  new Promise<{ url: string; stop: () => void }>((resolve, reject) => {
    const child = spawn(process.execPath, ["src/cli/main.ts", "mcp", "--http", "--port", "0", "--log-level", "Warn"], {
      cwd: repoRoot,
      env: { ...process.env, ...conformanceEnv },
      stdio: ["ignore", "pipe", "inherit"]
    })
    let stdout = ""
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString()
      const match = /listening on (http:\/\/\S+\/mcp)/.exec(stdout)
      if (match) resolve({ url: match[1]!, stop: () => child.kill("SIGTERM") })
    })
    child.once("exit", (code) => reject(new Error(`server exited with code ${code} before listening`)))
  })

const main = async (argv: ReadonlyArray<string>) => {
  const urlIndex = argv.indexOf("--url")
  const given = urlIndex >= 0 ? argv[urlIndex + 1] : undefined
  const scenarios = argv.filter((arg, i) => arg !== "--url" && (urlIndex < 0 || i !== urlIndex + 1))
  const server = given ? undefined : await startServer()
  try {
    const url = given ?? server!.url
    const results = await runConformance(url, scenarios.length > 0 ? scenarios : serverScenarios)
    for (const r of results) console.log(summaryLine(r))
    const bad = results.filter((r) => r.failed > 0 || r.warnings > 0 || r.passed === 0)
    console.log(`${results.length - bad.length}/${results.length} scenarios passed against ${url}`)
    process.exitCode = bad.length > 0 ? 1 : 0
  } finally {
    server?.stop()
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main(process.argv.slice(2))
