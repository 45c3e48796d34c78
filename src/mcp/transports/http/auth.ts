/**
 * The HTTP server as an OAuth 2.1 resource server (MCP authorization specification,
 * https://modelcontextprotocol.io/specification/2025-11-25/basic/authorization), for both protocol
 * eras: every /mcp request but a CORS preflight carries `Authorization: Bearer TOKEN`, a JWT from
 * the configured issuer (jwt.ts), an opaque token the issuer vouches for by introspection
 * (introspection.ts, with --auth-introspection), or a static API key (apiKeys.ts).
 *
 *   no token, or one not accepted   401, WWW-Authenticate: Bearer resource_metadata="…", scope="…"
 *   the issuer's keys unreachable   503 with Retry-After (the token may be good: never a 401)
 *   a scope missing for the message 403, WWW-Authenticate: Bearer error="insufficient_scope", scope="…"
 *
 * Scopes: reading (convert, compute, the listings, resources, prompts, and every protocol message
 * that is not a tool call) and defining (the tools that change a workspace: `define_*`,
 * `reset_session`, i.e. every tool not annotated readOnlyHint). The table is built from the tools'
 * own annotations, so a new tool is classed by what it declares.
 *
 * The request's principal goes to the tools through the SDK's `authInfo` (`extra.principal`):
 * workspaces and sessions are bound to it (src/services/Workspace.ts, sessionIds.ts).
 */
import type { AuthInfo } from "@modelcontextprotocol/server"
import { Duration } from "effect"
import { HttpServerResponse } from "effect/http"
import { tools } from "../../../tools/index.ts"
import { type AuthSettings, isLoopbackHost } from "./authConfig.ts"
import { type ApiKey, matchApiKey, readApiKeys } from "./apiKeys.ts"
import { readFile } from "node:fs/promises"
import { type Introspector, makeIntrospector } from "./introspection.ts"
import { type JwtVerifier, type TokenCheck, type VerifiedToken, makeJwtVerifier } from "./jwt.ts"
import { type Challenge, type ResourceDescription, challengeHeader, metadataDocument, metadataPaths } from "./protectedResource.ts"

/** Tools that change a workspace: they need the write scope. */
const writingTools = new Set(tools.filter((t) => t.annotations.readOnlyHint !== true).map((t) => t.name))

/** The scope a JSON-RPC message needs: `write` for a call of a writing tool, `read` for everything else. */
export const scopeFor = (message: unknown): "read" | "write" => {
  const m = message as { method?: unknown; params?: { name?: unknown } }
  return m.method === "tools/call" && typeof m.params?.name === "string" && writingTools.has(m.params.name) ? "write" : "read"
}

export interface Principal {
  readonly name: string
  readonly scopes: ReadonlySet<string>
  /** What the SDK hands the request's handlers (ctx.http.authInfo). */
  readonly authInfo: AuthInfo
}

export type Authentication =
  | { readonly _tag: "Authenticated"; readonly principal: Principal }
  | { readonly _tag: "Refused"; readonly reason: string; readonly response: HttpServerResponse.HttpServerResponse }

export interface Authorizer {
  readonly description: ResourceDescription
  /** The paths the Protected Resource Metadata is served on. */
  readonly metadataPaths: ReadonlyArray<string>
  readonly metadata: ReturnType<typeof metadataDocument>
  readonly authenticate: (authorization: string | undefined) => Promise<Authentication>
  /** undefined when `principal` may send `message`; else the 403 with the scope challenge. */
  readonly authorize: (principal: Principal, message: unknown) => HttpServerResponse.HttpServerResponse | undefined
  /** Whether the issuer's keys can be fetched; undefined with API keys alone. */
  readonly issuerKeys: (() => Promise<boolean>) | undefined
}

const errorBody = (status: number, message: string, headers: Record<string, string>) =>
  HttpServerResponse.jsonUnsafe({ jsonrpc: "2.0", error: { code: -32000, message }, id: null }, { status, headers })

/** RFC 6750 section 2.1: `Bearer` (any case), one space, the token's characters. */
const bearer = (authorization: string | undefined): string | undefined | null => {
  if (authorization === undefined) return undefined
  const m = /^Bearer +([A-Za-z0-9\-._~+/]+=*)$/i.exec(authorization.trim())
  return m ? m[1]! : null
}

const looksLikeJwt = (token: string) => /^[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*$/.test(token)

/** What checking a credential needs: the settings, this resource, and the verifiers configured. */
interface Checks {
  readonly settings: AuthSettings
  readonly resource: string
  readonly description: ResourceDescription
  readonly keys: ReadonlyArray<ApiKey>
  readonly jwt: JwtVerifier | undefined
  readonly introspector: Introspector | undefined
}

/**
 * The authorizer for `settings`, `resource` being this server's /mcp URL as clients reach it
 * (`--auth-audience`, else the listening URL). undefined when nothing is configured.
 */
export const makeAuthorizer = async (settings: AuthSettings, resource: string): Promise<Authorizer | undefined> => {
  if (settings.issuer === undefined && settings.apiKeysFile === undefined) return undefined
  const issuer = settings.issuer === undefined ? undefined : settings.issuer.pathname === "/" ? settings.issuer.origin : settings.issuer.href
  const checks: Checks = {
    settings,
    resource,
    description: { resource, issuer, scopes: settings.scopes },
    keys: settings.apiKeysFile === undefined ? [] : await readApiKeys(settings.apiKeysFile),
    jwt: jwtVerifierOf(settings, resource),
    introspector: await introspectorOf(settings, resource)
  }
  const { jwt, introspector } = checks
  return {
    description: checks.description,
    metadataPaths: metadataPaths(resource),
    metadata: metadataDocument(checks.description),
    authenticate: (authorization) => authenticate(checks, authorization),
    authorize: (principal, message) => authorize(checks, principal, message),
    // with introspection on, ready means its endpoint answers (an issuer of opaque tokens may publish no keys)
    issuerKeys: introspector !== undefined ? () => introspector.reachable() : jwt === undefined ? undefined : () => jwt.reachable()
  }
}

const jwtVerifierOf = (settings: AuthSettings, resource: string): JwtVerifier | undefined =>
  settings.issuer === undefined
    ? undefined
    : makeJwtVerifier({
        issuer: settings.issuer,
        audience: resource,
        ...(settings.keysMaxAge === undefined ? {} : { keysMaxAgeMs: Duration.toMillis(settings.keysMaxAge) })
      })

const introspectorOf = async (settings: AuthSettings, resource: string): Promise<Introspector | undefined> =>
  settings.issuer === undefined || settings.introspection === undefined
    ? undefined
    : makeIntrospector({
        issuer: settings.issuer,
        audience: resource,
        clientId: settings.introspection.clientId,
        clientSecret: await readSecret(settings.introspection.clientSecretFile)
      })

const refused = (reason: string, response: HttpServerResponse.HttpServerResponse): Authentication => ({ _tag: "Refused", reason, response })

const unauthorized = (checks: Checks, reason: string, challenge: Omit<Challenge, "scopes">, message: string): Authentication =>
  refused(
    reason,
    errorBody(401, `Unauthorized: ${message}`, {
      "www-authenticate": challengeHeader(checks.description, { ...challenge, scopes: [checks.settings.scopes.read] })
    })
  )

/** RFC 6750 section 3.1: a malformed request is invalid_request, answered 400 (not 401). */
const malformed = (checks: Checks): Authentication =>
  refused(
    "malformed",
    errorBody(400, "Bad Request: the Authorization header is not 'Bearer TOKEN'", {
      "www-authenticate": challengeHeader(checks.description, {
        error: "invalid_request",
        description: "the Authorization header is not 'Bearer TOKEN'",
        scopes: [checks.settings.scopes.read]
      })
    })
  )

const keyPrincipal = (checks: Checks, key: ApiKey, token: string): Authentication => {
  const scopes = key.scopes ?? [checks.settings.scopes.read, checks.settings.scopes.write]
  const name = `key:${key.name}`
  return {
    _tag: "Authenticated",
    principal: { name, scopes: new Set(scopes), authInfo: { token, clientId: name, scopes: [...scopes], extra: { principal: name } } }
  }
}

const tokenPrincipal = (checks: Checks, t: VerifiedToken, token: string): Authentication => ({
  _tag: "Authenticated",
  principal: {
    name: t.principal,
    scopes: new Set(t.scopes),
    authInfo: {
      token,
      clientId: t.clientId,
      scopes: [...t.scopes],
      ...(t.expiresAt === undefined ? {} : { expiresAt: t.expiresAt }),
      resource: new URL(checks.resource),
      extra: { principal: t.principal }
    }
  }
})

const authenticate = async (checks: Checks, authorization: string | undefined): Promise<Authentication> => {
  const token = bearer(authorization)
  if (token === undefined)
    return unauthorized(checks, "missing", {}, "this server needs an access token (Authorization: Bearer …); see the resource metadata in WWW-Authenticate")
  if (token === null) return malformed(checks)
  const key = checks.keys.length > 0 ? matchApiKey(checks.keys, token) : undefined
  if (key !== undefined) return keyPrincipal(checks, key, token)
  // a JWT is checked here with the issuer's keys; any other token, by asking the issuer (when configured)
  const { jwt, introspector } = checks
  const checked: TokenCheck | undefined =
    jwt !== undefined && looksLikeJwt(token) ? await jwt.verify(token) : introspector !== undefined ? await introspector.verify(token) : undefined
  if (checked === undefined)
    return unauthorized(checks, "invalid", { error: "invalid_token", description: "the token is not accepted" }, "the token is not accepted")
  if (checked._tag === "unavailable")
    return refused("keys_unavailable", errorBody(503, `Service Unavailable: ${checked.description}; retry shortly`, { "retry-after": "5" }))
  if (checked._tag === "invalid") return unauthorized(checks, checked.reason, { error: "invalid_token", description: checked.description }, checked.description)
  return tokenPrincipal(checks, checked.token, token)
}

/** undefined when `principal` may send `message`; else the 403 with the scope challenge. */
const authorize = (checks: Checks, principal: Principal, message: unknown) => {
  const { scopes: names } = checks.settings
  const needed = names[scopeFor(message)]
  if (principal.scopes.has(needed)) return undefined
  // the challenge names what the client holds plus what it lacks, so a new token covers both
  // (MCP authorization, "Scope Challenge Handling")
  const scopes = [...new Set([...[...principal.scopes].filter((s) => s === names.read || s === names.write), needed])]
  const what = needed === names.write ? "defining units, conversions, constants or kinds, and resetting a workspace" : "this request"
  return errorBody(403, `Forbidden: ${what} needs the scope '${needed}', which this token does not carry`, {
    "www-authenticate": challengeHeader(checks.description, { error: "insufficient_scope", description: `the scope '${needed}' is required`, scopes })
  })
}

/** The client secret's file: its first line (a trailing newline, as editors and `echo` leave, is not part of it). */
const readSecret = async (path: string): Promise<string> => {
  const secret = (await readFile(path, "utf8")).split(/\r?\n/)[0]!.trim()
  if (secret.length === 0) throw new Error(`${path}: the client secret file is empty`)
  return secret
}

/**
 * The audience when none is configured: the listening URL, which is only right for a loopback server
 * (behind a proxy, clients use another). `boundHost` is the address as configured: a wildcard
 * (0.0.0.0) is not loopback, though the listening URL names it `localhost`.
 */
export const defaultAudience = (settings: AuthSettings, listening: string, boundHost: string): string => {
  if (settings.audience !== undefined) return settings.audience
  if (settings.issuer !== undefined && !(isLoopbackHost(boundHost) && isLoopbackHost(new URL(listening).hostname))) {
    throw new Error("--auth-issuer needs --auth-audience (DIMENSIONAL_AUTH_AUDIENCE): the URL clients use for /mcp, which tokens must name as their audience")
  }
  return listening
}
