"""Static checks of the Sublime Text and Helix packages (editors/sublime, editors/helix): neither
editor runs here, so the files are read the way each editor reads them.

Sublime Text chooses a file's syntax by its extension, the longest one listed by any syntax
winning (`docker-compose.yml` is YAML (Docker)'s, not YAML's `yml`), and the LSP package attaches
a client to a file whose syntax's scope matches the client's `selector`. So: the Tatami syntax
must take `*.tatami.yaml`, `*.tatami.yml` and the workspace file `tatami.config.yaml` (which the
server checks with its own keys) and nothing else, and the selector must match its scope and not
YAML's, so that `tatami lsp` never sees a docker-compose.yml.

Run by Tests/grammar/run.sh.
"""

import fnmatch
import json
import re
import tomllib
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
SUBLIME = ROOT / "editors" / "sublime"
HELIX = ROOT / "editors" / "helix"

# Sublime Text's own YAML syntaxes that claim YAML files (Packages/YAML): their extensions and
# top-level scopes.
SUBLIME_BUILT_IN = [
    {"name": "YAML", "scope": "source.yaml", "file_extensions": ["yaml", "yml", "sublime-syntax"]},
    {"name": "YAML (Docker)", "scope": "source.yaml.docker", "file_extensions": ["docker-compose.yml"]},
]

TATAMI_FILES = ["home.tatami.yaml", "screens/card.tatami.yml", "a.b.tatami.yaml", "tatami.config.yaml", "app/tatami.config.yaml"]
OTHER_YAML = ["docker-compose.yml", "config.yaml", ".github/workflows/ci.yml", "my-tatami.config.yaml", "tatami.config.yml",
              "notes.yaml"]


def sublime_json(text: str):
    """A .sublime-settings file: JSON with `//` and `/* */` comments and trailing commas."""
    out, i, in_string = [], 0, False
    while i < len(text):
        c = text[i]
        if in_string:
            out.append(c)
            if c == "\\":
                out.append(text[i + 1])
                i += 1
            elif c == '"':
                in_string = False
        elif c == '"':
            in_string = True
            out.append(c)
        elif text.startswith("//", i):
            i = text.find("\n", i)
            if i < 0:
                break
            continue
        elif text.startswith("/*", i):
            i = text.index("*/", i) + 2
            continue
        else:
            out.append(c)
        i += 1
    return json.loads(re.sub(r",(\s*[}\]])", r"\1", "".join(out)))


def selector_matches(selector: str, scope: str) -> bool:
    """Whether a scope selector made of alternatives (`a | b`, `a, b`) of single scope names
    matches a top-level scope: a name matches the scope it names and every scope below it
    (`source.yaml` matches `source.yaml.tatami`). Other selector syntax is refused, so that a
    selector this check cannot read fails rather than passes."""
    for alternative in re.split(r"[|,]", selector):
        name = alternative.strip()
        assert re.fullmatch(r"[a-z0-9_.-]+", name), f"selector part {name!r} is more than a scope name"
        if scope == name or scope.startswith(name + "."):
            return True
    return False


def syntax_for(filename: str, syntaxes):
    """The syntax Sublime gives a file: the one listing the longest extension the name ends with
    (after a dot), or that is the whole name (`docker-compose.yml`)."""
    base = filename.rsplit("/", 1)[-1]
    best, length = None, -1
    for syntax in syntaxes:
        for ext in syntax["file_extensions"]:
            if (base == ext or base.endswith("." + ext)) and len(ext) > length:
                best, length = syntax, len(ext)
    return best


@pytest.fixture(scope="module")
def tatami_syntax():
    text = (SUBLIME / "Tatami.sublime-syntax").read_text(encoding="utf-8")
    assert text.startswith("%YAML 1.2\n---\n")
    return yaml.safe_load(text.split("---\n", 1)[1])


@pytest.fixture(scope="module")
def client():
    settings = sublime_json((SUBLIME / "LSP-tatami.sublime-settings").read_text(encoding="utf-8"))
    return settings["clients"]["tatami"]


def test_the_sublime_syntax_is_yaml_under_a_scope_of_its_own(tatami_syntax):
    assert tatami_syntax["name"] == "Tatami"
    assert tatami_syntax["scope"] == "source.yaml.tatami"
    assert sorted(tatami_syntax["file_extensions"]) == ["tatami.config.yaml", "tatami.yaml", "tatami.yml"]
    # Highlighted by Sublime's YAML syntax.
    assert {"include": "scope:source.yaml"} in tatami_syntax["contexts"]["main"]


def test_sublime_gives_tatami_files_and_only_them_the_tatami_syntax(tatami_syntax):
    syntaxes = SUBLIME_BUILT_IN + [tatami_syntax]
    assert syntax_for("docker-compose.yml", syntaxes)["name"] == "YAML (Docker)"
    assert syntax_for("config.yaml", syntaxes)["name"] == "YAML"
    for name in TATAMI_FILES:
        assert syntax_for(name, syntaxes) is tatami_syntax, name
    for name in OTHER_YAML:
        assert syntax_for(name, syntaxes) is not tatami_syntax, name


def test_the_lsp_client_attaches_to_tatami_files_only(tatami_syntax, client):
    assert client["command"] == ["tatami", "lsp"]
    assert client["enabled"] is True
    selector = client["selector"]
    syntaxes = SUBLIME_BUILT_IN + [tatami_syntax]
    for name in TATAMI_FILES:
        assert selector_matches(selector, syntax_for(name, syntaxes)["scope"]), name
    for name in OTHER_YAML:
        scope = syntax_for(name, syntaxes)["scope"]
        assert not selector_matches(selector, scope), f"{name} ({scope}) would get the Tatami server"


def test_the_selector_reader_reads_sublime_selectors():
    assert selector_matches("source.yaml | source.tatami", "source.yaml.docker")
    assert selector_matches("source.yaml.tatami", "source.yaml.tatami")
    assert not selector_matches("source.yaml.tatami", "source.yaml")
    assert not selector_matches("source.yaml.tatami", "source.yaml.tatamix")
    assert sublime_json('{\n  // a comment\n  "a": "b // not one", /* c */ "d": [1, 2,],\n}') == {"a": "b // not one", "d": [1, 2]}


def test_helix_detects_both_extensions_and_starts_tatami_lsp():
    config = tomllib.loads((HELIX / "languages.toml").read_text(encoding="utf-8"))
    assert config["language-server"]["tatami"]["command"] == "tatami"
    assert config["language-server"]["tatami"]["args"] == ["lsp"]
    (language,) = [lang for lang in config["language"] if lang["name"] == "tatami"]
    assert language["language-servers"] == ["tatami"]
    globs = [t["glob"] for t in language["file-types"] if isinstance(t, dict)]
    assert not [t for t in language["file-types"] if not isinstance(t, dict)], "a bare extension would take every YAML file"
    def helix_matches(name: str, glob: str) -> bool:
        # Helix compares a glob with the file's absolute path, putting `*/` before one that is
        # neither absolute nor starts with a glob character.
        if not glob.startswith(("/", "*")):
            glob = "*/" + glob
        return fnmatch.fnmatchcase("/home/user/project/" + name, glob)

    for name in TATAMI_FILES:
        assert any(helix_matches(name, g) for g in globs), name
    for name in OTHER_YAML:
        assert not any(helix_matches(name, g) for g in globs), name
    assert language["roots"][0] == "tatami.config.yaml"
