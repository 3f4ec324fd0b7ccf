"""Completions and code actions that the editor tests (test_neovim.py, test_emacs.py) apply the way
each editor applies them, and what the resulting file must be: its YAML structure (read with
PyYAML, independent of Tatami's parser) and what `tatami lint` says of it.

A completion case starts from `lines` with the cursor at the end of line `line` (1-based), moved
`left` characters back, and chooses the item labelled `label`. A code action case puts the cursor
on line `line`, column `col` (0-based), waits for a diagnostic whose message contains `diagnostic`,
and chooses the action titled `action`.

Expectations follow docs/format.md, not the server's output: where each completed word belongs in the
file is what the case's `check` asserts."""

import json
import pathlib
import subprocess

import yaml

# A lint-clean file: two viewports, a font, a component with a required and a defaulted
# parameter, and a body using it.
BASE = [
    "viewports:",
    "  phone: {width: 320, height: 480}",
    "  wide: {width: 640, height: 480}",
    "fonts:",
    "  tiny: {width: 4, height: 8}",
    "components:",
    "  Badge:",
    "    params:",
    "      label: {type: string}",
    "      tint: {type: color, default: blue}",
    "    body:",
    "      text: $label",  # line 12
    "      background: {color: $tint}",
    "body:",
    "  vstack:",
    "    - text: Hello",  # line 16
    "    - Badge: {label: New}",  # line 17
]


def base(replace=None, insert_after=None, append=None):
    """BASE with line `replace[0]` (1-based) replaced by the lines `replace[1:]`, or the lines
    `insert_after[1:]` inserted after line `insert_after[0]`, or `append` added at the end."""
    lines = list(BASE)
    if replace:
        lines[replace[0] - 1:replace[0]] = list(replace[1:])
    if insert_after:
        lines[insert_after[0]:insert_after[0]] = list(insert_after[1:])
    if append:
        lines += append
    return lines


def item(doc, i):
    return doc["body"]["vstack"][i]


COMPLETIONS = [
    # A key of the text view, half typed.
    dict(name="key", lines=base(insert_after=(16, "      trunc")), line=17, label="truncation",
         expect_line="      truncation: ",
         check=lambda d: "truncation" in item(d, 0) and item(d, 0)["text"] == "Hello"),
    # An enumeration's word after `key: `.
    dict(name="enum value", lines=base(insert_after=(16, "      truncation: ")), line=17, label="middle",
         expect_line="      truncation: middle", clean=True,
         check=lambda d: item(d, 0)["truncation"] == "middle"),
    # The case: a view kind as the first key of a new list item. The new vstack must
    # be the third item of the outer one, not a sibling of the outer vstack.
    dict(name="kind in a new item", lines=base(append=["    - "]), line=18, label="vstack",
         expect_line="    - vstack:",
         check=lambda d: list(d["body"]) == ["vstack"] and len(d["body"]["vstack"]) == 3 and item(d, 2) == {"vstack": None}),
    # The same on an empty line at the items' column: the completion brings the `- `.
    dict(name="kind with its dash", lines=base(append=["    "]), line=18, label="hstack",
         expect_line="    - hstack:",
         check=lambda d: len(d["body"]["vstack"]) == 3 and item(d, 2) == {"hstack": None}),
    # A modifier of the text view.
    dict(name="modifier", lines=base(insert_after=(16, "      padd")), line=17, label="padding",
         expect_line="      padding: ",
         check=lambda d: "padding" in item(d, 0) and item(d, 0)["text"] == "Hello"),
    # A component with its required argument (and not the defaulted one). Neither editor takes
    # snippets: the argument comes with an empty value of its type, so the file has no error.
    dict(name="component", lines=base(append=["    - Bad"]), line=18, label="Badge",
         expect_line='    - Badge: {label: ""}', clean=True,
         check=lambda d: item(d, 2) == {"Badge": {"label": ""}}),
    # `$` in the component's body: the whole value is the parameter.
    dict(name="$param", lines=base(replace=(12, "      text: $")), line=12, label="$label",
         expect_line="      text: $label", clean=True,
         check=lambda d: d["components"]["Badge"]["body"]["text"] == "$label"),
    # `$` where a colour goes: the colour parameter (offered first; the string after it).
    dict(name="$colour", lines=base(replace=(13, "      background: {color: $}")), line=13, left=1, label="$tint",
         expect_line="      background: {color: $tint}", clean=True,
         check=lambda d: d["components"]["Badge"]["body"]["background"] == {"color": "$tint"}),
    # `${` inside a quoted text (the cursor before the closing quote).
    dict(name="${param}", lines=base(replace=(12, '      text: "Hi ${"')), line=12, left=1, label="label",
         expect_line='      text: "Hi ${label}"', clean=True,
         check=lambda d: d["components"]["Badge"]["body"]["text"] == "Hi ${label}"),
    # A font: the file's own.
    dict(name="font", lines=base(insert_after=(16, "      font: ")), line=17, label="tiny",
         expect_line="      font: tiny", clean=True,
         check=lambda d: item(d, 0)["font"] == "tiny"),
    # An alignment of the vstack's axis (horizontal).
    dict(name="alignment", lines=base(append=["  alignment: "]), line=18, label="trailing",
         expect_line="  alignment: trailing", clean=True,
         check=lambda d: d["body"]["alignment"] == "trailing" and len(d["body"]["vstack"]) == 2),
    # A name of the condition language inside `when: "…"`.
    dict(name="when", lines=base(insert_after=(16, '      when: ""')), line=17, left=1, label="landscape",
         expect_line='      when: "landscape"', clean=True,
         check=lambda d: item(d, 0)["when"] == "landscape"),
]

CODE_ACTIONS = [
    # "Did you mean": `vstak` → `vstack`.
    dict(name="did you mean", lines=base(replace=(15, "  vstak:")), line=15, col=3, diagnostic="vstak",
         action="Change to `vstack`", expect_line="  vstack:", clean=True,
         check=lambda d: len(d["body"]["vstack"]) == 2),
    # A missing argument, added inside the flow mapping.
    dict(name="missing argument", lines=base(replace=(17, "    - Badge: {}")), line=17, col=7, diagnostic="label",
         action="Add argument `label`", expect_line='    - Badge: {label: ""}', clean=True,
         check=lambda d: item(d, 1) == {"Badge": {"label": ""}}),
    # A missing required key of a block mapping: a new line, at the mapping's indentation.
    dict(name="missing key", lines=base(insert_after=(3, "  tablet:", "    width: 600")), line=4, col=3,
         diagnostic="height", action="Add `height`", expect_line=None, clean=True,
         check=lambda d: d["viewports"]["tablet"]["width"] == 600 and isinstance(d["viewports"]["tablet"]["height"], (int, float))),
]


def editor_cases():
    """The cases as the editor scripts read them (no checks)."""
    keep = ("name", "lines", "line", "left", "label", "col", "diagnostic", "action")
    return [{k: v for k, v in c.items() if k in keep} for c in COMPLETIONS + CODE_ACTIONS]


def write_cases(path: pathlib.Path):
    path.write_text(json.dumps(editor_cases()))


def check_results(results, tatami: str, directory: pathlib.Path):
    """Checks each case's resulting lines; returns a list of failures (empty when all pass)."""
    failures = []
    by_name = {r["name"]: r for r in results}
    for case in COMPLETIONS + CODE_ACTIONS:
        name = case["name"]
        if name not in by_name:
            failures.append(f"{name}: no result")
            continue
        if by_name[name].get("problem"):
            failures.append(f"{name}: {by_name[name]['problem']}")
            continue
        # Neovim's json_encode() writes a line holding a NUL as the list of its bytes.
        lines = [bytes(line).decode() if isinstance(line, list) else line for line in by_name[name]["lines"]]
        text = "\n".join(lines) + "\n"
        if any(c in text for c in "\0\r") or any("\n" in line for line in lines):
            failures.append(f"{name}: a control character landed in the buffer: {lines!r}")
            continue
        target = case["line"] - 1
        if case.get("expect_line") is not None and lines[target] != case["expect_line"]:
            failures.append(f"{name}: line {case['line']} is {lines[target]!r}, expected {case['expect_line']!r}")
        try:
            doc = yaml.safe_load(text)
        except yaml.YAMLError as e:
            failures.append(f"{name}: not YAML ({e}):\n{text}")
            continue
        try:
            ok = case["check"](doc)
        except (KeyError, IndexError, TypeError) as e:
            ok = False
            failures.append(f"{name}: structure lookup failed ({e!r}): {doc!r}")
        if not ok:
            failures.append(f"{name}: unexpected structure: {doc!r}")
        path = directory / f"{name.replace(' ', '-').replace('$', 'd').replace('{', '').replace('}', '')}.tatami.yaml"
        path.write_text(text)
        lint = subprocess.run([tatami, "lint", "--format", "json", str(path)], capture_output=True, text=True)
        found = json.loads(lint.stdout)["diagnostics"]
        syntax = [d for d in found if d["code"] == "yaml-syntax"]
        errors = [d for d in found if d["severity"] == "error"]
        if syntax:
            failures.append(f"{name}: tatami lint finds a YAML error: {syntax}")
        elif case.get("clean") and errors:
            failures.append(f"{name}: tatami lint finds errors: {errors}\n{text}")
    return failures
