// A real redis-server on loopback for tests (Debian: apt-get install redis-server); `redisServer`
// is undefined when it is not installed, and suites then skip in one line.
import { type ChildProcess, execFileSync, spawn } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import { createConnection } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { freePort } from "./httpServer.ts"

const find = (command: string): string | undefined => {
  for (const dir of ["/usr/sbin", "/usr/bin", "/usr/local/sbin", "/usr/local/bin", ...(process.env.PATH ?? "").split(":")]) {
    try {
      execFileSync("test", ["-x", join(dir, command)])
      return join(dir, command)
    } catch {
      // not in this directory
    }
  }
  return undefined
}

export const redisServer = find("redis-server")

export interface RunningRedis {
  readonly port: number
  readonly url: string
  /** Sends one command (RESP) and resolves with the raw reply text. */
  readonly command: (...args: ReadonlyArray<string>) => Promise<string>
  readonly stop: () => Promise<void>
}

const encode = (args: ReadonlyArray<string>) => `*${args.length}\r\n${args.map((a) => `$${Buffer.byteLength(a)}\r\n${a}\r\n`).join("")}`

/** One command over a fresh connection; the reply as text (bulk strings unwrapped, null as ""). */
export const redisCommand = (port: number, ...args: ReadonlyArray<string>): Promise<string> =>
  new Promise((resolve, reject) => {
    const socket = createConnection(port, "127.0.0.1")
    let reply = Buffer.alloc(0)
    const done = (text: string) => {
      socket.destroy()
      resolve(text)
    }
    socket.on("error", reject)
    socket.on("data", (chunk) => {
      reply = Buffer.concat([reply, chunk])
      const text = reply.toString("utf8")
      const firstLine = text.indexOf("\r\n")
      if (firstLine === -1) return
      if (text[0] === "$") {
        const length = Number(text.slice(1, firstLine))
        if (length < 0) return done("")
        if (reply.length >= firstLine + 2 + length + 2) done(reply.subarray(firstLine + 2, firstLine + 2 + length).toString("utf8"))
      } else if (text[0] === "*") {
        // arrays are only counted here: enough for the tests' SCAN/ZRANGE checks
        done(text)
      } else done(text.slice(1, firstLine))
    })
    socket.write(encode(args))
  })

/** A redis-server on `port` (a free one when not given: a restart passes the port it had). */
export const startRedis = async (options: { readonly port?: number } = {}): Promise<RunningRedis> => {
  const port = options.port ?? (await freePort())
  const dir = mkdtempSync(join(tmpdir(), "dimensional-redis-"))
  const child: ChildProcess = spawn(redisServer!, ["--port", String(port), "--bind", "127.0.0.1", "--dir", dir, "--save", "", "--appendonly", "no"], {
    stdio: "ignore"
  })
  const until = Date.now() + 15_000
  while (Date.now() < until) {
    if (
      await redisCommand(port, "PING").then(
        (r) => r === "PONG",
        () => false
      )
    )
      break
    await new Promise((r) => setTimeout(r, 50))
  }
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    command: (...args) => redisCommand(port, ...args),
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once("exit", r))
        child.kill("SIGKILL")
        await exited
      }
      rmSync(dir, { recursive: true, force: true })
    }
  }
}
