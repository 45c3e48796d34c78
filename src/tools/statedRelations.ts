/**
 * The arguments by which a caller states what the units alone do not carry (convert and compute
 * take them): a molar mass or substance, a physical equivalence, the atmosphere of a gauge pressure.
 */
import { Schema } from "effect"
import type { StatedRelations } from "../engine/conversion/convert.ts"
import { Role } from "../engine/roles.ts"
import { equivalences } from "../engine/conversion/StatedRelation.ts"

export const statedRelationFields = {
  molar_mass: Schema.optional(Schema.NonEmptyString.annotate({ description: "e.g. '180.156 g/mol'" })),
  substance: Schema.optional(Schema.NonEmptyString.annotate({ description: "e.g. glucose, BUN" })),
  equivalence: Schema.optional(Schema.Literals(equivalences)),
  atmospheric_pressure: Schema.optional(Schema.NonEmptyString.annotate({ description: "e.g. '1 atm'" }))
}

export interface StatedRelationArguments {
  readonly molar_mass?: string | undefined
  readonly substance?: string | undefined
  readonly equivalence?: (typeof equivalences)[number] | undefined
  readonly atmospheric_pressure?: string | undefined
}

export const statedRelationRoles = {
  [Role.molarMass]: "molar_mass",
  [Role.substance]: "substance",
  [Role.equivalence]: "equivalence",
  [Role.atmosphere]: "atmospheric_pressure"
} as const

export const statedRelations = (input: StatedRelationArguments, extra: Pick<StatedRelations, "valence" | "particles"> = {}): StatedRelations => ({
  ...extra,
  molarMass: input.molar_mass,
  substance: input.substance,
  equivalence: input.equivalence,
  atmosphere: input.atmospheric_pressure
})
