import TatamiValidation
import Foundation
import TatamiBase
import TatamiModel
import TatamiYAML
import XCTest

/// Helpers shared by the validator tests.
enum ValidatorTestSupport {
    static func validate(_ text: String) -> ValidationResult {
        Validator.validate(YAMLParser.parse(text))
    }

    /// Every view in the order serial numbers are given: a view, its decorations (in modifier
    /// order, each with its own subtree), then its children.
    static func preOrder(_ root: ViewNode?) -> [ViewNode] {
        var result: [ViewNode] = []
        var stack: [ViewNode] = root.map { [$0] } ?? []
        while let v = stack.popLast() {
            result.append(v)
            // Pushed in reverse so that decorations come out before children, in order.
            stack.append(contentsOf: (v.decorations + v.children).reversed())
        }
        return result
    }

    /// Runs `body` on a thread with a large stack, as the validator's callers do.
    static func onLargeStack(_ body: @escaping @Sendable () -> Void) {
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            body()
            done.signal()
        }
        thread.stackSize = 512 << 20
        thread.start()
        done.wait()
    }
}

extension XCTestCase {
    /// Validates a file that must have no diagnostics and returns its model.
    func validDocument(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> TatamiDocument {
        let result = ValidatorTestSupport.validate(text)
        let table = LineTable(text)
        let listing = result.diagnostics.map { d -> String in
            let p = table.scalarPosition(ofByte: d.range.start)
            return "\(p.line + 1):\(p.column + 1) \(d.code.name): \(d.message)"
        }
        XCTAssertEqual(listing, [], "expected no diagnostics", file: file, line: line)
        return result.document
    }

    func body(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> ViewNode {
        guard let b = validDocument(text, file: file, line: line).body else {
            XCTFail("no body", file: file, line: line)
            return ViewNode(kind: .divider, range: .at(0), kindRange: .at(0), serial: -1)
        }
        return b
    }
}
