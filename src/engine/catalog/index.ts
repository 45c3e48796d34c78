// Every built-in catalog file, in the order units are listed (most common first within a dimension).
import type { UnitEntry } from "./define.ts"
import { si } from "./si.ts"

export const builtinEntries: ReadonlyArray<UnitEntry> = [...si]
