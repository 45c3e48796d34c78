// rate_limited in the failure vocabulary: what an agent reads (the wait in retry_after_ms) and that
// no corrector is ever asked about it, since any call, corrected or not, waits for the same rate.
import { describe, expect, it } from "vitest"
import { QuotaExceeded, RateLimited } from "../../../src/engine/errors.ts"
import { describeFailure, repairOf, retryableByDefault } from "../../../src/mcp/repair/failures.ts"

describe("rate_limited", () => {
  it("tells the agent how long to wait, in milliseconds", () => {
    const described = describeFailure(new RateLimited({ message: "over the rate", hints: ["wait"], retryAfterMs: 250 }))
    expect(described.error_type).toBe("rate_limited")
    expect(described.retry_after_ms).toBe(250)
  })

  it("is never repaired, and not among the types a corrector may repair by default", () => {
    expect(repairOf("rate_limited")).toEqual({ never: expect.stringMatching(/rate/) })
    expect(retryableByDefault).not.toContain("rate_limited")
  })

  it("adds the wait to no other failure", () => {
    expect(describeFailure(new QuotaExceeded({ message: "at a limit", hints: [] }))).not.toHaveProperty("retry_after_ms")
  })
})
