// Photometry beyond the SI (cd, lm, lx are in si.ts). Luminance is cd/m² (the nit), illuminance is
// lm/m² = cd·sr/m² (the lux): they differ by the steradian and never convert into each other
// (NIST SP 811 B.8; CIE S 017/E:2020). Lambert-family units carry a 1/π: 1 La = (1/π) cd/cm².
import { decimal, piRatio, unit } from "./define.ts"

const cgs = { system: "CGS", source: "NIST SP 811 B.8" } as const

export const light = [
  // luminance
  unit("nit", "nit", [1, "cd/m^2"], {
    system: "SI",
    source: "CIE S 017 (cd/m²)",
    note: "luminance (cd/m²), not illuminance (lux); bare nt is refused (nit or newton?)"
  }),
  unit("sb", "stilb", [1, "cd/cm^2"], { ...cgs, note: "luminance, 1e4 cd/m²" }),
  unit("La", "lambert", [piRatio(1, 1, -1), "cd/cm^2"], { ...cgs, note: "luminance, (1e4/π) cd/m²" }),
  unit("asb", "apostilb", [piRatio(1, 1, -1), "cd/m^2"], { ...cgs, names: ["blondel"], note: "luminance, (1/π) cd/m²" }),
  unit("footlambert", "footlambert", [piRatio(1, 1, -1), "cd/ft^2"], {
    system: "US customary",
    source: "NIST SP 811 B.8",
    names: ["foot lambert", "foot-lambert"],
    note: "luminance, 3.4262590996 cd/m²; never 'fL', which is the femtolitre"
  }),

  unit("skot", "skot", [decimal("0.001"), "asb"], { ...cgs, names: ["dark-lux"], note: "luminance, 1e-3 apostilb" }),

  // illuminance
  unit("ph", "phot", [1, "lm/cm^2"], { ...cgs, note: "illuminance, 1e4 lx" }),
  unit("nox", "nox", [decimal("0.001"), "lx"], { system: "photometry", source: "NIST SP 811 B.8", note: "illuminance, 1e-3 lx" }),
  unit("talbot", "talbot", [1, "lm*s"], { system: "photometry", source: "CIE", names: ["lumberg"], note: "luminous energy, lm·s" }),
  unit("fc", "footcandle", [1, "lm/ft^2"], {
    aliases: ["ftc"],
    names: ["foot candle", "foot-candle"],
    system: "US customary",
    source: "NIST SP 811 B.8",
    note: "illuminance, 10.763910416709722 lx"
  }),
  unit("candlepower", "candlepower", [1, "cd"], {
    system: "photometry",
    names: ["candle power"],
    plurals: false,
    source: "IES (modern candlepower = 1 cd)",
    note: "luminous intensity in candelas"
  }),
  unit("Td", "troland", [1, "cd/m^2*mm^2"], { system: "photometry", source: "CIE (luminance × pupil area, cd/m² · mm²)", note: "retinal illuminance, 1e-6 cd" })
]
