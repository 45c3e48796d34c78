/** Which protocol era a request belongs to, where the 2025-era session machinery can tell without the SDK. */
import { SUPPORTED_PROTOCOL_VERSIONS } from "@modelcontextprotocol/server"

export const envelopePrefix = "io.modelcontextprotocol/"
export const legacyRevisions = new Set(SUPPORTED_PROTOCOL_VERSIONS.filter((v) => v < "2026"))

/**
 * A 2025-era message beyond doubt: no 2026-07-28 header (MCP-Protocol-Version naming a 2026
 * revision, Mcp-Method) and no reserved envelope key in `params._meta`. The SDK's own classifier
 * (isLegacyRequest) decides everything else; on these it says legacy too, and skipping it saves
 * a session's every request its cost.
 */
export const plainlyLegacy = (request: { readonly headers: Readonly<Record<string, string | undefined>> }, body: unknown): boolean => {
  const version = request.headers["mcp-protocol-version"]
  if ((version !== undefined && !legacyRevisions.has(version)) || request.headers["mcp-method"] !== undefined) return false
  const meta = (body as { params?: { _meta?: unknown } }).params?._meta
  if (meta === undefined) return true
  if (typeof meta !== "object" || meta === null) return false
  for (const key in meta) if (key.startsWith(envelopePrefix)) return false
  return true
}

export const isInitializeRequest = (message: unknown): boolean => {
  const m = message as { method?: unknown; id?: unknown }
  return m.method === "initialize" && (typeof m.id === "string" || typeof m.id === "number")
}
