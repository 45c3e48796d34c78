// The parts of the HTTP server that judge this replica and its clients, as plain functions (issue
// 33): /readyz answers for the replica alone (shutting down: 503; a shared dependency away: still
// 200, named), failed authentications drain a bucket per address that a good token bypasses, and an
// oversized refusal is cut to size.
import { Effect } from "effect"
import { HttpServerResponse } from "effect/http"
import { describe, expect, it } from "vitest"
import { makeAuthFailures } from "../../../src/mcp/transports/http/authFailures.ts"
import { boundedAnswer } from "../../../src/mcp/transports/http/modernAnswers.ts"
import { readiness } from "../../../src/mcp/transports/http/readiness.ts"

const answerOf = async (effect: Effect.Effect<HttpServerResponse.HttpServerResponse>) => {
  const response = HttpServerResponse.toWeb(await Effect.runPromise(effect))
  return { status: response.status, body: await response.json() }
}

describe("readiness", () => {
  it("is the replica's own: 503 while it shuts down, 200 with a shared dependency away (named)", async () => {
    const away = { current: () => ({ store: "unavailable: redis does not answer" as const, issuer: "ok" as const }) }
    expect(await answerOf(readiness({ state: () => "ok" }, away))).toEqual({
      status: 200,
      body: { status: "ready", replica: "ok", store: "unavailable: redis does not answer", issuer: "ok" }
    })
    expect((await answerOf(readiness({ state: () => "shutting down" }, away))).status).toBe(503)
  })
})

describe("failed authentications per address", () => {
  it("lets 3 a minute fail, then asks to wait, refilling one every 20 s; a token that passed is still checked", () => {
    let now = 0
    const failures = makeAuthFailures(3, () => now)
    failures.passed("Bearer good")
    for (let i = 0; i < 3; i++) {
      expect(failures.wait("peer:1", "Bearer bad")).toBe(0)
      failures.failed("peer:1")
    }
    expect(failures.wait("peer:1", "Bearer bad")).toBe(20)
    expect(failures.wait("peer:1", "Bearer good")).toBe(0)
    expect(failures.wait("peer:2", "Bearer bad")).toBe(0)
    now = 20_000
    expect(failures.wait("peer:1", "Bearer bad")).toBe(0)
  })
})

describe("a refusal of the SDK's", () => {
  it("is cut to a few kB when it quotes a large input, keeping its status and code", async () => {
    const huge = "x".repeat(900_000)
    const refused = new Response(
      JSON.stringify({ jsonrpc: "2.0", id: null, error: { code: -32020, message: `disagree: ${huge}`, data: { mismatch: { header: huge, body: huge } } } }),
      {
        status: 400,
        headers: { "content-type": "application/json" }
      }
    )
    const cut = await boundedAnswer(refused)
    const text = await cut.text()
    expect(cut.status).toBe(400)
    expect(text.length).toBeLessThan(4096)
    expect(JSON.parse(text).error.code).toBe(-32020)
    const small = new Response('{"jsonrpc":"2.0","id":1,"result":{}}', { status: 200, headers: { "content-type": "application/json" } })
    expect(await boundedAnswer(small)).toBe(small)
  })
})
