"""Edits the server hands a client, against the built binary (issue 28): versioned
`documentChanges` when the client takes them, preferred code actions only for fixes `lint --fix`
would keep, and range formatting of a whole document with its insertions after the last line."""

import pytest

from conftest import TATAMI, uri
from rawclient import RawServer


@pytest.fixture
def raw():
    s = RawServer(TATAMI)
    yield s
    s.close()


def open_text(raw, path, text, version):
    raw.notify("textDocument/didOpen", {"textDocument": {"uri": uri(path), "languageId": "tatami", "version": version, "text": text}})


def test_rename_and_code_actions_are_versioned_document_changes(raw, tmp_path):
    (tmp_path / ".git").mkdir()
    library = tmp_path / "lib.tatami.yaml"
    library.write_text("components:\n  Tag:\n    params: {label: {type: string}}\n    body: {text: $label}\nbody: {Tag: {label: x}}\n")
    main = tmp_path / "main.tatami.yaml"
    raw.initialize(capabilities={"workspace": {"workspaceEdit": {"documentChanges": True}}}, rootUri=uri(tmp_path))
    open_text(raw, main, "imports: [lib.tatami.yaml]\nbody:\n  Tag: {label: hi}\n  paddng: 4\n", 5)
    r = raw.request(2, "textDocument/rename", {"textDocument": {"uri": uri(main)}, "position": {"line": 2, "character": 3}, "newName": "Label"})
    changes = r["result"]["documentChanges"]
    assert "changes" not in r["result"]
    # The open document at the version it was opened with; the file on disk, not open: null.
    assert [(c["textDocument"]["uri"], c["textDocument"]["version"]) for c in changes] == [(uri(main), 5), (uri(library), None)]
    assert all(e["newText"] == "Label" for c in changes for e in c["edits"])

    actions = raw.request(3, "textDocument/codeAction", {
        "textDocument": {"uri": uri(main)}, "range": {"start": {"line": 3, "character": 2}, "end": {"line": 3, "character": 2}},
        "context": {"diagnostics": []}})["result"]
    fix = next(a for a in actions if a["title"] == "Change to `padding`")
    assert fix["isPreferred"] is True
    assert fix["edit"]["documentChanges"][0]["textDocument"] == {"uri": uri(main), "version": 5}


def test_range_formatting_of_the_whole_document_returns_its_insertions(raw, tmp_path):
    path = tmp_path / "f.tatami.yaml"
    raw.initialize(rootUri=uri(tmp_path))
    # The kind key goes first: the diff deletes `padding` and inserts it after the last line.
    open_text(raw, path, "body:\n  padding: 4\n  text: a\n", 1)
    for n, end in enumerate([{"line": 3, "character": 0}, {"line": 2, "character": 9}]):
        r = raw.request(10 + n, "textDocument/rangeFormatting", {
            "textDocument": {"uri": uri(path)}, "range": {"start": {"line": 0, "character": 0}, "end": end},
            "options": {"tabSize": 2, "insertSpaces": True}})
        edits = r["result"]
        assert any(e["newText"] == "  padding: 4\n" and e["range"]["start"] == {"line": 3, "character": 0} for e in edits), edits
