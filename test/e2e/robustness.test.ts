// No input may crash the server, hang it, or produce a protocol-level error: every tool answers
// arbitrary JSON arguments and hostile unit strings with a result.
import fc from "fast-check"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type TestClient, connectClient } from "../support/mcp.ts"

let c: TestClient
let toolNames: Array<string>
beforeAll(async () => {
  c = await connectClient()
  toolNames = (await c.client.listTools()).tools.map((t) => t.name)
})
afterAll(() => c.close())

const answered = (r: { isError: boolean; data: any }) => typeof r.isError === "boolean" && (!r.isError || typeof r.data?.error_type === "string")

describe("robustness", () => {
  it("answers arbitrary JSON arguments to every tool with a result, never a protocol error", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...toolNames),
        fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 5 }),
        async (tool, args) => {
          const r = await c.call(tool, args)
          return answered(r) && (!r.isError || r.data.error_type !== "internal_error")
        }
      ),
      { numRuns: 400 }
    )
  })

  it("answers hostile unit strings in every unit position", async () => {
    const hostile = fc.oneof(
      fc.string({ unit: "grapheme", maxLength: 60 }),
      fc.constantFrom(
        "((((((((((m",
        "m^99999999",
        "m^-1e308",
        "1e308 m",
        "0 m",
        "m/0",
        "kg^(1/0)",
        "\u0000",
        "m".repeat(5000),
        "(".repeat(5000),
        "m*".repeat(2000) + "m",
        "²²²",
        "⁻",
        "per per per",
        "sq sq sq",
        "1/(2-3) m"
      )
    )
    await fc.assert(
      fc.asyncProperty(hostile, hostile, async (a, b) => {
        const results = await Promise.all([
          c.call("convert", { value: 1, from_unit: a, to_unit: b }),
          c.call("check_dimensions", { unit_a: a, unit_b: b }),
          c.call("compute", { initial_value: 1, initial_unit: a, factors: [{ numerator: b, denominator: a }] }),
          c.call("decompose", { query: `1 ${a} to ${b}` })
        ])
        return results.every((r) => answered(r) && (!r.isError || r.data.error_type !== "internal_error"))
      }),
      { numRuns: 150 }
    )
  })

  it("answers extreme numbers without overflow surprises", async () => {
    for (const value of [1e308, -1e308, 5e-324, 0, -0]) {
      const r = await c.call("convert", { value, from_unit: "km", to_unit: "nm" })
      expect(answered(r), String(value)).toBe(true)
    }
    const overflow = await c.call("convert", { value: 1e308, from_unit: "Qm", to_unit: "qm" })
    expect(overflow.data.error_type).toBe("computation_error")
  })
})
