import { createMcpHandler } from "@modelcontextprotocol/server"
import { NodeHttpServer } from "@effect/platform-node"
import { Console, Duration, Effect, Layer, Logger, References } from "effect"
import { HttpMiddleware, HttpRouter, HttpServer, HttpServerResponse, UrlParams } from "effect/http"
import { Workspace } from "../../../services/Workspace.ts"
import { Telemetry, type TelemetrySettings, startsSampled } from "../../../services/Telemetry.ts"
import * as WorkspaceStore from "../../../services/WorkspaceStore.ts"
import { type HttpSettings, allowListFor, httpDefaults, httpEnv, httpSettings, isWildcard } from "./config.ts"
import { HttpSessions } from "./sessions.ts"
import { serverInfo } from "../../server.ts"
import { LogToStderr } from "../../logging.ts"
import { type AuthSettings, authConfigured, authSettings } from "./authConfig.ts"
import { type Authorizer, defaultAudience, makeAuthorizer } from "./auth.ts"
import { makeAuthFailures } from "./authFailures.ts"
import { makeBodyBudget } from "./body.ts"
import { reduceHeapWhenQuiet } from "./heapReducer.ts"
import { makeCreationLimiter } from "./creationPace.ts"
import type { McpRoute } from "./route.ts"
import { mayListen } from "./exposure.ts"
import { makeReplicaHealth, readiness, readyPath, watchDependencies } from "./readiness.ts"
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
      const telemetry = yield* Telemetry
      const route = yield* mcpRoute(settings, guards, telemetry)
      const record = telemetry.metrics ? recordRequest : undefined
      const auth = route.auth
      // RFC 9728: public, and readable by a browser client on any origin (it holds no secret)
      for (const path of auth?.metadataPaths ?? [])
        yield* router.add(
          "GET",
          path as `/${string}`,
          observed(() => metadataResponse(auth!))
        )
      yield* router.add("*", mcpPath, observed(makeMcpHandler(route), mcpPath, record, route.traced))
      const store = yield* WorkspaceStore.WorkspaceStore
      const dependencies = yield* watchDependencies({ store: store.count, issuerKeys: auth?.issuerKeys }, { metrics: telemetry.metrics })
      const health = makeReplicaHealth(route.sessions.draining)
      yield* reduceHeapWhenQuiet()
      yield* Effect.addFinalizer(() => Effect.sync(health.stop))
      yield* router.add(
        "GET",
        readyPath,
        observed(() => readiness(health, dependencies), readyPath, record)
      )
      if (telemetry.metrics)
        yield* router.add(
          "GET",
          metricsPath,
          observed(() => scrape(route, store))
        )
      yield* router.add(
        "GET",
        healthPath,
        observed(() => liveness(route, store))
      )
    })
  )

/** What the /mcp route is built from (route.ts), as configured. */
const mcpRoute = (settings: HttpSettings, guards: HttpGuards, telemetry: TelemetrySettings) =>
  Effect.gen(function* () {
    const auth = guards.authorization === undefined ? undefined : yield* authorizerFor(guards.authorization, settings.host)
    const replica = yield* WorkspaceStore.ReplicaState
    const rateBucket = replica.rateBucket
    // a store shared by replicas keeps the buckets of the rate and of the creations pace (Redis)
    const shared: SharedBuckets | undefined =
      rateBucket === undefined
        ? undefined
        : {
            take: (client, rate) => rateBucket(client, rate.requests, rate.periodMs),
            onFallback: fallbackReporter(telemetry.metrics ? recordRateFallback : Effect.void)
          }
    const sessions = yield* HttpSessions
    const modern = createMcpHandler(() => sessions.serverFactory({ era: "modern" }), {
      legacy: "reject",
      maxRequestBodySize: settings.maxBodyBytes,
      onerror: (error) => Effect.runFork(Effect.logDebug(`2026-07-28 request: ${error.message.slice(0, 200)}`))
    })
    yield* Effect.addFinalizer(() => Effect.promise(() => modern.close()))
    const route: McpRoute = {
      sessions,
      workspaces: yield* Workspace,
      replica,
      settings,
      allow: allowListFor(settings),
      modern,
      // 16 bodies of the largest size at once (16 MiB at the default --max-body), however many arrive
      bodies: makeBodyBudget(16 * settings.maxBodyBytes),
      creations: makeCreationLimiter(settings.maxCreationsPerMinute ?? httpDefaults.maxCreationsPerMinute, shared),
      auth,
      authFailures: auth === undefined ? undefined : makeAuthFailures(settings.maxAuthFailuresPerMinute ?? httpDefaults.maxAuthFailuresPerMinute),
      limiter: guards.clientLimits === undefined ? undefined : makeClientLimiter(guards.clientLimits, { shared }),
      traced: telemetry.traced
    }
    return route
  })

const metadataResponse = (auth: Authorizer) =>
  Effect.succeed(HttpServerResponse.jsonUnsafe(auth.metadata, { headers: { "access-control-allow-origin": "*", "cache-control": "max-age=3600" } }))

/** Workspaces the store holds (null while it does not answer: liveness is not the store's). */
const workspacesHeld = (store: WorkspaceStore.WorkspaceStore["Service"]) => Effect.orElseSucceed(store.count, () => null)

const scrape = (route: McpRoute, store: WorkspaceStore.WorkspaceStore["Service"]) =>
  metricsResponse(Effect.all({ sessions: Effect.map(route.sessions.stats, (s) => s.live), workspaces: workspacesHeld(store) }))

const liveness = (route: McpRoute, store: WorkspaceStore.WorkspaceStore["Service"]) =>
  Effect.gen(function* () {
    const stats = yield* route.sessions.stats
    return HttpServerResponse.jsonUnsafe({
      status: "ok",
      name: serverInfo.name,
      version: serverInfo.version,
      sessions: stats.live,
      opened: stats.opened,
      closed: stats.closed,
      workspaces: yield* workspacesHeld(store)
    })
  })

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
      HttpSessions.layer({
        idleTimeout: settings.idleTimeout,
        maxSessions: settings.maxSessions,
        maxSessionsPerPrincipal: settings.maxSessionsPerPrincipal,
        conformanceFixtures: settings.conformanceFixtures
      })
    ),
    // a token sent in the query string (refused: tokens go in the header) never reaches a trace: every query value is redacted
    Layer.provideMerge(Layer.succeed(UrlParams.CurrentRedactedNames, [/(?:)/])),
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
const authorizerFor = (authorization: AuthSettings, boundHost: string) =>
  Effect.gen(function* () {
    const listening = yield* mcpUrl
    return yield* Effect.tryPromise({
      try: async () => makeAuthorizer(authorization, defaultAudience(authorization, listening, boundHost)),
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

/**
 * `runHttpServer` over `services`, built under the same logger: what the store logs when it is
 * built and in its background fibers (the session secret's reconciliation, the sweeper) goes to
 * stderr in the configured format too, not to the default logger.
 */
export const runHttpServerWith = <ROut, E, RIn>(services: Layer.Layer<ROut, E, RIn>) =>
  Effect.gen(function* () {
    const format = yield* logFormat.pipe(Effect.tapError((error) => Console.error(`dimensional: invalid HTTP setting: ${error.message}`)))
    return yield* serveFromConfig.pipe(Effect.provide(services), Effect.provide(httpLoggerFor(format)))
  })

const serveFromConfig = Effect.gen(function* () {
  const settings = yield* httpSettings.pipe(Effect.tapError((error) => Console.error(`dimensional: invalid HTTP setting: ${error.message}`)))
  const authorization = yield* authSettings
  if (!(yield* mayListen(settings.host, authorization))) return
  const clientLimits = yield* clientLimitSettings
  return yield* serveHttp(settings, { authorization: authConfigured(authorization) ? authorization : undefined, clientLimits })
})
