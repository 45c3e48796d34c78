import { Schema } from "effect"
import * as Prefix from "../engine/Prefix.ts"
import * as Rational from "../engine/Rational.ts"
import { page, pageInput, pageOutput } from "./paging.ts"
import { defineTool, readOnly } from "./Tool.ts"

/** A default page answers in under 2,000 tokens and holds every prefix: 32, SI and binary, about 48 tokens each. */
const DEFAULT_LIMIT = 40
const MAX_LIMIT = 100

export const ListScalesInput = Schema.Struct({ ...pageInput(DEFAULT_LIMIT, MAX_LIMIT) })

export const ScaleInfo = Schema.Struct({
  name: Schema.String,
  prefix: Schema.String,
  factor: Schema.Number,
  system: Schema.Literals(["si", "binary"]),
  input_spellings: Schema.Array(Schema.String)
})

export const ListScalesOutput = Schema.Struct({ result: Schema.Array(ScaleInfo), ...pageOutput })

export const listScales = defineTool({
  name: "list_scales",
  title: "List prefixes",
  description: "SI prefixes quecto (1e-30) to quetta (1e30) and binary kibi to yobi (KiB), largest first.",
  input: ListScalesInput,
  output: ListScalesOutput,
  annotations: readOnly,
  handler: (input) =>
    page(
      Prefix.prefixes
        .map((p) => ({ name: p.name, prefix: p.symbol, factor: Rational.toNumber(p.factor), system: p.system, input_spellings: [...p.inputSymbols] }))
        .sort((a, b) => b.factor - a.factor),
      input,
      DEFAULT_LIMIT
    )
})
