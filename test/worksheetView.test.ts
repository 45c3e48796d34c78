// The worksheet view's reading of the work, without a browser: how it cuts a written unit into
// pieces, which units it strikes (only where the server's step units agree), how it says numbers,
// and the worksheet it makes of real results from the server. Parsers are property-tested: any text
// reads without throwing and without losing a character.
import { readFileSync, readdirSync } from "node:fs"
import fc from "fast-check"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { cancel } from "../src/ui/worksheet/cancel.ts"
import { worksheetOf } from "../src/ui/worksheet/model.ts"
import { net, read } from "../src/ui/worksheet/units.ts"
import { figure, significantDigits } from "../src/ui/worksheet/words.ts"
import { type TestClient, connectClient } from "./support/mcp.ts"

describe("the view's sources", () => {
  it("are a browser program of their own: they import one another, and only types from elsewhere", () => {
    const dir = new URL("../src/ui/worksheet/", import.meta.url)
    for (const file of readdirSync(dir).filter((f) => f.endsWith(".ts"))) {
      const text = readFileSync(new URL(file, dir), "utf8")
      for (const [statement, from] of [...text.matchAll(/^import (?:type )?[^;]*? from "([^"]+)"/gm)].map((m) => [m[0], m[1]!] as const))
        expect(from.startsWith("./") || statement.startsWith("import type"), `${file}: ${statement}`).toBe(true)
    }
  })
})

const atoms = (text: string, ucum = false) => read(text, ucum).atoms.map((a) => `${a.name}${a.power}`)

describe("reading a written unit", () => {
  it.each([
    ["mcg/kg/min", ["mcg1", "kg-1", "min-1"]],
    ["mcg/(kg\u00b7min)", ["mcg1", "kg-1", "min-1"]],
    ["J/mol*K", ["J1", "mol-1", "K1"]],
    ["W/m2 K", ["W1", "m-2", "K-1"]],
    ["kg m s-2", ["kg1", "m1", "s-2"]],
    ["kg\u00b7m/s\u00b2", ["kg1", "m1", "s-2"]],
    ["(m/s)^2", ["m2", "s-2"]],
    ["1000 mcg", ["mcg1"]],
    ["L/100km", ["L1", "km-1"]],
    ["/min", ["min-1"]],
    ["joule per kilogram kelvin", ["joule1", "kilogram-1", "kelvin-1"]],
    ["mm[Hg]", ["mm[Hg]1"]],
    ["1/length\u00b3", ["length-3"]]
  ])("%s", (text, expected) => expect(atoms(text)).toEqual(expected))

  it("reads UCUM's products and powers of ten, and leaves annotations out", () => {
    expect(atoms("g.m.s-2", true)).toEqual(["g1", "m1", "s-2"])
    expect(atoms("10*3/uL", true)).toEqual(["uL-1"])
    expect(atoms("mmol{tot}/L", true)).toEqual(["mmol1", "L-1"])
    expect(read("10*3/uL", true).pieces[0]).toEqual({ text: "10*3", kind: "number" })
  })

  it("reads any text without throwing, and its pieces give the text back", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), fc.boolean(), (text, ucum) => {
        const r = read(text, ucum)
        expect(r.pieces.map((p) => p.text).join("")).toBe(text)
        expect(r.pieces.filter((p) => p.kind === "unit").length).toBe(r.atoms.length)
      }),
      { numRuns: 2000 }
    )
  })

  it("reads the server's canonical form (a·b²/(c·d)) as the product it writes", () => {
    const name = fc.constantFrom("m", "kg", "s", "mol", "mcg", "mL", "h", "degF", "Btu", "[lb_av]")
    const term = fc.record({ name, power: fc.integer({ min: 1, max: 4 }) })
    fc.assert(
      fc.property(
        fc.uniqueArray(term, { selector: (t) => t.name, maxLength: 4 }),
        fc.uniqueArray(term, { selector: (t) => t.name, maxLength: 4 }),
        (up, down) => {
          const below = down.filter((d) => !up.some((u) => u.name === d.name))
          const written = (ts: typeof up) => ts.map((t) => t.name + (t.power === 1 ? "" : "\u00b2\u00b3\u2074".charAt(t.power - 2))).join("\u00b7")
          const top = up.length > 0 ? written(up) : "1"
          const text = below.length === 0 ? top : `${top}/${below.length === 1 ? written(below) : `(${written(below)})`}`
          const expected = new Map([...up.map((t) => [t.name, t.power] as const), ...below.map((t) => [t.name, -t.power] as const)])
          expect(net(read(text).atoms)).toEqual(expected)
        }
      )
    )
  })
})

describe("striking cancelled units", () => {
  const dose = [
    { numerator: "kg", denominator: "1" },
    { numerator: "mg", denominator: "1000 mcg" },
    { numerator: "mL", denominator: "400 mg" },
    { numerator: "min", denominator: "h" }
  ]
  const serverUnits = ["mcg/(kg\u00b7min)", "mcg/min", "mg/min", "mL/min", "mL/h"]

  it("strikes each unit that cancels, above and below the line, where the server agrees at every step", () => {
    const chain = cancel("mcg/kg/min", dose, serverUnits)
    expect(chain.agreed).toBe(true)
    // the start; then each factor's numerator and denominator: kg / 1, mg / 1000 mcg, mL / 400 mg, min / h
    expect(chain.struck.map((s) => [...s].sort())).toEqual([[0, 1, 2], [0], [], [0], [0], [], [0], [0], []])
  })

  it("strikes nothing from the step where the server's unit is not what the written units give", () => {
    // the server merged mcg and microgram, which the text cannot know: nothing from that step on
    const chain = cancel("microgram/kg/min", dose, ["microgram/(kg\u00b7min)", "microgram/min", "mg/min", "mL/min", "mL/h"])
    expect(chain.agreed).toBe(false)
    expect(chain.struck.map((s) => [...s].sort())).toEqual([[1], [0], [], [], [], [], [], [], []])
  })

  it("leaves a unit standing while any of its power does (m in m³/m)", () => {
    const chain = cancel("m3", [{ numerator: "1", denominator: "m" }], ["m\u00b3", "m\u00b2"])
    expect(chain.agreed).toBe(true)
    expect(chain.struck.map((s) => [...s])).toEqual([[], [], [0]])
  })

  it("never strikes a unit whose name stands only on one side", () => {
    const unit = fc.constantFrom("kg", "mg", "mL", "h", "min", "lb")
    const factor = fc.record({ numerator: unit, denominator: unit })
    fc.assert(
      fc.property(
        unit,
        fc.array(factor, { maxLength: 5 }),
        fc.array(fc.constantFrom("kg", "mg/min", "mL/h", "1"), { maxLength: 6 }),
        (start, factors, units) => {
          const chain = cancel(start, factors, units)
          const cells = [chain.start, ...chain.factors.flatMap((f) => [f.numerator, f.denominator])]
          const signed = cells.flatMap((cell, i) =>
            cell.reading.atoms.map((a, j) => ({ name: a.name, power: a.power * cell.sign, struck: chain.struck[i]!.has(j) }))
          )
          for (const s of signed.filter((x) => x.struck)) expect(signed.some((o) => o.name === s.name && Math.sign(o.power) === -Math.sign(s.power))).toBe(true)
        }
      )
    )
  })
})

describe("saying numbers", () => {
  it.each([
    [15, 2],
    [0.25, 2],
    [7.840486111111111, 16],
    [1047.6, 5],
    [1e-7, 1],
    [100, 1]
  ])("%s has %s significant digits", (x, n) => expect(significantDigits(x)).toBe(n))

  it("rounds the large figure to six significant digits and says so", () => {
    expect(figure(15)).toEqual({ text: "15", rounded: false, digits: 2 })
    expect(figure(0.999808923282698)).toEqual({ text: "0.999809", rounded: true, digits: 6 })
    expect(figure(6.02214076e23)).toEqual({ text: "6.02214 \u00d7 10\u00b2\u00b3", rounded: true, digits: 6 })
  })
})

describe("the worksheet of real results", () => {
  let c: TestClient
  beforeAll(async () => (c = await connectClient("worksheet-model")))
  afterAll(() => c.close())

  it("lays out the dose chain from the arguments and the server's steps, and from the steps alone", async () => {
    const args = {
      initial_value: 5,
      initial_unit: "mcg/kg/min",
      factors: [
        { value: 80, numerator: "kg", denominator: "1" },
        { value: 1, numerator: "mg", denominator: "1000 mcg" },
        { value: 250, numerator: "mL", denominator: "400 mg" },
        { value: 60, numerator: "min", denominator: "h" }
      ],
      expected_unit: "mL/h"
    }
    const { result } = await c.call("compute", args)
    for (const given of [args, {}]) {
      const sheet = worksheetOf(given, result as unknown as Record<string, unknown>)
      expect(sheet.kind).toBe("worked")
      if (sheet.kind !== "worked") continue
      expect(sheet.outcome).toMatchObject({ quantity: 15, unit: "mL/h" })
      expect(sheet.chain?.agreed).toBe(true)
      expect(sheet.rows.map((r) => (r.kind === "factor" ? r.value : null))).toEqual([80, 1, 250, 60])
      expect(sheet.reconvert).toEqual({ value: 15, from_unit: "mL/h" })
    }
  })

  it("reads a chain in UCUM as UCUM, strikes its units, and carries the notation to the next conversion", async () => {
    const args = {
      initial_value: 154,
      initial_unit: "[lb_av]",
      factors: [
        { value: 0.45359237, numerator: "kg", denominator: "[lb_av]" },
        { value: 15, numerator: "mg", denominator: "kg.d" }
      ],
      notation: "ucum"
    }
    const sheet = worksheetOf(args, (await c.call("compute", args)).result as unknown as Record<string, unknown>)
    expect(sheet.kind).toBe("worked")
    if (sheet.kind !== "worked") return
    expect(sheet.chain?.agreed).toBe(true)
    expect(sheet.chain?.struck.map((s) => [...s])).toEqual([[0], [0], [0], [], [0]])
    expect(sheet.reconvert).toEqual({ value: sheet.outcome.quantity, from_unit: "mg/d", notation: "ucum" })
  })

  it("writes a mixed quantity as written (5 ft 11 in), with no unit struck, and an answer in a unit list in its parts", async () => {
    const height = { value: [5, 11], from_unit: "ft;in", to_unit: "cm" }
    const sheet = worksheetOf(height, (await c.call("convert", height)).result as unknown as Record<string, unknown>)
    expect(sheet).toMatchObject({ kind: "worked", target: "cm", chain: undefined, outcome: { quantity: 180.34, unit: "cm" } })
    expect(sheet.kind === "worked" && sheet.start).toMatchObject({ written: "5 ft 11 in" })
    expect(sheet.kind === "worked" && sheet.reconvert).toEqual({ value: [5, 11], from_unit: "ft;in" })
    const parts = { value: 180, from_unit: "cm", to_unit: "ft;in" }
    const inParts = worksheetOf(parts, (await c.call("convert", parts)).result as unknown as Record<string, unknown>)
    expect(inParts).toMatchObject({ kind: "worked", target: "ft;in", outcome: { unit: "ft", parts: [{ quantity: 5, unit: "ft" }, { unit: "in" }] } })
  })

  it("carries a conversion's stated relations to the next conversion, and makes a refusal of a refusal", async () => {
    const glucose = { value: 100, from_unit: "mg/dL", to_unit: "mmol/L", substance: "glucose" }
    const sheet = worksheetOf(glucose, (await c.call("convert", glucose)).result as unknown as Record<string, unknown>)
    expect(sheet).toMatchObject({ kind: "worked", relations: ["Substance: glucose. Its molar mass relates mass and amount of substance."] })
    expect(sheet.kind === "worked" && sheet.reconvert).toEqual({ value: 100, from_unit: "mg/dL", substance: "glucose" })
    const cwt = { value: 1, from_unit: "cwt", to_unit: "kg" }
    const refused = worksheetOf(cwt, (await c.call("convert", cwt)).result as unknown as Record<string, unknown>)
    expect(refused).toMatchObject({ kind: "refused", type: "ambiguous_input", readingUnit: "kg" })
    expect(refused.kind === "refused" && refused.readings.map((r) => r.value)).toEqual([45.359237, 50.80234544])
  })
})
