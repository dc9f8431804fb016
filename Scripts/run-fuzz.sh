#!/bin/sh
# Runs each libFuzzer target of `hatch-fuzz` for a bounded time and prints one line per target:
# seconds, executions, executions per second and crashes. Used by `make fuzz`:
#   Scripts/run-fuzz.sh BINARY SCRATCH SECONDS TARGET...
# Corpora live in SCRATCH/fuzz-corpus/TARGET (seeded from Tests/Fixtures/bad-input and devices/,
# kept between runs); crash, timeout and out-of-memory reproducers in SCRATCH/fuzz-artifacts/TARGET.
# Exits 1 when any target found a crash.
set -u
binary=$1; scratch=$2; seconds=$3; shift 3
fixtures=Tests/Fixtures/bad-input
status=0
rows=""
for target in "$@"; do
    corpus="$scratch/fuzz-corpus/$target"
    artifacts="$scratch/fuzz-artifacts/$target"
    log="$scratch/fuzz-logs/$target.log"
    mkdir -p "$corpus" "$artifacts" "$(dirname "$log")"
    case "$target" in
        fleet-file) cp -n "$fixtures"/fleet-files/*.yaml devices/*.yaml "$corpus"/ 2>/dev/null ;;
        *) cp -n "$fixtures"/payloads/*.bin "$corpus"/ 2>/dev/null ;;
    esac
    echo "make fuzz: $target for $seconds s (log: $log)"
    ASAN_OPTIONS="detect_leaks=0:allocator_may_return_null=1" "$binary" "$target" \
        -max_total_time="$seconds" -print_final_stats=1 -max_len=65536 -timeout=10 -rss_limit_mb=4096 \
        -artifact_prefix="$artifacts/" "$corpus" >"$log" 2>&1
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
    time=$(sed -n 's/^Done [0-9]* runs in \([0-9]*\) second.*/\1/p' "$log" | tail -1)
    crashes=$(find "$artifacts" -type f \( -name 'crash-*' -o -name 'timeout-*' -o -name 'oom-*' -o -name 'leak-*' \) | wc -l)
    [ "$crashes" -eq 0 ] || status=1
    rows="$rows$(printf '%-16s %8s %12s %10s %8s' "$target" "${time:-?}" "${runs:-?}" "${speed:-?}" "$crashes")
"
done
printf '\n%-16s %8s %12s %10s %8s\n' target seconds executions exec/s crashes
printf '%s' "$rows"
if [ "$status" -ne 0 ]; then
    echo "make fuzz: reproducers are in $scratch/fuzz-artifacts/; replay one with '$scratch/debug/hatch-fuzz TARGET FILE' after an ordinary 'swift build --product hatch-fuzz --scratch-path .build' (as .build/debug/hatch-fuzz TARGET FILE)" >&2
fi
exit $status
