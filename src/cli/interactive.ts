/**
 * The bare `dimensional` at a terminal: a session as GNU units holds one. "You have:" takes a quantity
 * as people write it (5 km, 5 ft 11 in, 1:30:00), "You want:" a unit or a unit list (ft;in); an empty
 * answer shows the quantity in SI. Line editing and history come from node:readline; Ctrl-D (or
 * "quit") leaves. Every answer, and every failure with its suggestion, is a line or two.
 */
import { createInterface } from "node:readline/promises"
import { convertWithLists, partsText } from "../engine/conversion/parts.ts"
import { readQuantity } from "../engine/conversion/quantityText.ts"
import { isEngineError } from "../engine/errors.ts"
import * as Rational from "../engine/Rational.ts"
import type { Catalog } from "../engine/units/Catalog.ts"
import { resolveUnitExpression } from "../engine/units/UnitExpression.ts"
import * as Dimension from "../engine/Dimension.ts"
import { describeFailure } from "../mcp/repair/failures.ts"

/** One failure in at most two lines: the message, and the fix or the first hint. */
const briefly = (error: Parameters<typeof describeFailure>[0]): string => {
  const e = describeFailure(error)
  const next = e.likely_fix ? `did you mean: ${e.likely_fix}` : (e.readings ?? []).map((r) => r.unit ?? r.meaning).join(" or ") || e.hints[0]
  return [`\t${e.error}`, ...(next ? [`\t${next}`] : [])].join("\n")
}

/** The answer to one have/want pair, as lines to print. */
export const answer = (catalog: Catalog, have: string, want: string): string => {
  const q = readQuantity(catalog, have)
  if (isEngineError(q)) return briefly(q)
  if (want.trim() === "") {
    // the quantity in SI, as GNU units shows a definition
    const read = resolveUnitExpression(catalog, q.unit)
    if (isEngineError(read)) return briefly(read)
    const si = Rational.toNumber(read.factor) * q.value
    return `\t= ${si} ${Dimension.signature(read.dimension) || "(a pure number)"}`
  }
  const r = convertWithLists(catalog, q.value, q.unit, want)
  if (isEngineError(r)) return briefly(r)
  return [r.parts ? `\t${partsText(r.parts)}` : `\t= ${r.quantity} ${want.trim()}`, ...r.notes.map((n) => `\t(${n})`)].join("\n")
}

/** Runs the session on this terminal until Ctrl-D or "quit"; lines typed ahead are answered in turn. */
export const runSession = async (catalog: Catalog): Promise<void> => {
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true, historySize: 1000 })
  process.stdout.write("dimensional: units as you write them (5 ft 11 in, 100 mg/dL); Ctrl-D leaves\n")
  let have: string | undefined
  rl.setPrompt("You have: ")
  rl.prompt()
  for await (const line of rl) {
    if (have === undefined) {
      if (/^\s*(quit|exit)\s*$/.test(line)) break
      if (line.trim() !== "") {
        have = line
        rl.setPrompt("You want: ")
      }
    } else {
      process.stdout.write(`${answer(catalog, have, line)}\n`)
      have = undefined
      rl.setPrompt("You have: ")
    }
    rl.prompt()
  }
  rl.close()
  process.stdout.write("\n")
}
