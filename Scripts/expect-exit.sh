# Sourced by the check scripts (check-compose.sh, check-kubernetes.sh).
# expect_exit TOOL LABEL EXPECTED COMMAND…: runs COMMAND with its standard output discarded; when it
# does not exit with EXPECTED, prints the command and its standard error and exits 1; else says so.
expect_exit() {
    local tool="$1" label="$2" expected="$3" errors status
    shift 3
    errors="$(mktemp)"
    set +e
    "$@" >/dev/null 2>"$errors"
    status=$?
    set -e
    if [ "$status" -ne "$expected" ]; then
        echo "$tool: $label: '$*' exited $status, expected $expected:" >&2
        cat "$errors" >&2
        rm -f "$errors"
        exit 1
    fi
    rm -f "$errors"
    echo "$tool: $label: exits $status, as expected"
}
