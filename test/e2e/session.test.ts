// Session state through an MCP client: define_unit / define_conversion / reset_session, inline
// definitions that never outlive their call, and the ucon bugs that concern these tools.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type TestClient, connectClient } from "../support/mcp.ts"

let c: TestClient
beforeAll(async () => (c = await connectClient()))
afterAll(() => c.close())

describe("session state", () => {
  it("keeps a defined unit and its edge across calls, and forgets them after reset_session", async () => {
    expect((await c.call("define_unit", { name: "widget", dimension: "count", aliases: ["wdg"] })).data.success).toBe(true)
    const unconnected = await c.call("convert", { value: 1, from_unit: "wdg", to_unit: "ea" })
    expect(unconnected.data.error_type).toBe("no_conversion_path")
    expect((await c.call("define_conversion", { src: "widget", dst: "ea", factor: 12 })).data.applied).toBe(true)
    expect((await c.call("convert", { value: 2, from_unit: "wdg", to_unit: "ea" })).data.quantity).toBe(24)
    expect((await c.call("convert", { value: 24, from_unit: "ea/h", to_unit: "widget/h" })).data.quantity).toBe(2)
    expect((await c.call("reset_session")).data.success).toBe(true)
    expect((await c.call("convert", { value: 2, from_unit: "wdg", to_unit: "ea" })).data.error_type).toBe("unknown_unit")
  })

  it("converts a custom unit that is still unconnected only to itself", async () => {
    await c.call("define_unit", { name: "blip", dimension: "count" })
    expect((await c.call("convert", { value: 3, from_unit: "blip/min", to_unit: "blip/h" })).data.quantity).toBe(180)
    await c.call("reset_session")
  })

  it("converts among custom units that edges relate only to one another, and from them to no other unit", async () => {
    // ucon's own examples: define_unit("smoot", "length", ["smoot"]) names the unit among its aliases
    expect((await c.call("define_unit", { name: "sprocket", dimension: "count", aliases: ["sprocket", "spr"] })).data.success).toBe(true)
    await c.call("define_unit", { name: "cog", dimension: "count" })
    await c.call("define_unit", { name: "gear", dimension: "count" })
    expect((await c.call("define_conversion", { src: "sprocket", dst: "cog", factor: 3.5 })).data.applied).toBe(true)
    await c.call("define_conversion", { src: "gear", dst: "cog", factor: 2 })
    expect((await c.call("convert", { value: 10, from_unit: "spr", to_unit: "cog" })).data.quantity).toBe(35)
    expect((await c.call("convert", { value: 7, from_unit: "cog/h", to_unit: "sprocket/h" })).data.quantity).toBe(2)
    expect((await c.call("convert", { value: 1, from_unit: "gear", to_unit: "sprocket" })).data.quantity).toBeCloseTo(2 / 3.5, 15)
    // no edge says what any of them is in a known unit
    const stranded = await c.call("convert", { value: 1, from_unit: "sprocket", to_unit: "ea" })
    expect(stranded.data.error_type).toBe("no_conversion_path")
    expect(stranded.data.hints[0]).toMatch(/related only to custom units/)
    expect((await c.call("convert", { value: 1, from_unit: "sprocket", to_unit: "sprocket" })).data.ucum).toBeNull()
    // one edge to a known unit places the whole group
    await c.call("define_conversion", { src: "cog", dst: "ea", factor: 4 })
    expect((await c.call("convert", { value: 1, from_unit: "sprocket", to_unit: "ea" })).data.quantity).toBe(14)
    await c.call("reset_session")
  })

  it("answers a built-in kind of quantity defined again with its own dimension as that kind, adding nothing", async () => {
    const again = await c.call("define_quantity_kind", { name: "gibbs_energy", dimension: "energy/amount_of_substance" })
    expect(again.data).toMatchObject({ success: true, name: "gibbs_energy", category: "thermodynamics" })
    expect(again.data.message).toMatch(/built in/)
    expect((await c.call("define_quantity_kind", { name: "gibbs_energy", dimension: "energy" })).data.error_type).toBe("duplicate_kind")
  })

  it("accepts a built-in unit named again with its own dimension, and never redefines it (slug)", async () => {
    const defined = await c.call("define_unit", { name: "slug", dimension: "mass", aliases: ["slug"] })
    expect(defined.data.builtin).toBe(true)
    const edge = await c.call("define_conversion", { src: "slug", dst: "kg", factor: 14.5939 })
    expect(edge.data.applied).toBe(false)
    expect(edge.data.message).toMatch(/NOT applied/)
    expect((await c.call("convert", { value: 1, from_unit: "slug", to_unit: "kg" })).data.quantity).toBeCloseTo(14.593902937206364, 12)
  })

  it("refuses a unit name taken with another dimension, and an alias that collides", async () => {
    expect((await c.call("define_unit", { name: "m", dimension: "mass" })).data.error_type).toBe("duplicate_unit")
    expect((await c.call("define_unit", { name: "zorg", dimension: "mass", aliases: ["kg"] })).data.error_type).toBe("alias_collision")
    expect((await c.call("define_unit", { name: "zorg", dimension: "massss" })).data.error_type).toBe("invalid_dimension")
  })

  it("refuses a name or alias that would not read back as the unit (widget-1 reads as widget⁻¹), and keeps nothing of it", async () => {
    const trailing = await c.call("define_unit", { name: "gizmo-1", dimension: "count" })
    expect(trailing.isError).toBe(true)
    expect(trailing.data).toMatchObject({ error_type: "invalid_unit", parameter: "name", got: "gizmo-1" })
    expect(trailing.data.error).toMatch(/cannot name a unit/)
    const alias = await c.call("define_unit", { name: "gizmo", dimension: "count", aliases: ["gz/2"] })
    expect(alias.data).toMatchObject({ error_type: "invalid_unit", parameter: "aliases", got: "gz/2" })
    // nothing of a refused definition stays: the plain name is still free
    expect((await c.call("define_unit", { name: "gizmo", dimension: "count", aliases: ["gz", "gizmo_1"] })).data.success).toBe(true)
    expect((await c.call("check_dimensions", { unit_a: "gizmo_1", unit_b: "gz" })).data.compatible).toBe(true)
  })

  it("never caches inline definitions across calls (ucon's global inline cache bug)", async () => {
    const inline = { custom_units: [{ name: "floop", dimension: "length" }], custom_edges: [{ src: "floop", dst: "m", factor: 3 }] }
    expect((await c.call("convert", { value: 1, from_unit: "floop", to_unit: "m", ...inline })).data.quantity).toBe(3)
    expect((await c.call("convert", { value: 1, from_unit: "floop", to_unit: "m" })).data.error_type).toBe("unknown_unit")
    // a session unit defined after an inline call is visible to the same inline definitions
    await c.call("define_unit", { name: "flap", dimension: "length" })
    await c.call("define_conversion", { src: "flap", dst: "m", factor: 2 })
    expect((await c.call("convert", { value: 1, from_unit: "floop", to_unit: "flap", ...inline })).data.quantity).toBe(1.5)
    await c.call("reset_session")
    expect((await c.call("convert", { value: 1, from_unit: "floop", to_unit: "flap", ...inline })).data.error_type).toBe("unknown_unit")
  })

  it("keeps sessions apart: a second client does not see the first one's units", async () => {
    const other = await connectClient("other")
    await c.call("define_unit", { name: "gizmo", dimension: "count" })
    expect((await other.call("list_units", { dimension: "count", query: "gizmo" })).data.result.some((u: { name: string }) => u.name === "gizmo")).toBe(false)
    expect((await c.call("list_units", { dimension: "count", query: "gizmo" })).data.result.some((u: { name: string }) => u.name === "gizmo")).toBe(true)
    await other.close()
    await c.call("reset_session")
  })

  it("reports check_dimensions compatible for CGS vs SI and eV vs J (ucon said false)", async () => {
    expect((await c.call("check_dimensions", { unit_a: "dyn", unit_b: "N" })).data.compatible).toBe(true)
    expect((await c.call("check_dimensions", { unit_a: "eV", unit_b: "J" })).data.compatible).toBe(true)
    expect((await c.call("check_dimensions", { unit_a: "rad/s", unit_b: "Hz" })).data.compatible).toBe(false)
  })

  it("does not leak temperature offsets into compound units (ucon gave −272.15)", async () => {
    expect((await c.call("convert", { value: 1, from_unit: "J/(kg*°C)", to_unit: "J/(kg*K)" })).data.quantity).toBe(1)
    expect((await c.call("convert", { value: 1, from_unit: "BTU/(lb*°F)", to_unit: "J/(kg*K)" })).data.quantity).toBeCloseTo(4186.8, 6)
  })

  it("uses exact imperial factors (ucon's foot was 0.3047999902464 m)", async () => {
    expect((await c.call("convert", { value: 12, from_unit: "in", to_unit: "cm" })).data.quantity).toBe(30.48)
    expect((await c.call("convert", { value: 1, from_unit: "mph", to_unit: "mi/h" })).data.quantity).toBe(1)
  })

  it("connects what ucon left unconnected: M☉ → kg, ha → acre, Gy → J/kg, lm → cd·sr", async () => {
    for (const [from, to] of [
      ["M☉", "kg"],
      ["ha", "acre"],
      ["Gy", "J/kg"],
      ["lm", "cd*sr"]
    ]) {
      expect((await c.call("convert", { value: 1, from_unit: from, to_unit: to })).isError, `${from} → ${to}`).toBe(false)
    }
  })

  it("resolves dangerous names safely: c is unknown, a unit (of a drug) is never 1, Gb is gigabit, mph is mile per hour", async () => {
    expect((await c.call("convert", { value: 1, from_unit: "c", to_unit: "C" })).data.error_type).toBe("unknown_unit")
    expect((await c.call("convert", { value: 1, from_unit: "unit", to_unit: "1" })).data.error_type).toBe("no_conversion_path")
    expect((await c.call("convert", { value: 1, from_unit: "Gb", to_unit: "MB" })).data.quantity).toBe(125)
    expect((await c.call("convert", { value: 1, from_unit: "mph", to_unit: "km/h" })).data.quantity).toBeCloseTo(1.609344, 12)
  })
})
