"""Multi-line completions through pytest-lsp, for the two kinds of client that take line breaks:
one that re-indents later lines (`adjustIndentation`, as VS Code does) and one with snippets but
no insertTextMode, which inserts the text as written. Each applies the item as such a client
does (snippet placeholders expanded, `$0` where the user goes on typing) and the resulting file
must nest the new container where it was completed. (Neovim 0.7 and eglot, which take one line
only, are in test_neovim.py and test_emacs.py.)"""

import re

import pytest
import pytest_lsp
import yaml
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

from conftest import TATAMI, WORKSPACE, open_document, uri

AS_IS, ADJUST = types.InsertTextMode.AsIs, types.InsertTextMode.AdjustIndentation


def completion_capabilities(modes) -> types.ClientCapabilities:
    item = types.ClientCompletionItemOptions(
        snippet_support=True,
        insert_text_mode_support=types.ClientCompletionItemInsertTextModeOptions(value_set=modes) if modes else None,
    )
    return types.ClientCapabilities(
        text_document=types.TextDocumentClientCapabilities(
            completion=types.CompletionClientCapabilities(completion_item=item, insert_text_mode=ADJUST if modes else None)
        )
    )


async def start(lsp_client: LanguageClient, modes):
    await lsp_client.initialize_session(
        types.InitializeParams(capabilities=completion_capabilities(modes), root_uri=uri(WORKSPACE))
    )


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[TATAMI, "lsp"]))
async def adjusting_client(lsp_client: LanguageClient):
    await start(lsp_client, [AS_IS, ADJUST])
    yield
    await lsp_client.shutdown_session()


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[TATAMI, "lsp"]))
async def snippet_client(lsp_client: LanguageClient):
    await start(lsp_client, None)
    yield
    await lsp_client.shutdown_session()


def expand(snippet: str, rest: str) -> str:
    """A snippet as the user leaves it: `${1:x}` → x, `$1` → nothing, `$0` → `rest`."""
    text = re.sub(r"\$\{\d+:([^}]*)\}", r"\1", snippet)
    text = text.replace("$0", rest)
    return re.sub(r"\$\d+", "", text)


def apply(text: str, item: types.CompletionItem, adjusts: bool, rest: str) -> str:
    """Applies the item's textEdit as the client does (all positions here are ASCII)."""
    edit = item.text_edit
    new = expand(edit.new_text, rest) if item.insert_text_format == types.InsertTextFormat.Snippet else edit.new_text
    lines = text.split("\n")
    start, end = edit.range.start, edit.range.end
    assert start.line == end.line
    line = lines[start.line]
    if adjusts and (item.insert_text_mode or ADJUST) == ADJUST:
        # Later lines get the whitespace that leads the line up to the insertion.
        before = line[: start.character]
        lead = before[: len(before) - len(before.lstrip(" "))]
        new = new.replace("\n", "\n" + lead)
    lines[start.line] = line[: start.character] + new + line[end.character :]
    return "\n".join(lines)


# (text, cursor line, cursor character, label, where the typed `text: inner` must end up)
CASES = [
    # The case: a new item of a vstack, completed with `vstack`.
    ("body:\n  vstack:\n    - text: a\n    - \n", 3, 6, "vstack", lambda d: d["body"]["vstack"][1]["vstack"][0]["text"]),
    # On an empty line at the items' column of an inner list: the item's `- ` comes along.
    ("body:\n  vstack:\n    - hstack:\n        - text: a\n        \n", 4, 8, "zstack",
     lambda d: d["body"]["vstack"][0]["hstack"][1]["zstack"][0]["text"]),
    # Right under `body:`.
    ("body:\n  \n", 1, 2, "flow", lambda d: d["body"]["flow"][0]["text"]),
]


async def check_cases(client: LanguageClient, adjusts: bool, name: str):
    for i, (text, line, character, label, inner) in enumerate(CASES):
        path = WORKSPACE / f"{name}-{i}.tatami.yaml"
        path.write_text(text)
        await open_document(client, path, text)
        result = await client.text_document_completion_async(
            types.CompletionParams(text_document=types.TextDocumentIdentifier(uri=uri(path)),
                                   position=types.Position(line=line, character=character))
        )
        item = next(i for i in result.items if i.label == label)
        assert "\n" in item.text_edit.new_text, item
        assert item.insert_text_mode == (ADJUST if adjusts else None), item
        edited = apply(text, item, adjusts, "text: inner")
        assert inner(yaml.safe_load(edited)) == "inner", edited


async def test_a_client_that_adjusts_indentation_nests_multi_line_items(adjusting_client):
    await check_cases(adjusting_client, adjusts=True, name="adjusting")


async def test_a_client_with_snippets_and_no_insert_text_mode_nests_multi_line_items(snippet_client):
    await check_cases(snippet_client, adjusts=False, name="snippets")
