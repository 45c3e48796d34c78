/**
 * The bookkeeping of the HTTP server's live sessions, with no I/O and no clock: which sessions
 * exist in least-recently-active order, which of their JSON-RPC requests are unanswered, when each
 * was last active, and what a time-out or a full table decides. Time is passed in, so every rule
 * here is a plain function of the table and `now` (test/mcp/sessionTable.test.ts); the wiring that
 * opens and closes SDK servers is sessions.ts.
 *
 * Rules: a session is busy while any of its requests is unanswered, and a busy session is never
 * expired or evicted (an open GET stream alone does not keep it busy). An idle session expires
 * `idleMillis` after its last activity. Each session belongs to a principal (the authorized client;
 * undefined without authorization), who holds at most `perPrincipal` of them: a principal at its
 * cap makes room by giving up its own session idle the longest, never another's (issue 33, item 3:
 * one principal's burst of initializes used to evict everybody's sessions). A full table makes room
 * from the principal holding the most sessions, its session idle the longest.
 */
import type { RequestId } from "@modelcontextprotocol/server"

export type CloseReason = "deleted" | "expired" | "evicted" | "shutdown" | "not-initialized"

interface Row<A> {
  readonly value: A
  readonly principal: string | undefined
  readonly pending: Set<RequestId>
  lastActive: number
}

export interface TableStats {
  readonly live: number
  readonly opened: number
  readonly closed: Readonly<Record<CloseReason, number>>
}

export class SessionTable<A> {
  // a Map iterates in insertion order: re-inserting on activity keeps the least recently active first
  private readonly rows = new Map<string, Row<A>>()
  /** Sessions (set up or being set up) per principal; anonymous ones are not counted. */
  private readonly held = new Map<string, number>()
  private opened = 0
  private reserved = 0
  private readonly closedCount: Record<CloseReason, number> = { deleted: 0, expired: 0, evicted: 0, shutdown: 0, "not-initialized": 0 }

  readonly capacity: number
  readonly idleMillis: number
  readonly perPrincipal: number

  constructor(capacity: number, idleMillis: number, perPrincipal: number = capacity) {
    this.capacity = capacity
    this.idleMillis = idleMillis
    this.perPrincipal = perPrincipal
  }

  get size(): number {
    return this.rows.size
  }

  /** Whether a new session fits, counting those being set up (reserved) as taken. */
  hasRoom(): boolean {
    return this.rows.size + this.reserved < this.capacity
  }

  /** Whether `principal` may hold one more session (anonymous sessions have only the table's cap). */
  principalHasRoom(principal: string | undefined): boolean {
    return principal === undefined || this.heldBy(principal) < this.perPrincipal
  }

  heldBy(principal: string): number {
    return this.held.get(principal) ?? 0
  }

  private count(principal: string | undefined, by: number): void {
    if (principal === undefined) return
    const n = this.heldBy(principal) + by
    if (n <= 0) this.held.delete(principal)
    else this.held.set(principal, n)
  }

  /** Holds a place for `principal`'s session being set up; `unreserve` when the set-up ends either way. */
  reserve(principal?: string): void {
    this.reserved++
    this.count(principal, 1)
  }

  unreserve(principal?: string): void {
    this.reserved--
    this.count(principal, -1)
  }

  add(id: string, value: A, now: number, principal?: string): void {
    this.rows.set(id, { value, principal, pending: new Set(), lastActive: now })
    this.count(principal, 1)
    this.opened++
  }

  get(id: string): A | undefined {
    return this.rows.get(id)?.value
  }

  has(id: string, value: A): boolean {
    return this.rows.get(id)?.value === value
  }

  /** Marks a session active now: it moves to the end of the eviction order. */
  touch(id: string, now: number): void {
    const row = this.rows.get(id)
    if (!row) return
    row.lastActive = now
    this.rows.delete(id)
    this.rows.set(id, row)
  }

  requestStarted(id: string, requestId: RequestId): void {
    this.rows.get(id)?.pending.add(requestId)
  }

  /** A request answered (or cancelled by its client, with `now` undefined: no activity then). */
  requestEnded(id: string, requestId: RequestId, now?: number): void {
    this.rows.get(id)?.pending.delete(requestId)
    if (now !== undefined) this.touch(id, now)
  }

  isExpired(id: string, now: number): boolean {
    const row = this.rows.get(id)
    return row !== undefined && row.pending.size === 0 && now - row.lastActive >= this.idleMillis
  }

  /** The sessions idle for the time-out at `now`. */
  expired(now: number): ReadonlyArray<A> {
    return [...this.rows.keys()].filter((id) => this.isExpired(id, now)).map((id) => this.rows.get(id)!.value)
  }

  /**
   * The session to evict for room: `principal`'s own idle the longest when given (its cap), else
   * the longest idle of the principal holding the most sessions (anonymous ones count as one
   * principal); none when every candidate is busy.
   */
  evictionCandidate(principal?: string): A | undefined {
    if (principal !== undefined) {
      for (const row of this.rows.values()) if (row.principal === principal && row.pending.size === 0) return row.value
      return undefined
    }
    const holding = new Map<string | undefined, number>()
    for (const row of this.rows.values()) holding.set(row.principal, (holding.get(row.principal) ?? 0) + 1)
    let best: Row<A> | undefined
    for (const row of this.rows.values()) {
      if (row.pending.size > 0) continue
      if (best === undefined || holding.get(row.principal)! > holding.get(best.principal)!) best = row
    }
    return best?.value
  }

  /** Forgets a session (a newer session under the same id stays). Returns whether it was here. */
  remove(id: string, value: A): boolean {
    const row = this.rows.get(id)
    if (row?.value !== value) return false
    this.rows.delete(id)
    this.count(row.principal, -1)
    return true
  }

  /** Counts a session's closing, once per session, under the reason that closed it. */
  recordClose(reason: CloseReason): void {
    this.closedCount[reason]++
  }

  values(): ReadonlyArray<A> {
    return [...this.rows.values()].map((row) => row.value)
  }

  stats(): TableStats {
    return { live: this.rows.size, opened: this.opened, closed: { ...this.closedCount } }
  }
}
