#!/usr/bin/env bash
# The grammar, schema and editor checks: Tests/grammar (the JSON Schema against the examples and
# the invalid files, the TextMate grammar token by token) and Tests/editors/check_vscode.py.
# Creates or reuses the virtual environment .venv-grammar/ at the package root, installs
# requirements.txt into it, builds the tatami binary (`swift build`), and runs pytest against
# it ($TATAMI overrides the binary). Extra arguments go to pytest (-k, -x, -v…).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
cd "$root"

venv="$root/.venv-grammar"
if [[ -z "${PYTHON:-}" ]]; then
  if command -v python3.11 >/dev/null 2>&1; then PYTHON=python3.11; else PYTHON=python3; fi
fi

if ! "$venv/bin/python" -c "import sys" >/dev/null 2>&1; then
  echo "== creating $venv with $PYTHON ($("$PYTHON" --version 2>&1))"
  rm -rf "$venv"
  if ! "$PYTHON" -m venv "$venv"; then
    rm -rf "$venv"
    echo "grammar: '$PYTHON -m venv' failed (on Debian: apt-get install python3-venv)" >&2
    exit 2
  fi
fi

# Install only when requirements.txt changed since the last successful install, so a run with
# the environment in place needs no network.
stamp="$venv/requirements.installed"
if ! cmp -s "$here/requirements.txt" "$stamp"; then
  echo "== pip install -r Tests/grammar/requirements.txt"
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r "$here/requirements.txt"
  cp "$here/requirements.txt" "$stamp"
fi

if [[ -z "${TATAMI:-}" ]]; then
  echo "== swift build --product tatami"
  swift build --product tatami
  TATAMI="$(swift build --show-bin-path)/tatami"
fi
export TATAMI

echo "== pytest Tests/grammar Tests/editors/check_vscode.py (tatami: $TATAMI)"
exec "$venv/bin/python" -m pytest -q -p no:cacheprovider "$@" "$here" "$root/Tests/editors/check_vscode.py"
