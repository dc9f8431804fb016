#!/usr/bin/env bash
# Instructions per device report and per command in the simulator, without the network: runs
# `hatch-engine-bench` (release) under valgrind's callgrind, counting only the measured loops
# (`--toggle-collect` on EngineWorkload.step() / command()), and divides by the reports and commands handled. Deterministic enough (±0.5 %) to compare one change with the next.
#   Scripts/callgrind-fleet.sh [devices] [steps] [routine-steps]      (defaults: 100 devices, 20 steps and 20
#   commands each, a routine of 30 steps; `fleet bench` runs a routine of 3)
# Environment: SCRATCH (build folder, default .build-release), NO_BUILD=1 to use the binary as it is,
# FIRMWARE=1 to count the device role alone (`--shadow-service external`: a report is the device's
# `/update` request, a command arrives as the service's `/update/delta`),
# KEEP=folder to keep the callgrind.out files for callgrind_annotate, CACHE=1 to simulate the caches too
# (48 KB first level, 2 MB second level, as on the machines the README's figures come from) and print
# the read and write misses of each per report and per command: what a report costs a fleet of thousands,
# whose devices do not fit in the caches, is mostly the memory it touches. It needs many devices to mean
# that (e.g. `CACHE=1 Scripts/callgrind-fleet.sh 10000 4 3`, about a quarter of an hour).
set -euo pipefail
cd "$(dirname "$0")/.."
DEVICES=${1:-100}
STEPS=${2:-20}
ROUTINE=${3:-30}
SCRATCH=${SCRATCH:-.build-release}
command -v valgrind >/dev/null || { echo "callgrind-fleet: valgrind is missing; install it (apt-get install valgrind)" >&2; exit 1; }
if [ -z "${NO_BUILD:-}" ]; then
    nice -n 10 swift build -c release --scratch-path "$SCRATCH" --product hatch-engine-bench >/dev/null
fi
OUT=${KEEP:-$(mktemp -d)}
mkdir -p "$OUT"
[ -n "${KEEP:-}" ] || trap 'rm -rf "$OUT"' EXIT
# Valgrind 3.19 cannot read the toolchain's DWARF 5; the symbol table is enough for function names.
BIN="$OUT/hatch-engine-bench"
objcopy --strip-debug "$SCRATCH/release/hatch-engine-bench" "$BIN"

CACHE_FLAGS=()
[ -z "${CACHE:-}" ] || CACHE_FLAGS=("--cache-sim=yes" "--D1=49152,12,64" "--LL=2097152,16,64")

# The events counted inside EngineWorkload's method $1 (its mangled name): instructions, then with
# CACHE=1 the first-level read and write misses and the second-level read and write misses.
count() {
    local name=$1 reports=$2 commands=$3 file="$OUT/callgrind.out.$1"
    valgrind --tool=callgrind "${CACHE_FLAGS[@]}" --collect-atstart=no --toggle-collect="*14EngineWorkloadC$name*" \
        --callgrind-out-file="$file" "$BIN" "$DEVICES" "$reports" "$commands" "$ROUTINE" "${FIRMWARE:-0}" \
        >/dev/null 2>"$OUT/valgrind.$name.log"
    # Events: Ir, or Ir Dr Dw I1mr D1mr D1mw ILmr DLmr DLmw.
    awk '/^summary:/ { if (NF > 2) print $2, $6, $7, $9, $10; else print $2 }' "$file"
}

reports=$(count 4step "$STEPS" 0)
commands=$(count 7command 0 "$STEPS")
awk -v r="$reports" -v c="$commands" -v n=$((DEVICES * STEPS)) 'BEGIN {
    split(r, rs, " "); split(c, cs, " ")
    printf "instructions per report:  %d (%d reports)\n", rs[1] / n, n
    printf "instructions per command: %d (%d commands)\n", cs[1] / n, n
    if (length(rs) > 1) {
        printf "per report:  L1 misses %.1f read / %.1f write, L2 misses %.1f read / %.1f write\n", rs[2] / n, rs[3] / n, rs[4] / n, rs[5] / n
        printf "per command: L1 misses %.1f read / %.1f write, L2 misses %.1f read / %.1f write\n", cs[2] / n, cs[3] / n, cs[4] / n, cs[5] / n
    }
}'
