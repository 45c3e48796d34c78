import { Effect, Schema } from "effect"
import * as Prefix from "../engine/Prefix.ts"
import * as Rational from "../engine/Rational.ts"
import { defineTool, readOnly } from "./Tool.ts"

export const ListScalesInput = Schema.Struct({})

export const ScaleInfo = Schema.Struct({
  name: Schema.String,
  prefix: Schema.String,
  factor: Schema.Number,
  system: Schema.Literals(["si", "binary"]),
  input_spellings: Schema.Array(Schema.String)
})

export const ListScalesOutput = Schema.Struct({ result: Schema.Array(ScaleInfo) })

export const listScales = defineTool({
  name: "list_scales",
  title: "List unit prefixes",
  description:
    "SI prefixes quecto (1e-30) to quetta (1e30) and IEC binary prefixes kibi to yobi (for information units: KiB), largest first.",
  input: ListScalesInput,
  output: ListScalesOutput,
  annotations: readOnly,
  handler: () =>
    Effect.succeed({
      result: Prefix.prefixes
        .map((p) => ({ name: p.name, prefix: p.symbol, factor: Rational.toNumber(p.factor), system: p.system, input_spellings: [...p.inputSymbols] }))
        .sort((a, b) => b.factor - a.factor)
    })
})
