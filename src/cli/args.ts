/**
 * A command line of the people's commands (convert, check, units, constant, formula, compute) read
 * against a small spec: its positional arguments and its flags. A line that does not fit is one
 * sentence saying what is wrong (the caller prints it with the command's usage line and exits 2):
 * never the whole help. The server's own command (`mcp`), with its forty settings, stays on Effect's
 * CLI module (commands.ts); these commands answer in a fraction of its start-up.
 */
import { closestNames } from "../engine/similarity.ts"

export type FlagSpec =
  | { readonly kind: "boolean" }
  | { readonly kind: "string"; readonly metavar: string; readonly choices?: ReadonlyArray<string> }
  | { readonly kind: "count"; readonly min: number; readonly max: number }

export interface CommandSpec {
  readonly name: string
  /** One line: `dimensional convert <value> <from> <to> | <quantity> <to> [flags]`. */
  readonly usage: string
  /** A few lines for --help: what it does and each flag. */
  readonly help: ReadonlyArray<string>
  /** How many positional arguments it takes, at least and at most. */
  readonly positionals: readonly [min: number, max: number]
  readonly flags: Readonly<Record<string, FlagSpec>>
}

export interface Parsed {
  readonly positionals: ReadonlyArray<string>
  readonly flags: Readonly<Record<string, string | number | boolean | undefined>>
  readonly help: boolean
}

const closest = (name: string, names: ReadonlyArray<string>): string | undefined => closestNames(name, names, 1)[0]

/** Reads `argv` (after the command's name) against the spec, or says in one sentence what is wrong. */
export const parseArgs = (spec: CommandSpec, argv: ReadonlyArray<string>): Parsed | { readonly mistake: string } => {
  const positionals: Array<string> = []
  const flags: Record<string, string | number | boolean | undefined> = {}
  let help = false
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!
    // a negative number is a value, not a flag: convert -40 degC degF
    if (!arg.startsWith("--") || /^-\d/.test(arg)) {
      if (arg === "-h") help = true
      else positionals.push(arg)
      continue
    }
    if (arg === "--") {
      positionals.push(...argv.slice(i + 1))
      break
    }
    const [name, inline] = arg.slice(2).split(/=(.*)/s, 2) as [string, string | undefined]
    if (name === "help") {
      help = true
      continue
    }
    const flag = spec.flags[name]
    if (flag === undefined) {
      const near = closest(name, Object.keys(spec.flags))
      return { mistake: `unknown flag --${name}${near ? ` (did you mean --${near}?)` : ""}` }
    }
    if (flag.kind === "boolean") {
      flags[name] = true
      continue
    }
    const value = inline ?? argv[++i]
    if (value === undefined || (inline === undefined && value.startsWith("--"))) return { mistake: `--${name} needs a value` }
    if (flag.kind === "count") {
      const n = Number(value)
      if (!Number.isInteger(n) || n < flag.min || n > flag.max) return { mistake: `--${name} must be between ${flag.min} and ${flag.max}, got ${value}` }
      flags[name] = n
    } else {
      if (flag.choices && !flag.choices.includes(value)) return { mistake: `--${name} takes ${flag.choices.join(", ")}, got ${value}` }
      flags[name] = value
    }
  }
  const [min, max] = spec.positionals
  if (!help && (positionals.length < min || positionals.length > max))
    return {
      mistake:
        positionals.length < min
          ? `${spec.name} needs ${min === max ? min : `at least ${min}`} argument${min === 1 ? "" : "s"}, got ${positionals.length}`
          : `${spec.name} takes at most ${max} arguments, got ${positionals.length}: quote a unit or quantity with spaces ('5 ft 11 in')`
    }
  return { positionals, flags, help }
}
