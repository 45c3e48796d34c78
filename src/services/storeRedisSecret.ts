/**
 * The session secret on a Redis every replica shares, kept converged when Redis loses it (a restart
 * without persistence, a FLUSHALL, a failover to an empty replica; issue 33, item 4). Before, the
 * next replica to start wrote a new secret while the running ones kept the old, and each answered
 * 404 to the others' sessions until all restarted.
 *
 * Redis holds the signing secret (`dimensional:session-secret`, as every release has) and the set of
 * secrets ids may be signed with (`dimensional:session-secrets`). Every replica, at start and then
 * every `everyMs`, runs one script that puts back what the store lost (its own secrets into the
 * set; its signing secret, if none is set) and answers what the store holds; the replica then signs
 * with the store's signing secret and accepts every secret of the set. So after a loss, whichever
 * replica comes first (a running one restoring the old secret, or a new one making a fresh one)
 * decides the signing secret, every replica accepts both within `everyMs`, and no session or owned
 * workspace id issued before or during the loss is refused. A loss is logged as a warning, naming
 * what the replica restored.
 */
import { randomBytes } from "node:crypto"
import { Effect, Schedule } from "effect"
import type * as Redis from "effect/persistence/Redis"
import type { SessionKeys } from "./sessionIds.ts"

export const secretKey = "dimensional:session-secret"
export const secretsKey = "dimensional:session-secrets"

/** Secrets accepted at most: each loss of the store adds one at most, so this is never reached in practice. */
const maxSecrets = 16

/** How often a replica checks the store's secrets. */
export const reconcileEveryMs = 2_000

/**
 * KEYS[1] the signing secret, KEYS[2] the set; ARGV[1] this replica's signing secret, ARGV[2..] its
 * accepted secrets. Answers the store's signing secret, the set's members, how many members this
 * call put back, and 1 when it put the signing secret back.
 */
const reconcileScript = `local restored = 0
for i = 2, #ARGV do restored = restored + redis.call('SADD', KEYS[2], ARGV[i]) end
local set = redis.call('SET', KEYS[1], ARGV[1], 'NX')
local signing = redis.call('GET', KEYS[1])
redis.call('SADD', KEYS[2], signing)
return {signing, redis.call('SMEMBERS', KEYS[2]), restored, set and 1 or 0}`

const hexPattern = /^[0-9a-f]{64}$/

/** The replica's keys: what it signs with and what it accepts, as the store last said. */
export interface SecretRing extends SessionKeys {
  /** Runs the script once; the first run is the start's (nothing restored then is a loss). */
  readonly reconcile: Effect.Effect<void, unknown>
}

export const makeSecretRing = (redis: Redis.Redis["Service"]): SecretRing => {
  let signing = randomBytes(32).toString("hex")
  let accepted: ReadonlyArray<string> = [signing]
  let keys: { readonly signing: Uint8Array; readonly accepted: ReadonlyArray<Uint8Array> } = { signing: Buffer.from(signing, "hex"), accepted: [] }
  let started = false

  const adopt = (storeSigning: string, members: ReadonlyArray<string>) => {
    const sound = members.filter((m) => hexPattern.test(m))
    const next = [storeSigning, ...accepted, ...sound].filter((s, i, all) => hexPattern.test(s) && all.indexOf(s) === i).slice(0, maxSecrets)
    signing = storeSigning
    accepted = next
    keys = { signing: Buffer.from(signing, "hex"), accepted: next.map((s) => Buffer.from(s, "hex")) }
  }

  const reconcile = Effect.gen(function* () {
    const answer = yield* redis.send<[string, Array<string>, number, number]>("EVAL", reconcileScript, "2", secretKey, secretsKey, signing, ...accepted)
    const [storeSigning, members, restored, setSigning] = answer
    if (typeof storeSigning !== "string" || !hexPattern.test(storeSigning))
      return yield* Effect.fail(new Error("the store's session secret is not 64 hex digits"))
    const changed = storeSigning !== signing
    if (started && (Number(setSigning) === 1 || Number(restored) > 0))
      yield* Effect.logWarning(
        `the shared store had lost the session secret (a Redis restart without persistence, a FLUSHALL or a failover?): this replica put back ${Number(setSigning) === 1 ? "the signing secret and " : ""}${Number(restored)} accepted secret(s); sessions and owned workspace ids issued before stay valid`
      )
    if (started && changed) yield* Effect.logWarning("another replica's session secret now signs new ids; this replica's own is still accepted")
    adopt(storeSigning, Array.isArray(members) ? members.map(String) : [])
    started = true
  })

  return { signing: () => keys.signing, accepted: () => keys.accepted, reconcile }
}

/**
 * Reconciles every `everyMs` for as long as the scope lives; a round that fails or does not answer
 * within the store's time-out (Redis down, paused, cut off) waits for the next one.
 */
export const keepReconciling = (ring: SecretRing, everyMs = reconcileEveryMs) =>
  ring.reconcile.pipe(Effect.timeout("3 seconds"), Effect.ignore, Effect.repeat(Schedule.spaced(`${everyMs} millis`)), Effect.forkScoped)
