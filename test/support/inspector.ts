// The MCP Inspector's CLI, installed once into the OS temp directory with npm, for the tests that
// run it as a new user does (test/e2e/inspectorCli.test.ts, test/package.test.ts). Where npm cannot
// install it, `inspectorMissing` says why and those tests skip in one line.
import { execFile } from "node:child_process"
import { existsSync, mkdirSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { promisify } from "node:util"

const run = promisify(execFile)
export const inspectorVersion = "2.12.0"
const dir = join(tmpdir(), `dimensional-inspector-${inspectorVersion}`)
export const inspectorBin = join(dir, "node_modules", ".bin", "mcp-inspector")
/** The Inspector gives a server 15 s to connect; a busy machine starting a server from source needs longer. */
export const inspectorPatience = ["--connect-timeout", "90000"] as const

export const inspectorMissing = async (): Promise<string | undefined> => {
  try {
    if (!existsSync(inspectorBin)) {
      mkdirSync(dir, { recursive: true })
      await run("npm", ["install", "--prefix", dir, "--no-audit", "--no-fund", "--loglevel=error", `@modelcontextprotocol/inspector@${inspectorVersion}`], {
        timeout: 180_000
      })
    }
    return existsSync(inspectorBin) ? undefined : "the package installed no mcp-inspector binary"
  } catch (e) {
    return String((e as Error).message).split("\n")[0]
  }
}

/** The Inspector's --strict findings on stderr ("Warning: tool ..." / "Error: tool ..."), the server's own log lines left out. */
export const strictFindings = (stderr: string): Array<string> => stderr.split("\n").filter((line) => /^(Warning|Error)\b/.test(line))
