import Foundation
import TatamiBase
import TatamiModel
import TatamiTestSupport
import XCTest

/// The names `when` sees (docs/format.md §10).
private let whenNames: [String: ExpressionType] = [
    "width": .number, "height": .number, "landscape": .boolean, "portrait": .boolean,
]

private func parsed(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> ExpressionNode? {
    switch ExpressionParser.parse(text) {
    case .success(let node): return node
    case .failure(let error):
        XCTFail("`\(text)` did not parse: \(error)", file: file, line: line)
        return nil
    }
}

/// The value of `text`, parsed without checking, with `values` for names.
private func value(_ text: String, _ values: [String: Double] = [:], file: StaticString = #filePath, line: UInt = #line) -> Double? {
    parsed(text, file: file, line: line)?.evaluate { values[$0] }.value
}

private func parseError(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> ExpressionError? {
    switch ExpressionParser.parse(text) {
    case .success(let node):
        XCTFail("`\(text)` parsed as \(node)", file: file, line: line)
        return nil
    case .failure(let error): return error
    }
}

/// Asserts that parsing `text` fails with one error of `kind` at `range` whose message contains `message`.
private func assertParseError(
    _ text: String, _ kind: ExpressionError.Kind = .syntax, at range: Range<Int>, _ message: String,
    file: StaticString = #filePath, line: UInt = #line
) {
    guard let error = parseError(text, file: file, line: line) else { return }
    XCTAssertEqual(error.kind, kind, "`\(text)`: \(error)", file: file, line: line)
    XCTAssertEqual(error.range, range, "`\(text)`: \(error)", file: file, line: line)
    XCTAssertTrue(error.message.contains(message), "`\(text)`: \(error.message) lacks \(message)", file: file, line: line)
}

/// The checker's errors for `text` (which must parse).
private func checkErrors(
    _ text: String, names: [String: ExpressionType] = whenNames, expected: ExpressionType,
    file: StaticString = #filePath, line: UInt = #line
) -> [ExpressionError] {
    guard let node = parsed(text, file: file, line: line) else { return [] }
    return ExpressionChecker.check(node, names: names, expected: expected)
}

private func assertCheckError(
    _ text: String, names: [String: ExpressionType] = whenNames, expected: ExpressionType,
    _ kind: ExpressionError.Kind, at range: Range<Int>, _ message: String,
    file: StaticString = #filePath, line: UInt = #line
) {
    let errors = checkErrors(text, names: names, expected: expected, file: file, line: line)
    guard errors.count == 1, let error = errors.first else {
        return XCTFail("`\(text)`: expected one error, got \(errors)", file: file, line: line)
    }
    XCTAssertEqual(error.kind, kind, "`\(text)`: \(error)", file: file, line: line)
    XCTAssertEqual(error.range, range, "`\(text)`: \(error)", file: file, line: line)
    XCTAssertTrue(error.message.contains(message), "`\(text)`: \(error.message) lacks \(message)", file: file, line: line)
}

final class ExpressionParserTests: XCTestCase {
    func testPrecedenceAndAssociativity() {
        XCTAssertEqual(value("1 + 2 * 3"), 7)
        XCTAssertEqual(value("(1 + 2) * 3"), 9)
        XCTAssertEqual(value("-2 * 3"), -6)
        XCTAssertEqual(value("2 * 3 + 4 * 5"), 26)
        XCTAssertEqual(value("2 - 3 - 4"), -5)
        XCTAssertEqual(value("12 / 3 / 2"), 2)
        XCTAssertEqual(value("10 - -2"), 12)
        XCTAssertEqual(value("- -3"), 3)
        XCTAssertEqual(value("1 + 2 < 4 && 3 > 2 || 0 > 1"), 1)
        // `&&` binds tighter than `||`.
        let v: [String: Double] = ["width": 5, "height": 1, "landscape": 0]
        XCTAssertEqual(value("width > 3 || height > 3 && landscape", v), 1)
        XCTAssertEqual(value("(width > 3 || height > 3) && landscape", v), 0)
    }

    func testTreeShapeAndRanges() {
        XCTAssertEqual(parsed("-2 * 3"), .binary(
            .multiply, .unary(.negate, .number(2, range: 1..<2), range: 0..<2), .number(3, range: 5..<6), range: 0..<6))
        XCTAssertEqual(parsed("!(width > 3) && portrait"), .binary(
            .and,
            .unary(.not, .binary(.greater, .name("width", range: 2..<7), .number(3, range: 10..<11), range: 2..<11), range: 0..<12),
            .name("portrait", range: 16..<24),
            range: 0..<24))
        // A binary node spans its operands, including their parentheses; parentheses around the
        // whole node are not part of it.
        XCTAssertEqual(parsed(" (1) + (2) "), .binary(.add, .number(1, range: 2..<3), .number(2, range: 8..<9), range: 1..<10))
        XCTAssertEqual(parsed("(1 + 2)")?.range, 1..<6)
        XCTAssertEqual(parsed("1 - 2 - 3"), .binary(
            .subtract,
            .binary(.subtract, .number(1, range: 0..<1), .number(2, range: 4..<5), range: 0..<5),
            .number(3, range: 8..<9), range: 0..<9))
        XCTAssertEqual(parsed("max(1,\t(2))"), .call("max", [.number(1, range: 4..<5), .number(2, range: 8..<9)], range: 0..<11))
    }

    func testConditionWithNamesEvaluates() {
        let text = "!(width > 3) && portrait"
        XCTAssertEqual(value(text, ["width": 2, "portrait": 1]), 1)
        XCTAssertEqual(value(text, ["width": 5, "portrait": 1]), 0)
        XCTAssertEqual(value(text, ["width": 2, "portrait": 0]), 0)
    }

    func testNumbers() {
        XCTAssertEqual(value("1."), 1)
        XCTAssertEqual(value(".5"), 0.5)
        XCTAssertEqual(value("007"), 7)
        XCTAssertEqual(value("1e3"), 1000)
        XCTAssertEqual(value("2.5E-1"), 0.25)
        XCTAssertEqual(value("1.e2"), 100)
        XCTAssertEqual(value(".5e+1"), 5)
        XCTAssertEqual(value("1.25"), 1.25)
        assertParseError("1e", at: 0..<2, "invalid number `1e`")
        assertParseError("2 + 3px", at: 4..<7, "invalid number `3px`")
        assertParseError("1.2.3", at: 0..<5, "invalid number `1.2.3`")
        assertParseError("1_000", at: 0..<5, "invalid number")
        assertParseError("1e999", at: 0..<5, "number `1e999` is too large")
        assertParseError(".", at: 0..<1, "unexpected character `.`")
    }

    func testComparisonsDoNotAssociate() {
        assertParseError("1 < 2 < 3", at: 6..<7, "comparisons cannot be chained")
        assertParseError("1 == 2 != 3", at: 7..<9, "comparisons cannot be chained")
        assertParseError("width <= height >= 3", at: 16..<18, "comparisons cannot be chained")
        XCTAssertEqual(value("1 < 2 && 2 < 3"), 1)
        XCTAssertEqual(value("(1 < 2) == (2 < 3)"), 1)
        XCTAssertEqual(value("1 + 1 == 2"), 1)
    }

    func testMissingOperands() {
        assertParseError("width +", at: 7..<7, "expected an expression after `+`")
        assertParseError("width + ", at: 8..<8, "expected an expression after `+`")
        assertParseError("", at: 0..<0, "expected an expression")
        assertParseError("   ", at: 3..<3, "expected an expression")
        assertParseError("1 + * 2", at: 4..<5, "expected an expression after `+`, found `*`")
        assertParseError("* 2", at: 0..<1, "expected an expression, found `*`")
        assertParseError("!", at: 1..<1, "expected an expression after `!`")
        assertParseError("()", at: 1..<2, "expected an expression after `(`, found `)`")
        assertParseError("width > 3 &&", at: 12..<12, "expected an expression after `&&`")
    }

    func testUnexpectedTokens() {
        assertParseError("1)", at: 1..<2, "unexpected `)`")
        assertParseError("1 2", at: 2..<3, "unexpected `2`; expected an operator")
        assertParseError("width height", at: 6..<12, "unexpected `height`")
        assertParseError("1, 2", at: 1..<2, "unexpected `,`")
        assertParseError("2(3)", at: 1..<2, "unexpected `(`")
        assertParseError("(1 2)", at: 3..<4, "unexpected `2`; expected `)` or an operator")
        assertParseError("width > 3 and portrait", at: 10..<13, "did you mean `&&`?")
        assertParseError("width > 3 or portrait", at: 10..<12, "did you mean `||`?")
        assertParseError("width $ 3", at: 6..<7, "unexpected character `$`")
        assertParseError("width = 3", at: 6..<7, "did you mean `==`?")
        assertParseError("landscape & portrait", at: 10..<11, "did you mean `&&`?")
        assertParseError("landscape | portrait", at: 10..<11, "did you mean `||`?")
        // The earliest problem wins, even when a bad character comes later.
        assertParseError("1 + ) $", at: 4..<5, "expected an expression after `+`")
    }

    func testParentheses() {
        assertParseError("(1 + 2", at: 0..<1, "missing `)` to close `(` opened here")
        assertParseError("((1)", at: 0..<1, "missing `)`")
        assertParseError("1 + (2 * (3)", at: 4..<5, "missing `)`")
        assertParseError("min(1, 2", at: 3..<4, "missing `)` to close `(` opened here")
        assertParseError("min(1 2)", at: 6..<7, "unexpected `2`; expected `,`, `)` or an operator")
        assertParseError("min()", at: 3..<5, "`min` needs at least one argument")
        assertParseError("foo()", at: 3..<5, "expected an argument")
        assertParseError("min(1,)", at: 6..<7, "expected an expression after `,`, found `)`")
    }

    func testUTF8Offsets() {
        assertParseError("é > 3", at: 0..<2, "unexpected character `é`")
        assertParseError("1 + é", at: 4..<6, "unexpected character `é`")
        assertParseError("1 + 😀", at: 4..<8, "unexpected character `😀`")
        // A combining accent after a name: `e` is a name, the accent (2 bytes) is the error.
        assertParseError("e\u{301} > 1", at: 1..<3, "unexpected character U+0301")
        assertParseError("width\u{00A0}> 1", at: 5..<7, "U+00A0")
        assertParseError("1 +\u{7}", at: 3..<4, "U+0007")
    }

    func testNestingLimit() {
        let depth = ExpressionParser.maximumDepth
        XCTAssertEqual(value(String(repeating: "(", count: depth) + "1" + String(repeating: ")", count: depth)), 1)
        assertParseError(String(repeating: "(", count: depth + 1) + "1" + String(repeating: ")", count: depth + 1),
                         .tooComplex, at: depth..<depth + 1, "nested too deeply")
        XCTAssertEqual(value(String(repeating: "-", count: depth) + "1"), 1)
        assertParseError(String(repeating: "-", count: depth + 1) + "1", .tooComplex, at: depth..<depth + 1, "nested too deeply")
        // `abs(` × 64 then `-2`: the sign is level 65.
        assertParseError(String(repeating: "abs(", count: depth) + "-2" + String(repeating: ")", count: depth),
                         .tooComplex, at: 4 * depth..<4 * depth + 1, "nested too deeply")
        XCTAssertEqual(value(String(repeating: "abs(", count: depth) + "2" + String(repeating: ")", count: depth)), 2)
        assertParseError(String(repeating: "abs(", count: depth + 1) + "2" + String(repeating: ")", count: depth + 1),
                         .tooComplex, at: 4 * depth + 3..<4 * depth + 4, "nested too deeply")
        // Deep but within the length limit: stops at level 65.
        assertParseError(String(repeating: "(", count: 4000), .tooComplex, at: depth..<depth + 1, "nested too deeply")
    }

    func testHugeInputsFailFastWithoutRecursing() {
        let start = Date()
        for text in [
            String(repeating: "(", count: 10_000),
            String(repeating: "(", count: 100_000),
            String(repeating: "-", count: 100_000),
            String(repeating: "!", count: 100_000) + "1",
            String(repeating: "min(", count: 50_000),
        ] {
            guard let error = parseError(text) else { continue }
            XCTAssertEqual(error.kind, .tooComplex)
            XCTAssertEqual(error.range, 0..<text.utf8.count)
            XCTAssertTrue(error.message.contains("too long"), error.message)
        }
        XCTAssertLessThan(Date().timeIntervalSince(start), Fixtures.hangGuard(2), "hang guard")
        // Exactly at the length limit is still read.
        let atLimit = String(repeating: " ", count: ExpressionParser.maximumLength - 1) + "1"
        XCTAssertEqual(value(atLimit), 1)
        XCTAssertEqual(parseError(atLimit + " ")?.kind, .tooComplex)
    }

    /// The deepest trees the limits allow: the longest chain (as deep as the text is long) and
    /// the deepest nesting. Parsing, checking and evaluating them must fit in a 512 KiB thread
    /// stack (the size of secondary threads on Apple platforms), even in a debug build.
    func testDeepestTreesOnSmallStack() {
        let terms = ExpressionParser.maximumLength / 2
        let chain = Array(repeating: "1", count: terms).joined(separator: "+")
        XCTAssertEqual(chain.utf8.count, ExpressionParser.maximumLength - 1)
        XCTAssertEqual(onSmallStack(chain), Double(terms))

        // 64 levels: 21 × (call, sign, parenthesis) + one more parenthesis, with operators of
        // every binary level inside each (not type-correct; the checker's errors are ignored).
        // Each level is `max(1 || …)` = 1.
        let level = "max(1 || 2 && 3 < 4 + 5 * -(", close = "))"
        let nested = String(repeating: level, count: 21) + "(1)" + String(repeating: close, count: 21)
        XCTAssertEqual(onSmallStack(nested), 1)
        XCTAssertEqual(parseError("(" + nested + ")")?.kind, .tooComplex)
    }

    /// The value of `text`, parsed, checked (errors ignored) and evaluated on a thread with a
    /// 512 KiB stack (more under sanitizers: `Fixtures.stackSize`).
    private func onSmallStack(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> Double? {
        let done = expectation(description: "evaluated")
        let result = LockedBox()
        let thread = Thread {
            if case .success(let node) = ExpressionParser.parse(text) {
                _ = ExpressionChecker.check(node, names: [:], expected: .number)
                result.set(node.evaluate { _ in nil }.value)
            }
            done.fulfill()
        }
        thread.stackSize = Fixtures.stackSize(512 * 1024)
        thread.start()
        wait(for: [done], timeout: 30)
        return result.get()
    }
}

private final class LockedBox: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Double?
    func set(_ v: Double) { lock.lock(); value = v; lock.unlock() }
    func get() -> Double? { lock.lock(); defer { lock.unlock() }; return value }
}

final class ExpressionCheckerTests: XCTestCase {
    func testValidExpressionsHaveNoErrors() {
        XCTAssertEqual(checkErrors("!(width > 3) && portrait", expected: .boolean), [])
        XCTAssertEqual(checkErrors("landscape == portrait", expected: .boolean), [])
        XCTAssertEqual(checkErrors("landscape != (width > 3)", expected: .boolean), [])
        XCTAssertEqual(checkErrors("clamp(width / 2, 10, max(height, 20)) - round(1.5)", expected: .number), [])
        XCTAssertEqual(checkErrors("-width", expected: .number), [])
    }

    func testUnknownNames() {
        assertCheckError("wdth > 3", expected: .boolean, .unknownName, at: 0..<4, "did you mean `width`?")
        assertCheckError("zzz > 3", expected: .boolean, .unknownName, at: 0..<3,
                         "unknown name `zzz`; the names available here are `height`, `landscape`, `portrait`, `width`")
        assertCheckError("x", names: [:], expected: .number, .unknownName, at: 0..<1, "no names are available here")
        assertCheckError("min > 0", expected: .boolean, .unknownName, at: 0..<3, "`min` is a function")
        assertCheckError("not", expected: .boolean, .unknownName, at: 0..<3, "did you mean `!`?")
        let guides: [String: ExpressionType] = [
            "width": .number, "height": .number, "top": .number, "centerY": .number, "bottom": .number,
            "leading": .number, "centerX": .number, "trailing": .number,
            "firstTextBaseline": .number, "lastTextBaseline": .number,
        ]
        assertCheckError("centerx + 1", names: guides, expected: .number, .unknownName, at: 0..<7, "did you mean `centerX`?")
        assertCheckError("bottom - firstTextBaselin", names: guides, expected: .number, .unknownName, at: 9..<25,
                         "did you mean `firstTextBaseline`?")
    }

    func testUnknownFunctions() {
        assertCheckError("mni(1, 2) > 0", expected: .boolean, .unknownName, at: 0..<3, "unknown function `mni`; did you mean `min`?")
        assertCheckError("foo(1) > 0", expected: .boolean, .unknownName, at: 0..<3,
                         "unknown function `foo`; the functions are `min`, `max`, `clamp`, `round`, `floor`, `ceil`, `abs`")
        assertCheckError("width(2) > 0", expected: .boolean, .unknownName, at: 0..<5, "`width` is a value, not a function")
        // Errors inside the arguments of an unknown function are reported too.
        let errors = checkErrors("foo(wdth)", expected: .number)
        XCTAssertEqual(errors.map(\.range), [0..<3, 4..<8])
    }

    func testArgumentCounts() {
        assertCheckError("clamp(1, 2)", expected: .number, .syntax, at: 0..<11,
                         "`clamp` takes 3 arguments, as in `clamp(x, lo, hi)`, but 2 were given")
        assertCheckError("abs(1, 2, 3)", expected: .number, .syntax, at: 7..<11, "`abs` takes 1 argument, as in `abs(x)`, but 3 were given")
        assertCheckError("round(1, 2)", expected: .number, .syntax, at: 9..<10, "but 2 were given")
        assertCheckError("clamp(1, 2, 3, 4)", expected: .number, .syntax, at: 15..<16, "but 4 were given")
        XCTAssertEqual(checkErrors("min(1) + max(1, 2, 3, 4, 5)", expected: .number), [])
    }

    func testTypeMismatches() {
        assertCheckError("width", expected: .boolean, .typeMismatch, at: 0..<5,
                         "expected a boolean condition (true or false), found a number")
        assertCheckError("width > 3", expected: .number, .typeMismatch, at: 0..<9,
                         "expected a number, found a boolean condition")
        assertCheckError("width + portrait > 3", expected: .boolean, .typeMismatch, at: 8..<16,
                         "`+` needs a number, found a boolean condition")
        assertCheckError("width && portrait", expected: .boolean, .typeMismatch, at: 0..<5,
                         "`&&` needs a boolean condition (true or false), found a number")
        assertCheckError("portrait || height / 2", expected: .boolean, .typeMismatch, at: 12..<22, "`||` needs a boolean condition")
        assertCheckError("!width", expected: .boolean, .typeMismatch, at: 1..<6, "`!` needs a boolean condition")
        assertCheckError("-portrait", expected: .number, .typeMismatch, at: 1..<9, "`-` needs a number")
        assertCheckError("landscape < 3", expected: .boolean, .typeMismatch, at: 0..<9, "`<` needs a number")
        assertCheckError("width == portrait", expected: .boolean, .typeMismatch, at: 0..<17,
                         "`==` compares two values of the same type, but the left side is a number and the right side is a boolean condition")
        assertCheckError("floor(portrait)", expected: .number, .typeMismatch, at: 6..<14, "`floor` needs numbers, but its argument is a boolean")
        assertCheckError("clamp(1, portrait, 3)", expected: .number, .typeMismatch, at: 9..<17, "argument 2 is a boolean")
        // Parentheses around an operand are not part of it, but a node spans its own operands' parentheses.
        assertCheckError("(width + 1) && portrait", expected: .boolean, .typeMismatch, at: 1..<10, "`&&` needs a boolean")
        assertCheckError("-(width) && portrait", expected: .boolean, .typeMismatch, at: 0..<8, "`&&` needs a boolean")
        assertCheckError("(width) && portrait", expected: .boolean, .typeMismatch, at: 1..<6, "`&&` needs a boolean")
    }

    func testSeveralErrorsWithoutCascades() {
        let errors = checkErrors("wdth + hight", expected: .number)
        XCTAssertEqual(errors.map(\.range), [0..<4, 7..<12])
        XCTAssertEqual(errors.map(\.kind), [.unknownName, .unknownName])
        XCTAssertTrue(errors[1].message.contains("did you mean `height`?"))
        // The unknown name makes its sum untyped: no further mismatch from `>` or the result.
        XCTAssertEqual(checkErrors("wdth + 1 > 3", expected: .boolean).count, 1)
        // A known result type still comes out of an operator with a bad operand.
        let mixed = checkErrors("(portrait + 1) > landscape", expected: .boolean)
        XCTAssertEqual(mixed.map(\.range), [1..<9, 17..<26])
    }

    func testCompile() {
        switch ExpressionParser.compile("width > height", names: whenNames, expected: .boolean) {
        case .success(let node): XCTAssertEqual(node.evaluate { ["width": 3, "height": 2][$0] }.value, 1)
        case .failure(let errors): XCTFail("\(Array(errors))")
        }
        switch ExpressionParser.compile("width +", names: whenNames, expected: .boolean) {
        case .success: XCTFail("compiled")
        case .failure(let errors): XCTAssertEqual(errors.map(\.range), [7..<7])
        }
        switch ExpressionParser.compile("wdth", names: whenNames, expected: .boolean) {
        case .success: XCTFail("compiled")
        case .failure(let errors): XCTAssertEqual(errors.map(\.kind), [.unknownName])
        }
    }
}

final class ExpressionEvaluatorTests: XCTestCase {
    func testFunctions() {
        XCTAssertEqual(value("min(3, 1, 2)"), 1)
        XCTAssertEqual(value("max(3, 1, 2)"), 3)
        XCTAssertEqual(value("min(5)"), 5)
        XCTAssertEqual(value("max(-5)"), -5)
        XCTAssertEqual(value("clamp(5, 0, 3)"), 3)
        XCTAssertEqual(value("clamp(-1, 0, 3)"), 0)
        XCTAssertEqual(value("clamp(2, 0, 3)"), 2)
        XCTAssertEqual(value("clamp(2, 5, 3)"), 3) // lo > hi: hi wins
        XCTAssertEqual(value("round(2.5)"), 3)
        XCTAssertEqual(value("round(-2.5)"), -2)
        XCTAssertEqual(value("round(2.4)"), 2)
        XCTAssertEqual(value("round(-2.6)"), -3)
        XCTAssertEqual(value("floor(1.5)"), 1)
        XCTAssertEqual(value("floor(-1.5)"), -2)
        XCTAssertEqual(value("ceil(1.2)"), 2)
        XCTAssertEqual(value("ceil(-1.5)"), -1)
        XCTAssertEqual(value("abs(-4)"), 4)
        XCTAssertEqual(value("abs(4)"), 4)
        XCTAssertEqual(value("max(width, 10) / 2", ["width": 30]), 15)
    }

    func testBooleansAreOneAndZero() {
        XCTAssertEqual(value("3 > 2"), 1)
        XCTAssertEqual(value("3 < 2"), 0)
        XCTAssertEqual(value("2 <= 2"), 1)
        XCTAssertEqual(value("2 >= 3"), 0)
        XCTAssertEqual(value("2 == 2"), 1)
        XCTAssertEqual(value("2 != 2"), 0)
        XCTAssertEqual(value("!(1 > 2)"), 1)
        XCTAssertEqual(value("1 > 2 || 2 > 1"), 1)
        XCTAssertEqual(value("1 > 2 && 2 > 1"), 0)
    }

    func testUnknownNamesAreZero() {
        XCTAssertEqual(value("nope + 1"), 1)
        XCTAssertEqual(value("mystery(3) + 1"), 1)
    }

    func testDivisionByZero() {
        let plain = parsed("1 / 0")?.evaluate { _ in nil }
        XCTAssertEqual(plain, ExpressionValue(value: 0, divisionByZero: 0..<5))
        let nested = parsed("2 + 6 / (3 - 3)")?.evaluate { _ in nil }
        XCTAssertEqual(nested, ExpressionValue(value: 2, divisionByZero: 4..<15))
        // The first one is reported.
        let twice = parsed("width / 0 + 1 / 0")?.evaluate { _ in 4 }
        XCTAssertEqual(twice, ExpressionValue(value: 0, divisionByZero: 0..<9))
        XCTAssertEqual(parsed("0 / 0")?.evaluate { _ in nil }.divisionByZero, 0..<5)
        XCTAssertEqual(parsed("1 / -0")?.evaluate { _ in nil }, ExpressionValue(value: 0, divisionByZero: 0..<6))
        XCTAssertEqual(parsed("1 / 4")?.evaluate { _ in nil }, ExpressionValue(value: 0.25))
        // `&&` skips its right side when the left is false: a guard prevents the warning.
        let guarded = parsed("width > 0 && 10 / width > 2")?.evaluate { _ in 0 }
        XCTAssertEqual(guarded, ExpressionValue(value: 0))
    }

    func testConstantDivisionsByZero() {
        // Divisors without names that are 0; the ranges are the whole divisions.
        XCTAssertEqual(parsed("width / 0")?.constantDivisionsByZero(), [0..<9])
        XCTAssertEqual(parsed("2 + 6 / (3 - 3)")?.constantDivisionsByZero(), [4..<15])
        XCTAssertEqual(parsed("1 / max(0, -1)")?.constantDivisionsByZero(), [0..<14])
        // `1 / 0` is 0, so the outer divisor is 0 too: inner first, as evaluated.
        XCTAssertEqual(parsed("1 / (1 / 0)")?.constantDivisionsByZero(), [5..<10, 0..<11])
        // A divisor with a name depends on the viewport, even one that is always 0.
        XCTAssertEqual(parsed("1 / width")?.constantDivisionsByZero(), [])
        XCTAssertEqual(parsed("1 / (0 * width)")?.constantDivisionsByZero(), [])
        XCTAssertEqual(parsed("1 / 4 + width / 2")?.constantDivisionsByZero(), [])
        // Ignored divisions give 0 and are not reported; the next one is.
        XCTAssertEqual(parsed("1 / 0 + width / (width - 4)")?.evaluate({ _ in 4 }, ignoring: [0..<5]),
                       ExpressionValue(value: 0, divisionByZero: 8..<27))
    }

    func testInfinityAndNaNDoNotTrap() {
        let huge = "1e308 * 10"
        XCTAssertEqual(value(huge), .infinity)
        XCTAssertEqual(value("floor(\(huge))"), .infinity)
        XCTAssertEqual(value("round(-(\(huge)))"), -.infinity)
        XCTAssertEqual(value("abs(-(\(huge)))"), .infinity)
        XCTAssertEqual(value("clamp(\(huge), 0, 10)"), 10)
        let nan = "(\(huge)) - (\(huge))"
        XCTAssertEqual(value(nan)?.isNaN, true)
        XCTAssertEqual(value("floor(\(nan))")?.isNaN, true)
        XCTAssertEqual(value("ceil(\(nan)) + round(\(nan))")?.isNaN, true)
        XCTAssertEqual(value("min(\(nan), 3)"), 3)
        XCTAssertEqual(value("max(3, \(nan))"), 3)
        XCTAssertEqual(value("\(nan) > 0"), 0)
        XCTAssertEqual(value("!(\(nan))"), 1)
        XCTAssertEqual(value("width * 2", ["width": .nan])?.isNaN, true)
        XCTAssertEqual(parsed("1 / (\(nan))")?.evaluate { _ in nil }.divisionByZero, nil)
    }

    func testExpressionStruct() {
        guard let root = parsed("landscape && width > 100") else { return }
        let expression = TatamiModel.Expression(text: "landscape && width > 100", root: root, type: .boolean,
                                    range: SourceRange(start: 10, end: 34), offsetMap: .table(Array(10...34)))
        XCTAssertTrue(expression.isTrue { ["landscape": 1, "width": 200][$0] })
        XCTAssertFalse(expression.isTrue { ["landscape": 1, "width": 50][$0] })
        XCTAssertFalse(expression.isTrue { ["landscape": 0, "width": 200][$0] })
        XCTAssertEqual(expression.evaluate { ["landscape": 1, "width": 200][$0] }.value, 1)

        let constant = TatamiModel.Expression.constant(12.5, range: SourceRange(start: 0, end: 4))
        XCTAssertEqual(constant.evaluate { _ in nil }, ExpressionValue(value: 12.5))
        XCTAssertTrue(constant.isTrue { _ in nil })
        XCTAssertFalse(TatamiModel.Expression.constant(0, range: SourceRange(start: 0, end: 1)).isTrue { _ in nil })

        guard let divide = parsed("width / (height - 10)") else { return }
        let warned = TatamiModel.Expression(text: "width / (height - 10)", root: divide, type: .number,
                                range: SourceRange(start: 100, end: 121), offsetMap: .table(Array(100...121)))
        let result = warned.evaluate { ["width": 5, "height": 10][$0] }
        XCTAssertEqual(result.value, 0)
        XCTAssertEqual(result.divisionByZero.map(warned.sourceRange(of:)), SourceRange(start: 100, end: 121))
    }
}
