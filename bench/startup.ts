/**
 * Start-up: from spawning the stdio server to the first successful `tools/call` (initialize, then
 * convert), ours as an MCP client launches it (the published bin) in its two starts, from the
 * start-up snapshot (its blob built beforehand: every start after a first one) and without it (the
 * bundle, compile cache on), against the bare SDK server in two forms: as written (a script run by
 * node, the SDK loaded from node_modules) and packaged exactly like ours (bundled, compile cache on).
 * Rounds alternate between the four. Then memory: each server's resident set size once idle after
 * that first call.
 */
import type { Row } from "./lib/report.ts"
import { type Era, type ServerCommand, callConvert, connectStdio, median, rssMb } from "./lib/mcp.ts"

export interface StartupOptions {
  readonly rounds: number
  /** How long a server sits idle after its first call before its RSS is read. */
  readonly idleMs: number
}

export const defaultStartupOptions: StartupOptions = { rounds: 15, idleMs: 1_000 }
export const quickStartupOptions: StartupOptions = { rounds: 5, idleMs: 500 }

/** Milliseconds from spawn to the first successful convert result. */
export const timeToFirstCall = async (server: ServerCommand, era: Era): Promise<number> => {
  const t0 = process.hrtime.bigint()
  const connection = await connectStdio(server, era)
  try {
    await callConvert(connection.client)
    return Number(process.hrtime.bigint() - t0) / 1e6
  } finally {
    await connection.close()
  }
}

/** The server's RSS (MB) `idleMs` after its first call. */
export const idleRss = async (server: ServerCommand, idleMs: number): Promise<number> => {
  const connection = await connectStdio(server)
  try {
    await callConvert(connection.client)
    await new Promise((r) => setTimeout(r, idleMs))
    return rssMb(connection.pid)
  } finally {
    await connection.close()
  }
}

export interface BareForms {
  /** The bare server as written: `node bench/bare-server.ts`, the SDK from node_modules. */
  readonly plain: ServerCommand
  /** The bare server bundled and launched like ours. */
  readonly packaged: ServerCommand
}

/** Start-up in one era (the opening exchange differs: initialize, or server/discover); idle memory is measured in the 2025 era only. */
export interface StartupTargets {
  /** Start-up as a ratio to the bare server as written (node runs its script). */
  readonly asWritten: number
  /** Start-up as a ratio to the bare server bundled and compile-cached like ours (issue 18: 1.25). */
  readonly packaged: number
  /** Idle RSS as a ratio to the bare server bundled (issue 18: 1.3). */
  readonly memory: number
}

/** Ours in the two ways a client meets it: started from the snapshot (every start after the first), and normally. */
export interface OursForms {
  readonly snapshot: ServerCommand
  readonly plain: ServerCommand
}

export const runStartupBench = async (
  ours: OursForms,
  bare: BareForms,
  options: StartupOptions,
  target: StartupTargets,
  era: Era = "2025"
): Promise<Array<Row>> => {
  const servers = [ours.snapshot, ours.plain, bare.plain, bare.packaged] as const
  // one untimed start each: the OS file cache, the compile caches and this process's client code are warm for all
  for (const s of servers) await timeToFirstCall(s, era)
  const times = servers.map(() => [] as Array<number>)
  for (let round = 0; round < options.rounds; round++) {
    // rotate the order so no server always goes first
    for (let k = 0; k < servers.length; k++) {
      const i = (round + k) % servers.length
      times[i]!.push(await timeToFirstCall(servers[i]!, era))
    }
  }
  const [snapshotStart, oursPlainStart, plainStart, packagedStart] = times.map(median) as [number, number, number, number]
  const ms = (value: number) => ({ value, unit: "ms" as const })
  const section = `start-up ${era}`
  const startRows: Array<Row> = [
    {
      section,
      label: "spawn → first tools/call (stdio), from the snapshot, vs bare as written",
      ours: ms(snapshotStart),
      others: [{ name: "bare SDK", value: ms(plainStart) }],
      target: { text: `≤ ${target.asWritten}× bare`, met: snapshotStart / plainStart <= target.asWritten }
    },
    {
      section,
      label: "spawn → first tools/call (stdio), from the snapshot, vs bare bundled + compile cache",
      ours: ms(snapshotStart),
      others: [{ name: "bare SDK", value: ms(packagedStart) }],
      target: { text: `≤ ${target.packaged}× bare`, met: snapshotStart / packagedStart <= target.packaged }
    },
    {
      section,
      label: "spawn → first tools/call (stdio), no snapshot (a first start), vs bare bundled + compile cache",
      ours: ms(oursPlainStart),
      others: [{ name: "bare SDK", value: ms(packagedStart) }]
    }
  ]
  if (era !== "2025") return startRows
  const rss = servers.map(() => [] as Array<number>)
  for (let round = 0; round < 3; round++) for (const [i, s] of servers.entries()) rss[i]!.push(await idleRss(s, options.idleMs))
  const [snapshotRss, oursPlainRss, , packagedRss] = rss.map(median) as [number, number, number, number]
  return [
    ...startRows,
    {
      section: "memory",
      label: "server RSS, idle after first call (stdio), from the snapshot, vs bare bundled",
      ours: { value: snapshotRss, unit: "MB" },
      others: [{ name: "bare SDK", value: { value: packagedRss, unit: "MB" } }],
      target: { text: `≤ ${target.memory}× bare`, met: snapshotRss / packagedRss <= target.memory }
    },
    {
      section: "memory",
      label: "server RSS, idle after first call (stdio), no snapshot, vs bare bundled",
      ours: { value: oursPlainRss, unit: "MB" },
      others: [{ name: "bare SDK", value: { value: packagedRss, unit: "MB" } }]
    }
  ]
}
