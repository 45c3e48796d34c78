// Time: the minute, hour and day are SI accepted (SI Brochure table 8). The year is the Julian
// year of 365.25 d (IAU; ISO 80000-3 symbol "a", written yr here), which is how the light year is
// defined; the Gregorian (365.2425 d) and tropical years have their own symbols. Calendar months
// vary in length, so "mo" is the mean Julian month, 1/12 of a Julian year (30.4375 d).
import { decimal, ratio, unit } from "./define.ts"

export const time = [
  unit("min", "minute", [60, "s"], { aliases: ["mins"], system: "SI accepted", source: "SI Brochure table 8", note: "never milli-inch" }),
  unit("h", "hour", [60, "min"], { aliases: ["hr", "hrs"], system: "SI accepted", source: "SI Brochure table 8" }),
  unit("d", "day", [24, "h"], { system: "SI accepted", source: "SI Brochure table 8", note: "86400 s (a mean solar day; leap seconds ignored)" }),
  unit("wk", "week", [7, "d"], { system: "calendar" }),
  unit("bell", "ship's bell", [30, "min"], {
    system: "nautical",
    source: "ship's time: a four-hour watch is struck in eight bells (Bowditch, The American Practical Navigator, NGA Pub. 9)",
    note: "half an hour, 1/8 of a watch; not the bel (B)"
  }),
  unit("fn", "fortnight", [14, "d"], { system: "calendar" }),
  unit("yr", "year", [decimal("365.25"), "d"], {
    names: ["Julian year", "annum"],
    prefixes: "large",
    system: "astronomical",
    source: "IAU (Julian year, 365.25 d = 31557600 s)",
    note: "Julian year, 365.25 d; the Gregorian mean year is yr_greg (365.2425 d); kyr, Myr, Gyr accepted"
  }),
  unit("mo_mean", "mean month", [ratio(1, 12), "yr"], {
    names: ["Julian month"],
    system: "calendar",
    note: "mean month, 1/12 Julian year (30.4375 d); calendar months vary from 28 to 31 d"
  }),
  unit("yr_greg", "Gregorian year", [decimal("365.2425"), "d"], { system: "calendar", source: "Gregorian calendar (97 leap years in 400)" }),
  unit("yr_trop", "tropical year", [decimal("365.24219"), "d"], {
    exact: false,
    system: "astronomical",
    source: "mean tropical year, J2000 (Explanatory Supplement to the Astronomical Almanac)",
    note: "varies slowly; about 365.24219 d"
  }),
  unit("d_sid", "sidereal day", [decimal("86164.0905"), "s"], {
    exact: false,
    system: "astronomical",
    source: "IERS Conventions (2010)",
    note: "Earth's rotation relative to the vernal equinox, about 23 h 56 min 4.0905 s"
  }),
  unit("yr_sid", "sidereal year", [decimal("365.256363004"), "d"], { exact: false, system: "astronomical", source: "IERS Conventions (2010), J2000" }),
  unit("sol", "sol", [decimal("88775.244"), "s"], {
    exact: false,
    system: "astronomical",
    source: "NASA Mars Fact Sheet (mean solar day on Mars)",
    note: "Mars solar day"
  }),
  unit("svedberg", "svedberg", [decimal("1e-13"), "s"], { system: "CGS", source: "IUPAC Gold Book", note: "sedimentation coefficient, 1e-13 s" }),
  unit("decade", "decade", [10, "yr"], { system: "calendar", note: "10 Julian years" }),
  unit("century", "century", [100, "yr"], { system: "calendar", note: "100 Julian years" }),
  unit("millennium", "millennium", [1000, "yr"], { system: "calendar", plurals: ["millennia"], note: "1000 Julian years" }),
  unit("shake", "shake", [10, "ns"], { system: "nuclear", source: "NIST SP 811 B.8 (1e-8 s)" }),
  unit("h_sid", "sidereal hour", [ratio(1, 24), "d_sid"], {
    exact: false,
    system: "astronomical",
    source: "IERS Conventions (2010); NIST SP 811 B.8 (3590.170 s)"
  }),
  unit("min_sid", "sidereal minute", [ratio(1, 60), "h_sid"], {
    exact: false,
    system: "astronomical",
    source: "IERS Conventions (2010); NIST SP 811 B.8 (59.83617 s)"
  }),
  unit("s_sid", "sidereal second", [ratio(1, 60), "min_sid"], {
    exact: false,
    system: "astronomical",
    source: "IERS Conventions (2010); NIST SP 811 B.8 (0.9972696 s)"
  }),
  unit("mo_syn", "synodic month", [decimal("29.530588853"), "d"], {
    exact: false,
    system: "astronomical",
    names: ["lunation", "lunar month"],
    source: "mean synodic month at J2000 (Chapront-Touzé & Chapront 1988; Explanatory Supplement to the Astronomical Almanac)",
    note: "new moon to new moon, about 29.5306 d"
  }),
  unit("mo_sid", "sidereal month", [decimal("27.321661"), "d"], {
    exact: false,
    system: "astronomical",
    source: "mean sidereal month at J2000 (Explanatory Supplement to the Astronomical Almanac)"
  }),
  unit("yr_common", "common year", [365, "d"], {
    system: "calendar",
    source: "NIST SP 811 B.8 (year, 365 days)",
    names: ["365-day year"],
    note: "a non-leap calendar year, 365 d (ACT/365 day counts)"
  }),
  unit("yr_leap", "leap year", [366, "d"], { system: "calendar", source: "Gregorian calendar (366 d)" })
]
