// Issue 28 through the SDK client, as an agent meets it: units as labels, HL7 v2 and handbooks write
// them (capitals read in one convention, refusals with both readings), fixes that read the whole
// call, substances by the name written, reference temperatures, and the torque note.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type TestClient, connectClient } from "../support/mcp.ts"

describe.each(["legacy", "modern"] as const)("as people and systems write units (%s era)", (era) => {
  let c: TestClient
  beforeAll(async () => (c = await connectClient(`people-${era}`, era)))
  afterAll(() => c.close())
  const convert = (args: Record<string, unknown>) => c.call("convert", args)

  it("reads a label's capitals whole: 5 MCG/ML is 5 mcg/mL, said in a note", async () => {
    const r = await convert({ value: 5, from_unit: "MCG/ML", to_unit: "mcg/mL" })
    expect(r.isError).toBe(false)
    expect(r.data.quantity).toBe(5)
    expect(r.data.notes.join(" ")).toMatch(/capitals/)
  })

  it("refuses 5 ML with both readings and their values (megalitres or millilitres)", async () => {
    const r = await convert({ value: 5, from_unit: "ML", to_unit: "mL" })
    expect(r.isError).toBe(true)
    expect(r.data.error_type).toBe("ambiguous_input")
    expect(r.data.likely_fix ?? null).toBeNull()
    expect(r.data.readings.map((x: { value: number }) => x.value)).toEqual([5e9, 5])
  })

  it("answers ML/HR in mL/h, and a reading pasted back reads as itself", async () => {
    expect((await convert({ value: 125, from_unit: "ML/HR", to_unit: "mL/h" })).data.quantity).toBe(125)
    const refused = await convert({ value: 5, from_unit: "ML", to_unit: "mL" })
    for (const reading of refused.data.readings) {
      const r = await convert({ value: 5, from_unit: reading.unit, to_unit: "mL" })
      expect(r.data.quantity).toBe(reading.value)
    }
  })

  it("fixes a typo by the other side of the call: 2.5 metere to ft is the meter", async () => {
    const r = await convert({ value: 2.5, from_unit: "metere", to_unit: "ft" })
    expect(r.data.likely_fix).toBe("meter (m)")
    expect((await convert({ value: 2.5, from_unit: r.data.likely_fix, to_unit: "ft" })).data.quantity).toBeCloseTo(8.2021, 4)
  })

  it("uses the substance named: lactic acid, not lactate", async () => {
    const acid = await convert({ value: 90.078, from_unit: "mg/dL", to_unit: "mmol/dL", substance: "lactic acid" })
    expect(acid.data.quantity).toBeCloseTo(1, 9)
    expect(acid.data.notes.join(" ")).toMatch(/lactic acid/)
  })

  it("reads Btu (39 °F) as the 39 °F Btu and says N·m to J is a number, not a torque become energy", async () => {
    expect((await convert({ value: 1, from_unit: "Btu (39 °F)", to_unit: "J" })).data.quantity).toBe(1059.67)
    expect((await convert({ value: 1, from_unit: "N*m", to_unit: "J" })).data.notes.join(" ")).toMatch(/torque/)
  })

  it("reads a qualifier of several words as one, though one of them is a unit: rad (absorbed dose), square mile (US survey), therm (UK)", async () => {
    expect((await convert({ value: 1, from_unit: "rad (absorbed dose)", to_unit: "Gy" })).data.quantity).toBe(0.01)
    expect((await convert({ value: 1, from_unit: "square mile (US survey)", to_unit: "km2" })).data.quantity).toBeCloseTo(2.589998470319521, 12)
    expect((await convert({ value: 1, from_unit: "therm (UK)", to_unit: "MJ" })).data.quantity).toBeCloseTo(105.505585257348, 9)
    // a prefixed degree Celsius is a point on the scale: 5 k°C is 5273.15 K
    expect((await convert({ value: 5, from_unit: "k°C", to_unit: "K" })).data.quantity).toBeCloseTo(5273.15, 9)
  })

  it("reads a lab report's power of ten: 5 in 10E3/uL or x10E3/uL is 5 × 10^9/L, said in a note", async () => {
    for (const from_unit of ["10E3/uL", "x10E3/uL", "10E3/UL"]) {
      const r = await convert({ value: 5, from_unit, to_unit: "10*9/L" })
      expect(r.isError, from_unit).toBe(false)
      expect(r.data.quantity, from_unit).toBeCloseTo(5, 12)
    }
  })

  it("refuses 1/2 cup as a unit with both readings: half a cup (118.29 mL) or 1 per 2 cups (473.18 mL, reciprocal)", async () => {
    const r = await convert({ value: 1, from_unit: "1/2 cup", to_unit: "mL" })
    expect(r.data.error_type).toBe("ambiguous_input")
    expect(r.data.readings.map((x: { value: number }) => x.value)).toEqual([118.29411825, 473.176473])
  })

  it("refuses cal with the small and the food calorie", async () => {
    const r = await convert({ value: 250, from_unit: "cal", to_unit: "kJ" })
    expect(r.data.error_type).toBe("ambiguous_input")
    expect(r.data.readings.map((x: { unit: string }) => x.unit)).toEqual(["cal_th", "cal_IT", "kcal"])
  })
})
