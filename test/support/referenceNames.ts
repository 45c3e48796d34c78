// GNU units' and pint's unit names with their SI values (test/data/reference-names.json), and how
// the catalog reads each: agreeing, disagreeing, refused as ambiguous, or unknown.
import { readFileSync } from "node:fs"
import type { Catalog } from "../../src/engine/units/Catalog.ts"
import type { BaseKey } from "../../src/engine/Dimension.ts"
import * as Dimension from "../../src/engine/Dimension.ts"
import { isEngineError } from "../../src/engine/errors.ts"
import * as Rational from "../../src/engine/Rational.ts"
import { resolveUnitExpression } from "../../src/engine/units/UnitExpression.ts"

export interface Reading {
  readonly si: number
  readonly dimension: Partial<Record<BaseKey, number>>
}

export interface ReferenceName {
  readonly name: string
  readonly gnu?: Reading
  readonly pint?: Reading
}

export const referenceNames: ReadonlyArray<ReferenceName> = JSON.parse(readFileSync(new URL("../data/reference-names.json", import.meta.url), "utf8")).names

/** The catalog's dimension with what GNU units or pint count as dimensionless left out (angle, count, information). */
const comparable = (d: Dimension.Dimension): Dimension.Dimension =>
  Dimension.fromExponents({ L: d[0], M: d[1], T: d[2], I: d[3], Θ: d[4], N: d[5], J: d[6] } as Partial<Record<BaseKey, number>>)

/** Whether a reading and a resolved unit mean the same: same dimension, SI values within `tolerance`. */
export const agrees = (reading: Reading, factor: number, dimension: Dimension.Dimension, tolerance = 1e-6): boolean =>
  Dimension.equals(comparable(dimension), comparable(Dimension.fromExponents(reading.dimension))) &&
  Math.abs(factor - reading.si) <= tolerance * Math.abs(reading.si)

export type Verdict = "agrees" | "disagrees" | "refused" | "unknown"

/** How the catalog reads one reference name against one tool's reading of it. */
export const verdict = (catalog: Catalog, name: string, reading: Reading): Verdict => {
  const r = resolveUnitExpression(catalog, name)
  if (isEngineError(r)) return r._tag === "UnknownUnit" ? "unknown" : "refused"
  if (r.temperatureScale || r.level) return "refused"
  return agrees(reading, Rational.toNumber(r.factor), r.dimension) ? "agrees" : "disagrees"
}
