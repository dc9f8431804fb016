#!/usr/bin/env bash
# Instructions per container operation, deterministic where wall time on a shared machine is not: builds
# the container library (release: swiftc -O -wmo) and Benchmarks/ContainerInstructionCount/main.swift
# against it as a separate module (so `resolve` is inlined across modules as in an app), then counts under
# valgrind's callgrind 100,000 cached resolutions (root, depth 1, depth 10), 100,000 reads of a
# hand-written lazy property whose getter is inlined as `resolve` is (the floor), 100,000 reads of a plain
# `lazy var` (its getter called) and 10,000 `buildChild` calls with 100 registrations in the parent.
# Prints the floor's and the container's instructions per resolve side by side, with their ratio.
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
# What each measured loop calls, from the same binary: the floor's loop must not call the getter.
calls_in() {  # mangled function -> the functions its code (or its merged body, suffix Tm) calls, demangled
    objdump -d --no-show-raw-insn "$OUT/count" \
        | awk -v fn="<$1>:" -v merged="<$1Tm>:" '$2 == fn || $2 == merged { inside = 1; next }
            inside && /^$/ { inside = 0 } inside && /call/ { print $NF }' \
        | tr -d '<>' | sed 's/@plt$//' | swift demangle --simplified | sort -u | paste -sd ',' | sed 's/,/, /g'
}
echo "calls in the floor's loop (runFloor): $(calls_in '$s5count8runFlooryySiF')"
echo "calls in the root resolve's loop (runRoot): $(calls_in '$s5count7runRootyySiF')"
count_instructions() {  # operation -> instructions counted in its 100,000 (child: 10,000) operations
    valgrind --tool=callgrind --collect-atstart=no --toggle-collect='*5count*run*' \
        --callgrind-out-file="$OUT/$1.out" "$OUT/count" "$1" >/dev/null 2>&1
    grep -a '^summary:' "$OUT/$1.out" | awk '{ print $2 }'
}
# Floor and container from the same build, side by side; the ratio is the container's count over the floor's.
floor=$(count_instructions floor)
row() {  # label, floor total or -, container total or -, iterations
    awk -v label="$1" -v floor="$2" -v container="$3" -v n="$4" 'BEGIN {
        ratio = (floor == "-" || container == "-") ? "" : sprintf("%.2fx", container / floor)
        f = floor == "-" ? "-" : sprintf("%.1f", floor / n)
        c = container == "-" ? "-" : sprintf("%.1f", container / n)
        printf "%-46s %7s %10s %16s\n", label, f, c, ratio
    }'
}
printf '%-46s %7s %10s %16s\n' "instructions per operation" floor container "container/floor"
row "cached resolve, root container" "$floor" "$(count_instructions root)" 100000
row "cached resolve, depth 1" "$floor" "$(count_instructions depth1)" 100000
row "cached resolve, depth 10" "$floor" "$(count_instructions depth10)" 100000
row "buildChild, 100 registrations in the parent" - "$(count_instructions child)" 10000
awk -v floor="$floor" -v lazy="$(count_instructions lazyvar)" 'BEGIN {
    printf "a plain lazy var (its getter called, not inlined): %.1f instructions per read, %.2fx the floor\n",
        lazy / 100000, lazy / floor
}'
