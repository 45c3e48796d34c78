/**
 * The engine against mathjs, js-quantities and @lhncbc/ucum-lhc: the same conversions, each
 * library in its own spelling (UCUM writes `[mi_i]` and `kg.m/s2`, js-quantities `tempC` and puts
 * everything after `/` in the denominator, mathjs knows `ug` but not `mcg`). Every result is
 * checked against ours and against the known answer before anything is timed.
 *
 * Warm: the same call repeated (caches full, code optimised). Cold: a first call whose caches are
 * empty while the code is already optimised (untimed warm-up calls of the same kind run first).
 * For us that is a call on a fresh catalog: an empty overlay over the built-in catalog, whose
 * expression cache starts empty and whose look-ups go through one more level. The peers' caches
 * cannot be reset through their APIs, so their cold calls use fresh expression strings instead
 * (lib/variants.ts: the same expression with spaces in new places), and mathjs's unit-name memo
 * is cleared before each of its cold calls (`Unit.deleteUnit` drops it). js-quantities keeps a
 * cache of base units keyed by the normalised unit, which fresh strings do not empty: its cold
 * figures are, if anything, flattering. ucum-lhc has no cache, so its cold and warm calls are the
 * same call.
 */
import { createRequire } from "node:module"
import { Effect } from "effect"
import * as math from "mathjs"
import { Catalog } from "../src/engine/units/Catalog.ts"
import { buildCatalog } from "../src/engine/units/buildCatalog.ts"
import { builtinEntries } from "../src/engine/catalog/index.ts"
import { converterBetween } from "../src/engine/conversion/between.ts"
import { convert, convertValue } from "../src/engine/conversion/convert.ts"
import { isEngineError } from "../src/engine/errors.ts"
import { resolveUnitExpression } from "../src/engine/units/UnitExpression.ts"
import type { Column, Row, Target } from "./lib/report.ts"
import { cold, consume, warm } from "./lib/timing.ts"
import { variant } from "./lib/variants.ts"

// ---------------------------------------------------------------------------------------------
// The libraries, behind one small interface

type Library = "dimensional" | Exclude<Column, "bare SDK" | "bare node">

interface Adapter {
  /** Converts a value between two unit strings, parsing both. */
  readonly convert: (value: number, from: string, to: string) => number
  /** Parses both units once; the function converts values. */
  readonly prepare: (from: string, to: string) => (value: number) => number
  /** Parses one unit string. */
  readonly parse: (unit: string) => unknown
}

const require = createRequire(import.meta.url)

interface QtyInstance {
  readonly scalar: number
  to(unit: string): QtyInstance
}
interface QtyStatic {
  (value: number, unit: string): QtyInstance
  (quantity: string): QtyInstance
  swiftConverter(from: string, to: string): (value: number) => number
}
const Qty = require("js-quantities") as QtyStatic

interface UcumUnit {
  convertFrom(value: number, from: UcumUnit): number
}
interface UcumUtils {
  convertUnitTo(from: string, value: number, to: string): { readonly status: string; readonly toVal: number | null; readonly msg: ReadonlyArray<string> }
  getSpecifiedUnit(unit: string, mode: "convert" | "validate"): { readonly unit?: UcumUnit; readonly status: string }
}
const ucum = (require("@lhncbc/ucum-lhc") as { UcumLhcUtils: { getInstance(): UcumUtils } }).UcumLhcUtils.getInstance()

const ucumUnit = (code: string): UcumUnit => {
  const { unit } = ucum.getSpecifiedUnit(code, "convert")
  if (!unit) throw new Error(`ucum-lhc does not know '${code}'`)
  return unit
}

/** mathjs memoises unit-name look-ups; deleting any unit (even one that does not exist) drops the memo. */
const clearMathjsMemo = (): void => (math.Unit as unknown as { deleteUnit(name: string): void }).deleteUnit("__dimensional_bench_none__")

const mathjsAdapter: Adapter = {
  convert: (value, from, to) => math.unit(value, from).toNumber(to),
  prepare: (from, to) => {
    // mathjs takes a parsed Unit where its types say string: unit(number, Unit), toNumber(Unit)
    const f = math.unit(from) as unknown as string
    const t = math.unit(to) as unknown as string
    return (value) => math.unit(value, f).toNumber(t)
  },
  parse: (unit) => math.unit(unit)
}

const qtyAdapter: Adapter = {
  convert: (value, from, to) => Qty(value, from).to(to).scalar,
  prepare: (from, to) => Qty.swiftConverter(from, to),
  parse: (unit) => Qty(unit)
}

const ucumAdapter: Adapter = {
  convert: (value, from, to) => {
    const r = ucum.convertUnitTo(from, value, to)
    if (r.status !== "succeeded" || r.toVal === null) throw new Error(`ucum-lhc: ${from} → ${to}: ${r.msg.join("; ")}`)
    return r.toVal
  },
  prepare: (from, to) => {
    const f = ucumUnit(from)
    const t = ucumUnit(to)
    return (value) => t.convertFrom(value, f)
  },
  parse: (unit) => {
    const { unit: parsed } = ucum.getSpecifiedUnit(unit, "convert")
    if (!parsed) throw new Error(`ucum-lhc does not know '${unit}'`)
    return parsed
  }
}

const built = (): Catalog => {
  const { catalog, problems } = buildCatalog(builtinEntries)
  if (problems.length > 0) throw new Error(`Unit catalog is inconsistent: ${problems.map((p) => `${p.symbol}: ${p.problem}`).join("; ")}`)
  return catalog
}

/** The engine's string path: convertValue, what the convert tool's Effect runs. */
const convertOn = (catalog: Catalog, value: number, from: string, to: string): number => {
  const result = convertValue(catalog, value, from, to)
  if (isEngineError(result)) throw new Error(result.message)
  return result.quantity
}

const oursAdapter = (catalog: Catalog): Adapter => ({
  convert: (value, from, to) => convertOn(catalog, value, from, to),
  prepare: (from, to) => {
    const source = resolveUnitExpression(catalog, from)
    const target = resolveUnitExpression(catalog, to)
    if (isEngineError(source) || isEngineError(target)) throw new Error(`cannot resolve ${from} or ${to}`)
    const converter = converterBetween(catalog, source, target)
    if (isEngineError(converter)) throw new Error(converter.message)
    return converter.apply
  },
  parse: (unit) => {
    const r = resolveUnitExpression(catalog, unit)
    if (isEngineError(r)) throw new Error(r.message)
    return r
  }
})

// ---------------------------------------------------------------------------------------------
// The inputs, in each library's spelling

type Spelling = Readonly<Record<Library, readonly [string, string]>>

interface ConversionCase {
  readonly label: string
  readonly value: number
  /** The known answer for `value`. */
  readonly expected: number
  readonly spelling: Spelling
}

const kmToMi: ConversionCase = {
  label: "5 km → mi",
  value: 5,
  expected: 3.1068559611866697,
  spelling: { dimensional: ["km", "mi"], mathjs: ["km", "mi"], "js-quantities": ["km", "mi"], "ucum-lhc": ["km", "[mi_i]"] }
}

const newtonToLbf: ConversionCase = {
  label: "kg*m/s^2 → lbf",
  value: 1,
  expected: 1 / (0.45359237 * 9.80665),
  spelling: { dimensional: ["kg*m/s^2", "lbf"], mathjs: ["kg*m/s^2", "lbf"], "js-quantities": ["kg*m/s^2", "lbf"], "ucum-lhc": ["kg.m/s2", "[lbf_av]"] }
}

const doseRate: ConversionCase = {
  label: "mcg/(kg*min) → mg/(kg*h)",
  value: 1,
  expected: 0.06,
  spelling: {
    dimensional: ["mcg/(kg*min)", "mg/(kg*h)"],
    mathjs: ["ug/(kg*min)", "mg/(kg*h)"],
    "js-quantities": ["mcg/kg*min", "mg/kg*h"],
    "ucum-lhc": ["ug/(kg.min)", "mg/(kg.h)"]
  }
}

const celsiusToFahrenheit: ConversionCase = {
  label: "100 degC → degF",
  value: 100,
  expected: 212,
  spelling: { dimensional: ["degC", "degF"], mathjs: ["degC", "degF"], "js-quantities": ["tempC", "tempF"], "ucum-lhc": ["Cel", "[degF]"] }
}

/** 30 unit strings an agent writes, with a reference unit of the same dimension to check them by. */
const unitList: ReadonlyArray<{ readonly unit: Record<Library, string>; readonly reference: Record<Library, string> }> = [
  ...(
    [["m", "km", "cm", "ft", "in"], ["kg", "g", "mg"], ["s", "min", "h"], ["N", "kN"], ["J", "kJ"], ["W"], ["Pa", "kPa"], ["m^3", "L", "mL"]] as const
  ).flatMap(([reference, ...units]) =>
    [reference, ...units].map((u) => {
      const ucumCode = (s: string) => ({ ft: "[ft_i]", in: "[in_i]", "m^3": "m3" })[s] ?? s
      return {
        unit: { dimensional: u, mathjs: u, "js-quantities": u, "ucum-lhc": ucumCode(u) },
        reference: { dimensional: reference, mathjs: reference, "js-quantities": reference, "ucum-lhc": ucumCode(reference) }
      }
    })
  ),
  {
    unit: { dimensional: "mi", mathjs: "mi", "js-quantities": "mi", "ucum-lhc": "[mi_i]" },
    reference: { dimensional: "m", mathjs: "m", "js-quantities": "m", "ucum-lhc": "m" }
  },
  {
    unit: { dimensional: "lb", mathjs: "lb", "js-quantities": "lb", "ucum-lhc": "[lb_av]" },
    reference: { dimensional: "kg", mathjs: "kg", "js-quantities": "kg", "ucum-lhc": "kg" }
  },
  {
    unit: { dimensional: "km/h", mathjs: "km/h", "js-quantities": "km/h", "ucum-lhc": "km/h" },
    reference: { dimensional: "m/s", mathjs: "m/s", "js-quantities": "m/s", "ucum-lhc": "m/s" }
  },
  {
    unit: { dimensional: "kg*m/s^2", mathjs: "kg*m/s^2", "js-quantities": "kg*m/s^2", "ucum-lhc": "kg.m/s2" },
    reference: { dimensional: "N", mathjs: "N", "js-quantities": "N", "ucum-lhc": "N" }
  },
  {
    unit: { dimensional: "mg/(kg*h)", mathjs: "mg/(kg*h)", "js-quantities": "mg/kg*h", "ucum-lhc": "mg/(kg.h)" },
    reference: { dimensional: "g/(kg*s)", mathjs: "g/(kg*s)", "js-quantities": "g/kg*s", "ucum-lhc": "g/(kg.s)" }
  },
  {
    unit: { dimensional: "mW/cm^2", mathjs: "mW/cm^2", "js-quantities": "mW/cm^2", "ucum-lhc": "mW/cm2" },
    reference: { dimensional: "W/m^2", mathjs: "W/m^2", "js-quantities": "W/m^2", "ucum-lhc": "W/m2" }
  },
  {
    unit: { dimensional: "kJ/(kg*K)", mathjs: "kJ/(kg*K)", "js-quantities": "kJ/kg*degK", "ucum-lhc": "kJ/(kg.K)" },
    reference: { dimensional: "J/(kg*K)", mathjs: "J/(kg*K)", "js-quantities": "J/kg*degK", "ucum-lhc": "J/(kg.K)" }
  },
  {
    unit: { dimensional: "mol/L", mathjs: "mol/L", "js-quantities": "mol/L", "ucum-lhc": "mol/L" },
    reference: { dimensional: "mol/m^3", mathjs: "mol/m^3", "js-quantities": "mol/m^3", "ucum-lhc": "mol/m3" }
  },
  {
    unit: { dimensional: "N*m", mathjs: "N*m", "js-quantities": "N*m", "ucum-lhc": "N.m" },
    reference: { dimensional: "J", mathjs: "J", "js-quantities": "J", "ucum-lhc": "J" }
  }
]

// ---------------------------------------------------------------------------------------------
// Checking, then timing

const TOLERANCE = 1e-6

const close = (actual: number, expected: number): boolean => Math.abs(actual - expected) <= TOLERANCE * Math.max(Math.abs(expected), 1e-300)

const check = (what: string, actual: number | (() => number), expected: number): void => {
  let value: number
  try {
    value = typeof actual === "function" ? actual() : actual
  } catch (e) {
    throw new Error(`${what}: ${e instanceof Error ? e.message : String(e)}`)
  }
  if (!close(value, expected)) throw new Error(`${what}: got ${value}, expected ${expected}`)
}

const libraries: ReadonlyArray<Library> = ["dimensional", "mathjs", "js-quantities", "ucum-lhc"]

/** Values the warm loops cycle through, so no call can be hoisted out of a loop. */
const valueFor = (base: number, i: number): number => base + (i & 7)

export interface EngineOptions {
  readonly quick?: boolean
}

export const runEngineBench = (options: EngineOptions = {}): Array<Row> => {
  const batches = options.quick ? 5 : 15
  const samples = options.quick ? 51 : 201
  const warmupRounds = options.quick ? 500 : 2000
  const catalog = built()
  const adapters: Record<Library, Adapter> = { dimensional: oursAdapter(catalog), mathjs: mathjsAdapter, "js-quantities": qtyAdapter, "ucum-lhc": ucumAdapter }
  const cases = [kmToMi, newtonToLbf, doseRate, celsiusToFahrenheit]

  // 1. every library gives the known answer for every input, through every path
  for (const c of cases) {
    for (const lib of libraries) {
      const [from, to] = c.spelling[lib]
      check(`${lib} ${c.label} (strings)`, () => adapters[lib].convert(c.value, from, to), c.expected)
      check(`${lib} ${c.label} (pre-parsed)`, () => adapters[lib].prepare(from, to)(c.value), c.expected)
    }
  }
  for (const entry of unitList) {
    const [from, to] = [entry.unit.dimensional, entry.reference.dimensional]
    const ours = convertOn(catalog, 1, from, to)
    for (const lib of libraries)
      check(`${lib} 1 ${entry.unit[lib]} → ${entry.reference[lib]}`, () => adapters[lib].convert(1, entry.unit[lib], entry.reference[lib]), ours)
  }
  if (unitList.length !== 30) throw new Error(`the parse list has ${unitList.length} units, not 30`)
  const effectResult = Effect.runSync(convert(catalog, 5, "km", "mi"))
  check("dimensional 5 km → mi (Effect API)", effectResult.quantity, kmToMi.expected)

  const rows: Array<Row> = []
  const row = (label: string, ours: number, others: Partial<Record<Library, number>>, target?: { readonly text: string; readonly limitNs: number }) => {
    const t: Target | undefined = target && { text: target.text, met: ours < target.limitNs }
    rows.push({
      section: "engine",
      label,
      ours: { value: ours, unit: "ns" },
      others: (["mathjs", "js-quantities", "ucum-lhc"] as const).flatMap((lib) =>
        others[lib] === undefined ? [] : [{ name: lib, value: { value: others[lib]!, unit: "ns" as const } }]
      ),
      ...(t ? { target: t } : {})
    })
  }
  const warmOptions = { batches }

  // 2. pre-parsed
  {
    const c = kmToMi
    const times: Partial<Record<Library, number>> = {}
    for (const lib of libraries) {
      const [from, to] = c.spelling[lib]
      const f = adapters[lib].prepare(from, to)
      times[lib] = warm((i) => f(valueFor(c.value, i)), warmOptions)
    }
    row(`${c.label}, pre-parsed units`, times.dimensional!, times, { text: "< 50 ns", limitNs: 50 })
  }

  // 3. from strings, warm and cold
  const coldCall = (c: ConversionCase, lib: Library): number => {
    const [from, to] = c.spelling[lib]
    const adapter = adapters[lib]
    const verify = (r: unknown) => check(`${lib} cold ${c.label}`, r as number, c.expected)
    // ours: a fresh catalog (an empty overlay over the built-in one) for every call
    if (lib === "dimensional")
      return cold(
        () => new Catalog(catalog),
        (fresh) => convertOn(fresh, c.value, from, to),
        { samples, warmupRounds, verify }
      )
    if (lib === "ucum-lhc")
      return cold(
        () => undefined,
        () => adapter.convert(c.value, from, to),
        { samples, warmupRounds, verify }
      )
    return cold(
      (k) => {
        if (lib === "mathjs") clearMathjsMemo()
        return [variant(from, k + 1), variant(to, k + 1)] as const
      },
      ([f, t]) => adapter.convert(c.value, f, t),
      { samples, warmupRounds, verify }
    )
  }
  const stringTargets: Record<string, { warm: { text: string; limitNs: number }; cold?: { text: string; limitNs: number } }> = {
    [kmToMi.label]: { warm: { text: "< 1 µs", limitNs: 1_000 } },
    [newtonToLbf.label]: { warm: { text: "< 2 µs", limitNs: 2_000 }, cold: { text: "< 10 µs", limitNs: 10_000 } },
    [doseRate.label]: { warm: { text: "< 2 µs", limitNs: 2_000 }, cold: { text: "< 10 µs", limitNs: 10_000 } },
    [celsiusToFahrenheit.label]: { warm: { text: "< 1 µs", limitNs: 1_000 } }
  }
  for (const c of cases) {
    const warmTimes: Partial<Record<Library, number>> = {}
    for (const lib of libraries) {
      const [from, to] = c.spelling[lib]
      const adapter = adapters[lib]
      warmTimes[lib] = warm((i) => adapter.convert(valueFor(c.value, i), from, to), warmOptions)
    }
    row(`${c.label}, from strings, warm`, warmTimes.dimensional!, warmTimes, stringTargets[c.label]!.warm)
    if (c === kmToMi) {
      // the same call as an Effect, run on its own (Effect.runSync starts a fiber for it)
      const effectTime = warm((i) => Effect.runSync(convert(catalog, valueFor(c.value, i), "km", "mi")), warmOptions)
      row(`${c.label}, from strings, warm, as an Effect (runSync)`, effectTime, warmTimes, stringTargets[c.label]!.warm)
    }
    const coldTimes: Partial<Record<Library, number>> = {}
    for (const lib of libraries) coldTimes[lib] = coldCall(c, lib)
    row(`${c.label}, from strings, cold`, coldTimes.dimensional!, coldTimes, stringTargets[c.label]!.cold)
  }

  // 4. parsing the list of 30 unit strings
  {
    const warmTimes: Partial<Record<Library, number>> = {}
    const coldTimes: Partial<Record<Library, number>> = {}
    for (const lib of libraries) {
      const units = unitList.map((e) => e.unit[lib])
      const adapter = adapters[lib]
      warmTimes[lib] = warm(() => {
        for (const u of units) consume(adapter.parse(u))
        return units.length
      }, warmOptions)
      coldTimes[lib] =
        lib === "dimensional"
          ? cold(
              () => oursAdapter(new Catalog(catalog)),
              (fresh) => {
                for (const u of units) consume(fresh.parse(u))
                return units.length
              },
              { samples, warmupRounds }
            )
          : cold(
              (k) => {
                if (lib === "mathjs") clearMathjsMemo()
                return lib === "ucum-lhc" ? units : units.map((u) => variant(u, k + 1))
              },
              (fresh) => {
                for (const u of fresh) consume(adapter.parse(u))
                return fresh.length
              },
              { samples, warmupRounds }
            )
    }
    row("parse 30 mixed unit strings, warm", warmTimes.dimensional!, warmTimes)
    row("parse 30 mixed unit strings, cold", coldTimes.dimensional!, coldTimes)
  }
  return rows
}

if (import.meta.main) {
  const { renderTable } = await import("./lib/report.ts")
  console.log(renderTable(runEngineBench({ quick: process.argv.includes("--quick") })))
}
