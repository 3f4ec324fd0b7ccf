import TatamiBase
import TatamiLayout
import TatamiModel
import TatamiYAML

/// A label an editor shows inside the text.
public struct InlayHintInfo: Sendable, Hashable {
    /// Where the label goes (a UTF-8 byte offset): it is shown just before the character there.
    public var offset: Int
    public var label: String

    public init(offset: Int, label: String) {
        self.offset = offset
        self.label = label
    }
}

extension EditorServices {
    /// Each view's size in the first viewport of the analysis (`196×20`, numbers as Tatami
    /// prints them), at the end of its kind key's line: just after the kind key's value when
    /// that value ends on the same line (`text: Hello`, `- Hello`), else just after the key's
    /// colon (a container's `hstack:`). Only views whose kind key lies inside `range`, and
    /// only views laid out there; none without a layout. A view inside a component's body
    /// shows its first instance's size. `viewport` names another viewport to use (an editor's
    /// default viewport setting); an unknown name falls back to the first.
    public static func inlayHints(_ analysis: Analysis, in range: SourceRange, viewport: String? = nil) -> [InlayHintInfo] {
        let chosen = viewport.flatMap { name in analysis.layouts.first { $0.viewport.name == name } }
        guard let layout = chosen ?? analysis.layouts.first, layout.root != nil, let root = analysis.yaml.root else { return [] }
        let table = analysis.lineTable
        let wanted = SourceRange(start: table.clampOffset(range.start), end: table.clampOffset(range.end))
        let frames = AssistFrames.firstFrames(in: layout, within: wanted, scope: AssistScope(analysis))
        let document = analysis.document
        var hints: [InlayHintInfo] = []
        var viewParameters = ViewParameters()
        // One walk of the YAML tree, by the schema's places, skipping what lies outside the range.
        var stack: [(YAMLNode, AssistPlace)] = [(root, .topLevel)]
        while let (node, place) = stack.popLast() {
            guard node.range.start <= wanted.end, node.range.end >= wanted.start else { continue }
            if case .view = place, let hint = hint(for: node, frames: frames, table: table), wanted.start <= hint.key.start,
               hint.key.end <= wanted.end {
                hints.append(hint.info)
            }
            switch node.content {
            case .scalar:
                break
            case .mapping(let pairs):
                // `step` searches the keys for the mapping's kind key, and a component's
                // parameters for an argument: both are found once per mapping here, so a
                // mapping of many keys costs linear time, not quadratic.
                let kind = AssistSchema.kindKey(pairs.compactMap(\.key.keyText))
                let keys = kind.map { [$0] } ?? []
                var viewArguments: Set<String>?
                if case .arguments(let component) = place { viewArguments = viewParameters.of(component, in: document) }
                for pair in pairs.reversed() {
                    guard let k = pair.key.keyText else { continue }
                    let value: AssistPlace
                    if let viewArguments {
                        // Only a `view` argument holds views.
                        guard viewArguments.contains(k) else { continue }
                        value = AssistSchema.argumentPlace(type: "view", name: k)
                    } else {
                        value = AssistSchema.step(key: k, in: place, keys: keys, document: document).1
                    }
                    if case .unknown = value { continue }
                    stack.append((pair.value, value))
                }
            case .sequence(let items):
                for (i, item) in items.enumerated().reversed() {
                    let p = AssistSchema.item(i, in: place)
                    if case .unknown = p { continue }
                    stack.append((item, p))
                }
            }
        }
        return hints.sorted { $0.offset < $1.offset }
    }

    /// A view node's hint and its kind key's range.
    private static func hint(for node: YAMLNode, frames: [SourceRange: FrameNode], table: LineTable)
        -> (info: InlayHintInfo, key: SourceRange)? {
        guard let frame = frames[node.range] else { return nil }
        let label = "\(formatNumber(frame.frame.width))×\(formatNumber(frame.frame.height))"
        if node.scalar != nil {
            return (InlayHintInfo(offset: node.range.end, label: label), node.range)
        }
        guard let pairs = node.pairs,
              let kind = AssistSchema.kindKey(pairs.compactMap(\.key.keyText)),
              let pair = pairs.first(where: { $0.key.keyText == kind })
        else { return nil }
        let key = pair.key.range
        let line = table.line(ofByte: key.start)
        let value = pair.value
        if value.scalar != nil, !value.range.isEmpty, table.line(ofByte: value.range.start) == line,
           table.line(ofByte: value.range.end) == line {
            return (InlayHintInfo(offset: value.range.end, label: label), key)
        }
        // After the colon (spaces may come between a key and its colon).
        let b = table.bytes
        var i = key.end
        let end = table.contentRange(ofLine: line).upperBound
        while i < end && b[i] == 0x20 { i += 1 }
        return (InlayHintInfo(offset: i < end && b[i] == UInt8(ascii: ":") ? i + 1 : key.end, label: label), key)
    }
}

/// The `view` parameters of each component a document can use, found once per component.
private struct ViewParameters {
    private var components: [String: ComponentSignature]?
    private var found: [String: Set<String>] = [:]

    /// The names of `component`'s `view` parameters (the first declaration of a name counts,
    /// as `AssistSchema.step` reads them).
    mutating func of(_ component: String, in document: TatamiDocument) -> Set<String> {
        if let names = found[component] { return names }
        if components == nil {
            components = Dictionary(document.components.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        }
        var names = Set<String>()
        var seen = Set<String>()
        for p in components?[component]?.parameters ?? [] where seen.insert(p.name).inserted && p.type == "view" {
            names.insert(p.name)
        }
        found[component] = names
        return names
    }
}
