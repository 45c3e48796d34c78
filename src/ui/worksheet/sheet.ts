/**
 * The worksheet's shape: what model.ts and conversion.ts read a call into, and render.ts draws.
 */
import type { Chain } from "./cancel.ts"

export type Json = Readonly<Record<string, unknown>>

export interface Quantity {
  readonly quantity: number
  readonly unit: string
}

/** The result, shown large. */
export interface Outcome extends Quantity {
  /** The answer in parts, largest first, where a unit list was asked for (5 ft 10.866142 in). */
  readonly parts?: ReadonlyArray<Quantity>
  readonly dimension: string | undefined
  readonly uncertainty: number | null
  readonly ucum: string | null
}

/** A row of the table: a factor (a fraction) or an operation said in words, and the value after it. */
export type Row =
  | {
      readonly kind: "factor"
      readonly value: number
      /** A number written below the line before the denominator (convert's "1 ft"). */
      readonly below: number | undefined
      readonly index: number
      readonly after: Quantity | undefined
    }
  | { readonly kind: "words"; readonly text: string; readonly after: Quantity | undefined }
  | { readonly kind: "input"; readonly text: string }

export interface Worked {
  readonly kind: "worked"
  readonly tool: "compute" | "convert" | "call_formula"
  readonly title: string
  /**
   * The starting quantity as written (its unit is chain.start; `written` for a unit list, 5 ft 11 in)
   * and as the server read it, or the formula's name.
   */
  readonly start: { readonly value: number; readonly unit: string; readonly written?: string; readonly read: Quantity } | { readonly formula: string }
  /** The unit asked for, as written (ft;in), or the result's. */
  readonly target: string
  readonly chain: Chain | undefined
  readonly rows: ReadonlyArray<Row>
  readonly outcome: Outcome
  readonly relations: ReadonlyArray<string>
  readonly notes: ReadonlyArray<string>
  readonly warnings: ReadonlyArray<string>
  /** What a conversion to another unit repeats: the tool's own arguments, or the result as a value. */
  readonly reconvert: Json
}

export interface Reading {
  readonly meaning: string
  readonly value: number | null
  readonly unit: string
}

export interface Refused {
  readonly kind: "refused"
  readonly asked: string | undefined
  readonly type: string
  readonly error: string
  readonly parameter: string | null
  readonly step: number | null
  readonly readings: ReadonlyArray<Reading>
  /** The unit the readings' values are in (convert's to_unit), when the call named one. */
  readonly readingUnit: string | undefined
  readonly likelyFix: string | null
  readonly hints: ReadonlyArray<string>
}

export type Worksheet = Worked | Refused | { readonly kind: "unknown"; readonly text: string }

export const isObject = (u: unknown): u is Json => typeof u === "object" && u !== null && !Array.isArray(u)
export const strings = (u: unknown): Array<string> => (Array.isArray(u) ? u.filter((s): s is string => typeof s === "string") : [])
export const numberOr = <A>(u: unknown, otherwise: A): number | A => (typeof u === "number" && Number.isFinite(u) ? u : otherwise)

/** Quantities as a person writes them in a row: 5 ft 11 in. */
export const inParts = (parts: ReadonlyArray<Quantity>, show: (x: number) => string): string => parts.map((p) => `${show(p.quantity)} ${p.unit}`).join(" ")
