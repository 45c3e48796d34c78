/**
 * Per-session state: the custom units and conversion edges an agent defined, session constants,
 * quantity kinds and the active computation declaration. One instance per MCP session (one for
 * stdio, one per session id over HTTP); `reset` clears it. Tools read the session's effective
 * catalog, the built-in one with the session's units laid over it.
 */
import { Context, Effect, Layer, SynchronizedRef } from "effect"
import type { Catalog } from "../engine/Catalog.ts"
import { type CustomEdge, type CustomUnit, overlayCatalog } from "../engine/customUnits.ts"
import { type InvalidInput, type ParseError, type UnknownUnit, isEngineError } from "../engine/errors.ts"
import { UnitCatalog } from "./UnitCatalog.ts"

export interface SessionData {
  readonly units: ReadonlyArray<CustomUnit>
  readonly edges: ReadonlyArray<CustomEdge>
}

export const emptySession: SessionData = { units: [], edges: [] }

export type CatalogError = InvalidInput | UnknownUnit | ParseError

export class SessionState extends Context.Service<
  SessionState,
  {
    readonly id: string
    readonly get: Effect.Effect<SessionData>
    /** Applies `f` atomically; a failure leaves the state unchanged. */
    readonly modify: <A, E>(f: (data: SessionData) => Effect.Effect<readonly [A, SessionData], E>) => Effect.Effect<A, E>
    /** The built-in catalog with this session's units over it, plus optional inline units for one call. */
    readonly catalog: (inline?: { readonly units: ReadonlyArray<CustomUnit>; readonly edges: ReadonlyArray<CustomEdge> }) => Effect.Effect<Catalog, CatalogError>
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
          const overlay = overlayCatalog(builtin, data.units, data.edges)
          if (!isEngineError(overlay)) overlays.set(data, overlay)
          return overlay
        }
        return SessionState.of({
          id,
          get: SynchronizedRef.get(ref),
          modify: (f) => SynchronizedRef.modifyEffect(ref, f),
          catalog: (inline) =>
            Effect.gen(function* () {
              const data = yield* SynchronizedRef.get(ref)
              const base = sessionCatalog(data)
              if (isEngineError(base)) return yield* Effect.fail(base)
              if (!inline || (inline.units.length === 0 && inline.edges.length === 0)) return base
              // inline definitions apply to this call only: a fresh overlay, never cached
              const merged = overlayCatalog(builtin, [...data.units, ...inline.units], [...data.edges, ...inline.edges])
              return isEngineError(merged) ? yield* Effect.fail(merged) : merged
            }),
          reset: SynchronizedRef.set(ref, emptySession)
        })
      })
    )
}
