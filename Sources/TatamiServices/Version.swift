/// The version every front end reports (`tatami --version`, SARIF, the language server).
public enum TatamiVersion {
    public static let current = "0.1.0"
}
