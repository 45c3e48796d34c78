/** The answers the HTTP transport gives of its own: JSON-RPC errors with their status, and the paths it serves. */
import { HttpServerResponse } from "effect/http"

export const mcpPath = "/mcp"
export const healthPath = "/healthz"

/** JSON-RPC error codes used in HTTP error bodies. */
export const ErrorCodes = { parse: -32700, invalidRequest: -32600, server: -32000, sessionNotFound: -32001 } as const

export const jsonRpcError = (status: number, code: number, message: string, headers: Record<string, string> = {}) =>
  HttpServerResponse.jsonUnsafe({ jsonrpc: "2.0", error: { code, message }, id: null }, { status, headers })

/** Media types of a header value, lower-case, parameters dropped. */
export const mediaTypes = (value: string | undefined): ReadonlyArray<string> =>
  (value ?? "")
    .split(",")
    .map((part) => part.split(";")[0]!.trim().toLowerCase())
    .filter((part) => part.length > 0)

export const sessionHeader = "mcp-session-id"

export const sessionNotFound = (id: string) =>
  jsonRpcError(
    404,
    ErrorCodes.sessionNotFound,
    `Session not found: '${id.slice(0, 80)}' is unknown or expired. Start a new session: send initialize without an Mcp-Session-Id header.`
  )

export const sessionRequired = jsonRpcError(400, ErrorCodes.server, "Bad Request: Mcp-Session-Id header is required (only initialize may come without one)")
