/**
 * What hostile calls leave in the server's memory, given back (issue 33, item 16). Measured with
 * bench/hostile-memory.ts and heap snapshots (bench/heap-diff.ts): after 5,200 calls near the limits
 * (900 kB bodies, header/body mismatches, workspaces grown to hundreds of units) the server's
 * resident memory settled 330 MB above its start, yet a heap snapshot found only 31 MB more live
 * objects. The rest was garbage: V8 collects when a process allocates, and a server that falls
 * quiet after a burst allocates almost nothing, so the burst's garbage (and the heap pages holding
 * it) stayed until the next burst. Here, when the process has been mostly idle for a check's
 * interval and its heap holds more than `slackBytes` beyond what the last full collection left, it
 * runs one: the memory a quiet server keeps above its live data is bounded by bytes. Under load V8
 * collects by itself, and nothing here runs.
 */
import { performance } from "node:perf_hooks"
import { setFlagsFromString } from "node:v8"
import { runInNewContext } from "node:vm"
import { Effect, Schedule } from "effect"

/**
 * V8's memory-reducing full collection, reachable without starting Node with --expose-gc (the flag,
 * set at run time, exposes `gc` to a new context). The "last-resort" flavour is the one that gives
 * the freed pages back to the system (a plain one left the process's resident memory where it was:
 * 311 MB → 305 MB for a 219 MB burst of small objects, against 311 MB → 63 MB).
 */
const fullCollection = (): (() => void) | undefined => {
  try {
    setFlagsFromString("--expose-gc")
    const gc = runInNewContext("gc") as unknown
    if (typeof gc !== "function") return undefined
    return () => (gc as (options: object) => void)({ type: "major", execution: "sync", flavor: "last-resort" })
  } catch {
    return undefined
  }
}

export interface HeapReducerOptions {
  /** Heap beyond what the last full collection left that a quiet process may keep (default 64 MiB). */
  readonly slackBytes?: number
  readonly everyMs?: number
  /** The share of a check's interval the event loop may have been busy for the process to count as quiet. */
  readonly quietUtilization?: number
}

/** Checks every `everyMs` for as long as the scope lives. */
export const reduceHeapWhenQuiet = (options: HeapReducerOptions = {}) =>
  Effect.gen(function* () {
    const gc = fullCollection()
    if (gc === undefined) return
    const slack = options.slackBytes ?? 64 * 1024 * 1024
    let baseline = process.memoryUsage().heapUsed
    let last = performance.eventLoopUtilization()
    const check = Effect.sync(() => {
      const now = performance.eventLoopUtilization()
      const busy = performance.eventLoopUtilization(now, last).utilization
      last = now
      const used = process.memoryUsage().heapUsed
      if (used < baseline) baseline = used
      if (busy > (options.quietUtilization ?? 0.2) || used - baseline <= slack) return
      gc()
      baseline = process.memoryUsage().heapUsed
    })
    yield* check.pipe(Effect.repeat(Schedule.spaced(`${options.everyMs ?? 5_000} millis`)), Effect.forkScoped)
  })
