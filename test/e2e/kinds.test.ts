// Kind of quantity through an MCP client: built-in kinds, declaration and validation.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type TestClient, connectClient } from "../support/mcp.ts"

let c: TestClient
beforeAll(async () => (c = await connectClient()))
afterAll(() => c.close())

describe("kinds of quantity", () => {
  it("ships built-in kinds for the classic confusions that share a dimension", async () => {
    const { data } = await c.call("list_quantity_kinds", { limit: 100 })
    const names = data.result.map((k: { name: string }) => k.name)
    for (const n of [
      "torque",
      "energy",
      "work",
      "absorbed_dose",
      "equivalent_dose",
      "entropy_change",
      "heat_capacity",
      "active_power",
      "reactive_power",
      "apparent_power",
      "frequency",
      "angular_velocity",
      "enthalpy",
      "gibbs_energy"
    ]) {
      expect(names).toContain(n)
    }
    const energy = await c.call("list_quantity_kinds", { dimension: "energy", limit: 100 })
    expect(energy.data.result.map((k: { name: string }) => k.name)).toContain("torque")
  })

  it("runs seed 001's workflow: declare gibbs_energy in kJ/mol, validate with reasoning", async () => {
    const declared = await c.call("declare_computation", { quantity_kind: "gibbs_energy", expected_unit: "kJ/mol", context: { temperature: "298.15 K" } })
    expect(declared.data.status).toBe("valid")
    expect(declared.data.expected_dimension).toBe("M·L²·T⁻²·N⁻¹")
    expect(declared.data.compatible_kinds).toContain("enthalpy")
    const validated = await c.call("validate_result", { value: -228.6, unit: "kJ/mol", reasoning: "Calculated ΔG = ΔH - TΔS at 298 K" })
    expect(validated.data).toMatchObject({ passed: true, confidence: "high", dimension_match: true, semantic_warnings: [] })
  })

  it("warns when the reasoning names a sibling kind (torque declared as work)", async () => {
    const { data } = await c.call("validate_result", { value: 5, unit: "N*m", declared_kind: "work", reasoning: "The torque on the bolt from a 0.25 m wrench" })
    expect(data.passed).toBe(true)
    expect(data.confidence).toBe("medium")
    expect(data.semantic_warnings).toEqual(["Reasoning mentions 'torque' which is associated with 'torque', but declared kind is 'work'"])
  })

  it("matches whole words, not substrings: 'heat' and 'reaction' do not mean Ea (ucon's false positive)", async () => {
    const { data } = await c.call("validate_result", {
      value: 1,
      unit: "J/mol",
      declared_kind: "bond_energy",
      reasoning: "reaction heat measured with a mean value"
    })
    expect(data.semantic_warnings.some((w: string) => w.includes("activation_energy"))).toBe(false)
  })

  it("gives the same warnings on every run", async () => {
    const args = { value: 1, unit: "J/mol", declared_kind: "internal_energy", reasoning: "ΔH and ΔG from the tables, Arrhenius Ea" }
    const runs = await Promise.all([1, 2, 3, 4, 5].map(() => c.call("validate_result", args)))
    expect(new Set(runs.map((r) => JSON.stringify(r.data.semantic_warnings))).size).toBe(1)
  })

  it("fails a result of the wrong dimension with low confidence and names the kinds it does match", async () => {
    const { data } = await c.call("validate_result", { value: 3, unit: "J", declared_kind: "entropy_change" })
    expect(data).toMatchObject({ passed: false, confidence: "low", dimension_match: false })
    expect(data.suggestions[0]).toMatch(/energy/)
  })

  it("keeps a declaration until a validation passes", async () => {
    await c.call("declare_computation", { quantity_kind: "entropy_change", expected_unit: "J/K" })
    expect((await c.call("validate_result", { value: 3, unit: "J" })).data.passed).toBe(false)
    const passed = await c.call("validate_result", { value: 91.5, unit: "kJ/K", reasoning: "ΔS = Q/T" })
    expect(passed.data.passed).toBe(true)
    expect(passed.data.suggestions).toContain("In the declared unit: 91500 J/K")
    expect((await c.call("validate_result", { value: 1, unit: "J/K" })).data.error_type).toBe("no_active_declaration")
  })

  it("defines a session kind, refuses duplicates, and answers unknown kinds with a likely fix", async () => {
    const defined = await c.call("define_quantity_kind", { name: "reaction_gibbs_energy", dimension: "energy/amount_of_substance", aliases: ["delta_G_rxn"] })
    expect(defined.data.vector_signature).toBe("M·L²·T⁻²·N⁻¹")
    // a session kind is defined once; a built-in one named again with its own dimension is that kind
    expect((await c.call("define_quantity_kind", { name: "reaction_gibbs_energy", dimension: "energy/amount_of_substance" })).data.error_type).toBe(
      "duplicate_kind"
    )
    expect((await c.call("define_quantity_kind", { name: "torque", dimension: "energy" })).data).toMatchObject({ success: true, name: "torque" })
    expect((await c.call("define_quantity_kind", { name: "x_kind", dimension: "enrgy" })).data.error_type).toBe("invalid_dimension")
    const unknown = await c.call("declare_computation", { quantity_kind: "gibs_energy", expected_unit: "kJ/mol" })
    expect(unknown.data.error_type).toBe("unknown_kind")
    expect(unknown.data.likely_fix).toBe("gibbs_energy")
    expect((await c.call("declare_computation", { quantity_kind: "torque", expected_unit: "N*mx" })).data.error_type).toBe("invalid_unit")
    await c.call("reset_session")
    expect((await c.call("declare_computation", { quantity_kind: "delta_G_rxn", expected_unit: "kJ/mol" })).data.error_type).toBe("unknown_kind")
  })
})
