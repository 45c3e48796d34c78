/**
 * Units reserved for one kind of quantity among the units of their dimension (catalog/define.ts
 * `kind`): the gray for absorbed dose and the sievert for dose equivalent, the becquerel for
 * activity and the hertz for frequency (SI Brochure, table 4 and its notes), the watt, var and volt
 * ampere for active, reactive and apparent power (IEC 80000-6). A conversion between two kinds is
 * refused with what relates them; an expression that names no kind (J/kg, 1/s, V·A) converts to either.
 */
import { Action } from "../actions.ts"
import * as DimensionNames from "../DimensionNames.ts"
import { NoConversionPath } from "../errors.ts"
import type { UnitExpression } from "../units/UnitExpression.ts"

/** What relates two kinds, said where a conversion between them is refused. */
const dose =
  "dose equivalent H = w_R × absorbed dose D, with the radiation weighting factor w_R (ICRP Publication 103: 1 for photons and electrons, 2 for protons, 20 for alpha particles, a function of energy for neutrons): multiply by it as a compute factor, e.g. 20 Sv/Gy"
const rate =
  "the becquerel is for the activity of a radionuclide and the hertz for periodic phenomena only (SI Brochure, table 4 and its notes): both are s⁻¹, never the same quantity"
const acPower =
  "active power P = apparent power S × power factor, reactive power Q = S × sin φ, S² = P² + Q² (IEC 80000-6): multiply by the power factor as a compute factor, e.g. 0.8 W/VA"
const kindRelations: Readonly<Record<string, string>> = {
  "absorbed dose": dose,
  "dose equivalent": dose,
  activity: rate,
  frequency: rate,
  // an energy meter's kWh, kVAh and kvarh are each its power's kind times the hour
  "active power (or energy)": acPower,
  "reactive power (or energy)": acPower,
  "apparent power (or energy)": acPower
}

/** The kinds an expression's units are reserved for, with their net exponents (Sv/Gy: dose equivalent 1, absorbed dose -1). */
const reservedKinds = (e: UnitExpression): Map<string, number> => {
  const kinds = new Map<string, number>()
  for (const t of e.terms) if (t.unit.kind !== undefined) kinds.set(t.unit.kind, (kinds.get(t.unit.kind) ?? 0) + t.exponent)
  for (const [kind, exponent] of kinds) if (Math.abs(exponent) < 1e-12) kinds.delete(kind)
  return kinds
}

const kindsText = (kinds: Map<string, number>): string =>
  [...kinds].map(([kind, exponent]) => (exponent === 1 ? kind : exponent === -1 ? `per ${kind}` : `${kind}^${exponent}`)).join(" · ")

/**
 * Units of one dimension reserved for different kinds of quantity (Gy and Sv, Bq and Hz, W and
 * VA) never convert into each other: the number would be right only under a weighting factor or a
 * power factor nobody gave. An expression that names no kind (J/kg, 1/s, V·A) converts to either.
 */
export const kindsApart = (from: UnitExpression, to: UnitExpression): NoConversionPath | undefined => {
  const fromKinds = reservedKinds(from)
  const toKinds = reservedKinds(to)
  if (fromKinds.size === 0 || toKinds.size === 0) return undefined
  if (fromKinds.size === toKinds.size && [...fromKinds].every(([kind, exponent]) => Math.abs((toKinds.get(kind) ?? 0) - exponent) < 1e-12)) return undefined
  const [fromText, toText] = [kindsText(fromKinds), kindsText(toKinds)]
  const relations = new Set([...fromKinds.keys(), ...toKinds.keys()].map((kind) => kindRelations[kind]).filter((r) => r !== undefined))
  return new NoConversionPath({
    message: `No conversion path from '${from.input}' to '${to.input}': ${fromText} and ${toText} are different kinds of quantity of one dimension`,
    from: from.input,
    to: to.input,
    got: fromText,
    expected: toText,
    hints: [
      `${from.input} is ${fromText}; ${to.input} is ${toText}: both ${DimensionNames.describe(from.dimension)}, never the same quantity`,
      ...relations,
      "An expression in base units names no kind and converts to either (Gy → J/kg, Bq → 1/s, VA → V*A)"
    ],
    next: [Action.multiplyByFactor]
  })
}
