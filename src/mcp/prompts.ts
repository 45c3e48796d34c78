/**
 * The common workflows as MCP prompts: each turns a client's arguments into the request an agent
 * should work through with this server's tools, naming the tools and the checks that keep the
 * arithmetic honest. Plain data; the server factory registers them.
 */
/** What an argument completes to from the catalog (completions.ts): a formula name, or a quantity's unit (of one dimension, where it has one). */
export type Completion = "formula" | { readonly unit: string | undefined }

export interface PromptArgument {
  readonly name: string
  readonly description: string
  readonly required: boolean
  readonly complete?: Completion
}

export interface Prompt {
  readonly name: string
  readonly title: string
  readonly description: string
  readonly arguments: ReadonlyArray<PromptArgument>
  /** The tools its text sends the agent to: the prompt is offered only while they are on (--toolsets, --read-only). */
  readonly tools: ReadonlyArray<string>
  readonly text: (args: Readonly<Record<string, string>>) => string
}

const arg = (name: string, description: string, required = true, complete?: Completion): PromptArgument => ({
  name,
  description,
  required,
  ...(complete === undefined ? {} : { complete })
})

/** A quantity with its unit: the unit completes from the catalog. */
const quantity = (name: string, description: string, dimension?: string): PromptArgument => arg(name, description, true, { unit: dimension })

export const prompts: ReadonlyArray<Prompt> = [
  {
    name: "weight_based_dose",
    title: "Weight-based dose",
    description: "A dose per kilogram and a patient's weight to an amount per administration",
    arguments: [
      quantity("dose", "Dose per weight and time, e.g. '15 mg/kg/d'"),
      quantity("weight", "Patient weight, e.g. '154 lb'", "mass"),
      arg("doses_per_day", "Administrations per day, e.g. '3'", false)
    ],
    tools: ["decompose", "compute"],
    text: (a) =>
      `Work out the amount per administration for a dose of ${a.dose} for a patient weighing ${a.weight}` +
      `${a.doses_per_day ? `, given ${a.doses_per_day} times a day` : ""}. Use decompose with the dose as initial_unit and mg/ea as target_unit ` +
      `(the weight and the daily count as known_quantities), then compute with those factors; check that warnings is empty and report the steps. ` +
      `Never convert mcg and mg by hand.`
  },
  {
    name: "iv_drip_rate",
    title: "IV drip rate",
    description: "A volume to infuse over a time with a drop factor, to drops per minute",
    arguments: [
      quantity("volume", "Volume to infuse, e.g. '1000 mL'", "volume"),
      quantity("time", "Infusion time, e.g. '8 h'", "time"),
      quantity("drop_factor", "Drop factor of the set, e.g. '15 gtt/mL'")
    ],
    tools: ["compute"],
    text: (a) =>
      `Find the drip rate in gtt/min for ${a.volume} over ${a.time} with a drop factor of ${a.drop_factor}. Use compute with the volume as the ` +
      `starting quantity, the drop factor as one factor and the time as a denominator, and expected_unit 'gtt/min'. Report the steps.`
  },
  {
    name: "engineering_formula",
    title: "Unit-checked engineering formula",
    description: "Evaluate a named formula with dimension-checked inputs in any units",
    arguments: [
      arg("formula", "A formula name from list_formulas, e.g. 'reynolds_number'", true, "formula"),
      quantity("inputs", "The known quantities with units, e.g. 'density 998 kg/m^3, velocity 2 m/s, length 5 cm, viscosity 1 mPa*s'")
    ],
    tools: ["list_formulas", "call_formula"],
    text: (a) =>
      `Evaluate ${a.formula} with ${a.inputs}. Read the formula's parameters with list_formulas first, pass each input as {value, unit} in ` +
      `the unit it was given (call_formula converts), ask for the output unit the user needs, and report the result with its uncertainty and steps.`
  }
]
