// Telemetry of self-correction, in process: with spans on, a corrected call is a tool-call span
// with the correctors' span under it and the round trip to the client's model under that (its
// trace context passed on in the request's _meta); with metrics on, the correction is counted by
// the corrector that made it. With telemetry off (the default) a call makes no span at all.
import { Effect, Layer, Tracer } from "effect"
import { PrometheusMetrics } from "effect/observability"
import { afterEach, describe, expect, it } from "vitest"
import { Telemetry } from "../../src/services/Telemetry.ts"
import { type SelfCorrectionClient, connect, reply } from "../support/selfCorrection.ts"

const collecting = () => {
  const spans: Array<Tracer.NativeSpan> = []
  const tracer = Tracer.make({
    span(options) {
      const span = new Tracer.NativeSpan(options)
      spans.push(span)
      return span
    }
  })
  return { spans, layer: Layer.succeed(Tracer.Tracer, tracer) }
}

const malformed = { value: "five", from_unit: "km", to_unit: "mi" }
const modelFixes = async () => reply('{"arguments": {"value": 5, "from_unit": "km", "to_unit": "mi"}}')

describe("telemetry of a corrected call", () => {
  let c: SelfCorrectionClient | undefined
  afterEach(async () => {
    await c?.close()
    c = undefined
  })

  it("nests the sampling round trip under the correctors' span under the call's, and passes the trace on in _meta", async () => {
    const { spans, layer } = collecting()
    c = await connect({ sampling: modelFixes, layer: Layer.merge(layer, Layer.succeed(Telemetry, { traced: true, metrics: false })) })
    const { isError } = await c.call("convert", malformed)
    expect(isError).toBe(false)
    const call = spans.find((s) => s.name === "tools/call convert")!
    expect(call.attributes.get("dimensional.outcome")).toBe("success")
    expect(call.attributes.get("dimensional.retries")).toBe(1)
    const correction = spans.find((s) => s.name === "Corrector.correct")!
    expect(correction.parent._tag === "Some" && correction.parent.value.spanId).toBe(call.spanId)
    expect(correction.attributes.get("dimensional.corrector")).toBe("sampling")
    expect(correction.attributes.get("dimensional.error_type")).toBe("invalid_input")
    const sampling = spans.find((s) => s.name === "sampling/createMessage")!
    expect(sampling.kind).toBe("client")
    expect(sampling.parent._tag === "Some" && sampling.parent.value.spanId).toBe(correction.spanId)
    expect(sampling.traceId).toBe(call.traceId)
    expect(c.samplingRequests[0]?._meta?.traceparent).toBe(`00-${call.traceId}-${sampling.spanId}-01`)
  })

  it("counts the correction by its corrector and the retry by tool and result", async () => {
    c = await connect({ sampling: modelFixes, layer: Layer.succeed(Telemetry, { traced: false, metrics: true }) })
    expect((await c.call("convert", malformed)).isError).toBe(false)
    // a misspelled field is corrected without the model
    expect((await c.call("convert", { value: 5, form_unit: "km", to_unit: "mi" })).isError).toBe(false)
    const text = await Effect.runPromise(PrometheusMetrics.format())
    expect(text).toMatch(/dimensional_correction_attempts_total\{corrector="sampling"\} 1\b/)
    expect(text).toMatch(/dimensional_correction_successes_total\{corrector="sampling"\} 1\b/)
    expect(text).toMatch(/dimensional_correction_successes_total\{corrector="field_name"\} 1\b/)
    expect(text).toMatch(/dimensional_retries_total\{tool="convert",result="recovered"\} 2\b/)
    expect(text).toMatch(/dimensional_tool_calls_total\{tool="convert",outcome="success",error_type=""\} 2\b/)
  })

  it("makes no span when telemetry is off, even under a tracer", async () => {
    const { spans, layer } = collecting()
    c = await connect({ sampling: modelFixes, layer })
    expect((await c.call("convert", malformed)).isError).toBe(false)
    expect(spans.map((s) => s.name)).toEqual([])
  })
})
