#!/usr/bin/env bash
# Differential tests of text measurement against headless Chromium (README.md beside this file).
# Creates or reuses .venv-text/ at the package root from requirements.txt, writes the cases
# (generate_cases.py, seeded), re-measures them in Chromium when the committed reference.json does
# not belong to them or when --refresh is given (chromium_reference.py; needs `chromium`), runs the
# engine and compares (compare.py; exit status 1 when a threshold fails).
#
#   run.sh [--refresh | --live] [--engine 'COMMAND {cases} {out}'] [-- compare.py arguments]
#
# --live measures the cases in Chromium whatever the committed reference holds, without
# rewriting it (what CI runs); --refresh measures them and rewrites reference.json.
#
# The engine defaults to the Python prototype (prototype_engine.py); $TEXT_ENGINE or --engine
# names another, e.g. --engine '.build/debug/tatami text-measure --cases {cases} --out {out}'.
# Work files go to $OUT (default .build/text-differential/).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
cd "$root"

refresh=0
engine="${TEXT_ENGINE:-}"
compare_args=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    --refresh) refresh=1; shift ;;
    --live) refresh=2; shift ;;
    --engine) engine="$2"; shift 2 ;;
    --) shift; compare_args=("$@"); break ;;
    *) echo "run.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done

source "$root/Tests/python-venv.sh"
python_venv text "$here/requirements.txt"
py="$venv/bin/python"
out="${OUT:-$root/.build/text-differential}"
mkdir -p "$out"
start=$(date +%s)

echo "== generate_cases.py"
"$py" "$here/generate_cases.py" --out "$out/cases.json"

digest=$(sha256sum "$out/cases.json" | cut -d' ' -f1)
committed=$("$py" -c 'import json,sys; print(json.load(open(sys.argv[1])).get("casesSha256",""))' "$here/reference.json" 2>/dev/null || true)
if [[ $refresh != 0 || "$digest" != "$committed" ]]; then
  [[ $refresh != 0 ]] || echo "== reference.json is not of these cases: measuring them in Chromium"
  echo "== chromium_reference.py"
  "$py" "$here/chromium_reference.py" --cases "$out/cases.json" --out "$out/reference.json"
  [[ $refresh == 1 ]] && cp "$out/reference.json" "$here/reference.json"
else
  cp "$here/reference.json" "$out/reference.json"
fi

if [[ -z "$engine" ]]; then
  echo "== prototype_engine.py"
  (cd "$here" && "$py" prototype_engine.py --cases "$out/cases.json" --out "$out/engine.json")
else
  cmd="${engine//\{cases\}/$out/cases.json}"
  cmd="${cmd//\{out\}/$out/engine.json}"
  echo "== $cmd"
  eval "$cmd"
fi

echo "== compare.py"
status=0
"$py" "$here/compare.py" --cases "$out/cases.json" --reference "$out/reference.json" --engine "$out/engine.json" \
  "${compare_args[@]}" || status=$?
echo "== $(( $(date +%s) - start )) s"
exit $status
