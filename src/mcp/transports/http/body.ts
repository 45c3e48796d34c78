/** A POST body read and parsed, refusing what is too large, not UTF-8, too deeply nested, not JSON, a batch or not a JSON-RPC message. */
import { NodeHttpServerRequest } from "@effect/platform-node"
import { Effect } from "effect"
import type { HttpServerRequest } from "effect/http"
import { MAX_MESSAGE_DEPTH, nestingDepth } from "../messageDepth.ts"
import { ErrorCodes, jsonRpcError } from "./answers.ts"
import { type Refused, refuse } from "./route.ts"

export type Read = { readonly _tag: "Bytes"; readonly bytes: Uint8Array } | { readonly _tag: "Failed"; readonly tooLarge: boolean }

/**
 * The body's bytes, read from the node request directly (a POST body here is a few hundred bytes:
 * the platform's body stream costs more than the read itself), stopping at `maxBodyBytes`.
 */
export const readBytes = (request: HttpServerRequest.HttpServerRequest, maxBodyBytes: number): Effect.Effect<Read> =>
  Effect.callback<Read>((resume) => {
    const incoming = NodeHttpServerRequest.toIncomingMessage(request)
    const chunks: Array<Buffer> = []
    let size = 0
    const cleanup = () => {
      incoming.off("data", onData)
      incoming.off("end", onEnd)
      incoming.off("error", onError)
      incoming.off("close", onClose)
    }
    const finish = (read: Read) => {
      cleanup()
      resume(Effect.succeed(read))
    }
    const onData = (chunk: Buffer) => {
      size += chunk.length
      if (size > maxBodyBytes) finish({ _tag: "Failed", tooLarge: true })
      else chunks.push(chunk)
    }
    const onEnd = () => finish({ _tag: "Bytes", bytes: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks) })
    const onError = () => finish({ _tag: "Failed", tooLarge: false })
    const onClose = () => finish({ _tag: "Failed", tooLarge: false })
    if (incoming.readableEnded) return void finish({ _tag: "Bytes", bytes: new Uint8Array(0) })
    incoming.on("data", onData)
    incoming.once("end", onEnd)
    incoming.once("error", onError)
    incoming.once("close", onClose)
    return Effect.sync(cleanup)
  })

/** Reads and parses a POST body (the JSON-RPC message), refusing what is too large, not UTF-8, too deeply nested, not JSON, a batch or not a JSON-RPC message. */
export const readJsonBody = (request: HttpServerRequest.HttpServerRequest, maxBodyBytes: number): Effect.Effect<unknown, Refused> =>
  Effect.gen(function* () {
    // the rest of the body is never read: the connection must close with the answer, or its unread
    // bytes would be taken for the next request on a kept-alive connection (and reset it)
    const tooLarge = refuse(
      jsonRpcError(413, ErrorCodes.server, `Payload Too Large: the request body must not exceed ${maxBodyBytes} bytes`, { connection: "close" })
    )
    const declared = Number(request.headers["content-length"])
    if (Number.isFinite(declared) && declared > maxBodyBytes) return yield* tooLarge
    const read = yield* readBytes(request, maxBodyBytes)
    if (read._tag === "Failed")
      return yield* read.tooLarge ? tooLarge : refuse(jsonRpcError(400, ErrorCodes.parse, "Parse error: the request body could not be read"))
    const text = decodeUtf8(read.bytes)
    if (text === undefined) return yield* refuse(jsonRpcError(400, ErrorCodes.parse, "Parse error: the request body is not valid UTF-8"))
    if (nestingDepth(text) > MAX_MESSAGE_DEPTH)
      return yield* refuse(
        jsonRpcError(400, ErrorCodes.invalidRequest, `Invalid Request: the message nests arrays and objects more than ${MAX_MESSAGE_DEPTH} levels deep`)
      )
    const value = parseJson(text)
    if (value._tag === "Invalid")
      return yield* refuse(jsonRpcError(400, ErrorCodes.parse, `Parse error: the request body is not valid JSON (${value.detail.slice(0, 200)})`))
    if (Array.isArray(value.json))
      return yield* refuse(
        jsonRpcError(400, ErrorCodes.invalidRequest, "Invalid Request: JSON-RPC batches are not supported; send one JSON-RPC message per POST")
      )
    if (typeof value.json !== "object" || value.json === null || (value.json as { jsonrpc?: unknown }).jsonrpc !== "2.0")
      return yield* refuse(
        jsonRpcError(400, ErrorCodes.invalidRequest, 'Invalid Request: the body must be one JSON-RPC 2.0 message (an object with "jsonrpc": "2.0")')
      )
    return value.json
  })

const decodeUtf8 = (bytes: Uint8Array): string | undefined => {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes)
  } catch {
    return undefined
  }
}

const parseJson = (text: string): { readonly _tag: "Json"; readonly json: unknown } | { readonly _tag: "Invalid"; readonly detail: string } => {
  try {
    return { _tag: "Json", json: JSON.parse(text) }
  } catch (error) {
    return { _tag: "Invalid", detail: error instanceof Error ? error.message : String(error) }
  }
}
