"""scripts/generate-diagnostic-codes.py on small trees: what it writes, and that it refuses a code
without an explanation, an explanation without a code, one in another stage's folder, and a
declaration it cannot read. Run: python3 -m unittest discover -s Tests/diagnostic-codes"""

import os
import shutil
import subprocess
import sys
import tempfile
import unittest

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
SCRIPT = os.path.join(ROOT, "scripts", "generate-diagnostic-codes.py")


def explanation(static):
    return f"extension DiagnosticExplanation {{\n    static let {static} = DiagnosticExplanation(\n        .{static},\n        summary: \"\")\n}}\n"


class GenerateDiagnosticCodesTests(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp()
        os.makedirs(os.path.join(self.dir, "scripts"))
        shutil.copy(SCRIPT, os.path.join(self.dir, "scripts"))
        self.write("Sources/TatamiYAML/Parser.swift", 'extension DiagnosticCode {\n    static let yamlSyntax = DiagnosticCode("yaml-syntax", .error)\n}\n')
        self.write("Sources/TatamiValidation/Keys.swift",
                   'extension DiagnosticCode {\n    public static let unknownKey = DiagnosticCode("unknown-key", .error)\n'
                   '    public static let wrongType = DiagnosticCode("wrong-type", .error)\n}\n')
        self.write("Sources/TatamiServices/Diagnostics/Explanations/YAML/010-yaml-syntax.swift", explanation("yamlSyntax"))
        self.write("Sources/TatamiServices/Diagnostics/Explanations/Model/010-wrong-type.swift", explanation("wrongType"))
        self.write("Sources/TatamiServices/Diagnostics/Explanations/Model/020-unknown-key.swift", explanation("unknownKey"))

    def tearDown(self):
        shutil.rmtree(self.dir)

    def write(self, path, text):
        full = os.path.join(self.dir, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "w") as f:
            f.write(text)

    def run_script(self, *args):
        return subprocess.run([sys.executable, os.path.join(self.dir, "scripts", "generate-diagnostic-codes.py"), *args],
                              capture_output=True, text=True)

    def generated(self):
        with open(os.path.join(self.dir, "Sources/TatamiServices/Diagnostics/DiagnosticCodes.generated.swift")) as f:
            return f.read()

    def test_writes_the_lists_in_the_folders_order_and_then_checks_them(self):
        self.assertEqual(self.run_script("--check").returncode, 1)
        self.assertEqual(self.run_script().returncode, 0)
        text = self.generated()
        model = text[text.index("modelStageCodes"):]
        self.assertLess(model.index(".wrongType"), model.index(".unknownKey"))  # by place, not by name
        self.assertIn("public static let servicesStageCodes: [DiagnosticCode] = [\n    ]", text)
        self.assertEqual(self.run_script("--check").returncode, 0)
        # Moving a declaration to another file of its module changes nothing.
        self.write("Sources/TatamiValidation/Other.swift", 'extension DiagnosticCode {\n    public static let wrongType = DiagnosticCode("wrong-type", .error)\n}\n')
        self.write("Sources/TatamiValidation/Keys.swift", 'extension DiagnosticCode {\n    public static let unknownKey = DiagnosticCode("unknown-key", .error)\n}\n')
        self.assertEqual(self.run_script("--check").returncode, 0)

    def test_a_code_without_an_explanation(self):
        self.write("Sources/TatamiLayout/Engine.swift", 'extension DiagnosticCode {\n    static let overflow = DiagnosticCode("overflow", .warning)\n}\n')
        r = self.run_script()
        self.assertEqual(r.returncode, 1)
        self.assertIn("`overflow`", r.stderr)
        self.assertIn("Explanations/Layout/NNN-overflow.swift", r.stderr)

    def test_an_explanation_without_a_code(self):
        self.write("Sources/TatamiServices/Diagnostics/Explanations/Model/030-gone.swift", explanation("gone"))
        r = self.run_script()
        self.assertEqual(r.returncode, 1)
        self.assertIn("no module declares", r.stderr)

    def test_an_explanation_in_another_stages_folder(self):
        os.rename(os.path.join(self.dir, "Sources/TatamiServices/Diagnostics/Explanations/YAML/010-yaml-syntax.swift"),
                  os.path.join(self.dir, "Sources/TatamiServices/Diagnostics/Explanations/Model/030-yaml-syntax.swift"))
        r = self.run_script()
        self.assertEqual(r.returncode, 1)
        self.assertIn("belongs in Explanations/YAML/", r.stderr)

    def test_a_declaration_it_cannot_read(self):
        self.write("Sources/TatamiLayout/Engine.swift", 'let name = "x"\nlet code = DiagnosticCode(name, .warning)\n')
        r = self.run_script()
        self.assertEqual(r.returncode, 1)
        self.assertIn("Engine.swift:2", r.stderr)


if __name__ == "__main__":
    unittest.main()
