/**
 * `npm run bench`: every benchmark in one run, one table, one summary line.
 *
 *   node bench/run.ts [--quick] [--only engine,protocol,startup,workspaces,http,telemetry,cli]
 *
 * 1. Builds the bundle (dist/dimensional.js, what the published bin runs) and a bundle of the bare
 *    SDK server made the same way, started the same way (compile cache on), so start-up compares
 *    like with like.
 * 2. Engine against mathjs, js-quantities and ucum-lhc (in this process).
 * 3. Protocol over stdio: a convert round trip, ours against the bare server, rounds alternating.
 * 4. Start-up and idle memory over stdio, ours from its start-up snapshot and without it, against
 *    the bare server as written and as packaged.
 * 5. Memory per live workspace (2026-07-28 over stdio).
 * 6. HTTP: round trip per era and memory per live session, ours against the bare server over HTTP.
 * 7. Telemetry: the round trip with telemetry off and on (OTLP export to a local sink; over HTTP
 *    metrics too) against the bare server, per transport and era (bench/telemetry.ts).
 * 8. The command line: a one-shot convert, spawn to exit, against a bare `node -e 0` (bench/cli-start.ts).
 *
 * Ratios are ours ÷ theirs in cost; below 1 means we are cheaper. Progress goes to stderr.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises"
import { availableParallelism, cpus, freemem, loadavg, tmpdir, totalmem } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { bundle, buildCli } from "../scripts/build.ts"
import { describeTool } from "../src/mcp/toolListing.ts"
import { convert } from "../src/tools/convert.ts"
import { runEngineBench } from "./engine.ts"
import { freePort, oursOverHttp, runHttpBench } from "./http.ts"
import { type ServerCommand, connectHttp, connectStdio, eras, startHttp } from "./lib/mcp.ts"
import { type Row, formatRatio, ratio, renderTable } from "./lib/report.ts"
import { sinkValue } from "./lib/timing.ts"
import { compareRoundTrips, defaultProtocolOptions, quickProtocolOptions } from "./protocol.ts"
import { ensureSnapshot, withoutSnapshot, withSnapshotCache } from "./lib/snapshot.ts"
import { defaultStartupOptions, quickStartupOptions, runStartupBench } from "./startup.ts"
import { runWorkspaceBench } from "./workspaces.ts"
import { runCliStartBench } from "./cli-start.ts"
import { compareTelemetry, startOtlpSink, telemetryProtocolOptions } from "./telemetry.ts"

const root = fileURLToPath(new URL("..", import.meta.url))
const quick = process.argv.includes("--quick")
const onlyIndex = process.argv.indexOf("--only")
const only = onlyIndex >= 0 ? new Set(process.argv[onlyIndex + 1]!.split(",")) : undefined
const runs = (part: string) => !only || only.has(part)
const log = (message: string) => process.stderr.write(`[bench] ${message}\n`)

/** Targets (issues 6 and 11), as ratios to the bare SDK server in the same run. */
const STDIO_RATIO = 1.15
const HTTP_RATIO = 1.3
const STARTUP_RATIO = 1.3
/** Issue 18's targets, against the bare server bundled and compile-cached the way our bin is, and the stdio p99. */
const STARTUP_PACKAGED_RATIO = 1.25
const MEMORY_RATIO = 1.3
const P99_RATIO = 2
/** Issue 29: a one-shot command line within 2.5× Node's own start. */
const CLI_RATIO = 2.5

const machine = () => {
  const cpu = cpus()[0]?.model ?? "unknown CPU"
  return `${availableParallelism()} CPUs (${cpu}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM (${(freemem() / 2 ** 30).toFixed(1)} free), node ${process.version}, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`
}

const rows: Array<Row> = []
const scratch = await mkdtemp(join(tmpdir(), "dimensional-bench-"))
try {
  log(`machine: ${machine()}`)
  log("building dist/dimensional.js and the bare server bundle")
  await buildCli()
  await bundle({ entries: { "bare-server": join(root, "bench/bare-server.ts") }, outdir: scratch, shebang: true })
  // the bare server starts the way our bin does: compile cache on, then the bundle
  await writeFile(join(scratch, "bare-launcher.js"), 'import module from "node:module"\nmodule.enableCompileCache?.()\nawait import("./bare-server.js")\n')
  // as an MCP client configured with `npx -y dimensional-mcp` starts it: the bare command, from its
  // start-up snapshot (in a cache directory of this run's own), built here before anything is timed
  const ours: ServerCommand = withSnapshotCache({ name: "dimensional", script: join(root, "bin/dimensional.js"), args: [] }, join(scratch, "cache"))
  log("building the start-up snapshot (the bin's first start, in the background)")
  const snapshot = await ensureSnapshot(ours)
  log(`start-up snapshot: ${(snapshot.bytes / 2 ** 20).toFixed(1)} MiB, built in ${snapshot.buildMs ?? "?"} ms`)
  // the bare server advertises our convert tool's exact entry (its output schema included), so the
  // client does the same work on both answers (it validates structuredContent against that schema)
  const toolFile = join(scratch, "convert-tool.json")
  await writeFile(toolFile, JSON.stringify(describeTool(convert)))
  const bareEnv = { BARE_TOOL_FILE: toolFile }
  const bare: ServerCommand = { name: "bare SDK server", script: join(scratch, "bare-launcher.js"), args: [], env: bareEnv }

  if (runs("engine")) {
    log("engine against mathjs, js-quantities and ucum-lhc")
    rows.push(...runEngineBench({ quick }))
  }
  if (runs("protocol")) {
    for (const era of eras) {
      log(`protocol over stdio, ${era} era`)
      const [a, b] = await Promise.all([connectStdio(ours, era), connectStdio(bare, era)])
      try {
        rows.push(
          ...(await compareRoundTrips(`stdio ${era}`, a.client, b.client, quick ? quickProtocolOptions : defaultProtocolOptions, {
            ratio: STDIO_RATIO,
            p99Ratio: P99_RATIO
          }))
        )
      } finally {
        await Promise.all([a.close(), b.close()])
      }
    }
  }
  if (runs("startup")) {
    log("start-up and idle memory over stdio")
    const plain: ServerCommand = { name: "bare SDK server (as written)", script: join(root, "bench/bare-server.ts"), args: [], env: bareEnv }
    for (const era of eras)
      rows.push(
        ...(await runStartupBench(
          { snapshot: ours, plain: withoutSnapshot(ours) },
          { plain, packaged: bare },
          quick ? quickStartupOptions : defaultStartupOptions,
          { asWritten: STARTUP_RATIO, packaged: STARTUP_PACKAGED_RATIO, memory: MEMORY_RATIO },
          era
        ))
      )
  }
  if (runs("cli")) {
    log("a one-shot command line against a bare node -e")
    rows.push(...runCliStartBench(join(root, "bin/dimensional.js"), quick ? 10 : 30, CLI_RATIO))
  }
  if (runs("workspaces")) {
    log("memory per live workspace")
    rows.push(...(await runWorkspaceBench(ours, quick ? 200 : 1_000)))
  }
  if (runs("http")) {
    log("protocol and memory over HTTP")
    rows.push(...(await runHttpBench({ ...ours, args: ["mcp"] }, { ...bare, args: ["--http"] }, { quick, protocolRatio: HTTP_RATIO, log })))
  }
  if (runs("telemetry")) {
    const sink = await startOtlpSink()
    const options = quick ? quickProtocolOptions : telemetryProtocolOptions
    try {
      for (const era of eras) {
        log(`telemetry off and on over stdio, ${era} era`)
        const [off, on, sampled, b] = await Promise.all([
          connectStdio({ ...ours, args: ["mcp"] }, era),
          connectStdio({ ...ours, args: ["mcp", "--otlp-endpoint", sink.endpoint] }, era),
          // head sampling as an operator sets it for production traffic: one trace in ten recorded
          connectStdio({ ...ours, args: ["mcp", "--otlp-endpoint", sink.endpoint, "--trace-sample-ratio", "0.1"] }, era),
          connectStdio(bare, era)
        ])
        try {
          rows.push(...(await compareTelemetry(`telemetry stdio ${era}`, { off: off.client, on: on.client, bare: b.client }, options)))
          rows.push(...(await compareTelemetry(`telemetry stdio ${era}, 1 trace in 10`, { off: off.client, on: sampled.client, bare: b.client }, options)))
        } finally {
          await Promise.all([off.close(), on.close(), sampled.close(), b.close()])
        }
      }
      const [offPort, onPort, barePort] = [await freePort(), await freePort(), await freePort()]
      // each of ours on the HTTP default (a file store), in a directory of its own
      const httpOurs = (port: number, extra: ReadonlyArray<string>): ServerCommand => {
        const command = oursOverHttp({ ...ours, args: ["mcp"] }, port, 0)
        return { ...command, args: [...command.args, "--store", `file:${join(scratch, `store-${port}`)}`, ...extra] }
      }
      const servers = await Promise.all([
        startHttp(httpOurs(offPort, []), new URL(`http://127.0.0.1:${offPort}/mcp`)),
        startHttp(httpOurs(onPort, ["--metrics", "--otlp-endpoint", sink.endpoint]), new URL(`http://127.0.0.1:${onPort}/mcp`)),
        startHttp({ ...bare, args: ["--http"], env: { ...bare.env, PORT: String(barePort) } }, new URL(`http://127.0.0.1:${barePort}/mcp`))
      ])
      try {
        for (const era of eras) {
          log(`telemetry off and on over HTTP, ${era} era`)
          const [off, on, b] = await Promise.all(servers.map((server) => connectHttp(server.url, era)))
          try {
            rows.push(...(await compareTelemetry(`telemetry http ${era}`, { off: off!.client, on: on!.client, bare: b!.client }, options)))
          } finally {
            await Promise.all([off!.close(), on!.close(), b!.close()])
          }
        }
      } finally {
        await Promise.all(servers.map((server) => server.stop()))
      }
    } finally {
      await sink.stop()
    }
  }
} finally {
  await rm(scratch, { recursive: true, force: true })
}

console.log(renderTable(rows))

// the summary: the engine's range of ratios to each peer, the protocol and start-up ratios, targets met
const engineRows = rows.filter((r) => r.section === "engine")
const peerRange = (peer: string) => {
  const rs = engineRows.flatMap((r) => r.others.filter((o) => o.name === peer).map((o) => ratio(r.ours, o.value)))
  return rs.length === 0 ? undefined : `${peer} ${formatRatio(Math.min(...rs))}–${formatRatio(Math.max(...rs))}`
}
const bareRatio = (section: string, label: string) => {
  const row = rows.find((r) => r.section === section && r.label.includes(label))
  const other = row?.others.find((o) => o.name === "bare SDK")
  return row && other ? `${section} ${formatRatio(ratio(row.ours, other.value))}` : undefined
}
/** Per transport and era: the p50 ratio to the bare server with telemetry off and on, and how far on moved it. */
const telemetrySummary = () => {
  const parts = eras
    .flatMap((era) => [`telemetry stdio ${era}`, `telemetry http ${era}`])
    .flatMap((section) => {
      const ratioOf = (label: string) => {
        const row = rows.find((r) => r.section === section && r.label.startsWith(label))
        const other = row?.others.find((o) => o.name === "bare SDK")
        return row && other ? ratio(row.ours, other.value) : undefined
      }
      const off = ratioOf("convert round trip p50, telemetry off")
      const on = ratioOf("convert round trip p50, telemetry on")
      if (off === undefined || on === undefined) return []
      return [
        `${section.replace("telemetry ", "")} off ${formatRatio(off)} on ${formatRatio(on)} (${on / off >= 1 ? "+" : ""}${((on / off - 1) * 100).toFixed(1)} %)`
      ]
    })
  return parts.length === 0 ? undefined : `telemetry p50 ratios to bare: ${parts.join(", ")}`
}
const withTargets = rows.filter((r) => r.target)
const missed = withTargets.filter((r) => !r.target!.met).map((r) => `${r.section}: ${r.label}`)
const parts = [
  engineRows.length > 0 ? `engine vs peers (ours ÷ theirs): ${["mathjs", "js-quantities", "ucum-lhc"].map(peerRange).filter(Boolean).join(", ")}` : undefined,
  eras
    .flatMap((era) => [`protocol stdio ${era}`, `protocol http ${era}`])
    .map((s) => bareRatio(s, "convert round trip p50"))
    .filter(Boolean)
    .join(", ") || undefined,
  eras
    .flatMap((era) => [`protocol stdio ${era}`])
    .map((s) => bareRatio(s, "convert round trip p99"))
    .filter(Boolean)
    .map((t) => `p99 ${t}`)
    .join(", ") || undefined,
  eras
    .map((era) => bareRatio(`start-up ${era}`, "from the snapshot, vs bare as written"))
    .filter(Boolean)
    .join(", ") || undefined,
  eras
    .map((era) => bareRatio(`start-up ${era}`, "from the snapshot, vs bare bundled"))
    .filter(Boolean)
    .map((t) => `${t} (from the snapshot, vs bare bundled)`)
    .join(", ") || undefined,
  eras
    .map((era) => bareRatio(`start-up ${era}`, "no snapshot"))
    .filter(Boolean)
    .map((t) => `${t} (no snapshot, vs bare bundled)`)
    .join(", ") || undefined,
  telemetrySummary(),
  bareRatio("memory", "idle after first call (stdio), from the snapshot"),
  bareRatio("memory http", "per live session"),
  `targets met ${withTargets.length - missed.length}/${withTargets.length}${missed.length > 0 ? ` (missed: ${missed.join("; ")})` : ""}`
].filter(Boolean)
console.log(`\nsummary: ${parts.join(" · ")}`)
console.log(`machine: ${machine()}`)
if (sinkValue() === Number.NEGATIVE_INFINITY) console.log("") // keeps every timed result live
