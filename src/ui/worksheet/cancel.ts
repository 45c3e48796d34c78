/**
 * Which written units the worksheet strikes through: the factor-label method done by hand. Each
 * factor's units meet those still standing from the start and the factors before it; a unit above
 * the line cancels the same unit below it. A cancellation is shown only where the server agrees:
 * after each factor, what stands must be the unit the server gave for that step (its `steps[i].unit`).
 * From the first step where it is not (an alias the text cannot see, `mcg` against `microgram`),
 * nothing more is struck: never a unit struck that did not cancel.
 */
import { type Reading, net, read, sameNet } from "./units.ts"

/** One written expression of the worksheet: the start's unit, or a factor's numerator or denominator. */
export interface Cell {
  readonly reading: Reading
  /** -1 when the expression stands below a fraction line. */
  readonly sign: 1 | -1
}

export interface Chain {
  /** The start's unit, then each factor's numerator and denominator. */
  readonly start: Cell
  readonly factors: ReadonlyArray<{ readonly numerator: Cell; readonly denominator: Cell }>
  /** Per cell (start = 0, then 1 + 2i and 2 + 2i), the indexes of its atoms that are struck. */
  readonly struck: ReadonlyArray<ReadonlySet<number>>
  /** Whether every step agreed with the server's units (else strikes stop where one did not). */
  readonly agreed: boolean
}

interface Standing {
  readonly cell: number
  readonly atom: number
  readonly name: string
  /** What of this written unit's power is still standing (signed as it acts on the product). */
  power: number
}

const cellOf = (text: string, sign: 1 | -1, ucum: boolean): Cell => ({ reading: read(text, ucum), sign })

/**
 * `start` is the starting unit; `factors` the written numerators and denominators; `stepUnits`
 * the server's unit after the start and after each factor (steps[0..n].unit).
 */
export const cancel = (
  start: string,
  factors: ReadonlyArray<{ readonly numerator: string; readonly denominator: string }>,
  stepUnits: ReadonlyArray<string>,
  ucum = false
): Chain => {
  const cells = [cellOf(start, 1, ucum), ...factors.flatMap((f) => [cellOf(f.numerator, 1, ucum), cellOf(f.denominator, -1, ucum)])]
  const struck = cells.map(() => new Set<number>())
  const standing: Array<Standing> = []
  const place = (cell: number) =>
    cells[cell]!.reading.atoms.map((a, atom) => ({ cell, atom, name: a.name, power: a.power * cells[cell]!.sign }) satisfies Standing)
  const agrees = (unit: string | undefined) =>
    unit !== undefined &&
    sameNet(
      net(standing.filter((s) => s.power !== 0)),
      // the server writes its units canonically (·, superscripts, parentheses), as UCUM codes in UCUM notation
      net(read(unit, ucum).atoms)
    )
  standing.push(...place(0))
  let agreed = agrees(stepUnits[0])
  for (let i = 0; agreed && i < factors.length; i++) {
    const marks: Array<readonly [number, number]> = []
    for (const cell of [1 + 2 * i, 2 + 2 * i]) {
      for (const incoming of place(cell)) {
        for (const other of standing) {
          if (incoming.power === 0) break
          if (other.name !== incoming.name || other.power === 0 || Math.sign(other.power) === Math.sign(incoming.power)) continue
          const used = Math.min(Math.abs(other.power), Math.abs(incoming.power))
          other.power -= Math.sign(other.power) * used
          incoming.power -= Math.sign(incoming.power) * used
          // a unit is struck once none of its written power is left (m in m³/m leaves m³ standing as m²)
          if (other.power === 0) marks.push([other.cell, other.atom])
        }
        if (incoming.power === 0) marks.push([incoming.cell, incoming.atom])
        else standing.push(incoming)
      }
    }
    agreed = agrees(stepUnits[i + 1])
    if (agreed) for (const [cell, atom] of marks) struck[cell]!.add(atom)
  }
  return {
    start: cells[0]!,
    factors: factors.map((_, i) => ({ numerator: cells[1 + 2 * i]!, denominator: cells[2 + 2 * i]! })),
    struck,
    agreed
  }
}
