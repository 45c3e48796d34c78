/**
 * The `dimensional` (alias `dimensional-mcp`) command. For people: `convert`, `check`, `units`; for
 * MCP clients: `mcp` (stdio), `mcp --http` (Streamable HTTP), and the bare command, which serves
 * stdio when stdin is not a terminal (an MCP client spawned it: `npx -y dimensional-mcp`) and shows
 * the help at a terminal. Every command line is parsed by Effect's CLI module (src/cli/commands.ts),
 * loaded only when there is one: the bare start goes straight to the server (src/cli/serve.ts).
 * What runs is src/cli/run.ts, which a start from the start-up snapshot (src/startup/snapshotEntry.ts) runs too.
 *
 * Exit codes: 0 success; 1 the answer is an error (unknown unit, dimension mismatch, …);
 * 2 the command line, or a setting, is wrong.
 */
import { runCli } from "./run.ts"

const argv = process.argv.slice(2)
// only the bare command asks whether stdin is a terminal: the getter opens a stream on stdin (node:tty
// loads net and the streams), which a one-shot command never reads
runCli(argv, argv.length === 0 && process.stdin.isTTY === true)
