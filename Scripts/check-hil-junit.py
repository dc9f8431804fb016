#!/usr/bin/env python3
"""Checks the hardware-in-loop JUnit report (HATCH_HIL_JUNIT) with a real JUnit parser (junitparser)
against the JSON-lines report the table comes from (HATCH_HIL_REPORT, Scripts/hil-table.py): one
testcase per scenario with the same verdict (PASS = passed, FAIL = failure, N-A = skipped), and the
tests, failures, errors and skipped counts on every testsuite and on testsuites equal to its testcases'.

Usage: check-hil-junit.py JUNIT.xml REPORT.jsonl [--expect-skipped SCENARIO]...
Exits 1 on any difference, naming it; --expect-skipped also requires that scenario to be skipped.
"""

import argparse
import json
import sys

from junitparser import Error, Failure, JUnitXml, Skipped, TestSuite


def verdict(case):
    results = case.result
    if any(isinstance(result, (Failure, Error)) for result in results):
        return "FAIL"
    if any(isinstance(result, Skipped) for result in results):
        return "N-A"
    return "PASS"


def declared(element):
    return {name: int(getattr(element, name) or 0) for name in ("tests", "failures", "errors", "skipped")}


def counted(verdicts):
    return {"tests": len(verdicts), "failures": verdicts.count("FAIL"), "errors": 0, "skipped": verdicts.count("N-A")}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("junit")
    parser.add_argument("report")
    parser.add_argument("--expect-skipped", action="append", default=[], metavar="SCENARIO")
    args = parser.parse_args()

    try:
        with open(args.report, encoding="utf-8") as handle:
            rows = [json.loads(line) for line in handle if line.strip()]
        xml = JUnitXml.fromfile(args.junit)
    except (OSError, ValueError) as error:
        print(f"hil junit: {error}", file=sys.stderr)
        return 1

    problems = []
    suites = [xml] if isinstance(xml, TestSuite) else list(xml)
    cases = {}
    for suite in suites:
        verdicts = []
        for case in suite:
            if case.name in cases:
                problems.append(f"testcase '{case.name}' appears twice")
            cases[case.name] = verdict(case)
            verdicts.append(cases[case.name])
        if declared(suite) != counted(verdicts):
            problems.append(f"testsuite '{suite.name}' declares {declared(suite)} but its testcases count {counted(verdicts)}")
    if not isinstance(xml, TestSuite) and declared(xml) != counted(list(cases.values())):
        problems.append(f"testsuites declares {declared(xml)} but the testcases count {counted(list(cases.values()))}")

    table = {row["scenario"]: row["verdict"] for row in rows}
    if len(table) != len(rows):
        problems.append("the JSON-lines report names a scenario twice")
    for name in sorted(set(table) | set(cases)):
        if table.get(name) != cases.get(name):
            problems.append(f"'{name}': table {table.get(name, 'missing')}, JUnit {cases.get(name, 'missing')}")
    for name in args.expect_skipped:
        if cases.get(name) != "N-A":
            problems.append(f"'{name}' should be skipped (not applicable) but is {cases.get(name, 'missing')} in the JUnit report")

    summary = counted(list(cases.values()))
    if problems:
        print(f"hil junit: {args.junit} does not match {args.report}:", file=sys.stderr)
        for problem in problems:
            print(f"  {problem}", file=sys.stderr)
        return 1
    print(f"hil junit: {args.junit} parsed with junitparser: {summary['tests']} testcases, {summary['failures']} failures, "
          f"{summary['skipped']} skipped, the same verdicts as the table")
    return 0


if __name__ == "__main__":
    sys.exit(main())
