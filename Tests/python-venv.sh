# Sourced by the Python test runners (Tests/differential, Tests/grammar, Tests/e2e):
#   python_venv NAME REQUIREMENTS
# makes or reuses the virtual environment .venv-NAME/ at the package root and installs
# REQUIREMENTS into it when they changed since the last successful install (so a run with the
# environment in place needs no network). Sets $venv. $PYTHON chooses the interpreter.
python_venv() {
  local name="$1" requirements="$2"
  local root
  root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
  venv="$root/.venv-$name"
  if [[ -z "${PYTHON:-}" ]]; then
    if command -v python3.11 >/dev/null 2>&1; then PYTHON=python3.11; else PYTHON=python3; fi
  fi
  if ! "$venv/bin/python" -c "import sys" >/dev/null 2>&1; then
    echo "== creating $venv with $PYTHON ($("$PYTHON" --version 2>&1))"
    rm -rf "$venv"
    if ! "$PYTHON" -m venv "$venv"; then
      rm -rf "$venv"
      echo "$name: '$PYTHON -m venv' failed (on Debian: apt-get install python3-venv)" >&2
      exit 2
    fi
  fi
  local stamp="$venv/requirements.installed"
  if ! cmp -s "$requirements" "$stamp"; then
    echo "== pip install -r ${requirements#"$root"/}"
    "$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r "$requirements"
    cp "$requirements" "$stamp"
  fi
}
