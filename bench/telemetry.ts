/**
 * What telemetry costs a call (issue 21: "with telemetry on, the protocol ratios move by at most
 * 10 %; off, not at all"). Three servers in the same run, rounds rotating between them so a busy
 * neighbour slows all alike: ours with telemetry off, ours with it on (`--otlp-endpoint` to a local
 * sink in its own process, and over HTTP `--metrics` too), and the bare SDK server. Reported per
 * transport and era: each of ours as a ratio to the bare server, and the target on the ratio with
 * telemetry on over the ratio with it off.
 *
 * Off is checked by construction rather than timed here: with no endpoint and no --metrics the
 * server builds no span, updates no metric and wraps no store operation (services/Telemetry.ts);
 * the protocol rows of the same run (bench/protocol.ts) are the off ratios against earlier runs.
 */
import { type ChildProcess, spawn } from "node:child_process"
import type { Client } from "@modelcontextprotocol/client"
import type { Row } from "./lib/report.ts"
import { median, percentile } from "./lib/mcp.ts"
import { type ProtocolOptions, pipelined, sequential } from "./protocol.ts"

/** How far the on ratio may move from the off ratio (issue 21). */
export const TELEMETRY_MOVEMENT = 0.1

/**
 * Longer rounds than the protocol rows': the difference measured is a tenth of a round trip, and a
 * traced server's cost comes partly in bursts (a batch of spans encoded every 1,000), so a round of
 * 300 pipelined calls (about 15 ms) either holds a batch or not, and its rate swung by ±50 % between
 * rounds of the same server. At 2,000 calls a round holds two batches.
 */
export const telemetryProtocolOptions: ProtocolOptions = { rounds: 12, callsPerRound: 2_000, warmupCalls: 3_000, inFlight: 16 }

export interface OtlpSink {
  readonly endpoint: string
  readonly stop: () => Promise<void>
}

/**
 * An OTLP/HTTP receiver that accepts and drops every batch, in a process of its own so that reading
 * the spans does not compete with the benchmark's clients.
 */
export const startOtlpSink = async (): Promise<OtlpSink> => {
  const child: ChildProcess = spawn(
    process.execPath,
    [
      "-e",
      'const s = require("node:http").createServer((q, r) => { q.resume(); q.on("end", () => { r.writeHead(200, { "content-type": "application/json" }); r.end("{}") }) }); s.listen(0, "127.0.0.1", () => process.stdout.write(String(s.address().port) + "\\n"))'
    ],
    { stdio: ["ignore", "pipe", "inherit"] }
  )
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout!.once("data", (chunk: Buffer) => resolve(chunk.toString().trim()))
    child.once("exit", (code) => reject(new Error(`the OTLP sink exited with ${code}`)))
  })
  return {
    endpoint: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once("exit", () => resolve())
        child.kill("SIGTERM")
      })
  }
}

interface Samples {
  readonly latenciesMs: Array<number>
  readonly pipelinedRates: Array<number>
}

type Who = "off" | "on" | "bare"

/** The three clients measured in rotating order; rows for one transport and era. */
export const compareTelemetry = async (section: string, clients: Readonly<Record<Who, Client>>, options: ProtocolOptions): Promise<Array<Row>> => {
  const whos: ReadonlyArray<Who> = ["off", "on", "bare"]
  const samples = Object.fromEntries(whos.map((w) => [w, { latenciesMs: [], pipelinedRates: [] } as Samples])) as Record<Who, Samples>
  for (const who of whos) {
    await sequential(clients[who], options.warmupCalls, [])
    await pipelined(clients[who], options.warmupCalls, options.inFlight)
  }
  for (let round = 0; round < options.rounds; round++) {
    for (let i = 0; i < whos.length; i++) {
      const who = whos[(round + i) % whos.length]!
      await sequential(clients[who], options.callsPerRound, samples[who].latenciesMs)
      samples[who].pipelinedRates.push(await pipelined(clients[who], options.callsPerRound, options.inFlight))
    }
  }
  const p50 = (w: Who) => percentile(samples[w].latenciesMs, 50)
  const rate = (w: Who) => median(samples[w].pipelinedRates)
  const offRatio = p50("off") / p50("bare")
  const onRatio = p50("on") / p50("bare")
  const offRateRatio = rate("bare") / rate("off")
  const onRateRatio = rate("bare") / rate("on")
  const ns = (ms: number) => ({ value: ms * 1e6, unit: "ns" as const })
  const perSecond = (value: number) => ({ value, unit: "calls/s" as const })
  const moved = (on: number, off: number) => `on moves the ratio ${on / off >= 1 ? "+" : ""}${((on / off - 1) * 100).toFixed(1)} %`
  return [
    { section, label: "convert round trip p50, telemetry off", ours: ns(p50("off")), others: [{ name: "bare SDK", value: ns(p50("bare")) }] },
    {
      section,
      label: `convert round trip p50, telemetry on (${moved(onRatio, offRatio)})`,
      ours: ns(p50("on")),
      others: [{ name: "bare SDK", value: ns(p50("bare")) }],
      target: { text: `≤ off ratio +${TELEMETRY_MOVEMENT * 100} %`, met: onRatio <= offRatio * (1 + TELEMETRY_MOVEMENT) }
    },
    {
      section,
      label: `calls/s, ${options.inFlight} in flight, telemetry off`,
      ours: perSecond(rate("off")),
      others: [{ name: "bare SDK", value: perSecond(rate("bare")) }]
    },
    {
      section,
      label: `calls/s, ${options.inFlight} in flight, telemetry on (${moved(onRateRatio, offRateRatio)})`,
      ours: perSecond(rate("on")),
      others: [{ name: "bare SDK", value: perSecond(rate("bare")) }],
      target: { text: `≤ off ratio +${TELEMETRY_MOVEMENT * 100} %`, met: onRateRatio <= offRateRatio * (1 + TELEMETRY_MOVEMENT) }
    }
  ]
}
