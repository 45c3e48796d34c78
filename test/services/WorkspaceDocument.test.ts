// Stored workspaces are decoded, never cast (finding 8 of issue 20): format 1 (the previous release's
// positional dimension vectors) is migrated with its meaning; format 2 names each base quantity; a
// damaged document, an unknown base quantity or a newer format is refused with the reason.
import { Duration, Effect } from "effect"
import { describe, expect, it } from "vitest"
import * as Dimension from "../../src/engine/Dimension.ts"
import { decodeDocument, encodeDocument, formatOneBases, type StoredDocument } from "../../src/services/WorkspaceDocument.ts"
import { WorkspaceStore, layerFor } from "../../src/services/WorkspaceStore.ts"

const formatOne = {
  version: 5,
  touched: 1_700_000_000_000,
  data: {
    units: [{ name: "drip", dimension: [0, 0, -1, 0, 0, 0, 0, 0, 0, 0, 1, 0], aliases: ["gtt"] }],
    edges: [{ src: "drip", dst: "1/min", factor: 1, offset: 0 }],
    constants: [{ symbol: "g_loc", name: "local gravity", value: 9.81, unit: "m/s^2", uncertainty: null, source: "session" }],
    kinds: [
      {
        name: "drip_rate",
        category: "session",
        description: "",
        keywords: ["drip"],
        aliases: ["gtt_rate"],
        disambiguationHints: [],
        dimension: [0, 0, -1, 0, 0, 0, 0, 0, 0, 0, 1, 0],
        dimensionText: "count/time",
        builtin: false
      }
    ],
    declaration: { id: "decl_1", kind: "drip_rate", expectedUnit: "gtt/min", context: { patient: "A" } }
  }
}

describe("stored workspace documents", () => {
  it("reads the previous release's format with every dimension's meaning kept", () => {
    const doc = decodeDocument(JSON.stringify(formatOne)) as StoredDocument
    expect("_tag" in doc).toBe(false)
    const dripRate = Dimension.fromExponents({ "#": 1, T: -1 })
    expect(Dimension.equals(doc.data.units[0]!.dimension, dripRate)).toBe(true)
    expect(Dimension.equals(doc.data.kinds[0]!.dimension, dripRate)).toBe(true)
    expect(doc.data.declaration?.context).toEqual({ patient: "A" })
    expect(doc.data.constants[0]!.value).toBe(9.81)
    // the positional order format 1 used is frozen, whatever order the engine uses now
    expect(formatOneBases[10]).toBe("count")
  })

  it("writes format 2 with dimensions by base-quantity name, and reads it back unchanged", () => {
    const doc = decodeDocument(JSON.stringify(formatOne)) as StoredDocument
    const text = encodeDocument(doc)
    const stored = JSON.parse(text)
    expect(stored.format).toBe(2)
    expect(stored.data.units[0].dimension).toEqual({ time: -1, count: 1 })
    const again = decodeDocument(text) as StoredDocument
    expect(again).toEqual(doc)
  })

  it("refuses what it cannot read for sure: a newer format, an unknown base quantity, a damaged document", () => {
    const newer = decodeDocument(JSON.stringify({ format: 3, version: 1, touched: 0, data: {} }))
    expect(newer).toMatchObject({ _tag: "Unreadable", newerFormat: 3, reason: expect.stringMatching(/format 3.*reads formats 1 to 2/) })
    const unknownBase = decodeDocument(
      encodeDocument({ version: 1, touched: 0, data: { units: [], edges: [], constants: [], kinds: [], declaration: undefined } }).replace(
        '"units":[]',
        '"units":[{"name":"x","dimension":{"charm":1},"aliases":[]}]'
      )
    )
    expect(unknownBase).toMatchObject({ _tag: "Unreadable", reason: expect.stringMatching(/unknown base quantity 'charm'/) })
    const shortVector = decodeDocument(JSON.stringify({ ...formatOne, data: { ...formatOne.data, units: [{ name: "x", dimension: [1, 0, 0], aliases: [] }] } }))
    expect(shortVector).toMatchObject({ _tag: "Unreadable", reason: expect.stringMatching(/12 exponents/) })
    expect(decodeDocument('{"version":"one"}')).toMatchObject({ _tag: "Unreadable" })
    expect(decodeDocument("{not json")).toMatchObject({ _tag: "Unreadable" })
  })
})

describe("the memory store", () => {
  const doc = (touched: number): StoredDocument => ({ version: 1, touched, data: { units: [], edges: [], constants: [], kinds: [], declaration: undefined } })
  it("deletes expired workspaces when swept and holds at most maxWorkspaces", async () => {
    const result = await Effect.runPromise(
      Effect.gen(function* () {
        const store = yield* WorkspaceStore
        const ttl = Duration.minutes(1)
        for (let i = 0; i < 3; i++) expect(yield* store.write(`old${i}`, 0, doc(Date.now() - 120_000), ttl)).toBe(true)
        expect(yield* store.write("fresh", 0, doc(Date.now()), ttl)).toBe(true)
        // full: the expired ones make room
        expect(yield* store.write("fresh2", 0, doc(Date.now()), ttl)).toBe(true)
        const full = yield* Effect.flip(
          Effect.all([
            store.write("fresh3", 0, doc(Date.now()), ttl),
            store.write("fresh4", 0, doc(Date.now()), ttl),
            store.write("fresh5", 0, doc(Date.now()), ttl)
          ])
        )
        return { full: full.message, count: yield* store.count, swept: yield* store.sweep(ttl) }
      }).pipe(Effect.provide(layerFor({ _tag: "memory" }, { maxWorkspaces: 4 })))
    )
    expect(result.full).toMatch(/maximum of 4 live workspaces/)
    expect(result.count).toBe(4)
    expect(result.swept).toBe(0)
  })

  it("bounds the bytes all its workspaces take together", async () => {
    const units = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ name: `unit_${i}_${"x".repeat(40)}`, dimension: Dimension.fromExponents({ L: 1 }), aliases: [] }))
    const big = (touched: number): StoredDocument => ({
      version: 1,
      touched,
      data: { units: units(20), edges: [], constants: [], kinds: [], declaration: undefined }
    })
    const result = await Effect.runPromise(
      Effect.gen(function* () {
        const store = yield* WorkspaceStore
        const ttl = Duration.minutes(1)
        let written = 0
        let refusal = ""
        for (let i = 0; i < 10 && refusal === ""; i++) {
          const outcome = yield* Effect.result(store.write(`big${i}`, 0, big(Date.now()), ttl))
          if (outcome._tag === "Success") written++
          else refusal = outcome.failure.message
        }
        return { written, refusal }
      }).pipe(Effect.provide(layerFor({ _tag: "memory" }, { maxWorkspaces: 100 }, 8_000)))
    )
    expect(result.written).toBeGreaterThan(0)
    expect(result.written).toBeLessThan(10)
    expect(result.refusal).toMatch(/maximum of 8000 bytes of workspaces/)
  })
})
