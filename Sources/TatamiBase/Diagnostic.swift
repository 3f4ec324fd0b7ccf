/// How serious a diagnostic is. Raw values are the words the CLI prints.
public enum Severity: String, Sendable, Comparable, CaseIterable {
    case error, warning, information, hint

    private var rank: Int {
        switch self {
        case .error: return 3
        case .warning: return 2
        case .information: return 1
        case .hint: return 0
        }
    }

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// A stable diagnostic code with its default severity.
///
/// Codes are declared once each, as static members in an extension beside the check that
/// emits them (`DiagnosticCode.yamlSyntax` in the YAML module, and so on), each a `static let`
/// whose value is this type's initialiser with a string literal and a severity, so that a script
/// can read them.
/// TatamiServices' `DiagnosticCatalog` explains every one (`docs/diagnostics.md`, `tatami
/// explain`), a file per code; the lists of codes by stage (`yamlStageCodes`, …) are generated
/// from the declarations and those files (scripts/generate-diagnostic-codes.py).
public struct DiagnosticCode: Hashable, Sendable, CustomStringConvertible {
    public let name: String
    public let severity: Severity

    public init(_ name: String, _ severity: Severity) {
        self.name = name
        self.severity = severity
    }

    public var description: String { name }

    public static func == (lhs: DiagnosticCode, rhs: DiagnosticCode) -> Bool { lhs.name == rhs.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}

/// A secondary location that explains a diagnostic (e.g. a component body behind an instance).
public struct RelatedLocation: Hashable, Sendable {
    public var file: String?
    public var range: SourceRange
    public var message: String

    public init(file: String? = nil, range: SourceRange, message: String) {
        self.file = file
        self.range = range
        self.message = message
    }
}

/// A text edit that fixes a diagnostic ("did you mean"), in the same file.
public struct FixIt: Hashable, Sendable {
    public var title: String
    public var range: SourceRange
    public var replacement: String

    public init(title: String, range: SourceRange, replacement: String) {
        self.title = title
        self.range = range
        self.replacement = replacement
    }
}

/// One problem found in a file. Parsing, validation and layout return these; they never throw.
public struct Diagnostic: Hashable, Sendable {
    public var code: DiagnosticCode
    public var severity: Severity
    public var message: String
    public var range: SourceRange
    /// The viewport a layout diagnostic was found in; nil for everything else.
    public var viewport: String?
    public var related: [RelatedLocation]
    public var fixes: [FixIt]

    public init(
        _ code: DiagnosticCode,
        _ message: String,
        at range: SourceRange,
        severity: Severity? = nil,
        viewport: String? = nil,
        related: [RelatedLocation] = [],
        fixes: [FixIt] = []
    ) {
        self.code = code
        self.severity = severity ?? code.severity
        self.message = message
        self.range = range
        self.viewport = viewport
        self.related = related
        self.fixes = fixes
    }
}

extension Array where Element == Diagnostic {
    /// Sorted by position, then severity (errors first), then code; stable for equal keys.
    ///
    /// Most lists arrive in order already (each stage reports in document order), so a first
    /// pass checks that and returns the list as it is; otherwise indices are sorted, not the
    /// diagnostics themselves.
    public func sortedForDisplay() -> [Diagnostic] {
        func precedes(_ a: Diagnostic, _ b: Diagnostic) -> Bool? {
            if a.range.start != b.range.start { return a.range.start < b.range.start }
            if a.severity != b.severity { return a.severity > b.severity }
            if a.code.name != b.code.name { return a.code.name < b.code.name }
            return nil  // equal keys: the earlier stays first
        }
        if indices.dropFirst().allSatisfy({ precedes(self[$0 - 1], self[$0]) ?? true }) { return self }
        return indices.sorted { i, j in precedes(self[i], self[j]) ?? (i < j) }.map { self[$0] }
    }

    public var hasErrors: Bool { contains { $0.severity == .error } }
}
