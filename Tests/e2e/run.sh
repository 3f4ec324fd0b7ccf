#!/usr/bin/env bash
# End-to-end tests of `tatami lsp` with real clients: pytest-lsp (Python) and headless Neovim.
# Needs the debug build (`swift build`); makes its virtual environment on first use.
set -euo pipefail
cd "$(dirname "$0")/../.."
venv=.venv-e2e
py="$(command -v python3.11 || command -v python3)"
if [[ ! -x "$venv/bin/pytest" ]] || ! cmp -s Tests/e2e/requirements.txt "$venv/requirements.txt"; then
  "$py" -m venv "$venv"
  "$venv/bin/pip" install -q --disable-pip-version-check -r Tests/e2e/requirements.txt
  cp Tests/e2e/requirements.txt "$venv/requirements.txt"
fi
export TATAMI_BIN="${TATAMI_BIN:-$(swift build --show-bin-path)/tatami}"
"$venv/bin/pytest" -q -p no:cacheprovider -c Tests/e2e/pytest.ini Tests/e2e "$@"
