/// The version every front end reports (`tatami --version`, SARIF, the language server).
public enum TatamiVersion {
    public static let current = "0.1.0"

    /// Where this binary comes from: `commit a8708fd, 2026-11-20` (the short hash, `+dirty` when
    /// the work tree had changes, and the commit's date), `built 2026-11-23, no git commit` when
    /// built with `make` outside a git checkout, or nil when built without `make` (a plain
    /// `swift build` or `swift test`). `make build` writes it into `BuildInfo.generated.swift`
    /// (git-ignored, by `scripts/build-info.sh`) and compiles with `-DTATAMI_BUILD_INFO`.
    public static var build: String? { BuildInfo.description }

    /// What `tatami --version` prints: `tatami 0.1.0 (commit a8708fd+dirty, 2026-11-20)`, or
    /// `tatami 0.1.0 (unknown commit: built without make)`.
    public static var long: String { "tatami \(current) (\(build ?? unknownBuild))" }

    public static let unknownBuild = "unknown commit: built without make"
}

#if !TATAMI_BUILD_INFO
/// Without `make`: nothing known. (`BuildInfo.generated.swift` declares it otherwise.)
enum BuildInfo {
    static let description: String? = nil
}
#endif
