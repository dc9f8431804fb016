#!/usr/bin/env bash
# Benchmark of the static dependency analyser (issue 4): generates a monorepo of 1,000 feature modules
# (5,000 Swift files, 100 packages) and times `dependency-analyzer --mode monorepo` with a release build:
#   cold    — no cache folder (parses every file, writes the cache)
#   no-cache — `--no-cache` (parses every file, neither reads nor writes the cache)
#   warm    — cache present and nothing changed (hashes every file, reads one small report)
#   one-edit — one file changed since the cache was written (re-parses that file only)
# Targets: cold <= 3 s, warm <= 0.5 s. Usage: Scripts/benchmark-dependency-analyzer.sh [runs]
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${1:-5}
SCRATCH=${SCRATCH:-.build-analyzer}
MODULES=${MODULES:-1000}

swift build -c release --scratch-path "$SCRATCH" --product dependency-analyzer >/dev/null
BIN="$SCRATCH/release/dependency-analyzer"
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
REPO="$WORK/monorepo"
"$BIN" generate-monorepo "$REPO" --modules "$MODULES"
CACHE="$REPO/.build/dependency-analyzer-cache"

# Prints the wall time of one run in milliseconds; the analyser's exit status must be 0 (all modules pass).
run_ms() {
    local start end
    start=$EPOCHREALTIME
    "$BIN" --mode monorepo "$REPO" "$@" >/dev/null
    end=$EPOCHREALTIME
    awk -v s="$start" -v e="$end" 'BEGIN { printf "%.0f\n", (e - s) * 1000 }'
}

summary() {
    sort -n | awk -v name="$1" '{ a[NR] = $1 } END { printf "%-9s min %5d ms   median %5d ms   max %5d ms   (%d runs)\n", name, a[1], a[int((NR + 1) / 2)], a[NR], NR }'
}

"$BIN" --mode monorepo "$REPO" --no-cache | tail -1
for _ in $(seq "$RUNS"); do rm -rf "$CACHE"; run_ms; done | summary cold
for _ in $(seq "$RUNS"); do run_ms --no-cache; done | summary no-cache
run_ms >/dev/null
for _ in $(seq "$RUNS"); do run_ms; done | summary warm
TARGET=$(find "$REPO" -name 'Feature0500Dependencies.swift' | head -1)
for i in $(seq "$RUNS"); do echo "// edit $i" >> "$TARGET"; run_ms; done | summary one-edit
echo "files: $(find "$REPO" -name '*.swift' ! -name Package.swift | wc -l), cores: $(nproc)"
