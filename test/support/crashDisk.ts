// A disk that remembers what was flushed, to show what a power loss would leave (issue 33, item 5):
// a file's bytes survive only once the file was fsynced after its last write (a renamed file whose
// data never was comes back empty, as ext4's delayed allocation leaves it), and a directory's
// entries (a creation, a rename, an unlink) only once the directory was fsynced after the change.
// Every operation also runs on the real disk, so the store works as usual; `crash()` gives the
// directory as it would come back.
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs"
import { basename, dirname, join } from "node:path"
import { type DiskOps, nodeDisk } from "../../src/services/storeFileDisk.ts"

interface Inode {
  volatile: string
  durable: string | undefined
}

export interface CrashDisk extends DiskOps {
  /** The files of the directory as a power loss now would leave them: name → text. */
  readonly crash: () => Map<string, string>
}

/** `directory` as it is now (its files taken as flushed), then watched; `flushes: false` makes every fsync a no-op (what a store that never flushes gets). */
export const crashDisk = (directory: string, options: { readonly flushes?: boolean } = {}): CrashDisk => {
  let next = 0
  const inodes = new Map<number, Inode>()
  const live = new Map<string, number>()
  let durable = new Map<string, number>()
  mkdirSync(directory, { recursive: true })
  for (const name of readdirSync(directory)) {
    const text = readFileSync(join(directory, name), "utf8")
    inodes.set(++next, { volatile: text, durable: text })
    live.set(name, next)
    durable.set(name, next)
  }
  const inDirectory = (file: string) => dirname(file) === directory
  return {
    ...nodeDisk,
    writeFile: async (file, text, writeOptions) => {
      await nodeDisk.writeFile(file, text, writeOptions)
      if (!inDirectory(file)) return
      const known = live.get(basename(file))
      if (known !== undefined) inodes.get(known)!.volatile = text
      else {
        inodes.set(++next, { volatile: text, durable: undefined })
        live.set(basename(file), next)
      }
    },
    fsync: async (file) => {
      await nodeDisk.fsync(file)
      if (options.flushes === false) return
      if (file === directory) durable = new Map(live)
      else if (inDirectory(file)) {
        const inode = inodes.get(live.get(basename(file))!)!
        inode.durable = inode.volatile
      }
    },
    rename: async (from, to) => {
      await nodeDisk.rename(from, to)
      const inode = live.get(basename(from))!
      live.delete(basename(from))
      live.set(basename(to), inode)
    },
    link: async (from, to) => {
      await nodeDisk.link(from, to)
      live.set(basename(to), live.get(basename(from))!)
    },
    rm: async (file) => {
      await nodeDisk.rm(file)
      live.delete(basename(file))
    },
    crash: () => new Map([...durable].map(([name, inode]) => [name, inodes.get(inode)!.durable ?? ""]))
  }
}

/** Writes what a crash left into `directory` (a fresh one), as the disk would come back. */
export const restore = (left: Map<string, string>, directory: string) => {
  mkdirSync(directory, { recursive: true })
  for (const [name, text] of left) writeFileSync(join(directory, name), text)
}
