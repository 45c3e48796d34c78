// Every built-in catalog file, in the order units are listed (most common first within a dimension).
import { angle } from "./angle.ts"
import { areaVolume } from "./area_volume.ts"
import { astronomy } from "./astronomy.ts"
import { atomic } from "./atomic.ts"
import { cgsUnits } from "./cgs.ts"
import { clinicalUnits } from "./clinical.ts"
import { counts } from "./count.ts"
import type { UnitEntry } from "./define.ts"
import { electromagnetic } from "./electromagnetic.ts"
import { energy } from "./energy.ts"
import { gaugePressures } from "./gauge.ts"
import { information } from "./information.ts"
import { length } from "./length.ts"
import { levels } from "./logarithmic.ts"
import { light } from "./light.ts"
import { mass } from "./mass.ts"
import { mechanics } from "./mechanics.ts"
import { radiation } from "./radiation.ts"
import { ratios } from "./ratio.ts"
import { si } from "./si.ts"
import { temperature } from "./temperature.ts"
import { time } from "./time.ts"

export const builtinEntries: ReadonlyArray<UnitEntry> = [
  ...si,
  ...length,
  ...areaVolume,
  ...mass,
  ...time,
  ...temperature,
  ...mechanics,
  ...gaugePressures,
  ...energy,
  ...electromagnetic,
  ...light,
  ...radiation,
  ...information,
  ...angle,
  ...ratios,
  ...levels,
  ...counts,
  ...clinicalUnits,
  ...cgsUnits,
  ...astronomy,
  ...atomic
]
