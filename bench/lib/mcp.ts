/**
 * Starting servers and talking to them with the SDK's own client, the same way for our server and
 * for the bare one, so any difference comes from the servers.
 */
import { type ChildProcess, spawn } from "node:child_process"
import { closeSync, mkdtempSync, openSync, readFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { type CallToolResult, Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client"
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio"

/** The protocol era a client speaks: the 2025 initialize handshake, or pinned to 2026-07-28. */
export type Era = "2025" | "2026-07-28"
export const eras: ReadonlyArray<Era> = ["2025", "2026-07-28"]

const clientFor = (era: Era) =>
  new Client({ name: "dimensional-bench", version: "1.0.0" }, era === "2025" ? {} : { versionNegotiation: { mode: { pin: era } } })

/** How to launch a server: a node script and its arguments. */
export interface ServerCommand {
  readonly name: string
  readonly script: string
  readonly args: ReadonlyArray<string>
  readonly env?: Readonly<Record<string, string>>
}

export interface Connection {
  readonly client: Client
  readonly pid: number
  readonly stderr: () => string
  readonly close: () => Promise<void>
}

export const convertArguments = { value: 5, from_unit: "km", to_unit: "mi" } as const

/** One `convert` call; throws unless it succeeded. */
export const callConvert = async (client: Client): Promise<CallToolResult> => {
  const result = (await client.callTool({ name: "convert", arguments: convertArguments })) as CallToolResult
  if (result.isError) throw new Error(`convert failed: ${JSON.stringify(result.structuredContent ?? result.content)}`)
  return result
}

/** Spawns the server on stdio and opens the connection in `era` (initialize, or server/discover). */
export const connectStdio = async (server: ServerCommand, era: Era = "2025"): Promise<Connection> => {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [server.script, ...server.args],
    env: { ...(process.env as Record<string, string>), ...server.env },
    stderr: "pipe"
  })
  let stderr = ""
  transport.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")))
  const client = clientFor(era)
  try {
    await client.connect(transport)
  } catch (e) {
    throw new Error(`${server.name} did not start: ${String(e)}\n${stderr}`)
  }
  return { client, pid: transport.pid!, stderr: () => stderr, close: () => client.close() }
}

/** Resident set size of a process, in MB, from /proc (Linux). */
export const rssMb = (pid: number): number => {
  const status = readFileSync(`/proc/${pid}/status`, "utf8")
  const kb = /VmRSS:\s+(\d+) kB/.exec(status)
  if (!kb) throw new Error(`no VmRSS for ${pid}`)
  return Number(kb[1]) / 1024
}

export interface HttpServer {
  readonly url: URL
  readonly process: ChildProcess
  readonly stderr: () => string
  readonly stop: () => Promise<void>
}

/**
 * Spawns an HTTP server and waits until it accepts an MCP initialize at `url`: no reliance on
 * what either server prints. Its stderr goes to a file, as a deployed server's log does: piped
 * into this process, every request's log line would wake the benchmark's own client.
 */
export const startHttp = async (server: ServerCommand, url: URL, timeoutMs = 20_000): Promise<HttpServer> => {
  const logFile = join(mkdtempSync(join(tmpdir(), "dimensional-bench-log-")), "stderr.log")
  const log = openSync(logFile, "w")
  const child = spawn(process.execPath, [server.script, ...server.args], {
    env: { ...process.env, ...server.env },
    stdio: ["ignore", "ignore", log]
  })
  closeSync(log)
  const readLog = () => readFileSync(logFile, "utf8")
  const exited = new Promise<never>((_, reject) => child.once("exit", (code) => reject(new Error(`${server.name} exited with ${code}:\n${readLog()}`))))
  const deadline = Date.now() + timeoutMs
  for (;;) {
    try {
      const c = await Promise.race([connectHttp(url), exited])
      await c.close()
      break
    } catch (e) {
      if (child.exitCode !== null || Date.now() > deadline) {
        child.kill("SIGKILL")
        throw new Error(`${server.name} is not serving ${url}: ${String(e)}\n${readLog()}`)
      }
      await new Promise((r) => setTimeout(r, 50))
    }
  }
  exited.catch(() => undefined)
  return {
    url,
    process: child,
    stderr: readLog,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve()
        const timer = setTimeout(() => child.kill("SIGKILL"), 5_000)
        child.once("exit", () => {
          clearTimeout(timer)
          resolve()
        })
        child.kill("SIGTERM")
      })
  }
}

export interface HttpConnection {
  readonly client: Client
  readonly close: () => Promise<void>
}

/** A client over Streamable HTTP: a 2025-era session (initialize, and a DELETE when closed), or 2026-07-28 requests. */
export const connectHttp = async (url: URL, era: Era = "2025"): Promise<HttpConnection> => {
  const transport = new StreamableHTTPClientTransport(url)
  const client = clientFor(era)
  await client.connect(transport)
  return {
    client,
    close: async () => {
      if (era === "2025") await transport.terminateSession().catch(() => undefined)
      await client.close()
    }
  }
}

export const median = (xs: ReadonlyArray<number>): number => percentile(xs, 50)

/** Nearest-rank percentile. */
export const percentile = (xs: ReadonlyArray<number>, p: number): number => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!
}
