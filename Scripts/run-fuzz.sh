#!/bin/sh
# Runs each libFuzzer target of `hatch-fuzz` for a bounded time and prints one line per target:
# minutes, executions, executions per second, coverage (libFuzzer's final `cov:` edges and `ft:`
# features), corpus inputs and crashes. Used by `make fuzz` and, with -k, by `make fuzz-long`:
#   Scripts/run-fuzz.sh [-k] BINARY SCRATCH SECONDS TARGET...
# Each target starts from the kept corpus Fuzz/corpus/TARGET and the bad-input suite
# (Tests/Fixtures/bad-input/payloads, or Tests/Fixtures/bad-input/fleet-files and devices/ for
# fleet-file); what it finds goes to the working corpus SCRATCH/fuzz-corpus/TARGET (kept between
# runs). With -k, the inputs of the working corpus and of the bad-input suite that add coverage are
# then merged into Fuzz/corpus/TARGET (libFuzzer's -merge=1), and the number added is printed.
# Crash, timeout and out-of-memory reproducers go to SCRATCH/fuzz-artifacts/TARGET; logs to
# SCRATCH/fuzz-logs. Exits 1 when any target crashed, timed out or ran out of memory (or a merge failed).
set -u
keep=no
name="make fuzz"
while getopts k option; do
    case "$option" in
        k) keep=yes; name="make fuzz-long" ;;
        *) echo "usage: $0 [-k] BINARY SCRATCH SECONDS TARGET..." >&2; exit 64 ;;
    esac
done
shift $((OPTIND - 1))
if [ "$#" -lt 4 ]; then
    echo "usage: $0 [-k] BINARY SCRATCH SECONDS TARGET..." >&2
    exit 64
fi
binary=$1; scratch=$2; seconds=$3; shift 3
fixtures=Tests/Fixtures/bad-input
export ASAN_OPTIONS="detect_leaks=0:allocator_may_return_null=1"
# The same limits for the run and the merge, so an input kept in the corpus never trips them.
limits="-max_len=65536 -timeout=10 -rss_limit_mb=4096"
status=0
rows=""
reproducers=""

# count DIRECTORY: the number of files in DIRECTORY.
count() {
    find "$1" -type f | wc -l | tr -d ' '
}

for target in "$@"; do
    kept="Fuzz/corpus/$target"
    corpus="$scratch/fuzz-corpus/$target"
    artifacts="$scratch/fuzz-artifacts/$target"
    log="$scratch/fuzz-logs/$target.log"
    started="$scratch/fuzz-logs/$target.started"
    mkdir -p "$kept" "$corpus" "$artifacts" "$(dirname "$log")"
    case "$target" in
        fleet-file) seeds="$fixtures/fleet-files devices" ;;
        *) seeds="$fixtures/payloads" ;;
    esac
    touch "$started"
    echo "$name: $target for $seconds s from $kept ($(count "$kept") inputs) and $seeds (log: $log)"
    # New inputs go to the first folder, the working corpus; the others are only read.
    # shellcheck disable=SC2086 # $limits and $seeds are lists of words
    "$binary" "$target" -max_total_time="$seconds" -print_final_stats=1 $limits \
        -artifact_prefix="$artifacts/" "$corpus" "$kept" $seeds >"$log" 2>&1
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
    time=$(sed -n 's/^Done [0-9]* runs in \([0-9]*\) second.*/\1/p' "$log" | tail -1)
    minutes=$(if [ -n "$time" ]; then awk -v s="$time" 'BEGIN { printf "%.1f", s / 60 }'; fi)
    # libFuzzer's last status line: `#N <event> cov: EDGES ft: FEATURES corp: INPUTS/SIZE ...`.
    last=$(grep -E '^#[0-9]+[[:space:]].* cov: [0-9]+ ft: [0-9]+' "$log" | tail -1)
    cov=$(printf '%s\n' "$last" | sed -n 's/.* cov: \([0-9]*\).*/\1/p')
    ft=$(printf '%s\n' "$last" | sed -n 's/.* ft: \([0-9]*\).*/\1/p')
    corp=$(printf '%s\n' "$last" | sed -n 's/.* corp: \([0-9]*\).*/\1/p')
    found=$(find "$artifacts" -type f -newer "$started" \( -name 'crash-*' -o -name 'timeout-*' -o -name 'oom-*' -o -name 'leak-*' \))
    crashes=$(if [ -n "$found" ]; then printf '%s\n' "$found" | wc -l | tr -d ' '; else echo 0; fi)
    if [ "$crashes" -ne 0 ]; then
        status=1
        reproducers="$reproducers$(printf '%s\n' "$found" | sed "s|^|  $binary $target |")
"
    elif [ -z "$runs" ]; then
        echo "$name: $target did not finish; the end of $log:" >&2
        tail -5 "$log" >&2
        status=1
    fi
    kept_column=""
    if [ "$keep" = yes ]; then
        before=$(count "$kept")
        merge_log="$scratch/fuzz-logs/$target.merge.log"
        # shellcheck disable=SC2086 # $limits and $seeds are lists of words
        if "$binary" "$target" -merge=1 $limits -artifact_prefix="$artifacts/" \
            "$kept" "$corpus" $seeds >"$merge_log" 2>&1; then
            after=$(count "$kept")
            echo "$name: $target: merged $((after - before)) inputs that add coverage into $kept ($before -> $after; log: $merge_log)"
        else
            after=$(count "$kept")
            echo "$name: $target: merging into $kept failed; the end of $merge_log:" >&2
            tail -5 "$merge_log" >&2
            status=1
        fi
        kept_column=$(printf ' %11s %10s' "$before" "$after")
    fi
    rows="$rows$(printf '%-16s %8s %12s %8s %7s %8s %8s %8s' "$target" "${minutes:-?}" "${runs:-?}" "${speed:-?}" \
        "${cov:-?}" "${ft:-?}" "${corp:-?}" "$crashes")$kept_column
"
done
header=$(printf '%-16s %8s %12s %8s %7s %8s %8s %8s' target minutes executions exec/s cov ft corpus crashes)
[ "$keep" = yes ] && header="$header$(printf ' %11s %10s' kept-before kept-after)"
printf '\n%s\n%s' "$header" "$rows"
if [ -n "$reproducers" ]; then
    echo "$name: crash, timeout or out-of-memory reproducers in $scratch/fuzz-artifacts; replay one with its line below (libFuzzer runs the file once, under ASan):" >&2
    printf '%s' "$reproducers" >&2
    echo "$name: or, after an ordinary 'swift build --product hatch-fuzz --scratch-path .build', with '.build/debug/hatch-fuzz TARGET FILE'" >&2
fi
exit $status
