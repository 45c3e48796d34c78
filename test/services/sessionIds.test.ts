// Session ids are signed with the store's secret: any process on the same store recognises one it
// did not issue, and nothing else (a workspace id, a changed character, another store's id) passes.
import { describe, expect, it } from "vitest"
import { makeSessionIds } from "../../src/services/sessionIds.ts"
import { newWorkspaceId } from "../../src/services/Workspace.ts"

describe("session ids", () => {
  const secret = crypto.getRandomValues(new Uint8Array(32))
  const replicaA = makeSessionIds(secret)
  const replicaB = makeSessionIds(secret)

  it("are recognised by every process sharing the secret, with when they were issued", () => {
    const before = Date.now()
    const id = replicaA.issue()
    expect(id).toMatch(/^[A-Za-z0-9_-]{1,100}$/)
    const issued = replicaB.issuedAt(id)!
    expect(issued).toBeGreaterThanOrEqual(before)
    expect(issued).toBeLessThanOrEqual(Date.now())
  })

  it("refuse anything a process on the store did not issue", () => {
    const id = replicaA.issue()
    const tampered = `${id.slice(0, 20)}${id[20] === "A" ? "B" : "A"}${id.slice(21)}`
    expect(replicaB.issuedAt(tampered)).toBeUndefined()
    expect(replicaB.issuedAt(newWorkspaceId())).toBeUndefined()
    expect(replicaB.issuedAt(crypto.randomUUID())).toBeUndefined()
    expect(makeSessionIds(crypto.getRandomValues(new Uint8Array(32))).issuedAt(id)).toBeUndefined()
  })
})
