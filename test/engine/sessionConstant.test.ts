import { describe, expect, it } from "vitest"
import type { Catalog } from "../../src/engine/units/Catalog.ts"
import type { Constant } from "../../src/engine/constants/Constants.ts"
import { asUnit, checkSessionConstant, type SessionConstantInput } from "../../src/engine/constants/workspaceConstant.ts"
import { overlayCatalog } from "../../src/engine/units/customUnits.ts"
import * as Dimension from "../../src/engine/Dimension.ts"
import { isEngineError } from "../../src/engine/errors.ts"
import { resolveUnitExpression } from "../../src/engine/units/UnitExpression.ts"
import { catalog } from "../support/catalog.ts"

const gLocal: SessionConstantInput = {
  symbol: "g_local",
  name: "local gravitational acceleration",
  value: 9.81,
  unit: "m/s^2",
  uncertainty: 0.01,
  source: "measured on site"
}

// a session holding the unit 'zorkmid' (define_unit) and the constant 'vₛ' (define_constant)
const vs: Constant = {
  symbol: "vₛ",
  aliases: [],
  name: "speed of sound in dry air at 20°C",
  value: 343,
  unit: "m/s",
  uncertainty: null,
  category: "session",
  source: "user-defined"
}
const built = overlayCatalog(catalog, [{ name: "zorkmid", dimension: Dimension.fromExponents({ M: 1 }), aliases: [] }, asUnit(vs)], [])
if (isEngineError(built)) throw new Error(built.message)
const session: Catalog = built

const check = (input: Partial<SessionConstantInput>) => checkSessionConstant({ builtin: catalog, session }, [vs], { ...gLocal, ...input })
const failure = (input: Partial<SessionConstantInput>) => {
  const r = check(input)
  if (!isEngineError(r)) throw new Error(`expected a failure for ${JSON.stringify(input)}`)
  return r
}

describe("checking a session constant", () => {
  it("accepts g_local = 9.81 ± 0.01 m/s² as a session constant with its source", () => {
    const r = check({})
    if (isEngineError(r)) throw new Error(r.message)
    expect(r).toEqual({ ...gLocal, aliases: [], category: "session" })
  })

  it("defaults the source to user-defined and the uncertainty to null (exact)", () => {
    const r = check({ uncertainty: undefined, source: undefined })
    if (isEngineError(r)) throw new Error(r.message)
    expect(r).toMatchObject({ uncertainty: null, source: "user-defined" })
  })

  it("makes the constant a unit: one g_local is 9.81 m/s²", () => {
    const overlay = overlayCatalog(session, [asUnit({ symbol: "g_local", value: 9.81, unit: "m/s^2" })], [])
    if (isEngineError(overlay)) throw new Error(overlay.message)
    const r = resolveUnitExpression(overlay, "kg*g_local")
    if (isEngineError(r)) throw new Error(r.message)
    expect(r.factor.n / r.factor.d).toBeCloseTo(9.81, 12)
    expect(Dimension.equals(r.dimension, Dimension.fromExponents({ M: 1, L: 1, T: -2 }))).toBe(true)
  })

  it("refuses a built-in symbol with ucon's message: 'c' is the speed of light", () => {
    expect(failure({ symbol: "c" })).toMatchObject({
      _tag: "DuplicateDefinition",
      kind: "duplicate_symbol",
      role: "symbol",
      message: "Symbol 'c' is already defined as 'speed of light in vacuum'",
      hints: ["Use a different symbol or use the built-in constant"]
    })
  })

  it("refuses a built-in alias, naming the constant it belongs to: k_B is k", () => {
    expect(failure({ symbol: "k_B" }).message).toBe("Symbol 'k_B' is already defined as 'Boltzmann constant' (alias of 'k')")
  })

  it("refuses a symbol the session already defined", () => {
    expect(failure({ symbol: "vₛ" })).toMatchObject({
      kind: "duplicate_symbol",
      message: "Symbol 'vₛ' is already defined as 'speed of sound in dry air at 20°C'"
    })
  })

  it("refuses a symbol that names a unit: built in (m), spelled (Meter) or from the session (zorkmid)", () => {
    for (const symbol of ["m", "Meter", "zorkmid"]) expect(failure({ symbol }), symbol).toMatchObject({ _tag: "DuplicateDefinition", kind: "duplicate_symbol" })
    expect(failure({ symbol: "m" }).message).toBe("Symbol 'm' already names a unit: meter (m)")
  })

  it("refuses a symbol that reads as a prefixed unit or a power, offering a free one: kg → k_g, Tm → T_m, m2 → m_2", () => {
    expect(failure({ symbol: "kg" })).toMatchObject({ kind: "duplicate_symbol", message: "Symbol 'kg' already names a unit: kilogram (kg)", likelyFix: "k_g" })
    expect(failure({ symbol: "Tm" })).toMatchObject({ likelyFix: "T_m", hints: [expect.any(String), "Use a different symbol, e.g. 'T_m'"] })
    expect(failure({ symbol: "Tm" }).message).toMatch(/^Symbol 'Tm' already names a unit: tera\w+ \(Tm\)$/)
    expect(failure({ symbol: "m2" })).toMatchObject({ message: "Symbol 'm2' already names a unit: the unit expression m²", likelyFix: "m_2" })
    expect(isEngineError(check({ symbol: "T_m", name: "melting temperature", value: 1687, unit: "K" }))).toBe(false)
  })

  it("refuses a symbol that unit expressions cannot read as one name", () => {
    for (const symbol of ["a/b", "2x", "x^2"]) expect(failure({ symbol }), symbol).toMatchObject({ _tag: "InvalidInput", role: "symbol" })
    expect(failure({ symbol: "100" }).message).toBe("Symbol '100' already names a unit: a pure number")
  })

  it("refuses a value that is not finite or is zero, and a negative or non-finite uncertainty", () => {
    for (const value of [Number.NaN, Number.POSITIVE_INFINITY, 0])
      expect(failure({ value }), String(value)).toMatchObject({ _tag: "InvalidValue", role: "value" })
    for (const uncertainty of [-0.01, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(failure({ uncertainty }), String(uncertainty)).toMatchObject({ _tag: "InvalidValue", role: "uncertainty" })
    }
  })

  it("accepts a negative value, as for the electron's g factor", () => {
    expect(isEngineError(check({ symbol: "g_x", value: -2.0023, unit: "1" }))).toBe(false)
  })

  it("refuses a unit that does not resolve, with the unit error's likely fix and hints: m/secc → m/s, the whole corrected expression", () => {
    for (const unit of ["m/secc", "m/sx"]) {
      const unitError = resolveUnitExpression(catalog, unit)
      if (!isEngineError(unitError)) throw new Error(`${unit} resolved`)
      expect(failure({ unit }), unit).toMatchObject({
        _tag: "InvalidUnit",
        role: "unit",
        got: unit,
        message: `Invalid unit '${unit}': ${unitError.message}`,
        hints: unitError.hints
      })
    }
    expect(failure({ unit: "m/secc" }).likelyFix).toBe("m/s")
  })

  it("refuses a unit built from session units, which a constant cannot depend on", () => {
    expect(failure({ unit: "zorkmid" })).toMatchObject({ _tag: "InvalidUnit", role: "unit" })
    expect(failure({ unit: "vₛ*s" }).message).toMatch(/not units defined in this session/)
  })

  it("refuses a temperature scale or a level: 20 degC is not 20 × a unit", () => {
    expect(failure({ unit: "degC" })).toMatchObject({ _tag: "InvalidUnit", hints: ["Give a temperature in K (20 degC is 293.15 K)"] })
    expect(failure({ unit: "dBm" })._tag).toBe("InvalidUnit")
  })
})
