"""Shared fixtures of the grammar, schema and editor checks (run by Tests/grammar/run.sh).

The `tatami` binary is $TATAMI, or the one `swift build --show-bin-path` names.
"""

import json
import os
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "Examples").rglob("*.tatami.yaml"))


def tatami_binary():
    path = os.environ.get("TATAMI")
    if not path:
        bin_dir = subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, check=True,
                                 capture_output=True, text=True).stdout.strip()
        path = os.path.join(bin_dir, "tatami")
    if not os.access(path, os.X_OK):
        pytest.exit(f"no tatami binary at {path}: run `swift build` first (or set TATAMI)", returncode=2)
    return path


@pytest.fixture(scope="session")
def tatami():
    """Runs the binary: tatami("lint", path) -> CompletedProcess."""
    binary = tatami_binary()

    def run(*args, **kwargs):
        return subprocess.run([binary, *args], cwd=kwargs.pop("cwd", ROOT), capture_output=True, text=True, **kwargs)

    return run


@pytest.fixture(scope="session")
def schema(tatami):
    """The schema as `tatami schema` prints it."""
    result = tatami("schema")
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


@pytest.fixture(scope="session")
def grammar():
    return json.loads((ROOT / "grammar" / "tatami.tmLanguage.json").read_text(encoding="utf-8"))
