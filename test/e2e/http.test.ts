// `dimensional mcp --http` as a child process, driven by the SDK's Client over Streamable HTTP:
// two concurrent sessions with separate state, idle expiry (404, a notice on the stream, filtered
// by logging/setLevel, then a fresh session), shutdown with streams open (exit code 0), request ids
// in the stderr log, and the command line's errors.
import { logName } from "../../src/services/logName.ts"
import { spawn } from "node:child_process"
import { type LoggingMessageNotification, SdkHttpError } from "@modelcontextprotocol/client"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { builtBin } from "../support/builtCommand.ts"
import { type HttpTestClient, type SpawnedServer, connectHttpClient, repoRoot, spawnServer } from "../support/httpServer.ts"

/** Polls `/healthz` until `done` holds for its session count; fails after `limitMs` (a hang guard, not a timing assertion). */
const waitForSessions = async (server: SpawnedServer, done: (live: number) => boolean, limitMs = 60_000) => {
  const deadline = Date.now() + limitMs
  for (;;) {
    const { sessions } = (await (await fetch(`${server.origin}/healthz`)).json()) as { sessions: number }
    if (done(sessions)) return sessions
    if (Date.now() > deadline) throw new Error(`sessions still ${sessions} after ${limitMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** Waits for a condition the server reports asynchronously; fails after `limitMs` (a hang guard). */
const waitUntil = async (condition: () => boolean, limitMs = 60_000) => {
  const deadline = Date.now() + limitMs
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${limitMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

describe("dimensional mcp --http", () => {
  let server: SpawnedServer
  beforeAll(async () => (server = await spawnServer()))
  afterAll(() => server.stop())

  it("serves two concurrent SDK sessions, each with its own state", async () => {
    const [a, b] = await Promise.all([connectHttpClient(server.url, "a"), connectHttpClient(server.url, "b")])
    try {
      expect(a.sessionId()).not.toBe(b.sessionId())
      await Promise.all([
        a
          .call("define_unit", { name: "furlong_a", dimension: "length" })
          .then(() => a.call("define_conversion", { src: "furlong_a", dst: "m", factor: 201.168 })),
        b.call("define_unit", { name: "furlong_a", dimension: "time" }).then(() => b.call("define_conversion", { src: "furlong_a", dst: "s", factor: 60 }))
      ])
      const [inA, inB, crossA, crossB] = await Promise.all([
        a.call("convert", { value: 1, from_unit: "furlong_a", to_unit: "m" }),
        b.call("convert", { value: 1, from_unit: "furlong_a", to_unit: "s" }),
        a.call("convert", { value: 1, from_unit: "furlong_a", to_unit: "s" }),
        b.call("convert", { value: 1, from_unit: "furlong_a", to_unit: "m" })
      ])
      expect(inA.data.quantity).toBeCloseTo(201.168, 9)
      expect(inB.data.quantity).toBe(60)
      expect(crossA.data.error_type).toBe("dimension_mismatch")
      expect(crossB.data.error_type).toBe("dimension_mismatch")
      expect((await a.call("reset_session")).data.success).toBe(true)
      expect((await a.call("convert", { value: 1, from_unit: "furlong_a", to_unit: "m" })).data.error_type).toBe("unknown_unit")
      expect((await b.call("convert", { value: 1, from_unit: "furlong_a", to_unit: "s" })).data.quantity).toBe(60)
    } finally {
      await Promise.all([a.close(true), b.close(true)])
    }
  })

  it("logs one stderr line per request with its request id", async () => {
    const response = await fetch(server.url, { method: "POST", headers: { "content-type": "text/plain", "x-request-id": "e2e-trace-7" }, body: "x" })
    expect(response.status).toBe(406)
    await waitUntil(() => server.stderr().includes("requestId=e2e-trace-7"))
    expect(server.stderr()).toMatch(/level=INFO .*message="POST \/mcp 406" requestId=e2e-trace-7/)
    expect(server.stderr()).toMatch(/message="GET \/mcp 200" requestId=[0-9a-f-]{36} .*session=#[0-9a-f]{12}/)
    // a session id grants access to its workspace: logs name it by a short hash, never the id
    expect(server.stderr()).not.toMatch(/session=s[0-9a-z]{9}/)
  })
})

describe("dimensional mcp --http with a short idle time-out", () => {
  let server: SpawnedServer
  // the flag wins over the environment
  beforeAll(async () => (server = await spawnServer({ env: { DIMENSIONAL_HTTP_IDLE_TIMEOUT: "1 hour" }, args: ["--idle-timeout", "3 seconds"] })))
  afterAll(() => server.stop())

  it("closes idle sessions: a notice on the stream (unless filtered by setLevel), 404 after, and a fresh session works", async () => {
    const quiet = await connectHttpClient(server.url, "quiet")
    const chatty = await connectHttpClient(server.url, "chatty")
    const notices = new Map<HttpTestClient, Array<LoggingMessageNotification["params"]>>([
      [quiet, []],
      [chatty, []]
    ])
    for (const [client, list] of notices) client.client.setNotificationHandler("notifications/message", (n) => void list.push(n.params))
    await quiet.client.setLoggingLevel("error")
    await chatty.client.ping()
    // the notice travels on each client's GET stream: both are open before the sessions go idle
    await waitUntil(() => [quiet, chatty].every((c) => new RegExp(`message="GET /mcp 200" .*session=${logName(c.sessionId()!)}`).test(server.stderr())))
    await waitForSessions(server, (live) => live === 0)

    expect(notices.get(chatty)!.map((n) => [n.level, n.data])).toEqual([["notice", expect.stringMatching(/idle.*Start a new session/)]])
    expect(notices.get(quiet)).toEqual([])

    const expired = await quiet.call("list_dimensions").then(
      () => undefined,
      (error: unknown) => error
    )
    expect(expired).toBeInstanceOf(SdkHttpError)
    expect((expired as SdkHttpError).status).toBe(404)

    const fresh = await connectHttpClient(server.url, "fresh")
    expect((await fresh.call("convert", { value: 1, from_unit: "h", to_unit: "min" })).data.quantity).toBe(60)
    await Promise.all([quiet.close(), chatty.close(), fresh.close(true)])
  })
})

describe("dimensional mcp --http shutdown", () => {
  it("exits with code 0 within about a second of SIGTERM, with SSE streams open", async () => {
    const server = await spawnServer()
    const clients = await Promise.all([connectHttpClient(server.url, "one"), connectHttpClient(server.url, "two")])
    await Promise.all(clients.map((c) => c.call("convert", { value: 5, from_unit: "km", to_unit: "mi" })))
    const streamsOpen = () => (server.stderr().match(/message="GET \/mcp 200"/g) ?? []).length
    await waitUntil(() => streamsOpen() === clients.length)
    const stopped = await server.stop(10_000)
    console.log(`HTTP server shutdown with ${clients.length} SSE streams open: ${Math.round(stopped.ms)} ms, exit code ${stopped.code}`)
    expect(stopped.signal).toBeNull()
    expect(stopped.code).toBe(0)
    expect(stopped.ms).toBeLessThan(5_000)
    expect(server.stderr()).toMatch(/shutting down: closing 2 session\(s\)/)
    await Promise.all(clients.map((c) => c.close().catch(() => undefined)))
  })
})

describe("dimensional mcp --http command line", () => {
  const run = (args: ReadonlyArray<string>, env: Record<string, string> = {}) =>
    new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [builtBin(), "mcp", "--http", ...args], {
        cwd: repoRoot,
        env: { ...process.env, ...env },
        stdio: ["ignore", "ignore", "pipe"]
      })
      let stderr = ""
      child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()))
      const guard = setTimeout(() => child.kill("SIGKILL"), 60_000)
      child.once("exit", (code) => {
        clearTimeout(guard)
        resolve({ code, stderr })
      })
    })

  it("refuses unknown arguments and flags without a value (exit 2)", async () => {
    const [unknown, missing] = await Promise.all([run(["--prot", "8080"]), run(["--port"])])
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toMatch(/Unrecognized flag: --prot[\s\S]*Did you mean this\?\s+--port/)
    expect(missing.code).toBe(2)
    expect(missing.stderr).toMatch(/Missing value for flag --port/)
  })

  it("refuses an invalid setting from the environment (exit 2), naming it", async () => {
    const result = await run([], { DIMENSIONAL_HTTP_PORT: "99999" })
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(/DIMENSIONAL_HTTP_PORT/)
  })
})
