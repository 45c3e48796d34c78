#!/usr/bin/python3
"""Derives test/data/nist-sp811-b8.json: the rows of NIST SP 811 (2008), Appendix B.8 "Factors for
units listed alphabetically", each with the unit's name as NIST writes it, the unit NIST converts
to, and NIST's factor.

NIST SP 811 is a work of the US government, in the public domain. Its B.8 table is read here from a
transcription that names every row: the NISTunits R package's NIST/R/NISTfactors.R (repository
TypeFox/R-Examples, path NISTunits/R/NISTfactors.R, commit d3c35e82aa7c82f9f79f9218063b1e2d34d89e9f),
one pair of functions per row, each with `# Input: <B.8 name>` and `# Output: <unit>` and the factor.
Only the names and NIST's numbers are taken; none of the package's code. The transcription lost
NIST's typography (° and subscripts, Greek letters), which `restore` below puts back, and writes a
footnote number after some names, kept as `footnote`.

How people write each unit is data kept in the output file itself: `written` (each answered with
NIST's factor), `refused` (a writing with several meanings, refused with its readings, NIST's among
them) and `target` (the unit NIST converts to, as the catalog writes it). A re-derivation keeps
them, row by row, and gives a new row a first guess from NIST's symbol. Run:
    python3 scripts/derive-nist-b8.py NISTfactors.R > test/data/nist-sp811-b8.json.new
    mv test/data/nist-sp811-b8.json.new test/data/nist-sp811-b8.json
"""
import json
import os
import re
import sys

SOURCE = "NISTunits/R/NISTfactors.R at TypeFox/R-Examples commit d3c35e82aa7c82f9f79f9218063b1e2d34d89e9f"
OUT = os.path.join(os.path.dirname(__file__), "..", "test", "data", "nist-sp811-b8.json")
FUNCTION = re.compile(r"^NIST\w+<-function\((\w+)\)\s*(.*?)\s*\n# Input: (.*?)\s*\n# Output: (.*?)\s*\n", re.M)

# What the transcription dropped from NIST's typography, restored (the degree sign before a
# reference temperature's scale, NIST's Greek and prime symbols, the subscripts IT and th).
RESTORE = [
    (re.compile(r"\((\d+(?:\.\d+)?) ([CF])\)"), r"(\1 °\2)"),
    (re.compile(r"^gamma \(y\)"), "gamma (γ)"),
    (re.compile(r"^micron \(u\)"), "micron (µ)"),
    (re.compile(r"\(\)"), "(°)"),
    (re.compile(r"unit(IT|th)\b"), r"unit_\1"),
    (re.compile(r"calorie ?(IT|th)\b"), r"calorie_\1"),
    (re.compile(r"\b(Btu|cal|kcal)(IT|th)\b"), r"\1_\2"),
]


def restore(text):
    for pattern, replacement in RESTORE:
        text = pattern.sub(replacement, text)
    return text


def split_footnote(text):
    """NIST's name without the footnote number the transcription appends ('... (at) 8')."""
    m = re.match(r"^(.*?)\s+(\d{1,2})$", text)
    return (m.group(1), int(m.group(2))) if m else (text, None)


def symbol_of(name):
    """The symbol NIST gives last, in parentheses or brackets: 'foot (ft)' → 'ft'."""
    m = re.search(r"[\(\[]([^()\[\]]*(?:\([^()]*\)[^()\[\]]*)*)[\)\]]$", name)
    return m.group(1) if m else None


def first_guess(name, temperatures=True):
    """How people would write the unit, guessed from NIST's symbol (or its name when the last
    parenthesis is a description, not a symbol): a start, corrected by hand in the output file."""
    s = symbol_of(name)
    if s is None or len(s.replace(" ", "")) > 20 or re.search(r"[a-z]{3,} [a-z]", s):
        return [name]
    s = re.sub(r"\s*([*/])\s*", r"\1", s)
    s = re.sub(r"([A-Za-z])(-?\d)\b", r"\1^\2", s)
    if temperatures and re.search(r"Fahrenheit|Celsius|Rankine", name):
        s = re.sub(r"\b([FCR])\b", r"deg\1", s)
    return [s]


# The rows whose conversion is not a factor: a temperature (a scale with an offset) or the reciprocal
# mpg ↔ L/100 km; each as y = factor·x + offset, or y = reciprocal/x.
FORMULAS = [
    (re.compile(r"^x$"), lambda: {"scale": 1}),
    (re.compile(r"^x ([+-]) ([0-9.]+)$"), lambda sign, c: {"scale": 1, "offset": float(sign + c)}),
    (re.compile(r"^x / ([0-9.]+)$"), lambda d: {"scale": 1 / float(d)}),
    (re.compile(r"^\(x ([+-]) ([0-9.]+)\)/([0-9.]+)$"), lambda sign, c, d: {"scale": 1 / float(d), "offset": float(sign + c) / float(d)}),
    (re.compile(r"^([0-9.]+) / x$"), lambda c: {"reciprocal": repr_factor(c)}),
]


def formula_fields(formula):
    for pattern, fields in FORMULAS:
        m = pattern.match(formula)
        if m:
            return fields(*m.groups())
    raise ValueError(f"a formula this script does not read: {formula}")


def factor_of(body, argument):
    """NIST's factor as printed, from `x * f`; the temperatures and mpg rows are formulas."""
    m = re.fullmatch(rf"{argument}\s*\*\s*([-+0-9.e]+)", body)
    return m.group(1) if m else None


def rows(path):
    text = open(path, encoding="utf-8").read()
    functions = FUNCTION.findall(text)
    i = 0
    while i < len(functions):
        argument, body, source, target = functions[i]
        # each row is a pair: NIST's direction first, its inverse second
        if i + 1 < len(functions) and functions[i + 1][2] == target and functions[i + 1][3] == source:
            i += 2
        else:
            i += 1
        name, footnote = split_footnote(source.strip())
        to, _ = split_footnote(target.strip())
        row = {"name": restore(name), "to": restore(to)}
        if footnote is not None:
            row["footnote"] = footnote
        factor = factor_of(body, argument)
        if factor is not None:
            row["factor"] = repr_factor(factor)
        else:
            row["formula"] = body.replace(argument, "x").strip()
            row.update(formula_fields(row["formula"]))
        yield row


def repr_factor(text):
    """The factor as NIST's digits, in the E notation NIST prints (trailing zeros NIST prints are lost in the transcription)."""
    value = float(text)
    mantissa, exponent = f"{value:.10e}".split("e")
    mantissa = mantissa.rstrip("0").rstrip(".")
    digits = len(re.sub(r"\D", "", mantissa).lstrip("0"))
    # the transcription's own digits bound the precision: never more than it printed
    printed = len(re.sub(r"[^0-9]", "", text.split("e")[0]).strip("0")) or 1
    if digits > printed:
        mantissa = f"{value:.{printed - 1}e}".split("e")[0]
    return f"{mantissa}E{int(exponent):+03d}"


def main():
    path = sys.argv[1]
    kept = {}
    if os.path.exists(OUT):
        for r in json.load(open(OUT, encoding="utf-8"))["rows"]:
            kept[(r["name"], r["to"])] = r
    out = []
    for row in rows(path):
        old = kept.get((row["name"], row["to"]), {})
        row["written"] = old.get("written", first_guess(row["name"]))
        row["target"] = old.get("target", first_guess(row["to"], temperatures=row["to"].startswith("degree"))[0])
        for k in ("refused", "note"):
            if k in old:
                row[k] = old[k]
        out.append(row)
    doc = {
        "description": (
            "NIST SP 811 (2008 edition, Thompson and Taylor), Appendix B.8, factors for units listed alphabetically: "
            "every row's unit name (as NIST writes it), the unit it converts to and NIST's factor. A work of the US "
            f"government, in the public domain. Derived with scripts/derive-nist-b8.py from the transcription in {SOURCE}. "
            "'written' is how people write the unit, each to be answered with NIST's factor; 'refused' how people also write it "
            "where the writing has several meanings, each to be refused with its readings, NIST's among them; 'target' the "
            "unit NIST converts to, as the catalog writes it. The three are a hand-kept mapping that a re-derivation preserves."
        ),
        "rows": out,
    }
    text = json.dumps(doc, ensure_ascii=False, indent=1)
    # one row per line: a diff of the hand-kept mapping stays readable
    text = re.sub(r"\{\n\s+(\"name\".*?)\n\s+\}", lambda m: "{" + re.sub(r"\n\s+", " ", m.group(1)) + "}", text, flags=re.S)
    sys.stdout.write(text + "\n")


if __name__ == "__main__":
    main()
