"""Shared set-up for the end-to-end tests: the built `tatami` binary, a workspace of files,
and a pytest-lsp client connected to `tatami lsp`."""

import asyncio
import os
import pathlib
import shutil
import subprocess
import time

import pytest
import pytest_lsp
import pytest_lsp.client
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

REPO = pathlib.Path(__file__).resolve().parents[2]


def tatami_binary() -> str:
    """`TATAMI_BIN`, else the debug build's binary (built by `.ci/run` before the tests)."""
    if os.environ.get("TATAMI_BIN"):
        return os.environ["TATAMI_BIN"]
    bin_dir = subprocess.run(
        ["swift", "build", "--show-bin-path"], cwd=REPO, check=True, capture_output=True, text=True
    ).stdout.strip()
    path = pathlib.Path(bin_dir) / "tatami"
    if not path.exists():
        raise RuntimeError(f"{path} does not exist: run `swift build` first")
    return str(path)


TATAMI = tatami_binary()

# The workspace every client opens: a copy of Examples/ (a fixed path, so URIs are stable).
WORKSPACE = pathlib.Path(os.environ.get("TATAMI_E2E_WORKSPACE", "/tmp/tatami-e2e-workspace"))


@pytest.fixture(scope="session", autouse=True)
def workspace():
    if WORKSPACE.exists():
        shutil.rmtree(WORKSPACE)
    shutil.copytree(REPO / "Examples", WORKSPACE)
    yield WORKSPACE


def uri(path: pathlib.Path) -> str:
    return path.as_uri()


def capabilities(position_encodings=None) -> types.ClientCapabilities:
    general = types.GeneralClientCapabilities(position_encodings=position_encodings) if position_encodings else None
    return types.ClientCapabilities(
        general=general,
        text_document=types.TextDocumentClientCapabilities(
            hover=types.HoverClientCapabilities(content_format=[types.MarkupKind.Markdown]),
            completion=types.CompletionClientCapabilities(
                completion_item=types.ClientCompletionItemOptions(snippet_support=True)
            ),
            document_symbol=types.DocumentSymbolClientCapabilities(hierarchical_document_symbol_support=True),
            publish_diagnostics=types.PublishDiagnosticsClientCapabilities(related_information=True),
        ),
    )


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[TATAMI, "lsp"]))
async def client(lsp_client: LanguageClient):
    await lsp_client.initialize_session(
        types.InitializeParams(
            capabilities=capabilities(),
            root_uri=uri(WORKSPACE),
            workspace_folders=[types.WorkspaceFolder(uri=uri(WORKSPACE), name="examples")],
        )
    )
    yield
    await lsp_client.shutdown_session()


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[TATAMI, "lsp"]))
async def utf8_client(lsp_client: LanguageClient):
    await lsp_client.initialize_session(
        types.InitializeParams(capabilities=capabilities(["utf-8", "utf-16"]), root_uri=uri(WORKSPACE))
    )
    yield
    await lsp_client.shutdown_session()


async def open_document(client: LanguageClient, path: pathlib.Path, text: str | None = None, version: int = 1):
    """Opens `path` (with `text`, else its contents) and waits for its diagnostics."""
    if text is None:
        text = path.read_text(encoding="utf-8")
    # (A document opened again at the same version waits for its new publication.)
    getattr(client, "published", {}).pop((uri(path), version), None)
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri(path), language_id="tatami", version=version, text=text)
        )
    )
    await wait_for_diagnostics(client, uri(path), version)


def _record_diagnostics(client: LanguageClient, params: types.PublishDiagnosticsParams):
    """pytest-lsp's own handler, which keeps the latest diagnostics per document, and a record of
    every publication by document and version. Waiting for the next notification instead would
    miss one that arrives while the waiter looks at another (two documents published back to
    back, as when opening a library re-checks its importers), and wait forever."""
    client.diagnostics[params.uri] = params.diagnostics
    if not hasattr(client, "published"):
        client.published = {}
    client.published[(params.uri, params.version)] = params


pytest_lsp.client.DEFAULT_CLIENT_FEATURES[types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS] = _record_diagnostics


async def wait_for_diagnostics(client: LanguageClient, doc_uri: str, version: int, timeout: float = 60):
    """Waits until diagnostics for `doc_uri` at `version` have been published (those already
    published count)."""
    deadline = time.monotonic() + timeout
    while (doc_uri, version) not in getattr(client, "published", {}):
        if time.monotonic() > deadline:
            raise TimeoutError(f"no diagnostics for {doc_uri} version {version} in {timeout} s")
        await asyncio.sleep(0.005)
    return client.published[(doc_uri, version)]


def change(client: LanguageClient, path: pathlib.Path, version: int, edits):
    """Sends one didChange with `edits`: a list of ((l1, c1, l2, c2), text), or a str for the whole text."""
    if isinstance(edits, str):
        changes = [types.TextDocumentContentChangeWholeDocument(text=edits)]
    else:
        changes = [
            types.TextDocumentContentChangePartial(
                range=types.Range(start=types.Position(line=r[0], character=r[1]), end=types.Position(line=r[2], character=r[3])),
                text=t,
            )
            for r, t in edits
        ]
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri(path), version=version), content_changes=changes
        )
    )
