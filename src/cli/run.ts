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
import type { Effect } from "effect"
import { servesByDefault } from "./argv.ts"
import { fs } from "./fs.ts"

/**
 * A one-shot answer written straight to the file descriptor. `process.stdout` on a pipe (a shell's
 * `$(…)`, a script's spawn) is a socket stream whose set-up loads Node's net module: about 10 ms of a
 * one-shot command's 120 (issue 29). Falls back to the stream where the descriptor would block.
 */
const say = (fd: 1 | 2, text: string): void => {
  const bytes = Buffer.from(text)
  let written = 0
  try {
    while (written < bytes.length) written += fs.writeSync(fd, bytes, written)
  } catch {
    ;(fd === 1 ? process.stdout : process.stderr).write(bytes.subarray(written))
  }
}

/** The server's road: the bare command an MCP client spawns, and `mcp` (its flags on Effect's CLI module). */
export const main = (argv: ReadonlyArray<string>, stdinIsTerminal: boolean): Promise<Effect.Effect<void, unknown>> =>
  servesByDefault(argv, stdinIsTerminal)
    ? import("./serve.ts").then(({ serveMcp }) => serveMcp(false, {}))
    : import("./commands.ts").then((commands) => commands.runCommandLine(argv))

/** `dimensional --clear-cache`: removes the start-up snapshot's blobs, saying where and how much. */
const clearCache = async (): Promise<void> => {
  const { clearCache } = await import("../startup/cache.ts")
  const { dir, files, bytes } = clearCache()
  process.stdout.write(`${files === 0 ? "nothing to remove" : `removed ${files} file(s), ${(bytes / 1e6).toFixed(1)} MB`} in ${dir}\n`)
}

/**
 * Runs the command line as the process. The server (bare command from an MCP client, or `mcp`) runs
 * under NodeRuntime, whose signals interrupt it and whose outcome is the exit code; the bare command
 * at a terminal is a session (interactive.ts); every other command is a person's (people.ts), on the
 * engine alone.
 */
export const runCli = (argv: ReadonlyArray<string>, stdinIsTerminal: boolean): void => {
  if (argv[0] === "mcp" || servesByDefault(argv, stdinIsTerminal)) {
    void Promise.all([import("@effect/platform-node/NodeRuntime"), import("effect"), main(argv, stdinIsTerminal)]).then(
      ([NodeRuntime, { Cause, Exit }, program]) =>
        NodeRuntime.runMain(program, {
          teardown: (exit, onExit) => onExit(Exit.isFailure(exit) && !Cause.hasInterruptsOnly(exit.cause) ? 1 : ((process.exitCode as number | undefined) ?? 0))
        })
    )
    return
  }
  void (async () => {
    if (argv.length === 1 && argv[0] === "--clear-cache") return clearCache()
    // people.ts is the command line's own bundle (scripts/build.ts): keep this import in this file
    const { runPeople, startSession } = await import("./people.ts")
    if (argv.length === 0) return startSession()
    const { stdout, stderr, code } = await runPeople(argv)
    if (stdout !== "") say(1, `${stdout}\n`)
    if (stderr !== "") say(2, `${stderr}\n`)
    process.exitCode = code
  })().catch((e: unknown) => {
    say(2, `dimensional: ${e instanceof Error ? e.message : String(e)}\n`)
    process.exitCode = 1
  })
}
