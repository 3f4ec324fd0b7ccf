"""grammar/tatami.schema.json against the examples, a set of invalid files, and `tatami lint`.

Files are read with PyYAML (YAML 1.1), which differs from Tatami's YAML 1.2 core schema in a few
plain words (`yes`, `no`, `on`, `off` are booleans to it, strings to Tatami); the examples and the
files here avoid them. Each invalid file says in its leading comments why it is invalid:

    # schema: <keyword> at <JSON path>[: <text of the message>]   (one or more)
    # lint: <diagnostic code tatami lint reports>
    # fix: <text> => <replacement>    (which makes the file valid, for schema and lint alike)
"""

import json
import re
from pathlib import Path

import pytest
import yaml
from jsonschema import Draft7Validator, Draft202012Validator

from conftest import EXAMPLES, ROOT

INVALID = sorted((Path(__file__).parent / "invalid").glob("*.tatami.yaml"))


@pytest.fixture(scope="session")
def validator(schema):
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


def load(text):
    return yaml.safe_load(text)


def all_errors(errors):
    """Every error and, recursively, the errors of the alternatives inside it (`oneOf`, …)."""
    for e in errors:
        yield e
        yield from all_errors(e.context or [])


def lint_errors(tatami, path):
    result = tatami("lint", "--format", "json", str(path))
    assert result.returncode in (0, 1), result.stderr
    return [d for d in json.loads(result.stdout)["diagnostics"] if d["severity"] == "error"]


def test_committed_schema_is_what_tatami_schema_prints(schema):
    committed = json.loads((ROOT / "grammar" / "tatami.schema.json").read_text(encoding="utf-8"))
    assert committed == schema, "grammar/tatami.schema.json is out of date: run scripts/generate-schema.sh"


def test_the_examples_are_found():
    assert len(EXAMPLES) >= 10
    assert any(p.parent.name == "components" for p in EXAMPLES), "the search is recursive"


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_example_validates(validator, path):
    errors = [f"{e.json_path}: {e.message}" for e in validator.iter_errors(load(path.read_text(encoding="utf-8")))]
    assert errors == []


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_example_validates_for_a_draft_7_reader_too(schema, path):
    """Red Hat's YAML extension reads schemas as draft 7: it ignores `prefixItems` and
    `unevaluatedProperties` and the siblings of `$ref`. Reading less must never reject a valid
    file (`items: false` beside `prefixItems` would reject every list)."""
    errors = [f"{e.json_path}: {e.message}" for e in Draft7Validator(schema).iter_errors(load(path.read_text(encoding="utf-8")))]
    assert errors == []


def parse_expectations(text):
    schema, lint, fixes = [], [], []
    for line in text.splitlines():
        if not line.startswith("#"):
            break
        m = re.match(r"#\s*schema:\s*(\w+) at (\$\S*)(?::\s*(.+))?$", line)
        if m:
            schema.append((m.group(1), m.group(2), m.group(3)))
        m = re.match(r"#\s*lint:\s*([\w-]+)$", line)
        if m:
            lint.append(m.group(1))
        m = re.match(r"#\s*fix:\s*(.+?) =>(?: (.*))?$", line)
        if m:
            old, new = (json.loads(s) if s and s.startswith('"') else (s or "") for s in m.groups())
            fixes.append((old, new))
    return schema, lint, fixes


def fixed(text, fixes):
    body = "\n".join(l for l in text.splitlines() if not l.startswith("#")) + "\n"
    for old, new in fixes:
        assert body.count(old) == 1, f"the fix's text {old!r} must occur once"
        body = body.replace(old, new)
    return body


def test_the_invalid_files_are_found():
    assert len(INVALID) >= 20


@pytest.mark.parametrize("path", INVALID, ids=lambda p: p.name.removesuffix(".tatami.yaml"))
def test_invalid_file_fails_for_its_reason(validator, tatami, path, tmp_path):
    text = path.read_text(encoding="utf-8")
    expected, codes, fixes = parse_expectations(text)
    assert expected and codes and fixes, "the file states its schema error, its lint code and its fix"

    errors = list(validator.iter_errors(load(text)))
    assert errors, "the schema accepts an invalid file"
    found = [(e.validator, e.json_path, e.message) for e in all_errors(errors)]
    for keyword, where, message in expected:
        assert any(k == keyword and p == where and (message is None or message in m) for k, p, m in found), \
            f"no `{keyword}` error at {where}" + (f" saying {message!r}" if message else "") + \
            "; found:\n" + "\n".join(f"  {k} at {p}: {m[:120]}" for k, p, m in found)

    reported = {d["code"] for d in lint_errors(tatami, path)}
    for code in codes:
        assert code in reported, f"tatami lint reports {sorted(reported)}, not {code}"

    # The same file with the one mistake fixed passes both.
    repaired = fixed(text, fixes)
    remaining = [f"{e.json_path}: {e.message}" for e in validator.iter_errors(load(repaired))]
    assert remaining == [], f"the fixed file is still invalid:\n{repaired}"
    copy = tmp_path / path.name
    copy.write_text(repaired, encoding="utf-8")
    assert lint_errors(tatami, copy) == []


def valid(validator, text):
    return [f"{e.json_path}: {e.message}" for e in validator.iter_errors(load(text))]


@pytest.mark.parametrize("item", ["divider", "spacer", "Hello", "42", "true", '"#FF0000"'])
def test_a_bare_scalar_is_a_text_view(validator, tatami, tmp_path, item):
    text = f"body:\n  vstack:\n    - {item}\n    - text: x\n"
    assert valid(validator, text) == []
    f = tmp_path / "bare.tatami.yaml"
    f.write_text(text)
    assert lint_errors(tatami, f) == []


def test_views_without_a_value_and_the_short_forms(validator):
    text = """body:
  vstack:
    - spacer:
    - divider:
    - spacer: 16
    - hstack:
    - image: avocado
      size: {width: 10, height: 12}
    - text: Wide
      frame: {maxWidth: infinity}
      padding: true
      border: {style: rounded}
"""
    assert valid(validator, text) == []


def test_keys_by_place(validator):
    body = "body:\n  text: a\n  ignoresSafeArea: true\n"
    assert valid(validator, body) == []
    decoration = "body:\n  text: a\n  background: {color: red, alignment: topLeading}\n"
    assert valid(validator, decoration) == []
    # A view that is not a decoration has no `alignment` unless its kind takes one.
    plain = "body:\n  vstack:\n    - text: a\n      alignment: topLeading\n"
    assert valid(validator, plain) != []
    # The decoration's own kind decides when it has an `alignment` parameter.
    hstack = "body:\n  text: a\n  overlay: {hstack: [], alignment: firstTextBaseline}\n"
    assert valid(validator, hstack) == []
    canvas = "body:\n  canvas:\n    - text: a\n      position: [{when: portrait, absolute: [0, 0, 1, 1]}, {insets: {top: 4}}]\n"
    assert valid(validator, canvas) == []


def test_parameter_references_inside_component_bodies_only(validator):
    component = """components:
  Tile:
    params:
      gap: {type: number}
      tint: {type: color, default: "#00FF00"}
      wide: {type: bool, default: false}
      content: {type: view, default: ~}
    body:
      vstack:
        - color: $tint
          frame: {width: $gap, height: 10}
          hidden: $wide
        - $content
        - text: "${gap} points, $$5"
      padding: $gap
      spacing: $gap
body:
  Tile: {gap: 4, content: {text: Inside}}
"""
    assert valid(validator, component) == []
    outside = "body:\n  color: $tint\n"
    assert valid(validator, outside) != []


def test_expressions_and_numbers(validator):
    ok = """alignments:
  mid: {axis: vertical, default: "bottom / 2"}
body:
  canvas:
    - text: a
      when: width > 400
      alignmentGuides: {mid: 3, top: "height * 0.5"}
      position: {x: "width - 10", y: 0, width: 10, height: "min(height, 20)"}
"""
    assert valid(validator, ok) == []
    # An expression is a string or a number, never a list.
    assert valid(validator, "body:\n  text: a\n  when: [width]\n") != []


def test_every_key_is_documented(schema):
    """Every property the schema names carries a description taken from the table."""
    missing = []

    def walk(node, path):
        if isinstance(node, dict):
            for name, sub in (node.get("properties") or {}).items():
                if "description" not in sub:
                    missing.append(f"{path}/properties/{name}")
            for k, v in node.items():
                walk(v, f"{path}/{k}")
        elif isinstance(node, list):
            for i, v in enumerate(node):
                walk(v, f"{path}/{i}")

    walk(schema, "#")
    assert missing == []
