#!/usr/bin/env python3
"""Holds Package.swift to the sources: every module a target's Swift files import is among its declared
dependencies, and every declared dependency is imported somewhere in the target (a macro target or a
plugin's tool, which are used without an import, excepted). Prints each mismatch and exits 1 on one.

    Scripts/check-package-imports.py [PACKAGE_DIR]
"""
import glob
import os
import re
import sys

# Modules of the toolchain and the system, which no Package.swift declares.
SYSTEM = {"Foundation", "FoundationEssentials", "FoundationNetworking", "Testing", "XCTest", "Synchronization", "Dispatch",
          "Glibc", "Musl", "Darwin", "os", "Observation", "PackageDescription", "PackagePlugin", "_Concurrency", "CoreFoundation"}
KINDS = ("target", "executableTarget", "testTarget", "macro", "plugin", "systemLibrary")


def targets(text):
    """Each target's kind, declared dependencies (module or product names) and folder."""
    found = {}
    starts = [(m.start(), m.group(1), m.group(2)) for m in
              re.finditer(r'\.(%s)\(\s*name:\s*"([^"]+)"' % "|".join(KINDS), text)]
    for index, (start, kind, name) in enumerate(starts):
        end = starts[index + 1][0] if index + 1 < len(starts) else len(text)
        block = text[start:end]
        deps = set()
        match = re.search(r"dependencies:\s*\[", block)
        if match:
            depth, cursor = 1, match.end()
            while depth and cursor < len(block):
                depth += {"[": 1, "]": -1}.get(block[cursor], 0)
                cursor += 1
            body = re.sub(r"//[^\n]*", "", block[match.end():cursor - 1])
            deps |= set(re.findall(r'\.product\(name:\s*"([^"]+)"', body))
            body = re.sub(r"\.product\([^)]*\)", "", body)
            deps |= set(re.findall(r'"([^"]+)"', body))
        path = re.search(r'path:\s*"([^"]+)"', block)
        exclude = re.search(r"exclude:\s*\[([^\]]*)\]", block)
        excluded = re.findall(r'"([^"]+)"', exclude.group(1)) if exclude else []
        found[name] = (kind, deps, path.group(1) if path else None, excluded)
    return found


def imports(folder, excluded):
    """The modules the Swift files under `folder` (but not its `excluded` subpaths) import, outside string literals."""
    result = set()
    skipped = [os.path.join(folder, item) for item in excluded]
    for path in glob.glob(os.path.join(folder, "**", "*.swift"), recursive=True):
        if any(path.startswith(prefix) for prefix in skipped):
            continue
        in_string = False
        for line in open(path, encoding="utf-8"):
            if line.count('"""') % 2 == 1:
                in_string = not in_string
                continue
            if in_string:
                continue
            match = re.match(r"\s*(?:@\w+(?:\([^)]*\))?\s+)*import\s+(?:(?:struct|class|enum|func|protocol|typealias|var|let)\s+)?(\w+)", line)
            if match:
                result.add(match.group(1))
    return result


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else "."
    declared = targets(open(os.path.join(root, "Package.swift"), encoding="utf-8").read())
    macros_and_tools = {name for name, (kind, _, _, _) in declared.items() if kind in ("macro", "executableTarget")}
    problems = []
    for name, (kind, deps, path, excluded) in sorted(declared.items()):
        if kind in ("plugin", "systemLibrary"):
            continue
        folder = os.path.join(root, path or ("Tests" if kind == "testTarget" else "Sources"), "" if path else name)
        used = imports(folder, excluded) - SYSTEM - {name}
        undeclared = sorted(used - deps)
        unused = sorted(dep for dep in deps - used if dep not in macros_and_tools)
        if undeclared:
            problems.append(f"{name}: imports {', '.join(undeclared)} without declaring it in Package.swift")
        if unused:
            problems.append(f"{name}: declares {', '.join(unused)} but no file of it imports it")
    for problem in problems:
        print(problem)
    print(f"Package.swift: {len(declared)} targets, {len(problems)} mismatch(es) between dependencies and imports")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
