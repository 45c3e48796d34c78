/**
 * Who may reach a server without authorization: anyone who reaches its address can use it, so it
 * listens on loopback only unless the operator says a proxy in front authorizes every request
 * (--allow-unauthenticated, logged as a warning). Said at start either way.
 */
import { Console, Effect } from "effect"
import { type AuthSettings, authConfigured, authEnv, isLoopbackHost } from "./authConfig.ts"

/**
 * Whether the server may start on `host` with `authorization`; false sets exit code 2 after saying why.
 * An issuer beyond loopback needs the audience said: the listening URL of a wildcard address would be
 * `localhost`, so a token minted for any local server on the port would pass here (RFC 8707 audience
 * confusion), and the challenge would send remote clients to localhost.
 */
export const mayListen = (host: string, authorization: AuthSettings): Effect.Effect<boolean> =>
  Effect.gen(function* () {
    if (authorization.issuer !== undefined && authorization.audience === undefined && !isLoopbackHost(host)) {
      yield* Console.error(
        `dimensional: refusing to listen on ${host} with --auth-issuer but no --auth-audience (${authEnv.audience}): set it to the URL clients use for /mcp, which every token must name as its audience (aud)`
      )
      yield* Effect.sync(() => void (process.exitCode = 2))
      return false
    }
    if (authConfigured(authorization)) return true
    if (isLoopbackHost(host)) {
      yield* Console.error("dimensional: no authorization configured (--auth-issuer, --api-keys-file): serving loopback only")
      return true
    }
    if (!authorization.allowUnauthenticated) {
      yield* Console.error(
        `dimensional: refusing to listen on ${host} without authorization: set --auth-issuer or --api-keys-file, or pass --allow-unauthenticated (when a proxy in front authorizes every request)`
      )
      yield* Effect.sync(() => void (process.exitCode = 2))
      return false
    }
    yield* Effect.logWarning(`listening on ${host} without authorization (--allow-unauthenticated): every client that reaches this address can use the server`)
    return true
  })
