/**
 * The store's service and what every store shares (kept apart from WorkspaceStore.ts, which picks a
 * store, so that the stores can import it without an import cycle).
 */
import { Context, Duration, Effect } from "effect"
import { QuotaExceeded, StoreUnavailable, WorkspaceDamaged } from "../engine/errors.ts"
import { Action } from "../engine/actions.ts"
import { logName, redactIds } from "./logName.ts"
import { type StoredDocument, type Unreadable, decodeDocument, emptyWorkspace } from "./WorkspaceDocument.ts"
import { overQuota } from "./workspaceLimits.ts"
import type { SessionKeys } from "./sessionIds.ts"

export class WorkspaceStore extends Context.Service<
  WorkspaceStore,
  {
    /** What the store is, for logs and the start-up line: "memory", "file:/abs/dir", "redis://host:port". */
    readonly description: string
    /** The workspace's document; a damaged one fails WorkspaceDamaged (and is quarantined where the store can). */
    readonly read: (id: string) => Effect.Effect<StoredDocument | undefined, StoreUnavailable | WorkspaceDamaged>
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
    ) => Effect.Effect<boolean, StoreUnavailable | QuotaExceeded | WorkspaceDamaged>
    readonly remove: (id: string) => Effect.Effect<void, StoreUnavailable>
    /** Deletes every document untouched for `idle`; how many. (Redis: 0, its TTL does it.) */
    readonly sweep: (idle: Duration.Duration) => Effect.Effect<number, StoreUnavailable>
    /** How many workspace documents the store holds now (expired ones not yet swept included). */
    readonly count: Effect.Effect<number, StoreUnavailable>
    /**
     * The keys shared by every process on this store: they sign the session ids and owned workspace
     * ids those processes issue (sessionIds.ts). A store shared by replicas keeps them converged.
     */
    readonly keys: SessionKeys
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
  // a cause names the files it failed on, and a file's name holds the workspace id: logs get its logName
  Effect.logWarning(redactIds(`workspace store ${description} ${what}${cause === undefined ? "" : `: ${causeText(cause)}`}`)).pipe(
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

/**
 * Stored text decoded and checked as a write would be: a document past a workspace's quotas, or
 * with a conversion no write accepts (a factor of 0, which no catalog can be built from), is as
 * damaged as one that is not JSON: never used.
 */
export const decodeStored = (text: string): StoredDocument | Unreadable => {
  if (text.trim().length === 0)
    return { _tag: "Unreadable", newerFormat: undefined, reason: "the stored document is empty (what a crash during its write can leave)" }
  const doc = decodeDocument(text)
  if ("_tag" in doc) return doc
  const badEdge = doc.data.edges.find((e) => e.factor === 0)
  if (badEdge !== undefined) return { _tag: "Unreadable", newerFormat: undefined, reason: "it holds a conversion with the factor 0, which no release writes" }
  const badDefinition = doc.data.units.find((u) => u.definition !== undefined && u.definition.value === 0)
  if (badDefinition !== undefined)
    return { _tag: "Unreadable", newerFormat: undefined, reason: "it holds a unit defined as 0 of another, which no release writes" }
  const over = overQuota(emptyWorkspace, doc.data)
  if (over !== undefined) return { _tag: "Unreadable", newerFormat: undefined, reason: `it is past a workspace's limits (${over.got}; ${over.expected})` }
  return doc
}

/** The error of a workspace whose document is damaged: what is wrong, and how to start over. */
export const damagedWorkspace = (publicName: string, reason: string) =>
  new WorkspaceDamaged({
    message: `This workspace's stored document is damaged (${publicName}: ${reason}); nothing of it is used, and it was set aside for the operator`,
    hints: [
      "Empty the workspace with reset_session to start it over, then define your units again",
      "Or omit 'workspace' in a define_* call to start a new workspace",
      "Definitions passed inline (custom_units, custom_edges) do not need the store"
    ],
    next: [Action.emptyWorkspace]
  })
