#!/usr/bin/env python3
"""Generate Sources/TatamiServices/Diagnostics/DiagnosticCodes.generated.swift: the lists of
diagnostic codes, stage by stage, and the catalog's table of explanations.

Usage (from the package root, standard library only):

    python3 scripts/generate-diagnostic-codes.py [--check]

Nothing here is kept by hand. It is read from two places:

* the declarations: every `static let name = DiagnosticCode("code", .severity)` in Sources/,
  beside the check that reports it. The module that declares a code gives its stage (MODULES);
* the explanations: one file per code, Sources/TatamiServices/Diagnostics/Explanations/
  <Stage>/<NNN>-<code>.swift, holding `static let name = DiagnosticExplanation(.name, …)`. The
  folder is the page's section (STAGES) and NNN the code's place in it: docs/diagnostics.md and
  `tatami explain --list` give the codes in folder order, then in file-name order.

It fails, naming the file, when a declaration cannot be read, a code has no explanation or two,
an explanation names no declared code, or an explanation sits in another stage's folder than
its declaration's module. `--check` writes nothing and exits 1 when the generated file is not
what the sources give (CI runs it; so does DiagnosticCatalogGenerationTests).
"""

import os
import re
import sys
import textwrap

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
SOURCES = os.path.join(ROOT, "Sources")
EXPLANATIONS = os.path.join(SOURCES, "TatamiServices", "Diagnostics", "Explanations")
OUT = os.path.join(SOURCES, "TatamiServices", "Diagnostics", "DiagnosticCodes.generated.swift")

# The page's sections in order: the folder of explanations, the list's name, what it holds.
STAGES = [
    ("YAML", "yamlStageCodes", "The codes the YAML stage (TatamiYAML) declares"),
    ("Model", "modelStageCodes",
     "The codes the model stage declares: validation, components, imports and font files (TatamiValidation), "
     "and the expression evaluator's (TatamiModel), which layout reports too"),
    ("Layout", "layoutStageCodes", "The codes the layout stage (TatamiLayout) declares"),
    ("Services", "servicesStageCodes", "The codes the services layer (TatamiServices: suppression comments) declares"),
]
# The module declaring a code → its stage's folder.
MODULES = {
    "TatamiYAML": "YAML",
    "TatamiModel": "Model",
    "TatamiValidation": "Model",
    "TatamiLayout": "Layout",
    "TatamiServices": "Services",
}

DECLARATION = re.compile(r'static\s+let\s+(\w+)\s*=\s*DiagnosticCode\(\s*"([^"]*)"\s*,\s*\.(\w+)\s*\)')
ANY_CALL = re.compile(r"DiagnosticCode\(")
EXPLANATION = re.compile(r"static\s+let\s+(\w+)\s*=\s*DiagnosticExplanation\(\s*\.(\w+)\s*,")
FILE_NAME = re.compile(r"^(\d{3})-([a-z][a-z0-9-]*)\.swift$")


class Failure(Exception):
    pass


def relative(path):
    return os.path.relpath(path, ROOT)


def swift_files(directory):
    for folder, dirs, files in os.walk(directory):
        dirs.sort()
        for name in sorted(files):
            if name.endswith(".swift"):
                yield os.path.join(folder, name)


def declarations():
    """{static name: (code, module, path)} for every code declared in Sources/."""
    found = {}
    for path in swift_files(SOURCES):
        if path == OUT:
            continue
        module = os.path.relpath(path, SOURCES).split(os.sep)[0]
        text = open(path, encoding="utf-8").read()
        spans = []
        for m in DECLARATION.finditer(text):
            spans.append(m.span())
            static, code, _severity = m.groups()
            if module not in MODULES:
                raise Failure(f"{relative(path)} declares `{code}`, but {module} is no stage's module "
                              f"(add it to MODULES in {relative(__file__)})")
            if static in found:
                raise Failure(f"`{static}` is declared twice: {relative(found[static][2])} and {relative(path)}")
            found[static] = (code, module, path)
        for m in ANY_CALL.finditer(text):
            if any(a <= m.start() < b for a, b in spans):
                continue
            line_start = text.rfind("\n", 0, m.start()) + 1
            line_end = text.find("\n", m.start())
            line = text[line_start:line_end if line_end >= 0 else len(text)]
            if "==" in line or "init(" in line:
                continue  # the type's own operators and initialiser
            number = text.count("\n", 0, m.start()) + 1
            raise Failure(f"{relative(path)}:{number}: declare codes as "
                          f"`static let name = DiagnosticCode(\"code\", .severity)` so they can be read: {line.strip()}")
    codes = {}
    for static, (code, _, path) in found.items():
        if code in codes:
            raise Failure(f"the code `{code}` is declared twice: {relative(codes[code])} and {relative(path)}")
        codes[code] = path
    return found


def explanations(declared):
    """{folder: [static name, …]} in the page's order, checked against the declarations."""
    by_code = {code: static for static, (code, _, _) in declared.items()}
    folders = {folder for folder, _, _ in STAGES}
    pages = {folder: [] for folder in folders}
    explained = {}
    if not os.path.isdir(EXPLANATIONS):
        raise Failure(f"{relative(EXPLANATIONS)} is missing")
    for entry in sorted(os.listdir(EXPLANATIONS)):
        if entry not in folders:
            raise Failure(f"{relative(os.path.join(EXPLANATIONS, entry))}: not a stage's folder ({', '.join(sorted(folders))})")
    for folder, _, _ in STAGES:
        directory = os.path.join(EXPLANATIONS, folder)
        names = sorted(os.listdir(directory)) if os.path.isdir(directory) else []
        places = {}
        for name in names:
            path = os.path.join(directory, name)
            m = FILE_NAME.match(name)
            if not m:
                raise Failure(f"{relative(path)}: an explanation's file is named NNN-code.swift (its place, then its code)")
            place, code = m.groups()
            if place in places:
                raise Failure(f"{relative(path)} and {places[place]} take the same place, {place}")
            places[place] = name
            found = EXPLANATION.findall(open(path, encoding="utf-8").read())
            if len(found) != 1:
                raise Failure(f"{relative(path)}: holds {len(found)} `static let name = DiagnosticExplanation(.name, …)`; one is expected")
            static, argument = found[0]
            if code not in by_code:
                raise Failure(f"{relative(path)} explains `{code}`, which no module declares")
            if static != by_code[code] or argument != by_code[code]:
                raise Failure(f"{relative(path)}: `{code}` is `DiagnosticCode.{by_code[code]}`; "
                              f"write `static let {by_code[code]} = DiagnosticExplanation(.{by_code[code]}, …)`")
            if code in explained:
                raise Failure(f"`{code}` is explained twice: {explained[code]} and {relative(path)}")
            explained[code] = relative(path)
            module = declared[static][1]
            if MODULES[module] != folder:
                raise Failure(f"{relative(path)}: `{code}` is declared in {module}, so its explanation belongs "
                              f"in Explanations/{MODULES[module]}/")
            pages[folder].append(static)
    for static, (code, module, path) in sorted(declared.items(), key=lambda kv: kv[1][0]):
        if code not in explained:
            raise Failure(f"`{code}` ({relative(path)}) has no explanation: add "
                          f"{relative(os.path.join(EXPLANATIONS, MODULES[module]))}/NNN-{code}.swift")
    return pages


def generate():
    declared = declarations()
    pages = explanations(declared)
    modules = sorted({module for _, module, _ in declared.values()} | {"TatamiBase"})
    out = [
        "// Generated by scripts/generate-diagnostic-codes.py from the codes declared in Sources/ and their",
        "// explanations (Diagnostics/Explanations/); do not edit. After declaring a code and adding its",
        "// explanation, run `python3 scripts/generate-diagnostic-codes.py`.",
        "",
    ]
    out += [f"import {m}" for m in modules if m != "TatamiServices"]
    out += ["", "extension DiagnosticCode {"]
    for n, (folder, name, doc) in enumerate(STAGES):
        if n:
            out.append("")
        out += textwrap.wrap(f"{doc}, in the page's order (Explanations/{folder}/).", width=100,
                             initial_indent="    /// ", subsequent_indent="    /// ", break_on_hyphens=False)
        out.append(f"    public static let {name}: [DiagnosticCode] = [")
        out += [f"        .{static}," for static in pages[folder]]
        out.append("    ]")
    out += ["}", "", "extension DiagnosticCatalog {",
            "    /// Every code's explanation, in the page's order (that of `DiagnosticCode.allCodes`).",
            "    public static let table: [DiagnosticExplanation] = ["]
    for folder, _, _ in STAGES:
        out += [f"        .{static}," for static in pages[folder]]
    out += ["    ]", "}", ""]
    return "\n".join(out)


def main(argv):
    check = "--check" in argv[1:]
    try:
        text = generate()
    except Failure as e:
        print(f"generate-diagnostic-codes: {e}", file=sys.stderr)
        return 1
    current = open(OUT, encoding="utf-8").read() if os.path.exists(OUT) else None
    if check:
        if current != text:
            print(f"{relative(OUT)} is not what the declarations and explanations give; "
                  "run `python3 scripts/generate-diagnostic-codes.py`", file=sys.stderr)
            return 1
        return 0
    if current != text:
        with open(OUT, "w", encoding="utf-8") as f:
            f.write(text)
        print(f"wrote {relative(OUT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
