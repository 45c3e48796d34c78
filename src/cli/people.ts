/**
 * The command line as a person types it: `dimensional convert …`, `check`, `compute`, `units`,
 * `constant`, `formula`, `--help`, `--version`, and the session at a terminal. Loaded without the
 * MCP server (src/cli/run.ts loads that only for `mcp` and the bare command an MCP client spawns),
 * and built as a bundle of its own (scripts/build.ts), so a one-shot answer costs the engine's
 * start, not the server's.
 */
import { closestNames } from "../engine/similarity.ts"
import { version } from "../mcp/version.ts"
import type { CommandSpec } from "./args.ts"
import { builtinCatalog, mistake, type Outcome, runHuman, specs } from "./human.ts"

const browsing = ["units", "constant", "formula"]
const commandNames = [...specs.map((s) => s.name), ...browsing, "mcp"]

const help = (): string =>
  [
    "dimensional: unit-safe arithmetic (https://github.com/dimensional-mcp/dimensional-mcp)",
    "",
    "usage: dimensional <command> [arguments] [flags]       (dimensional <command> --help for one)",
    "  convert   a value between units: convert 5 km mi; convert '5 ft + 11 in' cm; convert 1.8 m 'ft;in'",
    "  check     whether two units convert: check kg lb",
    "  compute   a factor-label chain: compute '1000 mL' '15 gtt/mL' '1/(480 min)' --to gtt/min",
    "  units     list units: units --dimension pressure",
    "  constant  CODATA 2022 constants: constant G; constant --category exact",
    "  formula   dimension-checked formulas: formula bmi mass='70 kg' height='1.75 m'",
    "  mcp       serve MCP (stdio; --http for Streamable HTTP; mcp --help for its settings)",
    "",
    "With no command: at a terminal, a session (You have: / You want:); from an MCP client, the stdio server.",
    "--clear-cache removes the stdio server's start-up snapshot. Exit codes: 0 answered, 1 the answer is an error, 2 a wrong command line."
  ].join("\n")

/** Runs a person's command line (not `mcp`, not the bare command): what to print and the exit code. */
export const runPeople = async (argv: ReadonlyArray<string>): Promise<Outcome> => {
  const [command, ...rest] = argv
  if (command === "--version" || command === "-v" || command === "version") return { stdout: `dimensional v${version}`, stderr: "", code: 0 }
  if (command === "--help" || command === "-h" || command === "help") return { stdout: help(), stderr: "", code: 0 }
  const spec = specs.find((s) => s.name === command)
  if (spec !== undefined) return runHuman(spec, rest)
  if (browsing.includes(command ?? "")) {
    const { browseSpecs, browseHandlers } = await import("./browse.ts")
    const browse = browseSpecs.find((s) => s.name === command)!
    const { parseArgs } = await import("./args.ts")
    const args = parseArgs(browse, rest)
    if ("mistake" in args) return mistake(browse, args.mistake)
    if (args.help) return { stdout: [browse.usage.replace(/^dimensional/, "usage: dimensional"), ...browse.help].join("\n"), stderr: "", code: 0 }
    const outcome = await browseHandlers[browse.name]!(args)
    return "mistake" in outcome ? mistake(browse, outcome.mistake) : outcome
  }
  const near = closestNames(command ?? "", commandNames, 1)[0]
  return mistake(undefined as CommandSpec | undefined, `unknown command '${command}'${near ? ` (did you mean ${near}?)` : ""}`)
}

/** The bare command at a terminal: a session (You have: / You want:), until Ctrl-D. */
export const startSession = async (): Promise<void> => {
  const { runSession } = await import("./interactive.ts")
  return runSession(builtinCatalog())
}
