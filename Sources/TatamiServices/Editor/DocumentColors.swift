import TatamiBase
import TatamiModel
import TatamiRender
import TatamiYAML

/// A colour as an editor's picker holds it: red, green, blue and alpha, each from 0 to 1.
public struct RGBAColor: Hashable, Sendable {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// From 8-bit channels.
    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8, alpha: Double = 1) {
        self.init(red: Double(r) / 255, green: Double(g) / 255, blue: Double(b) / 255, alpha: alpha)
    }

    /// Each channel rounded to 8 bits (out-of-range and non-finite values clamped; NaN is 0).
    var bytes: (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        func byte(_ v: Double) -> UInt8 {
            guard v.isFinite else { return v > 0 ? 255 : 0 }
            return UInt8(max(0, min(255, (v * 255).rounded())))
        }
        return (byte(red), byte(green), byte(blue), byte(alpha))
    }
}

/// A colour written in the file.
public struct DocumentColorInfo: Hashable, Sendable {
    /// The whole scalar, quotes included: what a presentation replaces.
    public var range: SourceRange
    public var color: RGBAColor

    public init(range: SourceRange, color: RGBAColor) {
        self.range = range
        self.color = color
    }
}

/// One way to write a colour: its text and the edit that writes it.
public struct ColorPresentationInfo: Hashable, Sendable {
    /// What the picker shows: the name, or `#RRGGBB` without quotes.
    public var label: String
    /// What replaces `range`: the label, quoted where YAML needs it.
    public var newText: String
    public var range: SourceRange

    public init(label: String, newText: String, range: SourceRange) {
        self.label = label
        self.newText = newText
        self.range = range
    }
}

extension EditorServices {
    /// What the named colours look like: SwiftUI's system colours in the light appearance
    /// (iOS 13 to 18), black, white, and `clear` as transparent black (docs/decisions.md).
    public static let namedColors: [String: RGBAColor] = {
        var colors = ColorTable.namedRGB.mapValues { RGBAColor($0.red, $0.green, $0.blue) }
        colors["clear"] = RGBAColor(0, 0, 0, alpha: 0)
        return colors
    }()

    /// Every colour the file writes where the format reads one, in source order: the value of
    /// a `color` view (wherever a view stands: the body, backgrounds and overlays, `modifiers`,
    /// components' bodies, view arguments and defaults), the `default` of a parameter of type
    /// `color`, and an instance's argument for such a parameter (its component declared in
    /// this file or, through `workspace`, in an imported one). Only values the validator
    /// accepts are colours: a name, or `#RRGGBB`; `$name` references are not.
    public static func documentColors(_ a: Analysis, workspace: (any EditorWorkspace)? = nil) -> [DocumentColorInfo] {
        LargeStack.run {
            let files = ReferenceFileSet(a, workspace: workspace)
            let collector = ColorCollector(parameterType: { component, parameter in
                guard let target = files.resolveComponent(component, in: files.current) else { return nil }
                let spec = target.file.components[component]?.value["params"]?[parameter]
                return spec?["type"]?.scalar?.text
            })
            var walker = SemanticWalker(collector, source: a.lineTable.bytes)
            walker.walkFile(a.yaml.root, workspaceFile: a.isWorkspaceFile)
            var seen = Set<SourceRange>()
            return walker.visitor.found.sorted { $0.range < $1.range }.filter { seen.insert($0.range).inserted }
        }
    }

    /// The ways to write `color` in place of `range`, the spelling already there first:
    /// `"#RRGGBB"` (quoted, since `#` starts a comment in plain YAML; in single quotes where
    /// the value was single-quoted; in lower case where it was written so), and the colour's
    /// name when one of `namedColors` is exactly it. The format has no partial transparency:
    /// a colour with alpha 0 is `clear` only, any other alpha is dropped.
    ///
    /// `range` is what `documentColors` reported; a range covering only a quoted scalar's
    /// value is widened to its quotes, and any other range is replaced as it is.
    public static func colorPresentations(_ a: Analysis, color: RGBAColor, range: SourceRange) -> [ColorPresentationInfo] {
        let size = a.lineTable.bytes.count
        var target = SourceRange(start: min(max(0, range.start), size), end: min(max(0, range.end), size))
        let scalar = EnclosingNodes.scalar(at: target, in: a.yaml.root)
        if let node = scalar?.node { target = node.range }
        let written = scalar?.scalar.text ?? ""

        let (r, g, b, alpha) = color.bytes
        if alpha == 0 {
            return [ColorPresentationInfo(label: "clear", newText: "clear", range: target)]
        }
        var hex = ColorValue.rgb(r, g, b).description
        if written.hasPrefix("#"), written == written.lowercased(), written != written.uppercased() {
            hex = hex.lowercased()
        }
        let quote = scalar?.scalar.style == .singleQuoted ? "'" : "\""
        var result = [ColorPresentationInfo(label: hex, newText: quote + hex + quote, range: target)]
        let exact = RGBAColor(r, g, b)
        if let name = ColorValue.names.first(where: { namedColors[$0] == exact }) {
            let named = ColorPresentationInfo(label: name, newText: name, range: target)
            if ColorValue.names.contains(written) { result.insert(named, at: 0) } else { result.append(named) }
        }
        return result
    }
}

/// Gathers the colours of the semantic walk.
private struct ColorCollector: SemanticVisitor {
    /// The declared type of a component's parameter, by component and parameter name.
    let parameterType: (String, String) -> String?
    var found: [DocumentColorInfo] = []

    init(parameterType: @escaping (String, String) -> String?) {
        self.parameterType = parameterType
    }

    private mutating func add(_ node: YAMLNode) {
        guard let s = node.scalar, case .string(let text) = s.resolved, let value = ColorValue(parsing: text) else { return }
        let color: RGBAColor
        switch value {
        case .named(let name): color = EditorServices.namedColors[name] ?? RGBAColor(0, 0, 0, alpha: 0)
        case .rgb(let r, let g, let b): color = RGBAColor(r, g, b)
        }
        found.append(DocumentColorInfo(range: node.range, color: color))
    }

    mutating func value(_ node: YAMLNode, _ scalar: YAMLScalar, _ role: SemanticValueRole, _ context: SemanticContext) {
        if role == .color { add(node) }
    }

    mutating func enter(_ scope: SemanticScope, _ context: SemanticContext) {
        switch scope {
        case .declaration(.parameter, let p):
            // A scalar default of a `color` parameter (a mapping default is a view, walked).
            if p.value["type"]?.scalar?.text == "color", let d = p.value["default"], d.scalar != nil { add(d) }
        case .view(let site):
            guard site.isInstance, let component = site.kindName, let arguments = site.kindValue?.pairs else { return }
            for argument in arguments {
                guard argument.value.scalar != nil, let name = argument.key.keyText,
                      parameterType(component, name) == "color" else { continue }
                add(argument.value)
            }
        default:
            break
        }
    }
}
