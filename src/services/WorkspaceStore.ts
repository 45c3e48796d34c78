/**
 * Where workspaces live: one JSON document per workspace behind Effect's `KeyValueStore`, chosen
 * by the `--store` flag or `DIMENSIONAL_STORE`:
 *
 * - `memory`: this process only (the stdio default: one client, one process);
 * - `file:<directory>` (`file:./.dimensional/store`, the HTTP default): one file per workspace,
 *   written to a temporary file and renamed over the old one, so a crash never leaves half a
 *   document and a restart keeps every definition, with nothing else to install;
 * - `redis://host:port[/db]`: shared by every replica behind a load balancer (Effect's Redis
 *   persistence over @effect/platform-node's NodeRedis).
 *
 * Writes are compare-and-set on the document's version, so two replicas writing one workspace at
 * once never lose either write: the loser re-reads and applies its change again (Workspace.ts).
 * Redis checks the version in a Lua script (atomic on the server); memory and file check it under a
 * per-process lock (the file store belongs to one node). Every call is bounded by a time-out and a
 * failure is a `StoreUnavailable`, never a hang; a store unreachable at start-up fails the layer.
 */
import * as NodeFileSystem from "@effect/platform-node/NodeFileSystem"
import * as NodePath from "@effect/platform-node/NodePath"
import * as NodeRedis from "@effect/platform-node/NodeRedis"
import { Config, ConfigProvider, Context, Duration, Effect, FileSystem, Layer, Path, Semaphore } from "effect"
import * as KeyValueStore from "effect/persistence/KeyValueStore"
import * as Redis from "effect/persistence/Redis"
import { StoreUnavailable } from "../engine/errors.ts"

/** A workspace as stored: its data (opaque here), a version bumped by every change, and when it was last used. */
export interface StoredDocument {
  readonly version: number
  /** Milliseconds since the epoch of the last change or use (idle expiry counts from here). */
  readonly touched: number
  readonly data: unknown
}

export class WorkspaceStore extends Context.Service<
  WorkspaceStore,
  {
    /** What the store is, for logs and the start-up line: "memory", "file:/abs/dir", "redis://host:port". */
    readonly description: string
    readonly read: (id: string) => Effect.Effect<StoredDocument | undefined, StoreUnavailable>
    /**
     * Stores `next` only if the stored version is still `expected` (0: no document yet). False when
     * another writer came first. `ttl` lets the store drop the document by itself after idling.
     */
    readonly write: (id: string, expected: number, next: StoredDocument, ttl: Duration.Duration) => Effect.Effect<boolean, StoreUnavailable>
    readonly remove: (id: string) => Effect.Effect<void, StoreUnavailable>
  }
>()("dimensional/WorkspaceStore") {}

/** How long one store call may take before the call fails with store_unavailable. */
export const storeCallTimeout = Duration.seconds(3)

/** The setting as written: `memory`, `file:<dir>` or `redis://…`. */
export type StoreSetting = { readonly _tag: "memory" } | { readonly _tag: "file"; readonly directory: string } | { readonly _tag: "redis"; readonly url: string }

export const storeEnv = "DIMENSIONAL_STORE"

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

const keyOf = (id: string) => `dimensional:workspace:${id}`

const unavailable = (store: string, what: string, cause?: unknown) =>
  new StoreUnavailable({
    message: `The workspace store (${store}) ${what}${cause instanceof Error ? `: ${cause.message}` : ""}`,
    hints: ["Try the call again shortly", "Definitions passed inline (custom_units, custom_edges) do not need the store"]
  })

/** Bounds a store call and turns every failure into StoreUnavailable. */
const guardedCall = <A, E>(store: string, effect: Effect.Effect<A, E>): Effect.Effect<A, StoreUnavailable> =>
  effect.pipe(
    Effect.timeoutOrElse({ duration: storeCallTimeout, orElse: () => Effect.fail(unavailable(store, `did not answer within ${Duration.format(storeCallTimeout)}`)) }),
    Effect.mapError((e) => (e instanceof StoreUnavailable ? e : unavailable(store, "failed", (e as { cause?: unknown }).cause ?? e)))
  )

const parse = (text: string): StoredDocument | undefined => {
  try {
    const doc = JSON.parse(text) as StoredDocument
    return typeof doc === "object" && doc !== null && typeof doc.version === "number" ? doc : undefined
  } catch {
    return undefined
  }
}

/** Documents kept decoded per process: enough for the workspaces in active use. */
const decodedCacheSize = 256

/**
 * Decodes stored text, reusing the object decoded last time when the text is unchanged: most calls
 * only read, and keeping the same object lets the catalog built for it be reused as well.
 */
const makeDecoder = () => {
  const decoded = new Map<string, { readonly text: string; readonly doc: StoredDocument | undefined }>()
  const remember = (key: string, text: string, doc: StoredDocument | undefined) => {
    decoded.delete(key)
    decoded.set(key, { text, doc })
    if (decoded.size > decodedCacheSize) decoded.delete(decoded.keys().next().value!)
  }
  return {
    decode: (key: string, text: string | undefined): StoredDocument | undefined => {
      if (text === undefined) return undefined
      const hit = decoded.get(key)
      if (hit && hit.text === text) return hit.doc
      const doc = parse(text)
      remember(key, text, doc)
      return doc
    },
    /** The document just written, as its own decoding. */
    remember
  }
}

/** Compare-and-set over a KeyValueStore owned by this process: a lock makes read-compare-write atomic. */
const overKeyValueStore = (description: string, kv: KeyValueStore.KeyValueStore, inProcess = false): WorkspaceStore["Service"] => {
  const lock = Semaphore.makeUnsafe(1)
  // a store in this process's memory cannot stall: no timer per call
  const guarded = <A, E>(store: string, effect: Effect.Effect<A, E>) => (inProcess ? Effect.mapError(effect, (e) => unavailable(store, "failed", e)) : guardedCall(store, effect))
  const { decode, remember } = makeDecoder()
  return WorkspaceStore.of({
    description,
    read: (id) => guarded(description, Effect.map(kv.get(keyOf(id)), (text) => decode(keyOf(id), text))),
    write: (id, expected, next) =>
      guarded(
        description,
        lock.withPermits(1)(
          Effect.gen(function* () {
            const current = decode(keyOf(id), yield* kv.get(keyOf(id)))
            if ((current?.version ?? 0) !== expected) return false
            const text = JSON.stringify(next)
            yield* kv.set(keyOf(id), text)
            remember(keyOf(id), text, next)
            return true
          })
        )
      ),
    remove: (id) => guarded(description, lock.withPermits(1)(kv.remove(keyOf(id))))
  })
}

/** Workspace documents the file store keeps in memory: the ones in active use. */
const fileCacheSize = 1000

/**
 * A KeyValueStore of one file per key whose writes are atomic: the value goes to a temporary file
 * that is then renamed over the old one (rename is atomic within a directory on POSIX file systems).
 */
const atomicFileStore = (directory: string) =>
  Effect.gen(function* () {
    const fs = yield* FileSystem.FileSystem
    const path = yield* Path.Path
    yield* fs.makeDirectory(directory, { recursive: true })
    const fileOf = (key: string) => path.join(directory, encodeURIComponent(key))
    const failure = (method: string, key: string) => (cause: unknown) => new KeyValueStore.KeyValueStoreError({ method, key, message: `Unable to ${method} ${key}`, cause })
    let counter = 0
    // the stored files, not temporary files of a write in progress
    const stored = Effect.map(fs.readDirectory(directory), (names) => names.filter((name) => !name.endsWith(".tmp")))
    // the directory belongs to this node (one node per directory), so what it last read or wrote
    // is what the file holds: reads are served from memory (a session's every call reads its
    // workspace), writes go to the file first and then to memory
    const cache = new Map<string, string | undefined>()
    // counts writes begun and finished: a read caches what it read only if no write overlapped it
    // (a read in flight across a write would otherwise put the old content back)
    let writes = 0
    const cached = (key: string, value: string | undefined) => {
      cache.delete(key)
      cache.set(key, value)
      if (cache.size > fileCacheSize) cache.delete(cache.keys().next().value!)
    }
    return KeyValueStore.makeStringOnly({
      get: (key) =>
        Effect.suspend(() => {
          if (cache.has(key)) return Effect.succeed(cache.get(key))
          const before = writes
          return fs.readFileString(fileOf(key)).pipe(
            Effect.catchTag("PlatformError", (e) => (e.reason._tag === "NotFound" ? Effect.undefined : Effect.fail(e))),
            Effect.tap((value) => Effect.sync(() => writes === before && cached(key, value))),
            Effect.mapError(failure("get", key))
          )
        }),
      set: (key, value) =>
        Effect.suspend(() => {
          writes++
          cache.delete(key)
          const temp = `${fileOf(key)}.${process.pid}.${++counter}.tmp`
          return fs.writeFileString(temp, value).pipe(
            Effect.andThen(fs.rename(temp, fileOf(key))),
            Effect.tap(() => Effect.sync(() => cached(key, value))),
            Effect.ensuring(Effect.sync(() => writes++)),
            Effect.mapError(failure("set", key))
          )
        }),
      remove: (key) =>
        Effect.suspend(() => {
          writes++
          cache.delete(key)
          return fs.remove(fileOf(key), { force: true }).pipe(
            Effect.ensuring(Effect.sync(() => writes++)),
            Effect.mapError(failure("remove", key))
          )
        }),
      clear: stored.pipe(
        Effect.tap(() => Effect.sync(() => (writes++, cache.clear()))),
        Effect.flatMap((names) => Effect.forEach(names, (name) => fs.remove(path.join(directory, name), { force: true }), { discard: true })),
        Effect.mapError(failure("clear", ""))
      ),
      size: stored.pipe(Effect.map((names) => names.length), Effect.mapError(failure("size", ""))),
      keys: stored.pipe(Effect.map((names) => names.map(decodeURIComponent)), Effect.mapError(failure("keys", "")))
    })
  })

/**
 * The version check runs in Redis itself: a Lua script is atomic, so of two replicas writing the
 * same version exactly one succeeds. PX gives Redis the idle time-out, so expired workspaces free
 * their memory without a sweeper.
 */
const compareAndSet = `local current = redis.call('GET', KEYS[1])
local version = 0
if current then version = cjson.decode(current).version end
if version ~= tonumber(ARGV[1]) then return 0 end
redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
return 1`

const overRedis = (description: string, redis: Redis.Redis["Service"]): WorkspaceStore["Service"] => {
  const guarded = guardedCall
  // the workspaces' keys; SCAN walks the key space in bounded steps (KEYS would block Redis on a large database)
  const keys: Effect.Effect<ReadonlyArray<string>, KeyValueStore.KeyValueStoreError> = Effect.gen(function* () {
    const found: Array<string> = []
    let cursor = "0"
    do {
      const [next, batch] = yield* redis.send<[string, Array<string>]>("SCAN", cursor, "MATCH", keyOf("*"), "COUNT", "500")
      found.push(...batch)
      cursor = next
    } while (cursor !== "0")
    return found
  }).pipe(Effect.mapError((cause) => new KeyValueStore.KeyValueStoreError({ method: "keys", message: "SCAN failed", cause })))
  const kv = KeyValueStore.makeStringOnly({
    get: (key) => redis.send<string | null>("GET", key).pipe(Effect.map((v) => v ?? undefined), Effect.mapError((cause) => new KeyValueStore.KeyValueStoreError({ method: "get", key, message: "GET failed", cause }))),
    set: (key, value) => redis.send("SET", key, value).pipe(Effect.asVoid, Effect.mapError((cause) => new KeyValueStore.KeyValueStoreError({ method: "set", key, message: "SET failed", cause }))),
    remove: (key) => redis.send("DEL", key).pipe(Effect.asVoid, Effect.mapError((cause) => new KeyValueStore.KeyValueStoreError({ method: "remove", key, message: "DEL failed", cause }))),
    clear: Effect.flatMap(keys, (names) => (names.length === 0 ? Effect.void : Effect.asVoid(Effect.mapError(redis.send("DEL", ...names), (cause) => new KeyValueStore.KeyValueStoreError({ method: "clear", message: "DEL failed", cause }))))),
    size: Effect.map(keys, (names) => names.length),
    keys
  })
  const { decode, remember } = makeDecoder()
  return WorkspaceStore.of({
    description,
    read: (id) => guarded(description, Effect.map(kv.get(keyOf(id)), (text) => decode(keyOf(id), text))),
    write: (id, expected, next, ttl) => {
      const text = JSON.stringify(next)
      return guarded(
        description,
        redis.send<number>("EVAL", compareAndSet, "1", keyOf(id), String(expected), text, String(Math.max(1, Math.round(Duration.toMillis(ttl))))).pipe(
          Effect.map((n) => {
            const written = Number(n) === 1
            if (written) remember(keyOf(id), text, next)
            return written
          })
        )
      )
    },
    remove: (id) => guarded(description, kv.remove(keyOf(id)))
  })
}

/** Checks at start-up that the store answers: a store that cannot be reached stops the server here. */
const probed = (store: WorkspaceStore["Service"]): Effect.Effect<WorkspaceStore["Service"], StoreUnavailable> =>
  store.read("probe").pipe(
    Effect.as(store),
    Effect.mapError((e) => new StoreUnavailable({ message: `Cannot start: ${e.message}`, hints: e.hints }))
  )

/** The store for a setting, checked to answer before the server starts. */
export const layerFor = (setting: StoreSetting): Layer.Layer<WorkspaceStore, StoreUnavailable> => {
  switch (setting._tag) {
    case "memory":
      return Layer.effect(WorkspaceStore, Effect.map(Effect.service(KeyValueStore.KeyValueStore), (kv) => overKeyValueStore("memory", kv, true))).pipe(Layer.provide(KeyValueStore.layerMemory))
    case "file": {
      const layer = Layer.effect(
        WorkspaceStore,
        Effect.gen(function* () {
          const path = yield* Path.Path
          const directory = path.resolve(setting.directory)
          const kv = yield* atomicFileStore(directory).pipe(Effect.mapError((e) => unavailable(`file:${directory}`, "cannot be opened", e)))
          return yield* probed(overKeyValueStore(`file:${directory}`, kv))
        })
      )
      return layer.pipe(Layer.provide(Layer.merge(NodeFileSystem.layer, NodePath.layer)))
    }
    case "redis": {
      const description = setting.url.replace(/\/\/[^@/]*@/, "//")
      const connection = NodeRedis.layer({
        url: setting.url,
        // fail a command at once while disconnected (the time-out would otherwise be the only bound)
        disableOfflineQueue: true,
        socket: { connectTimeout: Duration.toMillis(storeCallTimeout) }
      }).pipe(Layer.catchTag("RedisError", (e) => Layer.effect(Redis.Redis, Effect.fail(unavailable(description, "cannot be reached", e.cause)))))
      return Layer.effect(WorkspaceStore, Effect.flatMap(Effect.service(Redis.Redis), (redis) => probed(overRedis(description, redis)))).pipe(Layer.provide(connection))
    }
  }
}

/** The configured store (`fallback` when nothing is set). */
export const layerFromConfig = (fallback: string): Layer.Layer<WorkspaceStore, StoreUnavailable | Config.ConfigError> =>
  Layer.unwrap(
    Effect.gen(function* () {
      return layerFor(yield* storeSetting(fallback))
    })
  )

/** A process-only store, for tests and the library. */
export const layerMemory: Layer.Layer<WorkspaceStore> = layerFor({ _tag: "memory" }) as Layer.Layer<WorkspaceStore>

/** The workspace flags, keyed like the environment so a ConfigProvider over it makes flags win. */
export const workspaceFlags: Readonly<Record<string, string>> = {
  "--store": storeEnv,
  "--workspace-idle-timeout": "DIMENSIONAL_WORKSPACE_IDLE_TIMEOUT"
}

export const workspaceFlagUsage = `Workspace flags (each also an environment variable):
  --store <store>                   ${storeEnv}: where definitions live: 'memory' (stdio default),
                                    'file:<directory>' (HTTP default: ${defaultFileStore}) or
                                    'redis://host:port' (shared by replicas)
  --workspace-idle-timeout <time>   DIMENSIONAL_WORKSPACE_IDLE_TIMEOUT: a workspace unused this long is
                                    dropped (default 7 days)`
