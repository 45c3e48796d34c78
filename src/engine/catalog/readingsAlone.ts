// Names read two ways only when written alone (readings.ts holds the names refused everywhere).
import type { AmbiguousName } from "./readings.ts"

/**
 * Names read two ways only when written alone. `rad` inside an expression is the radian (rad/s,
 * rad·m); alone it is as often the rad of absorbed dose (0.01 Gy exactly, NIST SP 811 B.8), so
 * alone it is refused with both readings, for the rest of a call to choose (rad to Gy is the dose,
 * rad to deg the angle, each with a note).
 */
export const ambiguousAlone: ReadonlyArray<AmbiguousName> = [
  {
    names: ["rad"],
    anyCase: false,
    readings: [
      { meaning: "the radian (plane angle)", unit: "radian" },
      { meaning: "the rad of absorbed dose, 0.01 Gy (NIST SP 811 B.8)", unit: "rad_dose" }
    ]
  }
]
