/**
 * Units an agent defines (define_unit, inline custom_units) and the edges that relate them
 * (define_conversion, inline custom_edges: dst = src × factor + offset). A custom unit's SI factor
 * is found by walking edges to a unit whose factor is known; until then the unit is unconnected and
 * converts only to itself. Built-in units are never redefined: an edge between two built-in units
 * that disagrees with the catalog is refused, and a custom unit that repeats a built-in one with the
 * same dimension is accepted as the built-in.
 */
import { Catalog, type UnitRecord } from "./Catalog.ts"
import * as Dimension from "../Dimension.ts"
import * as DimensionNames from "../DimensionNames.ts"
import { InvalidInput, isEngineError, type UnitError } from "../errors.ts"
import { Role } from "../roles.ts"
import * as Rational from "../Rational.ts"
import { resolveUnitExpression } from "./UnitExpression.ts"

export interface CustomUnit {
  readonly name: string
  readonly dimension: Dimension.Dimension
  readonly aliases: ReadonlyArray<string>
  /** When set, one of this unit is `value` × `unit` (how a session constant becomes usable as a unit). */
  readonly definition?: { readonly value: number; readonly unit: string }
}

export interface CustomEdge {
  readonly src: string
  readonly dst: string
  readonly factor: number
  readonly offset: number
}

interface Link {
  readonly factor: Rational.Rational
  readonly offset: Rational.Rational
}

/**
 * Builds the overlay catalog holding `units` over `base`, with factors found through `edges`.
 * Fails with InvalidInput when an edge names a unit nobody defined or contradicts dimensions.
 */
export const overlayCatalog = (base: Catalog, units: ReadonlyArray<CustomUnit>, edges: ReadonlyArray<CustomEdge>): Catalog | InvalidInput | UnitError => {
  if (units.length === 0 && edges.length === 0) return base
  const byName = new Map<string, CustomUnit>()
  for (const u of units) for (const n of [u.name, ...u.aliases]) byName.set(n, u)
  const known = new Map<CustomUnit, Link>()
  // a unit defined as value × expression takes that expression's dimension
  const definedDimension = new Map<CustomUnit, Dimension.Dimension>()
  for (const u of units) {
    if (!u.definition) continue
    const r = resolveUnitExpression(base, u.definition.unit)
    if (isEngineError(r)) return r
    known.set(u, { factor: Rational.multiply(Rational.fromNumber(u.definition.value), r.factor), offset: Rational.zero })
    definedDimension.set(u, r.dimension)
  }
  const linkOf = (name: string, custom: CustomUnit | undefined, builtins: boolean): Link | undefined | UnitError => {
    if (custom) return known.get(custom)
    if (!builtins) return undefined
    const r = resolveUnitExpression(base, name)
    if (isEngineError(r)) return r
    return { factor: r.factor, offset: r.temperatureScale?.offset ?? Rational.zero }
  }
  /** Follows the edges from what is known until nothing new resolves; `builtins`: whether a built-in end counts as known. */
  const walk = (builtins: boolean, joined?: (u: CustomUnit) => void): UnitError | undefined => {
    let progress = true
    while (progress) {
      progress = false
      for (const edge of edges) {
        const src = byName.get(edge.src)
        const dst = byName.get(edge.dst)
        const a = Rational.fromNumber(edge.factor)
        const b = Rational.fromNumber(edge.offset)
        if (src && !known.has(src)) {
          const target = linkOf(edge.dst, dst, builtins)
          if (target && "_tag" in target) return target
          if (target) {
            // kelvin of src x: ((x·a + b) + off_dst) × f_dst = (x + (b + off_dst)/a) × a·f_dst
            known.set(src, { factor: Rational.multiply(a, target.factor), offset: Rational.divide(Rational.add(b, target.offset), a) })
            joined?.(src)
            progress = true
          }
        } else if (dst && !known.has(dst)) {
          const source = linkOf(edge.src, src, builtins)
          if (source && "_tag" in source) return source
          if (source) {
            // y = x·a + b, so x = (y − b)/a: dst has factor f_src/a and offset a·off_src − b... expressed on dst's scale
            known.set(dst, { factor: Rational.divide(source.factor, a), offset: Rational.subtract(Rational.multiply(source.offset, a), b) })
            joined?.(dst)
            progress = true
          }
        }
      }
    }
    return undefined
  }
  // edges between custom units and known units
  const failed = walk(true)
  if (failed) return failed
  // custom units related only to one another (widget → gizmo): a group that converts within itself,
  // its first unit taken as 1 and the rest placed by the edges, and to no other unit, since no edge
  // says what any of them is in SI
  const group = new Map<CustomUnit, string>()
  for (const u of units) {
    if (known.has(u) || !edges.some((e) => byName.get(e.src) === u || byName.get(e.dst) === u)) continue
    known.set(u, { factor: Rational.one, offset: Rational.zero })
    group.set(u, u.name)
    walk(false, (joined) => group.set(joined, u.name))
  }
  const overlay = new Catalog(base)
  for (const u of units) {
    const link = known.get(u)
    const record: UnitRecord = {
      symbol: u.aliases[0] ?? u.name,
      name: u.name,
      aliases: u.aliases.slice(1),
      names: [],
      plurals: false,
      dimension: definedDimension.get(u) ?? u.dimension,
      factor: link?.factor ?? Rational.one,
      offset: link && !Rational.equals(link.offset, Rational.zero) ? link.offset : undefined,
      logarithmic: undefined,
      prefixes: "none",
      exact: false,
      source: "session",
      note: group.has(u)
        ? `custom unit related only to custom units (those of '${group.get(u)}'): it converts among them, and to a known unit once an edge relates one of them`
        : link
          ? undefined
          : "custom unit with no conversion edge yet: relate it to a known unit with a conversion edge",
      system: "custom",
      custom: true,
      unconnected: link === undefined || group.has(u),
      ...(group.has(u) ? { group: group.get(u)! } : {})
    }
    const clashes = overlay.add(record, [])
    if (clashes.length > 0) {
      return new InvalidInput({
        message: `Custom unit '${u.name}' clashes with existing names: ${clashes.join(", ")}`,
        role: Role.customUnits,
        hints: ["Choose a name and aliases that no built-in or session unit uses"]
      })
    }
  }
  return overlay
}

/** The unit already known under `name` with the same dimension, when a custom definition merely repeats it. */
export const builtinEquivalent = (base: Catalog, name: string, dimension: Dimension.Dimension): UnitRecord | undefined => {
  const r = base.resolve(name)
  return r && !r.prefix && Dimension.equals(r.unit.dimension, dimension) ? r.unit : undefined
}

/**
 * An edge between two units the catalog already relates (slug → kg) would redefine a built-in
 * unit. It is never applied; the returned note says whether the agent's factor agrees.
 */
export const checkBuiltinEdge = (catalog: Catalog, edge: CustomEdge): string | UnitError | InvalidInput => {
  const src = resolveUnitExpression(catalog, edge.src)
  if (isEngineError(src)) return src
  const dst = resolveUnitExpression(catalog, edge.dst)
  if (isEngineError(dst)) return dst
  if (!Dimension.equals(src.dimension, dst.dimension)) {
    return new InvalidInput({
      message: `Edge ${edge.src} → ${edge.dst} relates ${DimensionNames.describe(src.dimension)} to ${DimensionNames.describe(dst.dimension)}`,
      hints: ["A conversion edge must join units of the same dimension"]
    })
  }
  const slope = Rational.toNumber(Rational.divide(src.factor, dst.factor))
  const intercept =
    src.temperatureScale || dst.temperatureScale
      ? Rational.toNumber(
          Rational.subtract(
            Rational.multiply(src.temperatureScale?.offset ?? Rational.zero, Rational.divide(src.factor, dst.factor)),
            dst.temperatureScale?.offset ?? Rational.zero
          )
        )
      : 0
  const off = Math.abs(edge.factor - slope) / Math.abs(slope)
  const agrees = off <= 1e-9 && Math.abs(edge.offset - intercept) <= 1e-9 * Math.max(1, Math.abs(intercept))
  const truth = `1 ${edge.src} = ${Number(slope.toPrecision(15))} ${edge.dst}${intercept !== 0 ? ` + ${Number(intercept.toPrecision(15))}` : ""}`
  return agrees
    ? `Edge ${edge.src} → ${edge.dst} matches the built-in conversion (${truth}); nothing to add`
    : `Edge ${edge.src} → ${edge.dst} (factor ${edge.factor}${edge.offset ? `, offset ${edge.offset}` : ""}) was NOT applied: both units are built in and ${truth} exactly (your factor is off by ${(off * 100).toPrecision(3)}%). Built-in units are never redefined; define a unit with a new name to use your own factor`
}
