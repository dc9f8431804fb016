#!/bin/sh
# The example app's hardware-in-loop scenarios against a fleet they did not start: `hatchctl fleet run`
# (locked-down private broker, one device of each product, 60x) in another process, reached only through
# the HATCH_HIL_* variables, with the controller's login from the broker.json the fleet records. The
# clock-jump scenario must come out not applicable (JUnit skipped) and the others must pass.
#
# Usage: Scripts/examples-external.sh HATCHCTL EXAMPLE_PACKAGE EXAMPLES_SCRATCH HIL_VENV
set -u
hatchctl=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
package=$2
scratch=$(mkdir -p "$3" && cd "$3" && pwd)
venv=$4
root=$(pwd)
out="$scratch/hil-external"
rm -rf "$out"; mkdir -p "$out"
export HATCH_HOME="$out/home"
mkdir -p "$HATCH_HOME"

"$hatchctl" fleet run --devices "$root/devices/all-products.yaml" --speed 60 --in-memory >"$out/fleet.log" 2>&1 &
fleet=$!
# shellcheck disable=SC2317 # called by the trap
stop_fleet() { kill -INT "$fleet" 2>/dev/null; wait "$fleet" 2>/dev/null; }
trap stop_fleet EXIT INT TERM

# The fleet records its broker once it is up; give it 60 s.
tries=0
while [ ! -s "$HATCH_HOME/broker.json" ]; do
	if ! kill -0 "$fleet" 2>/dev/null || [ $tries -ge 600 ]; then
		echo "examples-external: hatchctl fleet run did not record its broker within 60 s:" >&2; cat "$out/fleet.log" >&2; exit 1
	fi
	tries=$((tries + 1)); sleep 0.1
done
field() { python3 -c 'import json, sys; print(json.load(open(sys.argv[1])).get(sys.argv[2]) or "")' "$HATCH_HOME/broker.json" "$1"; }
url=$(field url); username=$(field username); password=$(field password)
echo "examples-external: hatchctl fleet run (pid $fleet) on $url, logged in as ${username:-anonymous}"

cd "$package" || exit 1
env -u HATCH_HIL_SHADOW_SERVICE -u HATCH_HIL_CA_FILE -u HATCH_HIL_CERT_FILE -u HATCH_HIL_KEY_FILE \
	HATCH_HIL_BROKER_URL="$url" HATCH_HIL_USERNAME="$username" HATCH_HIL_PASSWORD="$password" \
	HATCH_HIL_DEVICES="$root/devices/all-products.yaml" \
	HATCH_HIL_REPORT="$out/report.jsonl" HATCH_HIL_JUNIT="$out/junit.xml" \
	swift test --scratch-path "$scratch" --skip-build
status=$?
cd "$root" || exit 1
python3 Scripts/hil-table.py "$out/report.jsonl" || status=1
"$venv/bin/python" Scripts/check-hil-junit.py "$out/junit.xml" "$out/report.jsonl" --expect-skipped "screen: sunrise (clock jump)" || status=1
exit $status
