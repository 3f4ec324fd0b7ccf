"""Neovim 0.7 (headless) as the language server's client: diagnostics and hover."""

import os
import pathlib
import shutil
import subprocess

import pytest

from conftest import TATAMI, WORKSPACE

HERE = pathlib.Path(__file__).parent


@pytest.mark.skipif(shutil.which("nvim") is None, reason="Neovim is not installed (.ci/run installs it)")
def test_neovim_gets_diagnostics_and_hover():
    path = WORKSPACE / "nvim-probe.tatami.yaml"
    # Line 3 (0-based) has `paddin`, an unknown key at column 4; line 4's text is 100 wide
    # (a fixed frame) in viewport phone.
    path.write_text(
        "viewports:\n"
        "  phone: {width: 320, height: 200}\n"
        "body:\n"
        "    paddin: 4\n"
        "    text: hello\n"
        "    frame: {width: 100, height: 20}\n"
    )
    env = dict(os.environ, TATAMI_BIN=TATAMI, TATAMI_FILE=str(path))
    out = subprocess.run(
        ["nvim", "--headless", "-u", "NONE", "-c", f"luafile {HERE / 'nvim' / 'lsp_client.lua'}"],
        env=env, capture_output=True, text=True, timeout=60,
    )
    assert out.returncode == 0, out.stdout + out.stderr
