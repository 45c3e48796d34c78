// The retry policy: the classification of every error type, the schedules built from the
// settings (checked on the TestClock), and where the settings come from (environment, flags).
import { assert, describe, expect, it } from "@effect/vitest"
import { Clock, ConfigProvider, Duration, Effect, Fiber, Ref, type Schedule } from "effect"
import { TestClock } from "effect/testing"
import { allErrorTypes, errorTypes } from "../../../src/mcp/repair/failures.ts"
import { RetryPolicy, classify } from "../../../src/mcp/repair/RetryPolicy.ts"

const neverRetried = allErrorTypes.filter((t) => typeof errorTypes[t] === "object")
const nameErrors = allErrorTypes.filter((t) => errorTypes[t] === "rename")
import { defaultRetryableErrors, defaultSettings, selfCorrectionConfig } from "../../../src/mcp/repair/SelfCorrectionConfig.ts"
import { flagValues } from "../../support/settings.ts"

const withUnitCorrection = { ...defaultSettings, serverUnitCorrection: true }

describe("classify", () => {
  it.each(defaultRetryableErrors.map((t) => [t]))("%s is retryable and retried when server-side correction is on", (errorType) => {
    expect(classify(withUnitCorrection, errorType)).toMatchObject({ class: "retryable", retry: true })
  })

  it.each(neverRetried.map((t) => [t]))("%s is never retried, even when configured as retryable", (errorType) => {
    const settings = { ...withUnitCorrection, retryableErrors: [...defaultRetryableErrors, errorType] }
    expect(classify(settings, errorType)).toMatchObject({ class: "non_retryable", retry: false })
  })

  it("treats an error type in neither list as unknown, and does not retry it", () => {
    expect(classify(withUnitCorrection, "made_up_error")).toMatchObject({ class: "unknown", retry: false })
  })

  it("turns a retryable type into unknown when the configuration leaves it out", () => {
    const settings = { ...defaultSettings, retryableErrors: ["unknown_unit"] }
    expect(classify(settings, "invalid_input")).toMatchObject({ class: "unknown", retry: false })
  })

  it("returns name corrections to the agent while server-side unit correction is off", () => {
    for (const errorType of nameErrors) {
      const decision = classify(defaultSettings, errorType)
      expect(decision).toMatchObject({ class: "retryable", retry: false })
      // with no likely fix to apply, the agent is sent to the hints, never to a likely_fix that is null
      expect(decision.reason).toContain("correct it from the hints")
      expect(classify(defaultSettings, errorType, true).reason).toContain("apply likely_fix yourself")
    }
    expect(classify(defaultSettings, "invalid_input")).toMatchObject({ retry: true })
  })

  it("leaves a failure's likely fix to the agent while server-side unit correction is off, whatever its type", () => {
    expect(classify(defaultSettings, "invalid_parameter", true)).toMatchObject({ class: "retryable", retry: false })
    expect(classify(withUnitCorrection, "invalid_parameter", true)).toMatchObject({ class: "retryable", retry: true })
  })

  it("retries nothing when self-correction is disabled", () => {
    expect(classify({ ...withUnitCorrection, enabled: false }, "invalid_input")).toMatchObject({ class: "retryable", retry: false })
  })
})

/** Runs an always-failing effect under `schedule` and records the TestClock time of each attempt. */
const attemptTimes = (schedule: Schedule.Schedule<unknown, unknown>, advance: Duration.Input) =>
  Effect.gen(function* () {
    const times = yield* Ref.make<Array<number>>([])
    const attempt = Effect.flatMap(Clock.currentTimeMillis, (now) => Ref.update(times, (ts) => [...ts, now])).pipe(Effect.andThen(Effect.fail("transient")))
    const fiber = yield* attempt.pipe(Effect.retry(schedule), Effect.flip, Effect.forkChild)
    yield* TestClock.adjust(advance)
    yield* Fiber.join(fiber)
    return yield* Ref.get(times)
  })

describe("schedules", () => {
  it.effect("allows max retries corrected dispatches after the first attempt, with no delay", () =>
    Effect.gen(function* () {
      const policy = RetryPolicy.make({ ...defaultSettings, maxRetries: 2 })
      assert.deepStrictEqual(yield* attemptTimes(policy.corrections, "0 millis"), [0, 0, 0])
    })
  )

  it.effect("allows no corrected dispatch when self-correction is disabled", () =>
    Effect.gen(function* () {
      const policy = RetryPolicy.make({ ...defaultSettings, enabled: false, maxRetries: 3 })
      assert.deepStrictEqual(yield* attemptTimes(policy.corrections, "0 millis"), [0])
    })
  )

  it.effect("backs off exponentially between sampling requests: 200 ms, then 400 ms", () =>
    Effect.gen(function* () {
      const policy = RetryPolicy.make({ ...defaultSettings, samplingRetries: 2, backoff: Duration.millis(200) })
      assert.deepStrictEqual(yield* attemptTimes(policy.transient, "1 second"), [0, 200, 600])
    })
  )

  it.effect("does not retry a sampling request before the backoff has elapsed", () =>
    Effect.gen(function* () {
      const policy = RetryPolicy.make({ ...defaultSettings, samplingRetries: 1, backoff: Duration.millis(500) })
      const calls = yield* Ref.make(0)
      const fiber = yield* Ref.update(calls, (n) => n + 1).pipe(
        Effect.andThen(Effect.fail("timeout")),
        Effect.retry(policy.transient),
        Effect.flip,
        Effect.forkChild
      )
      yield* TestClock.adjust("499 millis")
      assert.strictEqual(yield* Ref.get(calls), 1)
      yield* TestClock.adjust("1 millis")
      yield* Fiber.join(fiber)
      assert.strictEqual(yield* Ref.get(calls), 2)
    })
  )
})

const parse = (env: Record<string, string>) => Effect.result(selfCorrectionConfig.parse(ConfigProvider.fromEnv({ env })))

describe("configuration", () => {
  it.effect("defaults: enabled, one retry, LLM correction on, 10 s time-out, server-side unit correction off", () =>
    Effect.gen(function* () {
      const result = yield* parse({})
      assert.isTrue(result._tag === "Success")
      if (result._tag === "Success") assert.deepStrictEqual(result.success, defaultSettings)
    })
  )

  it.effect("reads every setting from its environment variable", () =>
    Effect.gen(function* () {
      const result = yield* parse({
        DIMENSIONAL_RETRY_ENABLED: "false",
        DIMENSIONAL_RETRY_MAX: "3",
        DIMENSIONAL_RETRY_ERRORS: "invalid_input, unknown_unit",
        DIMENSIONAL_LLM_CORRECTION: "no",
        DIMENSIONAL_CORRECTION_TIMEOUT: "2 seconds",
        DIMENSIONAL_SAMPLING_RETRIES: "0",
        DIMENSIONAL_RETRY_BACKOFF: "50 millis",
        DIMENSIONAL_SERVER_UNIT_CORRECTION: "true"
      })
      assert.isTrue(result._tag === "Success")
      if (result._tag !== "Success") return
      expect(result.success).toMatchObject({
        enabled: false,
        maxRetries: 3,
        retryableErrors: ["invalid_input", "unknown_unit"],
        llmCorrection: false,
        samplingRetries: 0,
        serverUnitCorrection: true
      })
      assert.strictEqual(Duration.toMillis(result.success.correctionTimeout), 2000)
      assert.strictEqual(Duration.toMillis(result.success.backoff), 50)
    })
  )

  it.effect("rejects a retry count out of range and a boolean it cannot read", () =>
    Effect.gen(function* () {
      assert.strictEqual((yield* parse({ DIMENSIONAL_RETRY_MAX: "9" }))._tag, "Failure")
      assert.strictEqual((yield* parse({ DIMENSIONAL_RETRY_ENABLED: "maybe" }))._tag, "Failure")
    })
  )

  it("reads the command-line flags of `dimensional mcp` into the same keys", async () => {
    const values = await flagValues(["--server-unit-correction", "--max-retries", "2", "--correction-timeout=3 seconds", "--no-llm-correction"])
    expect(values).toEqual({
      DIMENSIONAL_SERVER_UNIT_CORRECTION: "true",
      DIMENSIONAL_RETRY_MAX: "2",
      DIMENSIONAL_CORRECTION_TIMEOUT: "3 seconds",
      DIMENSIONAL_LLM_CORRECTION: "false"
    })
    // the parser itself refuses a count out of range, before any Config reads it
    await expect(flagValues(["--max-retries", "9"])).rejects.toThrow()
  })

  it("lets flags win over the environment when layered as the primary provider", async () => {
    const env = ConfigProvider.fromEnv({ env: { DIMENSIONAL_RETRY_MAX: "4", DIMENSIONAL_SERVER_UNIT_CORRECTION: "true" } })
    const flags = ConfigProvider.fromUnknown(await flagValues(["--max-retries", "0"]))
    const settings = await Effect.runPromise(selfCorrectionConfig.parse(ConfigProvider.orElse(flags, env)))
    expect(settings.maxRetries).toBe(0)
    expect(settings.serverUnitCorrection).toBe(true)
  })
})
