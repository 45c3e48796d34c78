import { defineConfig } from "vitest/config"

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // in-process servers keep workspaces in memory; tests of the file and Redis stores say so
    env: { DIMENSIONAL_STORE: "memory" }
  }
})
