// Resumable SSE streams: what a client missed is replayed after its Last-Event-ID, for that stream
// only, and the store forgets the oldest events past its bounds.
import { describe, expect, it } from "vitest"
import { makeEventStore } from "../../../src/mcp/transports/http/eventStore.ts"

const message = (id: number) => ({ jsonrpc: "2.0" as const, id, result: {} })

describe("the SSE event store", () => {
  it("replays the events after the last one a client saw, on the same stream", async () => {
    const store = makeEventStore()
    const first = await store.storeEvent("a", message(1))
    await store.storeEvent("b", message(2))
    await store.storeEvent("a", message(3))
    const replayed: Array<number> = []
    const stream = await store.replayEventsAfter(first, { send: async (_id, m) => void replayed.push((m as { id: number }).id) })
    expect(stream).toBe("a")
    expect(replayed).toEqual([3])
  })

  it("keeps at most 100 events per session", async () => {
    const store = makeEventStore()
    const first = await store.storeEvent("a", message(0))
    for (let i = 1; i <= 150; i++) await store.storeEvent("a", message(i))
    const replayed: Array<number> = []
    await store.replayEventsAfter(first, { send: async (_id, m) => void replayed.push((m as { id: number }).id) })
    expect(replayed).toHaveLength(100)
    expect(replayed[0]).toBe(51)
  })
})
