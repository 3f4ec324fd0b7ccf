"""Editing features of `tatami lsp` through pytest-lsp: symbols, definition and references
across imports, rename, code actions, semantic tokens, folding."""

import pytest
from lsprotocol import types

from conftest import WORKSPACE, change, open_document, uri, wait_for_diagnostics


def ident(path):
    return types.TextDocumentIdentifier(uri=uri(path))


def position_of(text: str, needle: str, nth: int = 0, offset: int = 0):
    """The UTF-16 position of the nth occurrence of needle (plus offset characters)."""
    index = -1
    for _ in range(nth + 1):
        index = text.index(needle, index + 1)
    index += offset
    line = text.count("\n", 0, index)
    start = text.rfind("\n", 0, index) + 1
    return types.Position(line=line, character=len(text[start:index].encode("utf-16-le")) // 2)


async def test_document_symbols_show_the_view_tree(client):
    path = WORKSPACE / "layout-priority.tatami.yaml"
    await open_document(client, path)
    symbols = await client.text_document_document_symbol_async(types.DocumentSymbolParams(text_document=ident(path)))
    names = [s.name for s in symbols]
    assert "viewports" in names and "body" in names
    body = next(s for s in symbols if s.name == "body")
    hstack = body.children[0]
    assert hstack.name == "hstack"
    assert [c.name for c in hstack.children] == ["text", "image", "text"]
    viewports = next(s for s in symbols if s.name == "viewports")
    assert [c.name for c in viewports.children] == ["narrow", "wide"]


async def test_definition_and_references_cross_imports(client):
    profile = WORKSPACE / "profile.tatami.yaml"
    library = WORKSPACE / "components" / "library.tatami.yaml"
    text = profile.read_text()
    await open_document(client, profile)
    # `Badge` used in profile → declared in the library.
    result = await client.text_document_definition_async(
        types.DefinitionParams(text_document=ident(profile), position=position_of(text, "Badge: {label: Pro", offset=1))
    )
    locations = result if isinstance(result, list) else [result]
    assert len(locations) == 1
    assert locations[0].uri == uri(library)
    lib_text = library.read_text()
    assert locations[0].range.start == position_of(lib_text, "Badge:")
    # References of the declaration, asked from the library: uses in the importers too.
    await open_document(client, library)
    refs = await client.text_document_references_async(
        types.ReferenceParams(
            text_document=ident(library), position=position_of(lib_text, "Badge:"),
            context=types.ReferenceContext(include_declaration=True),
        )
    )
    uris = {r.uri for r in refs}
    assert uri(profile) in uris and uri(library) in uris
    assert sum(1 for r in refs if r.uri == uri(profile)) == 2  # Pro badge and the accessory's


async def test_rename_a_component_across_files(client):
    profile = WORKSPACE / "profile.tatami.yaml"
    library = WORKSPACE / "components" / "library.tatami.yaml"
    text = profile.read_text()
    await open_document(client, profile)
    pos = position_of(text, "Avatar:")
    prepared = await client.text_document_prepare_rename_async(types.PrepareRenameParams(text_document=ident(profile), position=pos))
    assert prepared is not None
    edit = await client.text_document_rename_async(types.RenameParams(text_document=ident(profile), position=pos, new_name="Portrait"))
    assert set(edit.changes.keys()) >= {uri(profile), uri(library)}
    assert all(e.new_text == "Portrait" for edits in edit.changes.values() for e in edits)
    # A lowercase name is not a component name: refused with a message.
    with pytest.raises(Exception) as refused:
        await client.text_document_rename_async(types.RenameParams(text_document=ident(profile), position=pos, new_name="portrait"))
    assert "capital" in str(refused.value).lower() or "upper" in str(refused.value).lower()


async def test_code_action_applies_did_you_mean(client):
    path = WORKSPACE / "typo.tatami.yaml"
    text = "body:\n  vstak:\n    - text: hi\n  paddin: 4\n"
    path.write_text(text)
    await open_document(client, path, text)
    diags = client.diagnostics[uri(path)]
    first = next(d for d in diags if d.range.start.line == 1)
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(text_document=ident(path), range=first.range, context=types.CodeActionContext(diagnostics=[first]))
    )
    titles = [a.title for a in actions]
    assert any("vstack" in t for t in titles), titles
    fix = next(a for a in actions if "vstack" in a.title)
    edits = fix.edit.changes[uri(path)]
    assert edits[0].new_text == "vstack" and edits[0].range == first.range
    # Removing the unknown key: the action deletes its line.
    padding = next(d for d in diags if d.range.start.line == 3)
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(text_document=ident(path), range=padding.range, context=types.CodeActionContext(diagnostics=[padding]))
    )
    assert any(a.title.lower().startswith("remove") for a in actions), [a.title for a in actions]


async def test_semantic_tokens_and_folding(client):
    path = WORKSPACE / "avocado-toast.tatami.yaml"
    text = path.read_text()
    await open_document(client, path)
    tokens = await client.text_document_semantic_tokens_full_async(types.SemanticTokensParams(text_document=ident(path)))
    assert tokens.data and len(tokens.data) % 5 == 0
    # Decode: the first token on the `body:`'s kind line is a kind keyword.
    decoded, line, col = [], 0, 0
    for i in range(0, len(tokens.data), 5):
        dl, dc, length, typ, mods = tokens.data[i:i + 5]
        line += dl
        col = dc if dl else col + dc
        decoded.append((line, col, length, typ))
    lines = text.split("\n")
    words = {lines[l][c:c + n] for l, c, n, _ in decoded}
    assert "hstack" in words or "vstack" in words
    folds = await client.text_document_folding_range_async(types.FoldingRangeParams(text_document=ident(path)))
    assert folds and all(f.end_line > f.start_line for f in folds)
    body_line = next(i for i, l in enumerate(lines) if l.startswith("body:"))
    assert any(f.start_line == body_line for f in folds)


async def test_utf16_columns_after_emoji(client, utf8_client):
    path = WORKSPACE / "emoji.tatami.yaml"
    text = 'body: {vstack: [{text: "😀 ok"}, {txt: x}]}\n'
    path.write_text(text)
    await open_document(client, path, text)
    d = next(d for d in client.diagnostics[uri(path)] if d.code == "unknown-key")
    # `txt` follows 34 UTF-16 units (32 characters, the emoji counting 2); in UTF-8 it is 36
    # bytes in (the emoji counting 4).
    assert (d.range.start.character, d.range.end.character) == (34, 37)
    await open_document(utf8_client, path, text)
    d8 = next(d for d in utf8_client.diagnostics[uri(path)] if d.code == "unknown-key")
    assert (d8.range.start.character, d8.range.end.character) == (36, 39)


async def test_hover_shows_frames_docs_and_component_parameters(client):
    path = WORKSPACE / "profile.tatami.yaml"
    text = path.read_text()
    await open_document(client, path)
    # A view: its frame in the viewport (the divider is 320 wide, its frame 16 tall).
    hover = await client.text_document_hover_async(
        types.HoverParams(text_document=ident(path), position=position_of(text, "- divider:", offset=3))
    )
    assert hover.contents.kind == types.MarkupKind.Markdown
    assert "phone" in hover.contents.value and "320 × 16" in hover.contents.value, hover.contents.value
    # A key: its documentation from the schema table.
    hover = await client.text_document_hover_async(
        types.HoverParams(text_document=ident(path), position=position_of(text, "spacing: 0", offset=2))
    )
    assert "spacing" in hover.contents.value.lower()
    # A component instance: its parameters.
    hover = await client.text_document_hover_async(
        types.HoverParams(text_document=ident(path), position=position_of(text, "Badge: {label: Pro", offset=2))
    )
    assert "label" in hover.contents.value and "tint" in hover.contents.value, hover.contents.value


async def test_completion_keys_on_an_empty_line_and_enum_values(client):
    path = WORKSPACE / "complete.tatami.yaml"
    text = "body:\n  hstack:\n    - text: hi\n  \n"
    path.write_text(text)
    await open_document(client, path, text)
    # On the empty line inside the view's mapping: modifiers and the hstack's parameters.
    result = await client.text_document_completion_async(
        types.CompletionParams(text_document=ident(path), position=types.Position(line=3, character=2))
    )
    labels = {i.label for i in result.items}
    assert {"padding", "frame", "spacing", "alignment"} <= labels, sorted(labels)
    assert "hstack" not in labels  # already the view's kind
    # After `alignment: ` in an hstack: vertical alignments only.
    change(client, path, 2, [((3, 2, 3, 2), "alignment: ")])
    await wait_for_diagnostics(client, uri(path), 2)
    result = await client.text_document_completion_async(
        types.CompletionParams(text_document=ident(path), position=types.Position(line=3, character=13))
    )
    labels = {i.label for i in result.items}
    assert {"top", "bottom", "center"} <= labels and "leading" not in labels, sorted(labels)


async def test_inlay_hints_and_code_lenses(client):
    path = WORKSPACE / "layout-priority.tatami.yaml"
    text = path.read_text()
    await open_document(client, path)
    lines = text.split("\n")
    hints = await client.text_document_inlay_hint_async(
        types.InlayHintParams(text_document=ident(path), range=types.Range(start=types.Position(line=0, character=0),
                                                                           end=types.Position(line=len(lines), character=0)))
    )
    labels = [h.label for h in hints]
    # In the first viewport (narrow, 200 wide): the image is 20×20 (its size).
    assert "20×20" in labels, labels
    lenses = await client.text_document_code_lens_async(types.CodeLensParams(text_document=ident(path)))
    assert [l.command.title for l in lenses] == ["Preview narrow", "Preview wide"]
    body_line = next(i for i, l in enumerate(lines) if l.startswith("body:"))
    assert all(l.range.start.line == body_line for l in lenses)


async def test_preview_and_frames_commands(client):
    path = WORKSPACE / "layout-priority.tatami.yaml"
    await open_document(client, path)
    import subprocess
    from conftest import TATAMI
    expected = subprocess.run([TATAMI, "preview", "--color", "never", "--viewport", "wide", str(path)],
                              capture_output=True, text=True).stdout
    render = await client.workspace_execute_command_async(
        types.ExecuteCommandParams(command="tatami.preview", arguments=[uri(path), "wide"])
    )
    assert render == expected
    frames = await client.workspace_execute_command_async(types.ExecuteCommandParams(command="tatami.frames", arguments=[uri(path)]))
    assert frames["viewport"]["name"] == "narrow"
    assert frames["frames"][0]["path"] == "/" and frames["frames"][0]["kind"] == "hstack"
    # The editor's unsaved text, not the file: change the title and preview again.
    change(client, path, 2, path.read_text().replace("Avocado Toast", "Tea"))
    await wait_for_diagnostics(client, uri(path), 2)
    render = await client.workspace_execute_command_async(
        types.ExecuteCommandParams(command="tatami.preview", arguments=[uri(path), "wide"])
    )
    assert "Tea" in render and "Avocado" not in render
    # The graphical renders of the same unsaved text: the SVG of `tatami preview --format svg`,
    # and the HTML page with every viewport.
    svg = await client.workspace_execute_command_async(
        types.ExecuteCommandParams(command="tatami.previewSVG", arguments=[uri(path), "wide"])
    )
    assert svg.startswith("<?xml") and 'data-viewport="wide"' in svg and ">Tea</text>" in svg
    page = await client.workspace_execute_command_async(
        types.ExecuteCommandParams(command="tatami.previewHTML", arguments=[uri(path)])
    )
    assert 'data-viewport="narrow"' in page and 'data-viewport="wide"' in page and ">Tea</text>" in page


def apply_edits(text: str, edits) -> str:
    """`text` with LSP text edits applied (UTF-16 positions; edits must not overlap)."""
    lines = text.split("\n")

    def offset(p):
        line = lines[p.line]
        prefix = line.encode("utf-16-le")[: p.character * 2].decode("utf-16-le")
        return sum(len(l) + 1 for l in lines[: p.line]) + len(prefix)

    for e in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True):
        text = text[: offset(e.range.start)] + e.new_text + text[offset(e.range.end):]
    return text


async def test_colours_and_the_picker_write_valid_yaml(client):
    path = WORKSPACE / "colours.tatami.yaml"
    text = (
        "imports: [components/library.tatami.yaml]\n"
        "body:\n"
        "  vstack:\n"
        "    - color: orange\n"
        "    - Badge: {label: New, tint: \"#123456\"}\n"
        "    - text: red\n"
    )
    path.write_text(text)
    await open_document(client, path, text)
    colours = await client.text_document_document_color_async(types.DocumentColorParams(text_document=ident(path)))
    # `orange` (SwiftUI's, 255 149 0) and the Badge's `tint` (a colour parameter); `text: red` is a text.
    assert [(c.range.start.line, c.range.start.character, c.range.end.character) for c in colours] == [(3, 13, 19), (4, 32, 41)]
    assert (round(colours[0].color.red * 255), round(colours[0].color.green * 255), round(colours[0].color.blue * 255)) == (255, 149, 0)
    assert (round(colours[1].color.red * 255), round(colours[1].color.green * 255), round(colours[1].color.blue * 255)) == (0x12, 0x34, 0x56)
    # Pick #FF0000 over `orange`: written quoted (plain `#` would start a comment).
    picked = types.Color(red=1.0, green=0.0, blue=0.0, alpha=1.0)
    presentations = await client.text_document_color_presentation_async(
        types.ColorPresentationParams(text_document=ident(path), color=picked, range=colours[0].range)
    )
    assert [p.label for p in presentations] == ["#FF0000"]
    edited = apply_edits(text, [presentations[0].text_edit])
    assert edited.split("\n")[3] == '    - color: "#FF0000"'
    change(client, path, 2, edited)
    diagnostics = await wait_for_diagnostics(client, uri(path), 2)
    assert [d for d in diagnostics.diagnostics if d.severity == types.DiagnosticSeverity.Error] == []
    colours = await client.text_document_document_color_async(types.DocumentColorParams(text_document=ident(path)))
    assert (colours[0].color.red, colours[0].color.green, colours[0].color.blue) == (1, 0, 0)
    # SwiftUI's exact red over the hex: the hex first, then `red`.
    red = types.Color(red=1.0, green=59 / 255, blue=48 / 255, alpha=1.0)
    presentations = await client.text_document_color_presentation_async(
        types.ColorPresentationParams(text_document=ident(path), color=red, range=colours[0].range)
    )
    assert [p.label for p in presentations] == ["#FF3B30", "red"]


async def test_import_links(client):
    path = WORKSPACE / "profile.tatami.yaml"
    await open_document(client, path)
    links = await client.text_document_document_link_async(types.DocumentLinkParams(text_document=ident(path)))
    assert len(links) == 1
    assert links[0].target == uri((WORKSPACE / "components" / "library.tatami.yaml").resolve())
    line = path.read_text().split("\n")[links[0].range.start.line]
    assert line[links[0].range.start.character:links[0].range.end.character] == "components/library.tatami.yaml"


async def test_workspace_symbols_fuzzy(client):
    await open_document(client, WORKSPACE / "profile.tatami.yaml")
    symbols = await client.workspace_symbol_async(types.WorkspaceSymbolParams(query="bdg"))
    # `Badge`, declared in the imported library.
    assert [s.name for s in symbols] == ["Badge"]
    assert symbols[0].kind == types.SymbolKind.Class
    assert symbols[0].location.uri == uri((WORKSPACE / "components" / "library.tatami.yaml").resolve())
    symbols = await client.workspace_symbol_async(types.WorkspaceSymbolParams(query="PHONE"))
    assert [(s.name, s.kind) for s in symbols] == [("phone", types.SymbolKind.Constant)]


async def test_document_highlight_of_a_parameter(client):
    path = WORKSPACE / "components" / "library.tatami.yaml"
    text = path.read_text()
    await open_document(client, path)
    highlights = await client.text_document_document_highlight_async(
        types.DocumentHighlightParams(text_document=ident(path), position=position_of(text, "$tint", offset=2))
    )
    # Badge's `tint`: its declaration (write) and `$tint` in its body (read); Avatar's `tint` is another.
    assert [(h.range.start, h.kind) for h in highlights] == [
        (position_of(text, "tint: {type: color, default: blue}"), types.DocumentHighlightKind.Write),
        (position_of(text, "$tint", offset=1), types.DocumentHighlightKind.Read),
    ]


async def test_selection_ranges_expand_to_the_document(client):
    path = WORKSPACE / "profile.tatami.yaml"
    text = path.read_text()
    await open_document(client, path)
    at = position_of(text, "Ada Lovelace", offset=2)
    [selection] = await client.text_document_selection_range_async(
        types.SelectionRangeParams(text_document=ident(path), positions=[at])
    )
    lines = text.split("\n")

    def text_of(r):
        if r.start.line == r.end.line:
            return lines[r.start.line][r.start.character:r.end.character]
        return None

    chain = []
    while selection is not None:
        chain.append(selection.range)
        selection = selection.parent
    assert text_of(chain[0]) == "Ada Lovelace"
    assert text_of(chain[1]) == "text: Ada Lovelace"
    assert chain[-1].start == types.Position(line=0, character=0)
    assert chain[-1].end == types.Position(line=len(lines) - 1, character=0)
