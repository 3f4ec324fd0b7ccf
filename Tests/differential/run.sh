#!/usr/bin/env bash
# Differential tests of flow, bricks and canvas against Taffy (see differential.py).
# Creates or reuses the virtual environment .venv-differential/ at the package root, installs
# requirements.txt into it, builds .build/debug/tatami when it is missing (or uses $TATAMI),
# and runs differential.py; extra arguments are passed on (--seed, --jobs, --only, --show).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
cd "$root"

venv="$root/.venv-differential"
if [[ -z "${PYTHON:-}" ]]; then
  if command -v python3.11 >/dev/null 2>&1; then PYTHON=python3.11; else PYTHON=python3; fi
fi

if ! "$venv/bin/python" -c "import sys" >/dev/null 2>&1; then
  echo "== creating $venv with $PYTHON ($("$PYTHON" --version 2>&1))"
  rm -rf "$venv"
  if ! "$PYTHON" -m venv "$venv"; then
    rm -rf "$venv"
    echo "differential: '$PYTHON -m venv' failed (on Debian: apt-get install python3-venv)" >&2
    exit 2
  fi
fi

# Install only when requirements.txt changed since the last successful install, so a run with
# the environment in place needs no network.
stamp="$venv/requirements.installed"
if ! cmp -s "$here/requirements.txt" "$stamp"; then
  echo "== pip install -r Tests/differential/requirements.txt"
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r "$here/requirements.txt"
  cp "$here/requirements.txt" "$stamp"
fi

tatami="${TATAMI:-$root/.build/debug/tatami}"
if [[ ! -x "$tatami" ]]; then
  echo "== swift build (no $tatami yet)"
  swift build --product tatami
fi

exec "$venv/bin/python" "$here/differential.py" --tatami "$tatami" "$@"
