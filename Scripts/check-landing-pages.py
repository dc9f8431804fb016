#!/usr/bin/env python3
"""Holds the landing page of each product an app links to its public API: every top-level public symbol
of the module is listed (as a ``symbol`` link) on `Sources/<Module>/Documentation.docc/<Module>.md`.
Reads the symbol graphs `make docs` extracts; prints what is missing and exits 1.

    Scripts/check-landing-pages.py BUILD_DIR MODULE...
"""
import glob
import json
import os
import sys


def main():
    graphs, modules = sys.argv[1], sys.argv[2:]
    missing_any = False
    for module in modules:
        graph = glob.glob(os.path.join(graphs, "*", "extracted-symbols", "**", f"{module}.symbols.json"), recursive=True)
        if not graph:
            print(f"{module}: no symbol graph under {graphs}/*/extracted-symbols; run `make docs` first")
            missing_any = True
            continue
        symbols = json.load(open(graph[0], encoding="utf-8"))["symbols"]
        names = sorted({s["pathComponents"][0] for s in symbols if len(s["pathComponents"]) == 1 and s["accessLevel"] == "public"})
        landing = open(f"Sources/{module}/Documentation.docc/{module}.md", encoding="utf-8").read()
        missing = [n for n in names if not any(f"``{n}{end}" in landing for end in ("``", "/", "-"))]
        if missing:
            missing_any = True
            print(f"{module}: public but not on its landing page: {', '.join(missing)}")
        else:
            print(f"{module}: all {len(names)} top-level public symbols on its landing page")
    return 1 if missing_any else 0


if __name__ == "__main__":
    sys.exit(main())
