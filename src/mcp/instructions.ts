/**
 * The server's instructions: what a host with tool search shows of the server before any tool is
 * picked (only tool names and these), so they say which tool answers which question, how to act on
 * a failure, and where the rest is (the errors resource), in at most 1,000 characters with every
 * tool on (test/e2e/hosts.test.ts). Each clause names only tools that are on: with --toolsets or
 * --read-only the instructions shrink with the listing.
 */
import { errorsUri } from "./resources.ts"

/** One clause, said when every tool it names is on. */
interface Clause {
  readonly needs: ReadonlyArray<string>
  readonly text: string
}

const clauses: ReadonlyArray<Clause> = [
  { needs: ["convert"], text: "convert: a value to another unit." },
  { needs: ["compute", "decompose"], text: "compute: dose and rate chains (mg/kg/d, drips); decompose builds one from units." },
  { needs: ["compute"], text: "compute: dose and rate chains (mg/kg/d, drips)." },
  { needs: ["check_dimensions", "add_quantities"], text: "check_dimensions before adding or comparing; add_quantities sums mixed units." },
  { needs: ["check_dimensions"], text: "check_dimensions before adding or comparing quantities." },
  { needs: ["call_formula"], text: "call_formula: named formulas." },
  { needs: ["list_constants"], text: "list_constants: CODATA values." },
  { needs: ["declare_computation", "validate_result"], text: "declare_computation, then validate_result: is a result the kind asked for?" }
]

/** The clauses to say: those whose tools are all on, the first of those that begin with the same tool. */
const said = (has: (name: string) => boolean): ReadonlyArray<string> => {
  const told = new Set<string>()
  return clauses.flatMap((c) => {
    if (!c.needs.every(has) || told.has(c.needs[0]!)) return []
    told.add(c.needs[0]!)
    return [c.text]
  })
}

/** The instructions for a server whose tools are `on` (by name). */
export const instructionsFor = (on: ReadonlySet<string>): string => {
  const named = (prefix: string) => [...on].some((name) => name.startsWith(prefix))
  return [
    "Unit-safe arithmetic: never convert units by hand.",
    ...said((name) => on.has(name)),
    ...(named("list_") ? ["list_* find names, a page at a time (pass next_cursor as cursor)."] : []),
    ...(named("define_")
      ? ["define_* add units, conversions, constants, kinds to a workspace: pass the id it gives as `workspace` later (a 2025-era connection has its own)."]
      : []),
    "Unknown arguments are refused.",
    "On isError: apply likely_fix (or send fix.value as fix.parameter) and call again; else use hints or ask the user (ambiguous_input: ask which reading).",
    "A result with `corrections` ran on adjusted arguments: check them.",
    `Error types: resource ${errorsUri}.`
  ].join(" ")
}
