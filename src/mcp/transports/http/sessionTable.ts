/**
 * The bookkeeping of the HTTP server's live sessions, with no I/O and no clock: which sessions
 * exist in least-recently-active order, which of their JSON-RPC requests are unanswered, when each
 * was last active, and what a time-out or a full table decides. Time is passed in, so every rule
 * here is a plain function of the table and `now` (test/mcp/sessionTable.test.ts); the wiring that
 * opens and closes SDK servers is sessions.ts.
 *
 * Rules: a session is busy while any of its requests is unanswered, and a busy session is never
 * expired or evicted (an open GET stream alone does not keep it busy). An idle session expires
 * `idleMillis` after its last activity. A full table makes room by evicting the session idle the
 * longest.
 */
import type { RequestId } from "@modelcontextprotocol/server"

export type CloseReason = "deleted" | "expired" | "evicted" | "shutdown" | "not-initialized"

interface Row<A> {
  readonly value: A
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
  private opened = 0
  private reserved = 0
  private readonly closedCount: Record<CloseReason, number> = { deleted: 0, expired: 0, evicted: 0, shutdown: 0, "not-initialized": 0 }

  readonly capacity: number
  readonly idleMillis: number

  constructor(capacity: number, idleMillis: number) {
    this.capacity = capacity
    this.idleMillis = idleMillis
  }

  get size(): number {
    return this.rows.size
  }

  /** Whether a new session fits, counting those being set up (reserved) as taken. */
  hasRoom(): boolean {
    return this.rows.size + this.reserved < this.capacity
  }

  /** Holds a place for a session being set up; `unreserve` when the set-up ends either way. */
  reserve(): void {
    this.reserved++
  }

  unreserve(): void {
    this.reserved--
  }

  add(id: string, value: A, now: number): void {
    this.rows.set(id, { value, pending: new Set(), lastActive: now })
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

  /** The session to evict for room: the one idle the longest; none when every session is busy. */
  evictionCandidate(): A | undefined {
    for (const row of this.rows.values()) if (row.pending.size === 0) return row.value
    return undefined
  }

  /** Forgets a session (a newer session under the same id stays). Returns whether it was here. */
  remove(id: string, value: A): boolean {
    if (this.rows.get(id)?.value !== value) return false
    this.rows.delete(id)
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
