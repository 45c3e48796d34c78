// Reference values for the constants tests, copied by hand from NIST's "Fundamental Physical
// Constants — Complete Listing, 2022 CODATA adjustment" (https://physics.nist.gov/cuu/Constants/Table/allascii.txt;
// P. J. Mohr et al., Rev. Mod. Phys. 97, 025002 (2025)), in the listing's own digit grouping. Kept apart
// from src/engine/constants/codata2022.ts so that a typo in either one fails the test.

/** "9.109 383 7139 e-31" (NIST's digit grouping) as a number. */
export const nist = (text: string): number => Number(text.replaceAll(" ", ""))

// Measured constants, copied from NIST's "Fundamental Physical Constants — Complete Listing, 2022
// CODATA adjustment" (https://physics.nist.gov/cuu/Constants/Table/allascii.txt): value and standard
// uncertainty as printed there, to be matched to the last digit.
export const measuredReference: ReadonlyArray<readonly [string, string, string]> = [
  ["G", "6.674 30 e-11", "0.000 15 e-11"],
  ["α", "7.297 352 5643 e-3", "0.000 000 0011 e-3"],
  ["α⁻¹", "137.035 999 177", "0.000 000 021"],
  ["mₑ", "9.109 383 7139 e-31", "0.000 000 0028 e-31"],
  ["mₚ", "1.672 621 925 95 e-27", "0.000 000 000 52 e-27"],
  ["mₙ", "1.674 927 500 56 e-27", "0.000 000 000 85 e-27"],
  ["m_u", "1.660 539 068 92 e-27", "0.000 000 000 52 e-27"],
  ["m_d", "3.343 583 7768 e-27", "0.000 000 0010 e-27"],
  ["m_α", "6.644 657 3450 e-27", "0.000 000 0021 e-27"],
  ["m_μ", "1.883 531 627 e-28", "0.000 000 042 e-28"],
  ["mₚ/mₑ", "1836.152 673 426", "0.000 000 032"],
  ["M_u", "1.000 000 001 05 e-3", "0.000 000 000 31 e-3"],
  ["ε₀", "8.854 187 8188 e-12", "0.000 000 0014 e-12"],
  ["μ₀", "1.256 637 061 27 e-6", "0.000 000 000 20 e-6"],
  ["Z₀", "376.730 313 412", "0.000 000 059"],
  ["Eₕ", "4.359 744 722 2060 e-18", "0.000 000 000 0048 e-18"],
  ["Ry", "2.179 872 361 1030 e-18", "0.000 000 000 0024 e-18"],
  ["R∞", "10 973 731.568 157", "0.000 012"],
  ["a₀", "5.291 772 105 44 e-11", "0.000 000 000 82 e-11"],
  ["ℏ/Eₕ", "2.418 884 326 5864 e-17", "0.000 000 000 0026 e-17"],
  ["mP", "2.176 434 e-8", "0.000 024 e-8"],
  ["lP", "1.616 255 e-35", "0.000 018 e-35"],
  ["tP", "5.391 247 e-44", "0.000 060 e-44"],
  ["TP", "1.416 784 e32", "0.000 016 e32"],
  ["μ_B", "9.274 010 0657 e-24", "0.000 000 0029 e-24"],
  ["μ_N", "5.050 783 7393 e-27", "0.000 000 0016 e-27"],
  ["μₑ", "-9.284 764 6917 e-24", "0.000 000 0029 e-24"],
  ["μₚ", "1.410 606 795 45 e-26", "0.000 000 000 60 e-26"],
  ["γₚ", "2.675 221 8708 e8", "0.000 000 0011 e8"],
  ["gₑ", "-2.002 319 304 360 92", "0.000 000 000 000 36"],
  ["rₑ", "2.817 940 3205 e-15", "0.000 000 0013 e-15"],
  ["λ_C", "2.426 310 235 38 e-12", "0.000 000 000 76 e-12"],
  ["σₑ", "6.652 458 7051 e-29", "0.000 000 0062 e-29"],
  ["rₚ", "8.4075 e-16", "0.0064 e-16"]
]

// Exact values and those CODATA derives from them, as the same listing prints them: the defining
// constants in full, the derived ones truncated ("8.314 462 618...").
export const exactReference: ReadonlyArray<readonly [string, string]> = [
  ["ΔνCs", "9 192 631 770"],
  ["c", "299 792 458"],
  ["h", "6.626 070 15 e-34"],
  ["e", "1.602 176 634 e-19"],
  ["k", "1.380 649 e-23"],
  ["N_A", "6.022 140 76 e23"],
  ["K_cd", "683"],
  ["gₙ", "9.806 65"],
  ["atm", "101 325"],
  ["ℏ", "1.054 571 817... e-34"],
  ["R", "8.314 462 618..."],
  ["F", "96 485.332 12..."],
  ["σ", "5.670 374 419... e-8"],
  ["K_J", "483 597.848 4... e9"],
  ["R_K", "25 812.807 45..."],
  ["Φ₀", "2.067 833 848... e-15"],
  ["G₀", "7.748 091 729... e-5"],
  ["c₁", "3.741 771 852... e-16"],
  ["c₁L", "1.191 042 972... e-16"],
  ["c₂", "1.438 776 877... e-2"],
  ["b", "2.897 771 955... e-3"],
  ["b′", "5.878 925 757... e10"],
  ["V_m", "22.413 969 54... e-3"],
  ["n₀", "2.686 780 111... e25"]
]
