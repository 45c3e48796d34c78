/**
 * The stdio wire: newline-delimited JSON-RPC on stdin/stdout, framed here instead of by the SDK's
 * StdioServerTransport for two reasons (finding 7 of issue 20):
 * - a line longer than `maxLineBytes` made the SDK's buffer throw, close the transport and pause
 *   stdin: the server answered nothing more and, stdin paused, never saw its end. Here such a line
 *   is skipped as it streams in (never buffered whole), answered with a JSON-RPC error (with the
 *   request's id when its first bytes show one), logged, and the next line is served;
 * - the end of stdin always closes the transport (the caller then ends the process).
 * Lines that are not JSON, or not JSON-RPC messages, are reported through `onerror` and skipped,
 * as the SDK does.
 */
import { type JSONRPCMessage, type Transport, STDIO_DEFAULT_MAX_BUFFER_SIZE, deserializeMessage, serializeMessage } from "@modelcontextprotocol/server"
import { MAX_MESSAGE_DEPTH, nestingDepth, requestIdOf, tooDeep } from "../messageDepth.ts"

/** The longest message line served: the SDK's own bound. */
export const maxLineBytes = STDIO_DEFAULT_MAX_BUFFER_SIZE

/** Bytes of an oversized line kept to find its request id. */
const headBytes = 512

export class LineTransport implements Transport {
  onclose?: (() => void) | undefined
  onerror?: ((error: Error) => void) | undefined
  onmessage?: ((message: JSONRPCMessage) => void) | undefined

  private chunks: Array<Buffer> = []
  private size = 0
  private head: Buffer | undefined
  private discarding = false
  private closed = false
  private markClosed: () => void = () => {}
  /** Settles once the wire has closed (stdin ended or broke, or close() was called). */
  readonly whenClosed: Promise<void> = new Promise((resolve) => (this.markClosed = resolve))

  private readonly stdin: NodeJS.ReadableStream
  private readonly stdout: NodeJS.WritableStream
  private readonly limit: number
  private readonly log: (line: string) => void

  constructor(
    stdin: NodeJS.ReadableStream = process.stdin,
    stdout: NodeJS.WritableStream = process.stdout,
    limit: number = maxLineBytes,
    log: (line: string) => void = (line) => void process.stderr.write(`dimensional: stdio: ${line}\n`)
  ) {
    this.stdin = stdin
    this.stdout = stdout
    this.limit = limit
    this.log = log
  }

  private readonly onData = (chunk: Buffer | string) => {
    const data = typeof chunk === "string" ? Buffer.from(chunk) : chunk
    let start = 0
    while (!this.closed) {
      const end = data.indexOf(10, start)
      if (end === -1) {
        this.take(data.subarray(start))
        return
      }
      this.take(data.subarray(start, end))
      this.endLine()
      start = end + 1
    }
  }

  private readonly onEnd = () => void this.close()
  private readonly onError = (error: Error) => this.onerror?.(error)

  private take(part: Buffer) {
    if (part.length === 0) return
    if (this.discarding) return
    if (this.size + part.length > this.limit) {
      // keep only the line's beginning, to answer its request by id
      this.head = Buffer.concat([...this.chunks, part]).subarray(0, headBytes)
      this.discarding = true
      this.chunks = []
      this.size = 0
      return
    }
    this.chunks.push(part)
    this.size += part.length
  }

  private endLine() {
    if (this.discarding) {
      const id = /"id"\s*:\s*("(?:[^"\\]|\\.){0,200}"|-?\d{1,20})\s*[,}]/.exec(this.head?.toString("utf8") ?? "")?.[1]
      this.discarding = false
      this.head = undefined
      this.log(`dropped a message line over ${this.limit} bytes${id ? ` (request id ${id.slice(0, 40)})` : ""}; serving the next line`)
      const answer = `{"jsonrpc":"2.0","id":${id ?? "null"},"error":{"code":-32600,"message":"Invalid Request: a message must not exceed ${this.limit} bytes on stdio; this one was dropped"}}\n`
      this.stdout.write(answer)
      return
    }
    const line = (this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks)).toString("utf8").replace(/\r$/, "")
    this.chunks = []
    this.size = 0
    if (line.trim() === "") return
    if (nestingDepth(line) > MAX_MESSAGE_DEPTH) {
      const id = requestIdOf(line)
      this.log(`refused a message nested over ${MAX_MESSAGE_DEPTH} levels${id ? ` (request id ${id.slice(0, 40)})` : ""}; serving the next line`)
      this.stdout.write(`${tooDeep(id)}\n`)
      return
    }
    let message: JSONRPCMessage
    try {
      message = deserializeMessage(line)
    } catch (error) {
      this.onerror?.(new Error(`skipped a line that is not a JSON-RPC message: ${error instanceof Error ? error.message.slice(0, 200) : String(error)}`))
      return
    }
    this.onmessage?.(message)
  }

  async start(): Promise<void> {
    this.stdin.on("data", this.onData)
    this.stdin.on("end", this.onEnd)
    this.stdin.on("close", this.onEnd)
    this.stdin.on("error", this.onError)
    this.stdout.on("error", this.onError)
    const stream = this.stdin as NodeJS.ReadableStream & { readableEnded?: boolean; destroyed?: boolean }
    if (stream.readableEnded || stream.destroyed) setImmediate(this.onEnd)
  }

  send(message: JSONRPCMessage): Promise<void> {
    if (this.closed) return Promise.reject(new Error("stdio transport is closed"))
    return new Promise((resolve, reject) => {
      const onError = (error: Error) => reject(error)
      this.stdout.once("error", onError)
      const drained = this.stdout.write(serializeMessage(message), () => {
        this.stdout.off("error", onError)
        if (drained) resolve()
      })
      if (!drained) this.stdout.once("drain", () => resolve())
    })
  }

  async close(): Promise<void> {
    if (this.closed) return
    this.closed = true
    this.stdin.off("data", this.onData)
    this.stdin.off("end", this.onEnd)
    this.stdin.off("close", this.onEnd)
    this.stdin.off("error", this.onError)
    this.chunks = []
    this.markClosed()
    this.onclose?.()
  }
}
