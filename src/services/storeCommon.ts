/**
 * The store's service and what every store shares (kept apart from WorkspaceStore.ts, which picks a
 * store, so that the stores can import it without an import cycle).
 */
import { Context, Duration, Effect } from "effect"
import { QuotaExceeded, StoreUnavailable } from "../engine/errors.ts"
import { logName } from "./logName.ts"
import type { StoredDocument, Unreadable } from "./WorkspaceDocument.ts"

export class WorkspaceStore extends Context.Service<
  WorkspaceStore,
  {
    /** What the store is, for logs and the start-up line: "memory", "file:/abs/dir", "redis://host:port". */
    readonly description: string
    readonly read: (id: string) => Effect.Effect<StoredDocument | undefined, StoreUnavailable>
    /**
     * Stores `next` only if the stored version is still `expected` (0: no document yet). False when
     * another writer came first. `ttl` lets the store drop the document by itself after idling.
     * Fails when `expected` is 0 and the store already holds `maxWorkspaces` live workspaces, or
     * (QuotaExceeded) when the workspace is new and `owner`, the principal writing it, already has
     * `maxWorkspacesPerPrincipal` live ones. A write with an owner counts the workspace as its.
     */
    readonly write: (
      id: string,
      expected: number,
      next: StoredDocument,
      ttl: Duration.Duration,
      owner?: string | undefined
    ) => Effect.Effect<boolean, StoreUnavailable | QuotaExceeded>
    readonly remove: (id: string) => Effect.Effect<void, StoreUnavailable>
    /**
     * Removes the workspace of a session its client ended and remembers the end for `ttl` (a
     * session id is recognised by its signature for that long, see sessionIds.ts): no replica takes
     * an ended session over. File store: remembered by this process (it is the directory's only one).
     */
    readonly end: (id: string, ttl: Duration.Duration) => Effect.Effect<void, StoreUnavailable>
    /** Whether the session `id` was ended on purpose within its `ttl`. */
    readonly ended: (id: string) => Effect.Effect<boolean, StoreUnavailable>
    /** Deletes every document untouched for `idle`; how many. (Redis: 0, its TTL does it.) */
    readonly sweep: (idle: Duration.Duration) => Effect.Effect<number, StoreUnavailable>
    /** How many workspace documents the store holds now (expired ones not yet swept included). */
    readonly count: Effect.Effect<number, StoreUnavailable>
    /** A random key shared by every process on this store: signs the session ids they issue. */
    readonly secret: Uint8Array
    /**
     * A store shared by replicas (Redis) keeps the request rate's buckets too, one per client, so
     * that a client gets `capacity` per `periodMs` in all, however a balancer spreads its
     * requests: takes one token, answering 0, else the milliseconds until one is. Absent where one
     * process owns the store (memory, file): the transport keeps its buckets itself.
     */
    readonly rateBucket?: (client: string, capacity: number, periodMs: number) => Effect.Effect<number, StoreUnavailable>
  }
>()("dimensional/WorkspaceStore") {}

/** How long one store call may take before the call fails with store_unavailable. */
export const storeCallTimeout = Duration.seconds(3)

export interface StoreLimits {
  /** Live workspaces one store holds at most. */
  readonly maxWorkspaces: number
  /** Live workspaces one principal (an authorized client) holds at most; undefined: only the store's bound. */
  readonly maxWorkspacesPerPrincipal?: number | undefined
}

/** A new workspace of a principal already at its quota: the pool is shared, and one principal may not use it up. */
export const principalFull = (limits: StoreLimits) =>
  Effect.fail(
    new QuotaExceeded({
      message: `This client already has ${limits.maxWorkspacesPerPrincipal} live workspaces, the most one client may hold on this server; no new workspace was created`,
      got: String(limits.maxWorkspacesPerPrincipal),
      expected: `at most ${limits.maxWorkspacesPerPrincipal} live workspaces per client`,
      hints: [
        "Keep using an existing workspace (pass its id as 'workspace')",
        "An unused workspace is deleted after the workspace idle time-out; a 2025-era session's is deleted when the session is ended (DELETE)",
        "Definitions passed inline (custom_units, custom_edges) do not need a workspace"
      ]
    })
  )

/**
 * Which principal owns each workspace of a store one process owns (memory, file), and how many each
 * has: kept in this process, so the file store counts the workspaces written since it started.
 */
export const makeOwnerCounts = () => {
  const ownerOf = new Map<string, string>()
  const counts = new Map<string, number>()
  return {
    count: (owner: string) => counts.get(owner) ?? 0,
    add: (id: string, owner: string) => {
      if (ownerOf.has(id)) return
      ownerOf.set(id, owner)
      counts.set(owner, (counts.get(owner) ?? 0) + 1)
    },
    drop: (id: string) => {
      const owner = ownerOf.get(id)
      if (owner === undefined) return
      ownerOf.delete(id)
      const n = (counts.get(owner) ?? 1) - 1
      if (n <= 0) counts.delete(owner)
      else counts.set(owner, n)
    }
  }
}

export const keyOf = (id: string) => `dimensional:workspace:${id}`

const causeText = (cause: unknown): string => {
  if (cause instanceof Error) return `${cause.message}${cause.cause !== undefined ? ` (${causeText(cause.cause)})` : ""}`
  if (typeof cause === "object" && cause !== null && "message" in cause) return String((cause as { message: unknown }).message)
  return String(cause)
}

/**
 * A store failure: the client's message names only the kind of store and what went wrong (never
 * a path or an address: `publicName`), and the full cause is logged with the store's description.
 */
export const storeFailure = (
  description: string,
  publicName: string,
  what: string,
  cause?: unknown,
  hints?: ReadonlyArray<string>
): Effect.Effect<never, StoreUnavailable> =>
  Effect.logWarning(`workspace store ${description} ${what}${cause === undefined ? "" : `: ${causeText(cause)}`}`).pipe(
    Effect.andThen(
      Effect.fail(
        new StoreUnavailable({
          message: `The workspace store (${publicName}) ${what}`,
          hints: hints ?? ["Try the call again shortly", "Definitions passed inline (custom_units, custom_edges) do not need the store"]
        })
      )
    )
  )

/** A stored document this release cannot read: refused and left untouched, never misread. */
export const unreadable = (description: string, publicName: string, id: string, problem: Unreadable) =>
  storeFailure(
    description,
    publicName,
    `cannot read workspace ${logName(id)}: ${problem.reason}`,
    undefined,
    problem.newerFormat !== undefined
      ? ["This workspace was written by a newer release of dimensional: use that release"]
      : ["The stored document is left untouched"]
  )

/** Bounds a store call; an unexpected failure becomes StoreUnavailable (logged with its cause). */
export const guardedCall = <A, E>(description: string, publicName: string, effect: Effect.Effect<A, E>, timed = true): Effect.Effect<A, StoreUnavailable> =>
  (timed
    ? effect.pipe(
        Effect.timeoutOrElse({
          duration: storeCallTimeout,
          orElse: () => storeFailure(description, publicName, `did not answer within ${Duration.format(storeCallTimeout)}`)
        })
      )
    : effect
  ).pipe(Effect.catch((e: unknown) => (e instanceof StoreUnavailable ? Effect.fail(e) : storeFailure(description, publicName, "failed", e))))

export const storeFull = (description: string, publicName: string, limits: StoreLimits) =>
  storeFailure(
    description,
    publicName,
    `already holds its maximum of ${limits.maxWorkspaces} live workspaces; no new workspace can be created until some expire`,
    undefined,
    ["Keep using an existing workspace (pass its id as 'workspace')", "Definitions passed inline (custom_units, custom_edges) do not need the store"]
  )

/** Ends remembered in a process (memory and file stores): pruned as they expire, and bounded. */
export const makeEndedSessions = (limit = 100_000) => {
  const until = new Map<string, number>()
  return {
    add: (id: string, ttl: Duration.Duration) => {
      const now = Date.now()
      for (const [key, at] of until) {
        if (at > now && until.size < limit) break
        until.delete(key)
      }
      until.set(id, now + Duration.toMillis(ttl))
    },
    has: (id: string) => (until.get(id) ?? 0) > Date.now()
  }
}
