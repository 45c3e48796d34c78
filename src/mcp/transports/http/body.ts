/** A POST body read and parsed, refusing what is too large, not UTF-8, too deeply nested, not JSON, a batch or not a JSON-RPC message. */
import { NodeHttpServerRequest } from "@effect/platform-node"
import { Effect, Semaphore } from "effect"
import type { HttpServerRequest } from "effect/http"
import { MAX_MESSAGE_DEPTH, nestingDepth } from "../messageDepth.ts"
import { ErrorCodes, jsonRpcError } from "./answers.ts"
import { type Refused, refuse } from "./route.ts"

export type Read = { readonly _tag: "Text"; readonly text: string } | { readonly _tag: "Failed"; readonly why: "tooLarge" | "unreadable" | "notUtf8" }

/**
 * The body's text, read from the node request directly (a POST body here is a few hundred bytes:
 * the platform's body stream costs more than the read itself) and decoded as it arrives, stopping
 * at `maxBodyBytes`. Never joined into one buffer first: a buffer of a large body is memory outside
 * the JS heap, and hundreds of them (hostile calls near --max-body) left the process's resident
 * memory hundreds of megabytes above its start long after they were freed (issue 33, item 16).
 */
export const readText = (request: HttpServerRequest.HttpServerRequest, maxBodyBytes: number): Effect.Effect<Read> =>
  Effect.callback<Read>((resume) => {
    const incoming = NodeHttpServerRequest.toIncomingMessage(request)
    const decoder = new TextDecoder("utf-8", { fatal: true })
    const parts: Array<string> = []
    let size = 0
    const cleanup = () => {
      incoming.off("data", onData)
      incoming.off("end", onEnd)
      incoming.off("error", onError)
      incoming.off("close", onError)
    }
    const finish = (read: Read) => {
      cleanup()
      resume(Effect.succeed(read))
    }
    const decoded = (chunk?: Buffer): boolean => {
      try {
        parts.push(chunk === undefined ? decoder.decode() : decoder.decode(chunk, { stream: true }))
        return true
      } catch {
        finish({ _tag: "Failed", why: "notUtf8" })
        return false
      }
    }
    const onData = (chunk: Buffer) => {
      size += chunk.length
      if (size > maxBodyBytes) finish({ _tag: "Failed", why: "tooLarge" })
      else decoded(chunk)
    }
    const onEnd = () => {
      if (decoded()) finish({ _tag: "Text", text: parts.length === 1 ? parts[0]! : parts.join("") })
    }
    const onError = () => finish({ _tag: "Failed", why: "unreadable" })
    if (incoming.readableEnded) return void finish({ _tag: "Text", text: "" })
    incoming.on("data", onData)
    incoming.once("end", onEnd)
    incoming.once("error", onError)
    incoming.once("close", onError)
    return Effect.sync(cleanup)
  })

/**
 * The bytes of request bodies being read and parsed at once, at most: a body holds its size in
 * KiB while it is read and parsed (its declared length, else the largest allowed), so that however
 * many hostile calls near --max-body arrive together, what they take at once is bounded by bytes.
 */
export const makeBodyBudget = (maxBytes: number) => Semaphore.makeUnsafe(Math.max(1, Math.floor(maxBytes / 1024)))

/** Reads and parses a POST body (the JSON-RPC message), refusing what is too large, not UTF-8, too deeply nested, not JSON, a batch or not a JSON-RPC message. */
export const readJsonBody = (
  request: HttpServerRequest.HttpServerRequest,
  maxBodyBytes: number,
  budget?: Semaphore.Semaphore
): Effect.Effect<unknown, Refused> =>
  Effect.suspend(() => {
    // the rest of the body is never read: the connection must close with the answer, or its unread
    // bytes would be taken for the next request on a kept-alive connection (and reset it)
    const declared = Number(request.headers["content-length"])
    if (Number.isFinite(declared) && declared > maxBodyBytes) return tooLarge(maxBodyBytes)
    const read = Effect.flatMap(readText(request, maxBodyBytes), (body) => messageOf(body, maxBodyBytes))
    if (budget === undefined) return read
    const kib = Math.max(1, Math.ceil((Number.isFinite(declared) ? declared : maxBodyBytes) / 1024))
    return budget.withPermits(Math.min(kib, Math.floor(maxBodyBytes / 1024) || 1))(read)
  })

const tooLarge = (maxBodyBytes: number) =>
  refuse(jsonRpcError(413, ErrorCodes.server, `Payload Too Large: the request body must not exceed ${maxBodyBytes} bytes`, { connection: "close" }))

/** The JSON-RPC message a body's text holds, or why not. */
const messageOf = (body: Read, maxBodyBytes: number): Effect.Effect<unknown, Refused> => {
  if (body._tag === "Failed")
    return body.why === "tooLarge"
      ? tooLarge(maxBodyBytes)
      : refuse(
          jsonRpcError(
            400,
            ErrorCodes.parse,
            body.why === "notUtf8" ? "Parse error: the request body is not valid UTF-8" : "Parse error: the request body could not be read"
          )
        )
  const text = body.text
  if (nestingDepth(text) > MAX_MESSAGE_DEPTH)
    return refuse(
      jsonRpcError(400, ErrorCodes.invalidRequest, `Invalid Request: the message nests arrays and objects more than ${MAX_MESSAGE_DEPTH} levels deep`)
    )
  const value = parseJson(text)
  if (value._tag === "Invalid")
    return refuse(jsonRpcError(400, ErrorCodes.parse, `Parse error: the request body is not valid JSON (${value.detail.slice(0, 200)})`))
  if (Array.isArray(value.json))
    return refuse(jsonRpcError(400, ErrorCodes.invalidRequest, "Invalid Request: JSON-RPC batches are not supported; send one JSON-RPC message per POST"))
  if (typeof value.json !== "object" || value.json === null || (value.json as { jsonrpc?: unknown }).jsonrpc !== "2.0")
    return refuse(jsonRpcError(400, ErrorCodes.invalidRequest, 'Invalid Request: the body must be one JSON-RPC 2.0 message (an object with "jsonrpc": "2.0")'))
  return Effect.succeed(value.json)
}

const parseJson = (text: string): { readonly _tag: "Json"; readonly json: unknown } | { readonly _tag: "Invalid"; readonly detail: string } => {
  try {
    return { _tag: "Json", json: JSON.parse(text) }
  } catch (error) {
    return { _tag: "Invalid", detail: error instanceof Error ? error.message : String(error) }
  }
}
