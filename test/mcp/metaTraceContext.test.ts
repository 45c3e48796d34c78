// A call's `_meta.traceparent` is read exactly as effect/http reads a `traceparent` header
// (HttpTraceContext.w3c), though the server no longer imports effect/http to read it: whatever
// string arrives, both agree on whether it names a trace, and on its trace id, span id and
// sampled flag.
import { Option } from "effect"
import { Headers, HttpTraceContext } from "effect/http"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { metaTraceContext } from "../../src/mcp/toolTelemetry.ts"

const viaHeader = (traceparent: string) => {
  const span = HttpTraceContext.w3c(Headers.fromRecordUnsafe({ traceparent }))
  return Option.isNone(span) ? undefined : { traceId: span.value.traceId, spanId: span.value.spanId, sampled: span.value.sampled }
}
const viaMeta = (traceparent: string) => {
  const found = metaTraceContext({ traceparent })
  return found === undefined ? undefined : { traceId: found.parent.traceId, spanId: found.parent.spanId, sampled: found.parent.sampled }
}

const hex = (n: number, chars = "0123456789abcdef") => fc.string({ unit: fc.constantFrom(...chars), minLength: n, maxLength: n })
// near misses: right shape, one part off (case, length, zeros, version, flags)
const part = (n: number) => fc.oneof(hex(n), hex(n, "0"), hex(n, "0123456789ABCDEF"), hex(n - 1), hex(n + 1), hex(n, "0123456789abcdefg-"))
const traceparents = fc.oneof(
  fc.tuple(fc.constantFrom("00", "01", "ff", "0", "000"), part(32), part(16), part(2)).map((p) => p.join("-")),
  fc.tuple(part(32), part(16), part(2)).map((p) => `00-${p.join("-")}-extra`),
  fc.string({ maxLength: 60 })
)

describe("a traceparent in _meta", () => {
  it("continues the trace effect/http would continue, and no other", () => {
    fc.assert(
      fc.property(traceparents, (traceparent) => {
        expect(viaMeta(traceparent)).toEqual(viaHeader(traceparent))
      }),
      { numRuns: 5000 }
    )
  })

  it("reads the ids and the sampled flag", () => {
    const traceId = "0af7651916cd43dd8448eb211c80319c"
    expect(viaMeta(`00-${traceId}-b7ad6b7169203331-01`)).toEqual({ traceId, spanId: "b7ad6b7169203331", sampled: true })
    expect(viaMeta(`00-${traceId}-b7ad6b7169203331-00`)?.sampled).toBe(false)
    expect(viaMeta(`00-${"0".repeat(32)}-b7ad6b7169203331-01`)).toBeUndefined()
    expect(metaTraceContext({ traceparent: `00-${traceId}-b7ad6b7169203331-01`, tracestate: "team=units" })?.tracestate).toBe("team=units")
  })
})
