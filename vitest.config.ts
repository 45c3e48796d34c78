import { availableParallelism } from "node:os"
import { defineConfig } from "vitest/config"

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // the command is built once and every test that starts it starts the built one (test/globalSetup.ts)
    globalSetup: ["test/globalSetup.ts"],
    // generous, for a machine busy with other work (issue 30): a time-out says a wait never ended, never how fast
    testTimeout: 120_000,
    // most suites wait on servers they spawned (stdio, HTTP, Redis, nginx, Prometheus), not on a CPU:
    // twice the cores keeps both busy (on 2 cores, 4 workers took the suite from about 260 s to 145 s)
    maxWorkers: Math.max(2, availableParallelism() * 2),
    hookTimeout: 180_000,
    // in-process servers keep workspaces in memory; tests of the file and Redis stores say so. An
    // installed bin started here never builds or uses a start-up snapshot (in the home cache
    // directory): test/snapshot.test.ts turns it on with a cache directory of its own
    env: { DIMENSIONAL_STORE: "memory", DIMENSIONAL_SNAPSHOT: "0" }
  }
})
