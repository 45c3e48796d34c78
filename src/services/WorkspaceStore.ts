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
import { Clock, Config, ConfigProvider, Duration, Effect, Layer, Semaphore } from "effect"
import type { QuotaExceeded, StoreUnavailable } from "../engine/errors.ts"
import { type StoredDocument, storedBytes } from "./WorkspaceDocument.ts"
import { type StoreLimits, WorkspaceStore, makeEndedSessions, makeOwnerCounts, principalFull, storeFailure, storeFull } from "./storeCommon.ts"
import { fileStore } from "./storeFile.ts"
import { redisLayer } from "./storeRedis.ts"

export type { StoredDocument } from "./WorkspaceDocument.ts"
export { WorkspaceStore, type StoreLimits, storeCallTimeout, keyOf, storeFailure, guardedCall, storeFull } from "./storeCommon.ts"

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

/**
 * All the workspaces of a memory store together: with the cap on their number and the byte quota
 * of each (Workspace.ts) alone, 10,000 workspaces of 1 MiB could still take 10 GB of this process.
 */
export const memoryStoreBytes = 512 * 1024 * 1024

/** A store in this process's memory: documents kept as objects (nothing to decode), swept by age. */
const memoryStore = (limits: StoreLimits, maxBytes: number): WorkspaceStore["Service"] => {
  const docs = new Map<string, { readonly doc: StoredDocument; readonly bytes: number }>()
  const owners = makeOwnerCounts()
  let total = 0
  const drop = (id: string) => {
    const entry = docs.get(id)
    if (entry) total -= entry.bytes
    docs.delete(id)
    owners.drop(id)
  }
  const ownerFull = (owner: string | undefined) =>
    owner !== undefined && limits.maxWorkspacesPerPrincipal !== undefined && owners.count(owner) >= limits.maxWorkspacesPerPrincipal
  const lock = Semaphore.makeUnsafe(1)
  const endedSessions = makeEndedSessions()
  // `now` from Effect's Clock: the same clock the Workspace service stamps `touched` with
  const sweepNow = (now: number, idleMs: number) => {
    const cutoff = now - idleMs
    let removed = 0
    for (const [id, { doc }] of docs) if (doc.touched < cutoff && (drop(id), true)) removed++
    return removed
  }
  return WorkspaceStore.of({
    description: "memory",
    read: (id) => Effect.sync(() => docs.get(id)?.doc),
    write: (id, expected, next, ttl, owner) =>
      lock.withPermits(1)(
        Effect.flatMap(Clock.currentTimeMillis, (now): Effect.Effect<boolean, StoreUnavailable | QuotaExceeded> => {
          const current = docs.get(id)
          if ((current?.doc.version ?? 0) !== expected) return Effect.succeed(false)
          if (current === undefined && ownerFull(owner)) {
            sweepNow(now, Duration.toMillis(ttl))
            if (ownerFull(owner)) return principalFull(limits)
          }
          const bytes = storedBytes(next.data)
          const growth = bytes - (current?.bytes ?? 0)
          if ((current === undefined && docs.size >= limits.maxWorkspaces) || (growth > 0 && total + growth > maxBytes)) {
            // expired ones go first: the caps count live workspaces
            sweepNow(now, Duration.toMillis(ttl))
            if (current === undefined && docs.size >= limits.maxWorkspaces) return storeFull("memory", "memory", limits)
            if (growth > 0 && total + growth > maxBytes) {
              return storeFailure(
                "memory",
                "memory",
                `already holds its maximum of ${maxBytes >= 1024 * 1024 ? `${Math.round(maxBytes / 1024 / 1024)} MiB` : `${maxBytes} bytes`} of workspaces; nothing more can be stored until some expire`,
                undefined,
                ["Empty a workspace you no longer need", "Definitions passed inline (custom_units, custom_edges) do not need the store"]
              )
            }
          }
          drop(id)
          docs.set(id, { doc: next, bytes })
          total += bytes
          if (owner !== undefined) owners.add(id, owner)
          return Effect.succeed(true)
        })
      ),
    remove: (id) => Effect.sync(() => drop(id)),
    end: (id, ttl) => Effect.sync(() => (drop(id), endedSessions.add(id, ttl))),
    ended: (id) => Effect.sync(() => endedSessions.has(id)),
    sweep: (idle) => lock.withPermits(1)(Effect.map(Clock.currentTimeMillis, (now) => sweepNow(now, Duration.toMillis(idle)))),
    count: Effect.sync(() => docs.size),
    secret: crypto.getRandomValues(new Uint8Array(32))
  })
}

/** The store for a setting, checked to work before the server starts. */
export const layerFor = (
  setting: StoreSetting,
  limits: StoreLimits = defaultStoreLimits,
  maxMemoryBytes = memoryStoreBytes
): Layer.Layer<WorkspaceStore, StoreUnavailable> => {
  switch (setting._tag) {
    case "memory":
      return Layer.sync(WorkspaceStore, () => memoryStore(limits, maxMemoryBytes))
    case "file":
      return Layer.effect(WorkspaceStore, fileStore(setting.directory, limits))
    case "redis":
      return redisLayer(setting.url, limits)
  }
}

/** The configured store (`fallback` when nothing is set). */
export const layerFromConfig = (fallback: string): Layer.Layer<WorkspaceStore, StoreUnavailable | Config.ConfigError> =>
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
export const layerMemory: Layer.Layer<WorkspaceStore> = layerFor({ _tag: "memory" }) as Layer.Layer<WorkspaceStore>
