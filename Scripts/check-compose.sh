#!/usr/bin/env bash
# Validates docker-compose.yml without a Docker engine:
#  1. a real Compose parser (docker-compose 1.29's `config`) accepts the file and resolves it;
#  2. every file it mounts from the repository exists;
#  3. every hatchctl command it runs works with this build's hatchctl, in the order Compose starts
#     them: `broker config` writes the broker's files (exit 0); the fleets and the health check, pointed
#     at a closed port with those credentials, fail only for want of a broker (exit 3) — never for a bad
#     option (64), a missing fleet file or a device without credentials (9).
# Usage: Scripts/check-compose.sh path/to/hatchctl
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=Scripts/expect-exit.sh
. Scripts/expect-exit.sh
hatchctl="${1:?usage: $0 path/to/hatchctl}"

if command -v docker-compose >/dev/null 2>&1; then compose=(docker-compose)
elif docker compose version >/dev/null 2>&1; then compose=(docker compose)
else echo "check-compose: needs docker-compose (make deps installs it)" >&2; exit 1; fi

resolved="$(mktemp)"; scratch="$(mktemp -d)"
trap 'rm -rf "$resolved" "$scratch"' EXIT
"${compose[@]}" -f docker-compose.yml config > "$resolved"
echo "check-compose: ${compose[*]} config accepts docker-compose.yml (services: $("${compose[@]}" -f docker-compose.yml config --services | tr '\n' ' '))"

# The Python that ships with docker-compose has PyYAML; Debian's python3 is the one it uses.
python=/usr/bin/python3; [ -x "$python" ] || python=python3
"$python" - "$resolved" "$scratch/commands" <<'PY'
import sys, yaml, os
document = yaml.safe_load(open(sys.argv[1]))
commands, missing = [], []
for name, service in document["services"].items():
    for volume in service.get("volumes", []):
        source = volume.get("source") if isinstance(volume, dict) else volume.split(":")[0]
        kind = volume.get("type") if isinstance(volume, dict) else ("bind" if source.startswith((".", "/")) else "volume")
        if kind == "bind" and not os.path.exists(source):
            missing.append(f"{name}: {source}")
    for label, argv in (("command", service.get("command")), ("healthcheck", (service.get("healthcheck") or {}).get("test"))):
        if isinstance(argv, list) and argv and argv[0] == "CMD":
            argv = argv[1:]
        if isinstance(argv, list) and argv and argv[0] == "hatchctl":
            commands.append(f"{name} {label}\t" + "\t".join(argv[1:]))
if missing:
    sys.exit("check-compose: mounted files missing from the repository: " + ", ".join(missing))
open(sys.argv[2], "w").write("\n".join(commands) + "\n")
PY

count=0
while IFS=$'\t' read -r label args; do
    [ -n "$label" ] || continue
    IFS=$'\t' read -r -a argv <<< "$args"
    # Point the command at a closed loopback port and a scratch home; keep every other argument.
    for i in "${!argv[@]}"; do
        case "${argv[$i]}" in
            mqtt://*) argv[$i]="mqtt://127.0.0.1:1" ;;
            /var/lib/hatch/*) argv[$i]="$scratch/home/${argv[$i]#/var/lib/hatch/}" ;;
            /etc/hatch/*) argv[$i]="$scratch/etc/${argv[$i]#/etc/hatch/}" ;;
        esac
    done
    # A fleet that could start would stop by itself after a second.
    [ "${argv[0]:-}" = fleet ] && [ "${argv[1]:-}" = run ] && argv+=(--duration 1)
    expected=3; [ "${argv[0]:-}" = broker ] && expected=0
    expect_exit check-compose "$label: hatchctl ${argv[0]} ${argv[1]:-} …" "$expected" \
        env HATCH_HOME="$scratch/home" timeout 60 "$hatchctl" "${argv[@]}"
    count=$((count + 1))
done < "$scratch/commands"
[ "$count" -gt 0 ] || { echo "check-compose: found no hatchctl command in docker-compose.yml" >&2; exit 1; }
echo "check-compose: docker-compose.yml is valid"
