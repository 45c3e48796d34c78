// The rules of the HTTP server's session table, as plain functions of the table and the time:
// a busy session (a request unanswered) is never expired or evicted, an idle one expires after the
// time-out, and a full table gives up the session idle the longest.
import { describe, expect, it } from "vitest"
import { SessionTable } from "../../../src/mcp/transports/http/sessionTable.ts"

const IDLE = 1_000

const tableWith = (...ids: ReadonlyArray<string>) => {
  const table = new SessionTable<string>(3, IDLE)
  for (const [i, id] of ids.entries()) table.add(id, id, i)
  return table
}

describe("the session table", () => {
  it("expires a session idle for the time-out, and only then", () => {
    const table = tableWith("a", "b")
    expect(table.expired(IDLE - 1)).toEqual([])
    expect(table.expired(IDLE)).toEqual(["a"])
    expect(table.expired(IDLE + 1)).toEqual(["a", "b"])
  })

  it("never expires a session with a request unanswered, however long it runs", () => {
    const table = tableWith("a")
    table.requestStarted("a", 7)
    expect(table.isExpired("a", 10 * IDLE)).toBe(false)
    table.requestEnded("a", 7, 10 * IDLE)
    expect(table.isExpired("a", 10 * IDLE + IDLE - 1)).toBe(false)
    expect(table.isExpired("a", 11 * IDLE)).toBe(true)
  })

  it("counts a cancelled request as ended without counting it as activity", () => {
    const table = tableWith("a")
    table.requestStarted("a", "r")
    table.requestEnded("a", "r")
    expect(table.isExpired("a", IDLE)).toBe(true)
  })

  it("evicts the session idle the longest, where activity moves a session to the back", () => {
    const table = tableWith("a", "b", "c")
    expect(table.hasRoom()).toBe(false)
    expect(table.evictionCandidate()).toBe("a")
    table.touch("a", 5)
    expect(table.evictionCandidate()).toBe("b")
  })

  it("evicts no busy session: with every session busy, there is no room to make", () => {
    const table = tableWith("a", "b", "c")
    for (const id of ["a", "b", "c"]) table.requestStarted(id, 1)
    expect(table.evictionCandidate()).toBeUndefined()
    table.requestEnded("b", 1, 9)
    expect(table.evictionCandidate()).toBe("b")
  })

  it("counts sessions being set up against the cap", () => {
    const table = tableWith("a", "b")
    expect(table.hasRoom()).toBe(true)
    table.reserve()
    expect(table.hasRoom()).toBe(false)
    table.unreserve()
    expect(table.hasRoom()).toBe(true)
  })

  it("forgets a session only as the value it was added with, and counts each closing by its reason", () => {
    const table = tableWith("a")
    expect(table.remove("a", "another")).toBe(false)
    expect(table.remove("a", "a")).toBe(true)
    table.recordClose("expired")
    expect(table.stats()).toEqual({ live: 0, opened: 1, closed: { deleted: 0, expired: 1, evicted: 0, shutdown: 0, "not-initialized": 0 } })
  })
})

describe("sessions per principal (issue 33, item 3)", () => {
  const tableOf = (rows: ReadonlyArray<readonly [string, string | undefined]>, capacity = 10, perPrincipal = 3) => {
    const table = new SessionTable<string>(capacity, IDLE, perPrincipal)
    for (const [i, [id, principal]] of rows.entries()) table.add(id, id, i, principal)
    return table
  }

  it("counts a principal's sessions, and those being set up, against its own cap", () => {
    const table = tableOf([
      ["a1", "alice"],
      ["a2", "alice"],
      ["b1", "bob"]
    ])
    expect(table.principalHasRoom("alice")).toBe(true)
    table.reserve("alice")
    expect(table.principalHasRoom("alice")).toBe(false)
    expect(table.principalHasRoom("bob")).toBe(true)
    table.unreserve("alice")
    table.remove("a1", "a1")
    expect(table.heldBy("alice")).toBe(1)
    // sessions without a principal have only the table's cap
    expect(table.principalHasRoom(undefined)).toBe(true)
  })

  it("makes room at a principal's cap from its own sessions only, the longest idle first", () => {
    const table = tableOf([
      ["b1", "bob"],
      ["a1", "alice"],
      ["a2", "alice"],
      ["a3", "alice"]
    ])
    expect(table.evictionCandidate("alice")).toBe("a1")
    table.requestStarted("a1", 1)
    expect(table.evictionCandidate("alice")).toBe("a2")
    expect(table.evictionCandidate("carol")).toBeUndefined()
  })

  it("makes room at the table's cap from the principal holding the most, never from a lighter one", () => {
    const table = tableOf(
      [
        ["b1", "bob"],
        ["a1", "alice"],
        ["a2", "alice"],
        ["c1", undefined]
      ],
      4,
      4
    )
    expect(table.hasRoom()).toBe(false)
    // bob's session is idle the longest, but alice holds the most
    expect(table.evictionCandidate()).toBe("a1")
  })
})
