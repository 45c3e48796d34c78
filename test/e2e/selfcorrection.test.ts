// Self-correction as a new user meets it through the SDK Client: coercion reported, invalid
// arguments explained with a valid example, server-side unit correction, sampling repair, and the
// failures that are never retried.
import { Duration } from "effect"
import { afterEach, describe, expect, it } from "vitest"
import { tools } from "../../src/tools/index.ts"
import { type SelfCorrectionClient, connect, reply } from "../support/selfCorrection.ts"

const open: Array<SelfCorrectionClient> = []
const clientOf = async (options?: Parameters<typeof connect>[0]) => {
  const c = await connect(options)
  open.push(c)
  return c
}
const client = clientOf
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()))
})

// 5 kg in lb: the pound is exactly 0.45359237 kg (NIST SP 811, appendix B)
const fiveKgInLb = 5 / 0.45359237

describe("coercion", () => {
  it('accepts "5" for a number and says it was coerced, in structuredContent and in the text', async () => {
    const c = await client()
    const { isError, data, text } = await c.call("convert", { value: "5", from_unit: "km", to_unit: "m" })
    expect(isError).toBe(false)
    expect(data.quantity).toBe(5000)
    expect(data.corrections).toEqual([{ parameter: "value", from: "5", to: 5, source: "coercion", note: "numeric string to number" }])
    expect(text).toContain('value: "5" → 5')
  })

  it("turns a JSON-encoded factor list and numeric strings inside it into what compute expects", async () => {
    const c = await client()
    const factors = JSON.stringify([{ value: "1", numerator: "kg", denominator: "2.205 lb" }])
    const { isError, data } = await c.call("compute", { initial_value: 154, initial_unit: "lb", factors })
    expect(isError).toBe(false)
    expect(data.quantity).toBeCloseTo(154 / 2.205, 10)
    expect(data.corrections.map((c: { parameter: string }) => c.parameter)).toEqual(["factors", "factors[0].value"])
  })

  it('does not coerce "5 km" for a number: the error says to split it into value and unit', async () => {
    const c = await client()
    const { isError, data } = await c.call("convert", { value: "5 km", from_unit: "km", to_unit: "mi" })
    expect(isError).toBe(true)
    expect(data.error_type).toBe("invalid_input")
    expect(data.issues[0]).toMatchObject({ field: "value", received: "5 km" })
    expect(data.issues[0].fix).toBe('Split the quantity: send 5 as a JSON number and put "km" in "from_unit"')
    expect(data.corrections).toBeUndefined()
  })
})

describe("validation errors an agent can fix", () => {
  it("names all three bad fields with fixes, and its validExample succeeds when sent", async () => {
    const c = await client({ settings: { enabled: false } })
    const { isError, data, text } = await c.call("convert", { value: "five", from_unit: "", to_unit: ["mi"] })
    expect(isError).toBe(true)
    expect(data.error_type).toBe("invalid_input")
    expect(data.issues.map((i: { field: string }) => i.field)).toEqual(["value", "from_unit", "to_unit"])
    for (const issue of data.issues) expect(issue.fix.length).toBeGreaterThan(10)
    expect(data.summary).toBe("Tool 'convert' received invalid arguments: 3 problems (value, from_unit, to_unit).")
    expect(data.schema.required).toEqual(["value", "from_unit", "to_unit"])
    expect(data.suggestions.map((s: { category: string }) => s.category)).toEqual(["types", "constraints", "general"])
    expect(text).toContain("Valid example (send it as it is")
    const retried = await c.call("convert", data.validExample)
    expect(retried.isError).toBe(false)
  })

  it("names an unknown field with the closest real one: form_unit → from_unit", async () => {
    const c = await client({ settings: { enabled: false } })
    const { data } = await c.call("convert", { value: 5, form_unit: "km", to_unit: "mi" })
    expect(data.issues[0]).toMatchObject({ field: "form_unit", problem: "Unknown field", closest_field: "from_unit", fix: 'Rename "form_unit" to "from_unit"' })
    expect(data.likely_fix).toBeNull() // two issues (unknown + missing): no single mechanical fix
  })

  it.each(tools.map((t) => [t.name, t] as const))("%s: the validExample of its invalid_input result succeeds when sent", async (name, tool) => {
    const c = await client({ settings: { enabled: false }, sessionId: `example-${name}` })
    const rejected = await c.call(name, { definitely_not_a_field: true })
    expect(rejected.isError).toBe(true)
    expect(rejected.data.error_type).toBe("invalid_input")
    const sent = await c.call(name, rejected.data.validExample)
    expect(sent.isError, `${tool.name} rejected its own validExample ${JSON.stringify(rejected.data.validExample)}: ${sent.text}`).toBe(false)
  })
})

describe("server-side unit correction", () => {
  it("is off by default: kilgoram comes back as likely_fix for the agent, not retried", async () => {
    const c = await client()
    const { isError, data } = await c.call("convert", { value: 5, from_unit: "kilgoram", to_unit: "lb" })
    expect(isError).toBe(true)
    expect(data).toMatchObject({ error_type: "unknown_unit", likely_fix: "kilogram (kg)" })
    expect(data.retry).toMatchObject({ class: "retryable", outcome: "not_retried", attempts: 1 })
  })

  it("when on, corrects kilgoram to kg, gives the right answer and reports the correction", async () => {
    const c = await client({ settings: { serverUnitCorrection: true } })
    const { isError, data, text } = await c.call("convert", { value: 5, from_unit: "kilgoram", to_unit: "lb" })
    expect(isError).toBe(false)
    expect(data.quantity).toBeCloseTo(fiveKgInLb, 10)
    expect(data.corrections).toEqual([
      { parameter: "from_unit", from: "kilgoram", to: "kg", source: "likely_fix", note: "unknown unit 'kilgoram' read as kilogram (kg)" }
    ])
    expect(data.retry).toMatchObject({ outcome: "recovered", attempts: 2 })
    expect(data.retry.errors[0].error_type).toBe("unknown_unit")
    expect(text).toContain('from_unit: "kilgoram" → "kg"')
  })

  it("never corrects a dimension mismatch, even with a sampling client ready to answer", async () => {
    const c = await client({
      settings: { serverUnitCorrection: true },
      sampling: async () => reply('{"arguments": {"value": 5, "from_unit": "kg", "to_unit": "lb"}}')
    })
    const { isError, data } = await c.call("convert", { value: 5, from_unit: "kg", to_unit: "m" })
    expect(isError).toBe(true)
    expect(data.error_type).toBe("dimension_mismatch")
    expect(data.retry).toMatchObject({ class: "non_retryable", outcome: "not_retried", attempts: 1 })
    expect(c.samplingRequests).toHaveLength(0)
  })
})

// the same behaviour in both eras: a sampling request on the 2025 channel, an input_required round on 2026-07-28
describe.each([
  ["2025 era: a sampling request", "legacy"],
  ["2026-07-28: an input_required result the client answers", "modern"]
] as const)("correction through the client's model (%s)", (_, era) => {
  const client = (options: Parameters<typeof connect>[0]) => clientOf({ ...options, era })
  const malformed = { value: "five", from_unit: "km", to_unit: "mi" }

  it("repairs a malformed call with the model's arguments and reports what changed", async () => {
    const c = await client({ sampling: async () => reply('```json\n{"arguments": {"value": 5, "from_unit": "km", "to_unit": "mi"}}\n```') })
    const { isError, data } = await c.call("convert", malformed)
    expect(isError).toBe(false)
    expect(data.quantity).toBeCloseTo(5 / 1.609344, 10) // the mile is exactly 1.609344 km
    expect(data.corrections).toEqual([{ parameter: "value", from: "five", to: 5, source: "sampling", note: "suggested by the client's model" }])
    expect(c.samplingRequests).toHaveLength(1)
    const prompt = c.samplingRequests[0]!
    expect(JSON.stringify(prompt.messages)).toContain('Arguments sent: {\\"value\\":\\"five\\"')
  })

  it("leaves the original error intact when the model replies with garbage", async () => {
    const c = await client({ sampling: async () => reply("Sure! The value should probably be a number.") })
    const { isError, data } = await c.call("convert", malformed)
    expect(isError).toBe(true)
    expect(data.error_type).toBe("invalid_input")
    expect(data.issues[0]).toMatchObject({ field: "value", received: "five" })
    expect(data.retry).toMatchObject({ outcome: "no_correction", attempts: 1 })
  })

  it("leaves the original error intact when the model declines", async () => {
    const c = await client({ sampling: async () => reply('{"corrected": false, "reason": "cannot know the number"}') })
    const { data } = await c.call("convert", malformed)
    expect(data.error_type).toBe("invalid_input")
    expect(data.retry.outcome).toBe("no_correction")
  })

  it("refuses a model's proposal that changes a field the error did not name", async () => {
    const c = await client({ sampling: async () => reply('{"arguments": {"value": 5, "from_unit": "m", "to_unit": "mi"}}') })
    const { isError, data } = await c.call("convert", malformed)
    expect(isError).toBe(true)
    expect(data.retry.outcome).toBe("no_correction")
  })

  it("keeps both errors when the corrected call fails too", async () => {
    const c = await client({ sampling: async () => reply('{"arguments": {"value": 5, "from_unit": "km", "to_unit": "kg"}}') })
    const { isError, data, text } = await c.call("convert", { value: "five", from_unit: "km", to_unit: 7 })
    expect(isError).toBe(true)
    expect(data.error_type).toBe("invalid_input") // the agent's own error stays on top
    expect(data.retry).toMatchObject({ class: "retryable", outcome: "exhausted", attempts: 2 })
    expect(data.retry.errors.map((e: { error_type: string }) => e.error_type)).toEqual(["invalid_input", "dimension_mismatch"])
    expect(data.retry.corrections_tried.map((c: { parameter: string }) => c.parameter)).toEqual(["value", "to_unit"])
    expect(text).toContain("attempt 2: dimension_mismatch")
  })

  it("is not asked when LLM correction is switched off", async () => {
    const c = await client({
      settings: { llmCorrection: false },
      sampling: async () => reply('{"arguments": {"value": 5, "from_unit": "km", "to_unit": "mi"}}')
    })
    const { isError } = await c.call("convert", malformed)
    expect(isError).toBe(true)
    expect(c.samplingRequests).toHaveLength(0)
  })

  // on 2026-07-28 the server does not wait for the model: the client answers before calling again
  it.skipIf(era === "modern")("is bounded by the correction time-out: a model that never answers leaves the original error", async () => {
    const c = await client({ settings: { correctionTimeout: Duration.millis(50), samplingRetries: 0 }, sampling: () => new Promise(() => {}) })
    const started = Date.now()
    const { data } = await c.call("convert", malformed)
    expect(data.error_type).toBe("invalid_input")
    expect(data.retry.outcome).toBe("no_correction")
    expect(Date.now() - started).toBeLessThan(2000)
  })
})
