#!/usr/bin/python3
"""Derives test/data/unitsnet-units.json: every unit UnitsNet defines, with its quantity, its name,
the abbreviations UnitsNet writes for it (culture en-US), and how it converts to the quantity's
base unit: a factor where UnitsNet's conversion is a plain multiplication or division by constants,
otherwise marked `affine` (scale and offset, e.g. °F to K) or `nonlinear` (a logarithm, a reciprocal).

UnitsNet (https://github.com/angularsen/UnitsNet) is © Andreas Gullberg Larsen, licensed MIT No
Attribution (MIT-0). Only data is taken from its Common/UnitDefinitions/*.json: names, abbreviations,
the base unit, and the numbers in FromUnitToBaseFunc; none of its code. Run with the repository's
checkout (or an extract of Common/UnitDefinitions) and its commit (see below).

UnitsNet generates a prefixed unit for each name in a unit's `Prefixes` (its code generator,
CodeGen/Helpers/PrefixBuilder/UnitPrefixBuilder.cs): the name is the prefix and the unit's name
("Kilo" + "Newton"), the conversion is the unit's times the prefix's factor, and each abbreviation is
the prefix's SI symbol before the unit's (k + N) unless the unit lists `AbbreviationsForPrefixes`.
The same is done here, so the file holds the units UnitsNet's users see.

Hand-kept, preserved by a re-derivation: each quantity's `baseWritten`, its base unit as the catalog
writes it (the test converts every unit of the quantity to it). A new quantity gets the base unit's
first abbreviation as a first guess. Run:
    python3 scripts/derive-unitsnet.py <UnitsNet checkout> <commit> > test/data/unitsnet-units.json.new
    mv test/data/unitsnet-units.json.new test/data/unitsnet-units.json

A conversion function is read as an arithmetic expression (numbers, + - * /, parentheses, {x},
Math.PI and calls such as Math.Log10), never executed: `linear` when {x} appears once and only
multiplications and divisions by constants stand between it and the result (the factor is computed
exactly with fractions, π as a float), `affine` when an added constant also appears (the scale and
offset are computed the same way), and `nonlinear` otherwise (a call, {x} as a divisor, {x} twice).
"""
import ast
import glob
import json
import math
import os
import re
import sys
from fractions import Fraction

# CodeGen/PrefixInfo.cs: each prefix's factor and SI symbol
PREFIXES = {
    "Yocto": (Fraction(1, 10**24), "y"), "Zepto": (Fraction(1, 10**21), "z"), "Atto": (Fraction(1, 10**18), "a"),
    "Femto": (Fraction(1, 10**15), "f"), "Pico": (Fraction(1, 10**12), "p"), "Nano": (Fraction(1, 10**9), "n"),
    "Micro": (Fraction(1, 10**6), "µ"), "Milli": (Fraction(1, 1000), "m"), "Centi": (Fraction(1, 100), "c"),
    "Deci": (Fraction(1, 10), "d"), "Deca": (Fraction(10), "da"), "Hecto": (Fraction(100), "h"),
    "Kilo": (Fraction(10**3), "k"), "Mega": (Fraction(10**6), "M"), "Giga": (Fraction(10**9), "G"),
    "Tera": (Fraction(10**12), "T"), "Peta": (Fraction(10**15), "P"), "Exa": (Fraction(10**18), "E"),
    "Zetta": (Fraction(10**21), "Z"), "Yotta": (Fraction(10**24), "Y"),
    "Kibi": (Fraction(2**10), "Ki"), "Mebi": (Fraction(2**20), "Mi"), "Gibi": (Fraction(2**30), "Gi"),
    "Tebi": (Fraction(2**40), "Ti"), "Pebi": (Fraction(2**50), "Pi"), "Exbi": (Fraction(2**60), "Ei"),
}


def lenient_json(path):
    """UnitsNet's files are read by Json.NET, which allows a trailing comma; Python's json does not."""
    with open(path, encoding="utf-8-sig") as f:
        text = f.read()
    return json.loads(re.sub(r",(\s*[\]}])", r"\1", text))


class NotLinear(Exception):
    pass


def to_python(func):
    """UnitsNet's C# expression as a Python expression to parse (not to run): {x} is x, Math.PI is PI,
    C#'s number suffixes (3600d, 1e3d, 1.5m) dropped."""
    text = func.replace("{x}", "x").replace("Math.PI", "PI")
    text = re.sub(r"(\d(?:[\d.]*)(?:[eE][+-]?\d+)?)[dDmMfF]\b", r"\1", text)
    return text.replace("Math.", "Math_")


def constant(node):
    """The exact value of a constant subexpression (π as a float), or NotLinear."""
    if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)):
        return Fraction(str(node.value)) if isinstance(node.value, float) else Fraction(node.value)
    if isinstance(node, ast.Name) and node.id == "PI":
        return Fraction(math.pi)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        return -constant(node.operand)
    if isinstance(node, ast.BinOp) and type(node.op) in (ast.Add, ast.Sub, ast.Mult, ast.Div):
        a, b = constant(node.left), constant(node.right)
        return {ast.Add: a + b, ast.Sub: a - b, ast.Mult: a * b, ast.Div: a / b if b else None}[type(node.op)]
    raise NotLinear(ast.dump(node))


def affine(node):
    """(scale, offset) of an expression in x built from + - * / and constants, or NotLinear."""
    if isinstance(node, ast.Name) and node.id == "x":
        return Fraction(1), Fraction(0), False
    if isinstance(node, ast.BinOp) and type(node.op) in (ast.Add, ast.Sub, ast.Mult, ast.Div):
        has_x = [("x" in {n.id for n in ast.walk(side) if isinstance(n, ast.Name)}) for side in (node.left, node.right)]
        if all(has_x):
            raise NotLinear("x twice")
        if not any(has_x):
            return Fraction(0), constant(node), False
        if has_x[0]:
            s, o, added = affine(node.left)
            c = constant(node.right)
            if isinstance(node.op, ast.Add):
                return s, o + c, True
            if isinstance(node.op, ast.Sub):
                return s, o - c, True
            if isinstance(node.op, ast.Mult):
                return s * c, o * c, added
            return s / c, o / c, added
        c = constant(node.left)
        s, o, added = affine(node.right)
        if isinstance(node.op, ast.Add):
            return s, c + o, True
        if isinstance(node.op, ast.Sub):
            return -s, c - o, True
        if isinstance(node.op, ast.Mult):
            return c * s, c * o, added
        raise NotLinear("x as a divisor")
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        s, o, added = affine(node.operand)
        return -s, -o, added
    raise NotLinear(ast.dump(node))


def conversion(func):
    """How a FromUnitToBaseFunc converts: {"kind": "linear", "factor"} / "affine" / "nonlinear"."""
    try:
        tree = ast.parse(to_python(func), mode="eval").body
        scale, offset, added = affine(tree)
    except (NotLinear, SyntaxError, ZeroDivisionError, TypeError):
        return {"kind": "nonlinear"}
    if offset == 0:
        return {"kind": "linear", "factor": float(scale)}
    return {"kind": "affine", "scale": float(scale), "offset": float(offset)}


def english(localizations):
    for loc in localizations or []:
        if loc.get("Culture") == "en-US":
            return loc
    return None


def prefixed(unit, prefix):
    factor, symbol = PREFIXES[prefix]
    loc = english(unit.get("Localization"))
    abbreviations = []
    if loc is not None:
        explicit = (loc.get("AbbreviationsForPrefixes") or {}).get(prefix)
        if explicit is not None:
            abbreviations = [explicit] if isinstance(explicit, str) else list(explicit)
        else:
            abbreviations = [symbol + a for a in loc.get("Abbreviations", [])]
    name = unit["SingularName"]
    return {
        "name": prefix + name[0].lower() + name[1:],
        "abbreviations": abbreviations,
        "func": f"({unit['FromUnitToBaseFunc']}) * {factor.numerator}/{factor.denominator}",
    }


def units_of(quantity):
    for unit in quantity["Units"]:
        loc = english(unit.get("Localization"))
        yield {"name": unit["SingularName"], "abbreviations": list(loc.get("Abbreviations", [])) if loc else [], "func": unit["FromUnitToBaseFunc"]}
        for prefix in unit.get("Prefixes", []):
            yield prefixed(unit, prefix)


OUT = os.path.join(os.path.dirname(__file__), "..", "test", "data", "unitsnet-units.json")


def kept_base_writings():
    if not os.path.exists(OUT):
        return {}
    with open(OUT, encoding="utf-8") as f:
        return {q["quantity"]: q["baseWritten"] for q in json.load(f)["quantities"] if "baseWritten" in q}


def main():
    root, commit = sys.argv[1], sys.argv[2]
    kept = kept_base_writings()
    units = []
    quantities = []
    for path in sorted(glob.glob(os.path.join(root, "Common", "UnitDefinitions", "*.json"))):
        q = lenient_json(path)
        own = list(units_of(q))
        base = next((u for u in own if u["name"] == q["BaseUnit"]), None)
        guess = next((a for a in base["abbreviations"] if a), q["BaseUnit"]) if base else q["BaseUnit"]
        quantity = {"quantity": q["Name"], "baseUnit": q["BaseUnit"], "baseWritten": kept.get(q["Name"], guess),
                    "baseDimensions": q.get("BaseDimensions", {})}
        if q.get("Logarithmic"):
            quantity["logarithmic"] = True
        quantities.append(quantity)
        for u in own:
            entry = {"quantity": q["Name"], "name": u["name"], "abbreviations": u["abbreviations"]}
            entry.update(conversion(u["func"]))
            units.append(entry)
    units.sort(key=lambda u: (u["quantity"], u["name"].lower()))
    print(json.dumps({
        "description": "UnitsNet's units (every unit of every quantity in Common/UnitDefinitions/*.json, with the prefixed units "
                       "UnitsNet generates from each unit's Prefixes), derived with scripts/derive-unitsnet.py from "
                       "angularsen/UnitsNet at commit " + commit + ". Each unit's name, its en-US abbreviations, and its "
                       "conversion to the quantity's base unit (`baseWritten` is that unit as the catalog writes it, kept by hand): `factor` where UnitsNet multiplies or divides by constants "
                       "(linear), `scale` and `offset` where it also adds one (affine), nothing where it is nonlinear. "
                       "UnitsNet is © Andreas Gullberg Larsen, licensed MIT No Attribution (MIT-0): data derived from "
                       "UnitsNet, https://github.com/angularsen/UnitsNet.",
        "quantities": quantities,
        "units": units,
    }, ensure_ascii=False, indent=1))


main()
