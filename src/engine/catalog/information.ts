// Information (IEC 80000-13:2008). The bit is the base unit of the information pseudo-dimension;
// lowercase b is the bit and uppercase B the byte (8 bit), so Gb is the gigabit and GB the
// gigabyte. Decimal prefixes from kilo up (kB = 1000 B) and binary prefixes (KiB = 1024 B) apply.
// Data rates: bps = bit/s, with the same prefixes (kbps, Mbps, Gbps).
import { base, ratio, unit } from "./define.ts"

const iec = { system: "information", source: "IEC 80000-13:2008" } as const

export const information = [
  base("bit", "bit", "B", {
    ...iec,
    aliases: ["b"],
    prefixes: "information",
    note: "B = byte; kb/Mb/Gb are kilo/mega/gigabits, Kib/Mib binary; a bare b is refused (bit, barn or bar?)"
  }),
  unit("B", "byte", [8, "bit"], { ...iec, prefixes: "information", note: "8 bits; kB = 1000 B, KiB = 1024 B" }),
  // French and standards usage (IEC 80000-13 item 13-10: "octet, o"); an octet is always 8 bits,
  // where a byte once varied, so it is its own unit of equal size: ko, Mo, Go, Kio, Mio accepted
  unit("o", "octet", [8, "bit"], { ...iec, prefixes: "information", note: "8 bits (IEC 80000-13); ko = 1000 o, Kio = 1024 o; 'mo' is refused (month?)" }),
  unit("nibble", "nibble", [4, "bit"], { ...iec, names: ["nybble"] }),
  unit("bps", "bit per second", [1, "bit/s"], {
    ...iec,
    prefixes: "information",
    plurals: ["bits per second"],
    note: "data rate; kbps, Mbps, Gbps accepted; 'bps' is never basis points (bp)"
  }),
  unit("Sh", "shannon", [1, "bit"], { ...iec, note: "information content, 1 bit" }),
  unit("nat", "natural unit of information", [ratio(1, Math.LN2), "bit"], { ...iec, names: ["nepit"], note: "1/ln 2 bit ≈ 1.4427 bit" }),
  unit("Hart", "hartley", [ratio(Math.LN10, Math.LN2), "bit"], { ...iec, names: ["ban", "dit"], note: "log2(10) bit ≈ 3.3219 bit" }),
  unit("Bd", "baud", [1, "1/s"], {
    ...iec,
    prefixes: "si",
    plurals: false,
    source: "ITU-T; IEC 60050-702 (symbols per second)",
    note: "symbol rate; equals bit/s only for two-level symbols (kBd, MBd accepted)"
  }),
  unit("Bps", "byte per second", [1, "B/s"], {
    ...iec,
    prefixes: "information",
    plurals: ["bytes per second"],
    note: "data rate in bytes (MBps = MB/s); lowercase bps is bits per second"
  })
]
