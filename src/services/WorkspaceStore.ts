/**
 * Where workspaces live: one versioned document per workspace (WorkspaceDocument.ts), chosen by the
 * `--store` flag or `DIMENSIONAL_STORE`:
 *
 * - `memory`: this process only (the stdio default: one client, one process);
 * - `file:<directory>` (`file:./.dimensional/store`, the HTTP default): one file per workspace,
 *   written to a temporary file and renamed over the old one, so a crash never leaves half a
 *   document; one process per directory, enforced by a lock file (storeFile.ts);
 * - `redis://host:port[/db]`: shared by every replica behind a load balancer (storeRedis.ts).
 *
 * Writes are compare-and-set on the document's version, so two replicas writing one workspace at
 * once never lose either write (Workspace.ts retries the loser). Every store deletes what expired:
 * memory and file in `sweep` (the Workspace layer runs it periodically), Redis by the key's TTL.
 * Every store holds at most `maxWorkspaces` live workspaces; creating one more fails clearly.
 * Every call is bounded by a time-out; a failure is a `StoreUnavailable` whose message names the
 * kind of store but never a server path or address, and whose cause is logged on the server.
 */
import { Config, ConfigProvider, Context, Effect, Layer, type Scope } from "effect"
import type { StoreUnavailable } from "../engine/errors.ts"
import { ReplicaState } from "./ReplicaState.ts"
import { type StoreLimits, WorkspaceStore } from "./storeCommon.ts"
import { fileStore } from "./storeFile.ts"
import { memoryStore } from "./storeMemory.ts"
import { redisLayer } from "./storeRedis.ts"

export type { StoredDocument } from "./WorkspaceDocument.ts"
export { WorkspaceStore, type StoreLimits, storeCallTimeout, keyOf, storeFailure, guardedCall, storeFull } from "./storeCommon.ts"
export { ReplicaState } from "./ReplicaState.ts"
export { memoryStoreBytes } from "./storeMemory.ts"

/** The setting as written: `memory`, `file:<dir>` or `redis://…`. */
export type StoreSetting =
  | { readonly _tag: "memory" }
  | { readonly _tag: "file"; readonly directory: string }
  | { readonly _tag: "redis"; readonly url: string }

export const storeEnv = "DIMENSIONAL_STORE"
export const maxWorkspacesEnv = "DIMENSIONAL_MAX_WORKSPACES"
export const maxWorkspacesPerPrincipalEnv = "DIMENSIONAL_MAX_WORKSPACES_PER_PRINCIPAL"

/**
 * Enough for a busy deployment; with the byte quota per workspace (Workspace.ts) it bounds the
 * store's size. Per principal (an authorized client: a token's subject or client, an API key's
 * name), a tenth of the store's default: one client looping on workspace creation takes at most a
 * tenth of the shared pool and the others keep finding room, while one agent's real work (a
 * workspace per session or project, kept for the 7-day idle time-out) stays far below it. A server
 * without authorization has no principals: there the store's bound alone applies.
 */
export const defaultStoreLimits: StoreLimits = { maxWorkspaces: 10_000, maxWorkspacesPerPrincipal: 1_000 }

/** The embedded store `npm start` uses on a fresh machine: relative to the working directory. */
export const defaultFileStore = "file:./.dimensional/store"

export const parseStoreSetting = (text: string): StoreSetting | string => {
  const t = text.trim()
  if (t === "memory") return { _tag: "memory" }
  if (t.startsWith("file:") && t.length > "file:".length) return { _tag: "file", directory: t.slice("file:".length) }
  if (/^rediss?:\/\/[^\s]+$/.test(t)) return { _tag: "redis", url: t }
  return `${storeEnv}/--store: expected 'memory', 'file:<directory>' or 'redis://host:port', got '${text}'`
}

/** The store setting from configuration, or `fallback` (memory for stdio, the file store for HTTP). */
export const storeSetting = (fallback: string): Config.Config<StoreSetting> =>
  Config.String(storeEnv).pipe(
    Config.withDefault(fallback),
    Config.flatMap((text) => {
      const parsed = parseStoreSetting(text)
      return typeof parsed === "string" ? Config.fail(new ConfigProvider.SourceError({ message: parsed })) : Config.succeed(parsed)
    })
  )

/** The store for a setting and the replica state it keeps beside the workspaces, checked to work before the server starts. */
export const layerFor = (
  setting: StoreSetting,
  limits: StoreLimits = defaultStoreLimits,
  maxMemoryBytes?: number
): Layer.Layer<WorkspaceStore | ReplicaState, StoreUnavailable> => {
  switch (setting._tag) {
    case "memory":
      return bothOf(Effect.sync(() => memoryStore(limits, maxMemoryBytes)))
    case "file":
      return bothOf(fileStore(setting.directory, limits))
    case "redis":
      return redisLayer(setting.url, limits)
  }
}

/** A back-end's two services as one layer. */
const bothOf = <E, R>(
  made: Effect.Effect<{ readonly store: WorkspaceStore["Service"]; readonly replica: ReplicaState["Service"] }, E, R>
): Layer.Layer<WorkspaceStore | ReplicaState, E, Exclude<R, Scope.Scope>> =>
  Layer.effectContext(Effect.map(made, ({ store, replica }) => Context.make(WorkspaceStore, store).pipe(Context.add(ReplicaState, replica))))

/** The configured store (`fallback` when nothing is set). */
export const layerFromConfig = (fallback: string): Layer.Layer<WorkspaceStore | ReplicaState, StoreUnavailable | Config.ConfigError> =>
  Layer.unwrap(
    Effect.gen(function* () {
      const maxWorkspaces = yield* Config.Int(maxWorkspacesEnv).pipe(
        Config.withDefault(defaultStoreLimits.maxWorkspaces),
        Config.flatMap((n) =>
          n >= 1
            ? Config.succeed(n)
            : Config.fail(new ConfigProvider.SourceError({ message: `${maxWorkspacesEnv}/--max-workspaces: expected at least 1, got ${n}` }))
        )
      )
      const maxWorkspacesPerPrincipal = yield* Config.Int(maxWorkspacesPerPrincipalEnv).pipe(
        Config.withDefault(defaultStoreLimits.maxWorkspacesPerPrincipal!),
        Config.flatMap((n) =>
          n >= 1
            ? Config.succeed(n)
            : Config.fail(
                new ConfigProvider.SourceError({ message: `${maxWorkspacesPerPrincipalEnv}/--max-workspaces-per-principal: expected at least 1, got ${n}` })
              )
        )
      )
      return layerFor(yield* storeSetting(fallback), { maxWorkspaces, maxWorkspacesPerPrincipal })
    })
  )

/** A process-only store, for tests and the library. */
export const layerMemory: Layer.Layer<WorkspaceStore | ReplicaState> = layerFor({ _tag: "memory" }) as Layer.Layer<WorkspaceStore | ReplicaState>
