/**
 * The one place where advice names a tool: each next action the engine can name (engine/actions.ts),
 * as the step an MCP agent takes. Appended to an error's hints by the failure mapping.
 */
import { Action } from "../engine/actions.ts"
import type { ToolFailure } from "./Tool.ts"

export const nextStep: Readonly<Record<Action, string>> = {
  [Action.convertPoint]: "Use convert for absolute temperatures and levels: it applies the offset or the level's function",
  [Action.useDeltaUnits]: "For temperature differences use delta units (delta_degC → delta_degF is the factor 1.8)",
  [Action.listDimensions]: "Call list_dimensions to see the dimension names",
  [Action.listKinds]: "Call list_quantity_kinds to see all kinds",
  [Action.defineKind]: "Or register one with define_quantity_kind",
  [Action.listFormulas]: "Call list_formulas to see each formula's parameters and dimensions",
  [Action.relateUnit]: "Relate it to a known unit with define_conversion",
  [Action.emptyWorkspace]: "reset_session empties the workspace of its units, conversions, constants and kinds",
  [Action.findUnit]: "Call list_units (by dimension, or query: text in a name) to find the name",
  [Action.multiplyByFactor]: "Give that factor to compute as a step (value, numerator, denominator)"
}

/** A failure's hints followed by its next steps, named as tools. */
export const hintsOf = (failure: ToolFailure): Array<string> => [...failure.hints, ...(failure.next ?? []).map((a) => nextStep[a])]
