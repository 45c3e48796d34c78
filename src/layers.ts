/**
 * The one composition root: the services every entry is built from (the stdio and HTTP servers,
 * the human CLI, the library, the tests), and what the process's settings decide once for all of
 * them: what it records (Observability) and which tools it exposes (--toolsets, --read-only). Entries differ only in their defaults: where definitions
 * live, and whether the process has a workspace of its own. Nothing below this file composes
 * services; a transport or the server factory asks for what it needs and an entry provides it here.
 */
import { Context, Effect, Layer } from "effect"
import { Corrector } from "./mcp/repair/Corrector.ts"
import { RetryPolicy } from "./mcp/repair/RetryPolicy.ts"
import { SelfCorrectionConfig } from "./mcp/repair/SelfCorrectionConfig.ts"
import { FormulaRegistry } from "./services/FormulaRegistry.ts"
import { UnitCatalog } from "./services/UnitCatalog.ts"
import { DefaultWorkspace, newWorkspaceId, Workspace } from "./services/Workspace.ts"
import * as WorkspaceStore from "./services/WorkspaceStore.ts"
import { Telemetry, instrumentReplicaState, instrumentStore, storeKindOf } from "./services/Telemetry.ts"
import { metricsEnabled, otlpEndpoint, traceSampleRatio } from "./mcp/transports/telemetryConfig.ts"
import { WorksheetViewFromConfig } from "./mcp/apps/worksheet.ts"
import { exposureFromConfig } from "./mcp/toolsets.ts"

/** Self-correction as configured (environment, or flags over it): the settings, the retry policy, the correctors. */
export const SelfCorrection = Corrector.layer.pipe(Layer.provideMerge(RetryPolicy.layer), Layer.provideMerge(SelfCorrectionConfig.layer))

/** How calls are served, as configured: self-correction, and the worksheet view (`--no-ui`). */
const Serving = Layer.mergeAll(SelfCorrection, WorksheetViewFromConfig)

/**
 * What the process records, decided once here for every entry: spans when an OTLP endpoint is set
 * (`--otlp-endpoint`), exported by the tracing layer, whose code (an HTTP client, the OTLP
 * encoding) loads only then; metrics with `--metrics` where something can scrape them (the HTTP
 * server; stdio has no endpoint).
 */
export const Observability = (metricsServed: boolean) =>
  Layer.unwrap(
    Effect.gen(function* () {
      const endpoint = yield* otlpEndpoint
      const telemetry = Layer.succeed(Telemetry, {
        traced: endpoint !== undefined,
        metrics: metricsServed && (yield* metricsEnabled),
        sampleRatio: yield* traceSampleRatio
      })
      if (endpoint === undefined) return telemetry
      const { tracingLayer } = yield* Effect.promise(() => import("./mcp/transports/otlp.ts"))
      return Layer.merge(telemetry, tracingLayer(endpoint))
    })
  )

/** The store and its replica state, timed and spanned when telemetry is on (decided once here: off, they are the store itself). */
const instrumented = <E, R>(store: Layer.Layer<WorkspaceStore.WorkspaceStore | WorkspaceStore.ReplicaState, E, R>) =>
  Layer.effectContext(
    Effect.gen(function* () {
      const workspaces = yield* WorkspaceStore.WorkspaceStore
      const telemetry = yield* Telemetry
      const replica = instrumentReplicaState(yield* WorkspaceStore.ReplicaState, storeKindOf(workspaces.description), telemetry)
      return Context.make(WorkspaceStore.WorkspaceStore, instrumentStore(workspaces, telemetry)).pipe(Context.add(WorkspaceStore.ReplicaState, replica))
    })
  ).pipe(Layer.provide(store))

/** The domain services over a store: workspaces, formulas and the catalog under them. */
const Domain = <E, R>(store: Layer.Layer<WorkspaceStore.WorkspaceStore | WorkspaceStore.ReplicaState, E, R>) =>
  Layer.mergeAll(Workspace.layer, FormulaRegistry.layer).pipe(Layer.provideMerge(instrumented(store)), Layer.provideMerge(UnitCatalog.layer))

/**
 * One client, one process: the process's own workspace is every call's default; the store is memory
 * unless configured. The id is drawn when the layer is built (a start), not when this module is
 * loaded: a start-up snapshot (src/startup/snapshotEntry.ts) holds this module loaded, and would otherwise
 * give every process started from it the same workspace.
 */
export const StdioServices = Layer.mergeAll(
  Domain(WorkspaceStore.layerFromConfig("memory")),
  Serving,
  Layer.sync(DefaultWorkspace, newWorkspaceId),
  exposureFromConfig
).pipe(Layer.provideMerge(Observability(false)))

/** Every session of an HTTP server: the store is a directory unless configured (a session's workspace is its own). */
export const HttpServices = Layer.mergeAll(Domain(WorkspaceStore.layerFromConfig(WorkspaceStore.defaultFileStore)), Serving, exposureFromConfig).pipe(
  Layer.provideMerge(Observability(true))
)

/**
 * In this process's memory with one default workspace (`defaultId`, else one drawn each time the
 * layer is built), self-correction as configured: the human CLI, the library's tool calls.
 */
export const InMemoryServices = (defaultId?: string) =>
  Layer.mergeAll(Workspace.layerInMemory(defaultId), FormulaRegistry.layer, Serving).pipe(Layer.provideMerge(UnitCatalog.layer))
