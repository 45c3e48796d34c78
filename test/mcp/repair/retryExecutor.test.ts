// The retry executor on a test tool: which failures are corrected and dispatched again, which are
// never retried, what a proposal may change, and what the outcome keeps when correction fails.
import { assert, describe, expect, it } from "@effect/vitest"
import { Cause, Effect, Exit, Option, Ref, Schema } from "effect"
import {
  ComputationError,
  DimensionMismatch,
  DuplicateDefinition,
  DuplicateKind,
  type EngineError,
  FormulaError,
  InvalidInput,
  InvalidValue,
  NoActiveDeclaration,
  NoConversionPath
} from "../../../src/engine/errors.ts"
import type { CallOutcome } from "../../../src/mcp/repair/callOutcome.ts"
import { execute } from "../../../src/mcp/repair/retryExecutor.ts"
import { type CorrectionRequest, Corrector, type Proposal } from "../../../src/mcp/repair/Corrector.ts"
import { RetryPolicy } from "../../../src/mcp/repair/RetryPolicy.ts"
import { type SelfCorrectionSettings, defaultSettings } from "../../../src/mcp/repair/SelfCorrectionConfig.ts"
import { type AnyTool, defineTool, readOnly } from "../../../src/tools/Tool.ts"

const Input = Schema.Struct({ x: Schema.Finite, unit: Schema.optional(Schema.NonEmptyString) })
type Input = typeof Input.Type

const diag = { hints: [] as Array<string> }

/** A tool whose handler answers each call from `respond`, counting calls. */
const makeTool = (respond: (input: Input, call: number) => Effect.Effect<unknown, EngineError>) =>
  Effect.map(Ref.make(0), (calls) => ({
    calls: Ref.get(calls),
    tool: defineTool({
      name: "probe",
      title: "Probe",
      description: "A tool for executor tests",
      input: Input,
      output: Schema.Unknown,
      annotations: readOnly,
      handler: (input: Input) =>
        Effect.flatMap(
          Ref.updateAndGet(calls, (n) => n + 1),
          (n) => respond(input, n)
        )
    })
  }))

/** A corrector that proposes `next(request)` and records every request it saw. */
const makeCorrector = (next: (request: CorrectionRequest) => Proposal | undefined) =>
  Effect.map(Ref.make<Array<CorrectionRequest>>([]), (seen) => ({
    seen: Ref.get(seen),
    corrector: Corrector.of({ correct: (request) => Ref.update(seen, (s) => [...s, request]).pipe(Effect.as(Option.fromNullishOr(next(request)))) })
  }))

const run = (tool: AnyTool<never>, args: unknown, corrector: Corrector["Service"], settings: Partial<SelfCorrectionSettings> = {}) =>
  execute(tool, args, () => ({ name: "probe", description: "A tool for executor tests", inputSchema: {} })).pipe(
    Effect.provideService(RetryPolicy, RetryPolicy.make({ ...defaultSettings, ...settings })),
    Effect.provideService(Corrector, corrector)
  )

const failureOf = (outcome: CallOutcome) => {
  assert.isTrue(Exit.isFailure(outcome.exit))
  return Option.getOrThrow(Cause.findErrorOption((outcome.exit as Exit.Failure<never, never>).cause)) as unknown as { failure: EngineError }
}

const fix = (args: Record<string, unknown>, parameter: string, to: unknown): Proposal => ({
  arguments: { ...args, [parameter]: to },
  corrections: [{ parameter, from: args[parameter], to, source: "sampling", note: "test" }]
})

describe("retryable failures", () => {
  it.effect("corrects invalid arguments, dispatches once more and reports the recovery", () =>
    Effect.gen(function* () {
      const { tool, calls } = yield* makeTool((input) => Effect.succeed({ x: input.x }))
      const { corrector, seen } = yield* makeCorrector((request) => fix(request.arguments, "x", 5))
      const outcome = yield* run(tool, { x: "five" }, corrector)
      assert.isTrue(Exit.isSuccess(outcome.exit))
      expect(outcome.corrections).toEqual([{ parameter: "x", from: "five", to: 5, source: "sampling", note: "test" }])
      expect(outcome.retry).toMatchObject({ class: "retryable", outcome: "recovered", attempts: 2 })
      expect(outcome.retry?.rejections[0]?.failure._tag).toBe("InvalidInput")
      expect((yield* seen)[0]?.issues.map((i) => i.field)).toEqual(["x"])
      assert.strictEqual(yield* calls, 1) // the handler never saw the bad arguments
    })
  )

  it.effect("keeps both errors, the agent's first, when the corrected call fails too", () =>
    Effect.gen(function* () {
      const mismatch = new DimensionMismatch({ ...diag, message: "mass is not length", fromDimension: "mass", toDimension: "length", role: "unit" })
      const { tool } = yield* makeTool(() => Effect.fail(mismatch))
      const { corrector } = yield* makeCorrector((request) => fix(request.arguments, "x", 5))
      const outcome = yield* run(tool, { x: "five", unit: "kg" }, corrector)
      expect(failureOf(outcome).failure._tag).toBe("InvalidInput")
      expect(outcome.retry).toMatchObject({ outcome: "exhausted", attempts: 2 })
      expect(outcome.retry?.rejections.map((r) => r.failure._tag)).toEqual(["InvalidInput", "DimensionMismatch"])
      expect(outcome.retry?.corrections.map((c) => c.parameter)).toEqual(["x"])
    })
  )

  it.effect("corrects as often as max retries allows", () =>
    Effect.gen(function* () {
      const { tool } = yield* makeTool((input) =>
        input.unit === "final" ? Effect.succeed("done") : Effect.fail(new InvalidInput({ ...diag, message: "not yet", role: "unit" }))
      )
      const { corrector } = yield* makeCorrector((request) => fix(request.arguments, "unit", request.arguments.unit === "first" ? "final" : "first"))
      const once = yield* run(tool, { x: 1, unit: "start" }, corrector, { maxRetries: 1 })
      expect(once.retry).toMatchObject({ outcome: "exhausted", attempts: 2 })
      const twice = yield* run(tool, { x: 1, unit: "start" }, corrector, { maxRetries: 2 })
      expect(twice.retry).toMatchObject({ outcome: "recovered", attempts: 3 })
    })
  )

  it.effect("leaves a handler's likely fix to the agent unless server-side unit correction is on", () =>
    Effect.gen(function* () {
      const unknownParameter = new FormulaError({
        ...diag,
        message: "unknown unit",
        kind: "invalid_parameter",
        formula: "bmi",
        role: "unit",
        got: "kilgoram",
        likelyFix: "kilogram (kg)"
      })
      const { tool } = yield* makeTool((input) => (input.unit === "kg" ? Effect.succeed("ok") : Effect.fail(unknownParameter)))
      const { corrector, seen } = yield* makeCorrector((request) => fix(request.arguments, "unit", "kg"))
      const off = yield* run(tool, { x: 1, unit: "kilgoram" }, corrector)
      expect(off.retry).toMatchObject({ class: "retryable", outcome: "not_retried" })
      assert.strictEqual((yield* seen).length, 0)
      const on = yield* run(tool, { x: 1, unit: "kilgoram" }, corrector, { serverUnitCorrection: true })
      expect(on.retry).toMatchObject({ outcome: "recovered", attempts: 2 })
    })
  )

  it.effect("does not correct at all with max retries 0", () =>
    Effect.gen(function* () {
      const { tool } = yield* makeTool(() => Effect.succeed("ok"))
      const { corrector, seen } = yield* makeCorrector((request) => fix(request.arguments, "x", 5))
      const outcome = yield* run(tool, { x: "five" }, corrector, { maxRetries: 0 })
      expect(outcome.retry).toMatchObject({ outcome: "not_retried", attempts: 1, reason: "no retries are configured" })
      assert.strictEqual((yield* seen).length, 0)
    })
  )

  it.effect("refuses a proposal that changes a field the failure did not name", () =>
    Effect.gen(function* () {
      const { tool } = yield* makeTool(() => Effect.succeed("ok"))
      const { corrector } = yield* makeCorrector((request) => ({ ...fix(request.arguments, "x", 5), arguments: { x: 5, unit: "m" } }))
      const outcome = yield* run(tool, { x: "five", unit: "km" }, corrector)
      expect(outcome.retry).toMatchObject({ outcome: "no_correction", attempts: 1 })
    })
  )

  it.effect("refuses a proposal that repeats an earlier attempt", () =>
    Effect.gen(function* () {
      const { tool, calls } = yield* makeTool(() => Effect.fail(new InvalidInput({ ...diag, message: "still wrong", role: "unit" })))
      const { corrector } = yield* makeCorrector((request) => fix(request.arguments, "unit", request.arguments.unit === "a" ? "b" : "a"))
      const outcome = yield* run(tool, { x: 1, unit: "a" }, corrector, { maxRetries: 5 })
      expect(outcome.retry).toMatchObject({ outcome: "exhausted", attempts: 2 })
      assert.strictEqual(yield* calls, 2)
    })
  )

  it.effect("answers with the agent's own error when a corrected call crashes", () =>
    Effect.gen(function* () {
      const { tool } = yield* makeTool(() => Effect.die(new Error("boom")))
      const { corrector } = yield* makeCorrector((request) => fix(request.arguments, "x", 5))
      const outcome = yield* run(tool, { x: "five" }, corrector)
      expect(failureOf(outcome).failure._tag).toBe("InvalidInput")
      expect(outcome.retry).toMatchObject({ outcome: "exhausted", attempts: 2 })
    })
  )
})

const neverRetried: ReadonlyArray<readonly [string, EngineError]> = [
  ["dimension_mismatch", new DimensionMismatch({ ...diag, message: "m", fromDimension: "mass", toDimension: "length", role: "unit" })],
  ["no_conversion_path", new NoConversionPath({ ...diag, message: "m", from: "rad", to: "1", role: "unit" })],
  ["computation_error", new ComputationError({ ...diag, message: "division by zero", role: "x" })],
  ["invalid_value", new InvalidValue({ ...diag, message: "NaN", role: "x" })],
  ["duplicate_unit", new DuplicateDefinition({ ...diag, message: "taken", kind: "duplicate_unit", role: "unit" })],
  ["duplicate_kind", new DuplicateKind({ ...diag, message: "taken", role: "unit" })],
  ["no_active_declaration", new NoActiveDeclaration({ ...diag, message: "declare first", role: "unit" })],
  ["execution_error", new FormulaError({ ...diag, message: "failed", kind: "execution_error", formula: "bmi", role: "x" })]
]

describe("failures that are never retried", () => {
  it.effect.each(neverRetried)("%s: returned at once, the corrector never asked", ([errorType, error]) =>
    Effect.gen(function* () {
      const { tool, calls } = yield* makeTool(() => Effect.fail(error))
      const { corrector, seen } = yield* makeCorrector((request) => fix(request.arguments, "unit", "m"))
      const outcome = yield* run(tool, { x: 1, unit: "kg" }, corrector, { serverUnitCorrection: true, retryableErrors: [errorType] })
      expect(outcome.retry).toMatchObject({ class: "non_retryable", outcome: "not_retried", attempts: 1 })
      assert.strictEqual((yield* seen).length, 0)
      assert.strictEqual(yield* calls, 1)
    })
  )

  it.effect("an unknown error type is not retried either", () =>
    Effect.gen(function* () {
      const { tool } = yield* makeTool(() => Effect.succeed("ok"))
      const { corrector, seen } = yield* makeCorrector((request) => fix(request.arguments, "x", 5))
      const outcome = yield* run(tool, { x: "five" }, corrector, { retryableErrors: ["unknown_unit"] })
      expect(outcome.retry).toMatchObject({ class: "unknown", outcome: "not_retried" })
      assert.strictEqual((yield* seen).length, 0)
    })
  )

  it.effect("a crash on the first attempt stays a defect, with nothing retried", () =>
    Effect.gen(function* () {
      const { tool } = yield* makeTool(() => Effect.die(new Error("boom")))
      const { corrector, seen } = yield* makeCorrector(() => undefined)
      const outcome = yield* run(tool, { x: 1 }, corrector)
      assert.isTrue(Exit.isFailure(outcome.exit) && Cause.hasDies(outcome.exit.cause))
      assert.isUndefined(outcome.retry)
      assert.strictEqual((yield* seen).length, 0)
    })
  )

  it.effect("with self-correction disabled, a failure carries no retry report", () =>
    Effect.gen(function* () {
      const { tool } = yield* makeTool(() => Effect.succeed("ok"))
      const { corrector } = yield* makeCorrector((request) => fix(request.arguments, "x", 5))
      const outcome = yield* run(tool, { x: "five" }, corrector, { enabled: false })
      assert.isUndefined(outcome.retry)
    })
  )
})
