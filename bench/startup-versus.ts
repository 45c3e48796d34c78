/**
 * Start-up and idle memory before and after a change, in one run: this checkout's bin (from its
 * start-up snapshot, built first, and without it), the bin of another commit (built from `git archive` into a temporary directory, with this checkout's
 * node_modules), the bare SDK server, and the bare server run the Effect way
 * (bench/bare-effect-server.ts: what Effect itself costs a start), both bundled and compile-cached
 * the same way, rounds alternating between them so the machine's load of the moment falls on all.
 * On a shared machine absolute times drift; read the ratios.
 *
 *   node bench/startup-versus.ts <commit> [--rounds N]      (default 21 rounds per era)
 *
 * Prints, per protocol era, the median spawn → first answered tools/call of each and each one's
 * ratio to the bare server; then idle RSS after the first call (2025 era) the same way.
 */
import { execFileSync } from "node:child_process"
import { existsSync } from "node:fs"
import { mkdtemp, rm, symlink, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { bundle, buildCli } from "../scripts/build.ts"
import { describeTool } from "../src/mcp/toolListing.ts"
import { convert } from "../src/tools/convert.ts"
import { type ServerCommand, eras, median } from "./lib/mcp.ts"
import { ensureSnapshot, withoutSnapshot, withSnapshotCache } from "./lib/snapshot.ts"
import { idleRss, timeToFirstCall } from "./startup.ts"

const root = fileURLToPath(new URL("..", import.meta.url))
const commit = process.argv[2]
if (!commit || commit.startsWith("--")) {
  process.stderr.write("usage: node bench/startup-versus.ts <commit> [--rounds N]\n")
  process.exit(2)
}
const roundsAt = process.argv.indexOf("--rounds")
const rounds = roundsAt > 0 ? Number(process.argv[roundsAt + 1]) : 21
const log = (line: string) => process.stderr.write(`[versus] ${line}\n`)

const scratch = await mkdtemp(join(tmpdir(), "dimensional-versus-"))
try {
  log(`building this checkout, ${commit} and the bare server`)
  await buildCli()
  const before = join(scratch, "before")
  execFileSync("sh", ["-c", `mkdir -p '${before}' && git -C '${root}' archive '${commit}' | tar -x -C '${before}'`])
  await symlink(join(root, "node_modules"), join(before, "node_modules"))
  execFileSync(process.execPath, ["-e", `import(${JSON.stringify(join(before, "scripts/build.ts"))}).then((m) => m.buildCli())`], {
    cwd: before,
    stdio: "ignore"
  })
  for (const [dir, entry] of [
    ["bare", "bare-server"],
    ["bare-effect", "bare-effect-server"]
  ] as const) {
    await bundle({ entries: { [entry]: join(root, `bench/${entry}.ts`) }, outdir: join(scratch, dir), shebang: true })
    await writeFile(join(scratch, dir, "launcher.js"), `import module from "node:module"\nmodule.enableCompileCache?.()\nawait import("./${entry}.js")\n`)
  }
  const toolFile = join(scratch, "convert-tool.json")
  await writeFile(toolFile, JSON.stringify(describeTool(convert)))

  // this checkout from its start-up snapshot (built now, before anything is timed) and without it;
  // the other commit as it ships (from its own snapshot if it has one)
  const ours = withSnapshotCache({ name: "ours (snapshot)", script: join(root, "bin/dimensional.js"), args: [] }, join(scratch, "cache"))
  const theirs = withSnapshotCache({ name: commit, script: join(before, "bin/dimensional.js"), args: [] }, join(scratch, "cache-before"))
  log("building the start-up snapshot (the bin's first start, in the background)")
  const snapshot = await ensureSnapshot(ours)
  if (existsSync(join(before, "dist", "snapshot.json"))) await ensureSnapshot(theirs)
  const servers: ReadonlyArray<ServerCommand> = [
    ours,
    withoutSnapshot(ours, "ours (no snapshot)"),
    theirs,
    { name: "bare SDK", script: join(scratch, "bare", "launcher.js"), args: [], env: { BARE_TOOL_FILE: toolFile } },
    { name: "bare SDK+Effect", script: join(scratch, "bare-effect", "launcher.js"), args: [], env: { BARE_TOOL_FILE: toolFile } }
  ]
  const bareAt = servers.findIndex((s) => s.name === "bare SDK")
  const report = (what: string, unit: string, values: ReadonlyArray<number>) => {
    const bare = values[bareAt]!
    for (const [i, s] of servers.entries())
      process.stdout.write(`${what.padEnd(28)} ${s.name.padEnd(18)} ${values[i]!.toFixed(1).padStart(7)} ${unit}  ${(values[i]! / bare).toFixed(2)}× bare\n`)
  }
  process.stdout.write(
    `start-up snapshot: ${(snapshot.bytes / 2 ** 20).toFixed(1)} MiB, built in ${snapshot.buildMs ?? "?"} ms (in the background, lowest priority)\n`
  )
  for (const era of eras) {
    // one untimed start each: the OS file cache and the compile caches are warm for all
    for (const s of servers) await timeToFirstCall(s, era)
    const times = servers.map(() => [] as Array<number>)
    for (let round = 0; round < rounds; round++)
      for (let k = 0; k < servers.length; k++) {
        const i = (round + k) % servers.length
        times[i]!.push(await timeToFirstCall(servers[i]!, era))
      }
    report(`start-up ${era}`, "ms", times.map(median))
  }
  const rss = servers.map(() => [] as Array<number>)
  for (let round = 0; round < 5; round++) for (const [i, s] of servers.entries()) rss[i]!.push(await idleRss(s, 1_000))
  report("idle RSS after first call", "MB", rss.map(median))
} finally {
  await rm(scratch, { recursive: true, force: true })
}
