// The one cache of the services (issue 30.4), bounded by bytes (issue 33, item 16): whatever holds
// it, the entries it keeps add up to at most its byte bound (the one in use excepted, when alone
// over it), the least recently used go first, and a use makes an entry the most recent.
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { makeByteLru } from "../../src/services/byteLru.ts"

describe("the byte-bounded LRU cache", () => {
  it("drops the least recently used entries past its bytes, a use making an entry the most recent", () => {
    const cache = makeByteLru<string, number>({ maxBytes: 100 })
    cache.set("a", 1, 40)
    cache.set("b", 2, 40)
    expect(cache.get("a")).toBe(1)
    cache.set("c", 3, 40)
    expect(cache.has("b")).toBe(false)
    expect(cache.get("a")).toBe(1)
    expect(cache.get("c")).toBe(3)
    expect(cache.stats()).toEqual({ entries: 2, bytes: 80 })
  })

  it("keeps the entry just set even when it alone is over the bound, and counts an entry set again once", () => {
    const cache = makeByteLru<string, string>({ maxBytes: 10 })
    cache.set("big", "x", 50)
    expect(cache.get("big")).toBe("x")
    cache.set("big", "y", 5)
    expect(cache.stats()).toEqual({ entries: 1, bytes: 5 })
  })

  it("holds at most its bytes and its entries, whatever is set, got and deleted", () => {
    const op = fc.oneof(
      fc.record({ set: fc.integer({ min: 0, max: 30 }), bytes: fc.integer({ min: 0, max: 60 }) }),
      fc.record({ get: fc.integer({ min: 0, max: 30 }) }),
      fc.record({ del: fc.integer({ min: 0, max: 30 }) })
    )
    fc.assert(
      fc.property(fc.array(op, { maxLength: 200 }), (ops) => {
        const cache = makeByteLru<number, number>({ maxBytes: 100, maxEntries: 8 })
        let last: number | undefined
        for (const o of ops) {
          if ("set" in o) {
            cache.set(o.set, o.set, o.bytes)
            last = o.set
          } else if ("get" in o) cache.get(o.get)
          else cache.delete(o.del)
          const { entries, bytes } = cache.stats()
          expect(entries).toBeLessThanOrEqual(8)
          if (entries > 1) expect(bytes).toBeLessThanOrEqual(100)
        }
        if (last !== undefined && ops.at(-1) !== undefined && "set" in ops.at(-1)!) expect(cache.has(last)).toBe(true)
      })
    )
  })
})
