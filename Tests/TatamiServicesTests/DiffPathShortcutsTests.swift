import Foundation
@testable import TatamiServices
import TatamiValidation
import XCTest

/// `ImportPath`'s shortcuts give what its general rules give (paths found normal from their
/// bytes, paths below a root found by their bytes when both are ASCII), over paths of every shape
/// `tatami diff` and the validator meet; and `git` is found where `env` would find it.
final class DiffPathShortcutsTests: XCTestCase {
    /// Directories and paths of every shape the shortcuts take or refuse: plain, with empty,
    /// `.` and `..` components, trailing slashes, non-ASCII (combining marks, a prepended
    /// character, a precomposed letter), the root, `.` and empty.
    static let directories = ["/w", "/w/screens", "/tmp/dbench", "/", ".", "", "w", "/w/", "/w//x", "/w/./x", "/w/../x",
                              "/w/é", "/w/e\u{0301}", "/w/\u{0600}", "/w/x\u{0301}", "/w/..", "/w/.", "/w/...", "/w/.a"]
    static let relatives = ["a.tatami.yaml", "screens/s0/screen-0.tatami.yaml", "a/b", ".", "..", "./a", "../a", "a/./b",
                            "a/../b", "a//b", "a/", "/a", "", "...", ".a/b", "a/..b", "é.yaml", "\u{0301}b", "x/\u{0301}b"]

    /// The normalising rule, component by component: empty and `.` components dropped, `..`
    /// taking off the component before it (kept at the start of a relative path, dropped at the
    /// root of an absolute one); `.` for a relative path left empty.
    private func normalizedByComponents(_ path: String) -> String {
        let absolute = path.hasPrefix("/")
        var parts: [Substring] = []
        for part in path.split(separator: "/") where part != "." {
            if part != ".." { parts.append(part) }
            else if let last = parts.last, last != ".." { parts.removeLast() }
            else if !absolute { parts.append(part) }
        }
        let joined = parts.joined(separator: "/")
        return absolute ? "/" + joined : (joined.isEmpty ? "." : joined)
    }

    /// `display` asked as strings: inside the root (by `isInside`, strings compared as Swift
    /// compares them), the rest after it.
    private func displayedAsStrings(_ path: String, root: String) -> String {
        guard ImportPath.isInside(path, root: root), path != root else { return path }
        if root == "." { return path }
        return String(path.dropFirst(root == "/" ? 1 : root.count + 1))
    }

    /// Splitting by characters keeps a slash followed by a combining mark inside one component,
    /// where the bytes see two: such a path is normal by its bytes and given back as it is, which
    /// the rule component by component cannot say.
    private func hasCombiningMark(_ p: String) -> Bool {
        p.unicodeScalars.contains { $0.properties.generalCategory == .nonspacingMark }
    }

    func testJoinIsTheRuleComponentByComponent() {
        for d in Self.directories {
            for r in Self.relatives {
                let joined = d == "." ? r : d + "/" + r
                if hasCombiningMark(joined) {
                    XCTAssertEqual(ImportPath.join(d, r), ImportPath.normalize(joined), "\(d) + \(r)")
                } else {
                    XCTAssertEqual(ImportPath.join(d, r), normalizedByComponents(joined), "\(d) + \(r)")
                }
            }
        }
    }

    func testNormalizeIsTheRuleComponentByComponent() {
        for p in Self.directories + Self.relatives + Self.relatives.map({ "/w/" + $0 }) where !hasCombiningMark(p) {
            XCTAssertEqual(ImportPath.normalize(p), normalizedByComponents(p), p)
        }
    }

    /// `directory(of:)` asked of the characters: the part before the last `/` character.
    func testDirectoryIsThePartBeforeTheLastSlashCharacter() {
        let more = ["/", "/a", "/a/b.tatami.yaml", "a", "a/b", "./x", "/w/screens/s0/screen-0.tatami.yaml", "/w/é/b.yaml",
                    "/w/\u{0600}/b", "/w/a\u{0301}/b", "/w/x/\u{0301}b", "relative/dir/", ""]
        for p in Self.directories + Self.relatives + Self.relatives.map({ "/w/" + $0 }) + more {
            let expected: String
            if let slash = p.lastIndex(of: "/") { expected = slash == p.startIndex ? "/" : String(p[..<slash]) } else { expected = "." }
            XCTAssertEqual(ImportPath.directory(of: p), expected, p)
        }
    }

    func testDisplayIsDisplayAsStrings() {
        for root in Self.directories {
            var paths = Self.directories
            for r in Self.relatives { paths.append(root + "/" + r) }
            paths += [root, root + "/", root + "x", root + "/\u{0301}", String(root.dropLast())]
            for p in paths {
                XCTAssertEqual(ImportPath.display(p, root: root), displayedAsStrings(p, root: root), "\(p) from \(root)")
            }
        }
    }

    func testGitIsFoundAlongThePathAsEnvFindsIt() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tatami-git-\(UUID().uuidString)").path
        let first = dir + "/first", second = dir + "/second", notExecutable = dir + "/plain", asDirectory = dir + "/dir"
        for d in [first, second, notExecutable, asDirectory + "/git"] {
            try FileManager.default.createDirectory(atPath: d, withIntermediateDirectories: true)
        }
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for d in [second, notExecutable] {
            FileManager.default.createFile(atPath: d + "/git", contents: Data("#!/bin/sh\n".utf8),
                                           attributes: [.posixPermissions: d == second ? 0o755 : 0o644])
        }
        // A directory named `git`, a file that may not be run and a missing one are passed by.
        XCTAssertEqual(GitExecutable.find(in: [asDirectory, notExecutable, first, second].joined(separator: ":")), second + "/git")
        XCTAssertEqual(GitExecutable.find(in: second + "/"), second + "/git")
        XCTAssertNil(GitExecutable.find(in: [first, notExecutable].joined(separator: ":")))
        XCTAssertNil(GitExecutable.find(in: nil))
        XCTAssertNil(GitExecutable.find(in: ""))
    }
}
