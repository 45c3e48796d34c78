/** CORS for allowed origins: the preflight and the headers a browser client needs. */
import { HttpServerResponse } from "effect/http"

/** What a browser needs to call /mcp from an allowed origin and read its session and protocol headers. */
export const corsHeaders = (origin: string): Record<string, string> => ({
  "access-control-allow-origin": origin,
  "access-control-expose-headers": "mcp-session-id, mcp-protocol-version, x-request-id, www-authenticate, retry-after",
  vary: "Origin, Access-Control-Request-Headers"
})

/** Request headers a browser client may send: the 2025-era session headers and the 2026-07-28 standard headers. */
export const corsRequestHeaders = [
  "content-type",
  "accept",
  "mcp-session-id",
  "mcp-protocol-version",
  "mcp-method",
  "mcp-name",
  "last-event-id",
  "authorization",
  "x-request-id"
]

/**
 * The answer to a CORS preflight from an allowed origin (a disallowed one got 403 above). A
 * 2026-07-28 client may also send one `Mcp-Param-<name>` header per mirrored tool argument
 * (SEP-2243), whose names cannot be listed ahead: those it asks for are allowed by name.
 */
export const preflight = (requested: string | undefined) => {
  const params = (requested ?? "")
    .split(",")
    .map((h) => h.trim().toLowerCase())
    .filter((h) => /^mcp-param-[a-z0-9_.-]{1,64}$/.test(h))
  return HttpServerResponse.empty({
    status: 204,
    headers: {
      "access-control-allow-methods": "GET, POST, DELETE, OPTIONS",
      "access-control-allow-headers": [...corsRequestHeaders, ...params.slice(0, 50)].join(", "),
      "access-control-max-age": "86400"
    }
  })
}
