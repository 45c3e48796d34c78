/**
 * The catalog, constants and formulas as MCP resources, for clients that browse rather than call:
 * fixed resources for the dimension list, the constants and the formula list, and templates for
 * one dimension's units and one formula, with completion of their arguments. Each body is what the
 * matching list tool answers (the same data, the same shape), so nothing is said twice.
 */
import { Effect } from "effect"
import * as DimensionNames from "../engine/DimensionNames.ts"
import { FormulaRegistry } from "../services/FormulaRegistry.ts"
import { listConstants } from "../tools/list_constants.ts"
import { listDimensions } from "../tools/list_dimensions.ts"
import { listFormulas } from "../tools/list_formulas.ts"
import { listUnits } from "../tools/list_units.ts"
import type { AnyTool } from "../tools/Tool.ts"
import type { Answer } from "./toolResult.ts"

export const scheme = "dimensional"

export interface ResourceEntry {
  readonly uri: string
  readonly name: string
  readonly description: string
  readonly mimeType: string
}

export interface ResourceTemplateEntry {
  readonly uriTemplate: string
  readonly name: string
  readonly description: string
  readonly mimeType: string
}

export const resources: ReadonlyArray<ResourceEntry> = [
  { uri: `${scheme}://dimensions`, name: "dimensions", description: "Named dimensions and the pseudo-dimensions", mimeType: "application/json" },
  { uri: `${scheme}://constants`, name: "constants", description: "CODATA 2022 constants with standard uncertainties", mimeType: "application/json" },
  {
    uri: `${scheme}://formulas`,
    name: "formulas",
    description: "Every domain formula with its parameters, output unit and example",
    mimeType: "application/json"
  }
]

export const templates: ReadonlyArray<ResourceTemplateEntry> = [
  { uriTemplate: `${scheme}://units/{dimension}`, name: "units", description: "The units of one dimension (e.g. pressure)", mimeType: "application/json" },
  { uriTemplate: `${scheme}://formulas/{name}`, name: "formula", description: "One formula (e.g. bmi)", mimeType: "application/json" }
]

/** Runs one of the list tools as the server would: what happened (its structured result, or its error). */
export type RunTool = (
  tool: AnyTool,
  args: Record<string, unknown>
  // biome-ignore lint/suspicious/noExplicitAny: the server's context provides the tools' requirements (see server.ts)
) => Effect.Effect<Answer, never, any>

const body = (uri: string, value: unknown) => ({ contents: [{ uri, mimeType: "application/json", text: JSON.stringify(value) }] })

const decoded = (text: string): string | null => {
  try {
    return decodeURIComponent(text)
  } catch {
    return null
  }
}

/** The contents of a resource, or undefined for a URI this server does not serve. */
export const read = (uri: string, run: RunTool) =>
  Effect.gen(function* () {
    const url = /^dimensional:\/\/([a-z]+)(?:\/(.+))?$/.exec(uri)
    if (!url) return undefined
    const [, kind, rest] = url
    const argument = rest === undefined ? undefined : decoded(rest)
    // a malformed escape (%E0%A4%A) names no resource: unknown, not a server fault
    if (argument === null) return undefined
    if (kind === "dimensions" && argument === undefined) return body(uri, (yield* run(listDimensions, {})).result.structuredContent)
    if (kind === "constants" && argument === undefined) return body(uri, (yield* run(listConstants, {})).result.structuredContent)
    if (kind === "formulas") {
      const all = (yield* run(listFormulas, {})).result.structuredContent as { result: Array<{ name: string }> }
      if (argument === undefined) return body(uri, all)
      const one = all.result.find((f) => f.name === argument)
      return one ? body(uri, one) : undefined
    }
    if (kind === "units" && argument !== undefined) {
      const r = yield* run(listUnits, { dimension: argument, limit: 100 })
      return r.errorType !== undefined ? undefined : body(uri, r.result.structuredContent)
    }
    return undefined
  })

/** Values for a template argument that start with what the client has typed (at most 100). */
export const complete = (template: string, argument: string, typed: string) =>
  Effect.gen(function* () {
    const lower = typed.toLowerCase()
    const starting = (names: ReadonlyArray<string>) => names.filter((n) => n.toLowerCase().startsWith(lower)).slice(0, 100)
    if (template === `${scheme}://units/{dimension}` && argument === "dimension") return starting(DimensionNames.allNames())
    if (template === `${scheme}://formulas/{name}` && argument === "name")
      return starting((yield* (yield* FormulaRegistry).list).map((f) => f.formula.name).sort())
    return []
  })
