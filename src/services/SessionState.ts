/**
 * Per-session state: the custom units and conversion edges an agent defined, session constants,
 * quantity kinds and the active computation declaration. One instance per MCP session (one for
 * stdio, one per session id over HTTP); `reset` clears it. Tools read the session's effective
 * catalog, the built-in one with the session's units laid over it.
 */
import { Context, Effect, Layer, SynchronizedRef } from "effect"
import type { Catalog } from "../engine/Catalog.ts"
import { type CustomEdge, type CustomUnit, overlayCatalog } from "../engine/customUnits.ts"
import type { Constant } from "../engine/Constants.ts"
import { asUnit } from "../engine/constants/sessionConstant.ts"
import type { QuantityKind } from "../engine/QuantityKind.ts"
import { InvalidInput, isEngineError, type UnitError } from "../engine/errors.ts"
import { UnitCatalog } from "./UnitCatalog.ts"

/** A constant defined with define_constant; it is also a unit of the session named by its symbol. */
export type SessionConstant = Pick<Constant, "symbol" | "name" | "value" | "unit" | "uncertainty" | "source">

/** The active declaration of declare_computation. */
export interface Declaration {
  readonly id: string
  readonly kind: string
  readonly expectedUnit: string
  readonly context: Readonly<Record<string, string>>
}

export interface SessionData {
  readonly units: ReadonlyArray<CustomUnit>
  readonly edges: ReadonlyArray<CustomEdge>
  readonly constants: ReadonlyArray<SessionConstant>
  /** Kinds defined with define_quantity_kind; the built-in ones live in the engine. */
  readonly kinds: ReadonlyArray<QuantityKind>
  readonly declaration: Declaration | undefined
}

export const emptySession: SessionData = { units: [], edges: [], constants: [], kinds: [], declaration: undefined }

/** Session constants as units: `g_local` = 9.81 m/s² can then appear in any unit expression. */
const constantUnits = (data: SessionData): Array<CustomUnit> => data.constants.map(asUnit)

export type CatalogError = InvalidInput | UnitError

/**
 * What one session may define: generous for real work, and a bound on the memory and on the time
 * each new definition costs (every definition rebuilds the session's catalog overlay).
 */
export const SessionQuota = { units: 500, aliases: 2000, edges: 1000, constants: 200, kinds: 200 } as const

const sizes = (d: SessionData) => ({
  units: d.units.length,
  aliases: d.units.reduce((n, u) => n + u.aliases.length, 0),
  edges: d.edges.length,
  constants: d.constants.length,
  kinds: d.kinds.length
})

/** The first quota a change passes, as the error for it; growth only, so a session at a cap can still shrink. */
const overQuota = (before: SessionData, after: SessionData): InvalidInput | undefined => {
  const was = sizes(before)
  const now = sizes(after)
  for (const key of Object.keys(SessionQuota) as Array<keyof typeof SessionQuota>) {
    if (now[key] > SessionQuota[key] && now[key] > was[key]) {
      return new InvalidInput({
        message: `This session already holds ${was[key]} ${key}; at most ${SessionQuota[key]} are kept per session`,
        got: String(now[key]),
        expected: `at most ${SessionQuota[key]} ${key}`,
        hints: ["Reset the session to start again, or define units inline for one call"]
      })
    }
  }
  return undefined
}

export class SessionState extends Context.Service<
  SessionState,
  {
    readonly id: string
    readonly get: Effect.Effect<SessionData>
    /** Applies `f` atomically; a failure, or a change past the session's quota, leaves the state unchanged. */
    readonly modify: <A, E>(f: (data: SessionData) => Effect.Effect<readonly [A, SessionData], E>) => Effect.Effect<A, E | InvalidInput>
    /** The built-in catalog with this session's units over it, plus optional inline units for one call. */
    readonly catalog: (inline?: { readonly units: ReadonlyArray<CustomUnit>; readonly edges: ReadonlyArray<CustomEdge> }) => Effect.Effect<Catalog, CatalogError>
    /** The catalog a candidate state would have: validates a change before it is stored. */
    readonly catalogOf: (data: SessionData) => Effect.Effect<Catalog, CatalogError>
    readonly reset: Effect.Effect<void>
  }
>()("dimensional/SessionState") {
  /** A fresh, empty session. Build it once per MCP session. */
  static readonly layer = (id: string) =>
    Layer.effect(
      SessionState,
      Effect.gen(function* () {
        const { catalog: builtin } = yield* UnitCatalog
        const ref = yield* SynchronizedRef.make(emptySession)
        // the overlay is rebuilt only when the session's units or edges change
        const overlays = new WeakMap<SessionData, Catalog>()
        const sessionCatalog = (data: SessionData): Catalog | CatalogError => {
          const cached = overlays.get(data)
          if (cached) return cached
          const overlay = overlayCatalog(builtin, [...data.units, ...constantUnits(data)], data.edges)
          if (!isEngineError(overlay)) overlays.set(data, overlay)
          return overlay
        }
        return SessionState.of({
          id,
          get: SynchronizedRef.get(ref),
          modify: (f) =>
            SynchronizedRef.modifyEffect(ref, (data) =>
              Effect.flatMap(f(data), (change) => {
                const over = overQuota(data, change[1])
                return over ? Effect.fail(over) : Effect.succeed(change)
              })
            ),
          catalog: (inline) =>
            Effect.gen(function* () {
              const data = yield* SynchronizedRef.get(ref)
              const base = sessionCatalog(data)
              if (isEngineError(base)) return yield* Effect.fail(base)
              if (!inline || (inline.units.length === 0 && inline.edges.length === 0)) return base
              // inline definitions apply to this call only: a fresh overlay, never cached
              const merged = overlayCatalog(builtin, [...data.units, ...constantUnits(data), ...inline.units], [...data.edges, ...inline.edges])
              return isEngineError(merged) ? yield* Effect.fail(merged) : merged
            }),
          catalogOf: (data) =>
            Effect.suspend(() => {
              const c = sessionCatalog(data)
              return isEngineError(c) ? Effect.fail(c) : Effect.succeed(c)
            }),
          reset: SynchronizedRef.set(ref, emptySession)
        })
      })
    )
}
