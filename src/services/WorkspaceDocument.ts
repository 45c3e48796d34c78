/**
 * A workspace as stored: a versioned JSON document, decoded with a Schema on every read (never
 * trusted by cast), its dimensions written by base-quantity name so that a release which adds or
 * reorders a base quantity reads every stored unit with the meaning it was defined with.
 *
 * Formats:
 * - 1 (no `format` key; releases up to this one): dimensions as positional 12-number vectors in the
 *   order of `formatOneBases` below. Read and migrated; written back as format 2 on the next change.
 * - 2: `format: 2`, dimensions as `{ "length": 1, "time": -2 }` (zero exponents left out).
 * - anything newer: refused with a clear error, never misread and never overwritten (the Redis
 *   compare-and-set refuses it too), so two releases can share one store during a rolling deploy.
 */
import { Schema } from "effect"
import type { Constant } from "../engine/constants/Constants.ts"
import type { CustomEdge, CustomUnit } from "../engine/units/customUnits.ts"
import * as Dimension from "../engine/Dimension.ts"
import type { QuantityKind } from "../engine/kinds/QuantityKind.ts"

/** A constant defined with define_constant; it is also a unit of the workspace named by its symbol. */
export type WorkspaceConstant = Pick<Constant, "symbol" | "name" | "value" | "unit" | "uncertainty" | "source">

/** The active declaration of declare_computation. */
export interface Declaration {
  readonly id: string
  readonly kind: string
  readonly expectedUnit: string
  readonly context: Readonly<Record<string, string>>
}

export interface WorkspaceData {
  readonly units: ReadonlyArray<CustomUnit>
  readonly edges: ReadonlyArray<CustomEdge>
  readonly constants: ReadonlyArray<WorkspaceConstant>
  /** Kinds defined with define_quantity_kind; the built-in ones live in the engine. */
  readonly kinds: ReadonlyArray<QuantityKind>
  readonly declaration: Declaration | undefined
}

export const emptyWorkspace: WorkspaceData = { units: [], edges: [], constants: [], kinds: [], declaration: undefined }

/** A workspace as stored: its data, a version bumped by every change, and when it was last used. */
export interface StoredDocument {
  readonly version: number
  /** Milliseconds since the epoch of the last change or use (idle expiry counts from here). */
  readonly touched: number
  readonly data: WorkspaceData
}

/** The format this release writes. */
export const currentFormat = 2

/**
 * The base quantities in the order format 1 wrote them: frozen here, whatever order the engine
 * uses now, because that order is what gives an old document its meaning.
 */
export const formatOneBases = [
  "length",
  "mass",
  "time",
  "current",
  "temperature",
  "amount_of_substance",
  "luminous_intensity",
  "information",
  "angle",
  "solid_angle",
  "count",
  "biological_activity"
] as const

const keyByName = new Map<string, Dimension.BaseKey>(Dimension.baseQuantities.map((q) => [q.name, q.key]))

const Finite = Schema.Finite
const Names = Schema.Array(Schema.String)

const Edge = Schema.Struct({ src: Schema.String, dst: Schema.String, factor: Finite, offset: Finite })
const ConstantDoc = Schema.Struct({
  symbol: Schema.String,
  name: Schema.String,
  value: Finite,
  unit: Schema.String,
  uncertainty: Schema.NullOr(Finite),
  source: Schema.String
})
const DeclarationDoc = Schema.Struct({
  id: Schema.String,
  kind: Schema.String,
  expectedUnit: Schema.String,
  context: Schema.Record(Schema.String, Schema.String)
})
const Definition = Schema.optionalKey(Schema.Struct({ value: Finite, unit: Schema.String }))
const kindFields = {
  name: Schema.String,
  dimensionText: Schema.String,
  category: Schema.String,
  description: Schema.String,
  keywords: Names,
  aliases: Names,
  disambiguationHints: Names
}

const Vector = Schema.Array(Finite)
const NamedDimension = Schema.Record(Schema.String, Finite)

/** A stored document, its dimensions written as `dimension` says (format 1: a vector by slot; 2: by name). */
const documentWith = <D extends Schema.Top>(dimension: D) =>
  Schema.Struct({
    version: Schema.Int,
    touched: Finite,
    data: Schema.Struct({
      units: Schema.Array(Schema.Struct({ name: Schema.String, dimension, aliases: Names, definition: Definition })),
      edges: Schema.Array(Edge),
      constants: Schema.Array(ConstantDoc),
      kinds: Schema.Array(Schema.Struct({ ...kindFields, dimension })),
      declaration: Schema.optionalKey(DeclarationDoc)
    })
  })

const FormatOne = documentWith(Vector)

const FormatTwo = Schema.Struct({ format: Schema.Literal(2), ...documentWith(NamedDimension).fields })

const decodeOne = Schema.decodeUnknownResult(FormatOne)
const decodeTwo = Schema.decodeUnknownResult(FormatTwo)

/** Why a stored document was not read; the document is left as it is. */
export interface Unreadable {
  readonly _tag: "Unreadable"
  /** Written by a newer release (its format), or undefined when the document is damaged. */
  readonly newerFormat: number | undefined
  readonly reason: string
}

const unreadable = (reason: string, newerFormat?: number): Unreadable => ({ _tag: "Unreadable", newerFormat, reason })

class BadDimension extends Error {}

const fromVector = (vector: ReadonlyArray<number>): Dimension.Dimension => {
  if (vector.length !== formatOneBases.length) throw new BadDimension(`a format-1 dimension has ${formatOneBases.length} exponents, this one ${vector.length}`)
  const named: Record<string, number> = {}
  for (const [i, name] of formatOneBases.entries()) named[name] = vector[i]!
  return fromNamed(named)
}

const fromNamed = (named: Readonly<Record<string, number>>): Dimension.Dimension => {
  const exponents: Partial<Record<Dimension.BaseKey, number>> = {}
  for (const [name, exponent] of Object.entries(named)) {
    const key = keyByName.get(name)
    if (key === undefined) throw new BadDimension(`unknown base quantity '${name.slice(0, 40)}'`)
    exponents[key] = exponent
  }
  return Dimension.fromExponents(exponents)
}

/** A dimension as format 2 writes it: by base-quantity name, zero exponents left out. */
export const namedDimension = (dimension: Dimension.Dimension): Record<string, number> => {
  const named: Record<string, number> = {}
  Dimension.baseQuantities.forEach((q, i) => {
    const exponent = dimension[i] ?? 0
    if (exponent !== 0) named[q.name] = exponent
  })
  return named
}

type Decoded<D> = {
  readonly version: number
  readonly touched: number
  readonly data: {
    readonly units: ReadonlyArray<{
      readonly name: string
      readonly dimension: D
      readonly aliases: ReadonlyArray<string>
      readonly definition?: { readonly value: number; readonly unit: string }
    }>
    readonly edges: ReadonlyArray<CustomEdge>
    readonly constants: ReadonlyArray<WorkspaceConstant>
    readonly kinds: ReadonlyArray<Omit<QuantityKind, "dimension" | "builtin"> & { readonly dimension: D }>
    readonly declaration?: Declaration
  }
}

const asStoredDocument = <D>(doc: Decoded<D>, dimension: (d: D) => Dimension.Dimension): StoredDocument => ({
  version: doc.version,
  touched: doc.touched,
  data: {
    units: doc.data.units.map((u) => ({
      name: u.name,
      dimension: dimension(u.dimension),
      aliases: u.aliases,
      ...(u.definition ? { definition: u.definition } : {})
    })),
    edges: doc.data.edges,
    constants: doc.data.constants,
    kinds: doc.data.kinds.map((k) => ({ ...k, dimension: dimension(k.dimension), builtin: false })),
    declaration: doc.data.declaration
  }
})

/** Decodes stored text, migrating format 1; a newer or damaged document is Unreadable. */
export const decodeDocument = (text: string): StoredDocument | Unreadable => {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return unreadable("it is not JSON")
  }
  if (typeof json !== "object" || json === null) return unreadable("it is not a JSON object")
  const format = (json as { format?: unknown }).format
  if (typeof format === "number" && Number.isInteger(format) && format > currentFormat)
    return unreadable(`it was written in format ${format}, and this release reads formats 1 to ${currentFormat}`, format)
  const decoded = format === undefined ? decodeOne(json) : decodeTwo(json)
  if (decoded._tag === "Failure") return unreadable(`it does not match format ${format ?? 1}: ${String(decoded.failure.message).split("\n")[0]!.slice(0, 200)}`)
  try {
    return format === undefined
      ? asStoredDocument(decoded.success as Decoded<ReadonlyArray<number>>, fromVector)
      : asStoredDocument(decoded.success as Decoded<Readonly<Record<string, number>>>, fromNamed)
  } catch (error) {
    if (error instanceof BadDimension) return unreadable(error.message)
    throw error
  }
}

/** The stored text of a document, in the current format. */
export const encodeDocument = (doc: StoredDocument): string =>
  JSON.stringify({
    format: currentFormat,
    version: doc.version,
    touched: doc.touched,
    data: encodeData(doc.data)
  })

const encodeData = (data: WorkspaceData) => ({
  units: data.units.map((u) => ({
    name: u.name,
    dimension: namedDimension(u.dimension),
    aliases: u.aliases,
    ...(u.definition ? { definition: u.definition } : {})
  })),
  edges: data.edges.map((e) => ({ src: e.src, dst: e.dst, factor: e.factor, offset: e.offset })),
  constants: data.constants.map((c) => ({ symbol: c.symbol, name: c.name, value: c.value, unit: c.unit, uncertainty: c.uncertainty, source: c.source })),
  kinds: data.kinds.map((k) => ({
    name: k.name,
    dimension: namedDimension(k.dimension),
    dimensionText: k.dimensionText,
    category: k.category,
    description: k.description,
    keywords: k.keywords,
    aliases: k.aliases,
    disambiguationHints: k.disambiguationHints
  })),
  ...(data.declaration ? { declaration: data.declaration } : {})
})

const sizes = new WeakMap<WorkspaceData, number>()

/**
 * The size in bytes (UTF-8) a workspace's data takes in the store: what the byte quotas count.
 * Remembered per data object: the quota check and the memory store ask about the same one.
 */
export const storedBytes = (data: WorkspaceData): number => {
  let size = sizes.get(data)
  if (size === undefined) {
    size = Buffer.byteLength(JSON.stringify(encodeData(data)), "utf8")
    sizes.set(data, size)
  }
  return size
}
