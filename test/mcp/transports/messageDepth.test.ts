// The nesting of a raw JSON-RPC message, read without parsing it, agrees with the parsed value's
// (strings holding brackets and escaped quotes included), and stops counting past the limit.
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { MAX_MESSAGE_DEPTH, nestingDepth } from "../../../src/mcp/transports/messageDepth.ts"

const depthOf = (v: unknown): number =>
  Array.isArray(v) ? 1 + Math.max(0, ...v.map(depthOf)) : v !== null && typeof v === "object" ? 1 + Math.max(0, ...Object.values(v).map(depthOf)) : 0

describe("nestingDepth", () => {
  it("agrees with the parsed value's depth, whatever the strings hold", () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 20 }), (v) => {
        const d = depthOf(v)
        expect(nestingDepth(JSON.stringify(v))).toBe(d > MAX_MESSAGE_DEPTH ? MAX_MESSAGE_DEPTH + 1 : d)
      }),
      { numRuns: 500 }
    )
    expect(nestingDepth(JSON.stringify({ a: '[[[{{\\"]]]' }))).toBe(1)
  })

  it("reads a very deep or very long text in linear time, stopping past the limit", () => {
    expect(nestingDepth("[".repeat(1_000_000))).toBe(MAX_MESSAGE_DEPTH + 1)
    expect(nestingDepth(`[${"1,".repeat(500_000)}1]`)).toBe(1)
  })
})
