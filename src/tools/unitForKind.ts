// Resolving a unit for the kind-of-quantity tools, whose contract names a bad unit `invalid_unit`.
import { Effect } from "effect"
import type { Catalog } from "../engine/units/Catalog.ts"
import { InvalidUnit, isEngineError } from "../engine/errors.ts"
import { type UnitExpression, resolveUnitExpression } from "../engine/units/UnitExpression.ts"

export const unitForKind = (catalog: Catalog, unit: string, parameter: string): Effect.Effect<UnitExpression, InvalidUnit> =>
  Effect.suspend(() => {
    const r = resolveUnitExpression(catalog, unit)
    if (!isEngineError(r)) return Effect.succeed(r)
    return Effect.fail(new InvalidUnit({ message: `Invalid unit '${unit}': ${r.message}`, parameter, got: unit, likelyFix: r.likelyFix, hints: [...r.hints] }))
  })
