#!/usr/bin/env bash
# Validates the Kubernetes manifests under deploy/kubernetes without a cluster:
#  1. every manifest against the Kubernetes API's own schemas (kubernetes-validate, strict: an unknown
#     or misspelt field fails, as does a wrong type or a missing required field);
#  2. each fleet file in a ConfigMap is a copy of one in devices/, parses, and every device has a
#     valid thing name (`hatchctl cloud provision` reads it);
#  3. every hatchctl command a container runs works with this build's hatchctl, as the pods run it:
#     $(VAR) arguments resolved from the container's env and the ConfigMap, mounted ConfigMap files
#     written where the pod sees them, the broker login generated with `hatchctl broker config`, the
#     host name of the StatefulSet's first and last pod; pointed at a closed loopback port, each must
#     fail only for want of a broker (exit 3), never for a bad option or a shard outside --shards (64).
#     A StatefulSet's --shards must equal its replicas. The fleet file is cut to at most 200 devices
#     for these runs. A container whose pod template's annotation
#     hatch-device-toolkit/requires-options names an option this hatchctl lacks is reported as not run.
# Usage: Scripts/check-kubernetes.sh path/to/hatchctl path/to/k8s-venv [kubernetes version, default 1.31]
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=Scripts/expect-exit.sh
. Scripts/expect-exit.sh
hatchctl="$(cd "$(dirname "${1:?usage: $0 path/to/hatchctl path/to/venv [version]}")" && pwd)/$(basename "$1")"
venv="${2:?usage: $0 path/to/hatchctl path/to/venv [version]}"
version="${3:-1.31}"
manifests=(deploy/kubernetes/*.yaml deploy/kubernetes/*/*.yaml)

"$venv/bin/kubernetes-validate" --strict --kubernetes-version "$version" "${manifests[@]}"
echo "check-kubernetes: ${#manifests[@]} manifests valid against the Kubernetes $version schemas (strict)"

scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
"$venv/bin/python" - "$scratch" "${manifests[@]}" <<'PY'
import glob, os, re, sys, yaml
scratch, paths = sys.argv[1], sys.argv[2:]
documents = [d for p in paths for d in yaml.safe_load_all(open(p)) if d]
config_maps = {(d["metadata"].get("namespace"), d["metadata"]["name"]): d.get("data", {})
               for d in documents if d["kind"] == "ConfigMap"}
# A fleet file in a ConfigMap is a copy of one in devices/, so that it is tested and provisioned as such.
for (namespace, name), data in config_maps.items():
    for key, text in data.items():
        if key.endswith(".yaml") and not any(open(f).read() == text for f in glob.glob("devices/*.yaml")):
            sys.exit(f"check-kubernetes: ConfigMap {name} key {key} is no copy of a fleet file in devices/; copy the file in whole")
commands = []
for d in documents:
    if d["kind"] not in ("StatefulSet", "Deployment", "DaemonSet", "Job"):
        continue
    namespace, name = d["metadata"].get("namespace"), d["metadata"]["name"]
    # Each workload's files where its pods see them, under a root of its own.
    root = os.path.join(scratch, "root", name)
    template = d["spec"]["template"]
    spec = template["spec"]
    requires = (template["metadata"].get("annotations") or {}).get("hatch-device-toolkit/requires-options", "")
    volumes = {v["name"]: v for v in spec.get("volumes", [])}
    for container in spec.get("initContainers", []) + spec["containers"]:
        argv = list(container.get("command", [])) + list(container.get("args", []))
        if not argv or argv[0] != "hatchctl":
            continue
        env = {}
        for item in container.get("env", []):
            if "value" in item:
                env[item["name"]] = item["value"]
            else:
                ref = item["valueFrom"]["configMapKeyRef"]
                data = config_maps.get((namespace, ref["name"]))
                if data is None or ref["key"] not in data:
                    sys.exit(f"check-kubernetes: {name}: env {item['name']} names ConfigMap {ref['name']} key {ref['key']}, which no manifest has")
                env[item["name"]] = data[ref["key"]]
        for mount in container.get("volumeMounts", []):
            volume = volumes.get(mount["name"])
            if volume is None and not any(t["metadata"]["name"] == mount["name"] for t in d["spec"].get("volumeClaimTemplates", [])):
                sys.exit(f"check-kubernetes: {name}: mounts '{mount['name']}', which is no volume of the pod")
            if volume and "configMap" in volume:
                data = config_maps.get((namespace, volume["configMap"]["name"]))
                if data is None:
                    sys.exit(f"check-kubernetes: {name}: mounts ConfigMap {volume['configMap']['name']}, which no manifest has")
                items = volume["configMap"].get("items") or [{"key": k, "path": k} for k in data]
                for item in items:
                    target = os.path.join(root, mount["mountPath"].lstrip("/"), item["path"])
                    os.makedirs(os.path.dirname(target), exist_ok=True)
                    text = data[item["key"]]
                    open(target + ".full", "w").write(text)
                    # The runs below use at most 200 devices: scale every cohort down in proportion.
                    parsed = yaml.safe_load(text)
                    if isinstance(parsed, dict) and parsed.get("cohorts"):
                        explicit = len(parsed.get("devices") or [])
                        total = explicit + sum(c["count"] for c in parsed["cohorts"])
                        budget = max(0, 200 - explicit)
                        if total > 200:
                            counts = [max(1, c["count"] * budget // (total - explicit)) for c in parsed["cohorts"]]
                            index = [0]
                            def shrink(match):
                                value = counts[index[0]]; index[0] += 1
                                return f"{match.group(1)}{value}"
                            text = re.sub(r"^(\s*count:\s*)\d+\s*$", shrink, text, flags=re.M)
                            print(f"check-kubernetes: {name}: the runs use {explicit + sum(counts)} of the fleet file's {total} devices")
                    open(target, "w").write(text)
        resolved = [re.sub(r"\$\((\w+)\)", lambda m: env.get(m.group(1), m.group(0)), a) for a in argv[1:]]
        unresolved = [a for a in resolved if re.search(r"\$\(\w+\)", a)]
        if unresolved:
            sys.exit(f"check-kubernetes: {name}: {unresolved} name variables the container's env does not set")
        replicas = d["spec"].get("replicas", 1)
        if "--shards" in resolved and d["kind"] == "StatefulSet":
            shards = int(resolved[resolved.index("--shards") + 1])
            if shards != replicas:
                sys.exit(f"check-kubernetes: {name}: --shards {shards} but {replicas} replicas; every share needs exactly one pod")
        hosts = [f"{name}-0", f"{name}-{replicas - 1}"] if d["kind"] == "StatefulSet" else [f"{name}-5d8f7c9b6-x2x4z"]
        for host in dict.fromkeys(hosts):
            commands.append("\t".join([f"{name}/{container['name']}", host, requires or "-", root] + resolved))
open(os.path.join(scratch, "commands"), "w").write("\n".join(commands) + "\n")
PY

help="$("$hatchctl" fleet run --help 2>&1)"
count=0
while IFS=$'\t' read -r -a fields; do
    [ "${#fields[@]}" -gt 0 ] || continue
    label="${fields[0]}" host="${fields[1]}" requires="${fields[2]}" root="${fields[3]}" argv=("${fields[@]:4}")
    missing=""
    [ "$requires" != - ] || requires=""
    for option in $requires; do grep -q -- "$option" <<< "$help" || missing="$missing $option"; done
    if [ -n "$missing" ]; then
        echo "check-kubernetes: $label: NOT RUN: this hatchctl has no$missing (the manifest needs a hatchctl that has)"
        continue
    fi
    home="$scratch/home-$count"
    # A closed loopback port for the broker, a free loopback port for metrics, scratch paths.
    for i in "${!argv[@]}"; do
        case "${argv[$i]}" in
            --metrics-port) argv[i + 1]=0 ;;
            --metrics-host) argv[i + 1]=127.0.0.1 ;;
        esac
    done
    for i in "${!argv[@]}"; do
        case "${argv[$i]}" in
            mqtt://*) argv[i]="mqtt://127.0.0.1:1" ;;
            mqtts://*) argv[i]="mqtts://127.0.0.1:1" ;;
            /*) argv[i]="$root${argv[$i]}" ;;
        esac
    done
    devices=""
    for i in "${!argv[@]}"; do [ "${argv[$i]}" = --devices ] && devices="${argv[$((i + 1))]}"; done
    if [ -n "$devices" ] && [ -f "$devices.full" ] && [ ! -d "$devices.provision" ]; then
        "$hatchctl" cloud provision --devices "$devices.full" --out "$devices.provision" --json > "$scratch/provision.json"
        echo "check-kubernetes: $label: the fleet file parses: $("$venv/bin/python" -c 'import json,sys; print(json.load(open(sys.argv[1]))["things"])' "$scratch/provision.json") devices with valid thing names"
    fi
    # The files the pod's Secrets hold: the broker login, or a CA and a certificate per device.
    for i in "${!argv[@]}"; do
        file="${argv[$((i + 1))]:-}"
        case "${argv[$i]}" in
            --credentials)
                [ -f "$file" ] || "$hatchctl" broker config --devices "$devices" --out "$(dirname "$file")" >/dev/null ;;
            --ca-file)
                [ -f "$file" ] || { mkdir -p "$(dirname "$file")"; openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes \
                    -subj /CN=check -days 1 -keyout "$scratch/check.key" -out "$file" 2>/dev/null; } ;;
            --certificates)
                if [ ! -d "$file" ]; then
                    openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -subj /CN=device -days 1 \
                        -keyout "$scratch/device.key" -out "$scratch/device.crt" 2>/dev/null
                    "$venv/bin/python" - "$devices" "$file" "$scratch/device.crt" "$scratch/device.key" <<'PY'
import json, os, subprocess, sys
devices, folder, certificate, key = sys.argv[1:]
for thing in json.load(open(devices + ".provision/things.json")):
    target = os.path.join(folder, thing["thingName"])
    os.makedirs(target, exist_ok=True)
    os.link(certificate, os.path.join(target, "certificate.pem.crt"))
    os.link(key, os.path.join(target, "private.pem.key"))
PY
                fi ;;
        esac
    done
    [ "${argv[0]:-}" = fleet ] && [ "${argv[1]:-}" = run ] && argv+=(--duration 1)
    expect_exit check-kubernetes "$label as pod $host: hatchctl ${argv[0]} ${argv[1]:-} … (3: no broker)" 3 \
        env HOSTNAME="$host" HATCH_HOME="$home" timeout 60 "$hatchctl" "${argv[@]}"
    count=$((count + 1))
done < "$scratch/commands"
[ "$count" -gt 0 ] || { echo "check-kubernetes: no hatchctl command was run" >&2; exit 1; }
echo "check-kubernetes: deploy/kubernetes is valid"
