// Agents written for ucon-tools call its 30 formulas by ucon's names and parameter names; each
// answers here, correctly (test/data: ucon-formulas.json is ucon-tools' own list_formulas).
import { readFileSync } from "node:fs"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type TestClient, connectClient } from "../support/mcp.ts"

/** ucon-tools' list_formulas (Apache-2.0), kept in test/data with its provenance (test/data/README.md). */
const ucon: ReadonlyArray<{ name: string; parameters: Record<string, string | null> }> = JSON.parse(
  readFileSync(new URL("../data/ucon-formulas.json", import.meta.url), "utf8")
)

/** A plausible value in a unit of each dimension ucon names. */
const sample: Record<string, { value: number; unit?: string }> = {
  time: { value: 40, unit: "yr" },
  mass: { value: 70, unit: "kg" },
  length: { value: 2, unit: "m" },
  charge: { value: 1e-6, unit: "C" },
  density: { value: 1, unit: "mg/dL" },
  velocity: { value: 3, unit: "m/s" },
  concentration: { value: 1, unit: "mol/L" },
  volume: { value: 10, unit: "mL" },
  energy: { value: -50, unit: "kJ/mol" },
  temperature: { value: 298, unit: "K" },
  entropy: { value: -0.1, unit: "kJ/(mol*K)" },
  amount_of_substance: { value: 1, unit: "mol" },
  pressure: { value: 120, unit: "mmHg" },
  molar_mass: { value: 18, unit: "g/mol" },
  voltage: { value: 12, unit: "V" },
  resistance: { value: 6, unit: "ohm" },
  frequency: { value: 600, unit: "THz" },
  angle: { value: 45, unit: "deg" },
  dynamic_viscosity: { value: 0.001, unit: "Pa*s" },
  force: { value: 1000, unit: "N" },
  area: { value: 0.01, unit: "m^2" },
  information: { value: 1, unit: "GB" }
}

let c: TestClient
beforeAll(async () => (c = await connectClient("ucon-formulas")))
afterAll(() => c.close())

describe("ucon-tools' formulas under their own names", () => {
  it("answers every one of ucon's 30 formulas with ucon's parameter names", async () => {
    const failures: Array<string> = []
    for (const f of ucon) {
      const parameters = Object.fromEntries(
        Object.entries(f.parameters).map(([p, dim]) => [
          p,
          dim === null
            ? { value: p === "is_female" ? 1 : p === "slo" ? 0.999 : p.includes("count") || p === "errors" ? 3 : 0.5 }
            : (sample[dim] ?? { value: 1 })
        ])
      )
      // ideal_gas_pressure etc. take temperatures as points; time-like samples for specific impulse
      if (f.name === "tsiolkovsky_delta_v")
        Object.assign(parameters, { specific_impulse: { value: 300, unit: "s" }, wet_mass: { value: 1000, unit: "kg" }, dry_mass: { value: 400, unit: "kg" } })
      if (f.name === "availability") Object.assign(parameters, { uptime: { value: 719, unit: "h" }, total_time: { value: 720, unit: "h" } })
      if (f.name === "mean_arterial_pressure") Object.assign(parameters, { systolic: { value: 120, unit: "mmHg" }, diastolic: { value: 80, unit: "mmHg" } })
      if (f.name === "fib4")
        Object.assign(parameters, {
          age: { value: 50, unit: "yr" },
          ast: { value: 40, unit: "U/L" },
          alt: { value: 36, unit: "U/L" },
          platelets: { value: 200, unit: "10^9/L" }
        })
      if (f.name === "thrust") Object.assign(parameters, { mass_flow_rate: { value: 10, unit: "kg/s" } })
      if (f.name === "error_budget_remaining")
        Object.assign(parameters, { errors: { value: 500 }, total_requests: { value: 1000000 }, slo: { value: 99.9, unit: "%" } })
      const { isError, data } = await c.call("call_formula", { name: f.name, parameters })
      if (isError) failures.push(`${f.name}: ${data.error_type} ${data.error}`)
    }
    expect(failures).toEqual([])
  })

  const value = async (name: string, parameters: Record<string, { value: number; unit?: string }>, unit?: string) => {
    const { isError, data } = await c.call("call_formula", { name, parameters, ...(unit ? { output_unit: unit } : {}) })
    if (isError) throw new Error(`${name}: ${data.error}`)
    return data.quantity as number
  }

  it("gives ucon's quantities, computed correctly", async () => {
    expect(await value("availability", { uptime: { value: 719, unit: "h" }, total_time: { value: 720, unit: "h" } })).toBeCloseTo((719 / 720) * 100, 9)
    expect(await value("error_budget_remaining", { errors: { value: 500 }, total_requests: { value: 1000000 }, slo: { value: 99.9, unit: "%" } })).toBeCloseTo(
      50,
      9
    )
    expect(await value("ohms_law_power", { voltage: { value: 12, unit: "V" }, resistance: { value: 6, unit: "ohm" } })).toBeCloseTo(24, 12)
    expect(await value("photon_energy", { frequency: { value: 600, unit: "THz" } })).toBeCloseTo(6.62607015e-34 * 6e14, 30)
    expect(
      await value("dilution", {
        initial_concentration: { value: 1, unit: "mol/L" },
        initial_volume: { value: 10, unit: "mL" },
        final_concentration: { value: 0.1, unit: "mol/L" }
      })
    ).toBeCloseTo(100, 9)
    expect(await value("throughput", { data_transferred: { value: 1, unit: "GB" }, duration: { value: 8, unit: "s" } })).toBeCloseTo(1000, 9)
    expect(
      await value("creatinine_clearance", {
        age: { value: 60, unit: "yr" },
        mass: { value: 72, unit: "kg" },
        serum_creatinine: { value: 1, unit: "mg/dL" },
        is_female: { value: 1 }
      })
    ).toBeCloseTo(68, 9)
    expect(
      await value("darcy_weisbach", {
        friction_factor: { value: 0.02 },
        pipe_length: { value: 100, unit: "m" },
        pipe_diameter: { value: 0.1, unit: "m" },
        flow_velocity: { value: 2, unit: "m/s" }
      })
    ).toBeCloseTo((0.02 * 1000 * 4) / (2 * 9.80665), 9)
    expect(await value("escape_velocity", { body_mass: { value: 5.9722e24, unit: "kg" }, radius: { value: 6.371e6, unit: "m" } }, "km/s")).toBeCloseTo(
      11.186,
      2
    )
    expect(
      await value("tsiolkovsky_delta_v", {
        specific_impulse: { value: 300, unit: "s" },
        wet_mass: { value: 1000, unit: "kg" },
        dry_mass: { value: 400, unit: "kg" }
      })
    ).toBeCloseTo(300 * 9.80665 * Math.log(2.5), 6)
  })

  it("keeps the canonical names in list_formulas and says how a ucon call was read", async () => {
    const { data } = await c.call("call_formula", { name: "mtbf", parameters: { total_uptime: { value: 1000, unit: "h" }, failure_count: { value: 4 } } })
    expect(data.quantity).toBeCloseTo(250, 9)
    expect(data.steps[0]).toMatch(/ucon-tools' mtbf/)
  })
})
