// The engine entry's documentation is a specification: every exported operation carries an
// example, and each example's stated result is what the operation gives.
import { readFileSync } from "node:fs"
import { Effect, pipe } from "effect"
import { describe, expect, it } from "vitest"
import * as Units from "../src/engine.ts"

const source = readFileSync(new URL("../src/engine.ts", import.meta.url), "utf8")
const run = <A, E>(effect: Effect.Effect<A, E, Units.UnitCatalog>) => Effect.runSync(effect.pipe(Effect.provide(Units.layer)))

describe("dimensional-mcp/engine, as documented", () => {
  it("documents every exported operation with an example", () => {
    const operations = [...source.matchAll(/export const (\w+) = \(/g)].map((m) => m[1]!)
    expect(operations).toEqual(["resolveUnit", "convert", "checkDimensions", "compute", "decompose"])
    for (const name of operations) {
      const doc = source.slice(0, source.indexOf(`export const ${name} = (`)).split("/**").at(-1)!
      expect(doc, name).toContain("@example")
    }
  })

  it("module example: 5 km is 3.1068559611866697 mi", () => {
    expect(Effect.runSync(Units.convert(5, "km", "mi").pipe(Effect.map((r) => r.quantity), Effect.provide(Units.layer)))).toBe(3.1068559611866697)
  })

  it("resolveUnit example: kN·m is an energy-dimensioned expression", () => {
    expect(Units.DimensionNames.describe(run(Units.resolveUnit("kN*m")).dimension)).toBe("energy")
  })

  it("convert example: 100 degC is 212 degF", () => {
    expect(run(Units.convert(100, "degC", "degF")).quantity).toBe(212)
  })

  it("checkDimensions example: dyn and N are compatible", () => {
    expect(run(Units.checkDimensions("dyn", "N")).compatible).toBe(true)
  })

  it("compute example: 1000 mL at 15 gtt/mL over 480 min is 31.25 gtt/min", () => {
    const r = run(Units.compute(1000, "mL", [{ value: 15, numerator: "gtt", denominator: "mL" }, { value: 1, numerator: "1", denominator: "480 min" }]))
    expect(r.quantity).toBe(31.25)
  })

  it("decompose example: 5 mcg/kg/min for 80 kg, 400 mg in 250 mL gives factors that compute to 15 mL/h", () => {
    const chain = run(Units.decompose("mcg/(kg*min)", "mL/h", [{ value: 80, unit: "kg" }, { value: 400, unit: "mg" }, { value: 250, unit: "mL" }]))
    const r = run(Units.compute(5, "mcg/(kg*min)", chain.factors))
    expect(r.quantity).toBeCloseTo(15, 12)
  })
})

describe("Dimension, data-first and pipeable", () => {
  it("multiplies, divides and raises dimensions either way: force is M·L·T⁻²", () => {
    const { base, multiply, divide, power } = Units.Dimension
    const dataFirst = divide(multiply(base("M"), base("L")), power(base("T"), 2))
    const piped = pipe(base("M"), multiply(base("L")), divide(power(base("T"), 2)))
    expect(Units.DimensionNames.describe(dataFirst)).toBe("force")
    expect(Units.Dimension.equals(piped, dataFirst)).toBe(true)
  })
})
