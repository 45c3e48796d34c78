import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { type Node, parse } from "../../src/engine/units/UnitSyntax.ts"

const show = (node: Node): string => {
  switch (node._tag) {
    case "Name":
      return node.name
    case "Number":
      return String(node.value)
    case "Power":
      return `${show(node.base)}^${node.exponent}`
    case "Binary":
      return `(${show(node.left)}${node.op}${show(node.right)})`
  }
}

const read = (input: string): string => {
  const r = parse(input)
  if (!r.ok) throw new Error(r.failure.message)
  return show(r.value.ast)
}

describe("unit expression syntax", () => {
  it("groups / and * left to right: mcg/kg/min is mcg/(kg·min)", () => {
    expect(read("mcg/kg/min")).toBe("((mcg/kg)/min)")
  })

  it("reports how an ambiguous product after a quotient was read (J/mol*K)", () => {
    const r = parse("J/mol*K")
    expect(r.ok && r.value.notes.length).toBe(1)
    expect(r.ok && r.value.notes[0]).toContain("numerator")
  })

  it("does not flag chained divisions or products before the quotient", () => {
    for (const input of ["mcg/kg/min", "kg*m/s^2", "W/(m^2*K)"]) {
      const r = parse(input)
      expect(r.ok && r.value.notes).toEqual([])
    }
  })

  it("accepts every multiplication sign and 'per'", () => {
    for (const input of ["N*m", "N·m", "N⋅m", "N×m", "N m", "N.m"]) expect(read(input)).toBe("(N*m)")
    expect(read("miles per hour")).toBe("(miles/hour)")
  })

  it("reads powers written with ^, **, superscripts, trailing words and sq/cubic", () => {
    expect(read("m^2")).toBe("m^2")
    expect(read("m**2")).toBe("m^2")
    expect(read("m²")).toBe("m^2")
    expect(read("s⁻¹")).toBe("s^-1")
    expect(read("m^-2")).toBe("m^-2")
    expect(read("m^(1/2)")).toBe("m^0.5")
    expect(read("(m/s)²")).toBe("(m/s)^2")
    expect(read("sq ft")).toBe("ft^2")
    expect(read("cubic meter")).toBe("meter^3")
    expect(read("second squared")).toBe("second^2")
    expect(read("kg m s-2")).toBe("((kg*m)*s^-2)")
  })

  it("binds a number to the unit that follows it: L/100km is L/(100 km)", () => {
    expect(read("L/100km")).toBe("(L/(100*km))")
    expect(read("1/8 hr")).toBe("(1/(8*hr))")
    expect(read("2.205 lb")).toBe("(2.205*lb)")
    expect(read("1e3 mcg")).toBe("(1000*mcg)")
    expect(read(".5 mg")).toBe("(0.5*mg)")
  })

  it("keeps catalog multi-word names in one token", () => {
    const r = parse("fl oz/min", { multiWordNames: new Map([["fl", ["fl oz"]]]) })
    expect(r.ok && show(r.value.ast)).toBe("(fl oz/min)")
  })

  it("reports an unclosed parenthesis with the position where ')' was expected", () => {
    const r = parse("W/(m²*K")
    expect(r.ok).toBe(false)
    if (!r.ok) {
      expect(r.failure.position).toBe(7)
      expect(r.failure.expected).toBe("')'")
      expect(r.failure.message).toContain("position 2")
    }
  })

  it("reports a stray ')' , a dangling operator and an empty expression", () => {
    for (const [input, position] of [
      ["m)", 1],
      ["m/", 2],
      ["", 0],
      ["*m", 0],
      ["m^", 2]
    ] as const) {
      const r = parse(input)
      expect(r.ok, input).toBe(false)
      if (!r.ok) expect(r.failure.position, input).toBe(position)
    }
  })

  it("never throws, whatever the input (property)", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 40 }), (s) => {
        const r = parse(s)
        return r.ok || (r.failure.position >= 0 && r.failure.position <= s.length && r.failure.message.length > 0)
      }),
      { numRuns: 3000 }
    )
    const alphabet = fc.constantFrom("m", "kg", "s", "/", "*", "^", "(", ")", "2", "-", " ", "·", "²", "⁻", ".", "e", "per", "sq")
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 20 }), (parts) => {
        const s = parts.join("")
        const r = parse(s)
        return r.ok || (r.failure.position >= 0 && r.failure.position <= s.length)
      }),
      { numRuns: 3000 }
    )
  })

  it("survives pathological nesting without crashing", () => {
    const r = parse("(".repeat(100_000) + "m" + ")".repeat(100_000))
    expect(typeof r.ok).toBe("boolean")
  })
})
