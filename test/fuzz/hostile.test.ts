// Hostile calls through a real MCP client: whatever an agent sends, every tool answers with a
// structured result (never a crash, a hang, a protocol internal error or internal_error), and no
// answer is larger than 64 KB. A soak of hostile calls leaves memory near where it started.
import fc from "fast-check"
import { ProtocolError } from "@modelcontextprotocol/client"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { MAX_RESULT_BYTES } from "../../src/mcp/toolResult.ts"
import { tools } from "../../src/tools/index.ts"
import { type TestClient, connectClient } from "../support/mcp.ts"

let c: TestClient
let modern: TestClient
beforeAll(async () => {
  c = await connectClient("fuzz")
  modern = await connectClient("fuzz-modern", "modern")
})
afterAll(async () => {
  await c.close()
  await modern.close()
})

const names = tools.map((t) => t.name)
/** The fields each tool takes, so generated arguments hit real fields as well as unknown ones. */
const fieldsOf = (name: string): Array<string> => {
  const ast = (tools.find((t) => t.name === name)!.input.ast as { propertySignatures?: ReadonlyArray<{ name: PropertyKey }> }).propertySignatures ?? []
  return ast.map((p) => String(p.name))
}

const hostileString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom("constructor", "__proto__", "toString", "hasOwnProperty", "valueOf", "", " ", "NaN", "Infinity", "1e309", "-0"),
  fc.constantFrom(
    "((((((((((((((((((((((((((((((((((((((((m",
    "m^99999999",
    "10*-999",
    "kg m s ".repeat(200),
    "m*".repeat(499) + "m",
    "J/mol*K*".repeat(100) + "K"
  ),
  fc.integer({ min: 1000, max: 5000 }).map((n) => "x".repeat(n)),
  fc.integer({ min: 1, max: 200 }).map((n) => "(".repeat(n) + "m" + ")".repeat(n)),
  fc.string({ unit: "binary", maxLength: 30 })
)

const hostileValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    hostileString,
    fc.double(),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom("__proto__", "constructor", "value", "unit")), tie("value"), { maxKeys: 4 })
  )
})).value

const deep = (n: number): unknown => (n === 0 ? "m" : { value: deep(n - 1) })

/** Arguments for a tool: its real fields with hostile values, sometimes an unknown field or not an object at all. */
const argumentsFor = (name: string): fc.Arbitrary<unknown> =>
  fc.oneof(
    { weight: 6, arbitrary: fc.dictionary(fc.constantFrom(...fieldsOf(name), "extra"), hostileValue, { maxKeys: 6 }) },
    { weight: 1, arbitrary: hostileValue },
    { weight: 1, arbitrary: fc.integer({ min: 5, max: 40 }).map(deep) }
  )

/** One call: a structured result or, for arguments that are not an object, a JSON-RPC invalid-params error. */
const callOnce = async (name: string, args: unknown, via: TestClient = c) => {
  try {
    const result = await via.client.callTool({ name, arguments: args as Record<string, unknown> })
    const weight = JSON.stringify(result.content).length + JSON.stringify(result.structuredContent ?? null).length
    return { result, weight }
  } catch (e) {
    if (e instanceof ProtocolError && e.code === -32602 && (typeof args !== "object" || args === null || Array.isArray(args))) return undefined
    throw e
  }
}

describe("hostile arguments to every tool", () => {
  it.each([
    ["2025 era", () => c],
    ["2026-07-28", () => modern]
  ] as const)(
    "always get a structured answer under 64 KB, never internal_error or a protocol error (%s)",
    async (_, client) => {
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...names), fc.nat(), async (name, seed) => {
          const [args] = fc.sample(argumentsFor(name), { numRuns: 1, seed })
          const answer = await callOnce(name, args, client())
          if (!answer) return
          const structured = answer.result.structuredContent as { error_type?: string } | undefined
          expect(structured, `${name} ${JSON.stringify(args).slice(0, 200)}`).toBeDefined()
          expect(structured?.error_type, `${name} ${JSON.stringify(args).slice(0, 200)}`).not.toBe("internal_error")
          expect(answer.weight).toBeLessThanOrEqual(MAX_RESULT_BYTES * 1.1)
        }),
        { numRuns: 400 }
      )
    },
    240_000
  )

  it("answers oversized fields at once, naming the field, the limit and the size, without echoing them", async () => {
    for (const [name, args, field] of [
      ["list_units", { dimension: "x".repeat(1_000_000) }, "dimension"],
      ["call_formula", { name: "y".repeat(100_000), parameters: {} }, "name"],
      ["convert", { value: 1, from_unit: "m*".repeat(50_000) + "m", to_unit: "m" }, "from_unit"],
      [
        "compute",
        { initial_value: 1, initial_unit: "m", factors: Array.from({ length: 10_000 }, () => ({ value: 1, numerator: "m", denominator: "m" })) },
        "factors"
      ]
    ] as const) {
      const answer = await callOnce(name, args)
      const data = answer!.result.structuredContent as { error_type: string; issues: Array<{ field: string; problem: string }> }
      expect(data.error_type).toBe("invalid_input")
      expect(data.issues[0]!.field).toBe(field)
      expect(data.issues[0]!.problem).toMatch(/at most/)
      expect(answer!.weight).toBeLessThan(32 * 1024)
    }
  })

  it("reads names that exist on Object.prototype as the unknown names they are", async () => {
    for (const name of ["constructor", "__proto__", "toString"]) {
      const unit = await callOnce("convert", { value: 1, from_unit: name, to_unit: "m" })
      expect((unit!.result.structuredContent as { error_type: string }).error_type).toBe("unknown_unit")
      const dimension = await callOnce("list_units", { dimension: name })
      expect((dimension!.result.structuredContent as { error_type: string }).error_type).toBe("invalid_input")
    }
  })
})

describe("a soak of hostile calls", () => {
  it("leaves memory within 100 MB of where it started", async () => {
    const sample = fc.sample(fc.tuple(fc.constantFrom(...names), fc.nat()), { numRuns: 2000, seed: 42 })
    globalThis.gc?.()
    const before = process.memoryUsage().rss
    for (const [name, seed] of sample) {
      const [args] = fc.sample(argumentsFor(name), { numRuns: 1, seed })
      await callOnce(name, args)
    }
    globalThis.gc?.()
    const after = process.memoryUsage().rss
    expect((after - before) / 1024 / 1024).toBeLessThan(100)
  }, 120_000)
})
