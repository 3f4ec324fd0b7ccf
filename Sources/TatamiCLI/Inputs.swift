import Foundation
import TatamiModel
import TatamiServices

/// A problem reading input: a usage or I/O error (exit status 2).
struct InputError: Error, CustomStringConvertible {
    let description: String
}

/// One thing `lint` checks, in the order the output shows it.
enum LintItem {
    /// Standard input, read whole.
    case stdin([UInt8])
    /// A Tatami file: as shown, and where it is.
    case file(display: String, path: String)
    /// A workspace file (`tatami.config.yaml`).
    case config(display: String, path: String)

    var displayPath: String {
        switch self {
        case .stdin: return "<stdin>"
        case .file(let d, _), .config(let d, _): return d
        }
    }
}

enum Inputs {
    static var suffixes: [String] { FileWalker.suffixes }

    /// What `--watch` watches of the command line's paths: its files, and its directories
    /// (whose lists of Tatami files are compared). Standard input cannot be watched.
    static func watchable(_ paths: [String]) throws -> (files: Set<String>, directories: [String]) {
        var files: Set<String> = [], directories: [String] = []
        for path in paths {
            if path == "-" { throw InputError(description: "--watch needs files, not standard input") }
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
                directories.append(path)
                files.formUnion(tatamiFiles(under: path))
            } else {
                files.insert(path)
            }
        }
        return (files, directories)
    }

    /// The Tatami files `lint DIR` would check under a directory (`--watch` compares the list).
    static func tatamiFiles(under directory: String, excludes: [String] = []) -> [String] {
        FileWalker(excludes: excludes).walk(directory).map(\.path)
    }

    /// `--root DIR`: must be a directory (a usage error otherwise).
    static func checkRoot(_ root: String?) throws {
        guard let root else { return }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw InputError(description: "--root \(root): no such directory")
        }
    }

    /// One file for `preview` and `frames`: its display path and bytes (`-` reads standard input).
    static func readOne(_ path: String) throws -> (displayPath: String, bytes: [UInt8]) {
        if path == "-" { return ("<stdin>", [UInt8](FileHandle.standardInput.readDataToEndOfFile())) }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw InputError(description: "\(path): no such file or directory")
        }
        if isDirectory.boolValue { throw InputError(description: "\(path): is a directory; give one file") }
        return (path, try read(path))
    }

    /// A file's bytes, read straight into the array the pipeline keeps (`FileBytes`).
    static func read(_ path: String) throws -> [UInt8] {
        guard let bytes = FileBytes.read(path) else { throw InputError(description: "\(path): cannot be read") }
        return bytes
    }

    /// What `lint PATH…` checks: each path's files (a directory's found by `FileWalker`, each
    /// file once), and the workspace files found or used. Files named on the command line are
    /// checked even when an exclude pattern matches them (as ruff does).
    static func collect(_ paths: [String], excludes: [String]) throws -> (files: [LintItem], walkedConfigs: [String]) {
        var items: [LintItem] = []
        let walker = FileWalker(excludes: excludes)
        let fm = FileManager.default
        var readStdin = false
        for path in paths {
            if path == "-" {
                if !readStdin { items.append(.stdin([UInt8](FileHandle.standardInput.readDataToEndOfFile()))) }
                readStdin = true
                continue
            }
            var isDirectory: ObjCBool = false
            guard fm.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw InputError(description: "\(path): no such file or directory")
            }
            if isDirectory.boolValue {
                for found in walker.walk(path) { items.append(.file(display: found.displayPath, path: found.path)) }
            } else if walker.claim(file: path) {
                let name = path.split(separator: "/").last.map(String.init) ?? path
                items.append(name == Workspace.fileName ? .config(display: path, path: path) : .file(display: path, path: path))
            }
        }
        return (items, walker.configs)
    }

    /// A path as the user should see it: relative to the current directory when below it.
    static func shown(_ path: String) -> String {
        let cwd = FileManager.default.currentDirectoryPath
        let canonicalCwd = FileSystemPath.canonical(cwd) ?? cwd
        for base in [cwd, canonicalCwd] where path.hasPrefix(base + "/") {
            return String(path.dropFirst(base.count + 1))
        }
        return path
    }
}
