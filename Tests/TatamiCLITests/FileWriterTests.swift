import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// How `format --write` and `lint --fix` rewrite a user's file (docs/format.md §12.1, §12.6):
/// into the same file (links, inode, owner and mode kept), never half written, and files the
/// user may not or cannot write refused. Driven through the built binary on real files.
extension CLITests {
    private var messy: String { "body:\n    text:   \"Hello\"\n" }
    private var tidy: String { "body:\n  text: Hello\n" }

    private func scratchDirectory() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tatami-write-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    private func inode(_ path: String) -> UInt64 {
        var info = stat()
        XCTAssertEqual(lstat(path, &info), 0, path)
        return UInt64(info.st_ino)
    }

    private func mode(_ path: String) -> mode_t {
        var info = stat()
        XCTAssertEqual(lstat(path, &info), 0, path)
        return info.st_mode
    }

    private func text(_ url: URL) throws -> String { try String(contentsOf: url, encoding: .utf8) }

    /// Runs the binary, killing it after `seconds`: nil when it had to be killed.
    private func tatami(_ arguments: [String], timeout seconds: Double, in directory: URL) throws -> Run? {
        let p = Process()
        p.executableURL = Self.binary
        p.arguments = arguments
        p.currentDirectoryURL = directory
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        p.standardInput = FileHandle.nullDevice
        let done = DispatchSemaphore(value: 0)
        p.terminationHandler = { _ in done.signal() }
        try p.run()
        if done.wait(timeout: .now() + seconds) == .timedOut {
            p.terminate()
            kill(p.processIdentifier, SIGKILL)
            p.waitUntilExit()
            return nil
        }
        let o = out.fileHandleForReading.readDataToEndOfFile(), e = err.fileHandleForReading.readDataToEndOfFile()
        return Run(status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self), stderr: String(decoding: e, as: UTF8.self))
    }

    func testWriteGoesIntoTheFileThroughALinkKeepingInodeAndMode() throws {
        let dir = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let real = dir.appendingPathComponent("real.tatami.yaml")
        try messy.write(to: real, atomically: false, encoding: .utf8)
        XCTAssertEqual(chmod(real.path, 0o640), 0)
        let link = dir.appendingPathComponent("link.tatami.yaml")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "real.tatami.yaml")
        let hard = dir.appendingPathComponent("hard.yaml")
        XCTAssertEqual(Glibc.link(real.path, hard.path), 0)
        let before = inode(real.path)

        let r = try tatami(["format", "--write", link.path])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains("reformatted 1 file"), r.stderr)
        // The link is still a link to the same name, and the file it names has the new text.
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link.path), "real.tatami.yaml")
        XCTAssertEqual(mode(link.path) & S_IFMT, S_IFLNK)
        XCTAssertEqual(try text(real), tidy)
        // Same inode: the hard link sees the new text too; the mode is kept.
        XCTAssertEqual(inode(real.path), before)
        XCTAssertEqual(try text(hard), tidy)
        XCTAssertEqual(mode(real.path) & 0o7777, 0o640)
        // No backup copy is left beside it.
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted(),
                       ["hard.yaml", "link.tatami.yaml", "real.tatami.yaml"])

        // lint --fix writes the same way.
        try "body:\n  txet: Hello\n".write(to: real, atomically: false, encoding: .utf8)
        let fix = try tatami(["lint", "--fix", link.path])
        XCTAssertEqual(fix.status, 0, fix.stdout + fix.stderr)
        XCTAssertEqual(try text(real), "body:\n  text: Hello\n")
        XCTAssertEqual(try text(hard), "body:\n  text: Hello\n")
        XCTAssertEqual(mode(link.path) & S_IFMT, S_IFLNK)
        XCTAssertEqual(inode(real.path), before)
        XCTAssertEqual(mode(real.path) & 0o7777, 0o640)
    }

    func testWriteRefusesAFileWithoutWritePermission() throws {
        let dir = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("kept.tatami.yaml")
        try messy.write(to: file, atomically: false, encoding: .utf8)
        XCTAssertEqual(chmod(file.path, 0o444), 0)
        // As whoever runs the tests (root here): no write bit at all is a refusal, root or not.
        for arguments in [["format", "--write", file.path], ["lint", "--fix", file.path]] {
            let r = try tatami(arguments)
            XCTAssertEqual(r.status, 2, arguments.joined(separator: " ") + ": " + r.stderr)
            XCTAssertTrue(r.stderr.contains("\(file.path): not rewritten: the file is read-only"), r.stderr)
            XCTAssertEqual(try text(file), messy)
            XCTAssertEqual(mode(file.path) & 0o7777, 0o444)
        }

        // As a user who may not write it (`nobody`; the file is root's): mode 444, and mode 644,
        // which only its owner may write (access(2) decides, not the write bits).
        guard geteuid() == 0 else {
            print("skipped the other-user case: the tests do not run as root (the case above was this user's)")
            return
        }
        let su = ["/usr/bin/su", "/bin/su"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let su, getpwnam("nobody") != nil else {
            print("skipped the non-root case: no `su`, or no user `nobody` to run as")
            return
        }
        XCTAssertEqual(chmod(dir.path, 0o777), 0)
        let quoted = { (s: String) in "'" + s.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        for permissions: mode_t in [0o444, 0o644] {
            XCTAssertEqual(chmod(file.path, permissions), 0)
            let p = Process()
            p.executableURL = URL(fileURLWithPath: su)
            p.arguments = ["nobody", "-s", "/bin/sh", "-c", "\(quoted(Self.binary.path)) format --write \(quoted(file.path))"]
            let err = Pipe()
            p.standardError = err
            p.standardOutput = FileHandle.nullDevice
            try p.run()
            let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            p.waitUntilExit()
            XCTAssertEqual(p.terminationStatus, 2, message)
            XCTAssertTrue(message.contains("\(file.path): not rewritten: the file is read-only"), message)
            XCTAssertEqual(try text(file), messy)
        }
    }

    func testWriteRefusesAFIFOAndADeviceWithoutBlocking() throws {
        let dir = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let fifo = dir.appendingPathComponent("pipe.tatami.yaml")
        XCTAssertEqual(mkfifo(fifo.path, 0o644), 0)
        for arguments in [["format", "--write", fifo.path], ["lint", "--fix", fifo.path], ["format", "--write", "/dev/null"]] {
            guard let r = try tatami(arguments, timeout: 20, in: dir) else {
                XCTFail("\(arguments.joined(separator: " ")) blocked (killed after 20 s)")
                continue
            }
            XCTAssertEqual(r.status, 2, arguments.joined(separator: " ") + ": " + r.stderr)
            let what = arguments.last == "/dev/null" ? "/dev/null: not rewritten: it is a device" : "\(fifo.path): not rewritten: it is a FIFO"
            XCTAssertTrue(r.stderr.contains(what), r.stderr)
        }
        XCTAssertEqual(mode(fifo.path) & S_IFMT, S_IFIFO, "still a FIFO")
    }

    /// `--output` naming a FIFO (as `/dev/null` or `/dev/stdout` would be a device) writes into
    /// it, and it stays what it was; naming a directory is refused. (A device is not used here:
    /// replacing one by mistake would break the machine for everything else.)
    func testOutputIntoAFIFOIsWrittenIntoAndADirectoryRefused() throws {
        let dir = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("screen.tatami.yaml")
        try tidy.write(to: file, atomically: false, encoding: .utf8)
        let wider = dir.appendingPathComponent("wider.tatami.yaml")
        try "body:\n  text: Hello world\n".write(to: wider, atomically: false, encoding: .utf8)
        let fifo = dir.appendingPathComponent("out.fifo")
        XCTAssertEqual(mkfifo(fifo.path, 0o644), 0)
        for arguments in [["preview", file.path, "--output", fifo.path], ["preview", file.path, "--format", "html", "--output", fifo.path],
                          ["diff", file.path, wider.path, "--output", fifo.path]] {
            // A reader on the other end, as a shell's `cat < fifo` would be.
            let received = DispatchSemaphore(value: 0)
            let reader = FIFOReader(path: fifo.path)
            Thread {
                reader.readToEnd()
                received.signal()
            }.start()
            guard let r = try tatami(arguments, timeout: 20, in: dir) else {
                XCTFail("\(arguments.joined(separator: " ")) blocked (killed after 20 s)")
                continue
            }
            XCTAssertEqual(r.status, arguments[0] == "diff" ? 1 : 0, arguments.joined(separator: " ") + ": " + r.stderr)
            XCTAssertEqual(received.wait(timeout: .now() + 20), .success)
            let what = arguments[0] == "diff" ? "1 view resized" : arguments.contains("html") ? "<html" : "Hello"
            let got = String(decoding: reader.bytes, as: UTF8.self)
            XCTAssertTrue(got.contains(what), arguments.joined(separator: " ") + ": " + got)
            XCTAssertEqual(mode(fifo.path) & S_IFMT, S_IFIFO, "still a FIFO")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("out.fifo.live.js").path), "no reload script beside a FIFO")
        let r = try XCTUnwrap(tatami(["preview", file.path, "--output", dir.path], timeout: 20, in: dir))
        XCTAssertNotEqual(r.status, 0)
        XCTAssertTrue(r.stderr.contains("cannot write (it is a directory)"), r.stderr)
    }

    /// A disk that fills up while the new text is written: the file keeps its old text. Needs
    /// a small file system of its own (a 64 KiB tmpfs, which root can mount).
    func testAFailedWriteLeavesTheFileAsItWas() throws {
        let dir = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        guard geteuid() == 0 else { throw XCTSkip("mounting a small tmpfs to fill needs root") }
        let mount = Process()
        mount.executableURL = URL(fileURLWithPath: "/bin/mount")
        mount.arguments = ["-t", "tmpfs", "-o", "size=64k", "tmpfs", dir.path]
        mount.standardError = FileHandle.nullDevice
        try mount.run()
        mount.waitUntilExit()
        guard mount.terminationStatus == 0 else { throw XCTSkip("cannot mount a tmpfs here (mount exited \(mount.terminationStatus))") }
        defer {
            let umount = Process()
            umount.executableURL = URL(fileURLWithPath: "/bin/umount")
            umount.arguments = [dir.path]
            try? umount.run()
            umount.waitUntilExit()
        }
        // 300 texts three stacks deep: under one 4 KiB page as flow, over it as block.
        let items = Array(repeating: "{text: a}", count: 300).joined(separator: ", ")
        let original = "body: {vstack: [{vstack: [{vstack: [\(items)]}]}]}\n"
        XCTAssertLessThan(original.utf8.count, 4096)
        let file = dir.appendingPathComponent("big.tatami.yaml")
        try original.write(to: file, atomically: false, encoding: .utf8)
        // Fill the file system, then free one page: room for the backup copy, not for the new text.
        let filler = dir.appendingPathComponent("filler")
        XCTAssertTrue(FileManager.default.createFile(atPath: filler.path, contents: nil))
        let handle = try FileHandle(forWritingTo: filler)
        let page = Data(repeating: 0, count: 4096)
        var size = 0
        while (try? handle.write(contentsOf: page)) != nil { size += 4096 }
        try handle.truncate(atOffset: UInt64(size - 4096))
        try handle.close()

        let r = try tatami(["format", "--write", file.path])
        XCTAssertEqual(r.status, 2, r.stderr)
        XCTAssertTrue(r.stderr.contains("\(file.path): cannot write"), r.stderr)
        XCTAssertTrue(r.stderr.contains("restored unchanged"), r.stderr)
        XCTAssertEqual(try text(file), original)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted(), ["big.tatami.yaml", "filler"])

        // No room even for the backup copy: the file is not touched at all.
        try FileManager.default.removeItem(at: filler)
        XCTAssertTrue(FileManager.default.createFile(atPath: filler.path, contents: nil))
        let full = try FileHandle(forWritingTo: filler)
        while (try? full.write(contentsOf: page)) != nil {}
        try full.close()
        let before = inode(file.path)
        let r2 = try tatami(["format", "--write", file.path])
        XCTAssertEqual(r2.status, 2, r2.stderr)
        XCTAssertTrue(r2.stderr.contains("\(file.path): cannot make a backup copy beside it"), r2.stderr)
        XCTAssertEqual(try text(file), original)
        XCTAssertEqual(inode(file.path), before)
    }
}

/// Reads a FIFO to its end on another thread: opening it waits for a writer.
private final class FIFOReader: @unchecked Sendable {
    let path: String
    private(set) var bytes: [UInt8] = []

    init(path: String) { self.path = path }

    func readToEnd() {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return }
            bytes += buffer[0..<n]
        }
    }
}
