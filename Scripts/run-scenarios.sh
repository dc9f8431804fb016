#!/usr/bin/env bash
# Runs scenario files one after another with `hatchctl scenario run`, a JUnit and an HTML report each
# in OUTPUT, then prints a table: scenario, verdict, real seconds, expectations held. Fails when one did.
#
#   Scripts/run-scenarios.sh HATCHCTL OUTPUT "EXTRA OPTIONS" FILE...
set -u
hatchctl=$1; output=$2; extra=$3; shift 3
mkdir -p "$output"
status=0
rows=()
for file in "$@"; do
  name=$(basename "$file" .yaml)
  started=$(date +%s)
  # shellcheck disable=SC2086
  "$hatchctl" scenario run "$file" $extra --junit "$output/$name.xml" --report "$output/$name.html" --json \
    > "$output/$name.json" 2> "$output/$name.log"
  code=$?
  seconds=$(( $(date +%s) - started ))
  held=$(python3 -c 'import json,sys
r=json.load(open(sys.argv[1]))
e=r.get("expectations",[])
held=sum(1 for x in e if x["verdict"]=="pass")
print("%d/%d %s" % (held, len(e), r.get("verdict","?")))' "$output/$name.json" 2>/dev/null || echo "-/- error")
  rows+=("$(printf '%-18s %-14s %6ss  %s' "$name" "${held#* }" "$seconds" "${held% *} expectations hold (exit $code)")")
  if [ "$code" -ne 0 ]; then
    status=1
    echo "---- $name failed (exit $code); the end of its log:" >&2
    tail -n 25 "$output/$name.log" >&2
    python3 -c 'import json,sys
for x in json.load(open(sys.argv[1])).get("expectations",[]):
    if x["verdict"]=="fail": print("  FAIL", x.get("message") or x["threshold"])' "$output/$name.json" >&2 2>/dev/null
  fi
done
printf '%-18s %-14s %7s  %s\n' scenario verdict real expectations
printf '%s\n' "${rows[@]}"
echo "reports: $output"
exit $status
