/**
 * What replicas share about 2025-era HTTP sessions and clients' request rates, kept by the same
 * store back-end as the workspaces (memory and file: this process; Redis: every replica) but apart
 * from them: the workspace service knows workspaces, this one knows that a session was ended on
 * purpose, what its client declared when it opened, and (Redis) the rate's buckets.
 *
 * - `end` / `ended`: a session its client ended (DELETE) is remembered for the session's lifetime, so
 *   no replica takes it over again; its workspace is deleted with it.
 * - `remember` / `recall`: the client's protocol revision, capabilities (sampling, elicitation,
 *   roots) and name as declared at initialize, so a replica that takes the session over (after a
 *   restart, or behind a balancer without affinity) serves it as the one that opened it did, rather
 *   than as a client without capabilities. Stored as a small, decoded document.
 * - `rateBucket`: a store shared by replicas (Redis) keeps the request rate's buckets, one per
 *   client, so a client gets `capacity` per `periodMs` in all, however a balancer spreads its
 *   requests: takes one token, answering 0, else the milliseconds until one is. Absent where one
 *   process owns the store (memory, file): the transport keeps its buckets itself.
 */
import { Context, Duration, Effect, Option, Schema } from "effect"
import type { StoreUnavailable } from "../engine/errors.ts"
import { makeByteLru } from "./byteLru.ts"

/** What a 2025-era client declared at initialize. */
export const SessionRecord = Schema.Struct({
  protocolVersion: Schema.String,
  capabilities: Schema.Record(Schema.String, Schema.Unknown),
  clientInfo: Schema.Struct({ name: Schema.String, version: Schema.String })
})
export type SessionRecord = typeof SessionRecord.Type

/** A record's stored JSON at most: capabilities are a handful of small objects; a client's oversized ones keep only the standard keys. */
export const maxRecordBytes = 8 * 1024

const standardCapabilities = ["sampling", "elicitation", "roots", "tasks"]

/** The record as stored: bounded, the capabilities cut to the standard keys when the client's are oversized. */
export const encodeRecord = (record: SessionRecord): string => {
  const text = JSON.stringify(record)
  if (text.length <= maxRecordBytes) return text
  const capabilities = Object.fromEntries(standardCapabilities.filter((k) => k in record.capabilities).map((k) => [k, {}]))
  return JSON.stringify({ protocolVersion: record.protocolVersion.slice(0, 40), capabilities, clientInfo: { name: "", version: "" } })
}

const decodeJson = Schema.decodeUnknownOption(Schema.fromJsonString(SessionRecord))

/** A stored record, decoded; anything else (damaged, another shape) is no record. */
export const decodeRecord = (text: string | null | undefined): SessionRecord | undefined =>
  text === null || text === undefined ? undefined : Option.getOrUndefined(decodeJson(text))

export class ReplicaState extends Context.Service<
  ReplicaState,
  {
    /** Deletes the session's workspace and remembers for `ttl` that its client ended it. */
    readonly end: (id: string, ttl: Duration.Duration) => Effect.Effect<void, StoreUnavailable>
    /** Whether the session `id` was ended on purpose within its `ttl`. */
    readonly ended: (id: string) => Effect.Effect<boolean, StoreUnavailable>
    /** Keeps what the session's client declared at initialize, for `ttl`. */
    readonly remember: (id: string, record: SessionRecord, ttl: Duration.Duration) => Effect.Effect<void, StoreUnavailable>
    /** What the session's client declared, if known. */
    readonly recall: (id: string) => Effect.Effect<SessionRecord | undefined, StoreUnavailable>
    readonly rateBucket?: (client: string, capacity: number, periodMs: number) => Effect.Effect<number, StoreUnavailable>
  }
>()("dimensional/ReplicaState") {}

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

/** Records kept in this process (memory and file stores): 16 MiB of them at most, the least recently used forgotten first. */
const recordsBytes = 16 * 1024 * 1024

/** The state of a store one process owns: kept in its memory; `remove` deletes a workspace. */
export const replicaStateInProcess = (remove: (id: string) => Effect.Effect<void, StoreUnavailable>): ReplicaState["Service"] => {
  const endedSessions = makeEndedSessions()
  const records = makeByteLru<string, { readonly record: SessionRecord; readonly until: number }>({ maxBytes: recordsBytes })
  return ReplicaState.of({
    end: (id, ttl) => Effect.tap(remove(id), () => Effect.sync(() => endedSessions.add(id, ttl))),
    ended: (id) => Effect.sync(() => endedSessions.has(id)),
    remember: (id, record, ttl) =>
      Effect.sync(() => {
        const text = encodeRecord(record)
        const stored = decodeRecord(text)
        if (stored !== undefined) records.set(id, { record: stored, until: Date.now() + Duration.toMillis(ttl) }, text.length + id.length)
      }),
    recall: (id) =>
      Effect.sync(() => {
        const hit = records.get(id)
        return hit !== undefined && hit.until > Date.now() ? hit.record : undefined
      })
  })
}
