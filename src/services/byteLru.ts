/**
 * A least-recently-used cache bounded by the bytes of what it holds (and by the number of entries):
 * the one cache of the services (decoded documents of the file and Redis stores, the catalogs built
 * for workspaces). Each entry carries its size as the caller measures it (the stored text of a
 * document, or what its catalog was built from), so a few large workspaces cannot hold more memory
 * than the bound, however few they are. The most recently used entry always stays, even alone over
 * the bound: a cache that cannot hold the workspace in use would rebuild it on every call.
 *
 * A `Map` iterates in insertion order, so re-inserting an entry on use keeps the least recently
 * used first.
 */
export interface ByteLruLimits {
  /** The sum of the entries' sizes this cache holds at most. */
  readonly maxBytes: number
  /** The entries it holds at most (a known absence is an entry too). */
  readonly maxEntries?: number
}

export interface ByteLru<K, V> {
  /** The value under `key`, now the most recently used; undefined when absent. */
  readonly get: (key: K) => V | undefined
  /** Whether `key` is held (without touching it). */
  readonly has: (key: K) => boolean
  /** Holds `value` under `key` as the most recently used, `bytes` long; drops the least recently used past the bounds. */
  readonly set: (key: K, value: V, bytes: number) => void
  readonly delete: (key: K) => void
  readonly clear: () => void
  /** What it holds now: entries and their bytes. */
  readonly stats: () => { readonly entries: number; readonly bytes: number }
}

export const makeByteLru = <K, V>(limits: ByteLruLimits): ByteLru<K, V> => {
  const entries = new Map<K, { readonly value: V; readonly bytes: number }>()
  const maxEntries = limits.maxEntries ?? Number.POSITIVE_INFINITY
  let bytes = 0
  const drop = (key: K) => {
    const hit = entries.get(key)
    if (hit === undefined) return
    bytes -= hit.bytes
    entries.delete(key)
  }
  const evict = () => {
    for (const key of entries.keys()) {
      if ((bytes <= limits.maxBytes && entries.size <= maxEntries) || entries.size <= 1) return
      drop(key)
    }
  }
  return {
    get: (key) => {
      const hit = entries.get(key)
      if (hit === undefined) return undefined
      entries.delete(key)
      entries.set(key, hit)
      return hit.value
    },
    has: (key) => entries.has(key),
    set: (key, value, size) => {
      drop(key)
      entries.set(key, { value, bytes: size })
      bytes += size
      evict()
    },
    delete: drop,
    clear: () => {
      entries.clear()
      bytes = 0
    },
    stats: () => ({ entries: entries.size, bytes })
  }
}
