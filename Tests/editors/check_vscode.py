"""Checks of the VS Code extension in editors/vscode that need neither VS Code nor npm.

- every file package.json names exists once scripts/copy-grammar.js has run (it is run here, on
  a copy of the extension, so the checkout is left alone), and the copies are the repository's
  grammar and schema;
- the contributions agree with each other and with extension.js (language, grammar scope,
  settings and their defaults, the command);
- `node --check` passes on every .js file;
- extension.js, run against stand-ins for `vscode` and `vscode-languageclient/node`
  (Tests/editors/stubs), starts `<tatami.server.path> lsp`, sends the default viewport, asks the
  server for `tatami.preview` and shows its answer beside the editor, and redraws once per burst
  of edits; its graphical preview opens a webview beside the editor holding the server's
  `tatami.previewHTML` page (with a policy that lets it load nothing), replaces it once per burst
  of edits, reuses the panel, and stops when the panel is closed.

Run by Tests/grammar/run.sh (pytest Tests/grammar Tests/editors/check_vscode.py).
"""

import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXTENSION = ROOT / "editors" / "vscode"
HERE = Path(__file__).resolve().parent

NODE = shutil.which("node")
needs_node = pytest.mark.skipif(NODE is None, reason="node is not installed")


@pytest.fixture(scope="module")
def manifest():
    return json.loads((EXTENSION / "package.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def packaged(tmp_path_factory):
    """A copy of the extension (and of grammar/, where the copy script looks) after the
    `vscode:prepublish` step has run in it."""
    root = tmp_path_factory.mktemp("checkout")
    shutil.copytree(ROOT / "grammar", root / "grammar")
    target = root / "editors" / "vscode"
    shutil.copytree(EXTENSION, target, ignore=shutil.ignore_patterns("node_modules", "syntaxes", "schemas", "*.vsix"))
    if NODE is None:
        pytest.skip("node is not installed: the copy step cannot run")
    manifest = json.loads((target / "package.json").read_text(encoding="utf-8"))
    command = manifest["scripts"]["vscode:prepublish"].split()
    assert command[0] == "node"
    subprocess.run([NODE, *command[1:]], cwd=target, check=True, capture_output=True, text=True)
    return target


def relative_paths(manifest):
    """Every file package.json points at, by what it is."""
    c = manifest["contributes"]
    paths = {"main": manifest["main"]}
    for i, language in enumerate(c["languages"]):
        paths[f"languages[{i}].configuration"] = language["configuration"]
    for i, grammar in enumerate(c["grammars"]):
        paths[f"grammars[{i}].path"] = grammar["path"]
    for i, validation in enumerate(c["yamlValidation"]):
        paths[f"yamlValidation[{i}].url"] = validation["url"]
    return paths


def test_every_file_package_json_names_exists_after_the_copy_step(manifest, packaged):
    missing = [f"{what}: {path}" for what, path in relative_paths(manifest).items() if not (packaged / path).is_file()]
    assert missing == []


def test_the_copies_are_the_repository_files(manifest, packaged):
    grammar = manifest["contributes"]["grammars"][0]["path"]
    assert (packaged / grammar).read_bytes() == (ROOT / "grammar" / "tatami.tmLanguage.json").read_bytes()
    schema = manifest["contributes"]["yamlValidation"][0]["url"]
    assert (packaged / schema).read_bytes() == (ROOT / "grammar" / "tatami.schema.json").read_bytes()


def test_the_copied_files_are_not_committed():
    ignored = (EXTENSION / ".gitignore").read_text(encoding="utf-8").split()
    assert "syntaxes/" in ignored and "schemas/" in ignored


def test_contributions_agree(manifest, packaged):
    c = manifest["contributes"]
    (language,) = c["languages"]
    assert language["id"] == "tatami"
    assert ".tatami.yaml" in language["extensions"] and "*.tatami.yaml" in language["filenamePatterns"]
    assert ".tatami.yml" in language["extensions"] and "*.tatami.yml" in language["filenamePatterns"]
    assert "icon" not in language
    (grammar,) = c["grammars"]
    assert grammar["language"] == "tatami"
    copied = json.loads((packaged / grammar["path"]).read_text(encoding="utf-8"))
    assert grammar["scopeName"] == copied["scopeName"] == "source.tatami"
    configuration = json.loads((packaged / language["configuration"]).read_text(encoding="utf-8"))
    assert configuration["comments"]["lineComment"] == "#"
    (validation, workspace) = c["yamlValidation"]
    assert "*.tatami.yaml" in validation["fileMatch"] and "*.tatami.yml" in validation["fileMatch"]
    json.loads((packaged / validation["url"]).read_text(encoding="utf-8"))
    # The workspace file (docs/workspace.md) has a schema of its own.
    assert workspace["fileMatch"] == ["tatami.config.yaml"]
    assert json.loads((packaged / workspace["url"]).read_text(encoding="utf-8"))["title"] == "Tatami workspace file"

    properties = c["configuration"]["properties"]
    assert properties["tatami.server.path"]["default"] == "tatami"
    assert properties["tatami.preview.viewport"]["default"] == ""
    commands = {cmd["command"]: cmd for cmd in c["commands"]}
    assert commands["tatami.showPreview"]["category"] == "Tatami"
    assert commands["tatami.showPreview"]["title"] == "Preview"
    assert "onLanguage:tatami" in manifest["activationEvents"]
    assert "vscode-languageclient" in manifest["dependencies"]
    # Pull diagnostics (LSP 3.17's textDocument/diagnostic) came with vscode-languageclient 8.0; the
    # range must not admit an older client, nor a major version whose defaults were not checked.
    pinned = manifest["dependencies"]["vscode-languageclient"]
    assert pinned.startswith("^") and int(pinned[1:].split(".")[0]) in (8, 9), pinned

    source = (EXTENSION / manifest["main"]).read_text(encoding="utf-8")
    assert "registerCommand('tatami.showPreview'" in source
    assert commands["tatami.showGraphicalPreview"]["category"] == "Tatami"
    assert "registerCommand('tatami.showGraphicalPreview'" in source
    assert commands["tatami.compareLayout"]["category"] == "Tatami"
    assert commands["tatami.compareLayout"]["title"] == "Compare Layout with HEAD"
    assert "registerCommand('tatami.compareLayout'" in source
    assert {m["command"] for m in c["menus"]["commandPalette"]} == {"tatami.showPreview", "tatami.showGraphicalPreview", "tatami.compareLayout"}
    assert {m["command"] for m in c["menus"]["editor/title"]} == {"tatami.showPreview", "tatami.showGraphicalPreview"}
    for setting in properties:
        section, key = setting.split(".", 1)
        assert section == "tatami" and f"'{key}'" in source, f"extension.js does not read {setting}"


def test_vscodeignore_keeps_what_the_extension_needs(manifest):
    ignored = [line for line in (EXTENSION / ".vscodeignore").read_text(encoding="utf-8").splitlines()
               if line and not line.startswith("#")]
    for path in relative_paths(manifest).values():
        top = path.removeprefix("./").split("/")[0]
        assert not any(pattern.split("/")[0] == top for pattern in ignored), f"{path} would be left out of the .vsix"
    assert not any(p.startswith("node_modules") for p in ignored), "the language client ships in node_modules"


@needs_node
def test_node_check_passes_on_every_js_file():
    files = sorted(p for p in EXTENSION.rglob("*.js") if "node_modules" not in p.parts)
    files += sorted(HERE.rglob("*.js"))
    assert len(files) >= 2
    for f in files:
        result = subprocess.run([NODE, "--check", str(f)], capture_output=True, text=True)
        assert result.returncode == 0, f"{f}: {result.stderr}"


@pytest.fixture(scope="module")
def session(tmp_path_factory, manifest):
    """The log of one session of extension.js against the stubs."""
    if NODE is None:
        pytest.skip("node is not installed")
    work = tmp_path_factory.mktemp("extension")
    shutil.copy(EXTENSION / manifest["main"], work / "extension.js")
    shutil.copy(HERE / "drive_extension.js", work / "drive_extension.js")
    modules = work / "node_modules"
    (modules / "vscode").mkdir(parents=True)
    shutil.copy(HERE / "stubs" / "vscode.js", modules / "vscode" / "index.js")
    (modules / "vscode-languageclient").mkdir()
    shutil.copy(HERE / "stubs" / "vscode-languageclient-node.js", modules / "vscode-languageclient" / "node.js")
    result = subprocess.run([NODE, "drive_extension.js", "extension.js"], cwd=work, capture_output=True, text=True,
                            timeout=60)
    assert result.returncode == 0, result.stderr
    log = json.loads(result.stdout)
    steps, current = {}, None
    for entry in log:
        if entry["event"] == "step":
            current = entry["detail"]
            steps[current] = []
        else:
            steps[current].append(entry)
    return steps


def events(entries, name):
    return [e.get("detail") for e in entries if e["event"] == name]


def test_activation_starts_the_server_and_sends_the_default_viewport(session):
    (client,) = events(session["activate"], "client")
    assert client["serverOptions"] == {"command": "/opt/tatami/bin/tatami", "args": ["lsp"]}
    assert {"scheme": "file", "language": "tatami"} in client["clientOptions"]["documentSelector"]
    # Pull diagnostics on change and on save, whatever the language client's defaults.
    assert client["clientOptions"]["diagnosticPullOptions"] == {"onChange": True, "onSave": True}
    assert events(session["activate"], "start") == [None]
    (notification,) = events(session["activate"], "notification")
    assert notification == {"method": "workspace/didChangeConfiguration",
                            "params": {"settings": {"tatami": {"defaultViewport": "phone"}}}}


def test_preview_asks_the_server_and_shows_the_answer_beside_the_editor(session):
    (request,) = events(session["preview"], "request")
    assert request == {"method": "workspace/executeCommand",
                       "params": {"command": "tatami.preview",
                                  "arguments": ["file:///work/Examples/avocado-toast.tatami.yaml", "phone"]}}
    (opened,) = events(session["preview"], "openTextDocument")
    assert opened["uri"].startswith("tatami-preview:")
    assert opened["text"] == 'ASCII ["file:///work/Examples/avocado-toast.tatami.yaml","phone"]'
    (shown,) = events(session["preview"], "showTextDocument")
    assert shown["uri"] == opened["uri"]
    assert shown["options"]["viewColumn"] == -2  # ViewColumn.Beside
    assert shown["options"]["preserveFocus"] is True


def test_a_burst_of_edits_redraws_the_preview_once(session):
    opened = events(session["preview"], "openTextDocument")[0]["uri"]
    # Three edits 50 ms apart, then quiet: one refresh, of this file's preview only.
    assert events(session["edits"], "fire") == [opened]


def test_changing_the_viewport_setting_tells_the_server_and_redraws(session):
    entries = session["viewport setting"]
    (notification,) = events(entries, "notification")
    assert notification["params"] == {"settings": {"tatami": {"defaultViewport": None}}}
    assert len(events(entries, "fire")) == 1
    (request,) = events(entries, "request")
    assert request["params"]["arguments"] == ["file:///work/Examples/avocado-toast.tatami.yaml"]


def test_graphical_preview_opens_a_webview_beside_the_editor_with_the_servers_page(session):
    entries = session["graphical preview"]
    (panel,) = events(entries, "createWebviewPanel")
    assert panel["viewType"] == "tatami.htmlPreview"
    assert panel["title"] == "avocado-toast.tatami.yaml (graphical preview)"
    assert panel["showOptions"] == {"viewColumn": -2, "preserveFocus": True}  # ViewColumn.Beside
    assert panel["options"] == {"enableScripts": True, "localResourceRoots": []}
    # Every viewport: no viewport argument, whatever tatami.preview.viewport says.
    (request,) = events(entries, "request")
    assert request == {"method": "workspace/executeCommand",
                       "params": {"command": "tatami.previewHTML",
                                  "arguments": ["file:///work/Examples/avocado-toast.tatami.yaml"]}}
    (shown,) = events(entries, "webviewHtml")
    assert shown["panel"] == panel["panel"]
    # The server's page, with a policy right after <head> that lets it load nothing.
    assert shown["html"].startswith("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta http-equiv=\"Content-Security-Policy\"")
    assert "default-src 'none'" in shown["html"]
    assert "<body>page 1 " in shown["html"]


def test_a_burst_of_edits_replaces_the_graphical_preview_once(session):
    entries = session["graphical edits"]
    (request,) = events(entries, "request")
    assert request["params"]["command"] == "tatami.previewHTML"
    (shown,) = events(entries, "webviewHtml")
    assert "<body>page 2 " in shown["html"]


def test_the_graphical_preview_is_reused(session):
    entries = session["graphical preview again"]
    assert events(entries, "createWebviewPanel") == []
    assert events(entries, "reveal") == [{"panel": 0, "viewColumn": -2, "preserveFocus": True}]
    (shown,) = events(entries, "webviewHtml")
    assert "<body>page 3 " in shown["html"]


def test_a_closed_graphical_preview_is_not_redrawn(session):
    entries = session["graphical preview closed"]
    assert events(entries, "disposePanel") == [{"panel": 0}]
    assert events(entries, "request") == [] and events(entries, "webviewHtml") == []


def test_compare_layout_asks_the_server_for_the_markdown_diff_and_shows_it(session):
    (request,) = events(session["compare layout"], "request")
    assert request == {"method": "workspace/executeCommand",
                       "params": {"command": "tatami.diff",
                                  "arguments": ["file:///work/Examples/avocado-toast.tatami.yaml", "HEAD", "markdown"]}}
    (opened,) = events(session["compare layout"], "openTextDocument")
    assert opened == {"content": 'DIFF ["file:///work/Examples/avocado-toast.tatami.yaml","HEAD","markdown"]', "language": "markdown"}
    (shown,) = events(session["compare layout"], "showTextDocument")
    assert shown["uri"].startswith("untitled:") and shown["options"]["viewColumn"] == -2


def test_the_compare_lens_answer_is_shown_and_other_commands_pass_through(session):
    entries = session["compare lens"]
    assert [r["params"]["command"] for r in events(entries, "request")] == ["tatami.diff", "tatami.preview"]
    (opened,) = events(entries, "openTextDocument")
    assert opened == {"content": 'DIFF ["file:///work/Examples/avocado-toast.tatami.yaml","HEAD","text"]', "language": "plaintext"}


def test_preview_of_another_language_asks_nothing(session):
    entries = session["not a tatami file"]
    assert events(entries, "request") == [] and events(entries, "openTextDocument") == []
    assert events(entries, "createWebviewPanel") == []
    assert len(events(entries, "information")) == 2


def test_deactivation_stops_the_server(session):
    assert events(session["deactivate"], "stop") == [None]
