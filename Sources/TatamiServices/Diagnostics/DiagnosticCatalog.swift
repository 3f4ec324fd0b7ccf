import TatamiValidation
import TatamiBase
import TatamiLayout
import TatamiModel
import TatamiYAML

extension DiagnosticCode {
    /// Every code any stage can report, stage by stage (YAML, model, layout), each stage's in
    /// its own list's order. The codes are declared beside their checks in their modules; this
    /// is the one place that sees them all.
    public static let allCodes: [DiagnosticCode] = yamlStageCodes + modelStageCodes + layoutStageCodes + servicesStageCodes
}

/// One diagnostic code explained for users: what `tatami explain CODE` prints and what
/// `docs/diagnostics.md` holds. The severity is the code's own, never written here.
public struct DiagnosticExplanation: Sendable {
    /// A file an example needs beside it (an imported library), by its path relative to the
    /// example.
    public struct SupportingFile: Sendable {
        public let path: String
        public let text: String
        /// A binary file (a font) that is a copy of this file of Tatami's repository, instead of
        /// `text`.
        public let copyOf: String?

        init(path: String, text: String) {
            self.path = path
            self.text = text
            copyOf = nil
        }

        init(path: String, copyOf: String) {
            self.path = path
            text = ""
            self.copyOf = copyOf
        }
    }

    public let code: DiagnosticCode
    /// One line: what the diagnostic means.
    public let summary: String
    /// When it fires, as paragraphs.
    public let when: [String]
    /// A complete file that reports the code (tests run it through the pipeline).
    public let example: String
    /// How to fix it, as paragraphs.
    public let fix: [String]
    /// The example fixed: reports nothing at all (tested too).
    public let fixed: String
    /// Files both examples need beside them.
    public let files: [SupportingFile]
    /// Other codes the example reports as a consequence (tested: the example reports exactly
    /// its own code and these).
    public let alsoReports: [DiagnosticCode]

    public var severity: Severity { code.severity }
}

/// The explanation of every diagnostic code: one table, read by `tatami explain`, written out
/// as `docs/diagnostics.md`, and tested against the codes the modules declare and against the
/// pipeline (each example must report its code, each fixed example nothing).
public enum DiagnosticCatalog {
    /// The command that writes `docs/diagnostics.md` from this table.
    public static let regenerateCommand = "swift run tatami explain --all --format markdown > docs/diagnostics.md"

    /// The stages in the order the page lists them, each with its codes.
    public static let stages: [(title: String, intro: String, codes: [DiagnosticCode])] = [
        ("Reading the YAML",
         "The file is read as YAML first. Past one of these errors the rest of the file may not be read at all, so fix them first.",
         DiagnosticCode.yamlStageCodes),
        ("Checking the file",
         "The YAML tree is checked against the format: keys, types and values, views, expressions, components and imports.",
         DiagnosticCode.modelStageCodes),
        ("Laying out",
         "These come from computing the frames, in each viewport the file declares, and the message names the viewport (but for `too-deep` and `useless-container`, which are found once per file). The layout is still computed, but probably not as meant.",
         DiagnosticCode.layoutStageCodes),
        ("Suppression comments",
         "`# tatami-ignore` comments are read last, after every other check.",
         DiagnosticCode.servicesStageCodes),
    ]

    /// The explanations in the page's order (stage by stage).
    public static var entries: [DiagnosticExplanation] {
        let byName = Dictionary(table.map { ($0.code.name, $0) }, uniquingKeysWith: { a, _ in a })
        return DiagnosticCode.allCodes.compactMap { byName[$0.name] }
    }

    /// The explanation of `name`, compared without case; nil for an unknown code.
    public static func explanation(named name: String) -> DiagnosticExplanation? {
        let wanted = name.lowercased()
        return table.first { $0.code.name == wanted }
    }

    /// The known code closest to `name`, for "did you mean".
    public static func closestCode(to name: String) -> String? {
        Suggestions.closest(to: name, in: DiagnosticCode.allCodes.map(\.name))
    }

    /// `unknown-code` for each written name that is not a code (in a suppression comment or a
    /// workspace file's `rules`), with the closest code as a fix; `effect` says what the name
    /// therefore fails to do ("this comment silences nothing").
    static func unknownCodes(_ written: [(code: String, range: SourceRange)], effect: String) -> [Diagnostic] {
        let known = Set(DiagnosticCode.allCodes.map(\.name))
        return written.filter { !known.contains($0.code) }.map { name, range in
            var message = "`\(name)` is not a diagnostic code, so \(effect)"
            var fixes: [FixIt] = []
            if let closest = closestCode(to: name) {
                message += "; did you mean `\(closest)`?"
                fixes = [FixIt(title: "replace with `\(closest)`", range: range, replacement: closest)]
            } else {
                message += " (`tatami explain --list` lists the codes)"
            }
            return Diagnostic(.unknownCode, message, at: range, fixes: fixes)
        }
    }

    /// The table as written, in no particular order: what the tests compare with the codes.
    public static let table: [DiagnosticExplanation] = [
        // MARK: Reading the YAML
        DiagnosticExplanation(
            .yamlSyntax,
            summary: "The text is not valid YAML.",
            when: [
                "libyaml could not read the file: a tab used for indentation, a quote or bracket never closed, an item indented differently from its siblings, or a `: ` inside an unquoted value (YAML reads it as the start of a mapping). The message is libyaml's, at the place it gave up, except for a quote, `[` or `{` that is never closed: that is reported where it opens, with the place libyaml gave up as related information; and for a line indented to a column that no mapping or list above it uses (libyaml's \"did not find expected key\"): the message gives the column expected, that of the nearest key or list item above further right, and the column found.",
                "Nothing after the error is read. What was read before it is still checked, but a key the error cut off (such as `body`) is not reported missing.",
            ],
            example: """
                body:
                  text: Note: read this first

                """,
            fix: [
                "Go to the position given and correct the YAML there. Indent with spaces only. Quote a value that holds `: `, starts with a character YAML reserves (`*`, `&`, `!`, `%`, `@`, `` ` ``, `{`, `[`) or should stay a string (`\"1.0\"`).",
            ],
            fixed: """
                body:
                  text: "Note: read this first"

                """),
        DiagnosticExplanation(
            .duplicateKey,
            summary: "A key appears twice in one mapping.",
            when: [
                "Two keys of the same mapping are spelled the same. YAML does not allow it; Tatami reads the first and ignores the second, so the line you edited last may be the one that has no effect.",
                "The diagnostic is on the second key and points at the first.",
            ],
            example: """
                body:
                  text: Hello
                  padding: 8
                  padding: 16

                """,
            fix: [
                "Keep one of the two. To apply a modifier twice (two paddings, two frames), list them in order under `modifiers:`.",
            ],
            fixed: """
                body:
                  text: Hello
                  padding: 16

                """),
        DiagnosticExplanation(
            .multipleDocuments,
            summary: "The file holds more than one YAML document.",
            when: [
                "A line `---` (or `...` followed by more content) starts a second YAML document. A Tatami file is one document; the second and any after it are ignored.",
                "A single `---` before the first document is fine.",
            ],
            example: """
                body:
                  text: First screen
                ---
                body:
                  text: Second screen

                """,
            fix: [
                "Put each layout in a file of its own, or remove the `---` line if it was not meant to split the file. To show one layout in several screen sizes, declare them under `viewports:`.",
            ],
            fixed: """
                body:
                  text: First screen

                """),
        DiagnosticExplanation(
            .tooComplex,
            summary: "The file goes past one of the limits that keep checking it bounded.",
            when: [
                "Every stage has limits (docs/limits.md), far beyond any hand-written layout: a file of 64 MiB, YAML nested 4,000 levels, aliases that expand to more than 100,000 nodes, views nested 1,000 deep, 100,000 children in one container, a text of 1,000,000 characters, an expression longer than 4,096 bytes or nested more than 64 levels, component instances nested 64 deep or building more than 200,000 views, imports nested 32 deep or more than 1,000 imported files.",
                "Past a limit, the part beyond it is left out (for the YAML limits, the rest of the file) and what was read before is still checked. The message says which limit was crossed.",
                "The example multiplies views with aliases, the classic \"billion laughs\": each `*name` repeats the whole view it names, so every level is ten times larger than the one before, and the second copy of `a4` brings the total past 100,000 nodes.",
            ],
            example: """
                body:
                  zstack:
                    - &a0 {color: clear}
                    - &a1 {zstack: [*a0, *a0, *a0, *a0, *a0, *a0, *a0, *a0, *a0, *a0]}
                    - &a2 {zstack: [*a1, *a1, *a1, *a1, *a1, *a1, *a1, *a1, *a1, *a1]}
                    - &a3 {zstack: [*a2, *a2, *a2, *a2, *a2, *a2, *a2, *a2, *a2, *a2]}
                    - &a4 {zstack: [*a3, *a3, *a3, *a3, *a3, *a3, *a3, *a3, *a3, *a3]}
                    - *a4
                    - *a4

                """,
            fix: [
                "Make the file smaller or flatter: a layout that crosses one of these limits is almost always generated by mistake. Aliases are fine for repeating a few views; to reuse a piece of layout, declare a component.",
            ],
            fixed: """
                body:
                  zstack:
                    - &a0 {color: clear}
                    - &a1 {zstack: [*a0, *a0, *a0]}
                    - *a1

                """),

        // MARK: Checking the file
        DiagnosticExplanation(
            .missingRequired,
            summary: "A required key is missing.",
            when: [
                "Something the format requires is not there: the file's `body` (an empty file has none), a viewport's `width` or `height`, a font's `width` or `height`, a parameter's `type`, the `position` of a canvas child, or a required part of a value (the `height` of `size`, `minWidth` in `columns: {minWidth: …}`, a placement's rule or one of `x`, `y`, `width`, `height`).",
                "The message names the key and what it belongs to.",
            ],
            example: """
                viewports:
                  phone: {width: 390}
                body:
                  text: Hello

                """,
            fix: [
                "Add the key the message names. The editor's code action \"add the missing key\" writes it with a placeholder value.",
            ],
            fixed: """
                viewports:
                  phone: {width: 390, height: 844}
                body:
                  text: Hello

                """),
        DiagnosticExplanation(
            .unknownKey,
            summary: "A key the format does not know.",
            when: [
                "A key is not part of the format where it is written, nor anywhere else as a view's key; it is most often a typo. Keys are case-sensitive (`minwidth` is not `minWidth`), and a key that starts with a capital letter names a component instead (see `unknown-component`).",
                "When a known key is close, the message suggests it (\"did you mean `padding`?\") and editors offer the fix. The key and its value are ignored.",
                "A view whose only kind-like key is a close misspelling of one kind (`vstak:`, `txet:`) is checked as that kind, so the problems inside it are reported too; when the spelling is as close to several kinds (`stack:`), nothing is guessed and the view is skipped.",
            ],
            example: """
                body:
                  text: Hello
                  paddng: 8

                """,
            fix: [
                "Correct the spelling, or remove the key. `tatami schema` prints every key the format knows, with its documentation.",
            ],
            fixed: """
                body:
                  text: Hello
                  padding: 8

                """),
        DiagnosticExplanation(
            .misplacedKey,
            summary: "A key the format knows, written where it has no meaning.",
            when: [
                "The key exists, but not here: a container's parameter on a view that is not that container (`spacing` on a `text`), a key that goes inside a modifier written beside the kind (`minWidth` belongs inside `frame`), `position` outside a canvas child, `ignoresSafeArea` on a view other than the body, a top-level key (`viewports`, `fonts`, …) inside a view, something other than a modifier in a `modifiers:` list, or a component's parameter written beside the instance instead of among its arguments.",
                "The message says where the key belongs. It is ignored here.",
            ],
            example: """
                body:
                  text: Hello
                  spacing: 8

                """,
            fix: [
                "Move the key to where the message says it belongs, or remove it. In the example, `spacing` is the gap between a stack's children, so it goes on the stack.",
            ],
            fixed: """
                body:
                  vstack:
                    - text: Hello
                    - text: World
                  spacing: 8

                """),
        DiagnosticExplanation(
            .wrongType,
            summary: "A value of the wrong type.",
            when: [
                "A value is not the kind of YAML value the key takes: a string where a number is expected, a list where a mapping is, a number where `true` or `false` is, nothing (null) where a value is required. Tatami reads YAML 1.2, where only `true` and `false` are booleans: `yes`, `no`, `on` and `off` are strings, and so is a quoted number such as `\"8\"`.",
                "Where `true` or `false` would do, a word YAML 1.1 read as a boolean (`yes`, `no`, `on`, `off`, `y`, `n`, in any case) gets a message that says so, and a fix to the boolean a YAML 1.1 reader saw (`yes` → `true`), which `tatami lint --fix` applies.",
                "Expressions have types too: `when` needs a condition (`width > 400`), not a number (`width`), and the arithmetic operators need numbers.",
            ],
            example: """
                body:
                  text: Hello
                  hidden: yes

                """,
            fix: [
                "Write the value in the type the message expects: `true` or `false`, a number without quotes, a list `[a, b]` or a mapping `{key: value}`. `tatami schema` gives each key's type.",
            ],
            fixed: """
                body:
                  text: Hello
                  hidden: true

                """),
        DiagnosticExplanation(
            .invalidValue,
            summary: "A value of the right type but not one the key allows.",
            when: [
                "The type is right but the value is not allowed: a number out of range (lengths go from 0 to 1,000,000, a viewport's `scale` from above 0 to 16, `aspectRatio` above 0), a word that is not one of the key's choices (a close one is suggested), a colour that is neither a known name nor `#RRGGBB`, a list with the wrong number of items (`absolute` takes four numbers), a custom alignment where it cannot apply (one of the other axis, or where only the built-in points are allowed), or a name that cannot name a component (a capital letter first, then letters, digits and `_`) or a parameter.",
            ],
            example: """
                body:
                  color: "#12345"

                """,
            fix: [
                "Use a value from the range or the choices the message lists. Colours are names such as `red` or `systemBlue`, or six hexadecimal digits after `#`, quoted (an unquoted `#` starts a YAML comment).",
            ],
            fixed: """
                body:
                  color: "#123456"

                """),
        DiagnosticExplanation(
            .conflictingKeys,
            summary: "Two keys that cannot be used together.",
            when: [
                "A value mixes keys that exclude each other: a `frame` with a fixed size (`width`, `height`) and flexible bounds (`minWidth`, `maxWidth`, `minHeight`, `maxHeight`) at once, a canvas placement with two rules (`absolute` and `relative`, or either with `{x, y, width, height}`), or a `spacer` given its minimum length both as its value and as `minLength`.",
                "The diagnostic is on the second key and points at the first; the second is ignored.",
            ],
            example: """
                body:
                  color: blue
                  frame: {width: 100, maxHeight: 50}

                """,
            fix: [
                "Keep one of the two. A frame is either fixed or flexible; to get both effects, apply two frames in order under `modifiers:` (or make both dimensions fixed).",
            ],
            fixed: """
                body:
                  color: blue
                  modifiers:
                    - frame: {maxHeight: 50}
                    - frame: {width: 100}

                """),
        DiagnosticExplanation(
            .minExceedsMax,
            summary: "A minimum is larger than its maximum.",
            when: [
                "Two bounds of the same length contradict each other: `minWidth` larger than `maxWidth`, or `minHeight` larger than `maxHeight`.",
            ],
            example: """
                body:
                  color: blue
                  frame: {minWidth: 200, maxWidth: 100}

                """,
            fix: [
                "Swap or correct the numbers so that the minimum is at most the maximum. For an exact size, use `width` or `height` instead of both bounds.",
            ],
            fixed: """
                body:
                  color: blue
                  frame: {minWidth: 100, maxWidth: 200}

                """),
        DiagnosticExplanation(
            .missingKind,
            summary: "A view has no kind key.",
            when: [
                "Where a view is expected (the `body`, a container's item, a background or overlay, a component's body) there is a mapping without a kind key (`text`, `image`, `color`, `spacer`, `divider`, a container or a component's name), or nothing at all (an empty list item, a null).",
                "It often means a key meant for the view above slipped into a list item of its own.",
            ],
            example: """
                body:
                  vstack:
                    - text: Title
                    - padding: 8
                    - text: Subtitle

                """,
            fix: [
                "Give the view its kind, or move the keys to the view they were meant for (in the example, by removing the `- ` that made `padding` an item of its own).",
            ],
            fixed: """
                body:
                  vstack:
                    - text: Title
                      padding: 8
                    - text: Subtitle

                """),
        DiagnosticExplanation(
            .multipleKinds,
            summary: "A view has two kind keys.",
            when: [
                "One mapping holds two kind keys, such as `text` and `image`: a view is exactly one thing. It usually means a `- ` is missing between two items of a list. The first kind is used and the second ignored.",
            ],
            example: """
                body:
                  hstack:
                    - text: Title
                      image: logo
                    - text: Subtitle

                """,
            fix: [
                "Split the mapping into two views, each its own list item, or remove one kind.",
            ],
            fixed: """
                body:
                  hstack:
                    - text: Title
                    - image: logo
                      size: [16, 16]
                    - text: Subtitle

                """),
        DiagnosticExplanation(
            .colorAsText,
            summary: "A colour name written where a view is expected, under `background` or `overlay`.",
            when: [
                "A bare value where a view is expected is a text view (`- Hello` means `- text: Hello`), so `background: red` puts the word `red` behind the view, not the colour. The value names a colour (one of the named colours, or a quoted `\"#RRGGBB\"`), so the colour was almost certainly meant.",
                "That text view gets no layout warnings of its own: the word cut to the decorated view's size (`text-truncated`, once per viewport) would only repeat this.",
            ],
            example: """
                body:
                  text: Limited offer
                  padding: 4
                  background: orange

                """,
            fix: [
                "Write the colour as a view: `background: {color: orange}` (editors offer the fix). To show the word, write `background: {text: orange}`.",
            ],
            fixed: """
                body:
                  text: Limited offer
                  padding: 4
                  background: {color: orange}

                """),
        DiagnosticExplanation(
            .duplicateID,
            summary: "Two views share an `id`.",
            when: [
                "The same `id` is given to two views of the file. Ids name views in `tatami frames` output and for tools, so each must be unique. The diagnostic is on the second and points at the first.",
            ],
            example: """
                body:
                  vstack:
                    - text: Name
                      id: label
                    - text: Email
                      id: label

                """,
            fix: [
                "Rename one of them (the editor's rename updates every use).",
            ],
            fixed: """
                body:
                  vstack:
                    - text: Name
                      id: nameLabel
                    - text: Email
                      id: emailLabel

                """),
        DiagnosticExplanation(
            .unknownFont,
            summary: "A `font` that is neither a default font nor one the file declares.",
            when: [
                "`font:` names a font that does not exist here. The default fonts are `caption`, `body`, `headline`, `title` and `largeTitle`; a file adds its own (or changes these) under `fonts:`. A close name is suggested.",
            ],
            example: """
                body:
                  text: Welcome
                  font: heading

                """,
            fix: [
                "Use one of the fonts the message lists, or declare the font under `fonts:` with its cell `width` and `height`.",
            ],
            fixed: """
                fonts:
                  heading: {width: 12, height: 24}
                body:
                  text: Welcome
                  font: heading

                """),
        DiagnosticExplanation(
            .unknownAlignment,
            summary: "An alignment or guide name that is not valid where it is written.",
            when: [
                "An `alignment` does not fit the container: a `vstack` lines its children up horizontally and takes `leading`, `center` or `trailing`; an `hstack` lines them up vertically and takes `top`, `center`, `bottom` or a text baseline; a `zstack` or a `frame` takes both (`topLeading`, `center`, …). A custom alignment must be declared under `alignments:` with the matching axis.",
                "It also fires for a name in `alignmentGuides` that is neither a built-in guide nor a declared alignment, and for a canvas `anchor` point that does not exist. A close name is suggested.",
            ],
            example: """
                body:
                  vstack:
                    - text: One
                    - text: Two
                  alignment: top

                """,
            fix: [
                "Use an alignment of the container's axis, as the message lists, or declare the custom one under `alignments:`.",
            ],
            fixed: """
                body:
                  vstack:
                    - text: One
                    - text: Two
                  alignment: leading

                """),
        DiagnosticExplanation(
            .invalidExpression,
            summary: "An expression that cannot be read.",
            when: [
                "An expression (a `when` condition, a canvas placement's `x`, `y`, `width` or `height`, an alignment guide's value) does not follow the expression grammar: a missing operand, unbalanced parentheses, a character that is not part of the language. The diagnostic points at the exact characters.",
                "Expressions know numbers, the names of their place (such as `width`, `height`, `landscape`, `portrait`), `+ - * /`, comparisons `< <= > >= == !=`, `&& || !`, parentheses and a few functions such as `min` and `max`.",
            ],
            example: """
                viewports:
                  phone: {width: 390, height: 844}
                body:
                  vstack:
                    - text: Everywhere
                    - text: Wide screens only
                      when: "width >"

                """,
            fix: [
                "Complete or correct the expression at the characters shown. Quote an expression that YAML might read otherwise (one starting with `!`, `*`, `[` or holding `: `).",
            ],
            fixed: """
                viewports:
                  phone: {width: 390, height: 844}
                body:
                  vstack:
                    - text: Everywhere
                    - text: Wide screens only
                      when: "width > 600"

                """),
        DiagnosticExplanation(
            .unknownName,
            summary: "An expression uses a name or function that does not exist there.",
            when: [
                "An expression names something unknown where it is written. Conditions (`when`) know `width`, `height`, `landscape` and `portrait`; canvas placements know `width` and `height` (the canvas's); alignment guide values know `width`, `height` and the built-in guides (`top`, `bottom`, `leading`, …). It also fires for an unknown function, and for a value called like a function.",
                "A close name is suggested, and editors offer the fix.",
            ],
            example: """
                viewports:
                  phone: {width: 390, height: 844}
                body:
                  vstack:
                    - text: Everywhere
                    - text: Wide screens only
                      when: "widht > 600"

                """,
            fix: [
                "Correct the name, using one the message or completion offers.",
            ],
            fixed: """
                viewports:
                  phone: {width: 390, height: 844}
                body:
                  vstack:
                    - text: Everywhere
                    - text: Wide screens only
                      when: "width > 600"

                """),
        DiagnosticExplanation(
            .divisionByZero,
            summary: "An expression divides by zero; the division gives 0.",
            when: [
                "A division's divisor is 0. When the divisor uses no name (`width / 0`) it is 0 everywhere, and the check reports it once. When it is 0 only with some viewport's values (`width / (height - width)` in a square viewport), layout reports it in that viewport, and the message names it.",
                "The division counts as 0 and the layout goes on. The right side of `&&` and `||` is only computed when it decides the result, so a guard in front of the division avoids it.",
            ],
            example: """
                viewports:
                  phone: {width: 390, height: 844}
                  square: {width: 600, height: 600}
                body:
                  vstack:
                    - text: Everywhere
                    - text: Tall screens only
                      when: "width / (height - width) > 1"

                """,
            fix: [
                "Rewrite the expression so the divisor cannot be 0, or guard it: `height != width && …` computes the division only when it is defined.",
            ],
            fixed: """
                viewports:
                  phone: {width: 390, height: 844}
                  square: {width: 600, height: 600}
                body:
                  vstack:
                    - text: Everywhere
                    - text: Tall screens only
                      when: "height != width && width / (height - width) > 1"

                """),
        DiagnosticExplanation(
            .unknownComponent,
            summary: "A capitalised kind key that names no component.",
            when: [
                "A view's key starts with a capital letter, so it uses a component, but no component of that name is declared in the file under `components:` nor in a file it imports. A close name is suggested: a kind whose name it is but for case (`Text`, `VStack`), else a close component, else a close kind (`Imgae`). When the suggestion is one kind and the view has no other kind key, the rest of the view is checked as that kind.",
                "It is not reported while an import of the file cannot be read: the name may be one of that file's components, and the import's `import-error` says so once.",
            ],
            example: """
                body:
                  hstack:
                    - text: Inbox
                    - Badge: {label: New}
                    - text: "3"

                """,
            fix: [
                "Correct the name, declare the component under `components:`, or import the file that declares it (`imports:`).",
            ],
            fixed: """
                components:
                  Badge:
                    params:
                      label: {type: string}
                    body:
                      text: $label
                      padding: 4
                body:
                  hstack:
                    - text: Inbox
                    - Badge: {label: New}
                    - text: "3"

                """),
        DiagnosticExplanation(
            .unknownParam,
            summary: "An argument, or a `$name` in a component's body, that names no parameter.",
            when: [
                "An instance gives an argument the component does not declare under `params:`, or the component's body uses `$name` or `${name}` for a parameter it does not have. A close parameter is suggested. Modifiers and attributes of an instance (`padding`, `frame`, `id`, …) go beside the component's name, not among its arguments.",
            ],
            example: """
                components:
                  Badge:
                    params:
                      label: {type: string}
                    body:
                      text: $label
                body:
                  hstack:
                    - text: Inbox
                    - Badge: {label: New, tint: red}

                """,
            fix: [
                "Correct the name, remove the argument, or declare the parameter in the component's `params:` (with a `type`, and a `default` if instances may leave it out).",
            ],
            fixed: """
                components:
                  Badge:
                    params:
                      label: {type: string}
                      tint: {type: color, default: blue}
                    body:
                      text: $label
                      background: {color: $tint}
                body:
                  hstack:
                    - text: Inbox
                    - Badge: {label: New, tint: red}

                """),
        DiagnosticExplanation(
            .missingParam,
            summary: "An instance leaves out an argument that has no default.",
            when: [
                "A component is used without an argument for one of its parameters, and that parameter declares no `default`.",
            ],
            example: """
                components:
                  Badge:
                    params:
                      label: {type: string}
                    body:
                      text: $label
                body:
                  hstack:
                    - text: Inbox
                    - Badge: {}

                """,
            fix: [
                "Give the argument (the editor's code action adds the missing ones), or give the parameter a `default` in the component's `params:`.",
            ],
            fixed: """
                components:
                  Badge:
                    params:
                      label: {type: string}
                    body:
                      text: $label
                body:
                  hstack:
                    - text: Inbox
                    - Badge: {label: New}

                """),
        DiagnosticExplanation(
            .componentCycle,
            summary: "A component uses itself, directly or through others.",
            when: [
                "A component's body uses the component itself, or uses another component that leads back to it (`A → B → A`): expanding it would never end. The message gives the chain.",
            ],
            example: """
                components:
                  Card:
                    body:
                      vstack:
                        - text: Card
                        - text: Details
                        - Card: {}
                body:
                  Card: {}

                """,
            fix: [
                "Break the chain: a component cannot contain itself. To nest content of the caller's choosing, give the component a `view` parameter (a slot) and pass the inner view as an argument.",
            ],
            fixed: """
                components:
                  Card:
                    params:
                      content: {type: view}
                    body:
                      vstack:
                        - text: Card
                        - text: Details
                        - $content
                body:
                  Card:
                    content: {text: Inside}

                """),
        DiagnosticExplanation(
            .unusedComponent,
            summary: "A component the file declares but no view uses.",
            when: [
                "A component declared under `components:` is used neither by the file's views nor by another component they use. Components imported from other files are not counted; a library file is checked on its own, where its `body` can show each of its components.",
            ],
            example: """
                components:
                  Badge:
                    params:
                      label: {type: string}
                    body:
                      text: $label
                body:
                  text: Inbox

                """,
            fix: [
                "Use the component or remove it. In a library, show it in the file's `body`, or silence the warning for the file with `# tatami-ignore-file: unused-component`.",
            ],
            fixed: """
                components:
                  Badge:
                    params:
                      label: {type: string}
                    body:
                      text: $label
                body:
                  Badge: {label: Inbox}

                """),
        DiagnosticExplanation(
            .referenceOutsideComponent,
            summary: "`$name`, `${name}` or `$$` written outside a component's body, where it is shown as written.",
            when: [
                "A text, an image name or a component's string argument written outside every component's body holds what a body would read as a reference: `$name` as the whole value, `${name}` or `$$` inside it. Only a component's body is substituted (docs/format.md §8.1), so here the characters are shown as they are: `$title` shows `$title`, `Only $$5` shows two dollars.",
                "A `$` followed by anything else (`$5`, `US$ 5`) is an ordinary character and is not reported.",
            ],
            example: """
                body:
                  vstack:
                    - text: $title
                    - text: Only $$5

                """,
            fix: [
                "To show a value that changes, declare a component whose body uses the parameter and give the value as an argument. For a dollar sign outside a body, write one `$` (the fix offered for a lone `$$`). When the text really is meant to show the characters, silence the warning on its line with `# tatami-ignore: reference-outside-component`.",
            ],
            fixed: """
                components:
                  Offer:
                    params:
                      title: {type: string}
                    body:
                      vstack:
                        - text: $title
                        - text: Only $$5
                body:
                  Offer: {title: Today}

                """),
        DiagnosticExplanation(
            .importError,
            summary: "An import that cannot be used.",
            when: [
                "An entry of `imports:` cannot be read: the file is not found, cannot be read, is not a `.tatami.yaml` or `.tatami.yml` file, is an absolute path, leads outside the workspace root (also through a symbolic link), or imports back the file that imports it. Text read from standard input cannot import, since there is no file to find paths from.",
                "It also fires when the imported file has errors (the first is summarised, with its line), and when two imported files declare a component of the same name (the first one is used).",
                "While an import cannot be read, a capitalised key that names no declared component may be one of the components it would have given: such uses are not reported one by one (no `unknown-component`), and the first failed import carries one related note naming them, at the first.",
            ],
            example: """
                imports: [libary.tatami.yaml]
                body:
                  Badge: {label: Inbox}

                """,
            fix: [
                "Correct the path: it is relative to the importing file and must stay inside the workspace root (`--root`, by default the directory given to `tatami lint`). Fix the errors of the imported file, and rename one of two components with the same name.",
            ],
            fixed: """
                imports: [library.tatami.yaml]
                body:
                  Badge: {label: Inbox}

                """,
            files: [.init(path: "library.tatami.yaml", text: """
                components:
                  Badge:
                    params:
                      label: {type: string}
                    body:
                      text: $label
                body:
                  Badge: {label: Sample}

                """)]),

        // MARK: Laying out
        DiagnosticExplanation(
            .fontFileError,
            summary: "A font file that cannot be used.",
            when: [
                "A font's `file` (or one of its `fallback` files) cannot be used: it is not found, cannot be read, is an absolute path, leads outside the workspace root (also through a symbolic link), is not a font FreeType can read (truncated, corrupted, another format), is one HarfBuzz cannot shape (WOFF, WOFF2, Type 1: only TrueType and OpenType files and collections are read), or has no face at the `index` given. Text read from standard input names no font file, since there is no file to find paths from. Texts in that font are then measured with zero-width characters, so the layout around them is not meaningful until the file is fixed.",
            ],
            example: """
                fonts:
                  body: {file: Inter-Regular.ttf, size: 17}
                body:
                  text: Tokyo

                """,
            fix: [
                "Correct the path (it is relative to the file that declares the font and must stay inside the workspace root), point it at a `.ttf`, `.otf` or `.ttc` file, or pick a face of a collection that exists with `index`.",
            ],
            fixed: """
                fonts:
                  body: {file: Inter-Regular.otf, size: 17}
                body:
                  text: Tokyo

                """,
            files: [.init(path: "Inter-Regular.otf", copyOf: "Examples/fonts/Inter-Regular.otf")]),
        DiagnosticExplanation(
            .overflow,
            summary: "A container's children need more room than it has.",
            when: [
                "In some viewport, the children of a stack (or another container) need more width or height than the container was offered, even at their smallest, and the container ends up reaching outside the area the body was given. Views that do not fit are drawn past the edge of the screen.",
                "A shortfall that the parent absorbs (the container still fits on screen) is not reported.",
                "The related locations (`note:` lines in text) name the children that need the room: the largest child along that axis, and the innermost view inside it that takes more than it was offered, each with its size.",
            ],
            example: """
                viewports:
                  phone: {width: 200, height: 100}
                body:
                  hstack:
                    - color: red
                      frame: {width: 150, height: 40}
                    - color: blue
                      frame: {width: 150, height: 40}

                """,
            fix: [
                "Make room: let the children shrink (flexible frames with `minWidth`/`maxWidth` instead of fixed sizes, text that may wrap), wrap them with a `flow` instead of an `hstack`, or show fewer of them in small viewports with `when`.",
            ],
            fixed: """
                viewports:
                  phone: {width: 200, height: 100}
                body:
                  hstack:
                    - color: red
                      frame: {minWidth: 50, maxWidth: 150}
                    - color: blue
                      frame: {minWidth: 50, maxWidth: 150}

                """),
        DiagnosticExplanation(
            .cellTooSmall,
            summary: "A grid cell, a brick or a canvas rectangle is smaller than the view placed in it.",
            when: [
                "In some viewport, a `grid`, `bricks` or `canvas` gives a child a rectangle (its cell) and the child, proposed that size, takes more: a fixed `frame`, an image that is not resizable, a padding larger than the cell. The child is centred on its cell and sticks out of it, over its neighbours. The message gives the child's size and the cell's. Hidden children are not reported.",
                "A grid takes its proposal and shares it among its cells, so more children than the room holds (or one column where several would fit) make cells smaller than their children.",
            ],
            example: """
                viewports:
                  phone: {width: 200, height: 200}
                body:
                  grid:
                    - color: red
                      frame: {width: 48, height: 48}
                    - color: green
                      frame: {width: 48, height: 48}
                    - color: blue
                      frame: {width: 48, height: 48}
                    - color: yellow
                      frame: {width: 48, height: 48}
                    - color: gray
                      frame: {width: 48, height: 48}
                  columns: 1

                """,
            fix: [
                "Give the cells room: more columns (`columns: {minWidth: …}` or `columns: auto`), a smaller `spacing`, a larger container, or smaller children. Children with flexible sizes (a `color` without a fixed frame, a resizable image, `frame: {maxWidth: 48, maxHeight: 48}`) take the cell they get instead of sticking out.",
            ],
            fixed: """
                viewports:
                  phone: {width: 200, height: 200}
                body:
                  grid:
                    - color: red
                      frame: {maxWidth: 48, maxHeight: 48}
                    - color: green
                      frame: {maxWidth: 48, maxHeight: 48}
                    - color: blue
                      frame: {maxWidth: 48, maxHeight: 48}
                    - color: yellow
                      frame: {maxWidth: 48, maxHeight: 48}
                    - color: gray
                      frame: {maxWidth: 48, maxHeight: 48}
                  columns: 1

                """),
        DiagnosticExplanation(
            .textTruncated,
            summary: "A text is cut with `…` to fit.",
            when: [
                "In some viewport, a text does not fit in the frame it gets, within its `lineLimit` if it has one, so it is cut and ends with `…`. The message shows what is left.",
            ],
            example: """
                viewports:
                  small: {width: 160, height: 60}
                body:
                  text: This sentence is far too long for one line
                  lineLimit: 1

                """,
            fix: [
                "Give the text more room or more lines, shorten it, or pick a smaller font. Where cutting is what you want (a preview line in a list), silence the warning on that view with `# tatami-ignore: text-truncated` after its kind key.",
            ],
            fixed: """
                viewports:
                  small: {width: 160, height: 60}
                body:
                  text: This sentence is far too long for one line
                  lineLimit: 3

                """),
        DiagnosticExplanation(
            .missingGlyph,
            summary: "A text has characters no face of its font has a glyph for.",
            when: [
                "A text set in a font given by a file (`fonts: {name: {file: …, size: …}}`) holds characters that neither the font's file nor any of its `fallback` files has a glyph for. A screen would draw them in some other font its system picks, so the width Tatami computes for them (the primary face's missing-glyph box) is a guess. It is reported once per text, naming the first few such characters.",
            ],
            example: """
                fonts:
                  body: {file: Inter-Regular.otf, size: 17}
                body:
                  text: 東京 Tokyo

                """,
            fix: [
                "Add a face that has those characters to the font's `fallback` list (a CJK face, an emoji face), as a web page lists them in `font-family`; or write the text without them.",
            ],
            fixed: """
                fonts:
                  body: {file: Inter-Regular.otf, size: 17}
                body:
                  text: Tokyo

                """,
            files: [.init(path: "Inter-Regular.otf", copyOf: "Examples/fonts/Inter-Regular.otf")]),
        DiagnosticExplanation(
            .zeroSize,
            summary: "A view that draws something is 0 wide or 0 tall.",
            when: [
                "In some viewport, a view that would draw something (a text, an image, a colour other than `clear`, or a container holding one) ends up 0 points wide or tall, so nothing of it shows. Often a flexible view got no room because its siblings took it all. It is reported once, for the outermost such view; hidden views are not reported.",
            ],
            example: """
                viewports:
                  phone: {width: 100, height: 50}
                body:
                  hstack:
                    - color: red
                      frame: {width: 100}
                    - color: blue
                  spacing: 0

                """,
            fix: [
                "Give the view room: make its siblings smaller or flexible, give it a `minWidth` or `minHeight`, or remove it if it was not meant to show.",
            ],
            fixed: """
                viewports:
                  phone: {width: 100, height: 50}
                body:
                  hstack:
                    - color: red
                      frame: {width: 60}
                    - color: blue
                  spacing: 0

                """),
        DiagnosticExplanation(
            .outOfBounds,
            summary: "A canvas child's rectangle leaves the canvas.",
            when: [
                "In some viewport, the rectangle a canvas placement gives a child reaches outside the canvas (when the canvas has a finite size). The child is still placed there and drawn past the canvas's edge.",
            ],
            example: """
                viewports:
                  phone: {width: 100, height: 100}
                body:
                  canvas:
                    - color: red
                      position: {absolute: [80, 10, 40, 40]}

                """,
            fix: [
                "Correct the placement so the rectangle stays inside. Placements relative to the canvas's size (`relative`, `insets`, `anchor`, or expressions over `width` and `height`) keep a child inside in every viewport.",
            ],
            fixed: """
                viewports:
                  phone: {width: 100, height: 100}
                body:
                  canvas:
                    - color: red
                      position: {anchor: {from: topTrailing, x: -10, y: 10, width: 40, height: 40}}

                """),
        DiagnosticExplanation(
            .noPosition,
            summary: "No placement of a canvas child applies in a viewport, so it is not shown there.",
            when: [
                "A canvas child's `position` is a list of placements with `when` conditions, and in some viewport none of them holds: the child has no place there and is left out. This may be what you meant, so it is information, not a warning.",
            ],
            example: """
                viewports:
                  portrait: {width: 300, height: 500}
                  landscape: {width: 500, height: 300}
                body:
                  canvas:
                    - text: Sidebar
                      position:
                        - {when: landscape, absolute: [0, 0, 100, 300]}

                """,
            fix: [
                "End the list with a placement without `when`, which applies when no other does. To show the view only in some viewports, give the view itself a `when`.",
            ],
            fixed: """
                viewports:
                  portrait: {width: 300, height: 500}
                  landscape: {width: 500, height: 300}
                body:
                  canvas:
                    - text: Sidebar
                      when: landscape
                      position: {absolute: [0, 0, 100, 300]}

                """),
        DiagnosticExplanation(
            .modifierOrder,
            summary: "A view's modifier keys are written in another order than they apply in, and the order written would lay it out differently.",
            when: [
                "Modifier keys beside a kind key (`frame`, `padding`, `background`, …) apply in one fixed order whatever order they are written in: `fixedSize`, `aspectRatio`, `frame`, `padding`, `background`, `overlay`, `border`, `offset`, innermost first (docs/format.md §6). In SwiftUI, modifiers apply in the order they are written, so `padding`, `background`, then `frame: {maxWidth: 260}` reads as a frame around the padded, coloured view, while Tatami puts the frame inside the padding.",
                "The view is laid out again with its keys in the written order, for the proposal it got; where one of its frames (its own, its content, a background or overlay, a border) comes out differently in some viewport, this information names the modifier that applies first and the two sizes. A view whose keys are written out of order but lays out the same either way gets nothing.",
            ],
            example: """
                viewports:
                  phone: {width: 320, height: 200}
                body:
                  text: Are we still on for lunch tomorrow at noon?
                  padding: 12
                  background: {color: blue}
                  frame: {maxWidth: 260}

                """,
            fix: [
                "If the fixed order is what you meant, write the keys in that order. If the written order is, list the modifiers under `modifiers:`, which applies them first to last (editors offer this rewrite as a code action; `lint --fix` never applies it, since it changes the layout).",
            ],
            fixed: """
                viewports:
                  phone: {width: 320, height: 200}
                body:
                  text: Are we still on for lunch tomorrow at noon?
                  modifiers:
                    - padding: 12
                    - background: {color: blue}
                    - frame: {maxWidth: 260}

                """),
        DiagnosticExplanation(
            .tooDeep,
            summary: "Containers nested more than 10 deep.",
            when: [
                "A container (a stack, `flow`, `grid`, `bricks` or `canvas`) sits inside more than 10 other containers. Such a layout is hard to read and to change; the layout is still computed. It is reported once per file, at the first container past the limit, whatever the viewport. Component instances do not count as containers, but the containers of their bodies do.",
            ],
            example: """
                body:
                  vstack:
                    - text: "1"
                    - vstack:
                        - text: "2"
                        - vstack:
                            - text: "3"
                            - vstack:
                                - text: "4"
                                - vstack:
                                    - text: "5"
                                    - vstack:
                                        - text: "6"
                                        - vstack:
                                            - text: "7"
                                            - vstack:
                                                - text: "8"
                                                - vstack:
                                                    - text: "9"
                                                    - vstack:
                                                        - text: "10"
                                                        - vstack:
                                                            - text: "11"
                                                            - text: "12"

                """,
            fix: [
                "Flatten the layout: a stack of stacks on the same axis is usually one stack (with `spacing` or a `spacer`), a wrapper that only adds space is a `padding` or `frame` on the view itself, and rows of cells are a `grid`, `flow` or `bricks`.",
            ],
            fixed: """
                body:
                  vstack:
                    - text: "1"
                    - text: "2"
                    - text: "3"
                    - text: "4"
                    - text: "5"
                    - text: "6"
                    - text: "7"
                    - text: "8"
                    - text: "9"
                    - text: "10"
                    - text: "11"
                    - text: "12"

                """),
        DiagnosticExplanation(
            .uselessContainer,
            summary: "A stack with a single child and no modifiers.",
            when: [
                "An `hstack`, `vstack` or `zstack` holds exactly one view and has no modifiers, so it changes nothing: the view alone lays out the same. Children are counted as written, whatever their `when`. It is reported once per file, whatever the viewport.",
            ],
            example: """
                body:
                  vstack:
                    - text: Hello

                """,
            fix: [
                "Remove the stack and keep its child. If the stack is there for later additions, silence the warning with `# tatami-ignore: useless-container` after its kind key.",
            ],
            fixed: """
                body:
                  text: Hello

                """),

        // MARK: Suppression comments
        DiagnosticExplanation(
            .unknownCode,
            summary: "A `tatami-ignore` comment, or a workspace file's `rules:`, names something that is not a diagnostic code.",
            when: [
                "A `# tatami-ignore:` or `# tatami-ignore-file:` comment lists a name that no check reports, most often a misspelt code. Such a name silences nothing, so the diagnostic it was meant to hide still shows.",
                "A key under `rules:` in `tatami.config.yaml` is not a code (docs/workspace.md): the rule changes nothing.",
            ],
            example: """
                body:
                  vstack:  # tatami-ignore: useless-containr
                    - text: Hello

                """,
            fix: [
                "Correct the name (the message suggests the closest code, and editors offer the fix), or remove it. `tatami explain --list` lists every code.",
            ],
            fixed: """
                body:
                  vstack:  # tatami-ignore: useless-container
                    - text: Hello

                """,
            alsoReports: [.uselessContainer]),
    ]
}

extension DiagnosticExplanation {
    init(
        _ code: DiagnosticCode, summary: String, when: [String], example: String, fix: [String], fixed: String,
        files: [SupportingFile] = [], alsoReports: [DiagnosticCode] = []
    ) {
        self.code = code
        self.summary = summary
        self.when = when
        self.example = example
        self.fix = fix
        self.fixed = fixed
        self.files = files
        self.alsoReports = alsoReports
    }
}
