/**
 * The errors a token of a unit expression fails with: unknown (with the suggestions a likely fix or
 * hints come from), unknown with a qualifier the table does not give, or refused as a name that
 * means different units in different systems (catalog/readings.ts).
 */
import { type Catalog, type QualifiedResolution, type Resolved, describeUnit, nameOf, symbolOf } from "./Catalog.ts"
import { Action } from "../actions.ts"
import { AmbiguousInput, UnknownUnit } from "../errors.ts"
import type { AmbiguousName } from "../catalog/readings.ts"
import { prefixReading } from "./prefixReadings.ts"
import * as Suggestions from "./Suggestions.ts"

export const ambiguousUnit = (expression: string, token: string, position: number, entry: AmbiguousName, byContext?: true): AmbiguousInput =>
  new AmbiguousInput({
    message: `'${token}' means different units in different systems; say which`,
    got: token,
    hints: [
      ...entry.readings.map((r) => (r.unit === undefined ? r.meaning : `${r.meaning}: write '${r.unit}'`)),
      ...(token !== expression ? [`'${token}' at position ${position} of '${expression}'`] : [])
    ],
    readings: entry.readings.map((r) => (r.unit === undefined ? { meaning: r.meaning } : { meaning: r.meaning, unit: r.unit })),
    expression,
    position,
    token,
    ...(byContext ? { byContext } : {})
  })

export const possessive = (source: string): string => (source.endsWith("s") ? `${source}'` : `${source}'s`)

/** A unit written so that it reads back alone: its symbol, or its name where the symbol is all capitals (H, C). */
const readsBack = (r: Resolved): string => (/\p{Ll}/u.test(symbolOf(r)) ? symbolOf(r) : nameOf(r))

export const unknownUnit = (catalog: Catalog, expression: string, token: string, position: number): UnknownUnit => {
  const { likelyFix, alternatives, elsewhere, slips = [], near = [] } = Suggestions.suggest(catalog, token)
  const hints: Array<string> = []
  const prefixed = prefixReading(catalog, token)
  if (prefixed) hints.push(`'${token}' reads as ${prefixed.prefix} + ${describeUnit(prefixed.unit)}, ${prefixed.instead}`)
  if (elsewhere) {
    hints.push(
      likelyFix
        ? `'${token}' is ${possessive(elsewhere.source)} name for ${describeUnit(likelyFix)}`
        : elsewhere.source === "disputed"
          ? `'${token}' is a unit name that pint and other references give different meanings; this catalog does not define it`
          : `'${token}' is a unit in ${elsewhere.source} (${elsewhere.si} ${elsewhere.siUnit}) that this catalog does not define; to use that meaning, write '${elsewhere.si} ${elsewhere.siUnit}'`
    )
  }
  const replacement = likelyFix ? symbolOf(likelyFix) : undefined
  const corrected = replacement === undefined ? undefined : expression.slice(0, position) + replacement + expression.slice(position + token.length)
  if (likelyFix) {
    if (corrected !== replacement) hints.push(`Did you mean '${corrected}'?`)
    if (alternatives.length > 0) hints.push(`Other similar units: ${alternatives.map(describeUnit).join(", ")}`)
  } else if (alternatives.length > 0) {
    hints.push(`Similar units: ${alternatives.map(describeUnit).join(", ")}`)
  } else if (!prefixed) {
    hints.push("No similar units found")
  }
  if (token !== expression) hints.push(`'${token}' at position ${position} of '${expression}' is the unknown part`)
  return new UnknownUnit({
    message: `Unknown unit: '${token}'`,
    unit: token,
    expression,
    position,
    // the display form "kilogram (kg)" reads back as that unit; inside a larger expression the fix
    // is the whole corrected expression, so that pasting it gives the intended call
    likelyFix: likelyFix ? (token.trim() === expression.trim() ? describeUnit(likelyFix) : corrected) : undefined,
    replacement,
    corrected,
    ...(slips.length > 0 ? { candidates: near.map(readsBack), slips: slips.map(readsBack) } : {}),
    hints,
    got: token,
    ...(likelyFix ? {} : { next: [Action.findUnit] })
  })
}

/**
 * A qualified name the table does not give ("gallon (metric)", "gal{XYZ}"): never the bare name's
 * reading, never a guess. The hints list the qualifiers the name takes, each with its unit.
 */
export const unknownQualified = (
  catalog: Catalog,
  expression: string,
  token: string,
  position: number,
  q: Extract<QualifiedResolution, { ok: false }>
): UnknownUnit => {
  const hints: Array<string> = []
  if (q.problem === "unknown-name") hints.push(`'${q.head}' is not a unit this catalog knows, with or without a qualifier`)
  else if (q.problem === "unknown-qualifier")
    hints.push(`'${q.qualifier}' is not a qualifier this catalog reads (UK, US, metric, IT, th, survey, troy, avdp, liquid, dry, …)`)
  else hints.push(`'${q.head}' has no reading qualified '${q.qualifier}'`)
  if (q.known.length > 0) {
    // one line per reading, its qualifiers together: 'gal (US)', 'gal (US liquid)' → gallon (gal)
    const byUnit = new Map<string, Array<string>>()
    for (const k of q.known) {
      const r = catalog.resolveQualified(`${q.head}{${k}}`)
      // braces where parentheses would group: a qualifier with a number ("cal{15 °C}") or one that is a unit (EC, exacoulomb)
      const written = catalog.resolveQualified(`${q.head} (${k})`)?.ok ? `${q.head} (${k})` : `${q.head}{${k}}`
      if (r?.ok) byUnit.set(describeUnit(r.resolved), [...(byUnit.get(describeUnit(r.resolved)) ?? []), `'${written}'`])
    }
    hints.push(`Qualified readings of '${q.head}': ${[...byUnit].map(([unit, written]) => `${written.join(" or ")} is ${unit}`).join("; ")}`)
  } else if (q.problem !== "unknown-name") {
    hints.push(`'${q.head}' takes no qualifier; write it without one, or name the unit meant`)
  }
  if (token !== expression) hints.push(`'${token}' at position ${position} of '${expression}' is the unknown part`)
  return new UnknownUnit({ message: `Unknown unit: '${token}'`, unit: token, expression, position, hints, got: token })
}

/**
 * A name with a parenthesised text that is both one of the name's qualifiers and a unit as written
 * ("therm (EC)": the EC therm, or therm × exacoulomb; "gallon (us)": the US gallon, or gallon × µs):
 * refused with both readings, each written to read back, for the rest of the call to choose
 * (byContext). Undefined when the text is not both.
 */
export const bothReadings = (
  catalog: Catalog,
  expression: string,
  token: string,
  position: number,
  product: (text: string) => boolean
): AmbiguousInput | undefined => {
  const m = /^(.+?)\s*\(([^(){}]+)\)$/u.exec(token)
  if (!m) return undefined
  const [head, qualifier] = [m[1]!, m[2]!.trim()]
  const qualified = catalog.resolve(`${head}{${qualifier}}`)
  const asProduct = `${head}*(${qualifier})`
  if (qualified === undefined || !product(asProduct)) return undefined
  const readings = [
    { meaning: `${describeUnit(qualified)}, '${qualifier}' read as a qualifier`, unit: `${head}{${qualifier}}` },
    { meaning: `${head} times ${qualifier}, '${qualifier}' read as a unit`, unit: asProduct }
  ]
  return new AmbiguousInput({
    message: `'${token}' reads two ways: '${readings[0]!.unit}' or '${asProduct}'; say which`,
    got: token,
    readings,
    hints: [...readings.map((r) => `${r.meaning}: write '${r.unit}'`), "Braces always mark a qualifier: gallon{US}, therm{EC}"],
    expression,
    position,
    token,
    byContext: true
  })
}
