#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// A child process started with `posix_spawn`, its pipes made close-on-exec (under one lock
/// with the spawn, so that a child started by another thread inherits none of them), and reaped
/// with `waitpid`. `tatami diff` runs `git` from its worker threads; Foundation's `Process` waits in a
/// run loop of the calling thread, whose teardown when a worker thread ends crashed the
/// ThreadSanitizer runtime (a CFRunLoop freed in the thread's destructors after the sanitizer
/// had finished the thread).
final class ChildProcess: @unchecked Sendable {
    private let pid: pid_t
    /// Our ends: the child's standard input (nil: /dev/null), output and error (nil: /dev/null).
    private var stdinFD: Int32?
    private(set) var stdoutFD: Int32?
    private var stderrFD: Int32?

    struct SpawnError: Error {
        let code: Int32
    }

    /// Pipes are made and children spawned under this lock: between `pipe` and `fcntl` a pipe is
    /// not yet close-on-exec, and a child spawned then by another thread would keep its ends.
    private static let spawning = NSLock()

    /// Starts `git` with `arguments`: the `git` that `/usr/bin/env git` would start, without
    /// starting `env` first (`GitExecutable`); through `env` when it is not found or cannot be
    /// started, so that what then goes wrong is told as before.
    static func git(_ arguments: [String], environment: [String: String] = [:], pipeInput: Bool = false,
                    captureError: Bool = true) throws -> ChildProcess {
        if let git = GitExecutable.path,
           let child = try? ChildProcess(["git"] + arguments, executable: git, environment: environment, pipeInput: pipeInput,
                                         captureError: captureError) {
            return child
        }
        return try ChildProcess(["/usr/bin/env", "git"] + arguments, environment: environment, pipeInput: pipeInput,
                                captureError: captureError)
    }

    /// Starts `argv` (`argv[0]` a path, such as `/usr/bin/env`, unless `executable` gives the
    /// file to run), with `environment` added to this process's.
    init(_ argv: [String], executable: String? = nil, environment: [String: String] = [:], pipeInput: Bool = false,
         captureError: Bool = true) throws {
        Self.spawning.lock()
        defer { Self.spawning.unlock() }
        func pipeFDs() throws -> (read: Int32, write: Int32) {
            var fds: [Int32] = [0, 0]
            guard pipe(&fds) == 0 else { throw SpawnError(code: errno) }
            for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
            return (fds[0], fds[1])
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        let input = pipeInput ? try pipeFDs() : nil
        let output = try pipeFDs()
        let error = captureError ? try pipeFDs() : nil
        var childEnds: [Int32] = [output.write]
        if let input {
            posix_spawn_file_actions_adddup2(&actions, input.read, 0)
            childEnds.append(input.read)
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        posix_spawn_file_actions_adddup2(&actions, output.write, 1)
        if let error {
            posix_spawn_file_actions_adddup2(&actions, error.write, 2)
            childEnds.append(error.write)
        } else {
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }
        var env = ProcessInfo.processInfo.environment
        for (k, v) in environment { env[k] = v }
        let cArgs: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
        let cEnv: [UnsafeMutablePointer<CChar>?] = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for a in cArgs { free(a) }
            for e in cEnv { free(e) }
        }
        var child = pid_t()
        let status = posix_spawn(&child, executable ?? argv[0], &actions, nil, cArgs, cEnv)
        for fd in childEnds { close(fd) }
        guard status == 0 else {
            for fd in [input?.write, output.read, error?.read].compactMap({ $0 }) { close(fd) }
            throw SpawnError(code: status)
        }
        pid = child
        stdinFD = input?.write
        stdoutFD = output.read
        stderrFD = error?.read
    }

    /// Writes all of `bytes` to the child's standard input; false when it is gone.
    func write(_ bytes: [UInt8]) -> Bool {
        guard let fd = stdinFD else { return false }
        var done = 0
        while done < bytes.count {
            let n = bytes[done...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if n > 0 { done += n } else if n < 0 && errno == EINTR { continue } else { return false }
        }
        return true
    }

    /// Closes the child's standard input (it sees the end of its input).
    func closeInput() {
        if let fd = stdinFD { close(fd) }
        stdinFD = nil
    }

    /// Reads standard output and error to their ends together (so that neither pipe fills while
    /// the other is read), then reaps the child: its exit status and both outputs.
    func finish() -> (status: Int32, output: [UInt8], error: [UInt8]) {
        closeInput()
        var output: [UInt8] = [], error: [UInt8] = []
        var open: [(fd: Int32, isError: Bool)] = [stdoutFD.map { ($0, false) }, stderrFD.map { ($0, true) }].compactMap { $0 }
        var chunk = [UInt8](repeating: 0, count: 65536)
        while !open.isEmpty {
            var polls = open.map { pollfd(fd: $0.fd, events: Int16(POLLIN), revents: 0) }
            if poll(&polls, nfds_t(polls.count), -1) < 0 {
                if errno == EINTR { continue }
                break
            }
            var still: [(fd: Int32, isError: Bool)] = []
            for (i, p) in polls.enumerated() {
                guard p.revents != 0 else {
                    still.append(open[i])
                    continue
                }
                let n = chunk.withUnsafeMutableBytes { Glibc.read(p.fd, $0.baseAddress, $0.count) }
                if n > 0 {
                    if open[i].isError { error += chunk[0..<n] } else { output += chunk[0..<n] }
                    still.append(open[i])
                } else if n < 0 && errno == EINTR {
                    still.append(open[i])
                } else {
                    close(p.fd)
                }
            }
            open = still
        }
        stdoutFD = nil
        stderrFD = nil
        return (reap(), output, error)
    }

    /// Waits for the child to end; its exit status (128 + the signal when a signal ended it).
    func reap() -> Int32 {
        for fd in [stdoutFD, stderrFD].compactMap({ $0 }) { close(fd) }
        stdoutFD = nil
        stderrFD = nil
        closeInput()
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }
}

/// The file `env` runs for `git`: the first `git` along `PATH` that is a regular file this process
/// may execute (an empty entry is the current directory, as for `execvp`), found once per run.
/// Starting it directly spares each `git` command the start of `env` and its search (about 0.6 ms
/// of CPU each: `tatami diff --git` runs five or six).
enum GitExecutable {
    static let path: String? = find(in: ProcessInfo.processInfo.environment["PATH"])

    /// nil: no `PATH`, or no such file along it.
    static func find(in searchPath: String?) -> String? {
        guard let searchPath else { return nil }
        for directory in searchPath.split(separator: ":", omittingEmptySubsequences: false) {
            let candidate = directory.isEmpty ? "git" : directory.hasSuffix("/") ? directory + "git" : directory + "/git"
            var info = stat()
            guard stat(candidate, &info) == 0, info.st_mode & S_IFMT == S_IFREG, access(candidate, X_OK) == 0 else { continue }
            return candidate
        }
        return nil
    }
}
