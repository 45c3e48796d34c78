// A command line of settings as `dimensional mcp` reads it: through the settings table's own flags
// (src/cli/settings.ts, Effect's CLI parser), to the config values the server's ConfigProvider gets.
// Tests of a setting go through this, the live road, never a parser of their own.
import * as NodeServices from "@effect/platform-node/NodeServices"
import { Console, Effect } from "effect"
import { Command } from "effect/cli"
import { settingFlags, valuesOf } from "../../src/cli/settings.ts"

/** Parses `argv` with the flags `dimensional mcp` has (settingFlags) and reads them as it does (valuesOf). */
const readSettings = (argv: ReadonlyArray<string>) =>
  Effect.gen(function* () {
    let values: Record<string, string> | undefined
    const command = Command.make("mcp", settingFlags, (parsed) => Effect.sync(() => void (values = valuesOf(parsed))))
    yield* Command.runWith(command, { version: "0" })(argv)
    if (values === undefined) return yield* Effect.fail(new Error(`the command line was refused: ${argv.join(" ")}`))
    return values
  })

/** The config values (keyed like the environment) that `argv` sets; rejects when the parser refuses the line. */
export const flagValues = (argv: ReadonlyArray<string>): Promise<Record<string, string>> =>
  Effect.runPromise(readSettings(argv).pipe(Effect.provideService(Console.Console, quiet), Effect.provide(NodeServices.layer)))

/** The parser's help for a refused line stays out of the test output. */
const quiet: Console.Console = { ...globalThis.console, log: () => undefined, error: () => undefined, info: () => undefined, warn: () => undefined }
