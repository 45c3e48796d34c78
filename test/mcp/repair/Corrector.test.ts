// The correctors: deterministic field-name and unit fixes (the latter only with server-side unit
// correction), and the client's model through sampling, bounded by a time-out and ignored when
// its reply is not JSON or declines.
import { assert, describe, expect, it } from "@effect/vitest"
import { Duration, Effect, Fiber, Layer, Option, Ref } from "effect"
import { TestClock } from "effect/testing"
import { type EngineError, FormulaError, UnknownUnit, locate } from "../../../src/engine/errors.ts"
import { resolveUnitExpression } from "../../../src/engine/units/UnitExpression.ts"
import { decodeArguments } from "../../../src/mcp/repair/decodeArguments.ts"
import { type CorrectionRequest, Corrector, deterministicProposal, parseReply } from "../../../src/mcp/repair/Corrector.ts"
import { RetryPolicy } from "../../../src/mcp/repair/RetryPolicy.ts"
import { SamplingClient, SamplingFailure, type SamplingRequest } from "../../../src/mcp/repair/SamplingClient.ts"
import { SelfCorrectionConfig, type SelfCorrectionSettings } from "../../../src/mcp/repair/SelfCorrectionConfig.ts"
import { convert } from "../../../src/tools/convert.ts"
import { catalog } from "../../support/catalog.ts"

const tool = { name: "convert", description: convert.description, inputSchema: {} }

/** A request for `args` rejected by convert's own decoding. */
const invalidRequest = (args: Record<string, unknown>): CorrectionRequest => {
  const result = Effect.runSync(Effect.result(decodeArguments(convert, args)))
  if (result._tag === "Success") throw new Error("expected a rejection")
  return { tool, arguments: args, failure: result.failure.failure, error: {}, issues: result.failure.report.argumentIssues }
}

/** A request carrying the engine's own UnknownUnit for `expression`, placed at `parameter`. */
const unknownUnitRequest = (args: Record<string, unknown>, expression: string, parameter: string): CorrectionRequest => {
  const error = resolveUnitExpression(catalog, expression)
  if (!(error instanceof UnknownUnit)) throw new Error(`${expression} should be unknown`)
  return { tool, arguments: args, failure: locate(error, { parameter }) as EngineError, error: {}, issues: [] }
}

describe("deterministic corrections", () => {
  it("renames a misspelled field to the real one it is closest to", () => {
    const proposal = deterministicProposal(invalidRequest({ value: 5, form_unit: "km", to_unit: "mi" }), false)
    assert.isTrue(Option.isSome(proposal))
    const p = Option.getOrThrow(proposal)
    expect(p.arguments).toEqual({ value: 5, from_unit: "km", to_unit: "mi" })
    expect(p.corrections).toEqual([
      { parameter: "from_unit", from: "form_unit", to: "from_unit", source: "field_name", note: "unknown field 'form_unit' renamed to 'from_unit'" }
    ])
  })

  it("never overwrites a real field that was sent, and leaves ambiguous renames alone", () => {
    assert.isTrue(Option.isNone(deterministicProposal(invalidRequest({ value: 5, from_unit: "km", form_unit: "m", to_unit: "mi" }), true)))
    assert.isTrue(Option.isNone(deterministicProposal(invalidRequest({ value: 5, form_unit: "km", frm_unit: "m", to_unit: "mi" }), true)))
  })

  it("applies an unknown unit's likely fix only with server-side unit correction on", () => {
    const request = unknownUnitRequest({ value: 5, from_unit: "kilgoram", to_unit: "lb" }, "kilgoram", "from_unit")
    assert.isTrue(Option.isNone(deterministicProposal(request, false)))
    const p = Option.getOrThrow(deterministicProposal(request, true))
    expect(p.arguments).toEqual({ value: 5, from_unit: "kg", to_unit: "lb" })
    expect(p.corrections[0]).toMatchObject({ parameter: "from_unit", from: "kilgoram", to: "kg", source: "likely_fix" })
  })

  it("replaces only the unknown token inside a compound expression", () => {
    const request = unknownUnitRequest({ value: 5, from_unit: "mg/kgg", to_unit: "ppm" }, "mg/kgg", "from_unit")
    expect(Option.getOrThrow(deterministicProposal(request, true)).arguments.from_unit).toBe("mg/kg")
  })

  it("finds the token in a nested argument named by the failure's path", () => {
    const request = unknownUnitRequest({ factors: [{ numerator: "kg", denominator: "2.205 lbb" }] }, "lbb", "factors[0].denominator")
    expect(Option.getOrThrow(deterministicProposal(request, true)).arguments).toEqual({ factors: [{ numerator: "kg", denominator: "2.205 lb" }] })
  })

  it("finds a formula parameter's unit under the argument call_formula placed it at (parameters.mass → parameters.mass.unit)", () => {
    const failure = new FormulaError({
      message: "Parameter 'mass' of bmi: Unknown unit: 'kilgoram'",
      kind: "invalid_parameter",
      formula: "bmi",
      role: "mass",
      parameter: "parameters.mass",
      got: "kilgoram",
      likelyFix: "kilogram (kg)",
      hints: []
    })
    const args = { name: "bmi", parameters: { mass: { value: 70, unit: "kilgoram" }, height: { value: 1.75, unit: "m" } } }
    const p = Option.getOrThrow(deterministicProposal({ tool, arguments: args, failure, error: {}, issues: [] }, true))
    expect(p.corrections).toEqual([
      { parameter: "parameters.mass.unit", from: "kilgoram", to: "kg", source: "likely_fix", note: "unknown name 'kilgoram' read as kilogram (kg)" }
    ])
  })

  it("does not treat advice as a replacement: a likely fix that is a sentence changes nothing", () => {
    const failure = new FormulaError({
      message: "bad",
      kind: "invalid_parameter",
      formula: "bmi",
      role: "mass",
      parameter: "parameters.mass",
      got: "kilgoram",
      likelyFix: "Use list_units to pick one",
      hints: []
    })
    const args = { parameters: { mass: { value: 70, unit: "kilgoram" } } }
    assert.isTrue(Option.isNone(deterministicProposal({ tool, arguments: args, failure, error: {}, issues: [] }, true)))
  })

  it("proposes nothing when the unknown unit has no likely fix", () => {
    const request = unknownUnitRequest({ value: 5, from_unit: "qwzx", to_unit: "m" }, "qwzx", "from_unit")
    assert.isTrue(Option.isNone(deterministicProposal(request, true)))
  })
})

describe("parseReply", () => {
  it("reads a JSON object, also inside a code fence or prose", () => {
    expect(parseReply('{"arguments": {"value": 5}}')).toEqual({ arguments: { value: 5 } })
    expect(parseReply('Here you go:\n```json\n{"corrected": false}\n```')).toEqual({ corrected: false })
  })

  it("returns nothing for text, broken JSON or a bare array", () => {
    expect(parseReply("I think value should be 5")).toBeUndefined()
    expect(parseReply('{"arguments": {"value": 5}')).toBeUndefined()
    expect(parseReply("[1, 2]")).toBeUndefined()
  })
})

const malformed = invalidRequest({ value: "five", from_unit: "km", to_unit: "mi" })

/** The layered Corrector with `settings`, whose client's model answers with `reply`, counting requests. */
const withModel = (settings: Partial<SelfCorrectionSettings>, reply: (request: SamplingRequest, call: number) => Effect.Effect<string, SamplingFailure>) =>
  Effect.gen(function* () {
    const calls = yield* Ref.make(0)
    const model = SamplingClient.layerReplying((request) =>
      Effect.flatMap(
        Ref.updateAndGet(calls, (n) => n + 1),
        (n) => reply(request, n)
      )
    )
    const corrector = Corrector.layer.pipe(Layer.provide(RetryPolicy.layer), Layer.provide(SelfCorrectionConfig.layerWith(settings)))
    const correct = (request: CorrectionRequest) => Corrector.use((c) => c.correct(request)).pipe(Effect.provide(Layer.merge(corrector, model)))
    return { correct, calls: Ref.get(calls) }
  })

describe("sampling corrections", () => {
  it.effect("turns the model's arguments into a proposal listing each changed value", () =>
    Effect.gen(function* () {
      const { correct } = yield* withModel({}, () => Effect.succeed('{"arguments": {"value": 5, "from_unit": "km", "to_unit": "mi"}}'))
      const p = Option.getOrThrow(yield* correct(malformed))
      expect(p.arguments).toEqual({ value: 5, from_unit: "km", to_unit: "mi" })
      expect(p.corrections).toEqual([{ parameter: "value", from: "five", to: 5, source: "sampling", note: "suggested by the client's model" }])
    })
  )

  it.effect("shows the model the tool, the arguments sent and the error", () =>
    Effect.gen(function* () {
      const seen = yield* Ref.make<Array<string>>([])
      const { correct } = yield* withModel({}, (request) => Ref.update(seen, (s) => [...s, request.prompt]).pipe(Effect.as("{}")))
      yield* correct(malformed)
      const [prompt] = yield* Ref.get(seen)
      expect(prompt).toContain("Tool: convert")
      expect(prompt).toContain('Arguments sent: {"value":"five","from_unit":"km","to_unit":"mi"}')
    })
  )

  it.effect.each<readonly [string, string]>([
    ["garbage", "Sure, the value is probably five."],
    ["a decline", '{"corrected": false, "reason": "unclear"}'],
    ["unchanged arguments", '{"arguments": {"value": "five", "from_unit": "km", "to_unit": "mi"}}']
  ])("proposes nothing for %s", ([, text]) =>
    Effect.gen(function* () {
      const { correct } = yield* withModel({}, () => Effect.succeed(text))
      assert.isTrue(Option.isNone(yield* correct(malformed)))
    })
  )

  it.effect("does not ask the model when LLM correction is off", () =>
    Effect.gen(function* () {
      const { correct, calls } = yield* withModel({ llmCorrection: false }, () => Effect.succeed('{"arguments": {"value": 5}}'))
      assert.isTrue(Option.isNone(yield* correct(malformed)))
      assert.strictEqual(yield* calls, 0)
    })
  )

  it.effect("proposes nothing without a sampling client in the context", () =>
    Effect.gen(function* () {
      const corrector = Corrector.layer.pipe(Layer.provide(RetryPolicy.layer), Layer.provide(SelfCorrectionConfig.layerWith({})))
      const proposal = yield* Corrector.use((c) => c.correct(malformed)).pipe(Effect.provide(corrector))
      assert.isTrue(Option.isNone(proposal))
    })
  )

  it.effect("gives up after the time-out, retried once after the backoff, then proposes nothing", () =>
    Effect.gen(function* () {
      const { correct, calls } = yield* withModel(
        { correctionTimeout: Duration.seconds(10), samplingRetries: 1, backoff: Duration.millis(200) },
        () => Effect.never
      )
      const fiber = yield* Effect.forkChild(correct(malformed))
      yield* TestClock.adjust("10 seconds")
      assert.strictEqual(yield* calls, 1)
      yield* TestClock.adjust("200 millis")
      assert.strictEqual(yield* calls, 2)
      yield* TestClock.adjust("10 seconds")
      assert.isTrue(Option.isNone(yield* Fiber.join(fiber)))
    })
  )

  it.effect("retries a transient failure after the backoff and uses the second answer", () =>
    Effect.gen(function* () {
      const { correct, calls } = yield* withModel({ samplingRetries: 1, backoff: Duration.millis(200) }, (_, call) =>
        call === 1
          ? Effect.fail(new SamplingFailure({ message: "connection closed", transient: true }))
          : Effect.succeed('{"arguments": {"value": 5, "from_unit": "km", "to_unit": "mi"}}')
      )
      const fiber = yield* Effect.forkChild(correct(malformed))
      yield* TestClock.adjust("200 millis")
      assert.isTrue(Option.isSome(yield* Fiber.join(fiber)))
      assert.strictEqual(yield* calls, 2)
    })
  )

  it.effect("does not retry a refusal", () =>
    Effect.gen(function* () {
      const { correct, calls } = yield* withModel({ samplingRetries: 3 }, () =>
        Effect.fail(new SamplingFailure({ message: "user declined", transient: false }))
      )
      assert.isTrue(Option.isNone(yield* correct(malformed)))
      assert.strictEqual(yield* calls, 1)
    })
  )

  it.effect("prefers a deterministic correction and then asks no model", () =>
    Effect.gen(function* () {
      const { correct, calls } = yield* withModel({}, () => Effect.succeed("{}"))
      const p = Option.getOrThrow(yield* correct(invalidRequest({ value: 5, form_unit: "km", to_unit: "mi" })))
      expect(p.corrections[0]?.source).toBe("field_name")
      assert.strictEqual(yield* calls, 0)
    })
  )
})
