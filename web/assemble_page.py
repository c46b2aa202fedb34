#!/usr/bin/env python3
"""Puts the page together: web/page.html with its place-holders replaced by the style
(page.css), the words (words.js), the page's script (page.js), and the worker's script: the
engine's module made by emscripten (one JavaScript file with the WebAssembly inside) followed by
worker.js. The result is one file that a browser opens from disk.

    assemble_page.py --source web/ --engine grundy_engine.js --version 0.1.0 --out grundy.html
"""
import argparse
import os
import re
import sys
import tempfile
from pathlib import Path

PLACES = ("@STYLE@", "@WORKER@", "@WORDS@", "@SCRIPT@")


def embeddable(name, text):
    """Text that goes inside a <script> or <style> element: it must not close the element."""
    closing = re.search(r"</(script|style)", text, re.IGNORECASE)
    if closing:
        sys.exit(f"assemble_page.py: {name} holds '{closing.group(0)}', which would end the "
                 "element it is put in")
    return text


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", required=True, type=Path)
    parser.add_argument("--engine", required=True, type=Path)
    parser.add_argument("--version", required=True)
    parser.add_argument("--out", required=True, type=Path)
    args = parser.parse_args()

    def read(name):
        return (args.source / name).read_text(encoding="utf-8")

    page = read("page.html")
    for place in PLACES:
        if page.count(place) != 1:
            sys.exit(f"assemble_page.py: page.html must hold {place} once")
    parts = {
        "@STYLE@": embeddable("page.css", read("page.css")),
        "@WORKER@": embeddable("the engine's module and worker.js",
                               args.engine.read_text(encoding="utf-8") + "\n" + read("worker.js")),
        "@WORDS@": embeddable("words.js", read("words.js")),
        "@SCRIPT@": embeddable("page.js", read("page.js")),
    }
    # One pass, so that nothing put in is read again as a place-holder.
    pattern = re.compile("|".join(re.escape(p) for p in (*PLACES, "@VERSION@")))
    text = pattern.sub(lambda m: args.version if m.group(0) == "@VERSION@" else parts[m.group(0)],
                       page)
    # Complete or not at all: a page half written is never left where the build expects one.
    with tempfile.NamedTemporaryFile("w", encoding="utf-8", dir=args.out.parent,
                                     delete=False, suffix=".tmp") as out:
        out.write(text)
    os.chmod(out.name, 0o644)  # a page to read, not a private temporary file
    os.replace(out.name, args.out)


if __name__ == "__main__":
    main()
