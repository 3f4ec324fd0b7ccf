#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One line of a `.gitignore` (or an `exclude` glob, written the same way).
///
/// The subset of gitignore(5) supported: blank lines and `#` comments; `!` negation (a later
/// match re-includes); `\#` and `\!` for a literal first character; a trailing `/` matching
/// directories only; a pattern holding a `/` elsewhere (a leading one included) is anchored to
/// the directory of the file it is written in, one without matches a name at any depth; `*`,
/// `?` and `[…]` within one path component; `**` as a whole component (`**/x`, `x/**`,
/// `a/**/b`) for any number of components. Not supported: trailing-space escapes, and
/// `core.excludesFile` or `.git/info/exclude`.
public struct IgnorePattern: Sendable, Hashable {
    public let negated: Bool
    public let directoryOnly: Bool
    /// Matched against the whole path below the base directory rather than the name alone.
    public let anchored: Bool
    let components: [String]

    /// nil for a blank line, a comment, or a pattern that matches nothing (`/`, `!`).
    public init?(_ line: Substring) {
        var text = Substring(line)
        if text.hasSuffix("\r") { text = text.dropLast() }
        while text.hasSuffix(" ") && !text.hasSuffix("\\ ") { text = text.dropLast() }
        if text.isEmpty || text.hasPrefix("#") { return nil }
        var negated = false
        if text.hasPrefix("!") {
            negated = true
            text = text.dropFirst()
        } else if text.hasPrefix("\\!") || text.hasPrefix("\\#") {
            text = text.dropFirst()
        }
        var directoryOnly = false
        while text.hasSuffix("/") {
            directoryOnly = true
            text = text.dropLast()
        }
        let anchored = text.contains("/")
        let parts = text.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        guard !parts.isEmpty else { return nil }
        self.negated = negated
        self.directoryOnly = directoryOnly
        self.anchored = anchored
        components = parts
    }

    /// Whether the pattern matches `path`, the components of a path below the base directory.
    public func matches(_ path: ArraySlice<Substring>, isDirectory: Bool) -> Bool {
        if directoryOnly && !isDirectory { return false }
        guard let last = path.last else { return false }
        if !anchored { return Self.component(components[0], matches: last) }
        return Self.match(components[...], path)
    }

    private static func match(_ pattern: ArraySlice<String>, _ path: ArraySlice<Substring>) -> Bool {
        guard let first = pattern.first else { return path.isEmpty }
        if first == "**" {
            let rest = pattern.dropFirst()
            if rest.isEmpty { return true }
            var tail = path
            while true {
                if match(rest, tail) { return true }
                if tail.isEmpty { return false }
                tail = tail.dropFirst()
            }
        }
        guard let name = path.first, component(first, matches: name) else { return false }
        return match(pattern.dropFirst(), path.dropFirst())
    }

    /// `*`, `?`, `[…]` and `\` escapes within one component (fnmatch(3)).
    static func component(_ pattern: String, matches name: Substring) -> Bool {
        if !pattern.contains(where: { "*?[\\".contains($0) }) { return pattern == name }
        return fnmatch(pattern, String(name), 0) == 0
    }
}

/// The patterns of one `.gitignore` (or one list of `exclude` globs), relative to `base`.
public struct IgnoreRules: Sendable {
    /// The directory the patterns are relative to, absolute.
    public let base: String
    public let patterns: [IgnorePattern]

    public init(base: String, patterns: [IgnorePattern]) {
        self.base = base
        self.patterns = patterns
    }

    /// A `.gitignore`'s text.
    public init(base: String, text: String) {
        self.init(base: base, patterns: text.split(separator: "\n", omittingEmptySubsequences: true).compactMap(IgnorePattern.init))
    }

    /// Globs such as `exclude:` and `--exclude` give.
    public init(base: String, globs: [String]) {
        self.init(base: base, patterns: globs.compactMap { IgnorePattern(Substring($0)) })
    }

    /// The last pattern matching `path` (absolute) decides: true ignored, false re-included;
    /// nil when none matches or the path is not below `base`.
    public func decision(for path: String, isDirectory: Bool) -> Bool? {
        let prefix = base == "/" ? "/" : base + "/"
        guard path.hasPrefix(prefix) else { return nil }
        let components = path.dropFirst(prefix.count).split(separator: "/")
        guard !components.isEmpty else { return nil }
        for p in patterns.reversed() where p.matches(components[...], isDirectory: isDirectory) {
            return !p.negated
        }
        return nil
    }
}

/// Rule sets from the outermost directory in, the later deciding where several match.
public struct IgnoreStack: Sendable {
    public private(set) var sets: [IgnoreRules] = []

    public init(_ sets: [IgnoreRules] = []) { self.sets = sets.filter { !$0.patterns.isEmpty } }

    public mutating func push(_ rules: IgnoreRules) {
        if !rules.patterns.isEmpty { sets.append(rules) }
    }

    public func isIgnored(_ path: String, isDirectory: Bool) -> Bool {
        for set in sets.reversed() {
            if let d = set.decision(for: path, isDirectory: isDirectory) { return d }
        }
        return false
    }
}
