import TatamiServices
import XCTest

/// The `.gitignore` subset `tatami lint DIR` honours (IgnorePattern's documentation).
final class IgnoreRulesTests: XCTestCase {
    func ignored(_ text: String, _ path: String, directory: Bool = false) -> Bool {
        IgnoreStack([IgnoreRules(base: "/p", text: text)]).isIgnored("/p/" + path, isDirectory: directory)
    }

    func testNamesMatchAtAnyDepthAndSlashesAnchor() {
        XCTAssertTrue(ignored("gen.tatami.yaml", "a/b/gen.tatami.yaml"))
        XCTAssertTrue(ignored("/build", "build", directory: true))
        XCTAssertFalse(ignored("/build", "a/build", directory: true))
        XCTAssertTrue(ignored("a/build", "a/build", directory: true))
        XCTAssertFalse(ignored("a/build", "x/a/build", directory: true))
    }

    func testGlobsNegationDirectoriesAndDoubleStars() {
        XCTAssertTrue(ignored("*.draft.tatami.yaml", "x/y.draft.tatami.yaml"))
        XCTAssertTrue(ignored("f?le[0-9].tatami.yaml", "file7.tatami.yaml"))
        XCTAssertFalse(ignored("f?le[0-9].tatami.yaml", "filex.tatami.yaml"))
        XCTAssertFalse(ignored("*.tatami.yaml\n!keep.tatami.yaml", "keep.tatami.yaml"))
        XCTAssertTrue(ignored("!keep.tatami.yaml\n*.tatami.yaml", "keep.tatami.yaml"), "the last match decides")
        XCTAssertTrue(ignored("out/", "out", directory: true))
        XCTAssertFalse(ignored("out/", "out"))
        XCTAssertTrue(ignored("**/tmp", "a/b/tmp", directory: true))
        XCTAssertTrue(ignored("docs/**/draft", "docs/draft", directory: true))
        XCTAssertTrue(ignored("docs/**/draft", "docs/a/b/draft", directory: true))
        XCTAssertTrue(ignored("docs/**", "docs/a/b.tatami.yaml"))
        XCTAssertFalse(ignored("# comment\n\n\\#x", "# comment"))
        XCTAssertTrue(ignored("\\#x", "#x"))
    }

    func testADeeperFileOverridesAnOuterOne() {
        let stack = IgnoreStack([IgnoreRules(base: "/p", text: "*.tatami.yaml"), IgnoreRules(base: "/p/a", text: "!x.tatami.yaml")])
        XCTAssertFalse(stack.isIgnored("/p/a/x.tatami.yaml", isDirectory: false))
        XCTAssertTrue(stack.isIgnored("/p/b/x.tatami.yaml", isDirectory: false))
    }
}

/// The walker enters each real directory once: a symbolic link back up the tree is not followed.
final class FileWalkerLoopTests: XCTestCase {
    func testASymbolicLinkLoopIsEnteredOnce() throws {
        let fm = FileManager.default
        let root = fm.temporaryDirectory.appendingPathComponent("tatami-walk-\(UUID().uuidString)")
        let inner = root.appendingPathComponent("a/b")
        try fm.createDirectory(at: inner, withIntermediateDirectories: true)
        defer { try? fm.removeItem(at: root) }
        try "body: {text: x}\n".write(to: inner.appendingPathComponent("x.tatami.yaml"), atomically: true, encoding: .utf8)
        // a/b/up → a: following it would go a/b/up/b/up/… until the system refuses.
        try fm.createSymbolicLink(atPath: inner.appendingPathComponent("up").path, withDestinationPath: "..")
        let walker = FileWalker()
        let found = walker.walk(root.path)
        XCTAssertEqual(found.map(\.displayPath), [root.path + "/a/b/x.tatami.yaml"])
        XCTAssertEqual(walker.directoriesEntered, 3, "root, a and a/b, each once")
    }
}
