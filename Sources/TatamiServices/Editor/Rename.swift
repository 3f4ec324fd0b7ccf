import TatamiBase
import TatamiModel
import TatamiYAML

/// Why a rename cannot be done.
public struct RenameError: Error, Hashable, Sendable {
    public enum Reason: Hashable, Sendable {
        /// The new name does not follow the format's rules for that kind of name.
        case invalidName
        /// Nothing renamable is at the cursor.
        case nothingToRename
        /// Another declaration already has the new name.
        case nameTaken
        /// A place that must change cannot be edited exactly (a reference in a multi-line text
        /// whose source does not match its value).
        case cannotEdit
    }

    public var reason: Reason
    /// A sentence for the user.
    public var message: String

    public init(_ reason: Reason, _ message: String) {
        self.reason = reason
        self.message = message
    }
}

extension EditorServices {
    /// The name at `offset` and its range, when something renamable is there: a component
    /// (declaration or instance), a parameter (declaration, `$name`, argument key), an id, a
    /// declared custom alignment, font or viewport. Without a workspace, names that resolve
    /// through imports are accepted unchecked (`rename` checks them).
    public static func prepareRename(_ a: Analysis, at offset: Int,
                                     workspace: (any EditorWorkspace)? = nil) -> (range: SourceRange, placeholder: String)? {
        LargeStack.run {
            let files = ReferenceFileSet(a, workspace: workspace)
            let current = files.current
            guard let o = NameOccurrence.at(a.lineTable.clampOffset(offset), in: current.occurrences), o.isExact,
                  o.kind != .importPath else { return nil }
            if NameResolution.target(at: a.lineTable.clampOffset(offset), files) != nil { return (o.range, o.name) }
            // Unresolved here; through imports it may still be a component or an argument.
            guard workspace == nil, current.root?["imports"] != nil else { return nil }
            switch (o.kind, o.role) {
            case (.component, .use): return (o.range, o.name)
            case (.parameter, .argument) where o.component.map({ current.components[$0] == nil }) ?? false: return (o.range, o.name)
            default: return nil
            }
        }
    }

    /// The edits that rename the name at `offset` to `newName` everywhere it is named:
    /// - a component: its declaration and every instance's kind key, in its file and in the
    ///   workspace files importing it (where the name resolves to it);
    /// - a parameter: its declaration, every `$name`/`${name}` in the component's body, and
    ///   the argument key of every instance, across those files;
    /// - a custom alignment, font or viewport: its declaration and its uses in this file;
    /// - an id: that `id:` only (nothing refers to ids; a duplicate keeps its own name).
    ///
    /// Refused for names the format does not allow (a component's name is capitalised; see
    /// docs/decisions.md), for a name another declaration in any affected file already has,
    /// and where nothing renamable is at the cursor.
    public static func rename(_ a: Analysis, at offset: Int, to newName: String,
                              workspace: any EditorWorkspace) -> Result<[FileEdit], RenameError> {
        LargeStack.run {
            let files = ReferenceFileSet(a, workspace: workspace)
            guard let (occurrence, target) = NameResolution.target(at: a.lineTable.clampOffset(offset), files) else {
                return .failure(RenameError(.nothingToRename, "there is nothing to rename here"))
            }
            return RenamePlanner(files: files, occurrence: occurrence, target: target, newName: newName).plan()
        }
    }
}

/// Works out one rename: checks the name, finds the places, builds the edits.
struct RenamePlanner {
    let files: ReferenceFileSet
    let occurrence: NameOccurrence
    let target: NameTarget
    let newName: String

    func plan() -> Result<[FileEdit], RenameError> {
        if let problem = checkName() { return .failure(problem) }
        let places: [PlacedOccurrence]
        switch target {
        case .component, .parameter:
            places = NameResolution.references(of: target, includeDeclaration: true, files)
        case .local(.id, _):
            places = [PlacedOccurrence(file: files.current, occurrence: occurrence)]
        case .local:
            places = NameResolution.references(of: target, includeDeclaration: true, files)
        case .file:
            return .failure(RenameError(.nothingToRename, "an import's path cannot be renamed"))
        }
        if occurrence.name == newName { return .success([]) }
        if let collision = checkCollisions(places) { return .failure(collision) }
        var edits: [FileEdit] = []
        for place in places {
            let o = place.occurrence
            guard o.isExact else {
                let line = place.file.table.line(ofByte: o.range.start) + 1
                return .failure(RenameError(
                    .cannotEdit,
                    "`$\(o.name)` on line \(line) of \(place.file.reportPath) is in a text spanning several lines "
                        + "that cannot be edited exactly; rename it by hand"))
            }
            if o.kind == .id, let node = o.node {
                edits.append(Self.scalarEdit(node, to: newName, path: place.file.reportPath))
            } else {
                edits.append(FileEdit(path: place.file.reportPath, range: o.range, newText: newName))
            }
        }
        return .success(edits)
    }

    // MARK: Names

    private var what: String {
        switch target {
        case .component: return "a component"
        case .parameter: return "a parameter"
        case .local(.id, _): return "an id"
        case .local(.alignment, _): return "an alignment"
        case .local(.font, _): return "a font"
        case .local(.viewport, _): return "a viewport"
        default: return "this"
        }
    }

    private func checkName() -> RenameError? {
        func invalid(_ rule: String) -> RenameError {
            RenameError(.invalidName, "`\(newName)` cannot name \(what): \(rule)")
        }
        switch target {
        case .component:
            if !Schema.isValidComponentName(newName) {
                return invalid("a component's name starts with a capital letter and holds only letters, digits and `_`")
            }
        case .parameter:
            if !Schema.isValidParameterName(newName) {
                return invalid("a parameter's name holds ASCII letters, digits and `_` and does not start with a digit")
            }
        case .local(.id, _):
            if newName.isEmpty || newName.contains("$") || newName.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
                || newName.first?.isWhitespace == true || newName.last?.isWhitespace == true {
                return invalid("an id is a non-empty name on one line, without `$` or spaces at its ends")
            }
        case .local(.alignment, _), .local(.font, _), .local(.viewport, _):
            if !Self.isDeclarationName(newName) {
                return invalid("it should start with a letter or `_` and hold only letters, digits, `_` and `-`")
            }
            if case .local(.alignment, _) = target, Self.reservedAlignmentNames.contains(newName) {
                return invalid("it is a built-in guide or alignment name")
            }
        default:
            break
        }
        return nil
    }

    /// Names under `fonts:`, `alignments:` and `viewports:` that need no quoting.
    static func isDeclarationName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first == "_" || first.properties.isAlphabetic else { return false }
        guard name.unicodeScalars.allSatisfy({ $0 == "_" || $0 == "-" || $0.properties.isAlphabetic || $0.properties.numericType == .decimal })
        else { return false }
        if case .string = ScalarResolver.resolve(name, style: .plain) { return true }
        return false
    }

    static let reservedAlignmentNames: Set<String> = {
        var names = Set(Alignment2D.allNames)
        for set in [AlignmentSet.nine, .vertical, .horizontal] { names.formUnion(set.builtInNames) }
        names.formUnion(GuideName.builtIn.map(\.rawValue))
        return names
    }()

    /// A name already used by another declaration of the same sort, in any file the rename
    /// touches.
    private func checkCollisions(_ places: [PlacedOccurrence]) -> RenameError? {
        func taken(_ where_: String) -> RenameError {
            RenameError(.nameTaken, "`\(newName)` is already \(what) \(where_)")
        }
        switch target {
        case .component(let c):
            var affected = [c.file]
            for p in places where !affected.contains(where: { $0 === p.file }) { affected.append(p.file) }
            for f in affected where files.resolveComponent(newName, in: f) != nil {
                return taken(f === c.file ? "in \(f.reportPath)" : "usable in \(f.reportPath)")
            }
        case .parameter(let c, _):
            if c.file.parameterKeys(of: c.name).contains(where: { $0.keyText == newName }) {
                return taken("of `\(c.name)`")
            }
        case .local(let kind, _):
            let current = files.current
            if current.occurrences.contains(where: { $0.kind == kind && $0.role == .declaration && $0.name == newName }) {
                return taken("in this file")
            }
            if kind == .font && FontMetrics.defaults[newName] != nil {
                return taken("(a default font)")
            }
        case .file:
            break
        }
        return nil
    }

    // MARK: Writing an id

    /// The edit that makes a scalar read `text`, keeping its quotes; a plain scalar that
    /// would read as something else (a number, `true`, text needing quotes) becomes
    /// double-quoted.
    static func scalarEdit(_ node: YAMLNode, to text: String, path: String) -> FileEdit {
        guard let s = node.scalar else { return FileEdit(path: path, range: node.range, newText: doubleQuoted(text)) }
        switch s.style {
        case .plain where isPlainSafe(text):
            return FileEdit(path: path, range: s.valueRange, newText: text)
        case .singleQuoted:
            return FileEdit(path: path, range: s.valueRange, newText: text.replacingOccurrences(of: "'", with: "''"))
        case .doubleQuoted:
            let quoted = doubleQuoted(text)
            return FileEdit(path: path, range: s.valueRange, newText: String(quoted.dropFirst().dropLast()))
        default:
            return FileEdit(path: path, range: node.range, newText: doubleQuoted(text))
        }
    }

    /// Text that YAML reads back as the same string when written plainly, anywhere (block or
    /// flow): letters, digits, `_`, `-`, `.`, `/` and inner spaces, not starting with `-` or
    /// `.`, resolving to a string.
    static func isPlainSafe(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last else { return false }
        if first == "-" || first == "." || first == " " || last == " " { return false }
        let allowed = text.unicodeScalars.allSatisfy {
            $0.properties.isAlphabetic || $0.properties.numericType == .decimal || "_-./ ".unicodeScalars.contains($0)
        }
        guard allowed else { return false }
        if case .string = ScalarResolver.resolve(text, style: .plain) { return true }
        return false
    }

    static func doubleQuoted(_ text: String) -> String {
        var out = "\""
        for u in text.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default:
                if u.value < 0x20 || u.value == 0x7F {
                    let hex = String(u.value, radix: 16, uppercase: true)
                    out += "\\x" + String(repeating: "0", count: max(0, 2 - hex.count)) + hex
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        return out + "\""
    }
}
