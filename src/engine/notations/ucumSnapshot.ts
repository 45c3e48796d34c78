/**
 * UCUM's atom table, precomputed. UCUM's own table (ucumAtoms.ts) stays the source of truth; what
 * costs the first call that writes or reads a UCUM code (every convert result carries one) is
 * evaluating 300 definitions against the atoms before them, pass after pass. scripts/build.ts does
 * that once and writes each atom's evaluation, in table order, into the bundle
 * (precomputedAtoms.ts); the table is then made from them with the same `defineAtom`
 * (ucum.ts: atomTableFrom). test/engine/catalogSnapshot.test.ts proves the restored table equals
 * the evaluated one.
 *
 * Never misread: a snapshot of another layout version or UCUM version, or naming an atom the
 * table does not hold, is not read (the table is then evaluated); a factor JSON cannot carry
 * exactly (NaN, ±Infinity) refuses the snapshot at build time.
 */
import { dimensionTable, exactFactor, frozenDimensions } from "../snapshotJson.ts"
import type { AtomEvaluation, EvaluatedAtoms } from "./ucum.ts"
import { ucumVersion, units } from "./ucumAtoms.ts"

/** Bump when the layout below changes. */
export const atomSnapshotVersion = 3

interface Snapshot {
  readonly version: number
  readonly ucum: string
  readonly dimensions: ReadonlyArray<ReadonlyArray<number>>
  /** In table order: [index in ucumAtoms.ts's units, its code, dimension index, factor n, factor d, factor's power of π, of ten, arbitrary name or 0]. */
  readonly atoms: ReadonlyArray<readonly [number, string, number, number, number, number, number, string | 0]>
}

/** The snapshot of an evaluated table, as the JSON text the bundle carries. */
export const snapshotAtoms = (evaluated: EvaluatedAtoms): string => {
  const { dimensions, indexOf } = dimensionTable()
  const atoms = evaluated.order.map(({ unit, evaluation }): Snapshot["atoms"][number] => {
    const [n, d, pi, ten] = exactFactor(evaluation.factor, `UCUM snapshot: the factor of '${unit.code}'`)
    return [units.indexOf(unit), unit.code, indexOf(evaluation.dimension), n, d, pi, ten, evaluation.arbitraryName ?? 0]
  })
  const snapshot: Snapshot = { version: atomSnapshotVersion, ucum: ucumVersion, dimensions, atoms }
  return JSON.stringify(snapshot)
}

/** The evaluations a snapshot holds, in table order, or undefined when it is of another version or names an atom UCUM's table lacks. */
export const readAtoms = (text: string): EvaluatedAtoms["order"] | undefined => {
  const snapshot = JSON.parse(text) as Snapshot
  if (snapshot.version !== atomSnapshotVersion || snapshot.ucum !== ucumVersion) return undefined
  const dimensions = frozenDimensions(snapshot.dimensions)
  const order: Array<EvaluatedAtoms["order"][number]> = []
  for (const [i, code, d, n, den, pi, ten, name] of snapshot.atoms) {
    const unit = units[i]
    const dimension = dimensions[d]
    if (unit?.code !== code || dimension === undefined) return undefined
    const evaluation: AtomEvaluation = { dimension, factor: { n, d: den, pi, ten }, ...(name === 0 ? {} : { arbitraryName: name }) }
    order.push({ unit, evaluation })
  }
  return order
}
