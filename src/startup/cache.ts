/**
 * The start-up snapshot's cache, as a person sees it: where it is, what it holds, and clearing it
 * (`dimensional --clear-cache`). Only the files the builder writes are touched (dimensional-*.blob
 * and their marks, build.log, build.lock), never anything else a shared directory holds.
 */
import { readdirSync, rmSync, statSync } from "node:fs"
import { join } from "node:path"
import { blobPrefix, cacheDirectory } from "./launch.ts"

const ours = (file: string): boolean => file.startsWith(blobPrefix) || file === "build.log" || file === "build.lock"

/** Removes the snapshot cache's files; what was there, for one line of output. */
export const clearCache = (env: NodeJS.ProcessEnv = process.env): { readonly dir: string; readonly files: number; readonly bytes: number } => {
  const dir = cacheDirectory(env)
  let files = 0
  let bytes = 0
  let names: Array<string> = []
  try {
    names = readdirSync(dir).filter(ours)
  } catch {
    return { dir, files, bytes }
  }
  for (const name of names) {
    const path = join(dir, name)
    try {
      bytes += statSync(path).size
      rmSync(path, { force: true })
      files++
    } catch {
      // gone meanwhile, or not ours to remove: left as it is
    }
  }
  return { dir, files, bytes }
}
