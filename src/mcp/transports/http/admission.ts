/**
 * The limits per client (clientLimits.ts) at the HTTP seam: who the client is, when its place in
 * flight is given back, and the 429 it gets over a limit.
 */
import { NodeHttpServerRequest } from "@effect/platform-node"
import { Effect, Option } from "effect"
import { type HttpServerRequest, HttpServerResponse } from "effect/http"
import type { Admission, ClientLimiter } from "./clientLimits.ts"

/**
 * Takes a token of the client's rate (the principal, else the peer address) and, but for a GET
 * stream (open as long as its session), a place among its requests in flight, given back when the
 * answer is sent or the client goes away.
 */
export const admitRequest = (limiter: ClientLimiter, request: HttpServerRequest.HttpServerRequest, principal: string | undefined): Effect.Effect<Admission> => {
  const client = principal ?? `peer:${Option.getOrElse(request.remoteAddress, () => "unknown")}`
  return Effect.map(limiter.admit(client, request.method !== "GET"), (admission) => {
    if (admission._tag !== "Admitted" || request.method === "GET") return admission
    const response = NodeHttpServerRequest.toServerResponse(request)
    if (response.writableFinished || response.destroyed) admission.release()
    else response.once("close", admission.release)
    return admission
  })
}

/** 429 Too Many Requests with Retry-After (RFC 6585 section 4) and a JSON-RPC error body, like every refusal of /mcp. */
export const tooManyRequests = (why: "rate" | "concurrency", retryAfterSeconds: number) =>
  HttpServerResponse.jsonUnsafe(
    {
      jsonrpc: "2.0",
      error: {
        code: -32000,
        message:
          why === "rate"
            ? `Too Many Requests: this client is over its rate limit (see --rate-limit); retry after ${retryAfterSeconds} s`
            : "Too Many Requests: this client already has as many requests in flight as it may (see --client-concurrency); retry when one is answered"
      },
      id: null
    },
    { status: 429, headers: { "retry-after": String(retryAfterSeconds) } }
  )
