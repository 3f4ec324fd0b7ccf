#!/bin/sh
# Runs two builds of `tatami` over the same files and compares their outputs byte for byte:
# `frames --format json`, `lint --format json`, `lint` (text), `preview` and `format`, each with
# its exit status and standard error. Used to show a refactoring changes no output.
#
#   scripts/compare-outputs.sh OLD_TATAMI NEW_TATAMI [EXTRA_FILE ...]
#
# The files: Examples/**/*.tatami.yaml, Tests/Fixtures/**/*.tatami.yaml and any extra files
# given (the server benchmark's: `python3 -c 'import sys; sys.path.insert(0, "scripts");
# import importlib; m = importlib.import_module("lsp-latency"); print(m.generate(500))'`).
# Both builds run from this directory with the same relative paths, so paths in messages match.
# Prints one line per difference and a summary; exits 1 when anything differs.
set -u
old=$1
new=$2
shift 2
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
cd "$(dirname "$0")/.."

{ find Examples Tests/Fixtures -name '*.tatami.yaml' | sort; for f in "$@"; do echo "$f"; done; } > "$out/files"

run() {  # run BIN FILE COMMAND... → stdout, stderr and status in one record
    bin=$1 file=$2
    shift 2
    "$bin" "$@" "$file" > "$out/o" 2> "$out/e" < /dev/null
    status=$?
    cat "$out/o"
    printf '\n--- stderr\n'
    cat "$out/e"
    printf '\n--- status %s\n' "$status"
}

files=0 compared=0 differ=0
while IFS= read -r f; do
    files=$((files + 1))
    for cmd in "frames --format json" "lint --format json" "lint --color never" "preview" "format"; do
        # shellcheck disable=SC2086
        run "$old" "$f" $cmd > "$out/old"
        # shellcheck disable=SC2086
        run "$new" "$f" $cmd > "$out/new"
        compared=$((compared + 1))
        if ! cmp -s "$out/old" "$out/new"; then
            differ=$((differ + 1))
            echo "DIFFERS: tatami $cmd $f"
        fi
    done
done < "$out/files"
echo "$files files, $compared outputs compared, $differ differ"
[ "$differ" -eq 0 ]
