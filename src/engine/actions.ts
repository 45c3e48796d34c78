/**
 * What a caller can do next, in the domain's words. An error names its next actions here (`next`),
 * the way it names the input at fault by a role; the tools layer says which tool does each
 * (tools/nextSteps.ts), so a library caller is never told which tool to call.
 */
export const Action = {
  convertPoint: "convert the value as a point on its scale, where the offset or the level's function applies",
  useDeltaUnits: "for a temperature difference, use difference units on both sides (delta_degC → delta_degF is the factor 1.8)",
  listDimensions: "list the dimension names",
  listKinds: "list the kinds of quantity",
  defineKind: "define a kind of quantity",
  listFormulas: "list the formulas with their parameters and dimensions",
  relateUnit: "relate the unit to a known one with a conversion edge",
  emptyWorkspace: "empty the workspace of its definitions",
  findUnit: "look the unit up among the catalog's units, by dimension or by text in its name",
  multiplyByFactor: "multiply by the factor that relates the two quantities, as a step of a factor chain"
} as const

export type Action = (typeof Action)[keyof typeof Action]

export const actions: ReadonlyArray<Action> = Object.values(Action)
