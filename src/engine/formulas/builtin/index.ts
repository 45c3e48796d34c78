// Every built-in formula, by domain, in the order list_formulas shows them.
import { uconVariants } from "./ucon.ts"
import type { Formula } from "../Formula.ts"
import { aerospace } from "./aerospace.ts"
import { chemistry } from "./chemistry.ts"
import { engineering } from "./engineering.ts"
import { medical } from "./medical.ts"
import { physics } from "./physics.ts"
import { reliability } from "./reliability.ts"

export const builtinFormulas: ReadonlyArray<Formula> = [...medical, ...engineering, ...chemistry, ...physics, ...reliability, ...aerospace, ...uconVariants]
