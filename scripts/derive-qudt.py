#!/usr/bin/python3
"""Derives test/data/qudt-common-units.json: QUDT's commonly used units, each with the symbol and
label QUDT writes, its conversion multiplier and offset to SI, and its dimension vector.

QUDT (https://qudt.org, repository qudt/qudt-public-repo) is CC BY 4.0; the derived file says so
and test/data/README.md gives the attribution. Run with the vocabulary file as the argument:
    python3 scripts/derive-qudt.py VOCAB_QUDT-UNITS-ALL.ttl <commit> > test/data/qudt-common-units.json

"Commonly used" is defined reproducibly as: a unit that
  - has qudt:applicableSystem sou:SI, sou:USCS or sou:IMPERIAL,
  - has a qudt:conversionMultiplier that is not 0 (QUDT writes 0 for units it has no factor for),
  - is not qudt:deprecated,
  - is not a currency (quantity kind Currency, or an identifier starting CCY_),
  - and has a qudt:symbol or an English rdfs:label.
The vocabulary's Turtle is regular (one `unit:X` block per unit, one property per line), so a small
line reader is enough; no RDF library is needed.
"""
import json
import re
import sys

SYSTEMS = {"SI", "USCS", "IMPERIAL"}
# QUDT's dimension vector qkdv:A{amount}E{current}L{length}I{luminous}M{mass}H{temperature}T{time}D{dimensionless}
# (a fractional exponent is written with "dot": L-0dot5 is L^-0.5, as in unit:PA-M0dot5)
EXPONENT = r"(-?\d+(?:dot\d+)?)"
VECTOR = re.compile(rf"qkdv:A{EXPONENT}E{EXPONENT}L{EXPONENT}I{EXPONENT}M{EXPONENT}H{EXPONENT}T{EXPONENT}D{EXPONENT}")


def exponent(text):
    value = float(text.replace("dot", "."))
    return int(value) if value.is_integer() else value
KEYS = ["N", "I", "L", "J", "M", "Θ", "T"]


def literal(value):
    """The text of a Turtle string literal, language tag or datatype dropped."""
    m = re.match(r'"((?:[^"\\]|\\.)*)"', value)
    return m.group(1).encode().decode("unicode_escape").encode("latin-1").decode("utf-8") if m else None


def blocks(path):
    current = None
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("unit:"):
                current = {"id": line.split()[0][len("unit:"):], "lines": []}
            elif current is not None:
                current["lines"].append(line.strip())
                if line.rstrip().endswith(" .") and not line.startswith("    "):
                    yield current
                    current = None


def main():
    path, commit = sys.argv[1], sys.argv[2]
    units = []
    for block in blocks(path):
        props = {}
        for line in block["lines"]:
            m = re.match(r"^(\S+)\s+(.*?)\s*[;.]?$", line)
            if m:
                props.setdefault(m.group(1), []).append(m.group(2))
        systems = {s.split(":")[1] for s in props.get("qudt:applicableSystem", [])}
        if not systems & SYSTEMS:
            continue
        if "true" in props.get("qudt:deprecated", []):
            continue
        kinds = props.get("qudt:hasQuantityKind", []) + props.get("qudt:unitForQuantityKind", [])
        if block["id"].startswith("CCY_") or any("Currency" in k for k in kinds):
            continue
        multiplier = props.get("qudt:conversionMultiplier")
        if not multiplier:
            continue
        factor = float(multiplier[0].split("^^")[0].strip('"'))
        if factor == 0:
            continue
        offset = float(props["qudt:conversionOffset"][0].split("^^")[0].strip('"')) if "qudt:conversionOffset" in props else 0.0
        symbol = literal(props["qudt:symbol"][0]) if "qudt:symbol" in props else None
        labels = [literal(l) for l in props.get("rdfs:label", []) if l.endswith("@en") or l.endswith('"')]
        label = labels[0] if labels else None
        if symbol is None and label is None:
            continue
        vector = VECTOR.search(" ".join(props.get("qudt:hasDimensionVector", [])))
        dimension = {k: exponent(v) for k, v in zip(KEYS, vector.groups()[:7]) if exponent(v) != 0} if vector else None
        entry = {"id": block["id"], "symbol": symbol, "label": label, "multiplier": factor}
        if offset != 0:
            entry["offset"] = offset
        entry["dimension"] = dimension
        entry["systems"] = sorted(systems & SYSTEMS)
        units.append(entry)
    units.sort(key=lambda u: u["id"])
    print(json.dumps({
        "description": "QUDT's commonly used units (applicable system SI, USCS or IMPERIAL; a non-zero conversion multiplier; "
                       "not deprecated; no currencies), derived with scripts/derive-qudt.py from "
                       "qudt/qudt-public-repo src/main/rdf/vocab/unit/VOCAB_QUDT-UNITS-ALL.ttl at commit " + commit + ". "
                       "QUDT is licensed CC BY 4.0 (https://creativecommons.org/licenses/by/4.0/): data derived from QUDT, "
                       "https://qudt.org. The dimension counts SI base quantities only (N amount, I current, L length, "
                       "J luminous intensity, M mass, Θ temperature, T time).",
        "units": units,
    }, ensure_ascii=False, indent=1))


main()
