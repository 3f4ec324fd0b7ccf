import Foundation
import TatamiTestSupport
import XCTest

/// `tatami diff` against real git repositories made in a temporary directory: commits on a
/// branch, a renamed file, a library imported by several screens, an inserted card, a reordered
/// list, a view that moves in one viewport only, a component whose change shows on the small
/// phone only. Every delta below is worked out by hand from docs/format.md (stacks §7.1, frames
/// §6.1.2), then checked against what the command reports.
///
/// The screens are top-left aligned (`frame: {maxWidth: infinity, maxHeight: infinity,
/// alignment: topLeading}` on the body, `alignment: leading` on its vstack, whose spacing is 8 by
/// default), so a child's y is the sum of the heights and spacings above it.
final class DiffCommandTests: XCTestCase {
    struct Run {
        let status: Int32
        let stdout: String
        let stderr: String

        var json: [String: Any] {
            (try? JSONSerialization.jsonObject(with: Data(stdout.utf8))) as? [String: Any] ?? [:]
        }
    }

    var repo: URL!

    override func setUpWithError() throws {
        repo = FileManager.default.temporaryDirectory.appendingPathComponent("tatami-diff-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: repo, withIntermediateDirectories: true)
        try makeRepository()
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: repo)
    }

    // MARK: The repository

    static let library = """
        tatami: 1
        components:
          Card:
            params:
              title: {type: string}
            body:
              text: $title
              frame: {width: 200, height: 40}
          Bar:
            params:
              tint: {type: color}
            body:
              color: $tint
              frame: {minWidth: 100, maxWidth: 300, minHeight: 20, maxHeight: 20}
        body:
          vstack:
            - Card: {title: Showcase}
            - Bar: {tint: blue}

        """

    static func home(_ cards: [String]) -> String {
        """
        tatami: 1
        imports: [../lib/cards.tatami.yaml]
        viewports:
          phone: {width: 320, height: 480}
          small: {width: 240, height: 400}
        body:
          vstack:
        \(cards.map { "    - Card: {title: \($0)}\n" }.joined())    - Bar: {tint: red}
          alignment: leading
          frame: {maxWidth: infinity, maxHeight: infinity, alignment: topLeading}

        """
    }

    static func list(_ fruit: [String], redHeight: Int = 20) -> String {
        """
        tatami: 1
        viewports:
          phone: {width: 320, height: 480}
          small: {width: 240, height: 400}
        body:
          vstack:
        \(fruit.map { "    - text: \($0)\n" }.joined())    - color: red
              frame: {width: 100, height: \(redHeight)}
              when: "width > 300"
            - color: blue
              id: footer
              frame: {width: 100, height: 20}
          alignment: leading
          frame: {maxWidth: infinity, maxHeight: infinity, alignment: topLeading}

        """
    }

    static let profile = """
        tatami: 1
        imports: [../lib/cards.tatami.yaml]
        viewports:
          phone: {width: 320, height: 480}
        body:
          vstack:
            - Card: {title: Me}
            - Card: {title: You}
          alignment: leading
          frame: {maxWidth: infinity, maxHeight: infinity, alignment: topLeading}

        """

    static func about(_ text: String) -> String {
        """
        tatami: 1
        viewports:
          phone: {width: 320, height: 480}
        body:
          vstack:
            - text: \(text)
          alignment: leading
          frame: {maxWidth: infinity, maxHeight: infinity, alignment: topLeading}

        """
    }

    /// A text cut to one line of a 48 × 16 frame: "Hello" (5 cells of 8) fits, longer does not.
    static func cut(_ text: String) -> String {
        """
        tatami: 1
        viewports:
          phone: {width: 320, height: 480}
        body:
          text: \(text)
          frame: {width: 48, height: 16}
          lineLimit: 1

        """
    }

    /// main: `c1`. Branch `feature`: `insert` (a card after Alpha), `library` (Card 40 → 56
    /// high), `small` (Bar's minWidth 100 → 260), `reorder` (the fruit list), `one-viewport`
    /// (the red bar, shown on the phone only, 20 → 50 high), `rename` (about → info, its text
    /// longer).
    func makeRepository() throws {
        try git("init", "-q", "-b", "main")
        try git("config", "user.email", "test@example.com")
        try git("config", "user.name", "Test")
        try git("config", "commit.gpgsign", "false")
        write("lib/cards.tatami.yaml", Self.library)
        write("screens/home.tatami.yaml", Self.home(["Alpha", "Beta", "Gamma"]))
        write("screens/list.tatami.yaml", Self.list(["Apples", "Pears", "Plums"]))
        write("screens/profile.tatami.yaml", Self.profile)
        write("screens/about.tatami.yaml", Self.about("Hello"))
        try commit("c1")
        try git("checkout", "-q", "-b", "feature")
        write("screens/home.tatami.yaml", Self.home(["Alpha", "New", "Beta", "Gamma"]))
        try commit("insert")
        write("lib/cards.tatami.yaml", Self.library.replacingOccurrences(of: "height: 40", with: "height: 56"))
        try commit("library")
        write("lib/cards.tatami.yaml", Self.library.replacingOccurrences(of: "height: 40", with: "height: 56")
            .replacingOccurrences(of: "minWidth: 100", with: "minWidth: 260"))
        try commit("small")
        write("screens/list.tatami.yaml", Self.list(["Plums", "Apples", "Pears"]))
        try commit("reorder")
        write("screens/list.tatami.yaml", Self.list(["Plums", "Apples", "Pears"], redHeight: 50))
        try commit("one-viewport")
        try git("mv", "screens/about.tatami.yaml", "screens/info.tatami.yaml")
        write("screens/info.tatami.yaml", Self.about("Hello there"))
        try commit("rename")
    }

    func write(_ relative: String, _ text: String) {
        let url = repo.appendingPathComponent(relative)
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? text.write(to: url, atomically: true, encoding: .utf8)
    }

    @discardableResult
    func git(_ arguments: String...) throws -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["git"] + arguments
        p.currentDirectoryURL = repo
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 0, "git \(arguments.joined(separator: " "))")
        return String(decoding: data, as: UTF8.self)
    }

    func commit(_ tag: String) throws {
        try git("add", "-A")
        try git("commit", "-q", "-m", tag)
        try git("tag", tag)
    }

    func tatami(_ arguments: [String], in directory: URL? = nil) throws -> Run {
        let p = Process()
        p.executableURL = CLITests.binary
        p.arguments = arguments
        p.currentDirectoryURL = directory ?? repo
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = nil
        p.environment = env
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        p.standardInput = FileHandle.nullDevice
        try p.run()
        // Standard error is read on a thread of its own, so that neither pipe fills while the
        // other is read; the semaphore hands its bytes over (and orders the two threads' access).
        let errBox = ErrBox()
        let done = DispatchSemaphore(value: 0)
        let t = Thread {
            errBox.data = err.fileHandleForReading.readDataToEndOfFile()
            done.signal()
        }
        t.start()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        done.wait()
        return Run(status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self),
                   stderr: String(decoding: errBox.data ?? Data(), as: UTF8.self))
    }

    final class ErrBox: @unchecked Sendable { var data: Data? }

    // MARK: Reading the JSON

    func file(_ json: [String: Any], _ path: String) -> [String: Any]? {
        (json["files"] as? [[String: Any]])?.first { ($0["new"] as? String ?? $0["old"] as? String) == path }
    }

    func viewport(_ json: [String: Any], _ path: String, _ name: String) -> [String: Any]? {
        (file(json, path)?["viewports"] as? [[String: Any]])?.first { $0["name"] as? String == name }
    }

    /// The views changed in a viewport, by their new path (old path for removed ones).
    func views(_ json: [String: Any], _ path: String, _ name: String) -> [String: [String: Any]] {
        var out: [String: [String: Any]] = [:]
        for v in viewport(json, path, name)?["views"] as? [[String: Any]] ?? [] {
            let side = (v["new"] as? [String: Any]) ?? (v["old"] as? [String: Any])
            out[side?["path"] as? String ?? "?"] = v
        }
        return out
    }

    func delta(_ view: [String: Any]?) -> [Double] {
        let d = view?["delta"] as? [String: Any] ?? [:]
        return ["x", "y", "width", "height"].map { (d[$0] as? NSNumber)?.doubleValue ?? .nan }
    }

    // MARK: Tests

    func testInsertedCardMovesTheCardsAfterItByItsHeight() throws {
        let r = try tatami(["diff", "--git", "c1..insert", "--format", "json"])
        XCTAssertEqual(r.status, 1, r.stderr)
        let json = r.json
        XCTAssertEqual(file(json, "screens/home.tatami.yaml")?["status"] as? String, "modified")
        for name in ["phone", "small"] {
            let v = views(json, "screens/home.tatami.yaml", name)
            // New card /1 at y 48 (Alpha's 40 + 8), 200 × 40; its text goes with it.
            XCTAssertEqual(v["/1"]?["change"] as? String, "added", name)
            let added = v["/1"]?["new"] as? [String: Any]
            XCTAssertEqual([added?["x"], added?["y"], added?["width"], added?["height"]].map { ($0 as? NSNumber)?.doubleValue }, [0, 48, 200, 40])
            XCTAssertEqual(v["/1"]?["following"] as? Int, 1)
            XCTAssertEqual(v["/1/0"]?["followsParent"] as? Bool, true)
            // Beta, Gamma and the bar each move down by the inserted card and its spacing: 48.
            for (old, new) in [("/1", "/2"), ("/2", "/3"), ("/3", "/4")] {
                let c = v[new]
                XCTAssertEqual((c?["old"] as? [String: Any])?["path"] as? String, old, "\(name) \(new)")
                XCTAssertEqual(c?["change"] as? String, "changed")
                XCTAssertEqual(delta(c), [0, 48, 0, 0], "\(name) \(new)")
                XCTAssertEqual(c?["moved"] as? Bool, true)
                XCTAssertEqual(c?["resized"] as? Bool, false)
                XCTAssertEqual(c?["cause"] as? String, "screens/home.tatami.yaml")
            }
            // Lines: Beta was on line 9, is on line 10.
            XCTAssertEqual((v["/2"]?["old"] as? [String: Any])?["line"] as? Int, 9)
            XCTAssertEqual((v["/2"]?["new"] as? [String: Any])?["line"] as? Int, 10)
            // Alpha and the body did not move; nothing else is reported.
            XCTAssertNil(v["/0"])
            XCTAssertNil(v["/"])
            XCTAssertEqual(v.count, 8, "\(v.keys.sorted())")
        }
        XCTAssertEqual(file(json, "screens/home.tatami.yaml")?["summary"] as? String,
                       "phone: 6 views moved, 2 views added; small: 6 views moved, 2 views added")
        // Only home changed: the other files were not laid out.
        XCTAssertNil(file(json, "screens/list.tatami.yaml"))
    }

    func testOnlyChangedFilesAreLaidOut() throws {
        let r = try tatami(["diff", "--git", "c1..insert", "--verbose"])
        XCTAssertEqual(r.status, 1)
        // Five files; home laid out in both revisions, the four others identical with all they read.
        XCTAssertTrue(r.stderr.contains("5 files compared, 4 identical with everything they read (not laid out), 2 analyses"), r.stderr)
        // The library changed: it and the two screens importing it are laid out, twice each.
        let lib = try tatami(["diff", "--git", "insert..library", "--verbose"])
        XCTAssertTrue(lib.stderr.contains("5 files compared, 2 identical with everything they read (not laid out), 6 analyses"), lib.stderr)
        // No change at all: nothing laid out, exit 0.
        let none = try tatami(["diff", "--git", "c1..c1", "--verbose"])
        XCTAssertEqual(none.status, 0)
        XCTAssertEqual(none.stdout, "")
        XCTAssertTrue(none.stderr.contains("0 analyses"), none.stderr)
    }

    func testChangedLibraryShowsInEveryImporterAttributedToIt() throws {
        let r = try tatami(["diff", "--git", "insert..library", "--format", "json"])
        XCTAssertEqual(r.status, 1)
        let json = r.json
        for path in ["screens/home.tatami.yaml", "screens/profile.tatami.yaml"] {
            XCTAssertEqual(file(json, path)?["status"] as? String, "affected", path)
            XCTAssertEqual(file(json, path)?["causes"] as? [String], ["lib/cards.tatami.yaml"], path)
        }
        // home: cards 40 → 56 high; card i at 64 i instead of 48 i; the bar after four cards
        // moves by 4 × 16.
        let v = views(json, "screens/home.tatami.yaml", "phone")
        XCTAssertEqual(delta(v["/0"]), [0, 0, 0, 16])
        XCTAssertEqual(delta(v["/1"]), [0, 16, 0, 16])
        XCTAssertEqual(delta(v["/2"]), [0, 32, 0, 16])
        XCTAssertEqual(delta(v["/3"]), [0, 48, 0, 16])
        XCTAssertEqual(delta(v["/4"]), [0, 64, 0, 0])
        XCTAssertEqual(v["/4"]?["moved"] as? Bool, true)
        for p in ["/0", "/1", "/4", "/2/0"] {
            XCTAssertEqual(v[p]?["cause"] as? String, "lib/cards.tatami.yaml", p)
        }
        // A card's body text belongs to the component; the card itself to the screen.
        XCTAssertEqual(v["/2/0"]?["component"] as? String, "Card")
        XCTAssertTrue(v["/2"]?["component"] is NSNull)
        let p = views(json, "screens/profile.tatami.yaml", "phone")
        XCTAssertEqual(delta(p["/0"]), [0, 0, 0, 16])
        XCTAssertEqual(delta(p["/1"]), [0, 16, 0, 16])
        // The unrelated files are not reported.
        XCTAssertNil(file(json, "screens/list.tatami.yaml"))
        XCTAssertNil(file(json, "screens/about.tatami.yaml"))
        // The text format names the library.
        let text = try tatami(["diff", "--git", "insert..library"])
        XCTAssertTrue(text.stdout.contains("screens/profile.tatami.yaml (through lib/cards.tatami.yaml)"), text.stdout)
        XCTAssertTrue(text.stdout.contains("[lib/cards.tatami.yaml]"), text.stdout)
    }

    func testComponentChangeShowingOnTheSmallPhoneOnly() throws {
        let r = try tatami(["diff", "--git", "library..small", "--format", "json"])
        XCTAssertEqual(r.status, 1)
        let json = r.json
        // The bar is min 100, max 300 wide: the phone (320) gives it 300 either way. The small
        // phone (240) gave it 240, and now its minWidth of 260: the body's vstack is then 260
        // wide, its frame (maxWidth only: max(240, 260)) too, centred in 240 at x -10, and it
        // overflows. Every view moves 10 to the left; the body, the bar and its colour are 20 wider.
        XCTAssertEqual(viewport(json, "screens/home.tatami.yaml", "phone")?["status"] as? String, "unchanged")
        let small = views(json, "screens/home.tatami.yaml", "small")
        XCTAssertEqual(delta(small["/"]), [-10, 0, 20, 0])
        XCTAssertEqual(delta(small["/4"]), [-10, 0, 20, 0])
        XCTAssertEqual(delta(small["/4/0"]), [-10, 0, 20, 0])
        for card in ["/0", "/1", "/2", "/3"] {
            XCTAssertEqual(delta(small[card]), [-10, 0, 0, 0], card)
            XCTAssertEqual(small[card]?["followsParent"] as? Bool, true, card)
        }
        XCTAssertEqual(small["/4"]?["resized"] as? Bool, true)
        XCTAssertEqual(small["/4"]?["cause"] as? String, "lib/cards.tatami.yaml")
        let appeared = ((viewport(json, "screens/home.tatami.yaml", "small")?["diagnostics"] as? [String: Any])?["appeared"] as? [[String: Any]]) ?? []
        XCTAssertEqual(appeared.map { $0["code"] as? String }, ["overflow"])
        XCTAssertEqual(file(json, "screens/home.tatami.yaml")?["summary"] as? String,
                       "phone: unchanged; small: 11 views moved, 3 views resized, 1 container now overflows")
        XCTAssertEqual(try tatami(["diff", "--git", "library..small", "--fail-on", "overflow"]).status, 1)
        // profile has no Bar and no small viewport: laid out, unchanged, not a layout change.
        XCTAssertEqual(file(json, "screens/profile.tatami.yaml")?["changed"] as? Bool, false)
    }

    func testReorderedListIsMovesNotChanges() throws {
        let r = try tatami(["diff", "--git", "small..reorder", "--format", "json"])
        XCTAssertEqual(r.status, 1)
        let json = r.json
        for name in ["phone", "small"] {
            let v = views(json, "screens/list.tatami.yaml", name)
            // Texts 16 high, 8 apart: Plums 48 → 0, Apples 0 → 24, Pears 24 → 48.
            XCTAssertEqual((v["/0"]?["old"] as? [String: Any])?["path"] as? String, "/2", name)
            XCTAssertEqual(delta(v["/0"]), [0, -48, 0, 0])
            XCTAssertEqual((v["/1"]?["old"] as? [String: Any])?["path"] as? String, "/0")
            XCTAssertEqual(delta(v["/1"]), [0, 24, 0, 0])
            XCTAssertEqual((v["/2"]?["old"] as? [String: Any])?["path"] as? String, "/1")
            XCTAssertEqual(delta(v["/2"]), [0, 24, 0, 0])
            XCTAssertEqual(v.count, 3, name)
            XCTAssertFalse(v.values.contains { $0["change"] as? String != "changed" })
        }
    }

    func testViewMovingInOneViewportOnly() throws {
        let r = try tatami(["diff", "--git", "reorder..one-viewport", "--format", "json"])
        let json = r.json
        // The red bar is shown where width > 300: the phone. 20 → 50 high, the footer 30 lower.
        let phone = views(json, "screens/list.tatami.yaml", "phone")
        XCTAssertEqual(delta(phone["/3"]), [0, 0, 0, 30])
        XCTAssertEqual(delta(phone["/4"]), [0, 30, 0, 0])
        XCTAssertEqual(phone["/4"]?["id"] as? String, "footer")
        XCTAssertEqual(viewport(json, "screens/list.tatami.yaml", "small")?["status"] as? String, "unchanged")
        XCTAssertEqual(file(json, "screens/list.tatami.yaml")?["summary"] as? String,
                       "phone: 1 view moved, 1 view resized; small: unchanged")
    }

    func testRenamedFileIsComparedWithItsOldSelf() throws {
        let r = try tatami(["diff", "--git", "one-viewport..rename", "--format", "json"])
        let json = r.json
        let f = file(json, "screens/info.tatami.yaml")
        XCTAssertEqual(f?["status"] as? String, "renamed")
        XCTAssertEqual(f?["old"] as? String, "screens/about.tatami.yaml")
        // "Hello" (5 cells of 8) → "Hello there" (11): the text is 48 wider.
        let v = views(json, "screens/info.tatami.yaml", "phone")
        XCTAssertEqual(delta(v["/0"]), [0, 0, 48, 0])
        XCTAssertEqual((v["/0"]?["old"] as? [String: Any])?["line"] as? Int, 6)
        XCTAssertNil(v["/"], "the body's frame fills the screen")
        XCTAssertEqual((json["files"] as? [[String: Any]])?.count, 1)
        let text = try tatami(["diff", "--git", "one-viewport..rename"])
        XCTAssertTrue(text.stdout.hasPrefix("screens/info.tatami.yaml (renamed from screens/about.tatami.yaml)\n"), text.stdout)
    }

    func testBranchAgainstMainAndTheWorkingTree() throws {
        // Everything the branch did, at once.
        let r = try tatami(["diff", "--git", "main..feature", "--format", "json"])
        XCTAssertEqual(r.status, 1)
        let json = r.json
        XCTAssertEqual(file(json, "screens/home.tatami.yaml")?["causes"] as? [String],
                       ["screens/home.tatami.yaml", "lib/cards.tatami.yaml"])
        XCTAssertEqual(file(json, "screens/info.tatami.yaml")?["old"] as? String, "screens/about.tatami.yaml")
        // The working tree against HEAD: an uncommitted edit, and a new file.
        let clean = try tatami(["diff", "--git", "HEAD"])
        XCTAssertEqual(clean.status, 0, clean.stdout + clean.stderr)
        write("screens/profile.tatami.yaml", Self.profile.replacingOccurrences(of: "    - Card: {title: You}\n", with: ""))
        write("screens/extra.tatami.yaml", Self.about("Extra"))
        let dirty = try tatami(["diff", "--git", "HEAD", "--format", "json"])
        XCTAssertEqual(dirty.status, 1)
        let d = dirty.json
        XCTAssertEqual(views(d, "screens/profile.tatami.yaml", "phone")["/1"]?["change"] as? String, "removed")
        XCTAssertEqual(file(d, "screens/extra.tatami.yaml")?["status"] as? String, "added")
        // Paths limit what is compared.
        let limited = try tatami(["diff", "--git", "HEAD", "--format", "json", "screens/extra.tatami.yaml"])
        XCTAssertEqual((limited.json["files"] as? [[String: Any]])?.count, 1)
        // From a subdirectory, paths are still relative to the repository's top.
        let sub = try tatami(["diff", "--git", "HEAD", "--format", "json", "."], in: repo.appendingPathComponent("screens"))
        XCTAssertNotNil(file(sub.json, "screens/profile.tatami.yaml"))
    }

    func testFailOnGatesAndToleranceAndExitStatus() throws {
        // A reorder moves views but truncates nothing.
        XCTAssertEqual(try tatami(["diff", "--git", "small..reorder", "--fail-on", "truncation,overflow"]).status, 0)
        XCTAssertEqual(try tatami(["diff", "--git", "small..reorder", "--fail-on", "moved"]).status, 1)
        XCTAssertEqual(try tatami(["diff", "--git", "small..reorder", "--fail-on", "resized"]).status, 0)
        XCTAssertEqual(try tatami(["diff", "--git", "small..reorder", "--fail-on", "sideways"]).status, 2)
        // Moves of 24 and 48 points are noise below a tolerance of 50.
        let tolerant = try tatami(["diff", "--git", "small..reorder", "--tolerance", "50"])
        XCTAssertEqual(tolerant.status, 0, tolerant.stdout)
        let partly = try tatami(["diff", "--git", "small..reorder", "--tolerance", "30", "--format", "json"])
        XCTAssertEqual(views(partly.json, "screens/list.tatami.yaml", "phone").count, 1)
        // Trouble is 2: an unknown revision, a missing file, outside a repository.
        XCTAssertEqual(try tatami(["diff", "--git", "no-such-rev"]).status, 2)
        XCTAssertEqual(try tatami(["diff", "a.tatami.yaml"]).status, 2)
        XCTAssertEqual(try tatami(["diff", "missing.tatami.yaml", "screens/list.tatami.yaml"]).status, 2)
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("tatami-nogit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: outside) }
        XCTAssertEqual(try tatami(["diff", "--git", "HEAD"], in: outside).status, 2)
    }

    func testTwoFilesAndTwoDirectories() throws {
        let old = repo.appendingPathComponent("old"), new = repo.appendingPathComponent("new")
        write("old/screens/list.tatami.yaml", Self.list(["Apples", "Pears", "Plums"]))
        write("new/screens/list.tatami.yaml", Self.list(["Apples", "Pears", "Plums"], redHeight: 50))
        write("old/screens/about.tatami.yaml", Self.about("Hi"))
        write("new/screens/about.tatami.yaml", Self.about("Hi"))
        let dirs = try tatami(["diff", old.path, new.path, "--format", "json", "--verbose"])
        XCTAssertEqual(dirs.status, 1)
        XCTAssertEqual(delta(views(dirs.json, "screens/list.tatami.yaml", "phone")["/4"]), [0, 30, 0, 0])
        XCTAssertTrue(dirs.stderr.contains("2 files compared, 1 identical"), dirs.stderr)
        let files = try tatami(["diff", "old/screens/list.tatami.yaml", "new/screens/list.tatami.yaml", "--format", "json"])
        XCTAssertEqual(files.status, 1)
        XCTAssertEqual(delta(views(files.json, "list.tatami.yaml", "phone")["/3"]), [0, 0, 0, 30])
        XCTAssertEqual(try tatami(["diff", "old/screens/about.tatami.yaml", "new/screens/about.tatami.yaml"]).status, 0)
    }

    func testMarkdownAndGitHubFormats() throws {
        let md = try tatami(["diff", "--git", "c1..insert", "--format", "markdown"])
        XCTAssertTrue(md.stdout.hasPrefix("## Layout changes: c1 → insert\n"), md.stdout)
        XCTAssertTrue(md.stdout.contains("### `screens/home.tatami.yaml`"), md.stdout)
        XCTAssertTrue(md.stdout.contains("| viewport | view | line | change | detail |"), md.stdout)
        // Largest first: the added card (200 wide) before the 48-point moves.
        let rows = md.stdout.split(separator: "\n").filter { $0.hasPrefix("| phone") || $0.hasPrefix("| small") }
        XCTAssertEqual(rows.count, 8)
        XCTAssertTrue(rows[0].contains("added"), String(rows[0]))
        XCTAssertTrue(rows.contains { $0.contains("`Card` `/2` | 9 → 10 | moved | Δy +48") }, rows.joined(separator: "\n"))
        let gh = try tatami(["diff", "--git", "c1..insert", "--format", "github"])
        XCTAssertTrue(gh.stdout.contains("::notice file=screens/home.tatami.yaml,line=10,title=Layout change (phone)::phone: Card /2 moved Δy +48 (+1 inside)"), gh.stdout)
    }

    func testDiagnosticsThatAppearAndGo() throws {
        // A text cut to one line of a narrow frame: truncated in the new revision only.
        write("screens/about.tatami.yaml", Self.cut("Hello"))
        try commit("fits")
        write("screens/about.tatami.yaml", Self.cut("Hello world"))
        let r = try tatami(["diff", "--git", "HEAD", "--format", "json", "--fail-on", "truncation"])
        XCTAssertEqual(r.status, 1, r.stdout)
        let appeared = ((viewport(r.json, "screens/about.tatami.yaml", "phone")?["diagnostics"] as? [String: Any])?["appeared"] as? [[String: Any]]) ?? []
        XCTAssertEqual(appeared.map { $0["code"] as? String }, ["text-truncated"])
        XCTAssertEqual(appeared.first?["line"] as? Int, 5)
        XCTAssertEqual(file(r.json, "screens/about.tatami.yaml")?["summary"] as? String, "phone: 1 text now truncated")
        try commit("cut")
        let back = try tatami(["diff", "--git", "cut..fits", "--format", "json"])
        let gone = ((viewport(back.json, "screens/about.tatami.yaml", "phone")?["diagnostics"] as? [String: Any])?["disappeared"] as? [[String: Any]]) ?? []
        XCTAssertEqual(gone.map { $0["code"] as? String }, ["text-truncated"])
    }
}
