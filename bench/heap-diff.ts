/**
 * What grew between two V8 heap snapshots (bench/hostile-memory.ts --snapshot writes them): live
 * bytes by kind of object (constructor or string), the largest strings, and for the largest growth
 * the chain of objects that keeps one of its instances alive (its retainers up to a GC root).
 *
 * Usage: node --max-old-space-size=8192 bench/heap-diff.ts before.heapsnapshot after.heapsnapshot
 */
import { readFileSync } from "node:fs"

interface Snapshot {
  readonly snapshot: {
    readonly meta: {
      readonly node_fields: Array<string>
      readonly node_types: Array<Array<string> | string>
      readonly edge_fields: Array<string>
      readonly edge_types: Array<Array<string> | string>
    }
  }
  readonly nodes: Array<number>
  readonly edges: Array<number>
  readonly strings: Array<string>
}

const load = (file: string) => {
  const s = JSON.parse(readFileSync(file, "utf8")) as Snapshot
  const nf = s.snapshot.meta.node_fields
  const ef = s.snapshot.meta.edge_fields
  const nodeTypes = s.snapshot.meta.node_types[0] as Array<string>
  const edgeTypes = s.snapshot.meta.edge_types[0] as Array<string>
  const [typeI, nameI, sizeI, edgesI] = ["type", "name", "self_size", "edge_count"].map((f) => nf.indexOf(f)) as [number, number, number, number]
  const [eTypeI, eNameI, eToI] = ["type", "name_or_index", "to_node"].map((f) => ef.indexOf(f)) as [number, number, number]
  const nodeCount = s.nodes.length / nf.length
  const kindOf = (n: number) => {
    const type = nodeTypes[s.nodes[n * nf.length + typeI]!]!
    const name = s.strings[s.nodes[n * nf.length + nameI]!]!
    return type === "object" || type === "closure" ? `${type}:${name}` : type
  }
  const sizeOf = (n: number) => s.nodes[n * nf.length + sizeI]!
  // retainers: for each node, one (node, edge name) that points at it
  const retainer = new Int32Array(nodeCount).fill(-1)
  const retainerEdge = new Array<string>(nodeCount)
  let edge = 0
  for (let n = 0; n < nodeCount; n++) {
    const count = s.nodes[n * nf.length + edgesI]!
    for (let e = 0; e < count; e++, edge++) {
      const base = edge * ef.length
      const type = edgeTypes[s.edges[base + eTypeI]!]!
      if (type === "weak" || type === "shortcut") continue
      const to = s.edges[base + eToI]! / nf.length
      if (retainer[to] === -1) {
        retainer[to] = n
        const nameOrIndex = s.edges[base + eNameI]!
        retainerEdge[to] = type === "element" || type === "hidden" ? `[${nameOrIndex}]` : s.strings[nameOrIndex]!
      }
    }
  }
  const byKind = new Map<string, { bytes: number; count: number; sample: number }>()
  for (let n = 0; n < nodeCount; n++) {
    const k = kindOf(n)
    const entry = byKind.get(k) ?? { bytes: 0, count: 0, sample: n }
    entry.bytes += sizeOf(n)
    entry.count++
    if (sizeOf(n) > sizeOf(entry.sample)) entry.sample = n
    byKind.set(k, entry)
  }
  const chain = (n: number) => {
    const steps: Array<string> = []
    for (let at = n, i = 0; at !== -1 && i < 14; at = retainer[at]!, i++) steps.push(`${kindOf(at)}${retainer[at] !== -1 ? ` .${retainerEdge[at]}` : ""}`)
    return steps.join(" ← ")
  }
  return { byKind, nodeCount, chain, total: [...byKind.values()].reduce((a, b) => a + b.bytes, 0) }
}

const [a, b] = process.argv.slice(2)
const before = load(a!)
const after = load(b!)
console.log(`live heap: ${(before.total / 1e6).toFixed(1)} MB → ${(after.total / 1e6).toFixed(1)} MB`)
const growth = [...after.byKind]
  .map(([kind, e]) => ({
    kind,
    delta: e.bytes - (before.byKind.get(kind)?.bytes ?? 0),
    count: e.count - (before.byKind.get(kind)?.count ?? 0),
    sample: e.sample
  }))
  .sort((x, y) => y.delta - x.delta)
  .slice(0, 15)
for (const g of growth)
  console.log(`${(g.delta / 1e6).toFixed(2).padStart(8)} MB ${String(g.count).padStart(8)} × ${g.kind}\n          kept by ${after.chain(g.sample)}`)
