import { createMcpHandler } from "@modelcontextprotocol/server"
import { NodeHttpServer } from "@effect/platform-node"
import { Console, Duration, Effect, Layer, Logger, References } from "effect"
import { HttpMiddleware, HttpRouter, HttpServer, HttpServerResponse } from "effect/http"
import { Workspace } from "../../../services/Workspace.ts"
import { Telemetry, type TelemetrySettings, startsSampled } from "../../../services/Telemetry.ts"
import * as WorkspaceStore from "../../../services/WorkspaceStore.ts"
import { type HttpSettings, allowListFor, httpEnv, httpSettings, isWildcard } from "./config.ts"
import { HttpSessions } from "./sessions.ts"
import { serverInfo } from "../../server.ts"
import { LogToStderr } from "../../logging.ts"
import { type AuthSettings, authConfigured, authSettings } from "./authConfig.ts"
import { defaultAudience, makeAuthorizer } from "./auth.ts"
import { mayListen } from "./exposure.ts"
import { makeReadiness, readyPath } from "./readiness.ts"
import { type LogFormat, logFormat, stderrLogger } from "./logFormat.ts"
import { metricsPath, metricsResponse, recordRateFallback, recordRequest } from "./metrics.ts"
import { type ClientLimitSettings, type SharedBuckets, clientLimitSettings, fallbackReporter, makeClientLimiter } from "./clientLimits.ts"
import { healthPath, mcpPath } from "./answers.ts"
import { makeMcpHandler } from "./mcpHandler.ts"
import { startingServer } from "./node.ts"
import { observed } from "./requestLog.ts"

export { healthPath, mcpPath } from "./answers.ts"
export { plainlyLegacy } from "./era.ts"
export { makeMcpHandler } from "./mcpHandler.ts"

/**
 * What the HTTP server adds for deployments beyond one machine: authorization, limits per client.
 * What it records (metrics at /metrics, spans) is the Telemetry service's, decided in src/layers.ts.
 */
export interface HttpGuards {
  readonly authorization?: AuthSettings | undefined
  readonly clientLimits?: ClientLimitSettings | undefined
}

/** The routes, bound to the session registry. */

export const McpRoutes = (settings: HttpSettings, guards: HttpGuards = {}) =>
  HttpRouter.use((router) =>
    Effect.gen(function* () {
      const auth = guards.authorization === undefined ? undefined : yield* authorizerFor(guards.authorization)
      const telemetry = yield* Telemetry
      const store = yield* WorkspaceStore.WorkspaceStore
      const rateBucket = store.rateBucket
      // a store shared by replicas keeps the buckets of the rate and of the creations pace (Redis)
      const shared: SharedBuckets | undefined =
        rateBucket === undefined
          ? undefined
          : {
              take: (client, rate) => rateBucket(client, rate.requests, rate.periodMs),
              onFallback: fallbackReporter(telemetry.metrics ? recordRateFallback : Effect.void)
            }
      const limiter = guards.clientLimits === undefined ? undefined : makeClientLimiter(guards.clientLimits, { shared })
      const sessions = yield* HttpSessions
      const modern = createMcpHandler(() => sessions.serverFactory({ era: "modern" }), {
        legacy: "reject",
        maxRequestBodySize: settings.maxBodyBytes,
        onerror: (error) => Effect.runFork(Effect.logDebug(`2026-07-28 request: ${error.message}`))
      })
      yield* Effect.addFinalizer(() => Effect.promise(() => modern.close()))
      const mcp = makeMcpHandler(sessions, yield* Workspace, settings, allowListFor(settings), modern, auth, limiter, shared, telemetry.traced)
      // RFC 9728: public, and readable by a browser client on any origin (it holds no secret)
      if (auth !== undefined)
        for (const path of auth.metadataPaths)
          yield* router.add(
            "GET",
            path as `/${string}`,
            observed(() =>
              Effect.succeed(HttpServerResponse.jsonUnsafe(auth.metadata, { headers: { "access-control-allow-origin": "*", "cache-control": "max-age=3600" } }))
            )
          )
      const record = telemetry.metrics ? recordRequest : undefined
      yield* router.add("*", mcpPath, observed(mcp, mcpPath, record, telemetry.traced))
      const readiness = makeReadiness({ store: store.count, issuerKeys: auth?.issuerKeys })
      yield* router.add(
        "GET",
        readyPath,
        observed(() => readiness, readyPath, record)
      )
      if (telemetry.metrics) {
        const gauges = Effect.all({ sessions: Effect.map(sessions.stats, (s) => s.live), workspaces: Effect.orElseSucceed(store.count, () => null) })
        const scrape = metricsResponse(gauges)
        yield* router.add(
          "GET",
          metricsPath,
          observed(() => scrape)
        )
      }
      yield* router.add(
        "GET",
        healthPath,
        observed(() =>
          Effect.gen(function* () {
            const stats = yield* sessions.stats
            // workspaces the store holds (null while it does not answer: liveness is not the store's)
            const workspaces = yield* Effect.orElseSucceed(store.count, () => null)
            return HttpServerResponse.jsonUnsafe({
              status: "ok",
              name: serverInfo.name,
              version: serverInfo.version,
              sessions: stats.live,
              opened: stats.opened,
              closed: stats.closed,
              workspaces
            })
          })
        )
      )
    })
  )

/**
 * The whole HTTP server as a layer: node server, routes, session registry and shared services.
 * It listens once built (port 0: a free port, see HttpServer.HttpServer's address).
 */
export const HttpMcpServer = (settings: HttpSettings, guards: HttpGuards = {}) =>
  HttpRouter.serve(McpRoutes(settings, guards), { disableLogger: true, disableListenLog: true }).pipe(
    // the port opens last, once the store and the sessions are ready (layers build from the bottom up)
    Layer.provideMerge(
      NodeHttpServer.layer(startingServer, {
        port: settings.port,
        host: settings.host,
        gracefulShutdownTimeout: Duration.seconds(1)
      })
    ),
    Layer.provideMerge(
      HttpSessions.layer({ idleTimeout: settings.idleTimeout, maxSessions: settings.maxSessions, conformanceFixtures: settings.conformanceFixtures })
    ),
    Layer.provideMerge(Layer.succeed(References.MinimumLogLevel, settings.logLevel)),
    // the requests' sampling follows what the process records (the Telemetry of src/layers.ts)
    Layer.provideMerge(
      Layer.unwrap(
        Effect.gen(function* () {
          return requestSampling(yield* Telemetry)
        })
      )
    )
  )

/**
 * Head sampling of requests (parent-based): a request with a `traceparent` continues that trace as
 * its sender decided; one that starts a trace here is recorded at the configured ratio, and an
 * unrecorded one makes no span (nor do its tool calls, toolTelemetry.ts).
 */
const requestSampling = (settings: TelemetrySettings) => {
  if (!settings.traced || (settings.sampleRatio ?? 1) >= 1) return Layer.empty
  return Layer.succeed(HttpMiddleware.TracerDisabledWhen)((request) => request.headers.traceparent === undefined && !startsSampled(settings))
}

/** Where clients connect, e.g. http://127.0.0.1:3000/mcp. */
export const mcpUrl = Effect.gen(function* () {
  const server = yield* HttpServer.HttpServer
  const formatted = HttpServer.formatAddress(server.address)
  if (server.address._tag === "UnixPathAddress") return `${formatted}${mcpPath}`
  const url = new URL(formatted)
  if (isWildcard(url.hostname)) url.hostname = "localhost"
  return `${url.origin}${mcpPath}`
})

/** The authorizer of the settings, for the URL this server listens on; a start that cannot build it fails with the reason. */
const authorizerFor = (authorization: AuthSettings) =>
  Effect.gen(function* () {
    const listening = yield* mcpUrl
    return yield* Effect.tryPromise({
      try: async () => makeAuthorizer(authorization, defaultAudience(authorization, listening)),
      catch: (error) => new Error(`authorization: ${error instanceof Error ? error.message : String(error)}`)
    })
  })

/** Serves until interrupted (SIGINT/SIGTERM), then ends every session before the server closes. */
export const serveHttp = (settings: HttpSettings, guards: HttpGuards = {}) =>
  Effect.gen(function* () {
    const sessions = yield* HttpSessions
    const url = yield* mcpUrl
    const store = yield* WorkspaceStore.WorkspaceStore
    yield* Console.log(
      `dimensional MCP server listening on ${url} (Streamable HTTP; health: ${url.replace(/\/mcp$/, healthPath)}; workspaces: ${store.description})`
    )
    yield* Effect.logInfo(`listening on ${url}`).pipe(
      Effect.annotateLogs({ idleTimeout: Duration.format(settings.idleTimeout), maxSessions: settings.maxSessions, maxBodyBytes: settings.maxBodyBytes })
    )
    if (isWildcard(settings.host) && settings.allowedHosts.length === 0) {
      yield* Effect.logWarning(`bound to ${settings.host}, but only loopback Host names are allowed; set ${httpEnv.allowedHosts} to the names clients use`)
    }
    return yield* Effect.never.pipe(
      Effect.onInterrupt(() =>
        Effect.gen(function* () {
          const { live } = yield* sessions.stats
          yield* Effect.logInfo(`shutting down: closing ${live} session(s)`)
          // calls waiting on a client's model answer first (with the agent's own error), then sessions close
          yield* Effect.promise(() => sessions.serverFactory.drain(1_000))
          yield* sessions.closeAll("shutdown")
        })
      )
    )
  }).pipe(Effect.provide(HttpMcpServer(settings, guards)))

/** One line per entry on stderr (timestamp, level, message, requestId, session, principal, tool, ...): logfmt, or JSON (--log-format json). */
export const httpLoggerFor = (format: LogFormat) => Layer.merge(LogToStderr, Logger.layer([stderrLogger(format)]))

export const HttpLogger = httpLoggerFor("logfmt")

/** `dimensional mcp --http`: settings from the environment (and flags, via the ConfigProvider). */
export const runHttpServer = Effect.gen(function* () {
  const format = yield* logFormat.pipe(Effect.tapError((error) => Console.error(`dimensional: invalid HTTP setting: ${error.message}`)))
  return yield* serveFromConfig.pipe(Effect.provide(httpLoggerFor(format)))
})

const serveFromConfig = Effect.gen(function* () {
  const settings = yield* httpSettings.pipe(Effect.tapError((error) => Console.error(`dimensional: invalid HTTP setting: ${error.message}`)))
  const authorization = yield* authSettings
  if (!(yield* mayListen(settings.host, authorization))) return
  const clientLimits = yield* clientLimitSettings
  return yield* serveHttp(settings, { authorization: authConfigured(authorization) ? authorization : undefined, clientLimits })
})
