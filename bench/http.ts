/**
 * Over Streamable HTTP: the convert round trip against the bare SDK server in each era (same
 * alternating rounds as stdio; a 2025-era session each, then 2026-07-28 requests), then memory per
 * live 2025-era session on freshly started servers:
 * each server's RSS with one session, and again after `sessions` more have initialized and made a
 * call and stay open.
 */
import { createServer } from "node:net"
import type { Row } from "./lib/report.ts"
import { type HttpConnection, type HttpServer, type ServerCommand, callConvert, connectHttp, eras, rssMb, startHttp } from "./lib/mcp.ts"
import { compareRoundTrips, defaultProtocolOptions, quickProtocolOptions } from "./protocol.ts"

export interface HttpBenchOptions {
  readonly quick: boolean
  readonly protocolRatio: number
  readonly log: (message: string) => void
}

/** A port nobody is listening on right now. */
export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer()
    server.once("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const address = server.address()
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))))
    })
  })

/** How our server is started over HTTP: `dimensional mcp --http` with its default settings but the port and a session cap above what the memory test opens. */
export const oursOverHttp = (ours: ServerCommand, port: number, sessions: number): ServerCommand => ({
  ...ours,
  args: [...ours.args, "--http", "--port", String(port), "--max-sessions", String(sessions + 10), "--log-level", process.env.BENCH_LOG_LEVEL ?? "Info"]
})

const settle = () => new Promise((r) => setTimeout(r, 1_000))

/** RSS growth per session, in MB, once `count` extra sessions are open. */
const perSession = async (url: URL, pid: number, count: number): Promise<number> => {
  const first = await connectHttp(url)
  await callConvert(first.client)
  await settle()
  const before = rssMb(pid)
  const open: Array<HttpConnection> = []
  try {
    for (let i = 0; i < count; i++) {
      const c = await connectHttp(url)
      await callConvert(c.client)
      open.push(c)
    }
    await settle()
    return (rssMb(pid) - before) / count
  } finally {
    await Promise.all([first, ...open].map((c) => c.close()))
  }
}

export const runHttpBench = async (ours: ServerCommand, bare: ServerCommand, options: HttpBenchOptions): Promise<Array<Row>> => {
  const sessions = options.quick ? 100 : 500
  const start = async (): Promise<readonly [HttpServer, HttpServer]> => {
    const [oursPort, barePort] = [await freePort(), await freePort()]
    const started = await Promise.allSettled([
      startHttp(oursOverHttp(ours, oursPort, sessions), new URL(`http://127.0.0.1:${oursPort}/mcp`)),
      startHttp({ ...bare, env: { ...bare.env, PORT: String(barePort) } }, new URL(`http://127.0.0.1:${barePort}/mcp`))
    ])
    const [a, b] = started
    if (a.status === "fulfilled" && b.status === "fulfilled") return [a.value, b.value]
    // one did not start: stop the other rather than leave it running
    await Promise.all(started.map((r) => (r.status === "fulfilled" ? r.value.stop() : undefined)))
    throw (a.status === "rejected" ? a.reason : (b as PromiseRejectedResult).reason) as Error
  }
  const rows: Array<Row> = []
  {
    const [oursServer, bareServer] = await start()
    try {
      for (const era of eras) {
        const [a, b] = await Promise.all([connectHttp(oursServer.url, era), connectHttp(bareServer.url, era)])
        try {
          rows.push(
            ...(await compareRoundTrips(`http ${era}`, a.client, b.client, options.quick ? quickProtocolOptions : defaultProtocolOptions, {
              ratio: options.protocolRatio
            }))
          )
        } finally {
          await Promise.all([a.close(), b.close()])
        }
      }
    } finally {
      await Promise.all([oursServer.stop(), bareServer.stop()])
    }
  }
  // memory on fresh servers: after the round trips a heap has free space that new sessions would fill unseen
  options.log(`memory per live HTTP session (${sessions} sessions, fresh servers)`)
  const [oursServer, bareServer] = await start()
  try {
    const memory = {
      ours: await perSession(oursServer.url, oursServer.process.pid!, sessions),
      bare: await perSession(bareServer.url, bareServer.process.pid!, sessions)
    }
    rows.push({
      section: "memory http",
      label: `RSS per live session (${sessions} open)`,
      ours: { value: memory.ours * 1024, unit: "KB" },
      others: [{ name: "bare SDK", value: { value: memory.bare * 1024, unit: "KB" } }]
    })
    return rows
  } finally {
    await Promise.all([oursServer.stop(), bareServer.stop()])
  }
}
