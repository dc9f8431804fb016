#!/usr/bin/env python3
"""Prints the hardware-in-loop summary table from the JSON lines the scenarios append to
HATCH_HIL_REPORT (one object per scenario: scenario, target, verdict, notApplicable, details,
simulatedStart, realSeconds). Standard library only.

Usage: Scripts/hil-table.py REPORT.jsonl
Exits 1 when the report is missing or empty, when any scenario failed, or when a scenario was not
applicable on a private (simulated) fleet, where every step can run.
"""

import json
import sys
import textwrap


def main() -> int:
    if len(sys.argv) != 2:
        print("usage: hil-table.py REPORT.jsonl", file=sys.stderr)
        return 2
    path = sys.argv[1]
    try:
        with open(path, encoding="utf-8") as handle:
            rows = [json.loads(line) for line in handle if line.strip()]
    except FileNotFoundError:
        print(f"hil: no report at {path}: no scenario ran (did the build or the test run fail earlier?)", file=sys.stderr)
        return 1
    if not rows:
        print(f"hil: {path} is empty: no scenario ran", file=sys.stderr)
        return 1

    headers = ["scenario", "target", "verdict", "not applicable", "sim start", "real s"]
    table = [
        [
            row["scenario"],
            row["target"],
            row["verdict"],
            ", ".join(row.get("notApplicable", [])) or "-",
            row.get("simulatedStart") or "-",
            f'{row.get("realSeconds", 0):.1f}',
        ]
        for row in rows
    ]
    widths = [max(len(headers[i]), *(len(r[i]) for r in table)) for i in range(len(headers))]

    def line(cells):
        return "  ".join(cell.ljust(widths[i]) for i, cell in enumerate(cells)).rstrip()

    print()
    print(line(headers))
    print(line(["-" * w for w in widths]))
    for cells in table:
        print(line(cells))
    print()
    for row in rows:
        details = textwrap.fill(row.get("details", ""), width=110, initial_indent="    ", subsequent_indent="    ")
        print(f'{row["verdict"]:<5} {row["scenario"]}\n{details}')
    counts = {verdict: sum(1 for row in rows if row["verdict"] == verdict) for verdict in ("PASS", "FAIL", "N-A")}
    total = sum(row.get("realSeconds", 0) for row in rows)
    print(f'\n{counts["PASS"]} passed, {counts["FAIL"]} failed, {counts["N-A"]} not applicable  (real {total:.1f} s)')
    private_na = [row["scenario"] for row in rows if row["verdict"] == "N-A" and row["target"].startswith("private ")]
    if private_na:
        print(f'hil: not applicable on the private simulated fleet, where every step can run: {", ".join(private_na)}', file=sys.stderr)
    return 1 if counts["FAIL"] or private_na else 0


if __name__ == "__main__":
    sys.exit(main())
