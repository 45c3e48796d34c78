/**
 * Hand-written timing loops for the engine benchmarks.
 *
 * `warm` runs `op` in batches sized so that one batch takes about `batchMs`, and reports the median
 * time per call over the batches. A batch is timed in CPU time (process.cpuUsage: this process's
 * user + system time, garbage-collector threads included), not wall time: on a shared machine the
 * libraries are timed one after another, and wall time would charge each the load of that moment.
 * `cold` times single calls with process.hrtime.bigint(), each after a `prepare` step that runs
 * outside the timed region (a fresh catalog, a fresh expression string), and reports the median
 * call (a call that is descheduled or hit by GC lands in the tail, not the median).
 *
 * Every result goes into a sink that is read at the end, so the optimiser cannot drop the calls.
 */

let sink = 0

/** Feeds a result into the sink; numbers, strings, objects and booleans all count. */
export const consume = (value: unknown): void => {
  if (typeof value === "number") sink += value
  else if (typeof value === "string") sink += value.length
  else if (value !== null && value !== undefined) sink += 1
}

/** Read once after all timings so the results stay live. */
export const sinkValue = (): number => sink

const now = (): bigint => process.hrtime.bigint()

const median = (xs: ReadonlyArray<number>): number => {
  const s = [...xs].sort((a, b) => a - b)
  const mid = s.length >> 1
  return s.length % 2 === 1 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2
}

export interface WarmOptions {
  /** Wall time each batch aims for. */
  readonly batchMs?: number
  /** Number of timed batches (the median is reported). */
  readonly batches?: number
  /** Untimed warm-up before calibration, long enough for the JIT to optimise the path. */
  readonly warmupMs?: number
}

/** Median nanoseconds per call of `op` (given the loop index, to vary its input), over batches of repeated calls. */
export const warm = (op: (i: number) => unknown, options: WarmOptions = {}): number => {
  const batchMs = options.batchMs ?? 25
  const batches = options.batches ?? 15
  const warmupMs = options.warmupMs ?? 150
  // warm up and calibrate: grow the batch until it takes long enough to time precisely
  const warmEnd = now() + BigInt(Math.round(warmupMs * 1e6))
  while (now() < warmEnd) for (let i = 0; i < 100; i++) consume(op(i))
  let iterations = 16
  for (;;) {
    const t0 = now()
    for (let i = 0; i < iterations; i++) consume(op(i))
    const elapsed = Number(now() - t0)
    if (elapsed >= batchMs * 1e6 || iterations >= 1 << 28) {
      iterations = Math.max(16, Math.round((iterations * batchMs * 1e6) / Math.max(elapsed, 1)))
      break
    }
    iterations *= elapsed < (batchMs * 1e6) / 16 ? 8 : 2
  }
  const perCall: Array<number> = []
  for (let b = 0; b < batches; b++) {
    const t0 = process.cpuUsage()
    for (let i = 0; i < iterations; i++) consume(op(i))
    const spent = process.cpuUsage(t0)
    perCall.push(((spent.user + spent.system) * 1_000) / iterations)
  }
  return median(perCall)
}

/** The cost of timing an empty call with two hrtime reads, subtracted from `cold` samples. */
let timerOverhead: number | undefined
const overhead = (): number => {
  if (timerOverhead !== undefined) return timerOverhead
  const samples: Array<number> = []
  const noop = () => 0
  for (let i = 0; i < 20_000; i++) {
    const t0 = now()
    consume(noop())
    samples.push(Number(now() - t0))
  }
  return (timerOverhead = median(samples.slice(10_000)))
}

export interface ColdOptions {
  readonly samples?: number
  /** Untimed rounds first, so the code is optimised and only the caches are cold. */
  readonly warmupRounds?: number
  /** Checks each result after its call was timed (throws on a wrong answer). */
  readonly verify?: (result: unknown) => void
}

/**
 * Median nanoseconds of one call made right after `prepare(k)`: `prepare` builds the fresh state
 * (outside the timed region) and returns what the call needs. The untimed warm-up calls run first,
 * with k = samples, samples + 1, ...; the timed ones then get k = 0 .. samples - 1 (so the timed
 * calls can have the simplest fresh inputs). The code itself is warm; only the caches are cold.
 */
export const cold = <S>(prepare: (k: number) => S, call: (state: S) => unknown, options: ColdOptions = {}): number => {
  const samples = options.samples ?? 101
  const warmupRounds = options.warmupRounds ?? 50
  const base = overhead()
  for (let r = 0; r < warmupRounds; r++) consume(call(prepare(samples + r)))
  const times: Array<number> = []
  for (let k = 0; k < samples; k++) {
    const state = prepare(k)
    const t0 = now()
    const result = call(state)
    const t1 = now()
    options.verify?.(result)
    consume(result)
    times.push(Math.max(0, Number(t1 - t0) - base))
  }
  return median(times)
}
