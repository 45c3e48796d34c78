/**
 * Settings of the HTTP server's authorization (MCP authorization specification, 2025-06-18 and
 * later: https://modelcontextprotocol.io/specification/2025-11-25/basic/authorization). Each is an
 * environment variable read through Effect Config, and each has a flag in src/cli/serve.ts, keyed
 * like the environment (the flag wins).
 *
 *   --auth-issuer URL        the authorization server; its RFC 8414 (or OpenID) metadata gives the JWKS
 *   --auth-audience URL      this resource's URL, the `aud` every token must name (RFC 8707);
 *                            default: the URL the server listens on (…/mcp)
 *   --auth-scopes read=…,write=…   scope names (default units:read, units:write)
 *   --api-keys-file PATH     static API keys, stored hashed (see apiKeys.ts)
 *   --auth-introspection     also accept opaque tokens, asking the issuer (RFC 7662, introspection.ts),
 *                            as the client --auth-client-id with the secret in --auth-client-secret-file
 *   --auth-keys-max-age T    how long the issuer's fetched keys are trusted (default a minute): a key
 *                            the issuer removed verifies no longer than this
 *   --allow-unauthenticated  bind beyond loopback with neither (logged as a warning)
 */
import { Config, ConfigProvider, Duration } from "effect"
import { duration } from "./config.ts"

export const authEnv = {
  issuer: "DIMENSIONAL_AUTH_ISSUER",
  audience: "DIMENSIONAL_AUTH_AUDIENCE",
  scopes: "DIMENSIONAL_AUTH_SCOPES",
  apiKeysFile: "DIMENSIONAL_API_KEYS_FILE",
  allowUnauthenticated: "DIMENSIONAL_HTTP_ALLOW_UNAUTHENTICATED",
  introspection: "DIMENSIONAL_AUTH_INTROSPECTION",
  clientId: "DIMENSIONAL_AUTH_CLIENT_ID",
  clientSecretFile: "DIMENSIONAL_AUTH_CLIENT_SECRET_FILE",
  keysMaxAge: "DIMENSIONAL_AUTH_KEYS_MAX_AGE"
} as const

export interface ScopeNames {
  /** convert, compute, the listings, resources, prompts. */
  readonly read: string
  /** the define_* tools and reset_session. */
  readonly write: string
}

export const defaultScopes: ScopeNames = { read: "units:read", write: "units:write" }

export interface AuthSettings {
  readonly issuer: URL | undefined
  readonly audience: string | undefined
  readonly scopes: ScopeNames
  readonly apiKeysFile: string | undefined
  readonly allowUnauthenticated: boolean
  /** Opaque tokens by introspection: this server's client at the issuer, its secret in a file. */
  readonly introspection?: { readonly clientId: string; readonly clientSecretFile: string } | undefined
  /** How long a fetched key set is trusted before it is fetched again (a removed key verifies no longer). */
  readonly keysMaxAge?: Duration.Duration | undefined
}

const refuse = (name: string, message: string) => Config.fail(new ConfigProvider.SourceError({ message: `${name}: ${message}` }))

/** A URL without fragment; `http:` only on a loopback host (for tests), as the MCP authorization specification requires HTTPS otherwise. */
export const checkedUrl = (text: string): URL | string => {
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return `expected an absolute URL, got '${text}'`
  }
  if (url.hash !== "") return `a URL without a fragment, got '${text}'`
  if (url.protocol === "https:") return url
  if (url.protocol === "http:" && isLoopbackHost(url.hostname)) return url
  return `an https:// URL (http:// only on a loopback host), got '${text}'`
}

/**
 * The `aud` values that name this resource: the audience as configured and its normalized URL (a
 * URL without a path is written `https://mcp.example.org` by some and `https://mcp.example.org/` by
 * others; both name the same resource, RFC 3986 section 6.2.3).
 */
export const audienceForms = (audience: string): Array<string> => {
  let normalized = audience
  try {
    normalized = new URL(audience).href
  } catch {
    // not a URL: only as written
  }
  return [...new Set([audience, normalized])]
}

export const isLoopbackHost = (hostname: string): boolean => {
  const h = hostname.toLowerCase().replace(/^\[|\]$/g, "")
  return h === "localhost" || h === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h)
}

const url = (name: string) =>
  Config.String(name).pipe(
    Config.flatMap((text) => {
      const checked = checkedUrl(text.trim())
      return typeof checked === "string" ? refuse(name, checked) : Config.succeed(checked)
    })
  )

/** "read=units:read,write=units:write"; either part may be left out (its default stays). */
export const parseScopes = (text: string): ScopeNames | string => {
  const scopes: { read: string; write: string } = { ...defaultScopes }
  for (const part of text
    .split(",")
    .map((p) => p.trim())
    .filter((p) => p.length > 0)) {
    const m = /^(read|write)=([\x21\x23-\x5B\x5D-\x7E]+)$/.exec(part)
    if (!m) return `expected read=NAME,write=NAME (scope names as RFC 6749 section 3.3 allows), got '${part}'`
    scopes[m[1] as "read" | "write"] = m[2]!
  }
  return scopes.read === scopes.write ? `the read and write scopes must differ, both are '${scopes.read}'` : scopes
}

const optionalText = (name: string) => Config.option(Config.NonEmptyString(name)).pipe(Config.map((o) => (o._tag === "Some" ? o.value : undefined)))

/** Introspection's settings: all of them, or (without --auth-introspection) none used. */
const introspection = Config.all({
  on: Config.Boolean(authEnv.introspection).pipe(Config.withDefault(false)),
  issuer: Config.option(Config.String(authEnv.issuer)),
  clientId: optionalText(authEnv.clientId),
  clientSecretFile: optionalText(authEnv.clientSecretFile)
}).pipe(
  Config.flatMap(({ on, issuer, clientId, clientSecretFile }) => {
    if (!on) return Config.succeed(undefined)
    if (issuer._tag === "None") return refuse(authEnv.introspection, "token introspection needs the issuer (--auth-issuer), whose metadata names its endpoint")
    if (clientId === undefined || clientSecretFile === undefined)
      return refuse(
        authEnv.introspection,
        "token introspection needs this server's client at the issuer: --auth-client-id and --auth-client-secret-file (DIMENSIONAL_AUTH_CLIENT_ID, DIMENSIONAL_AUTH_CLIENT_SECRET_FILE)"
      )
    return Config.succeed({ clientId, clientSecretFile })
  })
)

export const authSettings: Config.Config<AuthSettings> = Config.all({
  issuer: Config.option(url(authEnv.issuer)).pipe(Config.map((o) => (o._tag === "Some" ? o.value : undefined))),
  // as written: `https://mcp.example.org` is what its tokens name, not the URL's normalized `…org/` (RFC 8707 compares strings)
  audience: Config.option(Config.String(authEnv.audience)).pipe(
    Config.flatMap((o) => {
      if (o._tag === "None") return Config.succeed(undefined)
      const checked = checkedUrl(o.value.trim())
      return typeof checked === "string" ? refuse(authEnv.audience, checked) : Config.succeed(o.value.trim())
    })
  ),
  scopes: Config.String(authEnv.scopes).pipe(
    Config.flatMap((text) => {
      const parsed = parseScopes(text)
      return typeof parsed === "string" ? refuse(authEnv.scopes, parsed) : Config.succeed(parsed)
    }),
    Config.withDefault(defaultScopes)
  ),
  apiKeysFile: Config.option(Config.NonEmptyString(authEnv.apiKeysFile)).pipe(Config.map((o) => (o._tag === "Some" ? o.value : undefined))),
  allowUnauthenticated: Config.Boolean(authEnv.allowUnauthenticated).pipe(Config.withDefault(false)),
  introspection,
  keysMaxAge: duration(authEnv.keysMaxAge).pipe(Config.withDefault(Duration.minutes(1)))
})

/** Whether any authorization is configured. */
export const authConfigured = (settings: AuthSettings): boolean => settings.issuer !== undefined || settings.apiKeysFile !== undefined
