// Astronomy: the astronomical unit is 149597870700 m exactly (IAU 2012 Resolution B2), the parsec
// 648000/π au (IAU 2015 Resolution B2), the light year c × Julian year (IAU). Solar and planetary
// masses come from the IAU 2015 Resolution B3 nominal mass parameters (GM, exact by convention)
// divided by the measured G (CODATA 2022: 6.67430e-11 m³/(kg·s²)), so they are not exact; nominal
// radii and the nominal solar luminosity are exact by convention. The jansky is 1e-26 W/(m²·Hz).
import { decimal, piRatio, ratio, unit } from "./define.ts"

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
  unit("pc", "parsec", [piRatio(648000, 1, -1), "au"], {
    ...iau,
    prefixes: "large",
    source: "IAU 2015 Resolution B2 (648000/π au)",
    note: "kpc, Mpc, Gpc accepted"
  }),
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
  unit("Jy", "jansky", [decimal("1e-26"), "W/(m^2*Hz)"], {
    ...iau,
    prefixes: "si",
    source: "IAU (1e-26 W m⁻² Hz⁻¹)",
    note: "spectral flux density; mJy, µJy accepted"
  }),
  unit("light_s", "light second", [299792458, "m"], {
    ...iau,
    names: ["light-second", "lightsecond"],
    source: "SI (c = 299792458 m/s exactly)",
    note: "299792458 m"
  }),
  unit("light_min", "light minute", [60, "light_s"], { ...iau, names: ["light-minute", "lightminute"], source: "SI (c exact)", note: "17987547480 m" }),
  unit("light_h", "light hour", [3600, "light_s"], { ...iau, names: ["light-hour", "lighthour"], source: "SI (c exact)" }),
  unit("light_d", "light day", [86400, "light_s"], { ...iau, names: ["light-day", "lightday"], source: "SI (c exact)" }),
  unit("lunar_dist", "lunar distance", [384400, "km"], {
    ...iau,
    exact: false,
    names: ["Earth-Moon distance", "mean lunar distance"],
    source: "NASA Moon Fact Sheet (semimajor axis 384400 km)",
    note: "about 384400 km, as in near-Earth-object close-approach tables; the true distance varies 356500–406700 km"
  }),
  unit("R_earth_polar", "Earth polar radius", [6356800, "m"], {
    ...iau,
    names: ["nominal polar Earth radius"],
    source: "IAU 2015 Resolution B3 (nominal polar radius)"
  }),
  unit("R_earth_mean", "mean Earth radius", [decimal("6371008.7714"), "m"], {
    ...iau,
    exact: false,
    names: ["Earth mean radius"],
    source: "IUGG mean radius R1 of GRS 80 (Moritz 2000)",
    note: "6371.0087714 km, (2a + b)/3 of the GRS 80 ellipsoid"
  }),
  unit("R_jup_polar", "Jupiter polar radius", [66854000, "m"], { ...iau, source: "IAU 2015 Resolution B3 (nominal polar radius)" }),
  unit("R_moon", "lunar radius", [1737400, "m"], {
    ...iau,
    exact: false,
    names: ["Moon radius", "mean lunar radius"],
    source: "IAU WGCCRE 2015 (Archinal et al. 2018, mean radius 1737.4 km)"
  }),
  unit("S_sun", "nominal total solar irradiance", [1361, "W/m^2"], {
    ...iau,
    aliases: ["S☉", "S⊙"],
    names: ["solar constant", "nominal solar irradiance"],
    plurals: false,
    source: "IAU 2015 Resolution B3 (nominal S☉ = 1361 W/m²)",
    note: "1361 W/m² at 1 au, a conventional value"
  }),
  unit("sfu", "solar flux unit", [decimal("1e-22"), "W/(m^2*Hz)"], {
    ...iau,
    source: "ITU-R; NOAA SWPC (1e-22 W m⁻² Hz⁻¹ = 10⁴ Jy)",
    note: "solar radio flux (F10.7), 10000 Jy"
  })
]
