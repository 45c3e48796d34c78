/**
 * The resource server's side of discovery: Protected Resource Metadata (RFC 9728) and the
 * `WWW-Authenticate` challenges that point to it (RFC 6750 section 3, RFC 9728 section 5.1), as the
 * MCP authorization specification has a client find its authorization server: the first request
 * without a token gets 401 with `resource_metadata="…"`, the client reads that document, and its
 * `authorization_servers` name where tokens come from.
 *
 * The document is served at `/.well-known/oauth-protected-resource` and, for the resource `/mcp`,
 * at the path-suffixed `/.well-known/oauth-protected-resource/mcp` (RFC 9728 section 3.1).
 */
import type { ScopeNames } from "./authConfig.ts"

export const metadataRoot = "/.well-known/oauth-protected-resource"

export interface ResourceDescription {
  /** This resource's URL, the `aud` its tokens name (RFC 8707). */
  readonly resource: string
  /** The issuer, when tokens come from one (API keys alone have none). */
  readonly issuer: string | undefined
  readonly scopes: ScopeNames
}

/** Where the metadata of `resource` lives: the well-known prefix inserted before its path (RFC 9728 section 3.1). */
export const metadataUrl = (resource: string): string => {
  const url = new URL(resource)
  const path = url.pathname.replace(/\/+$/, "")
  return `${url.origin}${metadataRoot}${path}`
}

/** The paths this server answers the metadata on. */
export const metadataPaths = (resource: string): ReadonlyArray<string> => [...new Set([metadataRoot, new URL(metadataUrl(resource)).pathname])]

export const metadataDocument = (d: ResourceDescription) => ({
  resource: d.resource,
  ...(d.issuer === undefined ? {} : { authorization_servers: [d.issuer] }),
  scopes_supported: [d.scopes.read, d.scopes.write],
  bearer_methods_supported: ["header"],
  resource_name: "dimensional (unit-safe arithmetic over MCP)"
})

/** A quoted-string of RFC 9110 section 5.6.4: `"` and `\` escaped, controls dropped. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point (a header value may not hold them)
const quoted = (text: string) => `"${text.replace(/[\x00-\x1f\x7f]/g, " ").replace(/(["\\])/g, "\\$1")}"`

export interface Challenge {
  /** RFC 6750 section 3.1: absent when the request had no token at all. */
  readonly error?: "invalid_token" | "insufficient_scope" | "invalid_request"
  readonly description?: string
  /** The scopes the request needs (space-separated in the header). */
  readonly scopes: ReadonlyArray<string>
}

/** `Bearer resource_metadata="…", scope="…"[, error="…", error_description="…"]`. */
export const challengeHeader = (d: ResourceDescription, c: Challenge): string =>
  [
    `Bearer resource_metadata=${quoted(metadataUrl(d.resource))}`,
    `scope=${quoted(c.scopes.join(" "))}`,
    ...(c.error === undefined ? [] : [`error=${quoted(c.error)}`]),
    ...(c.description === undefined ? [] : [`error_description=${quoted(c.description)}`])
  ].join(", ")
