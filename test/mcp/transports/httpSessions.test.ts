// The HTTP session registry on the TestClock: one workspace per session, idle expiry (on
// look-up and by the sweeper), the cap evicting the longest-idle session, and every session
// closed with the registry.
import { assert, describe, it } from "@effect/vitest"
import { Context, Duration, Effect, Exit, Layer, Scope } from "effect"
import { TestClock } from "effect/testing"
import { parseDimension } from "../../../src/engine/units/DimensionExpression.ts"
import { isEngineError } from "../../../src/engine/errors.ts"
import { HttpServices as SharedServicesLive } from "../../../src/layers.ts"
import { HttpSessions, type McpSession } from "../../../src/mcp/transports/http/sessions.ts"
import { DefaultWorkspace, Workspace } from "../../../src/services/Workspace.ts"

/** The workspace a call in `session` uses when it names none. */
const workspaceOf = (session: McpSession) =>
  Effect.flatMap(Effect.service(Workspace), (w) => w.open(undefined, "read")).pipe(Effect.provideService(DefaultWorkspace, session.id))

const registry = (limits: { idleTimeout: Duration.Input; maxSessions: number }) =>
  HttpSessions.layer({ idleTimeout: Duration.fromInputUnsafe(limits.idleTimeout), maxSessions: limits.maxSessions }).pipe(
    Layer.provideMerge(SharedServicesLive)
  )

const initialize = (session: McpSession) =>
  Effect.promise(() =>
    session.transport.handleRequest(
      new Request("http://127.0.0.1/mcp", {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
        body: JSON.stringify({
          jsonrpc: "2.0",
          id: 1,
          method: "initialize",
          params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "t", version: "1" } }
        })
      })
    )
  )

/** What a request naming the session gets from its transport: 404 once the session is closed. */
const statusOfPing = (session: McpSession) =>
  Effect.promise(async () => {
    const response = await session.transport.handleRequest(
      new Request("http://127.0.0.1/mcp", {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-session-id": session.id },
        body: JSON.stringify({ jsonrpc: "2.0", id: 2, method: "ping" })
      })
    )
    await response.body?.cancel()
    return response.status
  })

describe("HttpSessions", () => {
  it.effect("gives each session its own workspace: a unit defined in one is invisible to the other", () =>
    Effect.gen(function* () {
      const sessions = yield* HttpSessions
      const a = yield* sessions.open
      const b = yield* sessions.open
      assert.notStrictEqual(a.id, b.id)
      const stateA = yield* workspaceOf(a)
      const stateB = yield* workspaceOf(b)
      assert.strictEqual(stateA.id, a.id, "the session id names its workspace")
      const length = parseDimension("length")
      if (isEngineError(length)) return assert.fail(length.message)
      yield* stateA.modify((data) =>
        Effect.succeed([
          undefined,
          {
            ...data,
            units: [...data.units, { name: "smoot", dimension: length, aliases: [] }],
            edges: [...data.edges, { src: "smoot", dst: "m", factor: 1.7018, offset: 0 }]
          }
        ] as const)
      )
      assert.isDefined((yield* stateA.catalog()).resolve("smoot"))
      assert.isUndefined((yield* stateB.catalog()).resolve("smoot"))
      assert.strictEqual((yield* stateB.get).units.length, 0)
    }).pipe(Effect.provide(registry({ idleTimeout: "30 minutes", maxSessions: 10 })))
  )

  it.effect("expires a session idle for the time-out when it is looked up, and counts it", () =>
    Effect.gen(function* () {
      const sessions = yield* HttpSessions
      const session = yield* sessions.open
      yield* initialize(session)
      yield* TestClock.adjust("9 minutes")
      assert.strictEqual((yield* sessions.lookup(session.id))?.id, session.id, "a look-up marks the session active")
      yield* TestClock.adjust("9 minutes")
      assert.isDefined(yield* sessions.lookup(session.id), "18 minutes after opening, 9 after the last request")
      yield* TestClock.adjust("10 minutes")
      assert.isUndefined(yield* sessions.lookup(session.id))
      const stats = yield* sessions.stats
      assert.strictEqual(stats.live, 0)
      assert.strictEqual(stats.closed.expired, 1)
      assert.strictEqual(yield* statusOfPing(session), 404, "its transport is closed")
    }).pipe(Effect.provide(registry({ idleTimeout: "10 minutes", maxSessions: 10 })))
  )

  it.effect("sweeps idle sessions without being asked, and keeps the active ones", () =>
    Effect.gen(function* () {
      const sessions = yield* HttpSessions
      const idle = yield* sessions.open
      const active = yield* sessions.open
      for (let minute = 0; minute < 6; minute++) {
        yield* TestClock.adjust("1 minute")
        yield* sessions.touch(active.id)
      }
      const stats = yield* sessions.stats
      assert.strictEqual(stats.live, 1)
      assert.strictEqual(stats.closed.expired, 1)
      assert.isDefined(yield* sessions.lookup(active.id))
      assert.isUndefined(yield* sessions.lookup(idle.id))
    }).pipe(Effect.provide(registry({ idleTimeout: "5 minutes", maxSessions: 10 })))
  )

  it.effect("at the cap, a new session evicts the one idle the longest", () =>
    Effect.gen(function* () {
      const sessions = yield* HttpSessions
      const first = yield* sessions.open
      yield* TestClock.adjust("1 second")
      const second = yield* sessions.open
      yield* TestClock.adjust("1 second")
      const third = yield* sessions.open
      yield* TestClock.adjust("1 second")
      yield* sessions.touch(first.id)
      const fourth = yield* sessions.open
      const stats = yield* sessions.stats
      assert.strictEqual(stats.live, 3)
      assert.strictEqual(stats.opened, 4)
      assert.strictEqual(stats.closed.evicted, 1)
      assert.isUndefined(yield* sessions.lookup(second.id), "the longest idle went")
      for (const kept of [first, third, fourth]) assert.isDefined(yield* sessions.lookup(kept.id))
    }).pipe(Effect.provide(registry({ idleTimeout: "1 hour", maxSessions: 3 })))
  )

  it.effect("a session deleted by its client leaves the registry", () =>
    Effect.gen(function* () {
      const sessions = yield* HttpSessions
      const session = yield* sessions.open
      yield* initialize(session)
      const response = yield* Effect.promise(() =>
        session.transport.handleRequest(new Request("http://127.0.0.1/mcp", { method: "DELETE", headers: { "mcp-session-id": session.id } }))
      )
      assert.strictEqual(response.status, 200)
      const stats = yield* sessions.stats
      assert.strictEqual(stats.live, 0)
      assert.strictEqual(stats.closed.deleted, 1)
      assert.isUndefined(yield* sessions.lookup(session.id))
    }).pipe(Effect.provide(registry({ idleTimeout: "1 hour", maxSessions: 3 })))
  )

  it.effect("closes every session when the registry's scope closes", () =>
    Effect.gen(function* () {
      const scope = yield* Scope.make()
      const context = yield* Layer.buildWithScope(registry({ idleTimeout: "1 hour", maxSessions: 3 }), scope)
      const sessions = Context.get(context, HttpSessions)
      const opened = [yield* sessions.open, yield* sessions.open]
      for (const session of opened) yield* initialize(session)
      for (const session of opened) assert.strictEqual(yield* statusOfPing(session), 200)
      yield* Scope.close(scope, Exit.void)
      for (const session of opened) assert.strictEqual(yield* statusOfPing(session), 404)
    })
  )
})
