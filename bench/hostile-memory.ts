/**
 * What hostile calls leave in a server's memory (issue 33, item 16), measured on a real server
 * process (memory store, no authorization): its resident memory (RSS) and V8 heap idle after start,
 * after one round of hostile calls, and after a second round of the same; the rounds' calls are
 * near the limits an attacker would probe:
 *
 * - bodies just under --max-body: a convert whose unit is 900 kB of letters, a compute whose factor
 *   list is 900 kB, a define_unit whose aliases are 900 kB (all refused);
 * - 2026-07-28 requests whose Mcp-Name header does not match the body's tool (900 kB);
 * - large workspaces grown by 2026-07-28 define_* calls (150 units with long aliases each);
 * - unknown units with long names (suggestions), malformed JSON, deep nesting, sessions opened and
 *   abandoned.
 *
 * With `--snapshot DIR` the server writes a heap snapshot at idle, after each round
 * (`--heapsnapshot-signal`); `node bench/heap-diff.ts A B` says what grew.
 *
 * Usage: node bench/hostile-memory.ts [repository root, default this one] [--rounds N] [--snapshot DIR]
 */
import { type ChildProcess, spawn } from "node:child_process"
import { readFileSync, readdirSync, renameSync, statSync } from "node:fs"
import { join } from "node:path"

const args = process.argv.slice(2)
const flag = (name: string) => {
  const i = args.indexOf(name)
  return i === -1 ? undefined : args.splice(i, 2)[1]
}
const rounds = Number(flag("--rounds") ?? "2")
/** Only the calls of these kinds (comma-separated: convert, compute, aliases, mismatch, workspaces, unknown, nesting, initialize). */
const only = flag("--only")?.split(",")
const wanted = (kind: string) => only === undefined || only.includes(kind)
const snapshots = flag("--snapshot")
const root = args[0] ?? new URL("..", import.meta.url).pathname

const start = (): Promise<{ readonly url: string; readonly child: ChildProcess }> =>
  new Promise((resolve, reject) => {
    const diagnostics = snapshots === undefined ? [] : ["--heapsnapshot-signal=SIGUSR2", `--diagnostic-dir=${snapshots}`]
    const memlog = process.env.MEMLOG_IMPORT === undefined ? [] : ["--import", process.env.MEMLOG_IMPORT]
    const child = spawn(process.execPath, [...diagnostics, ...memlog, "src/cli/main.ts", "mcp", "--http", "--store", "memory"], {
      cwd: root,
      env: { ...process.env, DIMENSIONAL_HTTP_PORT: "0" },
      stdio: ["ignore", "pipe", "inherit"]
    })
    let out = ""
    child.stdout!.on("data", (c: Buffer) => {
      out += c.toString()
      const m = /listening on (http:\/\/\S+\/mcp)/.exec(out)
      if (m) resolve({ url: m[1]!, child })
    })
    child.once("exit", (code) => reject(new Error(`server exited (${code}) before listening`)))
  })

const headers = { "content-type": "application/json", accept: "application/json, text/event-stream" }
let sent = 0
const post = (url: string, body: string, extra: Record<string, string> = {}) =>
  (sent++, fetch)(url, { method: "POST", headers: { ...headers, ...extra }, body })
    .then((r) => r.arrayBuffer())
    .catch(() => undefined)
const call = (name: string, args: Record<string, unknown>, id = 1) =>
  JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params: { name, arguments: args } })
const modern = (name: string, args: Record<string, unknown>, headerName = name) => ({
  body: JSON.stringify({
    jsonrpc: "2.0",
    id: 1,
    method: "tools/call",
    params: {
      name,
      arguments: args,
      _meta: {
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientInfo": { name: "hostile", version: "1" },
        "io.modelcontextprotocol/clientCapabilities": {}
      }
    }
  }),
  headers: { "mcp-protocol-version": "2026-07-28", "mcp-method": "tools/call", "mcp-name": headerName }
})

const big = (n: number) => "x".repeat(n)
const letters = (n: number) => Array.from({ length: n }, (_, i) => String.fromCharCode(97 + ((i * 7) % 26))).join("")

/** One round: about 5,000 hostile calls, 16 at a time. */
const round = async (url: string, r: number) => {
  const tasks: Array<() => Promise<unknown>> = []
  if (wanted("convert")) for (let i = 0; i < 200; i++) tasks.push(() => post(url, call("convert", { value: 1, from_unit: letters(900_000), to_unit: "m" })))
  if (wanted("compute"))
    for (let i = 0; i < 100; i++) tasks.push(() => post(url, call("compute", { initial_value: 1, initial_unit: "m", factors: big(900_000) })))
  if (wanted("aliases"))
    for (let i = 0; i < 100; i++) {
      const m = modern("define_unit", { name: `u${r}_${i}`, dimension: "length", aliases: Array.from({ length: 900 }, (_, a) => `${a}${big(990)}`) })
      tasks.push(() => post(url, m.body, m.headers))
    }
  if (wanted("mismatch"))
    for (let i = 0; i < 200; i++) {
      const m = modern("convert", { value: 1, from_unit: "km", to_unit: "m", note: big(900_000) }, "list_units")
      tasks.push(() => post(url, m.body, m.headers))
    }
  // large workspaces: 20 of 150 units with 4 long aliases each
  if (wanted("workspaces"))
    for (let w = 0; w < 20; w++)
      tasks.push(async () => {
        const first = modern("define_unit", { name: `q${r}_${w}_0`, dimension: "length", aliases: ["a", "b", "c", "d"].map((a) => `${a}${r}_${w}_0`) })
        sent++
        const text = await fetch(url, { method: "POST", headers: { ...headers, ...first.headers }, body: first.body })
          .then((x) => x.text())
          .catch(() => "")
        const workspace = /"workspace\\?":\\?"([A-Za-z0-9_-]+)/.exec(text)?.[1]
        if (!workspace) return
        for (let u = 1; u < 150; u++) {
          const m = modern("define_unit", {
            name: `q${r}_${w}_${u}`,
            dimension: "length",
            aliases: ["a", "b", "c", "d"].map((a) => `${a}${r}_${w}_${u}${big(60)}`),
            workspace
          })
          await post(url, m.body, m.headers)
        }
      })
  if (wanted("unknown"))
    for (let i = 0; i < 1000; i++) tasks.push(() => post(url, call("convert", { value: 1, from_unit: `${letters(2000)}${r}${i}`, to_unit: "m" })))
  if (wanted("nesting")) for (let i = 0; i < 300; i++) tasks.push(() => post(url, `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":${"[".repeat(5000)}`))
  if (wanted("initialize"))
    for (let i = 0; i < 300; i++)
      tasks.push(() =>
        post(
          url,
          JSON.stringify({
            jsonrpc: "2.0",
            id: 0,
            method: "initialize",
            params: { protocolVersion: "2025-11-25", capabilities: { experimental: { x: big(200_000) } }, clientInfo: { name: "h", version: "1" } }
          })
        )
      )
  let next = 0
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next < tasks.length) await tasks[next++]!()
    })
  )
  return sent
}

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))![1]) / 1024
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** Waits for the snapshot the server writes on SIGUSR2, and names it. */
const snapshot = async (child: ChildProcess, name: string) => {
  if (snapshots === undefined) return
  const before = new Set(readdirSync(snapshots))
  child.kill("SIGUSR2")
  for (let i = 0; i < 600; i++) {
    await sleep(500)
    const made = readdirSync(snapshots).find((f) => f.endsWith(".heapsnapshot") && !before.has(f))
    if (made === undefined) continue
    // written once its size stops changing
    let size = -1
    while (size !== statSync(join(snapshots, made)).size || size === 0) {
      size = statSync(join(snapshots, made)).size
      await sleep(2_000)
    }
    renameSync(join(snapshots, made), join(snapshots, `${name}.heapsnapshot`))
    return
  }
}

const server = await start()
try {
  await post(server.url, call("convert", { value: 1, from_unit: "km", to_unit: "m" }))
  await sleep(2_000)
  const idle = rssMb(server.child.pid!)
  await snapshot(server.child, "idle")
  console.log(`${root}: idle RSS ${idle.toFixed(0)} MB`)
  for (let r = 1; r <= rounds; r++) {
    const calls = await round(server.url, r)
    // settled: a quiet quarter minute after the round
    await sleep(15_000)
    const rss = rssMb(server.child.pid!)
    console.log(`after round ${r} (${calls} hostile calls): RSS ${rss.toFixed(0)} MB, ${(rss - idle).toFixed(0)} MB above idle`)
    await snapshot(server.child, `round${r}`)
  }
} finally {
  server.child.kill("SIGKILL")
}
