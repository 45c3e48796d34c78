// The start-up snapshot's cache as a person clears it (issue 30): `dimensional --clear-cache` removes
// the builder's files only, and says where and how much.
import { spawnSync } from "node:child_process"
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { builtBin } from "./support/builtCommand.ts"
import { repoRoot } from "./support/httpServer.ts"

const dir = mkdtempSync(join(tmpdir(), "dimensional-cache-"))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe("dimensional --clear-cache", () => {
  it("removes the snapshot's blobs, marks and log, keeps anything else, and says what it removed", () => {
    for (const file of ["dimensional-0.2.0-node24.21.0-x64-1.blob", "dimensional-0.2.0-node24.21.0-x64-2.blob.failed", "build.log", "notes.txt"])
      writeFileSync(join(dir, file), "x".repeat(1000))
    const r = spawnSync(process.execPath, [builtBin(), "--clear-cache"], {
      cwd: repoRoot,
      encoding: "utf8",
      env: { ...process.env, DIMENSIONAL_CACHE_DIR: dir }
    })
    expect(r.status).toBe(0)
    expect(r.stdout).toBe(`removed 3 file(s), 0.0 MB in ${dir}\n`)
    expect(readdirSync(dir)).toEqual(["notes.txt"])
  })

  it("says there is nothing to remove where there is no cache", () => {
    const missing = join(dir, "absent")
    const r = spawnSync(process.execPath, [builtBin(), "--clear-cache"], {
      cwd: repoRoot,
      encoding: "utf8",
      env: { ...process.env, DIMENSIONAL_CACHE_DIR: missing }
    })
    expect(r.stdout).toBe(`nothing to remove in ${missing}\n`)
    expect(existsSync(missing)).toBe(false)
  })
})
