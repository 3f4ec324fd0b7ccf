import Foundation
import TatamiServices

/// `--watch`: runs a command, then again whenever a file it read changes, until interrupted.
///
/// Changes are found by polling each file's modification time, size and existence four times a
/// second: portable, and cheap for the few files one command reads. Each run names the files
/// to watch (the inputs, everything their imports read or looked for, and, for a directory
/// given on the command line, the list of Tatami files under it).
enum Watch {
    static let interval: TimeInterval = 0.25

    /// One spelling per file: absolute, `.`/`..` and symbolic links resolved.
    static func canonical(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }

    /// What is compared between two polls.
    struct Fingerprint: Equatable {
        var files: [String: [Double]] = [:]
        var listings: [String: [String]] = [:]
    }

    static func fingerprint(files: Set<String>, directories: [String]) -> Fingerprint {
        var f = Fingerprint()
        for path in files {
            if let a = try? FileManager.default.attributesOfItem(atPath: path) {
                let modified = (a[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
                let size = (a[.size] as? NSNumber)?.doubleValue ?? 0
                f.files[path] = [modified, size]
            } else {
                f.files[path] = []
            }
        }
        for directory in directories { f.listings[directory] = Inputs.tatamiFiles(under: directory) }
        return f
    }

    /// Runs `once` now and after every change, with a recorder of the files it reads. A run
    /// that fails (problems found, a usage error) is reported and the watch goes on. `inputs`
    /// (the files named on the command line) are watched even when a run fails before reading
    /// them.
    static func loop(inputs: Set<String>, directories: [String], clearScreen: Bool,
                     _ once: (PathRecorder) throws -> Void) -> Never {
        var first = true
        var watched = Set(inputs.map(canonical))
        while true {
            if clearScreen && !first { StandardOutput.write("\u{1B}[H\u{1B}[2J") }
            first = false
            // The files known so far are read before the run, so a save during it is noticed.
            let beforeRun = fingerprint(files: watched, directories: directories)
            let recorder = PathRecorder()
            do {
                try once(recorder)
            } catch let error as InputError {
                StandardError.write("tatami: \(error.description)\n")
            } catch {
                // ExitCode(1) and the like: the run reported its problems already.
            }
            // One spelling per file (paths arrive relative, normalised and resolved); the
            // folders the validator resolves (the file's own, the root) are not watched.
            let files = Set(inputs.union(recorder.paths).map(canonical).filter { path in
                var isDirectory: ObjCBool = false
                return !(FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue)
            })
            // The state compared is taken before saying so: a change made once the message is out
            // is never missed.
            var before = fingerprint(files: files, directories: directories)
            before.files.merge(beforeRun.files.filter { files.contains($0.key) }) { _, old in old }
            before.listings.merge(beforeRun.listings) { _, old in old }
            watched = files
            StandardError.write("tatami: watching \(files.count) file\(files.count == 1 ? "" : "s") for changes (Ctrl-C stops)\n")
            while fingerprint(files: files, directories: directories) == before {
                Thread.sleep(forTimeInterval: interval)
            }
        }
    }
}
