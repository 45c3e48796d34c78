/**
 * `GET /readyz`: whether this replica can serve right now, for a load balancer or an orchestrator
 * to stop sending it requests while it cannot (`/healthz` stays liveness: the process answers).
 * Ready needs the workspace store to answer and, with an issuer configured, the issuer's keys to
 * be fetchable (without them no new token can be checked). 200 when ready, else 503 with what is
 * missing:
 *
 *   {"status":"ready","store":"ok","issuer":"ok"}      ("issuer":"none" without one)
 *   {"status":"not ready","store":"unavailable: …","issuer":"ok"}
 *
 * The issuer is asked at most every `issuerEveryMs` (a probe every few seconds from every
 * balancer must not become load on the authorization server); the store on every probe (its
 * calls carry their own time-out).
 */
import { Effect } from "effect"
import { HttpServerResponse } from "effect/http"
import type { StoreUnavailable } from "../../../engine/errors.ts"

export const readyPath = "/readyz"

export interface ReadinessChecks {
  /** Any cheap call of the store. */
  readonly store: Effect.Effect<unknown, StoreUnavailable>
  /** undefined without an issuer. */
  readonly issuerKeys: (() => Promise<boolean>) | undefined
}

export const makeReadiness = (checks: ReadinessChecks, issuerEveryMs = 2_000, now: () => number = Date.now) => {
  let lastIssuer: { readonly at: number; readonly ok: boolean } | undefined
  const issuer = Effect.promise(async (): Promise<string> => {
    if (checks.issuerKeys === undefined) return "none"
    if (lastIssuer === undefined || now() - lastIssuer.at >= issuerEveryMs) lastIssuer = { at: now(), ok: await checks.issuerKeys() }
    return lastIssuer.ok ? "ok" : "unavailable: the issuer's metadata or keys cannot be fetched"
  })
  const store = checks.store.pipe(
    Effect.as("ok"),
    Effect.catch((error) => Effect.succeed(`unavailable: ${error.message}`))
  )
  return Effect.gen(function* () {
    const [storeState, issuerState] = yield* Effect.all([store, issuer], { concurrency: 2 })
    const ready = storeState === "ok" && (issuerState === "ok" || issuerState === "none")
    return HttpServerResponse.jsonUnsafe(
      { status: ready ? "ready" : "not ready", store: storeState, issuer: issuerState },
      { status: ready ? 200 : 503, headers: { "cache-control": "no-store" } }
    )
  })
}
