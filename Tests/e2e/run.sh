#!/usr/bin/env bash
# End-to-end tests of `tatami lsp` with real clients: pytest-lsp, a raw JSON-RPC client, headless
# Neovim and batch Emacs with eglot.
# Needs the debug build (`swift build`); makes its virtual environment on first use.
set -euo pipefail
cd "$(dirname "$0")/../.."
source Tests/python-venv.sh
python_venv e2e "$PWD/Tests/e2e/requirements.txt"
export TATAMI_BIN="${TATAMI_BIN:-$(swift build --show-bin-path)/tatami}"
"$venv/bin/pytest" -q -p no:cacheprovider -c Tests/e2e/pytest.ini Tests/e2e "$@"
