// Gauge and absolute pressure. A gauge pressure is the excess over the local atmospheric pressure
// (ISO 80000-4:2019 item 4-15.2; NIST SP 811 §7.4), so psig, barg and kPag are points on a scale
// whose zero is the atmosphere, as °C is a point on a scale whose zero is the ice point: between two
// gauge units the value converts as it stands, and to or from an absolute pressure only with a
// stated atmosphere (Conversion.ts refuses otherwise, showing the standard atmosphere's reading).
// psia, bara and kPaa say outright that the zero is vacuum. NIST SP 811 advises against marking
// the unit ("the gauge pressure is 2 kPa", not "2 kPag"), but industry writes psig and barg, so
// they are read, never guessed.
import { unit } from "./define.ts"

const gauge = { system: "gauge pressure", source: "ISO 80000-4 item 4-15.2; NIST SP 811 §7.4", pressureReference: "gauge" } as const
const absolute = { system: "absolute pressure", source: "ISO 80000-4 item 4-15.1; NIST SP 811 §7.4", pressureReference: "absolute" } as const

export const gaugePressures = [
  unit("psig", "pound per square inch gauge", [1, "psi"], {
    ...gauge,
    names: ["psi gauge", "pounds per square inch gauge", "pound-force per square inch gauge"],
    plurals: false,
    note: "psi above the local atmosphere"
  }),
  unit("psia", "pound per square inch absolute", [1, "psi"], {
    ...absolute,
    names: ["psi absolute", "psi abs", "pounds per square inch absolute", "pound-force per square inch absolute"],
    plurals: false,
    note: "psi above vacuum"
  }),
  unit("barg", "bar gauge", [1, "bar"], { ...gauge, names: ["bar g"], plurals: false, note: "bar above the local atmosphere" }),
  unit("bara", "bar absolute", [1, "bar"], { ...absolute, names: ["bar abs", "bar a"], plurals: false, note: "bar above vacuum" }),
  unit("kPag", "kilopascal gauge", [1, "kPa"], { ...gauge, names: ["kPa gauge", "kPa g"], plurals: false, note: "kPa above the local atmosphere" }),
  unit("kPaa", "kilopascal absolute", [1, "kPa"], { ...absolute, names: ["kPa absolute", "kPa abs", "kPa a"], plurals: false, note: "kPa above vacuum" })
]
