"""docs/python.md documents the whole module: every public name, every class's members, every
function's parameters, and the fields of solve's results."""
import os
import re

import grundy

DOCS = os.path.join(os.path.dirname(__file__), "..", "..", "docs", "python.md")


def code_spans():
    with open(DOCS) as f:
        return re.findall(r"```.*?```|`[^`\n]+`", f.read(), re.S)


def parameter_names(function):
    line = function.__doc__.splitlines()[0]  # pybind11's signature line
    return re.findall(r"(\w+):", line[line.index("(") + 1:line.rindex(") ->")])


def test_every_public_name_is_documented():
    spans = code_spans()
    code = "\n".join(spans)
    missing = []
    for name in (n for n in dir(grundy) if not n.startswith("_")):
        if not re.search(rf"(?<![\w.])(grundy\.)?{name}\b", code):
            missing.append(name)
        obj = getattr(grundy, name)
        if isinstance(obj, type):
            missing += [f"{name}.{m}" for m in vars(obj)
                        if not m.startswith("__") and not re.search(rf"\b{m}\b", code)]
        elif callable(obj):
            # A parameter is shown in a call of its function or as a keyword (`max_heap=`).
            calls = "\n".join(s for s in spans if re.search(rf"\b{name}\(", s))
            missing += [f"{name}({p})" for p in parameter_names(obj)
                        if not re.search(rf"\b{p}\b", calls) and not re.search(rf"\b{p}=", code)]
    assert missing == []


def test_the_fields_of_solve_are_documented():
    with open(DOCS) as f:
        text = f.read()
    fields = set(grundy.solve("nim:1 + nim:2")) | set(grundy.solve("0.77:5 + nim:2", misere=True))
    fields |= set(grundy.solve("nim:1 + nim:2", remoteness=True))
    assert [f for f in sorted(fields) if f not in text] == []
