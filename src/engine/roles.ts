/**
 * The roles an input plays in the engine's operations, in the domain's words. Errors carry a role
 * (`error.role`) so a caller can tell which input was at fault without the engine knowing how a
 * tool, a CLI or a library call spelled that input; the tools layer maps each role to its own
 * argument (Tool.roles). A compute factor's index travels in `error.step`, a known quantity's in
 * its role ("known quantity 2 unit", counted from 1).
 */
export const Role = {
  value: "value",
  sourceUnit: "source unit",
  targetUnit: "target unit",
  firstUnit: "first unit",
  secondUnit: "second unit",
  initialValue: "initial value",
  initialUnit: "initial unit",
  expectedUnit: "expected unit",
  outputUnit: "output unit",
  factorValue: "factor value",
  factorNumerator: "factor numerator",
  factorDenominator: "factor denominator",
  query: "query",
  knownQuantities: "known quantities",
  knownQuantityValue: (index: number) => `known quantity ${index + 1} value`,
  knownQuantityUnit: (index: number) => `known quantity ${index + 1} unit`,
  customUnits: "custom units",
  /** The quantities of a sum, and each one's value and unit (counted from 1). */
  quantities: "quantities",
  summandValue: (index: number) => `quantity ${index + 1} value`,
  summandUnit: (index: number) => `quantity ${index + 1} unit`,
  /** A definition's own fields (a constant, a kind, a formula by name), and the workspace a call names. */
  symbol: "symbol",
  unit: "unit",
  uncertainty: "uncertainty",
  category: "category",
  dimension: "dimension",
  name: "name",
  workspace: "workspace",
  molarMass: "molar mass",
  substance: "substance",
  equivalence: "equivalence",
  atmosphere: "atmospheric pressure"
} as const

/** "known quantity 2 unit" → { index: 1, field: "unit" }. */
export const knownQuantityOf = (role: string): { readonly index: number; readonly field: "value" | "unit" } | undefined => {
  const m = /^known quantity (\d+) (value|unit)$/.exec(role)
  return m ? { index: Number(m[1]) - 1, field: m[2] as "value" | "unit" } : undefined
}

/** "quantity 2 unit" → { index: 1, field: "unit" }. */
export const summandOf = (role: string): { readonly index: number; readonly field: "value" | "unit" } | undefined => {
  const m = /^quantity (\d+) (value|unit)$/.exec(role)
  return m ? { index: Number(m[1]) - 1, field: m[2] as "value" | "unit" } : undefined
}
