import Foundation
@testable import TatamiServices
import XCTest

/// `FileBytes` (what `DiskRevision` and `tatami lint` read files with) reads a file with one open,
/// one status call and one read; what it gives is
/// what asking whether the file exists and reading it through `FileManager` gives: the bytes of
/// a file (empty, small, larger than a page, reached through a symbolic link, or one that does
/// not say its size), nil for a directory (itself or behind a link), a missing path, a dangling
/// link or a file that cannot be read.
final class DiskRevisionReadTests: XCTestCase {
    /// The reading `DiskRevision.bytes` replaced.
    private func throughFileManager(_ path: String) -> [UInt8]? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else { return nil }
        return FileManager.default.contents(atPath: path).map { [UInt8]($0) }
    }

    func testReadsWhatFileManagerReads() throws {
        let fm = FileManager.default
        let top = fm.temporaryDirectory.appendingPathComponent("tatami-disk-read-\(UUID().uuidString)")
        defer { try? fm.removeItem(at: top) }
        try fm.createDirectory(at: top.appendingPathComponent("folder"), withIntermediateDirectories: true)
        var large = [UInt8]()
        for i in 0..<50_000 { large.append(UInt8(truncatingIfNeeded: i &* 31 &+ i >> 7)) }
        let files: [String: [UInt8]] = [
            "empty.tatami.yaml": [],
            "small.tatami.yaml": Array("body:\n  text: hi\n".utf8),
            "large.bin": large,
            "folder/inside.tatami.yaml": Array("body:\n  text: inside\n".utf8),
        ]
        for (name, bytes) in files { try Data(bytes).write(to: top.appendingPathComponent(name)) }
        let locked = top.appendingPathComponent("locked.tatami.yaml")
        try Data("body: {}\n".utf8).write(to: locked)
        try fm.setAttributes([.posixPermissions: 0o000], ofItemAtPath: locked.path)
        defer { try? fm.setAttributes([.posixPermissions: 0o600], ofItemAtPath: locked.path) }
        try fm.createSymbolicLink(atPath: top.appendingPathComponent("link.tatami.yaml").path, withDestinationPath: "large.bin")
        try fm.createSymbolicLink(atPath: top.appendingPathComponent("folder-link").path, withDestinationPath: "folder")
        try fm.createSymbolicLink(atPath: top.appendingPathComponent("dangling.tatami.yaml").path, withDestinationPath: "nowhere")

        var paths = files.keys.map { top.appendingPathComponent($0).path }
        paths += ["locked.tatami.yaml", "link.tatami.yaml", "folder", "folder-link", "dangling.tatami.yaml", "missing.tatami.yaml",
                  "folder-link/inside.tatami.yaml"].map { top.appendingPathComponent($0).path }
        #if os(Linux)
        paths.append("/proc/version")  // says it is 0 bytes long
        #endif
        var read = 0
        for path in paths {
            let expected = throughFileManager(path)
            XCTAssertEqual(FileBytes.read(path), expected, path)
            XCTAssertEqual(DiskRevision(label: "t", base: top.path).bytes(path), expected, path)
            if expected != nil { read += 1 }
        }
        // Files were read and paths refused, so both ways were tried.
        XCTAssertGreaterThanOrEqual(read, 6)
        XCTAssertEqual(FileBytes.read(top.appendingPathComponent("large.bin").path), large)
        XCTAssertNil(FileBytes.read(top.appendingPathComponent("folder").path))
    }
}
