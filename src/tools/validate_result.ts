import { Effect, Schema } from "effect"
import { converterBetween } from "../engine/conversion/between.ts"
import * as Dimension from "../engine/Dimension.ts"
import * as DimensionNames from "../engine/DimensionNames.ts"
import { NoActiveDeclaration, isEngineError } from "../engine/errors.ts"
import * as QuantityKind from "../engine/kinds/QuantityKind.ts"
import { resolveUnitExpression } from "../engine/units/UnitExpression.ts"
import { kindsOf, openWorkspace, workspaceField } from "./workspaceArgument.ts"
import { defineTool, sessionWrite, unitField } from "./Tool.ts"
import { unitForKind } from "./unitForKind.ts"

export const ValidateResultInput = Schema.Struct({
  workspace: workspaceField,
  value: Schema.Finite.annotate({ examples: [-228.6] }),
  unit: unitField({ examples: ["kJ/mol"] }),
  declared_kind: Schema.optional(Schema.NonEmptyString).annotate({ description: "Default: the declared one", examples: ["gibbs_energy"] }),
  reasoning: Schema.optional(Schema.String).annotate({ description: "Checked for words naming another kind", examples: ["ΔG = ΔH − TΔS at 298 K"] })
  // a whole call for validation reports' validExample: without a declaration, declared_kind is needed
}).annotate({ examples: [{ value: -228.6, unit: "kJ/mol", declared_kind: "gibbs_energy" }] })

export const ValidateResultOutput = Schema.Struct({
  passed: Schema.Boolean,
  value: Schema.Number,
  unit: Schema.String,
  declared_kind: Schema.String,
  actual_dimension: Schema.String,
  expected_dimension: Schema.String,
  dimension_match: Schema.Boolean,
  semantic_warnings: Schema.Array(Schema.String),
  confidence: Schema.Literals(["high", "medium", "low"]),
  explanation: Schema.String,
  suggestions: Schema.Array(Schema.String)
})

// made when needed, not when the module loads: constructing a Schema class's first instance compiles its
// constructor's checks, which cost every start (an MCP client spawns one per session) milliseconds
const noDeclaration = () =>
  new NoActiveDeclaration({
    message: "No active computation declaration",
    parameter: "declared_kind",
    hints: ["Use declare_computation() before validate_result()", "Or specify the declared_kind parameter"]
  })

export const validateResult = defineTool({
  name: "validate_result",
  title: "Validate a result",
  description: "Check a result against the declared kind: its dimension, then words in the reasoning naming another kind (torque for energy).",
  input: ValidateResultInput,
  output: ValidateResultOutput,
  annotations: sessionWrite,
  handler: (input) =>
    Effect.gen(function* () {
      const session = yield* openWorkspace(input, "read")
      const kinds = yield* kindsOf(session)
      const declaration = (yield* session.get).declaration
      const kindName = input.declared_kind ?? declaration?.kind
      if (kindName === undefined) return yield* Effect.fail(noDeclaration())
      const kind = QuantityKind.findKind(kinds, kindName)
      if (!kind) return yield* Effect.fail(QuantityKind.unknownKind(kinds, kindName, "declared_kind"))
      const catalog = yield* session.catalog()
      const unit = yield* unitForKind(catalog, input.unit, "unit")
      const exact = Dimension.equals(unit.dimension, kind.dimension)
      const pseudoOnly = !exact && Dimension.equalsIgnoringPseudo(unit.dimension, kind.dimension)
      const semantic = QuantityKind.semanticWarnings(kinds, kind, input.reasoning)
      if (pseudoOnly) {
        semantic.unshift(
          `'${input.unit}' and '${kind.name}' differ only in ${Dimension.differingPseudo(unit.dimension, kind.dimension).join(" and ")}: check that the unit says what it counts (e.g. rad/s, not 1/s)`
        )
      }
      const dimensionMatch = exact || pseudoOnly
      const suggestions: Array<string> = []
      if (!dimensionMatch) {
        const matching = kinds.filter((k) => Dimension.equals(k.dimension, unit.dimension)).map((k) => k.name)
        if (matching.length > 0) suggestions.push(`A result in ${input.unit} matches these kinds instead: ${matching.join(", ")}`)
        suggestions.push(
          `'${kind.name}' needs ${DimensionNames.describe(kind.dimension)} (${Dimension.signature(kind.dimension)}); check the computation's factors`
        )
      } else if (semantic.length > 0) {
        suggestions.push("Review the reasoning to ensure it matches the declared quantity kind", ...kind.disambiguationHints)
      }
      const usesDeclaration = input.declared_kind === undefined || (declaration !== undefined && QuantityKind.findKind(kinds, declaration.kind) === kind)
      if (dimensionMatch && usesDeclaration && declaration && declaration.expectedUnit !== input.unit) {
        const expected = resolveUnitExpression(catalog, declaration.expectedUnit)
        const converter = isEngineError(expected) ? expected : converterBetween(catalog, unit, expected)
        if (!isEngineError(converter))
          suggestions.push(`In the declared unit: ${Number(converter.apply(input.value).toPrecision(12))} ${declaration.expectedUnit}`)
      }
      const passed = dimensionMatch
      const confidence = !dimensionMatch ? ("low" as const) : semantic.length > 0 ? ("medium" as const) : ("high" as const)
      if (passed && usesDeclaration && declaration) {
        yield* session.modify((data) => Effect.succeed([undefined, { ...data, declaration: undefined }] as const))
      }
      return {
        passed,
        value: input.value,
        unit: input.unit,
        declared_kind: kind.name,
        actual_dimension: Dimension.signature(unit.dimension),
        expected_dimension: Dimension.signature(kind.dimension),
        dimension_match: dimensionMatch,
        semantic_warnings: semantic,
        confidence,
        explanation: !dimensionMatch
          ? `Dimension mismatch: ${input.unit} is ${DimensionNames.describe(unit.dimension)}, but '${kind.name}' is ${DimensionNames.describe(kind.dimension)}`
          : semantic.length > 0
            ? "Dimension matches but the reasoning may indicate a different quantity"
            : `Result validated as '${kind.name}'`,
        suggestions
      }
    })
})
