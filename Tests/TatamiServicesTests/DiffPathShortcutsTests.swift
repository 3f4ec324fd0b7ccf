import Foundation
@testable import TatamiServices
import TatamiValidation
import XCTest

/// `tatami diff`'s path shortcuts give what the general functions give (`ASCIIPath` against
/// `ImportPath`, including every path it hands back to them), and `git` is found where `env`
/// would find it.
final class DiffPathShortcutsTests: XCTestCase {
    /// Directories and paths of every shape the shortcuts take or refuse: plain, with empty,
    /// `.` and `..` components, trailing slashes, non-ASCII (combining marks, a prepended
    /// character, a precomposed letter), the root, `.` and empty.
    static let directories = ["/w", "/w/screens", "/tmp/dbench", "/", ".", "", "w", "/w/", "/w//x", "/w/./x", "/w/../x",
                              "/w/é", "/w/e\u{0301}", "/w/\u{0600}", "/w/x\u{0301}", "/w/..", "/w/.", "/w/...", "/w/.a"]
    static let relatives = ["a.tatami.yaml", "screens/s0/screen-0.tatami.yaml", "a/b", ".", "..", "./a", "../a", "a/./b",
                            "a/../b", "a//b", "a/", "/a", "", "...", ".a/b", "a/..b", "é.yaml", "\u{0301}b", "x/\u{0301}b"]

    func testJoinIsImportPathJoin() {
        for d in Self.directories {
            for r in Self.relatives {
                XCTAssertEqual(ASCIIPath.join(d, r), ImportPath.join(d, r), "\(d) + \(r)")
            }
        }
    }

    func testDisplayIsImportPathDisplay() {
        for root in Self.directories {
            var paths = Self.directories
            for r in Self.relatives { paths.append(root + "/" + r) }
            paths += [root, root + "/", root + "x", root + "/\u{0301}", String(root.dropLast())]
            for p in paths {
                XCTAssertEqual(ASCIIPath.display(p, root: root), ImportPath.display(p, root: root), "\(p) from \(root)")
            }
        }
    }

    func testPlainPathsAreThoseNormalizeGivesBack() {
        for p in Self.directories + Self.relatives {
            let plain = p.hasPrefix("/") ? ASCIIPath.isPlain(p, absolute: true) : ASCIIPath.isPlain(p, absolute: false)
            if plain { XCTAssertEqual(ImportPath.normalize(p), p, p) }
            XCTAssertFalse(ASCIIPath.isPlain(p, absolute: !p.hasPrefix("/")), p)
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
