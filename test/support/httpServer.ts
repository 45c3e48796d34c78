// The HTTP server as a child process (`dimensional mcp --http` on a free port), and SDK clients for it.
import { type ChildProcess, spawn } from "node:child_process"
import { createServer } from "node:net"
import { fileURLToPath } from "node:url"
import { builtBin } from "./builtCommand.ts"
import { Client } from "@modelcontextprotocol/client"
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/client"
import type { AuthProvider, CallToolResult } from "@modelcontextprotocol/client"

export const repoRoot = fileURLToPath(new URL("../..", import.meta.url))

export interface SpawnedServer {
  readonly child: ChildProcess
  /** http://127.0.0.1:PORT/mcp */
  readonly url: string
  readonly origin: string
  /** Everything the server wrote to stderr so far. */
  readonly stderr: () => string
  /** Resolves with the exit code (or signal) once the process has exited. */
  readonly exited: Promise<{ readonly code: number | null; readonly signal: NodeJS.Signals | null }>
  /** SIGTERM, then the exit; SIGKILL after `graceMs` so a test never hangs. */
  readonly stop: (graceMs?: number) => Promise<{ readonly code: number | null; readonly signal: NodeJS.Signals | null; readonly ms: number }>
}

/** Starts the built `dimensional mcp --http` with DIMENSIONAL_HTTP_PORT=0 and waits for its "listening on" line. */
export const spawnServer = (options: { readonly env?: Record<string, string>; readonly args?: ReadonlyArray<string> } = {}): Promise<SpawnedServer> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [builtBin(), "mcp", "--http", ...(options.args ?? [])], {
      cwd: repoRoot,
      env: { ...process.env, DIMENSIONAL_HTTP_PORT: "0", ...options.env },
      stdio: ["ignore", "pipe", "pipe"]
    })
    let stdout = ""
    let stderr = ""
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) => child.once("exit", (code, signal) => done({ code, signal })))
    const timer = setTimeout(() => {
      child.kill("SIGKILL")
      reject(new Error(`server did not start within 120 s\nstdout: ${stdout}\nstderr: ${stderr}`))
    }, 120_000)
    child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()))
    child.stdout!.on("data", (chunk: Buffer) => {
      stdout += chunk.toString()
      const match = /listening on (http:\/\/\S+\/mcp)/.exec(stdout)
      if (!match) return
      clearTimeout(timer)
      const url = match[1]!
      resolve({
        child,
        url,
        origin: new URL(url).origin,
        stderr: () => stderr,
        exited,
        stop: async (graceMs = 5_000) => {
          const started = performance.now()
          child.kill("SIGTERM")
          const kill = setTimeout(() => child.kill("SIGKILL"), graceMs)
          const result = await exited
          clearTimeout(kill)
          return { ...result, ms: performance.now() - started }
        }
      })
    })
    void exited.then(({ code, signal }) => {
      clearTimeout(timer)
      reject(new Error(`server exited (code ${code}, signal ${signal}) before listening\nstderr: ${stderr}`))
    })
  })

export interface HttpTestClient {
  readonly client: Client
  readonly transport: StreamableHTTPClientTransport
  readonly sessionId: () => string | undefined
  /** Calls a tool; structured content and the isError flag. */
  readonly call: (name: string, args?: Record<string, unknown>) => Promise<{ readonly isError: boolean; readonly data: any; readonly result: CallToolResult }>
  /** Closes the client; `terminate` first ends the session with DELETE. */
  readonly close: (terminate?: boolean) => Promise<void>
}

/** An SDK client on a session of `url`; `authProvider` gives it a bearer token (a server that authorizes). */
export const connectHttpClient = async (url: string, name = "dimensional-http-tests", authProvider?: AuthProvider): Promise<HttpTestClient> => {
  const transport = new StreamableHTTPClientTransport(new URL(url), authProvider === undefined ? {} : { authProvider })
  const client = new Client({ name, version: "1.0.0" })
  await client.connect(transport)
  return {
    client,
    transport,
    sessionId: () => transport.sessionId,
    call: async (tool, args = {}) => {
      const result = (await client.callTool({ name: tool, arguments: args })) as CallToolResult
      return { isError: result.isError === true, data: result.structuredContent, result }
    },
    close: async (terminate = false) => {
      if (terminate) await transport.terminateSession()
      await client.close()
    }
  }
}

/** A raw POST to /mcp with the headers a conforming client sends; override any of them. */
export const postRaw = (url: string, body: string, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
    body
  })

export const initializeBody = JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "raw", version: "1.0.0" } }
})

/** A loopback port free right now (for servers that need a fixed port, e.g. behind a load balancer). */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer()
    server.once("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const address = server.address()
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0))
    })
  })
