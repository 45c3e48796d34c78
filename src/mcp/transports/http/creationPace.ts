/**
 * Pacing of workspace creation per client (issue 20, finding 1): a 2026-07-28 define_* call that
 * names no workspace creates one, so a client looping on it would fill the store up to its cap and
 * crowd out everybody else. Each client (its principal on an authorized server, else the
 * connection's peer address) gets a token bucket: a burst of `perMinute` creations, refilled at
 * `perMinute` a minute. Behind a proxy without authorization every client shares the proxy's
 * address; raise the limit there (--max-creations-per-minute). With replicas on one Redis the
 * buckets live there (makeCreationLimiter); `makeCreationPace` is each process's own.
 */
import { Effect } from "effect"
import type { SharedBuckets } from "./clientLimits.ts"

/** Clients remembered at most; the least recently seen is forgotten first (a forgotten one starts full). */
const maxClients = 10_000

export interface CreationPace {
  /** Takes one creation for `client`: 0 when allowed, else the seconds until one is. */
  readonly take: (client: string) => number
}

export const makeCreationPace = (perMinute: number, now: () => number = Date.now): CreationPace => {
  const buckets = new Map<string, { tokens: number; at: number }>()
  const perMs = perMinute / 60_000
  return {
    take: (client) => {
      const t = now()
      const known = buckets.get(client)
      const tokens = known ? Math.min(perMinute, known.tokens + (t - known.at) * perMs) : perMinute
      buckets.delete(client)
      if (buckets.size >= maxClients) buckets.delete(buckets.keys().next().value!)
      if (tokens < 1) {
        buckets.set(client, { tokens, at: t })
        return Math.max(1, Math.ceil((1 - tokens) / perMs / 1000))
      }
      buckets.set(client, { tokens: tokens - 1, at: t })
      return 0
    }
  }
}

/** The pace as the route applies it: counted in the store replicas share when there is one (Redis), else here. */
export interface CreationLimiter {
  readonly perMinute: number
  /** Seconds until `client` (its principal, else its address) may create a workspace; 0 now. */
  readonly wait: (client: string) => Effect.Effect<number>
}

/**
 * With a store shared by replicas the pace is counted there, as the rate is (clientLimits.ts), and
 * measured in this process while the store does not answer.
 */
export const makeCreationLimiter = (perMinute: number, shared?: SharedBuckets): CreationLimiter => {
  const pace = makeCreationPace(perMinute)
  const rate = { requests: perMinute, periodMs: 60_000 }
  const local = (client: string) => Effect.sync(() => pace.take(client))
  return {
    perMinute,
    wait: (client) =>
      shared === undefined
        ? local(client)
        : shared.take(`create:${client}`, rate).pipe(
            Effect.map((ms) => (ms === 0 ? 0 : Math.max(1, Math.ceil(ms / 1000)))),
            Effect.catch((error: unknown) => Effect.andThen(shared.onFallback(error), local(client)))
          )
  }
}

/** Whether a JSON-RPC message is a define_* call naming no workspace (one that creates a workspace). */
export const createsWorkspace = (message: unknown): boolean => {
  const m = message as { method?: unknown; params?: { name?: unknown; arguments?: unknown } }
  if (m.method !== "tools/call" || typeof m.params?.name !== "string" || !m.params.name.startsWith("define_")) return false
  const args = m.params.arguments
  return typeof args !== "object" || args === null || (args as { workspace?: unknown }).workspace === undefined
}
