/**
 * A unit written alone whose name has other readings by qualifier (rad: the radian, or the rad of
 * absorbed dose; catalog/qualifiers.ts), when a conversion fails on the quantity: the reading that
 * would make the call work is said in a hint, written so that it reads back (rad{dose}). Never a
 * likely fix, never taken silently: which unit a name means is the caller's to say (the pound of
 * force needs standard gravity; the dose rad is another quantity than the angle).
 */
import type { Catalog } from "../units/Catalog.ts"
import { describeUnit } from "../units/Catalog.ts"
import { qualified } from "../catalog/qualifiers.ts"

/** The hint for `written` (one unit, unprefixed), if one other reading of its name makes `fits` true. */
export const otherReadingHint = (catalog: Catalog, written: string, fits: (unit: string) => boolean): string | undefined => {
  const resolved = catalog.resolve(written.trim(), false)
  if (resolved === undefined || resolved.prefix !== undefined || resolved.unit.custom) return undefined
  const table = qualified.find((q) => q.heads.includes(resolved.unit.symbol))
  if (table === undefined) return undefined
  const others = new Map<string, string>()
  for (const [qualifier, symbol] of Object.entries(table.readings)) if (symbol !== resolved.unit.symbol && !others.has(symbol)) others.set(symbol, qualifier)
  const fitting = [...others].filter(([symbol]) => fits(symbol))
  if (fitting.length !== 1) return undefined
  const [symbol, qualifier] = fitting[0]!
  const spelled = `${written.trim()}{${qualifier}}`
  // the spelling offered must read back as that unit
  if (catalog.resolve(spelled)?.unit.symbol !== symbol) return undefined
  const record = catalog.symbolRecord(symbol)!
  return `'${written.trim()}' alone is the ${describeUnit(resolved)}; if ${describeUnit({ unit: record, prefix: undefined })} was meant, write '${spelled}'`
}
