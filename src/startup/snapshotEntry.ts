/**
 * The start-up snapshot's entry: scripts/build.ts bundles it, with everything it reaches, into one
 * CommonJS file (dist/snapshot.cjs), and `node --snapshot-blob <blob> --build-snapshot dist/snapshot.cjs`
 * runs it once and writes the heap it leaves into the blob
 * (https://nodejs.org/api/cli.html#--build-snapshot-entry). The bin (bin/dimensional.js) builds that
 * blob in the background on a first start and, on later starts of the stdio server, re-executes
 * itself into it, so the modules are already evaluated, the catalog restored and the call path
 * compiled when the process begins.
 *
 * At build time this file warms that path in process: an in-memory client and server, made of the
 * stdio server's own services, call the tools a client usually calls first, in both protocol eras,
 * and the runtime is then disposed. Nothing it does may depend on the building process: its
 * settings come from an empty configuration (not the environment, which Effect's default
 * ConfigProvider would copy and keep), and a workspace id is drawn per start (src/layers.ts).
 *
 * When a process starts from the blob, the main set here runs exactly what src/cli/main.ts runs
 * (src/cli/run.ts), with the command line from `process.argv`: after deserialisation it holds the
 * node binary and then the arguments, with no script path (the bin passes them after `--`, so Node
 * does not read `--http` as one of its own options). https://nodejs.org/api/v8.html#startup-snapshot-api
 *
 * DIMENSIONAL_SNAPSHOT_CHECK=1 makes the main exercise the tools once in process instead, print
 * the convert answer (and values drawn at random) on stdout and exit: the builder's check, in two
 * processes, that a new blob works, and draws afresh in each, before it is put where the bin finds it.
 */
import v8 from "node:v8"
import { type CallToolResult, InMemoryTransport } from "@modelcontextprotocol/server"
import { serveStdio } from "@modelcontextprotocol/server/stdio"
import { ConfigProvider, Effect, Layer, ManagedRuntime } from "effect"
import { runCli } from "../cli/run.ts"
import { StdioServices } from "../layers.ts"
import { checkAnswer, checkEnv } from "./launch.ts"
import { makeServerFactory, type ServerFactory } from "../mcp/server.ts"
import { LogToStderr } from "../mcp/transports/stdio/server.ts"
import { DefaultWorkspace, newWorkspaceId } from "../services/Workspace.ts"
import { type ToolServices, tools } from "../tools/index.ts"

/** Calls a client makes first, each with arguments that succeed (and one that fails: the error path is warmed too). */
const firstCalls: ReadonlyArray<{ readonly name: string; readonly arguments: Record<string, unknown> }> = [
  { name: "convert", arguments: { value: 5, from_unit: "km", to_unit: "mi" } },
  { name: "convert", arguments: { value: 98.6, from_unit: "degF", to_unit: "degC" } },
  { name: "convert", arguments: { value: 1, from_unit: "lb", to_unit: "s" } },
  {
    name: "compute",
    arguments: {
      initial_value: 154,
      initial_unit: "lb",
      factors: [
        { value: 1, numerator: "kg", denominator: "2.2 lb" },
        { value: 5, numerator: "mg", denominator: "kg*day" }
      ]
    }
  },
  { name: "check_dimensions", arguments: { unit_a: "N*m", unit_b: "J" } },
  { name: "list_units", arguments: { dimension: "pressure", limit: 5 } },
  { name: "decompose", arguments: { initial_unit: "mcg/(kg*min)", target_unit: "mL/h", known_quantities: [{ value: 80, unit: "kg" }] } }
]

/**
 * A JSON-RPC client of the least an MCP client sends, in `era`: the 2025 handshake (initialize, then
 * the initialized notification), or 2026-07-28 (server/discover, then each request carrying the
 * protocol version, client info and capabilities in `_meta`), as the SDK's `Client` 2.4 sends them.
 * Not the SDK's `Client` itself: the client package bundles a second copy of the SDK's protocol
 * core, whose module-level schemas the snapshot would then hold, and every start deserialise, for
 * nothing (about 6 ms a start). A message the server does not take as expected fails the warm-up,
 * and with it the build: no blob, starts stay normal.
 */
const wireClient = async (transport: InMemoryTransport, era: "legacy" | "modern") => {
  const pending = new Map<number | string, { resolve: (result: unknown) => void; reject: (error: Error) => void }>()
  transport.onmessage = (message) => {
    const reply = message as { id?: number | string; result?: unknown; error?: { message: string } }
    const waiting = reply.id === undefined ? undefined : pending.get(reply.id)
    if (waiting === undefined) return
    pending.delete(reply.id!)
    if (reply.error) waiting.reject(new Error(`${reply.error.message}`))
    else waiting.resolve(reply.result)
  }
  await transport.start()
  const clientInfo = { name: "dimensional-snapshot", version: "1" }
  const meta = {
    "io.modelcontextprotocol/protocolVersion": "2026-07-28",
    "io.modelcontextprotocol/clientInfo": clientInfo,
    "io.modelcontextprotocol/clientCapabilities": {}
  }
  let next = 0
  const request = (method: string, params: Record<string, unknown> = {}) =>
    new Promise<unknown>((resolve, reject) => {
      const id = next++
      pending.set(id, { resolve, reject })
      transport.send({ jsonrpc: "2.0", id, method, params: era === "modern" ? { ...params, _meta: meta } : params }).catch(reject)
    })
  if (era === "modern") {
    const discovered = (await request("server/discover")) as { supportedVersions?: ReadonlyArray<string> }
    if (!discovered.supportedVersions?.includes("2026-07-28")) throw new Error(`server/discover answered ${JSON.stringify(discovered)}`)
  } else {
    await request("initialize", { protocolVersion: "2025-11-25", capabilities: {}, clientInfo })
    await transport.send({ jsonrpc: "2.0", method: "notifications/initialized" })
  }
  return request
}

/** Lists the tools and makes every first call `rounds` times; resolves with the first convert's answer. */
const exercise = async (request: (method: string, params?: Record<string, unknown>) => Promise<unknown>, rounds: number): Promise<number> => {
  let quantity = Number.NaN
  for (let round = 0; round < rounds; round++) {
    const { tools } = (await request("tools/list")) as { tools: ReadonlyArray<{ name: string }> }
    if (!tools.some((tool) => tool.name === "convert")) throw new Error("tools/list has no convert")
    for (const call of firstCalls) {
      const result = (await request("tools/call", call)) as CallToolResult
      if (round === 0 && call === firstCalls[0]) quantity = (result.structuredContent as { quantity: number }).quantity
    }
  }
  return quantity
}

/**
 * A client connected in process, in `era`, to the stdio server's serving entry (the SDK's
 * `serveStdio`, which picks the era from the client's opening message, as src/mcp/transports/stdio/server.ts
 * has it) over an in-memory pair instead of stdin and stdout. Not the Streamable HTTP handler: Node
 * cannot put the Fetch API's objects (a `Request`: undici's HTTP parser) in a snapshot.
 */
const connect = async (factory: ServerFactory, era: "legacy" | "modern", defaultWorkspace: string | undefined) => {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
  const handle = serveStdio(({ era }) => factory({ era, defaultWorkspace }), { transport: serverSide })
  const request = await wireClient(clientSide, era)
  return { request, close: () => clientSide.close().then(() => handle.close()) }
}

/**
 * The stdio server's services and server factory, with its calls made `rounds` times in each era;
 * resolves with the first convert's answer once everything is disposed.
 */
const warmUp = async (rounds: number): Promise<number> => {
  // an explicit configuration: Effect's default ConfigProvider would read the environment once and
  // keep it, and a snapshot would then serve every process with the building process's settings
  const configuration = ConfigProvider.layer(ConfigProvider.fromUnknown({ DIMENSIONAL_STORE: "memory" }))
  const runtime = ManagedRuntime.make(StdioServices.pipe(Layer.provideMerge(LogToStderr), Layer.provide(configuration)))
  try {
    const [factory, defaultWorkspace] = await runtime.runPromise(Effect.all([makeServerFactory<ToolServices>(tools), DefaultWorkspace]))
    let quantity = Number.NaN
    for (const era of ["legacy", "modern"] as const) {
      const { request, close } = await connect(factory, era, defaultWorkspace)
      try {
        const answer = await exercise(request, rounds)
        if (era === "legacy") quantity = answer
      } finally {
        await close()
      }
    }
    return quantity
  } finally {
    await runtime.dispose()
  }
}

/** The check mode: the tools answer in the deserialised process; the convert answer on stdout, exit 0 if right. */
const check = () =>
  warmUp(1).then(
    (quantity) => {
      // and what a process draws at random, which the builder compares between two checks: Node
      // hands out randomUUID()s from a pool it fills ahead, which a snapshot taken after a call
      // would freeze, the same in every process started from it (V8 reseeds Math.random itself)
      process.stdout.write(`${JSON.stringify({ quantity, uuid: crypto.randomUUID(), random: Math.random(), workspace: newWorkspaceId() })}\n`)
      process.exit(quantity === checkAnswer ? 0 : 1)
    },
    (error: unknown) => {
      process.stderr.write(`dimensional: the start-up snapshot check failed: ${String(error)}\n`)
      process.exit(1)
    }
  )

if (v8.startupSnapshot.isBuildingSnapshot()) {
  v8.startupSnapshot.setDeserializeMainFunction(() => {
    if (process.env[checkEnv] === "1") return void check()
    runCli(process.argv.slice(1), process.stdin.isTTY === true)
  })
  warmUp(4)
    .then((quantity) => {
      if (quantity !== checkAnswer) throw new Error(`the warm-up's convert answered ${quantity}, not ${checkAnswer}`)
    })
    .catch((error: unknown) => {
      // no snapshot from a failed warm-up: the builder sees the exit code and keeps no blob
      process.stderr.write(`dimensional: the start-up snapshot's warm-up failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`)
      process.exit(1)
    })
} else {
  process.stderr.write("dimensional: dist/snapshot.cjs is the start-up snapshot's entry, run by `node --build-snapshot`; start bin/dimensional.js instead\n")
  process.exitCode = 2
}
