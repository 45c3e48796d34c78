/**
 * node:fs for the modules every start runs (bin/dimensional.js does the same): through
 * process.getBuiltinModule, not `import`. An ES module import of node:fs builds its whole namespace,
 * which loads fs/promises, the streams and readline (about 30 of Node's modules, 5-10 ms of a one-shot
 * command's start, issue 29). src/cli/argv.ts, src/cli/run.ts and src/startup/launch.ts take it here.
 */
export const fs = process.getBuiltinModule("node:fs")
