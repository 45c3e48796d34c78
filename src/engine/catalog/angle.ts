// Plane and solid angle (the radian and steradian are in si.ts). The degree, minute and second of
// arc are SI accepted (SI Brochure table 8); the gon (grad) is 1/400 turn (ISO 80000-3). A
// revolution is 2π rad, so rpm is an angular velocity: 1 rpm = 2π/60 rad/s, and never converts to Hz
// without saying how many radians a cycle is. The square degree is (π/180)² sr, a solid angle.
import { piRatio, ratio, unit } from "./define.ts"

const accepted = { system: "SI accepted", source: "SI Brochure table 8" } as const

export const angle = [
  unit("deg", "degree", [piRatio(1, 180), "rad"], {
    ...accepted,
    aliases: ["°"],
    names: ["arcdegree", "degree of arc"],
    note: "plane angle; °C and °F are temperatures"
  }),
  // Prefixed degrees as written: circular dichroism reports ellipticity in millidegrees (mdeg), as GNU
  // units and pint read mdeg. Defined one by one rather than by a prefix policy, so the sign '°' never
  // takes a prefix (m° is not a spelling, and m°C is the millidegree Celsius in temperature.ts).
  unit("mdeg", "millidegree", [ratio(1, 1000), "deg"], {
    ...accepted,
    source: "SI Brochure table 8 (degree) with the SI prefix milli",
    note: "0.001°, circular dichroism ellipticity"
  }),
  unit("µdeg", "microdegree", [ratio(1, 1000000), "deg"], {
    ...accepted,
    aliases: ["udeg", "μdeg"],
    source: "SI Brochure table 8 (degree) with the SI prefix micro",
    note: "1e-6°"
  }),
  unit("ndeg", "nanodegree", [ratio(1, 1000000000), "deg"], {
    ...accepted,
    source: "SI Brochure table 8 (degree) with the SI prefix nano",
    note: "1e-9°"
  }),
  unit("arcmin", "arcminute", [ratio(1, 60), "deg"], { ...accepted, aliases: ["′", "'"], names: ["minute of arc", "arc minute"] }),
  unit("arcsec", "arcsecond", [ratio(1, 60), "arcmin"], { ...accepted, aliases: ["″", '"'], names: ["second of arc", "arc second"] }),
  unit("mas", "milliarcsecond", [ratio(1, 1000), "arcsec"], { system: "astronomical", source: "IAU" }),
  unit("µas", "microarcsecond", [ratio(1, 1000), "mas"], { aliases: ["uas", "μas"], system: "astronomical", source: "IAU" }),
  unit("grad", "gradian", [piRatio(1, 200), "rad"], { aliases: ["gon"], names: ["gon"], system: "metric", source: "ISO 80000-3 (1/400 turn)" }),
  // the turn on the degree, not on π: 360° exactly, so rev, the NATO mil and the degree convert with
  // exact ratios (1 rev/min was 6.000000000000001 deg/s through 2π/(π/180))
  unit("rev", "revolution", [360, "deg"], {
    aliases: ["turn"],
    names: ["turn", "full turn"],
    system: "SI accepted",
    source: "ISO 80000-3 (1 rev = 2π rad = 360°)",
    note: "an angle of 2π rad; a cycle (cyc) is a count"
  }),
  unit("mil_NATO", "NATO mil", [ratio(1, 6400), "rev"], {
    names: ["angular mil"],
    system: "military",
    source: "STANAG 2578",
    note: "1/6400 turn; 'mil' alone is the thousandth of an inch"
  }),
  unit("quadrant", "quadrant", [90, "deg"], { system: "SI accepted", note: "right angle, 90°" }),
  unit("hourangle", "hour angle", [15, "deg"], { system: "astronomical", names: ["hour of right ascension"], note: "15° (right ascension)" }),
  unit("rpm", "revolution per minute", [1, "rev/min"], {
    aliases: ["RPM"],
    plurals: ["revolutions per minute"],
    system: "SI accepted",
    note: "angular velocity, 2π/60 rad/s"
  }),
  unit("sq_deg", "square degree", [piRatio(1, 32400, 2), "sr"], {
    system: "astronomical",
    source: "IAU ((π/180)² sr)",
    note: "solid angle; write sq_deg, since deg² is an angle squared"
  })
]
