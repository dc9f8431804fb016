#!/usr/bin/env bash
# Instructions per container operation, deterministic where wall time on a shared machine is not: builds
# the container library (release: swiftc -O -wmo) and Benchmarks/ContainerInstructionCount/main.swift
# against it as a separate module (so `resolve` is inlined across modules as in an app), then counts under
# valgrind's callgrind 100,000 cached resolutions (root, depth 1, depth 10), 100,000 reads of a
# hand-written lazy property (the floor) and 10,000 `buildChild` calls with 100 registrations in the parent.
#   Scripts/callgrind-container.sh [checkout]   (default: this one; pass another checkout to compare)
set -euo pipefail
cd "$(dirname "$0")/.."
HERE=$(pwd)
SOURCE=${1:-$HERE}
command -v valgrind >/dev/null || { echo "callgrind-container: valgrind is missing; install it (apt-get install valgrind)" >&2; exit 1; }
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
# The macro's plugin is not needed: the harness declares its modules by hand.
(cd "$OUT" && find "$SOURCE/Sources/HatchModularDependencyContainer" -name '*.swift' -print0 | xargs -0 \
    swiftc -O -wmo -parse-as-library -swift-version 6 -emit-module -emit-library \
        -module-name HatchModularDependencyContainer -o libHatchModularDependencyContainer.so 2>/dev/null)
(cd "$OUT" && swiftc -O -wmo -swift-version 5 "$HERE/Benchmarks/ContainerInstructionCount/main.swift" -I . -L . \
    -lHatchModularDependencyContainer -Xlinker -rpath -Xlinker "$OUT" -o count)
for operation in floor root depth1 depth10 child; do
    valgrind --tool=callgrind --collect-atstart=no --toggle-collect='*5count*run*' \
        --callgrind-out-file="$OUT/$operation.out" "$OUT/count" "$operation" >/dev/null 2>&1
    total=$(grep -a '^summary:' "$OUT/$operation.out" | awk '{ print $2 }')
    count=100000; [ "$operation" = child ] && count=10000
    printf '%-8s %6d instructions per operation\n' "$operation" $(( total / count ))
done
