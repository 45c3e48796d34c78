/**
 * What a command line asks for, decided before anything else is loaded: both the CLI (src/cli/run.ts)
 * and the start-up launcher (src/startup/launch.ts, which the bin loads on every start) read it, so
 * it needs only node:fs (./fs.ts).
 */
import { fs } from "./fs.ts"

/**
 * With no command: an MCP client spawned us (stdin is a pipe), as every reference server is
 * configured (`npx -y dimensional-mcp`), so serve MCP over stdio; a person at a terminal gets the help.
 */
export const servesByDefault = (argv: ReadonlyArray<string>, stdinIsTerminal: boolean): boolean => argv.length === 0 && !stdinIsTerminal

/**
 * Whether the command line serves MCP over stdio: the bare command as above, or `mcp` without
 * `--http` (src/cli/commands.ts: `--http` is the one flag that picks the HTTP server; every other
 * flag of `mcp` is a setting of either). A line that names `--http` anywhere counts as HTTP, so
 * nothing that could serve HTTP is taken for stdio. Either way the process runs the same main
 * (src/cli/run.ts): this decides only whether it starts from the snapshot.
 */
export const servesStdio = (argv: ReadonlyArray<string>, stdinIsTerminal: boolean): boolean =>
  servesByDefault(argv, stdinIsTerminal) || (argv[0] === "mcp" && !argv.some((arg) => arg === "--http" || arg.startsWith("--http=")))

/**
 * Whether stdin may be a terminal, for `servesStdio` before the server is loaded: a terminal is a
 * character device, and a pipe or socket (what an MCP client gives) is not. /dev/null is one too,
 * so a bare command reading it counts as at a terminal here and starts without the snapshot (it
 * would serve nothing). Cheaper than `isatty`: node:tty loads net and the streams, about 2 ms
 * spent in a process the snapshot then replaces (the server asks `process.stdin.isTTY` itself).
 */
export const stdinMayBeTerminal = (): boolean => {
  try {
    return fs.fstatSync(0).isCharacterDevice()
  } catch {
    return true
  }
}
