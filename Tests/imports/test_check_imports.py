"""Tests of scripts/check-imports.py (standard library only):

    python3 -m unittest discover -s Tests/imports

That it reads import declarations only, that its comparison reports what is missing, and that the
script fails, naming the declaration, on a package where one is missing: this package's own
description with one dependency removed, and a small package of its own in a temporary folder.
"""
import copy
import importlib.util
import io
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest
from contextlib import redirect_stdout, redirect_stderr

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
SCRIPT = os.path.join(ROOT, "scripts", "check-imports.py")

spec = importlib.util.spec_from_file_location("check_imports", SCRIPT)
check_imports = importlib.util.module_from_spec(spec)
spec.loader.exec_module(check_imports)


def target(name, deps=(), kind="regular", products=()):
    return {"name": name, "type": kind, "path": None, "exclude": [], "sources": None,
            "dependencies": [{"byName": [d, None]} for d in deps]
                            + [{"product": [p, "some-package", None, None]} for p in products]}


class ReadsImportDeclarationsOnly(unittest.TestCase):
    def modules(self, text):
        return [m for _, m in check_imports.swift_imports(text)]

    def test_plain_attributed_and_kinded_imports(self):
        text = ("import Foundation\n@testable import TatamiRender\n@_implementationOnly import A.Sub\n"
                "  public import B\nimport struct C.Thing\n#if canImport(Glibc)\nimport Glibc\n#endif\n")
        self.assertEqual(self.modules(text), ["Foundation", "TatamiRender", "A", "B", "C", "Glibc"])

    def test_comments_and_strings_are_not_imports(self):
        text = '\n'.join([
            "// import Commented",
            "/* import Block /* nested */",
            "import StillInBlock */",
            'let s = "import NotOne"',
            'let t = """',
            "    import InMultiline",
            '    \\(f("x")) import StillInString',
            '    """',
            'let r = #"import Raw \\" "#',
            'let u = "\\(g("\\(h(")"))")"',
            "import Real",
        ])
        self.assertEqual(check_imports.swift_imports(text), [(11, "Real")])

    def test_line_numbers_survive_blanking(self):
        text = '/* a\nb */\nlet x = """\nc\n"""\nimport M\n'
        self.assertEqual(check_imports.swift_imports(text), [(6, "M")])


class Comparison(unittest.TestCase):
    def test_an_undeclared_target_is_reported_once(self):
        package = {"targets": [target("Base"), target("Model", ["Base"]), target("App", ["Model"])]}
        imports = {"App": [("Sources/App/a.swift", 1, "Model"), ("Sources/App/a.swift", 2, "Base"),
                           ("Sources/App/b.swift", 1, "Base"), ("Sources/App/b.swift", 2, "Foundation")]}
        self.assertEqual(check_imports.check(package, imports), [
            "Sources/App/a.swift:2: App imports Base but Package.swift does not declare it as a dependency of App"])

    def test_declared_imports_pass(self):
        package = {"targets": [target("Base"), target("App", ["Base"], products=["ArgumentParser"])]}
        imports = {"App": [("a.swift", 1, "Base"), ("a.swift", 2, "ArgumentParser"), ("a.swift", 3, "XCTest")]}
        self.assertEqual(check_imports.check(package, imports), [])

    def test_a_product_is_declared_per_target(self):
        package = {"targets": [target("Tool", products=["ArgumentParser"]), target("App")]}
        imports = {"App": [("a.swift", 4, "ArgumentParser")]}
        self.assertEqual(len(check_imports.check(package, imports)), 1)

    def test_an_unknown_module_is_reported(self):
        package = {"targets": [target("App")]}
        problems = check_imports.check(package, {"App": [("a.swift", 1, "Mystery")]})
        self.assertEqual(len(problems), 1)
        self.assertIn("Mystery, which is no target", problems[0])

    def test_c_modules_stay_in_their_wrappers(self):
        package = {"targets": [target("CLibYAML", kind="system"), target("CHarfBuzz", kind="system"),
                               target("TatamiYAML", ["CLibYAML"]), target("Bench", ["CLibYAML"]),
                               target("TatamiText", ["CHarfBuzz"]), target("Render")]}
        imports = {"TatamiYAML": [("y.swift", 1, "CLibYAML")], "TatamiText": [("t.swift", 1, "CHarfBuzz")],
                   "Bench": [("b.swift", 1, "CLibYAML")], "Render": [("r.swift", 1, "CHarfBuzz")]}
        problems = check_imports.check(package, imports)
        self.assertEqual(len(problems), 3, problems)
        self.assertTrue(any("Bench declares CLibYAML" in p for p in problems), problems)
        self.assertTrue(any("b.swift:1: Bench imports CLibYAML" in p for p in problems), problems)
        self.assertTrue(any("r.swift:1: Render imports CHarfBuzz" in p for p in problems), problems)


@unittest.skipUnless(shutil.which("swift"), "needs swift for `swift package dump-package`")
class ThePackage(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        out = subprocess.run(["swift", "package", "dump-package"], cwd=ROOT, check=True,
                             stdout=subprocess.PIPE, text=True).stdout
        cls.package = json.loads(out)

    def run_script(self, package):
        with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
            json.dump(package, f)
        try:
            out, err = io.StringIO(), io.StringIO()
            with redirect_stdout(out), redirect_stderr(err):
                status = check_imports.main(["--package-dir", ROOT, "--dump", f.name])
            return status, out.getvalue()
        finally:
            os.unlink(f.name)

    def test_every_import_is_declared(self):
        status, out = self.run_script(self.package)
        self.assertEqual(status, 0, out)

    def test_it_fails_with_one_dependency_removed(self):
        package = copy.deepcopy(self.package)
        lsp = next(t for t in package["targets"] if t["name"] == "TatamiLSP")
        lsp["dependencies"] = [d for d in lsp["dependencies"] if d.get("byName", [None])[0] != "TatamiYAML"]
        status, out = self.run_script(package)
        self.assertEqual(status, 1)
        self.assertIn("TatamiLSP imports TatamiYAML but Package.swift does not declare it", out)

    def test_it_fails_when_the_bench_declares_libyaml(self):
        package = copy.deepcopy(self.package)
        bench = next(t for t in package["targets"] if t["name"] == "tatami-bench")
        bench["dependencies"].append({"byName": ["CLibYAML", None]})
        status, out = self.run_script(package)
        self.assertEqual(status, 1)
        self.assertIn("tatami-bench declares CLibYAML", out)


@unittest.skipUnless(shutil.which("swift"), "needs swift for `swift package dump-package`")
class ASmallPackage(unittest.TestCase):
    """The script as CI runs it (`swift package dump-package` in the folder), on a package whose
    `App` reaches `Base` through `Model` without declaring it."""

    def test_a_module_reached_through_another_target_is_reported(self):
        with tempfile.TemporaryDirectory() as d:
            files = {
                "Package.swift": "// swift-tools-version:5.9\nimport PackageDescription\n"
                                 "let package = Package(name: \"P\", targets: [\n"
                                 "    .target(name: \"Base\"),\n"
                                 "    .target(name: \"Model\", dependencies: [\"Base\"]),\n"
                                 "    .executableTarget(name: \"App\", dependencies: [\"Model\"]),\n"
                                 "])\n",
                "Sources/Base/Base.swift": "public let base = 1\n",
                "Sources/Model/Model.swift": "import Base\npublic let model = base\n",
                "Sources/App/main.swift": "import Model\nimport Base\nprint(model + base)\n",
            }
            for rel, text in files.items():
                os.makedirs(os.path.dirname(os.path.join(d, rel)) or d, exist_ok=True)
                with open(os.path.join(d, rel), "w") as f:
                    f.write(text)
            r = subprocess.run([sys.executable, SCRIPT, "--package-dir", d], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
            self.assertEqual(r.returncode, 1, r.stdout + r.stderr)
            self.assertEqual(r.stdout, "Sources/App/main.swift:2: App imports Base but Package.swift does not "
                                       "declare it as a dependency of App\n")


if __name__ == "__main__":
    unittest.main()
