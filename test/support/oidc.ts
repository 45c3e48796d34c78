// A real OpenID provider on loopback (oidc-provider, an OpenID Certified implementation:
// https://github.com/panva/node-oidc-provider), issuing JWT access tokens by the client-credentials
// grant for resource indicators (RFC 8707), and the keys it signs with (so a test can also mint
// tokens the provider never would: expired, for another issuer).
import type { Server } from "node:http"
import { exportJWK, generateKeyPair, type JWK } from "jose"

export interface SigningKey {
  readonly kid: string
  /** The private JWK, as the provider holds it. */
  readonly jwk: JWK
  readonly privateKey: CryptoKey
}

export const newSigningKey = async (kid: string): Promise<SigningKey> => {
  const { privateKey } = await generateKeyPair("RS256", { extractable: true })
  const jwk = { ...(await exportJWK(privateKey)), kid, alg: "RS256", use: "sig" }
  return { kid, jwk, privateKey }
}

export interface TestClient {
  readonly id: string
  readonly secret: string
  /** The scopes it may ask for, space-separated. */
  readonly scope: string
}

export interface Issuer {
  readonly issuer: string
  readonly port: number
  /** A client-credentials access token for `resource` with `scope`. */
  readonly token: (client: TestClient, resource: string, scope: string) => Promise<string>
  /** Requests its introspection endpoint has answered so far. */
  readonly introspections: () => number
  /** Faults to inject: `jwks`, a status its key set endpoint answers instead of the keys (a 5xx outage). */
  readonly faults: { jwks?: number | undefined }
  readonly stop: () => Promise<void>
}

export const scopes = "units:read units:write"

/** Whether oidc-provider can be loaded here (a devDependency; the tests skip without it). */
export const oidcProviderAvailable = async (): Promise<boolean> => {
  try {
    await import("oidc-provider")
    return true
  } catch {
    return false
  }
}

/** Starts a provider on `port` (0: a free one) signing with `keys` (the first signs, all are published). */
export const startIssuer = async (options: {
  readonly keys: ReadonlyArray<SigningKey>
  readonly clients: ReadonlyArray<TestClient>
  readonly port?: number
  readonly ttlSeconds?: number
  /** Clients whose access tokens are opaque (checked by introspection, RFC 7662), not JWTs. */
  readonly opaqueClients?: ReadonlyArray<string>
  /** Serve the introspection endpoint (named in the metadata as introspection_endpoint). */
  readonly introspection?: boolean
}): Promise<Issuer> => {
  const { default: Provider } = await import("oidc-provider")
  const { createServer } = await import("node:http")
  // the port first: the issuer URL names it
  const listener: Server = createServer()
  await new Promise<void>((resolve) => listener.listen(options.port ?? 0, "127.0.0.1", resolve))
  const address = listener.address()
  const port = typeof address === "object" && address ? address.port : 0
  const issuer = `http://127.0.0.1:${port}`
  const opaque = new Set(options.opaqueClients ?? [])
  const provider = new Provider(issuer, {
    clients: options.clients.map((c) => ({
      client_id: c.id,
      client_secret: c.secret,
      grant_types: ["client_credentials"],
      redirect_uris: [],
      response_types: [],
      scope: c.scope
    })),
    jwks: { keys: options.keys.map((k) => k.jwk) },
    scopes: scopes.split(" "),
    ttl: { ClientCredentials: options.ttlSeconds ?? 300 },
    features: {
      devInteractions: { enabled: false },
      clientCredentials: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => undefined,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx: unknown, resourceIndicator: string, client: { clientId: string }) =>
          opaque.has(client.clientId)
            ? { scope: scopes, audience: resourceIndicator, accessTokenFormat: "opaque", accessTokenTTL: options.ttlSeconds ?? 300 }
            : {
                scope: scopes,
                audience: resourceIndicator,
                accessTokenFormat: "jwt",
                accessTokenTTL: options.ttlSeconds ?? 300,
                jwt: { sign: { alg: "RS256" } }
              }
      },
      // any confidential client may introspect (the resource server is one); said explicitly, as the provider asks
      introspection: {
        enabled: options.introspection === true,
        allowedPolicy: (_ctx: unknown, client: { clientAuthMethod: string }) => client.clientAuthMethod !== "none"
      }
    }
  })
  let introspections = 0
  const faults: { jwks?: number | undefined } = {}
  // oidc-provider logs through its own events; quiet here
  provider.on("server_error", () => {})
  const callback = provider.callback()
  listener.on("request", (request, response) => {
    if (request.url?.startsWith("/token/introspection")) introspections++
    if (request.url?.startsWith("/jwks") && faults.jwks !== undefined) return void response.writeHead(faults.jwks, { "content-type": "text/plain" }).end("down")
    callback(request, response)
  })
  return {
    issuer,
    port,
    token: async (client, resource, scope) => {
      const response = await fetch(`${issuer}/token`, {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          authorization: `Basic ${Buffer.from(`${client.id}:${client.secret}`).toString("base64")}`
        },
        body: new URLSearchParams({ grant_type: "client_credentials", scope, resource })
      })
      const body = (await response.json()) as { access_token?: string; error?: string; error_description?: string }
      if (!response.ok || body.access_token === undefined) throw new Error(`token request failed: ${response.status} ${body.error}: ${body.error_description}`)
      return body.access_token
    },
    introspections: () => introspections,
    faults,
    stop: () =>
      new Promise<void>((resolve) => {
        listener.closeAllConnections()
        listener.close(() => resolve())
      })
  }
}
