// Units as labels, handbooks and trade tables write them (issue 28): words inside names are not unit
// tokens, a qualifier binds to the whole name it follows, and a name means the same whatever it is
// converted to. Values: USP General Notices 8.140 (percent w/v), NIST SP 811 B.8 (US survey units).
import { describe, expect, it } from "vitest"
import { convertValue } from "../../src/engine/conversion/convert.ts"
import { isEngineError } from "../../src/engine/errors.ts"
import { resolveUnitExpression } from "../../src/engine/units/UnitExpression.ts"
import { answer, catalog, refusal } from "../support/catalog.ts"

describe("percent by weight or volume", () => {
  it("reads % w/v in every spelling as grams per 100 mL: 0.9 % w/v NaCl is 9 g/L (USP General Notices 8.140)", () => {
    for (const written of ["% w/v", "%w/v", "%(w/v)", "% (w/v)", "% m/v", "w/v %", "w/v%", "% W/V"])
      expect(answer(0.9, written, "g/L").quantity, written).toBeCloseTo(9, 12)
  })

  it("keeps % w/w and % v/v apart: each is a plain percent, never the other", () => {
    expect(answer(5, "% w/w", "%").quantity).toBe(5)
    expect(answer(40, "% v/v", "%").quantity).toBe(40)
    const mixed = convertValue(catalog, 5, "% w/w", "% v/v")
    expect(isEngineError(mixed) && mixed._tag).toBe("NoConversionPath")
  })

  it("never offers a watt for the w of w/v, nor any fix that turns a letter's case", () => {
    const r = resolveUnitExpression(catalog, "w")
    expect(isEngineError(r) && r.likelyFix).toBeUndefined()
  })
})

describe("qualifiers", () => {
  it("read mass and force: pound (mass) is the pound, pound (force) and kilogram (force) the forces", () => {
    expect(answer(1, "pound (mass)", "kg").quantity).toBe(0.45359237)
    expect(answer(1, "pound-mass", "kg").quantity).toBe(0.45359237)
    expect(answer(1, "pound (force)", "N").quantity).toBeCloseTo(4.4482216152605, 12)
    expect(answer(1, "kilogram (force)", "N").quantity).toBe(9.80665)
  })

  it("bind to the whole name they follow: acre-foot (US survey) and acre foot (US survey) are the survey acre-foot, 1233.489 m³ (NIST SP 811 B.8)", () => {
    for (const written of ["acre-foot (US survey)", "acre foot (US survey)", "acre feet (US survey)"])
      expect(answer(1, written, "m^3").quantity, written).toBeCloseTo(1233.4892384681, 9)
    expect(answer(1, "fathom (US survey)", "m").quantity).toBeCloseTo(1.8288036576, 9)
    // the international acre-foot is 2 ppm smaller, and never what the survey one answers
    expect(answer(1, "acre-foot", "m^3").quantity).toBeCloseTo(1233.48183754752, 9)
  })
})

describe("names that were fixed into other units", () => {
  it("bell is the ship's bell (half an hour), never the bel; mill is a thousandth or a million, never the mil, and refused with both", () => {
    expect(answer(8, "bell", "h").quantity).toBe(4)
    // a tax rate's 25 mills is 2.5 %; a lab's 4.5 mill/uL is 4.5 × 10^12/L: 10^9 apart, so neither is assumed
    for (const [from, to] of [
      ["mill", "%"],
      ["mill/uL", "10*12/L"],
      ["MILL/UL", "10*12/L"],
      ["mills", "%"]
    ] as const) {
      const r = refusal(4.5, from, to)
      expect(r._tag, from).toBe("AmbiguousInput")
      expect(r.readings.map((x) => x.unit)).toEqual(["\u2030", "10^6"])
      expect(r.likelyFix).toBeUndefined()
    }
    expect(answer(25, "\u2030", "%").quantity).toBeCloseTo(2.5, 12)
    expect(answer(4.5, "10^6/uL", "10*12/L").quantity).toBeCloseTo(4.5, 12)
  })

  it("MT is the trade's metric ton as well as the megatonne and the megatesla: refused with each, wherever it stands", () => {
    for (const [from, to] of [
      ["MT", "kg"],
      ["MT/d", "t/d"]
    ] as const) {
      const r = refusal(5, from, to)
      expect(r._tag, from).toBe("AmbiguousInput")
      expect(r.readings.map((x) => x.unit)).toEqual(expect.arrayContaining(["t", "Mt", "megatesla"]))
      expect(r.readings.find((x) => x.unit === "t")?.value, from).toBe(from === "MT" ? 5000 : 5)
      expect(r.readings.find((x) => x.unit === "Mt")?.value, from).toBe(from === "MT" ? 5e9 : 5e6)
    }
    expect(answer(5, "t", "kg").quantity).toBe(5000)
    expect(answer(5, "Mt", "t").quantity).toBe(5e6)
  })

  it("KB is refused with the SI kilobyte and JEDEC's 1024 B; kB and KiB read as written", () => {
    for (const from of ["KB", "KB/s"]) {
      const r = refusal(5, from, from === "KB" ? "B" : "B/s")
      expect(r._tag, from).toBe("AmbiguousInput")
      expect(r.readings.map((x) => x.value)).toEqual([5000, 5120])
    }
    expect(answer(5, "kB", "B").quantity).toBe(5000)
    expect(answer(5, "KiB", "B").quantity).toBe(5120)
  })

  it("cal alone is refused with the small and the food calorie, 1000× apart, as calorie is; kcal and cal_th read", () => {
    const r = convertValue(catalog, 250, "cal", "kJ")
    if (!isEngineError(r) || r._tag !== "AmbiguousInput") throw new Error("expected a refusal")
    expect(r.readings.map((x) => x.value)).toEqual([1.046, 1.0467, 1046])
    expect(answer(1, "kcal", "J").quantity).toBe(4184)
    expect(answer(1, "cal_th", "J").quantity).toBe(4.184)
  })
})

describe("torque and energy", () => {
  it("converts N·m to J as a number and says a torque is not an energy (SI Brochure, table 4)", () => {
    const r = answer(1, "N*m", "J")
    expect(r.quantity).toBe(1)
    expect(r.notes.join(" ")).toMatch(/torque .* energy/)
  })

  it("says lbf·ft (torque) and ft·lbf (work) are the same number, not the same quantity", () => {
    const r = answer(1, "lbf*ft", "ft*lbf")
    expect(r.quantity).toBe(1)
    expect(r.notes.join(" ")).toMatch(/torque/)
    expect(answer(1, "kWh", "J").notes.join(" ")).not.toMatch(/torque/)
  })

  it("reads the trade's torque and work spellings in the order written: lb-ft and lb-in a torque, ft-lb and in-lb work", () => {
    const torque = ["lb-ft", "lb ft", "LB-FT", "lbf-ft", "pound-foot", "pound-feet", "lb-in", "pound-inch", "lbf-in"]
    const work = ["ft-lb", "ft-lbs", "foot-pound", "foot pounds", "in-lb", "in-lbs", "inch-pound"]
    for (const unit of [...torque, ...work]) {
      const perInch = /in|inch/.test(unit) && !/ft|foot|feet/.test(unit)
      // NIST SP 811 B.8: 1 lbf·ft = 1.355818 N·m, 1 lbf·in = 0.1129848 N·m
      expect(answer(1, unit, "N*m").quantity, unit).toBeCloseTo(perInch ? 0.1129848290276167 : 1.3558179483314004, 14)
      const toJoules = answer(1, unit, "J").notes.join(" ")
      if (torque.includes(unit)) expect(toJoules, unit).toMatch(/is how a torque .* names an energy/)
      else expect(toJoules, unit).not.toMatch(/torque/)
    }
    expect(answer(1, "lb-ft", "ft-lb").notes.join(" ")).toMatch(/lb-ft is how a torque is written and ft-lb how work is/)
    // oz-in stays a product: a torque on motor data sheets, an unbalance (mass × radius) in balancing;
    // and a product written with an operator is that product (lb·ft, lb*ft: a mass times a length)
    for (const product of ["oz-in", "lb·ft", "lb*ft", "ft*lb"]) expect(isEngineError(convertValue(catalog, 1, product, "N*m")), product).toBe(true)
  })
})

describe("reference temperatures, as NIST SP 811 B.8 writes them", () => {
  it.each([
    ["Btu (39 °F)", "J", 1059.67],
    ["Btu (59 °F)", "J", 1054.804],
    ["Btu (60 °F)", "J", 1054.68],
    ["inHg (32 °F)", "Pa", 3386.38],
    ["inch of mercury (60 °F)", "Pa", 3376.85],
    ["cmHg (0 °C)", "Pa", 1333.22],
    ["mmHg (0 °C)", "Pa", 133.322],
    ["cmH2O (4 °C)", "Pa", 98.0638],
    ["ftH2O (39.2 °F)", "Pa", 2988.98],
    ["inH2O (39.2 degF)", "Pa", 249.082],
    ["perm (23 °C)", "kg/(Pa*s*m^2)", 5.74525e-11],
    ["perm inch (23 °C)", "kg/(Pa*s*m)", 1.45929e-12],
    ["calorie (15 °C)", "J", 4.1858],
    ["foot of mercury", "Pa", 40636.66]
  ] as const)("reads %s as its own unit (%s)", (written, to, value) => {
    expect(answer(1, written, to).quantity).toBeCloseTo(value, Math.max(0, 6 - Math.floor(Math.log10(value))))
  })

  it("refuses a temperature the name has no reading at, listing those it has; a number in parentheses otherwise multiplies", () => {
    const r = resolveUnitExpression(catalog, "gallon (15 °C)")
    expect(isEngineError(r) && r.hints.join(" ")).toMatch(/no reading qualified '15 °C'/)
    expect(answer(1, "m (2 s)", "m*s").quantity).toBe(2)
  })
})

describe("substances, the name written being the substance used", () => {
  const withSubstance = (value: number, from: string, to: string, substance: string) => {
    const r = convertValue(catalog, value, from, to, "conventional", { substance })
    if (isEngineError(r)) throw new Error(`${substance}: ${r.message}`)
    return r.quantity
  }

  it("keeps an acid and its anion apart: lactic acid 90.078 g/mol, lactate 89.070 g/mol (CIAAW 2021 atomic weights)", () => {
    expect(withSubstance(90.078, "mg/dL", "mmol/dL", "lactic acid")).toBeCloseTo(1, 9)
    expect(withSubstance(89.07, "mg/dL", "mmol/dL", "lactate")).toBeCloseTo(1, 4)
    expect(withSubstance(168.11, "mg", "mmol", "uric acid")).toBeCloseTo(1, 4)
    expect(withSubstance(144.214, "mg", "mmol", "valproic acid")).toBeCloseTo(1, 5)
  })

  it.each([
    // analyte, value in mg/L, µmol/L expected (PubChem formulas, CIAAW 2021)
    ["phenytoin", 10, 39.6396],
    ["carbamazepine", 8, 33.859],
    ["vancomycin", 15, 10.3501],
    ["tacrolimus", 0.01, 0.012437],
    ["methotrexate", 0.4544, 0.9999],
    ["theophylline", 15, 83.2561]
  ] as const)("converts therapeutic drug levels both ways: %s", (analyte, mgPerL, micromolar) => {
    expect(withSubstance(mgPerL, "mg/L", "µmol/L", analyte)).toBeCloseTo(micromolar, 3)
    expect(withSubstance(micromolar, "µmol/L", "mg/L", analyte)).toBeCloseTo(mgPerL, 3)
  })
})

describe("powers of ten as lab reports print them", () => {
  // strings as Cerner, Epic and LabCorp print result units (HL7 v2 OBX-6 as sent): a white-cell count
  // of 5 in 10E3/uL is 5 × 10^9/L, never 5 × 10^10 (10E3 read as the number 10 × 10^3)
  it("reads 10E3/uL, x10E3/uL, ×10^3/µL and X10*3/UL as 10^3 per µL, each with a note", () => {
    for (const written of ["10E3/uL", "10e3/uL", "10E3/UL", "x10E3/uL", "X10E3/UL", "×10^3/µL", "x10^3/uL", "x 10^3/uL", "X10*3/uL", "10*3/uL"]) {
      const r = answer(5, written, "10*9/L")
      expect(r.quantity, written).toBeCloseTo(5, 12)
      expect(r.notes.join(" "), written).toMatch(/10\^3|capitals/)
    }
    expect(answer(4.5, "10E6/uL", "10*12/L").quantity).toBeCloseTo(4.5, 12)
    expect(answer(250, "10E9/L", "10*9/L").quantity).toBeCloseTo(250, 12)
  })

  it("keeps E notation a number where it is not glued to a division: 10E3 mL is 10000 mL", () => {
    expect(answer(1, "10E3 mL", "L").quantity).toBeCloseTo(10, 12)
    expect(answer(1, "1E3/uL", "10*9/L").quantity).toBeCloseTo(1, 12)
  })
})

describe("a fraction before a unit", () => {
  // 1/2 cup read by the grammar alone is 1/(2 cup), whose reciprocal conversion to mL answered 473 mL
  it("reads two ways, a fraction of the unit or the unit divided, and both are shown with their values", () => {
    const r = refusal(1, "1/2 cup", "mL")
    expect(r._tag).toBe("AmbiguousInput")
    expect(r.readings.map((x) => x.value)).toEqual([118.29411825, 473.176473])
    // each reading pastes back as itself
    for (const reading of r.readings) expect(answer(1, reading.unit!, "mL").quantity).toBe(reading.value)
    // the fraction in parentheses, or a slash with no space, is read as written
    expect(answer(1, "(1/2)*cup", "mL").quantity).toBeCloseTo(118.29411825, 9)
    expect(answer(1, "L/100 km", "mL/m").quantity).toBeCloseTo(0.01, 12)
  })
})

describe("abbreviation periods", () => {
  it("read without them where the text does not parse with them, each with a note: lb., fl. oz., sq. ft., in. Hg", () => {
    for (const [written, bare] of [
      ["lb.", "lb"],
      ["oz.", "oz"],
      ["fl. oz.", "fl oz"],
      ["sq. ft.", "sq ft"],
      ["cu. ft.", "cu ft"],
      ["in. Hg", "in Hg"],
      ["mi./hr.", "mi/hr"]
    ] as const) {
      const r = resolveUnitExpression(catalog, written)
      const plain = resolveUnitExpression(catalog, bare)
      if (isEngineError(r) || isEngineError(plain)) throw new Error(`${written} or ${bare} does not resolve`)
      expect(r.factor, written).toEqual(plain.factor)
      expect(r.notes.join(" "), written).toMatch(/abbreviation periods/)
    }
    // UCUM's dot between two names still multiplies
    expect(answer(5, "N.m", "J").quantity).toBe(5)
  })
})

describe("a product after a division", () => {
  // read left to right, mg/kg·d is (mg/kg)·d, a time; its reciprocal conversion to mg/(kg·d) answered 1e12
  it("is read left to right, and no reciprocal is built on that guess: refused, saying how to group it", () => {
    for (const [from, to] of [
      ["mg/kg·d", "mg/(kg*d)"],
      ["mg/kg*d", "mg/(kg*d)"],
      ["W/m·K", "W/(m*K)"]
    ] as const) {
      const r = convertValue(catalog, 1, from, to)
      expect(isEngineError(r) && r._tag, from).toBe("DimensionMismatch")
      if (isEngineError(r)) expect(r.hints.join(" "), from).toMatch(/left to right[\s\S]*inside parentheses after '\/'/)
    }
    // written as the writer groups it, it answers; a true reciprocal (fuel economy) still converts
    expect(answer(1, "mg/(kg*d)", "mg/(kg*d)").quantity).toBe(1)
    expect(answer(30, "mpg", "L/100km").quantity).toBeCloseTo(7.840486111111111, 12)
  })
})

describe("a case-changing fix that fits nothing of the call", () => {
  // 'atm abs' (atmospheres absolute) to kPa offered abS, the absiemens: pasted back, a conductance
  it("is withdrawn: the near units stay hints, and a slip fix or a capitals fix still stands", () => {
    const r = convertValue(catalog, 2, "atm abs", "kPa")
    expect(isEngineError(r) && r._tag).toBe("UnknownUnit")
    if (isEngineError(r)) expect(r.likelyFix).toBeUndefined()
    const kpa = convertValue(catalog, 5, "kpa", "psi")
    expect(isEngineError(kpa) && kpa.likelyFix).toMatch(/kPa/)
  })
})
