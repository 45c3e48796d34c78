/**
 * The catalog, constants and formulas as MCP resources, for clients that browse rather than call:
 * fixed resources for the dimension list, the constants and the formula list, and templates for
 * one dimension's units and one formula (their variables complete, completions.ts). Each body is
 * what the matching list tool answers (the same data, the same shape), so nothing is said twice,
 * and each is served only while that tool is on (--toolsets, --read-only). And the error types,
 * which the server's instructions point to instead of listing them.
 */
import { Effect } from "effect"
import { allErrorTypes, errorMeanings, errorTypes } from "./repair/failures.ts"
import { listConstants } from "../tools/list_constants.ts"
import { listDimensions } from "../tools/list_dimensions.ts"
import { listFormulas } from "../tools/list_formulas.ts"
import { listUnits } from "../tools/list_units.ts"
import type { AnyTool } from "../tools/Tool.ts"
import type { Answer } from "./toolResult.ts"

export const scheme = "dimensional"

/** Every error type, what it means and whether a corrected call may help: what the instructions point to. */
export const errorsUri = `${scheme}://errors`

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
  {
    uri: errorsUri,
    name: "errors",
    description: "Every error type: what it means, whether a corrected call may help, and the shape of a failure",
    mimeType: "application/json"
  },
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

/** The list tool each resource and template is read through: served only while it is on. */
const readThrough: Readonly<Record<string, string>> = {
  [`${scheme}://dimensions`]: listDimensions.name,
  [`${scheme}://constants`]: listConstants.name,
  [`${scheme}://formulas`]: listFormulas.name,
  [`${scheme}://units/{dimension}`]: listUnits.name,
  [`${scheme}://formulas/{name}`]: listFormulas.name
}

const served = (on: ReadonlySet<string>) => (address: string) => readThrough[address] === undefined || on.has(readThrough[address])

/** The resources a server whose tools are `on` (by name) serves. */
export const resourcesFor = (on: ReadonlySet<string>): ReadonlyArray<ResourceEntry> => resources.filter((r) => served(on)(r.uri))

/** The resource templates a server whose tools are `on` serves. */
export const templatesFor = (on: ReadonlySet<string>): ReadonlyArray<ResourceTemplateEntry> => templates.filter((t) => served(on)(t.uriTemplate))

/** How to read a repair rule: may a corrected call help? */
const retried = (errorType: (typeof allErrorTypes)[number]): string => {
  const rule = errorTypes[errorType]
  return rule === "repair" ? "yes: a corrected call may succeed" : rule === "rename" ? "with the name its likely_fix gives" : `no: ${rule.never}`
}

/** The errors resource: the failure's fields, and every error type with its meaning and whether to correct and call again. */
export const errorsBody = () => ({
  failure: {
    error: "what went wrong, in words",
    error_type: "one of error_types below",
    parameter: "the argument at fault (a path: factors[1].numerator), or null",
    step: "the compute step at fault, or null",
    got: "what was received",
    expected: "what was expected",
    likely_fix: "one clear fix: apply it and call again",
    fix: "{parameter, value}: the whole corrected argument, ready to send",
    hints: "other possibilities: reason about them or ask the user",
    readings: "ambiguous_input: each reading with its value; ask which was meant",
    "issues, schema, validExample": "invalid_input: what is wrong with each field, the schema, and a call that works",
    retry_after_ms: "rate_limited: how long to wait"
  },
  error_types: allErrorTypes.map((errorType) => ({ error_type: errorType, meaning: errorMeanings[errorType], corrected_call_helps: retried(errorType) }))
})

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

/** The contents of a resource, or undefined for a URI this server does not serve (with its tools `on`). */
export const read = (uri: string, run: RunTool, on: ReadonlySet<string>) =>
  Effect.gen(function* () {
    const url = /^dimensional:\/\/([a-z]+)(?:\/(.+))?$/.exec(uri)
    if (!url) return undefined
    const [, kind, rest] = url
    if (kind === "errors" && rest === undefined) return body(uri, errorsBody())
    const address = rest === undefined ? `${scheme}://${kind}` : kind === "units" ? `${scheme}://units/{dimension}` : `${scheme}://formulas/{name}`
    if (!served(on)(address)) return undefined
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
