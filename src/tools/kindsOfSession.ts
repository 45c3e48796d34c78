// The kinds a session sees: the built-in ones, then those the session defined.
import { Effect } from "effect"
import * as QuantityKind from "../engine/QuantityKind.ts"
import { SessionState } from "../services/SessionState.ts"

export const kindsOfSession: Effect.Effect<ReadonlyArray<QuantityKind.QuantityKind>, never, SessionState> = Effect.gen(function* () {
  const data = yield* (yield* SessionState).get
  return [...QuantityKind.builtins, ...data.kinds]
})
