/**
 * A domain formula: data an agent can read (name, domain, equation, source, parameters with their
 * dimensions, the unit of the result) and a pure function over coherent SI values.
 *
 * **Details** `compute` receives every parameter already converted to the coherent SI unit of its
 * declared dimension (kg, m, s, K, mol, mol/m³, Pa·s, rad...), plus the value of each constant it
 * names (`G`, `c`...), and returns the result in the coherent SI unit of the output. Conversions,
 * dimension checks and uncertainty live elsewhere (PreparedFormula, FormulaEvaluation), so a body
 * is the textbook equation and nothing else: `({ mass, height }) => mass / height ** 2`.
 *
 * **Gotchas** Empirical fits (Du Bois BSA, Cockcroft–Gault) are not dimensionally homogeneous:
 * their coefficients assume particular units. Such a formula states them in `conventionalUnits`
 * and converts inside its body (`mass / KILOGRAM`); it is then exempt from the homogeneity check.
 */
import type { Constant } from "../constants/Constants.ts"

/** A value with an optional unit: `{ value: 70, unit: "kg" }`; no unit means a pure number. */
export interface ParameterExample {
  readonly value: number
  readonly unit?: string
}

export interface FormulaParameter {
  /** A dimension name or expression (`length`, `mass/volume`, `energy/amount_of_substance`) or `dimensionless`. */
  readonly dimension: string
  readonly description: string
  /** A realistic value: shown to agents, and evaluated when the formula is registered. */
  readonly example: ParameterExample
  /** A temperature interval (ΔT): °C and °F then convert without their offset (10 °C → 10 K). */
  readonly difference?: boolean
}

export interface FormulaOutput {
  /** The unit the result is expressed in: `kg/m^2`, `mL/min`, `N`, `1` for a pure number. */
  readonly unit: string
  readonly description: string
}

export interface Formula {
  /** snake_case, unique in a registry. */
  readonly name: string
  /** medical, engineering, chemistry, physics, reliability, aerospace, or an application's own. */
  readonly domain: string
  readonly description: string
  /** The equation as an agent reads it: `BMI = m / h²`. */
  readonly equation: string
  /** Where the equation (and for fits, its coefficients) comes from. */
  readonly source: string
  readonly parameters: Readonly<Record<string, FormulaParameter>>
  readonly output: FormulaOutput
  /** Constants the body uses, by symbol or ASCII alias (`G`, `g_n`, `epsilon_0`); values come from the constant table (CODATA 2022). */
  readonly constants: ReadonlyArray<string>
  /** For empirical fits: the units the coefficients assume. Set means "not dimensionally homogeneous". */
  readonly conventionalUnits: string | undefined
  /** Parameters and constants in coherent SI → the result in coherent SI, or why the inputs are outside its domain. */
  readonly compute: (si: Readonly<Record<string, number>>) => number | OutOfDomain
  /**
   * The same equation over other dimensions, under the same parameter names (ΔG = ΔH − TΔS per mole,
   * or of the whole system): a call whose quantities fit only that one is answered by it, and says so.
   */
  readonly otherForm: string | undefined
}

/** What a formula author writes: `compute` sees exactly the declared parameter and constant names. */
export interface FormulaSpec<P extends string, C extends string> {
  readonly name: string
  readonly domain: string
  readonly description: string
  readonly equation: string
  readonly source: string
  readonly parameters: Readonly<Record<P, FormulaParameter>>
  readonly output: FormulaOutput
  readonly constants?: ReadonlyArray<C>
  readonly conventionalUnits?: string | undefined
  readonly compute: (si: Readonly<Record<P | C, number>>) => number | OutOfDomain
  readonly otherForm?: string
}

/**
 * Declares a formula. The body is typed against its own parameter and constant names, so a typo
 * in `compute` is a compile error.
 * @category constructors
 */
export const make = <const P extends string, const C extends string = never>(spec: FormulaSpec<P, C>): Formula => ({
  name: spec.name,
  domain: spec.domain,
  description: spec.description,
  equation: spec.equation,
  source: spec.source,
  parameters: spec.parameters,
  output: spec.output,
  constants: spec.constants ?? [],
  conventionalUnits: spec.conventionalUnits,
  compute: spec.compute as (si: Readonly<Record<string, number>>) => number | OutOfDomain,
  otherForm: spec.otherForm
})

/** What a body returns for inputs outside its domain; the message reaches the agent as an execution_error. */
export class OutOfDomain {
  readonly _tag = "OutOfDomain"
  readonly message: string
  constructor(message: string) {
    this.message = message
  }
}

/**
 * Ends a body with a message for the agent: `if (!(sex === 0 || sex === 1)) return outOfDomain("sex must be 1 (male) or 0 (female)")`.
 * @category guards
 */
export const outOfDomain = (message: string): OutOfDomain => new OutOfDomain(message)

/** The body as a plain function of numbers: NaN outside its domain (for derivatives and homogeneity checks). */
export const numeric =
  (formula: Pick<Formula, "compute">) =>
  (si: Readonly<Record<string, number>>): number => {
    const y = formula.compute(si)
    return typeof y === "number" ? y : Number.NaN
  }

/** A constant a formula may name (a CODATA constant satisfies it): its value in a coherent SI unit and standard uncertainty (null when exact). */
export type FormulaConstant = Pick<Constant, "symbol" | "name" | "value" | "unit" | "uncertainty" | "source">
