/**
 * An experiment, not the shipped start: the stdio server started from a V8 startup snapshot
 * (`node --snapshot-blob`, https://nodejs.org/api/cli.html#--build-snapshot-entry) that holds the
 * loaded bundle after a few convert calls made in process at build time, so the snapshot carries
 * the modules evaluated, the catalog restored and the call path compiled. An MCP client starts
 * `node bin/dimensional.js`, which cannot take Node flags, so a launcher re-executes the process
 * into the snapshot with `process.execve` (Node ≥ 22.15 and 23.11, not on Windows), as a shipped
 * bin would. Measured against our bin as shipped and the bare SDK server, rounds alternating.
 *
 *   node bench/startup-snapshot.ts [--rounds N]      (default 21)
 *
 * What shipping it would need (left undone, see bench/RESULTS.md): the blob built per Node version,
 * package version and install path on first run, in the background, written atomically; the
 * HTTP, CLI and exporter code loadable after deserialisation (here they are stubbed out); per-process
 * values no longer computed at module load (layers.ts makes the stdio default workspace id there,
 * which a snapshot would freeze into every process); `process.argv` without a script path; and the
 * end-to-end suite run through both starts.
 */
import { execFileSync } from "node:child_process"
import { mkdtemp, rm, symlink, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { build, type Plugin } from "esbuild"
import { bundle, buildCli, commonJsOptions, precomputedPlugin } from "../scripts/build.ts"
import { describeTool } from "../src/mcp/toolListing.ts"
import { convert } from "../src/tools/convert.ts"
import { median } from "./lib/mcp.ts"
import { timeToFirstCall } from "./startup.ts"

const root = fileURLToPath(new URL("..", import.meta.url))
const roundsAt = process.argv.indexOf("--rounds")
const rounds = roundsAt > 0 ? Number(process.argv[roundsAt + 1]) : 21
const log = (line: string) => process.stderr.write(`[snapshot] ${line}\n`)

/** The snapshot's entry: warm the call path in process, then serve stdio when deserialised. */
const entry = `
import v8 from "node:v8"
import * as NodeRuntime from "@effect/platform-node/NodeRuntime"
import { Client, InMemoryTransport } from "@modelcontextprotocol/client"
import { ManagedRuntime } from "effect"
import { serveMcp } from "${root}src/cliServe.ts"
import { InMemoryServices } from "${root}src/layers.ts"
import { makeServerFactory } from "${root}src/mcp/server.ts"
import { tools } from "${root}src/tools/index.ts"

const warm = async () => {
  const runtime = ManagedRuntime.make(InMemoryServices("warm-up"))
  const factory = await runtime.runPromise(makeServerFactory(tools))
  const client = new Client({ name: "warm-up", version: "1" })
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
  await Promise.all([factory({ era: "legacy" }).connect(serverSide), client.connect(clientSide)])
  for (let i = 0; i < 20; i++) await client.callTool({ name: "convert", arguments: { value: 5 + i, from_unit: "km", to_unit: "mi" } })
  await client.close()
  await runtime.dispose()
}
void warm()
v8.startupSnapshot.setDeserializeMainFunction(() => NodeRuntime.runMain(serveMcp(false, {})))
`

/** What a stdio start never reaches, left out of the snapshot: the HTTP server, the CLI commands, the exporter, node-redis. */
const leftOut: Plugin = {
  name: "left-out",
  setup(b) {
    b.onResolve({ filter: /(transports[\\/]http\.ts|cliCommands\.ts|transports[\\/]otlp\.ts)$/ }, (args) =>
      args.kind === "dynamic-import" ? { path: args.path, namespace: "left-out" } : undefined
    )
    b.onResolve({ filter: /^redis$/ }, () => ({ path: "redis", namespace: "left-out-redis" }))
    b.onLoad({ filter: /.*/, namespace: "left-out" }, () => ({ contents: "throw new Error('not in the snapshot experiment')", loader: "js" }))
    b.onLoad({ filter: /.*/, namespace: "left-out-redis" }, () => ({
      contents: "export class SocketTimeoutError extends Error {}\nexport const createClient = () => { throw new Error('not in the snapshot experiment') }",
      loader: "js"
    }))
  }
}

const scratch = await mkdtemp(join(tmpdir(), "dimensional-snapshot-"))
try {
  log("building the bin, the bare server and the snapshot")
  await buildCli()
  await bundle({ entries: { "bare-server": join(root, "bench/bare-server.ts") }, outdir: join(scratch, "bare"), shebang: true })
  await writeFile(join(scratch, "bare", "launcher.js"), 'import module from "node:module"\nmodule.enableCompileCache?.()\nawait import("./bare-server.js")\n')
  const toolFile = join(scratch, "convert-tool.json")
  await writeFile(toolFile, JSON.stringify(describeTool(convert)))

  await writeFile(join(scratch, "entry.ts"), entry)
  await symlink(join(root, "node_modules"), join(scratch, "node_modules"))
  await build({ ...commonJsOptions, entryPoints: [join(scratch, "entry.ts")], outfile: join(scratch, "entry.cjs"), plugins: [leftOut, precomputedPlugin] })
  const blob = join(scratch, "server.blob")
  execFileSync(process.execPath, ["--snapshot-blob", blob, "--build-snapshot", join(scratch, "entry.cjs")], { cwd: scratch, stdio: "inherit" })
  await writeFile(
    join(scratch, "launcher.mjs"),
    `process.execve(process.execPath, [process.execPath, "--snapshot-blob", ${JSON.stringify(blob)}, ...process.argv.slice(2)])\n`
  )

  const servers = [
    { name: "ours, as shipped", script: join(root, "bin/dimensional.js"), args: [] },
    { name: "ours, snapshot", script: join(scratch, "launcher.mjs"), args: [] },
    { name: "bare SDK", script: join(scratch, "bare", "launcher.js"), args: [], env: { BARE_TOOL_FILE: toolFile } }
  ]
  for (const s of servers) await timeToFirstCall(s, "2025")
  const times = servers.map(() => [] as Array<number>)
  for (let round = 0; round < rounds; round++)
    for (let k = 0; k < servers.length; k++) {
      const i = (round + k) % servers.length
      times[i]!.push(await timeToFirstCall(servers[i]!, "2025"))
    }
  const bare = median(times[2]!)
  for (const [i, s] of servers.entries()) {
    const t = median(times[i]!)
    process.stdout.write(`start-up 2025  ${s.name.padEnd(18)} ${t.toFixed(1).padStart(7)} ms  ${(t / bare).toFixed(2)}× bare\n`)
  }
} finally {
  await rm(scratch, { recursive: true, force: true })
}
