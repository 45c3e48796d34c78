/**
 * The Redis store, shared by every replica (Effect's Redis persistence over @effect/platform-node's
 * NodeRedis). Every write is one Lua script, atomic on the server, which:
 * - refuses a document stored in a newer format than this release writes (a newer replica's
 *   workspace during a rolling deploy is never overwritten by an older one);
 * - checks the version (compare-and-set: of two replicas writing one version exactly one wins);
 * - on creating a workspace, counts the live ones in the sorted set `dimensional:workspaces`
 *   (member: id, score: expiry time) and refuses past `maxWorkspaces`; and, for a principal, its
 *   own in `dimensional:owner:HASH` (the same form, expiring with its last write) past
 *   `maxWorkspacesPerPrincipal`;
 * - sets the document with PX: Redis deletes an idle workspace by itself (no sweeper).
 * Memory is also bounded by Redis's own `maxmemory` (see docs/workspaces.md, the stores).
 * The request rate's token buckets live here too (`rateBucket`), one small hash per client that
 * expires once idle for a period.
 */
import { createHash, randomBytes } from "node:crypto"
import * as NodeRedis from "@effect/platform-node/NodeRedis"
import { Duration, Effect, Layer } from "effect"
import * as Redis from "effect/persistence/Redis"
import { type QuotaExceeded, StoreUnavailable } from "../engine/errors.ts"
import { type StoredDocument, currentFormat, decodeDocument, encodeDocument } from "./WorkspaceDocument.ts"
import { logName } from "./logName.ts"
import { type StoreLimits, WorkspaceStore, guardedCall, keyOf, principalFull, storeCallTimeout, storeFailure, storeFull, unreadable } from "./storeCommon.ts"

const publicName = "redis"
const indexKey = "dimensional:workspaces"
const secretKey = "dimensional:session-secret"
const endedKey = (id: string) => `dimensional:ended:${id}`

/** Decoded documents kept per process, bounded by the bytes of their stored text. */
const cacheBytes = 32 * 1024 * 1024

const compareAndSet = `local current = redis.call('GET', KEYS[1])
local version = 0
if current then
  local doc = cjson.decode(current)
  if doc.format and doc.format > tonumber(ARGV[4]) then return -1 end
  version = doc.version
else
  redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', ARGV[5])
  if redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[6]) and not redis.call('ZSCORE', KEYS[2], ARGV[7]) then return -2 end
  if KEYS[3] then
    redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', ARGV[5])
    if redis.call('ZCARD', KEYS[3]) >= tonumber(ARGV[8]) and not redis.call('ZSCORE', KEYS[3], ARGV[7]) then
      -- at the quota: a workspace deleted before its expiry (a session its client ended) no longer counts
      for _, member in ipairs(redis.call('ZRANGE', KEYS[3], 0, -1)) do
        if redis.call('EXISTS', ARGV[9] .. member) == 0 then redis.call('ZREM', KEYS[3], member) end
      end
      if redis.call('ZCARD', KEYS[3]) >= tonumber(ARGV[8]) then return -3 end
    end
  end
end
if version ~= tonumber(ARGV[1]) then return 0 end
redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
redis.call('ZADD', KEYS[2], tonumber(ARGV[5]) + tonumber(ARGV[3]), ARGV[7])
if KEYS[3] then
  redis.call('ZADD', KEYS[3], tonumber(ARGV[5]) + tonumber(ARGV[3]), ARGV[7])
  redis.call('PEXPIRE', KEYS[3], ARGV[3])
end
return 1`

/** A principal's set of workspaces: its name hashed, so any name makes a short key. */
const ownerKey = (principal: string) => `dimensional:owner:${createHash("sha256").update(principal).digest("base64url").slice(0, 32)}`

/**
 * One token of a client's bucket, atomically (a Lua script runs alone on the server:
 * https://redis.io/docs/latest/develop/interact/programmability/eval-intro/). The time is the
 * Redis server's own (TIME), so replicas whose clocks differ still refill one bucket at one pace;
 * Redis 7 replicates a script by its effects, which is what allows TIME before a write. The hash
 * expires after one idle period, when it would be full again anyway. KEYS[1] the bucket;
 * ARGV[1] the capacity (also the burst), ARGV[2] the period in ms. Answers 0 (granted) or the ms
 * until a token is there.
 */
const takeToken = `local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local capacity = tonumber(ARGV[1])
local period = tonumber(ARGV[2])
local state = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(state[1])
local at = tonumber(state[2])
if tokens == nil or at == nil then
  tokens = capacity
  at = now
end
if now > at then
  tokens = math.min(capacity, tokens + (now - at) * capacity / period)
  at = now
end
local wait = 0
if tokens < 1 then
  wait = math.ceil((1 - tokens) * period / capacity)
else
  tokens = tokens - 1
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(at))
redis.call('PEXPIRE', KEYS[1], period)
return wait`

/** A bucket's key: the client's name hashed, so a long or odd principal name makes a short key. */
const bucketKey = (client: string) => `dimensional:rate:${createHash("sha256").update(client).digest("base64url").slice(0, 32)}`

/**
 * How long the rate's round trip may take: it precedes every request, so a Redis that hangs must
 * not hold each one for the store's full time-out (the limiter then falls back, see clientLimits.ts).
 */
const rateCallTimeout = Duration.millis(500)

/**
 * Decodes stored text, reusing the document decoded last time when the text is unchanged: most
 * calls only read, and the same object lets the catalog built for it be reused as well.
 */
const makeDecoder = () => {
  const decoded = new Map<string, { readonly text: string; readonly doc: StoredDocument }>()
  let bytes = 0
  const drop = (id: string) => {
    const hit = decoded.get(id)
    if (hit) bytes -= hit.text.length
    decoded.delete(id)
  }
  const remember = (id: string, text: string, doc: StoredDocument) => {
    drop(id)
    decoded.set(id, { text, doc })
    bytes += text.length
    for (const key of decoded.keys()) {
      if (bytes <= cacheBytes || decoded.size <= 1) break
      drop(key)
    }
  }
  const decode = (id: string, text: string) => {
    const hit = decoded.get(id)
    if (hit && hit.text === text) return hit.doc
    const doc = decodeDocument(text)
    if (!("_tag" in doc)) remember(id, text, doc)
    return doc
  }
  return { decode, remember, drop }
}

// Long on purpose: a service constructor; its operations close over the state it builds (cache, locks, counters), and each one below is short.
const redisStore = (description: string, limits: StoreLimits) =>
  Effect.gen(function* () {
    const redis = yield* Redis.Redis
    const guarded = <A, E>(effect: Effect.Effect<A, E>) => guardedCall(description, publicName, effect)
    // one secret for every replica: the first to start sets it, the others read it
    const secretHex = yield* guarded(
      Effect.andThen(redis.send("SET", secretKey, randomBytes(32).toString("hex"), "NX"), redis.send<string | null>("GET", secretKey))
    ).pipe(Effect.mapError((e) => new StoreUnavailable({ message: `Cannot start: ${e.message}`, hints: e.hints })))
    const { decode, remember, drop } = makeDecoder()

    const read = (id: string): Effect.Effect<StoredDocument | undefined, StoreUnavailable> =>
      guarded(redis.send<string | null>("GET", keyOf(id))).pipe(
        Effect.flatMap((text) => {
          if (text === null || text === undefined) return Effect.succeed(undefined)
          const doc = decode(id, text)
          if ("_tag" in doc) return unreadable(description, publicName, id, doc)
          return Effect.succeed(doc)
        })
      )

    const perPrincipal = limits.maxWorkspacesPerPrincipal
    const write = (id: string, expected: number, next: StoredDocument, ttl: Duration.Duration, owner?: string) => {
      const text = encodeDocument(next)
      const ttlMs = String(Math.max(1, Math.round(Duration.toMillis(ttl))))
      const counted = owner !== undefined && perPrincipal !== undefined
      return guarded(
        redis.send<number>(
          "EVAL",
          compareAndSet,
          counted ? "3" : "2",
          keyOf(id),
          indexKey,
          ...(counted ? [ownerKey(owner)] : []),
          String(expected),
          text,
          ttlMs,
          String(currentFormat),
          // wall-clock time on purpose: the index is shared by every replica on this Redis
          String(Date.now()),
          String(limits.maxWorkspaces),
          id,
          String(perPrincipal ?? 0),
          keyOf("")
        )
      ).pipe(
        Effect.flatMap((n): Effect.Effect<boolean, StoreUnavailable | QuotaExceeded> => {
          const answer = Number(n)
          if (answer === -1)
            return storeFailure(description, publicName, `holds workspace ${logName(id)} in a newer format; it is left untouched`, undefined, [
              "This workspace was written by a newer release of dimensional: use that release"
            ])
          if (answer === -2) return storeFull(description, publicName, limits)
          if (answer === -3) return principalFull(limits)
          if (answer === 1) remember(id, text, next)
          return Effect.succeed(answer === 1)
        })
      )
    }

    const remove = (id: string) =>
      guarded(Effect.andThen(redis.send("DEL", keyOf(id)), redis.send("ZREM", indexKey, id))).pipe(
        Effect.tap(() => Effect.sync(() => drop(id))),
        Effect.asVoid
      )

    const count = guarded(Effect.andThen(redis.send("ZREMRANGEBYSCORE", indexKey, "-inf", String(Date.now())), redis.send<number>("ZCARD", indexKey))).pipe(
      Effect.map(Number)
    )

    return WorkspaceStore.of({
      description,
      read,
      write,
      remove,
      end: (id, ttl) =>
        Effect.andThen(guarded(redis.send("SET", endedKey(id), "1", "PX", String(Math.max(1, Math.round(Duration.toMillis(ttl)))))), remove(id)),
      ended: (id) => guarded(redis.send<number>("EXISTS", endedKey(id))).pipe(Effect.map((n) => Number(n) === 1)),
      // Redis deletes idle documents by their TTL
      sweep: () => Effect.succeed(0),
      count,
      secret: Buffer.from(secretHex ?? "", "hex"),
      // not through `guarded`: that logs every failure, and the limiter reports an outage itself (once in a while)
      rateBucket: (client, capacity, periodMs) =>
        redis.send<number>("EVAL", takeToken, "1", bucketKey(client), String(capacity), String(Math.round(periodMs))).pipe(
          Effect.timeoutOrElse({
            duration: rateCallTimeout,
            orElse: () => Effect.fail(new StoreUnavailable({ message: `did not answer within ${Duration.format(rateCallTimeout)}`, hints: [] }))
          }),
          Effect.map(Number),
          Effect.mapError((e) => (e instanceof StoreUnavailable ? e : new StoreUnavailable({ message: e.message || String(e), hints: [] })))
        )
    })
  })

/** Why a connection failed: the error's own message, else its cause's (node-redis wraps one, or an AggregateError of one per address). */
const reasonOf = (e: { readonly message: string; readonly cause?: unknown }): string => {
  if (e.message) return e.message
  const cause = e.cause
  if (cause instanceof AggregateError && cause.errors.length > 0) return cause.errors.map((x) => (x instanceof Error ? x.message : String(x))).join("; ")
  return cause instanceof Error ? cause.message || String((cause as { code?: unknown }).code ?? cause.name) : String(cause)
}

/** The store over a Redis connection; a Redis that cannot be reached stops the server at start-up. */
export const redisLayer = (url: string, limits: StoreLimits): Layer.Layer<WorkspaceStore, StoreUnavailable> => {
  const description = url.replace(/\/\/[^@/]*@/, "//")
  const connection = NodeRedis.layer({
    url,
    // fail a command at once while disconnected (the time-out would otherwise be the only bound)
    disableOfflineQueue: true,
    socket: { connectTimeout: Duration.toMillis(storeCallTimeout) }
  }).pipe(
    Layer.catchTag("RedisError", (e) =>
      Layer.effect(
        Redis.Redis,
        Effect.fail(
          new StoreUnavailable({
            message: `The workspace store (${description}) cannot be reached: ${reasonOf(e)}`,
            hints: ["Start Redis or fix the --store / DIMENSIONAL_STORE URL"]
          })
        )
      )
    )
  )
  return Layer.effect(WorkspaceStore, redisStore(description, limits)).pipe(Layer.provide(connection))
}
