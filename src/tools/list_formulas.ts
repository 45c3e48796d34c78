import { Effect, Schema } from "effect"
import { InvalidInput } from "../engine/errors.ts"
import { unitText } from "../engine/formulas/FormulaEvaluation.ts"
import type { PreparedFormula } from "../engine/formulas/PreparedFormula.ts"
import { FormulaRegistry } from "../services/FormulaRegistry.ts"
import { page, pageInput, pageOutput } from "./paging.ts"
import { defineTool, readOnly } from "./Tool.ts"

/** A default page answers in under 2,000 tokens: a formula with its example costs about 245 (as text and as structured content). */
const DEFAULT_LIMIT = 7
const MAX_LIMIT = 100

/** ucon calls the reliability domain "sre"; both names select it. */
const DOMAIN_ALIASES: Readonly<Record<string, string>> = { sre: "reliability" }

export const ListFormulasInput = Schema.Struct({
  domain: Schema.optional(Schema.NonEmptyString).annotate({
    description: "medical, engineering, chemistry, physics, reliability or aerospace",
    examples: ["medical"]
  }),
  ...pageInput(DEFAULT_LIMIT, MAX_LIMIT)
})

const ExampleParameter = Schema.Struct({ value: Schema.Number, unit: Schema.optional(Schema.String) })

export const FormulaInfo = Schema.Struct({
  name: Schema.String,
  description: Schema.String,
  domain: Schema.String,
  equation: Schema.String,
  parameters: Schema.Record(Schema.String, Schema.String).annotate({ description: "Each parameter's expected dimension" }),
  output_unit: Schema.String,
  example: Schema.Record(Schema.String, ExampleParameter).annotate({ description: "A valid `parameters` argument for call_formula" }),
  constants: Schema.Array(Schema.String),
  source: Schema.String
})

export const ListFormulasOutput = Schema.Struct({ result: Schema.Array(FormulaInfo), ...pageOutput })

const describeFormula = (p: PreparedFormula): typeof FormulaInfo.Type => ({
  name: p.formula.name,
  description: p.formula.description,
  domain: p.formula.domain,
  equation: p.formula.equation,
  parameters: Object.fromEntries(p.parameters.map((q) => [q.name, q.spec.dimension])),
  output_unit: unitText(p.output),
  example: Object.fromEntries(p.parameters.map((q) => [q.name, q.spec.example])),
  constants: p.formula.constants,
  source: p.formula.source
})

export const listFormulas = defineTool({
  name: "list_formulas",
  title: "List formulas",
  description: "Domain formulas (bmi, reynolds_number, ...): parameters' dimensions, result unit, equation, source, and an example call_formula `parameters`.",
  input: ListFormulasInput,
  output: ListFormulasOutput,
  annotations: readOnly,
  handler: (input) =>
    Effect.gen(function* () {
      const formulas = yield* (yield* FormulaRegistry).list
      if (input.domain === undefined) return yield* page(formulas.map(describeFormula), input, DEFAULT_LIMIT)
      const wanted = input.domain.toLowerCase()
      const domain = DOMAIN_ALIASES[wanted] ?? wanted
      const domains = [...new Set(formulas.map((f) => f.formula.domain))]
      if (!domains.includes(domain)) {
        return yield* new InvalidInput({
          message: `Unknown formula domain: '${input.domain}'`,
          parameter: "domain",
          got: input.domain,
          expected: domains.join(", "),
          hints: [`Domains: ${domains.join(", ")}`, "Omit domain to list every formula"]
        })
      }
      return yield* page(formulas.filter((f) => f.formula.domain === domain).map(describeFormula), input, DEFAULT_LIMIT)
    })
})
