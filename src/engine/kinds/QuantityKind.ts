/**
 * Kinds of quantity: names for physically distinct quantities that share a dimension (torque and
 * energy, absorbed and equivalent dose). A declaration states which kind a computation should
 * produce; validation checks a result's dimension against it and reads the agent's reasoning for
 * words that point at a sibling kind. Matching is by whole words and always gives the same answer.
 */
import * as Dimension from "../Dimension.ts"
import { parseDimension } from "../units/DimensionExpression.ts"
import { InvalidDimension, UnknownKind, isEngineError } from "../errors.ts"
import { type KindEntry, builtinKinds } from "./builtin.ts"
import { similarity } from "../similarity.ts"
import { Action } from "../actions.ts"
import { Role } from "../roles.ts"

export type { KindEntry }

export interface QuantityKind extends Omit<KindEntry, "dimension"> {
  readonly dimension: Dimension.Dimension
  readonly dimensionText: string
  readonly builtin: boolean
}

export const fromEntry = (entry: KindEntry, builtin: boolean): QuantityKind | InvalidDimension => {
  const dimension = parseDimension(entry.dimension)
  if (isEngineError(dimension)) {
    return new InvalidDimension({
      message: `Invalid dimension '${entry.dimension}' for quantity kind '${entry.name}'`,
      role: Role.dimension,
      got: entry.dimension,
      expected: dimension.expected,
      likelyFix: dimension.likelyFix,
      hints: [...dimension.hints]
    })
  }
  return { ...entry, dimension, dimensionText: entry.dimension, builtin }
}

let parsedBuiltins: ReadonlyArray<QuantityKind> | undefined

/**
 * The built-in kinds, parsed on first use rather than when the module loads: parsing every kind's
 * dimension expression would cost each start (an MCP client spawns one per session) milliseconds
 * that a call not about kinds never needs. A data error here is a defect, caught by the kinds test.
 */
export const builtins = (): ReadonlyArray<QuantityKind> =>
  (parsedBuiltins ??= builtinKinds.map((e) => {
    const kind = fromEntry(e, true)
    if (isEngineError(kind)) throw new Error(kind.message)
    return kind
  }))

/**
 * Each kind's names in lower case, computed once per kind object (a workspace's kinds are the same
 * objects from call to call while it is unchanged): a lookup then costs one set probe per kind,
 * however many and however long the aliases are, instead of lower-casing every alias per call.
 */
const lowered = new WeakMap<QuantityKind, { readonly name: string; readonly aliases: ReadonlySet<string> }>()
const namesOf = (kind: QuantityKind) => {
  let names = lowered.get(kind)
  if (!names) {
    names = { name: kind.name.toLowerCase(), aliases: new Set(kind.aliases.map((a) => a.toLowerCase())) }
    lowered.set(kind, names)
  }
  return names
}

/** Finds a kind by name or alias (case-insensitive); a name wins over another kind's alias. */
export const findKind = (kinds: ReadonlyArray<QuantityKind>, name: string): QuantityKind | undefined => {
  const wanted = name.trim().toLowerCase()
  for (const kind of kinds) if (namesOf(kind).name === wanted) return kind
  for (const kind of kinds) if (namesOf(kind).aliases.has(wanted)) return kind
  return undefined
}

export const unknownKind = (kinds: ReadonlyArray<QuantityKind>, name: string, parameter: string): UnknownKind => {
  const ranked = kinds
    .flatMap((k) => [k.name, ...k.aliases].map((n) => ({ kind: k.name, score: similarity(n.toLowerCase(), name.toLowerCase()) })))
    .sort((a, b) => b.score - a.score || a.kind.localeCompare(b.kind))
  const close = [...new Set(ranked.filter((r) => r.score >= 0.6).map((r) => r.kind))]
  const clear = close.length > 0 && (close.length === 1 || ranked[0]!.score - (ranked.find((r) => r.kind !== close[0])?.score ?? 0) >= 0.1)
  return new UnknownKind({
    message: `Unknown quantity kind: '${name}'`,
    role: parameter,
    got: name,
    likelyFix: clear ? close[0] : undefined,
    hints: [
      ...(close.length > 0 ? [`Similar kinds: ${close.slice(0, 3).join(", ")}`] : []),
      `Available kinds: ${kinds
        .map((k) => k.name)
        .slice(0, 12)
        .join(", ")}${kinds.length > 12 ? ", ..." : ""}`
    ],
    next: [Action.listKinds, Action.defineKind]
  })
}

/** Kinds other than `kind` with the same dimension, sorted by name. */
export const siblings = (kinds: ReadonlyArray<QuantityKind>, kind: QuantityKind): Array<QuantityKind> =>
  kinds.filter((k) => k.name !== kind.name && Dimension.equals(k.dimension, kind.dimension)).sort((a, b) => a.name.localeCompare(b.name))

// °Δ½²³⁻·, escaped: a literal non-ASCII character makes V8 hold the whole bundle chunk as a two-byte string (scripts/build.ts)
const WORD = /[\p{L}\p{N}_\u00b0\u0394\u00bd\u00b2\u00b3\u207b\u00b7/=,]+/gu

/** Whole-word (or whole-phrase) matching: symbols with capitals or Greek letters are case-sensitive, plain words are not. */
export const mentions = (text: string, keyword: string): boolean => {
  const words = text.match(WORD) ?? []
  const parts = keyword.match(WORD) ?? []
  if (parts.length === 0) return false
  const caseSensitive = /[\p{Lu}]/u.test(keyword) && keyword !== keyword.toLowerCase() && !/^[A-Z][a-z]+$/.test(keyword)
  const norm = (w: string) => (caseSensitive ? w : w.toLowerCase()).replace(/[,.]$/, "")
  const haystack = words.map(norm)
  const needle = parts.map(norm)
  for (let i = 0; i + needle.length <= haystack.length; i++) {
    if (needle.every((p, j) => haystack[i + j] === p)) return true
  }
  return false
}

/** Warnings when the reasoning names a sibling kind and not the declared one. Deterministic: kinds by name, keywords in order. */
export const semanticWarnings = (kinds: ReadonlyArray<QuantityKind>, declared: QuantityKind, reasoning: string | undefined): Array<string> => {
  if (!reasoning || reasoning.trim() === "") return []
  if (declared.keywords.some((kw) => mentions(reasoning, kw))) return []
  const warnings: Array<string> = []
  for (const other of [...kinds].sort((a, b) => a.name.localeCompare(b.name))) {
    if (other.name === declared.name) continue
    const hit = other.keywords.find((kw) => mentions(reasoning, kw))
    if (hit) warnings.push(`Reasoning mentions '${hit}' which is associated with '${other.name}', but declared kind is '${declared.name}'`)
  }
  return warnings
}
