#!/usr/bin/env bash
# Benchmark of the static dependency analyser: generates a monorepo of 10,000 feature modules
# (50,000 Swift files, 1,000 packages) and times `dependency-analyzer --mode monorepo` with a release build,
# reporting wall time, CPU time and peak resident memory of each kind of run:
#   cold    — no cache folder (parses every file, writes the cache)
#   no-cache — `--no-cache` (parses every file, neither reads nor writes the cache)
#   warm    — cache present and nothing changed (hashes every file, reads one small report)
#   one-edit — one file changed since the cache was written (re-parses that file only)
# Targets at 10,000 modules: cold <= 10 s, warm <= 1 s. Usage: [MODULES=n] Scripts/benchmark-dependency-analyzer.sh [runs]
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${1:-5}
SCRATCH=${SCRATCH:-.build-analyzer}
MODULES=${MODULES:-10000}

swift build -c release --scratch-path "$SCRATCH" --product dependency-analyzer >/dev/null
BIN="$SCRATCH/release/dependency-analyzer"
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
REPO="$WORK/monorepo"
"$BIN" generate-monorepo "$REPO" --modules "$MODULES"
CACHE="$REPO/.build/dependency-analyzer-cache"

# Prints "wall_ms cpu_ms peak_rss_kb" for one run (cpu = user + sys); the analyser's exit status must be 0
# (all modules pass).
run_ms() {
    /usr/bin/time -f "%e %U %S %M" -o "$WORK/time" "$BIN" --mode monorepo "$REPO" "$@" >/dev/null
    awk '{ printf "%.0f %.0f %d\n", $1 * 1000, ($2 + $3) * 1000, $4 }' "$WORK/time"
}

summary() {
    local runs walls cpus rss
    runs=$(cat)
    walls=$(echo "$runs" | awk '{ print $1 }' | sort -n)
    cpus=$(echo "$runs" | awk '{ print $2 }' | sort -n)
    rss=$(echo "$runs" | awk '{ print $3 }' | sort -n)
    paste <(echo "$walls") <(echo "$cpus") <(echo "$rss") | awk -v name="$1" '{ w[NR] = $1; c[NR] = $2; r[NR] = $3 } END {
        m = int((NR + 1) / 2)
        printf "%-9s wall min %5d ms   median %5d ms   max %5d ms   | cpu (user+sys) median %5d ms   | peak RSS median %4d MB, max %4d MB   (%d runs)\n",
            name, w[1], w[m], w[NR], c[m], r[m] / 1024, r[NR] / 1024, NR }'
}

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
"$BIN" --mode monorepo "$REPO" --no-cache | tail -1
for _ in $(seq "$RUNS"); do rm -rf "$CACHE"; run_ms; done | summary cold
for _ in $(seq "$RUNS"); do run_ms --no-cache; done | summary no-cache
run_ms >/dev/null
for _ in $(seq "$RUNS"); do run_ms; done | summary warm
TARGET=$(find "$REPO" -name 'Feature*Dependencies.swift' | sort | sed -n "$(( (MODULES + 1) / 2 ))p")
for i in $(seq "$RUNS"); do echo "// edit $i" >> "$TARGET"; run_ms; done | summary one-edit
echo "files: $(find "$REPO" -name '*.swift' ! -name Package.swift | wc -l), cores: $(nproc), load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
