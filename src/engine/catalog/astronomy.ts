// Astronomy: the astronomical unit is 149597870700 m exactly (IAU 2012 Resolution B2), the parsec
// 648000/π au (IAU 2015 Resolution B2), the light year c × Julian year (IAU). Solar and planetary
// masses come from the IAU 2015 Resolution B3 nominal mass parameters (GM, exact by convention)
// divided by the measured G (CODATA 2022: 6.67430e-11 m³/(kg·s²)), so they are not exact; nominal
// radii and the nominal solar luminosity are exact by convention. The jansky is 1e-26 W/(m²·Hz).
import { decimal, ratio, unit } from "./define.ts"

const iau = { system: "astronomical" } as const
/** CODATA 2022 Newtonian constant of gravitation, m³/(kg·s²). */
const G = 6.6743e-11
const massFromGM = (gm: number) => ratio(gm, G)

export const astronomy = [
  unit("au", "astronomical unit", [149597870700, "m"], { ...iau, aliases: ["AU", "ua"], source: "IAU 2012 Resolution B2" }),
  unit("ly", "light year", [299792458, "m/s*yr"], {
    ...iau,
    names: ["light-year", "lightyear"],
    prefixes: "large",
    source: "IAU (c × Julian year = 9460730472580800 m)",
    note: "distance light travels in a Julian year"
  }),
  unit("pc", "parsec", [ratio(648000, Math.PI), "au"], { ...iau, prefixes: "large", source: "IAU 2015 Resolution B2 (648000/π au)", note: "kpc, Mpc, Gpc accepted" }),
  unit("M☉", "solar mass", [massFromGM(1.3271244e20), "kg"], {
    ...iau,
    aliases: ["Msun", "M_sun", "M⊙"],
    plurals: ["solar masses"],
    exact: false,
    source: "IAU 2015 Resolution B3 (nominal GM☉ = 1.3271244e20 m³/s²) / G (CODATA 2022)",
    note: "about 1.98841e30 kg; uncertain through G (2.2e-5 relative)"
  }),
  unit("R☉", "solar radius", [695700000, "m"], { ...iau, aliases: ["Rsun", "R_sun", "R⊙"], source: "IAU 2015 Resolution B3 (nominal)" }),
  unit("L☉", "solar luminosity", [decimal("3.828e26"), "W"], { ...iau, aliases: ["Lsun", "L_sun", "L⊙"], source: "IAU 2015 Resolution B3 (nominal)" }),
  unit("M_earth", "Earth mass", [massFromGM(3.986004e14), "kg"], {
    ...iau,
    plurals: ["Earth masses"],
    exact: false,
    source: "IAU 2015 Resolution B3 (nominal GM⊕ = 3.986004e14 m³/s²) / G (CODATA 2022)"
  }),
  unit("R_earth", "Earth radius", [6378100, "m"], { ...iau, source: "IAU 2015 Resolution B3 (nominal equatorial radius)" }),
  unit("M_jup", "Jupiter mass", [massFromGM(1.2668653e17), "kg"], {
    ...iau,
    plurals: ["Jupiter masses"],
    exact: false,
    source: "IAU 2015 Resolution B3 (nominal GM_J = 1.2668653e17 m³/s²) / G (CODATA 2022)"
  }),
  unit("R_jup", "Jupiter radius", [71492000, "m"], { ...iau, source: "IAU 2015 Resolution B3 (nominal equatorial radius)" }),
  unit("Jy", "jansky", [decimal("1e-26"), "W/(m^2*Hz)"], { ...iau, prefixes: "si", source: "IAU (1e-26 W m⁻² Hz⁻¹)", note: "spectral flux density; mJy, µJy accepted" })
]
