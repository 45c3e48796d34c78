/**
 * The bare server (bench/bare-server.ts, stdio only) started and answered the Effect way: an
 * Effect program run by NodeRuntime.runMain provides a service through a Layer, and the one tool
 * is an Effect program that decodes its arguments with an Effect Schema before returning the same
 * constant. Against the bare server it shows what Effect itself costs a start (the runtime, Schema,
 * a layer); the rest of the distance to our server is our own code and data.
 *
 *   BARE_TOOL_FILE=convert-tool.json node bench/bare-effect-server.ts
 */
import * as NodeRuntime from "@effect/platform-node/NodeRuntime"
import { Server } from "@modelcontextprotocol/server"
import { serveStdio } from "@modelcontextprotocol/server/stdio"
import { bareResult, bareTool } from "./lib/bareTool.ts"
import { Context, Effect, Layer, Schema } from "effect"

const Input = Schema.Struct({
  value: Schema.Number,
  from_unit: Schema.String,
  to_unit: Schema.String,
  notation: Schema.optional(Schema.Literals(["conventional", "ucum", "ucum_ci"]))
})

class Answers extends Context.Service<Answers, { readonly answer: typeof bareResult }>()("bench/Answers") {
  static readonly layer = Layer.succeed(Answers, Answers.of({ answer: bareResult }))
}

const main = Effect.gen(function* () {
  const run = Effect.runPromiseWith(yield* Effect.context<Answers>())
  serveStdio(() => {
    const server = new Server({ name: "bare-effect", version: "1.0.0" }, { capabilities: { tools: { listChanged: false } } })
    server.setRequestHandler("tools/list", async () => ({ tools: [bareTool] }))
    server.setRequestHandler("tools/call", async (request) =>
      run(
        Schema.decodeUnknownEffect(Input)(request.params.arguments).pipe(
          Effect.flatMap(() => Answers),
          Effect.map((answers) => answers.answer),
          Effect.orDie
        )
      )
    )
    return server
  })
  // the SDK's stdio transport ignores EOF; end with the client
  process.stdin.once("end", () => process.exit(0))
  yield* Effect.never
}).pipe(Effect.provide(Answers.layer))

NodeRuntime.runMain(main)
