/// The limits the validator keeps to, whatever the input (see docs/decisions.md).
public enum ValidationLimits {
    /// Views nested deeper than this are reported once and not descended into.
    public static let maxViewDepth = 1_000
    /// Children of one container beyond this are reported and dropped.
    public static let maxChildren = 100_000
    /// Characters of one text beyond this are reported and dropped.
    public static let maxTextLength = 1_000_000
    /// Component instances nested deeper than this (an instance in a body in a body …) are
    /// reported once and left out.
    public static let maxInstanceNesting = 64
    /// Views built from component bodies, per file, beyond which instances are reported once
    /// and left out (expansion can multiply: each level may use the next several times).
    public static let maxExpandedViews = 200_000
    /// Imports nested deeper than this (a file importing a file importing …) are reported.
    public static let maxImportDepth = 32
    /// Files one validation may import, counting every level.
    public static let maxImportedFiles = 1_000
    /// Items one validation keeps for the next (`ValidationMemory`): past this, the file's
    /// further items are read again each time (a few hundred bytes each).
    public static let maxKeptItems = 100_000
}
