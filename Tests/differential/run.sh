#!/usr/bin/env bash
# Differential tests of flow, bricks and canvas against Taffy (see differential.py).
# Creates or reuses the virtual environment .venv-differential/ at the package root, installs
# requirements.txt into it, builds .build/debug/tatami when it is missing (or uses $TATAMI),
# and runs differential.py; extra arguments are passed on (--seed, --jobs, --only, --show).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
cd "$root"

source "$root/Tests/python-venv.sh"
python_venv differential "$here/requirements.txt"

tatami="${TATAMI:-$root/.build/debug/tatami}"
if [[ ! -x "$tatami" ]]; then
  echo "== swift build (no $tatami yet)"
  swift build --product tatami
fi

exec "$venv/bin/python" "$here/differential.py" --tatami "$tatami" "$@"
