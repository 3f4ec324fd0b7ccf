"""Neovim 0.7 (headless) as the language server's client: diagnostics, hover, and completions
and code actions applied as Neovim applies them."""

import json
import os
import pathlib
import shutil
import subprocess

import pytest

import edit_cases
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


@pytest.mark.skipif(shutil.which("nvim") is None, reason="Neovim is not installed (.ci/run installs it)")
def test_neovim_plugin_gives_diagnostics_and_preview(tmp_path):
    repo = HERE.parents[1]
    path = tmp_path / "probe.tatami.yaml"
    # A text cut in a narrow viewport: one text-truncated warning.
    path.write_text(
        "viewports:\n"
        "  narrow: {width: 80, height: 32}\n"
        "body:\n"
        "  hstack:\n"
        "    - image: star\n"
        "    - text: A long title here\n"
        "  lineLimit: 1\n"
    )
    expected = tmp_path / "expected.txt"
    expected.write_text(subprocess.run([TATAMI, "preview", "--color", "never", str(path)], capture_output=True, text=True).stdout)
    env = dict(os.environ, TATAMI_BIN=TATAMI, TATAMI_FILE=str(path), TATAMI_EXPECTED=str(expected),
               TATAMI_PLUGIN=str(repo / "editors" / "nvim"))
    out = subprocess.run(
        ["nvim", "--headless", "-u", str(HERE / "nvim" / "minimal_init.lua"), "-c", f"luafile {HERE / 'nvim' / 'plugin_test.lua'}"],
        env=env, capture_output=True, text=True, timeout=90, cwd=tmp_path,
    )
    assert out.returncode == 0, out.stdout + out.stderr


LIBRARY = "components:\n  Tag:\n    params:\n      label: {type: string}\n    body:\n      text: $label\nbody:\n  Tag: {label: showcase}\n"
# Imports the library from the folder beside its own; line 6 has an unknown key.
SCREEN = "imports: [../lib/lib.tatami.yaml]\nbody:\n  vstack:\n    - Tag: {label: Home}\n    - text: hello\n  paddin: 4\n"


@pytest.mark.skipif(shutil.which("nvim") is None, reason="Neovim is not installed (.ci/run installs it)")
def test_neovim_plugin_sets_up_roots_filetypes_k_and_omnifunc(tmp_path):
    repo = HERE.parents[1]
    app = tmp_path / "app"
    (app / "lib").mkdir(parents=True)
    (app / "screens").mkdir()
    (app / "lib" / "lib.tatami.yaml").write_text(LIBRARY)
    for name in ["home.tatami.yaml", "card.tatami.yml", "plain.tatami.yaml"]:
        (app / "screens" / name).write_text(SCREEN)
    # What Neovim must match: the command line, run where Neovim runs, reads the import.
    lint = subprocess.run([TATAMI, "lint", "screens/home.tatami.yaml"], cwd=app, capture_output=True, text=True)
    assert lint.stdout.splitlines() == [
        "screens/home.tatami.yaml:6:3: error: unknown key `paddin`; did you mean `padding`? [unknown-key]"], lint.stdout
    marked = tmp_path / "marked"
    (marked / "deep").mkdir(parents=True)
    # A workspace file with a misspelt code under `rules:`: the server checks it too.
    (marked / "tatami.config.yaml").write_text("rules:\n  usless-container: off\n")
    (marked / "deep" / "x.tatami.yaml").write_text("body: {text: x}\n")
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "y.tatami.yaml").write_text("body: {text: y}\n")
    env = dict(os.environ, TATAMI_BIN=TATAMI, TATAMI_PLUGIN=str(repo / "editors" / "nvim"), TATAMI_APP=str(app),
               TATAMI_MARKED=str(marked), TATAMI_OUTSIDE=str(outside))
    out = subprocess.run(
        ["nvim", "--headless", "-u", str(HERE / "nvim" / "minimal_init.lua"), "-c", f"luafile {HERE / 'nvim' / 'setup_test.lua'}"],
        env=env, capture_output=True, text=True, timeout=90, cwd=app,
    )
    assert out.returncode == 0, out.stdout + out.stderr


@pytest.mark.skipif(shutil.which("nvim") is None, reason="Neovim is not installed (.ci/run installs it)")
def test_neovim_applies_every_kind_of_completion_and_code_actions(tmp_path):
    # Neovim's own insertion: <C-x><C-o> (vim.lsp.omnifunc), <C-n> to the item, <C-y>; code
    # actions through vim.lsp.buf.code_action(). Neovim 0.7 declares neither snippets nor
    # insertTextMode, so a line break in an item would land as a NUL.
    cases, results = tmp_path / "cases.json", tmp_path / "results.json"
    edit_cases.write_cases(cases)
    env = dict(os.environ, TATAMI_BIN=TATAMI, TATAMI_DIR=str(tmp_path),
               TATAMI_CASES=str(cases), TATAMI_RESULTS=str(results))
    out = subprocess.run(
        ["nvim", "--headless", "-u", "NONE", "-c", f"luafile {HERE / 'nvim' / 'edits.lua'}"],
        env=env, capture_output=True, text=True, timeout=120, cwd=tmp_path,
    )
    assert out.returncode == 0, out.stdout + out.stderr
    failures = edit_cases.check_results(json.loads(results.read_text()), TATAMI, tmp_path)
    assert not failures, "\n".join(failures)


# An example with non-ASCII text (UTF-16 columns differ from bytes) and its unformatted twin.
FORMAT_EXAMPLE = "avocado-toast"


@pytest.mark.skipif(shutil.which("nvim") is None, reason="Neovim is not installed (.ci/run installs it)")
def test_neovim_formats_and_formats_on_save_only_when_enabled(tmp_path):
    # vim.lsp.buf.formatting_sync() turns the unformatted twin into the example; :write changes
    # nothing until the plugin's format_on_save is set, then writes the canonical text; a file
    # with a syntax error is written as it is.
    repo = HERE.parents[1]
    unformatted = (repo / "Tests" / "Fixtures" / "format" / f"{FORMAT_EXAMPLE}.unformatted.tatami.yaml").read_text(encoding="utf-8")
    expected = repo / "Examples" / f"{FORMAT_EXAMPLE}.tatami.yaml"
    manual, on_save, broken = tmp_path / "manual.tatami.yaml", tmp_path / "on-save.tatami.yaml", tmp_path / "broken.tatami.yaml"
    manual.write_text(unformatted, encoding="utf-8")
    on_save.write_text(unformatted, encoding="utf-8")
    broken.write_text("body:\n    vstack: [\n      - text: a\n")
    env = dict(os.environ, TATAMI_BIN=TATAMI, TATAMI_PLUGIN=str(repo / "editors" / "nvim"), TATAMI_MANUAL=str(manual),
               TATAMI_ON_SAVE=str(on_save), TATAMI_BROKEN=str(broken), TATAMI_EXPECTED=str(expected))
    out = subprocess.run(
        ["nvim", "--headless", "-u", str(HERE / "nvim" / "minimal_init.lua"), "-c", f"luafile {HERE / 'nvim' / 'format_test.lua'}"],
        env=env, capture_output=True, text=True, timeout=90, cwd=tmp_path,
    )
    assert out.returncode == 0, out.stdout + out.stderr
    assert on_save.read_text(encoding="utf-8") == expected.read_text(encoding="utf-8")
    assert manual.read_text(encoding="utf-8") == unformatted  # formatted in the buffer, never written


DIFF_SCREEN = """viewports:
  phone: {width: 200, height: 100}
body:
  vstack:
    - color: red
      frame: {width: 50, height: 40}
    - color: blue
      frame: {width: 50, height: 20}
  alignment: leading
  frame: {maxWidth: infinity, maxHeight: infinity, alignment: topLeading}
"""


def git_repository(directory, files):
    """A git repository in `directory` with `files` committed."""
    for name, text in files.items():
        (directory / name).write_text(text)
    for args in (["init", "-q"], ["config", "user.email", "t@example.com"], ["config", "user.name", "T"],
                 ["add", "-A"], ["commit", "-q", "-m", "one"]):
        subprocess.run(["git", *args], cwd=directory, check=True, capture_output=True)


@pytest.mark.skipif(shutil.which("nvim") is None, reason="Neovim is not installed (.ci/run installs it)")
def test_neovim_plugin_compares_the_layout_with_head(tmp_path):
    repo = HERE.parents[1]
    git_repository(tmp_path, {"screen.tatami.yaml": DIFF_SCREEN})
    env = dict(os.environ, TATAMI_BIN=TATAMI, TATAMI_FILE=str(tmp_path / "screen.tatami.yaml"),
               TATAMI_PLUGIN=str(repo / "editors" / "nvim"))
    out = subprocess.run(
        ["nvim", "--headless", "-u", str(HERE / "nvim" / "minimal_init.lua"), "-c", f"luafile {HERE / 'nvim' / 'diff_test.lua'}"],
        env=env, capture_output=True, text=True, timeout=90, cwd=tmp_path,
    )
    assert out.returncode == 0, out.stdout + out.stderr
