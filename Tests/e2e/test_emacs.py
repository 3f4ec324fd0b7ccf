"""Emacs 28 with Debian's elpa-eglot as the language server's client, through editors/emacs:
diagnostics, the preview, and completions and code actions applied as eglot applies them."""

import json
import os
import pathlib
import shutil
import subprocess

import pytest

import edit_cases
from conftest import TATAMI

HERE = pathlib.Path(__file__).parent
REPO = HERE.parents[1]


@pytest.mark.skipif(shutil.which("emacs") is None, reason="Emacs is not installed (.ci/run installs it)")
def test_emacs_eglot_gets_diagnostics_and_preview(tmp_path):
    path = tmp_path / "probe.tatami.yaml"
    path.write_text("viewports:\n  w: {width: 40, height: 16}\nbody:\n  hstak:\n    - text: hi\n")
    expected = tmp_path / "expected.txt"
    expected.write_text(subprocess.run([TATAMI, "preview", "--color", "never", str(path)], capture_output=True, text=True).stdout)
    env = dict(os.environ, TATAMI_BIN=TATAMI, TATAMI_FILE=str(path), TATAMI_EXPECTED=str(expected), HOME=str(tmp_path))
    out = subprocess.run(
        ["emacs", "--batch", "-l", str(REPO / "editors" / "emacs" / "tatami.el"), "-l", str(HERE / "emacs" / "probe.el")],
        env=env, capture_output=True, text=True, timeout=90, cwd=tmp_path,
    )
    assert out.returncode == 0, out.stdout + out.stderr
    assert "preview matches" in out.stdout + out.stderr
    assert "the preview opens at its top" in out.stdout + out.stderr


@pytest.mark.skipif(shutil.which("emacs") is None, reason="Emacs is not installed (.ci/run installs it)")
def test_emacs_serves_the_workspace_file_with_its_own_keys(tmp_path):
    # tatami.config.yaml opens in tatami-mode and the server checks it as a workspace file: the
    # misspelt code under `rules:` is reported, and nothing asks for a `body`.
    path = tmp_path / "tatami.config.yaml"
    path.write_text("rules:\n  too-dep: off\n")
    env = dict(os.environ, TATAMI_BIN=TATAMI, TATAMI_FILE=str(path), TATAMI_EXPECT_TEXT="`too-dep` is not a diagnostic code",
               HOME=str(tmp_path))
    out = subprocess.run(
        ["emacs", "--batch", "-l", str(REPO / "editors" / "emacs" / "tatami.el"), "-l", str(HERE / "emacs" / "probe.el")],
        env=env, capture_output=True, text=True, timeout=90, cwd=tmp_path,
    )
    assert out.returncode == 0, out.stdout + out.stderr
    assert "is not a diagnostic code" in out.stdout + out.stderr


@pytest.mark.skipif(shutil.which("emacs") is None, reason="Emacs is not installed (.ci/run installs it)")
def test_emacs_reads_the_server_command_at_start_and_previews_the_text_just_typed(tmp_path):
    # One view (a useless-container warning, so diagnostics arrive); the session replaces
    # `text: hi` by `text: edited` and previews at once.
    text = "viewports:\n  w: {width: 80, height: 16}\nbody:\n  vstack:\n    - text: hi\n"
    path = tmp_path / "probe.tatami.yaml"
    path.write_text(text)
    edited = tmp_path / "edited.tatami.yaml"
    edited.write_text(text.replace("text: hi", "text: edited"))
    expected = tmp_path / "expected.txt"
    expected.write_text(subprocess.run([TATAMI, "preview", "--color", "never", str(edited)], capture_output=True, text=True).stdout)
    assert "edited" in expected.read_text()
    # The command the user sets: a script that notes it was run, then is the server.
    mark = tmp_path / "server-started"
    wrapper = tmp_path / "my-tatami"
    wrapper.write_text(f"#!/bin/sh\necho started > '{mark}'\nexec '{TATAMI}' lsp\n")
    wrapper.chmod(0o755)
    env = dict(os.environ, TATAMI_WRAPPER=str(wrapper), TATAMI_MARK=str(mark), TATAMI_FILE=str(path),
               TATAMI_EDITED_EXPECTED=str(expected), HOME=str(tmp_path))
    out = subprocess.run(
        ["emacs", "--batch", "-l", str(REPO / "editors" / "emacs" / "tatami.el"), "-l", str(HERE / "emacs" / "session.el")],
        env=env, capture_output=True, text=True, timeout=90, cwd=tmp_path,
    )
    assert out.returncode == 0, out.stdout + out.stderr
    assert "the preview right after an edit shows the edit" in out.stdout + out.stderr


@pytest.mark.skipif(shutil.which("emacs") is None, reason="Emacs is not installed (.ci/run installs it)")
def test_tatami_el_byte_compiles_without_warnings(tmp_path):
    source = tmp_path / "tatami.el"
    source.write_text((REPO / "editors" / "emacs" / "tatami.el").read_text())
    out = subprocess.run(
        ["emacs", "--batch", "--eval", "(setq byte-compile-error-on-warn t)", "-f", "batch-byte-compile", str(source)],
        capture_output=True, text=True, timeout=60, env=dict(os.environ, HOME=str(tmp_path)),
    )
    assert out.returncode == 0, out.stdout + out.stderr
    assert (tmp_path / "tatami.elc").exists()


@pytest.mark.skipif(shutil.which("emacs") is None, reason="Emacs is not installed (.ci/run installs it)")
def test_eglot_applies_every_kind_of_completion_and_code_actions(tmp_path):
    # eglot's completion-at-point function and its exit function, which applies the item's
    # textEdit as written; code actions through eglot-code-actions.
    cases, results = tmp_path / "cases.json", tmp_path / "results.json"
    edit_cases.write_cases(cases)
    env = dict(os.environ, TATAMI_BIN=TATAMI, TATAMI_DIR=str(tmp_path), TATAMI_CASES=str(cases),
               TATAMI_RESULTS=str(results), HOME=str(tmp_path))
    out = subprocess.run(
        ["emacs", "--batch", "-l", str(REPO / "editors" / "emacs" / "tatami.el"), "-l", str(HERE / "emacs" / "edits.el")],
        env=env, capture_output=True, text=True, timeout=180, cwd=tmp_path,
    )
    assert out.returncode == 0, out.stdout + out.stderr
    failures = edit_cases.check_results(json.loads(results.read_text()), TATAMI, tmp_path)
    assert not failures, "\n".join(failures)


# An example with non-ASCII text (UTF-16 columns differ from bytes) and its unformatted twin.
FORMAT_EXAMPLE = "avocado-toast"


@pytest.mark.skipif(shutil.which("emacs") is None, reason="Emacs is not installed (.ci/run installs it)")
def test_eglot_formats_and_formats_on_save_only_when_enabled(tmp_path):
    # eglot-format-buffer turns the unformatted twin into the example; saving changes nothing
    # until tatami-format-on-save is set, then saves the canonical text; a file with a syntax
    # error is saved as it is.
    unformatted = (REPO / "Tests" / "Fixtures" / "format" / f"{FORMAT_EXAMPLE}.unformatted.tatami.yaml").read_text(encoding="utf-8")
    expected = REPO / "Examples" / f"{FORMAT_EXAMPLE}.tatami.yaml"
    manual, on_save, broken = tmp_path / "manual.tatami.yaml", tmp_path / "on-save.tatami.yaml", tmp_path / "broken.tatami.yaml"
    manual.write_text(unformatted, encoding="utf-8")
    on_save.write_text(unformatted, encoding="utf-8")
    broken.write_text("body:\n    vstack: [\n      - text: a\n")
    env = dict(os.environ, TATAMI_BIN=TATAMI, TATAMI_MANUAL=str(manual), TATAMI_ON_SAVE=str(on_save), TATAMI_BROKEN=str(broken),
               TATAMI_EXPECTED=str(expected), HOME=str(tmp_path))
    out = subprocess.run(
        ["emacs", "--batch", "-l", str(REPO / "editors" / "emacs" / "tatami.el"), "-l", str(HERE / "emacs" / "format.el")],
        env=env, capture_output=True, text=True, timeout=90, cwd=tmp_path,
    )
    assert out.returncode == 0, out.stdout + out.stderr
    assert on_save.read_text(encoding="utf-8") == expected.read_text(encoding="utf-8")
    assert manual.read_text(encoding="utf-8") == unformatted  # formatted in the buffer, never saved


@pytest.mark.skipif(shutil.which("emacs") is None, reason="Emacs is not installed (.ci/run installs it)")
def test_emacs_tatami_diff_compares_the_buffer_with_head(tmp_path):
    from test_neovim import DIFF_SCREEN, git_repository
    git_repository(tmp_path, {"screen.tatami.yaml": DIFF_SCREEN})
    env = dict(os.environ, TATAMI_BIN=TATAMI, TATAMI_FILE=str(tmp_path / "screen.tatami.yaml"), HOME=str(tmp_path))
    out = subprocess.run(
        ["emacs", "--batch", "-l", str(REPO / "editors" / "emacs" / "tatami.el"), "-l", str(HERE / "emacs" / "diff.el")],
        env=env, capture_output=True, text=True, timeout=90, cwd=tmp_path,
    )
    assert out.returncode == 0, out.stdout + out.stderr
    assert "diff shown" in out.stdout + out.stderr
