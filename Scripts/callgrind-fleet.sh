#!/usr/bin/env bash
# Instructions per device report and per command in the simulator, without the network: runs
# `hatch-engine-bench` (release) under valgrind's callgrind, counting only the measured loops
# (`--toggle-collect` on EngineWorkload.step() / command()), and divides by the reports and commands handled. Deterministic enough (±0.5 %) to compare one change with the next.
#   Scripts/callgrind-fleet.sh [devices] [steps] [routine-steps]      (defaults: 100 devices, 20 steps and 20
#   commands each, a routine of 30 steps; `fleet bench` runs a routine of 3)
# Environment: SCRATCH (build folder, default .build-release), NO_BUILD=1 to use the binary as it is,
# KEEP=folder to keep the callgrind.out files for callgrind_annotate.
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

# Instructions executed inside EngineWorkload's method $1 (its mangled name).
count() {
    local name=$1 reports=$2 commands=$3 file="$OUT/callgrind.out.$1"
    valgrind --tool=callgrind --collect-atstart=no --toggle-collect="*14EngineWorkloadC$name*" \
        --callgrind-out-file="$file" "$BIN" "$DEVICES" "$reports" "$commands" "$ROUTINE" \
        >/dev/null 2>"$OUT/valgrind.$name.log"
    awk '/^summary:/ { print $2 }' "$file"
}

reports=$(count 4step "$STEPS" 0)
commands=$(count 7command 0 "$STEPS")
awk -v r="$reports" -v c="$commands" -v n=$((DEVICES * STEPS)) 'BEGIN {
    printf "instructions per report:  %d (%d reports)\n", r / n, n
    printf "instructions per command: %d (%d commands)\n", c / n, n
}'
