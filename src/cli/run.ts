/**
 * What the `dimensional` command runs, for a command line and whether stdin is a terminal: the
 * stdio server for the bare command an MCP client spawns (src/cli/serve.ts, without loading the
 * command-line parser), else the command line through Effect's CLI module (src/cli/commands.ts).
 * Shared by the two ways a process starts: src/cli/main.ts (the bundle, or the source in a checkout) and
 * the start-up snapshot's main (src/startup/snapshotEntry.ts).
 *
 * Exit codes: 0 success; 1 the answer is an error (unknown unit, dimension mismatch, …);
 * 2 the command line, or a setting, is wrong.
 */
// the module itself, not the package index: the index would bundle every Node platform module
import * as NodeRuntime from "@effect/platform-node/NodeRuntime"
import { Cause, Effect, Exit } from "effect"
import { serveMcp } from "./serve.ts"
import { servesByDefault } from "./argv.ts"

export const main = (argv: ReadonlyArray<string>, stdinIsTerminal: boolean): Effect.Effect<void, unknown> =>
  servesByDefault(argv, stdinIsTerminal)
    ? serveMcp(false, {})
    : argv.length === 1 && argv[0] === "--clear-cache"
      ? clearCacheCommand
      : Effect.flatMap(
          Effect.promise(() => import("./commands.ts")),
          (commands) => commands.runCommandLine(argv)
        )

/** `dimensional --clear-cache`: removes the start-up snapshot's blobs, saying where and how much. */
const clearCacheCommand = Effect.flatMap(
  Effect.promise(() => import("../startup/cache.ts")),
  ({ clearCache }) =>
    Effect.sync(() => {
      const { dir, files, bytes } = clearCache()
      process.stdout.write(`${files === 0 ? "nothing to remove" : `removed ${files} file(s), ${(bytes / 1e6).toFixed(1)} MB`} in ${dir}\n`)
    })
)

/** Runs `main` as the process: signals interrupt it, and its outcome is the exit code. */
export const runCli = (argv: ReadonlyArray<string>, stdinIsTerminal: boolean): void =>
  NodeRuntime.runMain(main(argv, stdinIsTerminal), {
    teardown: (exit, onExit) => onExit(Exit.isFailure(exit) && !Cause.hasInterruptsOnly(exit.cause) ? 1 : ((process.exitCode as number | undefined) ?? 0))
  })
