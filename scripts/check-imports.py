#!/usr/bin/env python3
"""Checks the build graph against the sources: every module a target's Swift files import is
declared in Package.swift as a direct dependency of that target, and the C libraries stay inside
the modules that wrap them (ARCHITECTURE.md, "Invariants").

    python3 scripts/check-imports.py [--package-dir DIR] [--dump FILE]

The declared dependencies come from `swift package dump-package` (run in DIR, the package root by
default; --dump reads that JSON from a file instead, `-` for standard input). A target's files
are those under its path (Sources/<name>, Tests/<name> for a test target, or the path
Package.swift gives), less its `exclude` list. Comments and string literals are skipped, so only
import declarations count, `#if canImport(...)` branches included.

An imported module must be one of:
  - a target of this package: the importing target declares it (by name or as `.target`);
  - a product of a package dependency (its module is taken to have the product's name): the
    importing target declares that product;
  - a module of the toolchain or the system (Foundation, Glibc, XCTest...: TOOLCHAIN_MODULES).
Anything else is reported as unknown, so a mistake here fails rather than passes.

SwiftPM's own `--explicit-target-dependency-import-check=error` accepts a module reached through
another target's dependencies, which is exactly what this script refuses.

Besides, C_MODULE_OWNERS: `CLibYAML` is imported and declared only by `TatamiYAML`, `CFreeType`
and `CHarfBuzz` only by `TatamiText`.

Prints one line per problem and exits 1 when there is one; 0 and a one-line summary otherwise.
Standard library only.
"""
import argparse
import json
import os
import re
import subprocess
import sys

# Modules that come with the Swift toolchain or the operating system, never declared.
TOOLCHAIN_MODULES = frozenset({
    "Swift", "_Concurrency", "_StringProcessing", "_Differentiation", "Synchronization", "RegexBuilder",
    "Observation", "Distributed", "Cxx", "CxxStdlib",
    "Foundation", "FoundationEssentials", "FoundationInternationalization", "FoundationNetworking",
    "FoundationXML", "Dispatch", "XCTest", "Testing",
    "Glibc", "Musl", "Darwin", "Android", "Bionic", "WASILibc", "WinSDK", "ucrt", "CRT", "os",
})

# C modules and the only targets that may import or declare them.
C_MODULE_OWNERS = {
    "CLibYAML": frozenset({"TatamiYAML"}),
    "CFreeType": frozenset({"TatamiText"}),
    "CHarfBuzz": frozenset({"TatamiText"}),
}

IMPORT_RE = re.compile(
    r"^[ \t]*(?:@[A-Za-z_]\w*(?:\([^)]*\))?[ \t]+)*"      # @testable, @_implementationOnly, @preconcurrency...
    r"(?:(?:public|package|internal|fileprivate|private)[ \t]+)?"
    r"import[ \t]+"
    r"(?:(?:typealias|struct|class|enum|protocol|let|var|func)[ \t]+)?"
    r"([A-Za-z_]\w*)"                                    # the module (before any `.Submodule`)
)


def blank_comments_and_strings(text):
    """The Swift text with every comment and string literal's content turned into spaces, lines
    kept, so that what is left is code only. Interpolations (`\\(...)`) stay code."""
    out = []
    i, n = 0, len(text)
    # A stack of contexts: ("code", paren depth) or ("string", hashes, multiline).
    stack = [("code", 0)]

    def blank(s):
        return "".join(c if c == "\n" else " " for c in s)

    while i < n:
        top = stack[-1]
        c = text[i]
        if top[0] == "code":
            if text.startswith("//", i):
                j = text.find("\n", i)
                j = n if j < 0 else j
                out.append(blank(text[i:j]))
                i = j
            elif text.startswith("/*", i):
                depth, j = 1, i + 2
                while j < n and depth:
                    if text.startswith("/*", j):
                        depth, j = depth + 1, j + 2
                    elif text.startswith("*/", j):
                        depth, j = depth - 1, j + 2
                    else:
                        j += 1
                out.append(blank(text[i:j]))
                i = j
            elif c == '"' or (c == "#" and re.match(r'#+"', text[i:])):
                hashes = 0
                while text[i + hashes] == "#":
                    hashes += 1
                multiline = text.startswith('"""', i + hashes)
                opener = hashes + (3 if multiline else 1)
                out.append(blank(text[i:i + opener]))
                i += opener
                stack.append(("string", hashes, multiline))
            elif c == "(":
                stack[-1] = ("code", top[1] + 1)
                out.append(c)
                i += 1
            elif c == ")":
                if top[1] == 0 and len(stack) > 1:
                    stack.pop()   # the end of an interpolation: back in its string
                else:
                    stack[-1] = ("code", max(0, top[1] - 1))
                out.append(" ")
                i += 1
            else:
                out.append(c)
                i += 1
        else:
            _, hashes, multiline = top
            closer = ('"""' if multiline else '"') + "#" * hashes
            escape = "\\" + "#" * hashes
            if text.startswith(escape + "(", i):
                out.append(blank(text[i:i + len(escape) + 1]))
                i += len(escape) + 1
                stack.append(("code", 0))
            elif text.startswith(escape, i) and hashes == 0:
                out.append(blank(text[i:i + 2]))   # an escaped character, `\"` included
                i += 2
            elif text.startswith(closer, i):
                out.append(blank(closer))
                i += len(closer)
                stack.pop()
            elif c == "\n" and not multiline:
                out.append(c)                       # an unterminated string ends with its line
                i += 1
                stack.pop()
            else:
                out.append("\n" if c == "\n" else " ")
                i += 1
    return "".join(out)


def swift_imports(text):
    """The modules a Swift file's import declarations name, as (line number, module) pairs."""
    found = []
    for number, line in enumerate(blank_comments_and_strings(text).split("\n"), start=1):
        m = IMPORT_RE.match(line)
        if m:
            found.append((number, m.group(1)))
    return found


def target_directory(target):
    if target.get("path"):
        return target["path"]
    return os.path.join("Tests" if target["type"] == "test" else "Sources", target["name"])


def swift_files(package_dir, target):
    """A target's Swift files, relative to the package, sorted."""
    root = target_directory(target)
    excluded = [os.path.normpath(os.path.join(root, e)) for e in target.get("exclude") or []]
    sources = target.get("sources")
    files = []
    for base, dirs, names in os.walk(os.path.join(package_dir, root)):
        dirs.sort()
        for name in sorted(names):
            if not name.endswith(".swift"):
                continue
            rel = os.path.normpath(os.path.relpath(os.path.join(base, name), package_dir))
            if any(rel == e or rel.startswith(e + os.sep) for e in excluded):
                continue
            if sources is not None and not any(
                    rel == os.path.normpath(os.path.join(root, s)) or rel.startswith(os.path.normpath(os.path.join(root, s)) + os.sep)
                    for s in sources):
                continue
            files.append(rel)
    return files


def declared_dependencies(target, target_names):
    """The names a target declares: targets of this package, and products (their module names)."""
    targets, products = set(), set()
    for dep in target.get("dependencies", []):
        (kind, value), = dep.items()
        name = value[0]
        if kind == "target" or (kind == "byName" and name in target_names):
            targets.add(name)
        else:   # "product", or "byName" naming a product
            products.add(name)
    return targets, products


def check(package, imports):
    """Problems, as sentences, from a package description (`swift package dump-package`'s JSON)
    and each target's imports ({target name: [(file, line, module)]})."""
    targets = package["targets"]
    target_names = {t["name"] for t in targets}
    product_modules = set()
    for t in targets:
        product_modules |= declared_dependencies(t, target_names)[1]
    problems = []
    for t in targets:
        name = t["name"]
        declared_targets, declared_products = declared_dependencies(t, target_names)
        for dep in sorted(declared_targets | declared_products):
            owners = C_MODULE_OWNERS.get(dep)
            if owners is not None and name not in owners:
                problems.append(f"Package.swift: {name} declares {dep}, whose C types belong to "
                                f"{' and '.join(sorted(owners))} only")
        reported = set()
        for file, line, module in imports.get(name, []):
            where = f"{file}:{line}"
            if module == name or module in TOOLCHAIN_MODULES:
                continue
            owners = C_MODULE_OWNERS.get(module)
            if owners is not None and name not in owners:
                problems.append(f"{where}: {name} imports {module}, whose C types belong to "
                                f"{' and '.join(sorted(owners))} only")
                continue
            if module in target_names:
                missing = module not in declared_targets
            elif module in product_modules:
                missing = module not in declared_products
            else:
                problems.append(f"{where}: {name} imports {module}, which is no target of this package, "
                                "no product it depends on and no toolchain module")
                continue
            if missing and (name, module) not in reported:
                reported.add((name, module))
                problems.append(f"{where}: {name} imports {module} but Package.swift does not declare it "
                                f"as a dependency of {name}")
    return problems


def collect_imports(package_dir, package):
    imports = {}
    for t in package["targets"]:
        if t["type"] in ("system", "binary", "plugin", "macro"):
            continue
        entries = []
        for rel in swift_files(package_dir, t):
            with open(os.path.join(package_dir, rel), encoding="utf-8") as f:
                entries += [(rel, line, module) for line, module in swift_imports(f.read())]
        imports[t["name"]] = entries
    return imports


def load_package(package_dir, dump):
    if dump == "-":
        return json.load(sys.stdin)
    if dump:
        with open(dump, encoding="utf-8") as f:
            return json.load(f)
    out = subprocess.run(["swift", "package", "dump-package"], cwd=package_dir, check=True,
                         stdout=subprocess.PIPE, text=True).stdout
    return json.loads(out)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--package-dir", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    ap.add_argument("--dump", help="`swift package dump-package`'s JSON, read from this file (- for standard input)")
    args = ap.parse_args(argv)
    package_dir = os.path.normpath(args.package_dir)
    package = load_package(package_dir, args.dump)
    imports = collect_imports(package_dir, package)
    problems = check(package, imports)
    for p in problems:
        print(p)
    if problems:
        print(f"check-imports: {len(problems)} problem{'s' if len(problems) != 1 else ''}", file=sys.stderr)
        return 1
    count = sum(len(v) for v in imports.values())
    print(f"check-imports: {len(imports)} targets, {count} imports, each declared; C modules only in their wrappers")
    return 0


if __name__ == "__main__":
    sys.exit(main())
