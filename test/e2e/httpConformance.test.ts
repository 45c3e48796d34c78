// The official MCP conformance suite against `dimensional mcp --http`: every server scenario that
// does not need the suite's own fixtures, and SSE polling with its one fixture (scripts/conformance.ts
// lists them), passes without a failed or warned check.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type ScenarioResult, conformanceEnv, runConformance, serverScenarios, summaryLine } from "../../scripts/conformance.ts"
import { type SpawnedServer, spawnServer } from "../support/httpServer.ts"

let server: SpawnedServer
let results: ReadonlyArray<ScenarioResult>

beforeAll(async () => {
  server = await spawnServer({ env: { DIMENSIONAL_LOG_LEVEL: "Warn", ...conformanceEnv } })
  results = await runConformance(server.url)
}, 120_000)
afterAll(() => server.stop())

describe("MCP conformance suite (server scenarios)", () => {
  it.each(serverScenarios)("%s", (scenario) => {
    const result = results.find((r) => r.scenario === scenario)!
    expect(result.checks.length, result.output).toBeGreaterThan(0)
    expect({ failed: result.failed, warnings: result.warnings }, summaryLine(result)).toEqual({ failed: 0, warnings: 0 })
    expect(result.passed).toBeGreaterThan(0)
  })
})
