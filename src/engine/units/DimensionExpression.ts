/**
 * Dimensions written by an agent: a table name ("energy"), an expression over names
 * ("energy/amount_of_substance", "length/time^2") or an ISO 80000 signature ("M·L²·T⁻²·N⁻¹",
 * "L T^-1"). Parsed with the unit grammar, resolving names against dimensions instead of units.
 */
import * as Dimension from "../Dimension.ts"
import * as DimensionNames from "../DimensionNames.ts"
import { InvalidInput } from "../errors.ts"
import * as UnitSyntax from "./UnitSyntax.ts"
import { closestNames, likelyName } from "../similarity.ts"
import { Action } from "../actions.ts"

const SIGNATURE_SYMBOLS: Record<string, Dimension.BaseKey> = {
  L: "L",
  M: "M",
  T: "T",
  I: "I",
  Θ: "Θ",
  θ: "Θ",
  Theta: "Θ",
  N: "N",
  J: "J"
}

const lookup = (name: string): Dimension.Dimension | undefined =>
  DimensionNames.dimensionNamed(name) ??
  DimensionNames.dimensionNamed(name.toLowerCase()) ??
  (Object.hasOwn(SIGNATURE_SYMBOLS, name) ? Dimension.base(SIGNATURE_SYMBOLS[name]!) : undefined)

const evaluate = (node: UnitSyntax.Node): Dimension.Dimension | { unknown: string } => {
  switch (node._tag) {
    case "Name": {
      const d = lookup(node.name)
      if (d) return d
      const split = /^(.*[^\d])(\d+)$/u.exec(node.name)
      const base = split && lookup(split[1]!)
      return base ? Dimension.power(base, Number(split![2])) : { unknown: node.name }
    }
    case "Number":
      return node.value === 1 ? Dimension.dimensionless : { unknown: String(node.value) }
    case "Power": {
      const inner = evaluate(node.base)
      return "unknown" in inner ? inner : Dimension.power(inner, node.exponent)
    }
    case "Binary": {
      const left = evaluate(node.left)
      if ("unknown" in left) return left
      const right = evaluate(node.right)
      if ("unknown" in right) return right
      return node.op === "*" ? Dimension.multiply(left, right) : Dimension.divide(left, right)
    }
  }
}

/** The closest dimension names to a misspelt one, best first. */
export const closestDimensionNames = (name: string, limit = 3): Array<string> => closestNames(name, DimensionNames.allNames(), limit)

/** Parses a dimension, or fails with InvalidInput naming the part that is not a dimension. */
export const parseDimension = (input: string): Dimension.Dimension | InvalidInput => {
  const parsed = UnitSyntax.parse(input)
  const result = parsed.ok ? evaluate(parsed.value.ast) : { unknown: input }
  if (!("unknown" in result)) return result
  const close = closestDimensionNames(result.unknown)
  return new InvalidInput({
    message: `Unknown dimension: '${input}'`,
    got: input,
    expected: "a dimension name, an expression such as 'length/time^2', or a signature such as 'M·L²·T⁻²'",
    likelyFix: likelyName(result.unknown, DimensionNames.allNames()),
    hints: [
      ...(close.length > 0 ? [`Similar dimensions: ${close.join(", ")}`] : []),
      "Combine names with * / ^ (energy/amount_of_substance) or use base symbols M L T I Θ N J (M·L²·T⁻²)"
    ],
    next: [Action.listDimensions]
  })
}
