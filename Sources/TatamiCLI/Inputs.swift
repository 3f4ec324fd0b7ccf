import Foundation

/// A file given on the command line, read whole.
struct InputFile {
    /// The path as the user should see it (`-` reads standard input, shown as `<stdin>`).
    let displayPath: String
    let bytes: [UInt8]
    /// The directory its imports must stay inside: the directory given on the command line
    /// that holds it, or the current directory for files and standard input.
    var workspaceRoot: String = "."
}

/// A problem reading input: a usage or I/O error (exit status 2).
struct InputError: Error, CustomStringConvertible {
    let description: String
}

enum Inputs {
    static let suffixes = [".tatami.yaml", ".tatami.yml"]

    /// Expands directories to the Tatami files below them (sorted; hidden folders and `.build`
    /// skipped) and reads every file. `-` reads standard input once.
    static func collect(_ paths: [String]) throws -> [InputFile] {
        var files: [InputFile] = []
        let fm = FileManager.default
        for path in paths {
            if path == "-" {
                let data = FileHandle.standardInput.readDataToEndOfFile()
                files.append(InputFile(displayPath: "<stdin>", bytes: [UInt8](data)))
                continue
            }
            var isDirectory: ObjCBool = false
            guard fm.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw InputError(description: "\(path): no such file or directory")
            }
            if isDirectory.boolValue {
                for found in tatamiFiles(under: path) {
                    var file = try read(found)
                    file.workspaceRoot = path
                    files.append(file)
                }
            } else {
                files.append(try read(path))
            }
        }
        return files
    }

    /// Rewrites a file in place (through a temporary file beside it, renamed over it, so a
    /// reader never sees half a file); its permissions are kept.
    static func write(_ bytes: [UInt8], to path: String) throws {
        let url = URL(fileURLWithPath: path)
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        do {
            try Data(bytes).write(to: url, options: .atomic)
            if let permissions = attributes?[.posixPermissions] {
                try? FileManager.default.setAttributes([.posixPermissions: permissions], ofItemAtPath: path)
            }
        } catch {
            throw InputError(description: "\(path): cannot write the fixed file: \(error.localizedDescription)")
        }
    }

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

    /// `--root DIR`: must be a directory (a usage error otherwise).
    static func checkRoot(_ root: String?) throws {
        guard let root else { return }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw InputError(description: "--root \(root): no such directory")
        }
    }

    static func read(_ path: String) throws -> InputFile {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw InputError(description: "\(path): cannot be read")
        }
        return InputFile(displayPath: path, bytes: [UInt8](data))
    }

    static func tatamiFiles(under root: String) -> [String] {
        var result: [String] = []
        var queue = [root]
        let fm = FileManager.default
        while let dir = queue.popLast() {
            guard let names = try? fm.contentsOfDirectory(atPath: dir) else { continue }
            for name in names.sorted() where !name.hasPrefix(".") {
                let path = dir.hasSuffix("/") ? dir + name : dir + "/" + name
                var isDirectory: ObjCBool = false
                guard fm.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
                if isDirectory.boolValue {
                    queue.append(path)
                } else if suffixes.contains(where: { name.hasSuffix($0) }) {
                    result.append(path)
                }
            }
        }
        return result.sorted()
    }
}
