/**
 * A `convert` round trip through the whole protocol stack, ours against the bare SDK server, in
 * the same run: the SDK client sends tools/call, the server decodes, runs and answers, the client
 * parses the reply. Rounds alternate between the two servers so a busy neighbour slows both alike.
 *
 * Reported: p50 and p99 latency of sequential calls (one in flight, as an agent makes them), and
 * calls per second both sequentially and with several calls in flight.
 */
import type { Client } from "@modelcontextprotocol/client"
import type { Row } from "./lib/report.ts"
import { callConvert, median, percentile } from "./lib/mcp.ts"

export interface ProtocolOptions {
  readonly rounds: number
  readonly callsPerRound: number
  readonly warmupCalls: number
  readonly inFlight: number
}

// the full server reaches its steady state after about 1,000 calls (the JIT has then compiled its
// success path); fewer make it look up to 2× slower than it runs, so both servers get 2,000 first
export const defaultProtocolOptions: ProtocolOptions = { rounds: 10, callsPerRound: 300, warmupCalls: Number(process.env.BENCH_WARMUP ?? 2_000), inFlight: 16 }
export const quickProtocolOptions: ProtocolOptions = { rounds: 4, callsPerRound: 100, warmupCalls: 1_000, inFlight: 16 }

interface Samples {
  readonly latenciesMs: Array<number>
  readonly pipelinedRates: Array<number>
}

export const sequential = async (client: Client, calls: number, into: Array<number>): Promise<void> => {
  for (let i = 0; i < calls; i++) {
    const t0 = process.hrtime.bigint()
    await callConvert(client)
    into.push(Number(process.hrtime.bigint() - t0) / 1e6)
  }
}

/** Calls per second with `inFlight` calls outstanding at any time. */
export const pipelined = async (client: Client, calls: number, inFlight: number): Promise<number> => {
  let next = 0
  const t0 = process.hrtime.bigint()
  const worker = async () => {
    while (next < calls) {
      next++
      await callConvert(client)
    }
  }
  await Promise.all(Array.from({ length: inFlight }, worker))
  return calls / (Number(process.hrtime.bigint() - t0) / 1e9)
}

/** Measures both clients, alternating rounds, and returns the rows for one transport. */
export const compareRoundTrips = async (
  transport: string,
  ours: Client,
  bare: Client,
  options: ProtocolOptions,
  target: { readonly ratio: number; readonly p99Ratio?: number }
): Promise<Array<Row>> => {
  const samples = { ours: { latenciesMs: [], pipelinedRates: [] } as Samples, bare: { latenciesMs: [], pipelinedRates: [] } as Samples }
  for (const client of [ours, bare]) {
    await sequential(client, options.warmupCalls, [])
    await pipelined(client, options.warmupCalls, options.inFlight)
  }
  for (let round = 0; round < options.rounds; round++) {
    const order = round % 2 === 0 ? (["ours", "bare"] as const) : (["bare", "ours"] as const)
    for (const who of order) {
      const client = who === "ours" ? ours : bare
      await sequential(client, options.callsPerRound, samples[who].latenciesMs)
      samples[who].pipelinedRates.push(await pipelined(client, options.callsPerRound, options.inFlight))
    }
  }
  // in ns so the table shows µs: a stdio round trip is well under a millisecond
  const ms = (value: number) => ({ value: value * 1e6, unit: "ns" as const })
  const rate = (value: number) => ({ value, unit: "calls/s" as const })
  const seqRate = (s: Samples) => s.latenciesMs.length / (s.latenciesMs.reduce((a, b) => a + b, 0) / 1000)
  const section = `protocol ${transport}`
  const p50 = { ours: percentile(samples.ours.latenciesMs, 50), bare: percentile(samples.bare.latenciesMs, 50) }
  const p99 = { ours: percentile(samples.ours.latenciesMs, 99), bare: percentile(samples.bare.latenciesMs, 99) }
  return [
    {
      section,
      label: "convert round trip p50",
      ours: ms(p50.ours),
      others: [{ name: "bare SDK", value: ms(p50.bare) }],
      target: { text: `≤ ${target.ratio}× bare`, met: p50.ours / p50.bare <= target.ratio }
    },
    {
      section,
      label: "convert round trip p99",
      ours: ms(p99.ours),
      others: [{ name: "bare SDK", value: ms(p99.bare) }],
      ...(target.p99Ratio === undefined ? {} : { target: { text: `≤ ${target.p99Ratio}× bare`, met: p99.ours / p99.bare <= target.p99Ratio } })
    },
    {
      section,
      label: "calls/s, 1 in flight",
      ours: rate(seqRate(samples.ours)),
      others: [{ name: "bare SDK", value: rate(seqRate(samples.bare)) }]
    },
    {
      section,
      label: `calls/s, ${options.inFlight} in flight`,
      ours: rate(median(samples.ours.pipelinedRates)),
      others: [{ name: "bare SDK", value: rate(median(samples.bare.pipelinedRates)) }]
    }
  ]
}
